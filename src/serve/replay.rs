//! A finished game step by step, as an onlooker saw it: built on the server from a JSON Lines
//! transcript (a table's download, or any `cardlang transcript --format jsonl` file). The game
//! is played again from the transcript's first line (game, variant, options, seed, seats), each
//! `decision` line taken as the choice its player made (matched by its label among the legal
//! actions); after each one the onlooker's new log lines and table are kept. The page only
//! shows the steps. A transcript that does not fit the game served is refused with the line
//! where it stops fitting.

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use super::catalog::Catalog;
use super::errors::ServeError;
use crate::engine::{Game, Viewer};
use crate::session::view::{End, PanelLine};
use crate::session::{Seat, Session, Status};

/// One step of a replay: the decision that made it and what the onlooker saw after it.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// Who decided (`player 2`); `None` for the table before any decision.
    pub who: Option<String>,
    /// The onlooker's log lines this step added.
    pub lines: Vec<String>,
    /// The table as the onlooker saw it after the step.
    pub panel: Vec<PanelLine>,
}

/// A whole game to step through.
#[derive(Debug, Clone, Serialize)]
pub struct Replay {
    /// The game's title.
    pub game: String,
    /// The variant played.
    pub variant: Option<String>,
    /// The seed.
    pub seed: u64,
    /// Who sat in each seat (`human`, `mcts`).
    pub seats: Vec<String>,
    /// The steps: the table after its setup, then one per decision.
    pub steps: Vec<Step>,
    /// The end, as the onlooker read it.
    pub end: Option<End>,
}

/// The refusal of a transcript at line `line` (from 1).
fn bad(line: usize, reason: impl std::fmt::Display) -> ServeError {
    ServeError::Replay(format!("line {line}: {reason}"))
}

/// The first line's game: its title, variant, option settings, seed and seats.
struct Head {
    title: String,
    variant: Option<String>,
    options: Vec<(String, String)>,
    seed: u64,
    players: Vec<String>,
}

fn head(first: &Value) -> Result<Head, ServeError> {
    if first["event"] != "game" {
        return Err(bad(1, "a transcript starts with its `game` line (`cardlang transcript --format jsonl`)"));
    }
    let text = |key: &str| first[key].as_str().map(str::to_string);
    let title = text("game").ok_or_else(|| bad(1, "the `game` line names no game"))?;
    let seed = first["seed"].as_u64().ok_or_else(|| bad(1, "the `game` line has no seed"))?;
    let players: Vec<String> = first["players"]
        .as_array()
        .map(|ps| ps.iter().filter_map(|p| p.as_str().map(str::to_string)).collect())
        .ok_or_else(|| bad(1, "the `game` line lists no players"))?;
    let options = match &first["options"] {
        Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect(),
        _ => Vec::new(),
    };
    Ok(Head { title, variant: text("variant"), options, seed, players })
}

/// Reads a transcript's lines (blank lines skipped) as JSON, each with its line number.
fn lines(text: &str) -> Result<Vec<(usize, Value)>, ServeError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).map(|v| (i + 1, v)).map_err(|e| bad(i + 1, format!("not JSON: {e}"))))
        .collect()
}

/// The replay of the transcript `text`, its game found among the games served by its title.
pub fn of_text(catalog: &Catalog, text: &str) -> Result<Replay, ServeError> {
    let lines = lines(text)?;
    let Some((_, first)) = lines.first() else {
        return Err(ServeError::Replay("the transcript is empty".into()));
    };
    let h = head(first)?;
    let name = catalog
        .infos()
        .into_iter()
        .find(|g| g.title == h.title)
        .map(|g| g.name)
        .ok_or_else(|| bad(1, format!("the game `{}` is not served here: give its file too", h.title)))?;
    let game = catalog.game(&name, h.variant.as_deref(), &h.options, h.players.len()).map_err(|e| bad(1, e))?;
    build(game, &h, &lines[1..])
}

/// Plays the game again along the transcript's decisions, keeping each step.
fn build(game: Arc<Game>, h: &Head, rest: &[(usize, Value)]) -> Result<Replay, ServeError> {
    let people = (0..h.players.len()).map(|_| Seat::parse("human")).collect::<Result<Vec<_>, _>>();
    let people = people.map_err(|e| ServeError::Replay(e.to_string()))?;
    let mut session = Session::new(game.clone(), h.seed, people).map_err(|e| bad(1, e))?;
    session.advance().map_err(|e| bad(1, e))?;
    let mut seen = 0;
    let mut step = |session: &Session, who: Option<String>| {
        let all = session.lines_for(Viewer::Table);
        let lines = all[seen.min(all.len())..].iter().map(|l| l.to_string()).collect();
        seen = all.len();
        Step { who, lines, panel: session.panel_for(Viewer::Table) }
    };
    let mut steps = vec![step(&session, None)];
    let mut ended = None;
    for (n, line) in rest {
        match line["event"].as_str() {
            Some("decision") => {
                let player = line["player"].as_u64().filter(|p| (1..=h.players.len() as u64).contains(p));
                let seat = player.ok_or_else(|| bad(*n, "a decision of no player of this game"))? as u8 - 1;
                let chosen = line["chosen"].as_str().ok_or_else(|| bad(*n, "a decision with no `chosen`"))?;
                let status = session.status();
                let turn = status
                    .turn_of(seat)
                    .ok_or_else(|| bad(*n, format!("it is not player {}'s turn here", seat + 1)))?;
                let state = session.state();
                let action =
                    turn.legal.iter().copied().find(|a| state.onlooker_label(seat, *a) == chosen).ok_or_else(|| {
                        bad(*n, format!("`{chosen}` is not one of player {}'s choices here", seat + 1))
                    })?;
                let at = session.step();
                session.act(seat, action, at).map_err(|e| bad(*n, e))?;
                steps.push(step(&session, Some(game.player_name(seat))));
            }
            Some("end") => ended = Some(*n),
            Some(_) => {}
            None => return Err(bad(*n, "a line with no `event`")),
        }
    }
    // A transcript cut short (a game not over) has no `end` line; one that has must end here.
    if let (Some(n), Status::Waiting(_)) = (ended, session.status()) {
        return Err(bad(n, "the transcript ends the game, but its decisions do not (another seed or other rules?)"));
    }
    Ok(Replay {
        game: game.program.title.clone(),
        variant: game.program.variant.clone(),
        seed: h.seed,
        seats: h.players.clone(),
        steps,
        end: session.end_for(Viewer::Table),
    })
}
