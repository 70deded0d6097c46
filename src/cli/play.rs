//! `cardlang play`: a game at the terminal, printed as it happens for the people at the table.

use std::io::Write;

use super::hot_seat::HotSeat;
use super::{check_players, config, fail, load, say, Failure, GameArgs};
use crate::agents::{self, Agent, Decision, Watcher};
use crate::engine::viewer::{self, describe_for, Viewer};
use crate::engine::{Event, EventSink, Limits, State};
use crate::session::transcript;

/// Prints events as they happen, as one viewer may see them. A run of cards moving unseen (a
/// deal, a shuffle of discards into a deck) is printed as one line per pair of zones.
struct Printer {
    viewer: Viewer,
    /// `--quiet`: only decisions, announcements, reveals and the end.
    quiet: bool,
    /// People sit at the table: the rules' `pause` waits for Enter.
    people: bool,
    /// Unseen moves not yet printed: (from, to, under other cards, how many), in the order first
    /// seen.
    unseen: Vec<(u16, u16, bool, usize)>,
}

impl Printer {
    fn flush(&mut self, state: &State) {
        let zones = &state.game().program.zones;
        for (from, to, under, n) in self.unseen.drain(..) {
            let what = if n == 1 { "a card".to_string() } else { format!("{n} cards") };
            let bottom = if under { "bottom of " } else { "" };
            say(&format!("{what}: {} -> {bottom}{}", zones[from as usize].name, zones[to as usize].name));
        }
    }
}

impl EventSink for Printer {
    fn pauses(&self) -> bool {
        self.people
    }

    fn event(&mut self, state: &State, event: Event<'_>) {
        if let Event::Pause(text) = event {
            self.flush(state);
            let what = if text.is_empty() { String::new() } else { format!("{text}: ") };
            let mut out = std::io::stdout().lock();
            if let Err(e) = write!(out, "── {what}press Enter to go on ──").and_then(|()| out.flush()) {
                super::stdout_failed(&e);
            }
            drop(out);
            // At the end of the input the game goes on; the next prompt reports it.
            let _ = crate::agents::human::read_answer(&mut std::io::stdin().lock());
            if !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                // Typed input echoes its Enter; piped input does not.
                say("");
            }
            return;
        }
        if (self.quiet && !shown_when_quiet(&event)) || viewer::decision_line_says_it(self.viewer, &event) {
            return;
        }
        if let (true, Event::Move { from, to, at, .. }) = (viewer::hidden_move(state, self.viewer, &event), &event) {
            let under = state.under_others(*to, *at);
            match self.unseen.iter_mut().find(|(f, t, u, _)| f == from && t == to && *u == under) {
                Some(run) => run.3 += 1,
                None => self.unseen.push((*from, *to, under, 1)),
            }
            return;
        }
        let Some(line) = describe_for(state, self.viewer, &event) else { return };
        self.flush(state);
        say(&line);
    }
}

impl Watcher for Printer {
    fn paused(&mut self, state: &State) {
        self.flush(state);
    }

    fn decision(&mut self, state: &State, d: &Decision) {
        if self.viewer == Viewer::All {
            let private =
                if state.choice_is_private() { viewer::private_note(state, Some(d.player)) } else { String::new() };
            say(&format!(
                "{} chooses {}{private}",
                state.game().player_name(d.player),
                transcript::onlooker_label(state, d.player, d.chosen)
            ));
        }
    }
}

/// Plays one game at the terminal; `quiet` leaves out the cards moving.
pub(super) fn run(args: &GameArgs, seed: Option<u64>, quiet: bool) -> Result<(), Failure> {
    let game = load::load_game_path(&args.game, &config(args)).map_err(fail(2))?;
    let players = check_players(args, game.players())?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let humans: Vec<u8> = (0..game.players()).filter(|p| players[*p as usize] == "human").collect();
    // One person at the table sees their own view; several at one screen see only what all may
    // see; a game of computer players is printed whole.
    let viewer = match humans.len() {
        0 => Viewer::All,
        1 => Viewer::Player(humans[0]),
        _ => Viewer::Table,
    };
    say(&format!(
        "{} (seed {seed}){}",
        game.program.title,
        game.program.variant.as_ref().map(|v| format!(", variant {v}")).unwrap_or_default()
    ));
    let agents: Vec<Box<dyn Agent>> = players
        .iter()
        .enumerate()
        .filter_map(|(i, k)| agents::make_agent_paced(k, agents::seat_seed(seed, i), agents::Pace::Interactive))
        .collect();
    // Several people at one screen pass it on between their decisions (hot_seat.rs).
    let mut agents = HotSeat::seat_all(agents, &humans);
    let mut printer = Printer { viewer, quiet, people: !humans.is_empty(), unseen: Vec::new() };
    let mut state = State::with_sink(game, seed, Limits::default(), &mut printer);
    let played = agents::play_game(&mut state, &mut agents, &mut printer);
    printer.flush(&state);
    let _ = std::io::stdout().flush();
    match played {
        Ok(()) => {
            say(&format!("result: {}", state.outcome_text()));
            for (name, v) in state.observation(0).counters {
                say(&format!("{name}: {v}"));
            }
            Ok(())
        }
        Err(e) => Err(Failure { message: format!("the game was not finished: {e}"), code: 1 }),
    }
}

/// Whether `--quiet` shows an event: what players chose and were shown, what the rules announce,
/// and the end; not cards moving, turning or being shuffled, nor amounts moving between counters.
fn shown_when_quiet(event: &Event<'_>) -> bool {
    match event {
        Event::Choice { .. }
        | Event::Picked { .. }
        | Event::Reveal { .. }
        | Event::Announce(_)
        | Event::Pause(_)
        | Event::End => true,
        Event::Shuffle { .. }
        | Event::Move { .. }
        | Event::TurnOver { .. }
        | Event::Turn { .. }
        | Event::Transfer { .. } => false,
    }
}
