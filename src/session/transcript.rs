//! Transcripts: every event of a game, as text for people (and snapshots), for one seat (what
//! that player is told), or as JSON Lines for programs. The JSON form opens with the game, variant, options, seed and the order of every
//! deck after its first shuffle, so a referee can replay and check each step.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Arc;

use serde_json::{json, Value as Json};

use super::{Seat, Session, SessionError};
use crate::agents::{self, AgentSpec, Decision, DriveError, Pace, Watcher};
use crate::check::ir::Value;
pub use crate::engine::viewer::Viewer;
use crate::engine::viewer::{decision_line_says_it, describe_for, private_note};
use crate::engine::{Action, Event, EventSink, Game, Result as GameResult, State};

/// Labels joined by commas; a long run of consecutive numbers is shortened to "1..15".
fn short_list(labels: &[String]) -> String {
    match agents::number_run(labels) {
        Some((a, b)) if labels.len() > 3 => format!("{a}..{b}"),
        _ => labels.join(", "),
    }
}

fn counter_json(state: &State, slot: u16) -> Json {
    match state.counter_slot(slot) {
        Value::Int(n) => json!(n),
        _ => Json::Null,
    }
}

/// An action as an onlooker who sees every card names it.
pub fn onlooker_label(state: &State, player: u8, action: crate::engine::Action) -> String {
    state.onlooker_label(player, action)
}

/// The text transcript of a game as it is played, written line by line as the events come (a
/// long game is never held in memory). The first write that fails stops the writing; its error
/// is kept for [`TextTranscript::finish`].
pub struct TextTranscript<W: Write> {
    out: Lines<W>,
    viewer: Viewer,
}

/// Lines written one by one; the first write that fails stops the writing, and its error is
/// kept for [`Lines::finish`].
struct Lines<W: Write> {
    out: W,
    failed: Option<std::io::Error>,
}

impl<W: Write> Lines<W> {
    fn new(out: W) -> Self {
        Lines { out, failed: None }
    }

    /// Writes one line, unless a write has failed already.
    fn line(&mut self, line: impl std::fmt::Display) {
        if self.failed.is_none() {
            if let Err(e) = writeln!(self.out, "{line}") {
                self.failed = Some(e);
            }
        }
    }

    /// Flushes the output: it back, or the first write error.
    fn finish(mut self) -> std::io::Result<W> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> TextTranscript<W> {
    /// A transcript for a viewer, written to `out`.
    pub fn new(out: W, viewer: Viewer) -> Self {
        TextTranscript { out: Lines::new(out), viewer }
    }

    /// Writes one line, unless a write has failed already.
    pub fn line(&mut self, line: &str) {
        self.out.line(line);
    }

    /// Flushes the output: it back, or the first write error.
    pub fn finish(self) -> std::io::Result<W> {
        self.out.finish()
    }
}

/// The line of a text transcript for `viewer` that tells of `event`; `None` when they are not
/// told of it, or when an onlooker's decision line said it already.
pub fn event_line(state: &State, viewer: Viewer, event: &Event<'_>) -> Option<String> {
    if decision_line_says_it(viewer, event) {
        return None;
    }
    let mut line = describe_for(state, viewer, event)?;
    if let (Viewer::All, Event::Choice { player, private: true, .. }) = (viewer, event) {
        line.push_str(&private_note(state, *player));
    }
    Some(line)
}

/// The line of a text transcript for `viewer` that tells of a decision: an onlooker reads who
/// chose what among which; a player reads the choice as an event instead (`None`).
pub fn decision_line(state: &State, viewer: Viewer, d: &Decision) -> Option<String> {
    if viewer != Viewer::All {
        return None;
    }
    let labels: Vec<String> = d.legal.iter().map(|a| onlooker_label(state, d.player, *a)).collect();
    let private = if state.choice_is_private() { private_note(state, Some(d.player)) } else { String::new() };
    Some(format!(
        "{} chooses {} from [{}]{private}",
        state.game().player_name(d.player),
        onlooker_label(state, d.player, d.chosen),
        short_list(&labels)
    ))
}

impl<W: Write> EventSink for TextTranscript<W> {
    fn event(&mut self, state: &State, event: Event<'_>) {
        if let Some(line) = event_line(state, self.viewer, &event) {
            self.line(&line);
        }
    }
}

impl<W: Write> Watcher for TextTranscript<W> {
    fn decision(&mut self, state: &State, d: &Decision) {
        if let Some(line) = decision_line(state, self.viewer, d) {
            self.line(&line);
        }
    }
}

/// The JSON Lines transcript of a game as it is played: each event written as one line when it
/// comes. The first write that fails stops the writing; its error is kept for
/// [`JsonTranscript::finish`].
pub struct JsonTranscript<W: Write> {
    out: Lines<W>,
    /// The order of each zone right after its first shuffle, top first, in shuffle order.
    pub decks: serde_json::Map<String, Json>,
}

impl<W: Write> JsonTranscript<W> {
    /// A transcript written to `out`.
    pub fn new(out: W) -> Self {
        JsonTranscript { out: Lines::new(out), decks: serde_json::Map::new() }
    }

    /// Writes one object as a line, unless a write has failed already.
    pub fn line(&mut self, j: &Json) {
        self.out.line(j);
    }

    /// Flushes the output: it back, or the first write error.
    pub fn finish(self) -> std::io::Result<W> {
        self.out.finish()
    }
}

impl<W: Write> EventSink for JsonTranscript<W> {
    fn event(&mut self, state: &State, event: Event<'_>) {
        let p = &state.game().program;
        let zone = |z: u16| p.zones[z as usize].name.clone();
        let card = |c: u16| state.game().card_name(c).to_string();
        let j = match event {
            Event::Shuffle { zone: z } => {
                let order: Vec<String> = state.zone_cards(z).iter().rev().map(|c| card(*c)).collect();
                self.decks.entry(zone(z)).or_insert_with(|| json!(order.clone()));
                json!({"event": "shuffle", "zone": zone(z), "order": order})
            }
            Event::Move { card: c, from, to, face_up, at, .. } => {
                let mut j =
                    json!({"event": "move", "card": card(c), "from": zone(from), "to": zone(to), "face_up": face_up});
                if state.under_others(to, at) {
                    j["bottom"] = json!(true);
                }
                j
            }
            Event::TurnOver { zone: z } => json!({"event": "turn_over", "zone": zone(z)}),
            Event::Turn { card: c, face_up } => json!({"event": "turn", "card": card(c), "face_up": face_up}),
            Event::Choice { player, value, ty, secret, private } => {
                let who = player.map_or(json!("chance"), |p| json!(p + 1));
                let mut j = match value {
                    Value::Card(c) => json!({"event": "choice", "player": who, "card": card(c), "secret": secret}),
                    Value::Int(n) => json!({"event": "choice", "player": who, "number": n, "secret": secret}),
                    v => json!({"event": "choice", "player": who, "option": state.show(v, ty), "secret": secret}),
                };
                if private {
                    j["private"] = json!(true);
                }
                j
            }
            Event::Picked { player, full, private, .. } => {
                let mut j = json!({"event": "choice", "player": player.map_or(json!("chance"), |p| json!(p + 1)), "label": full});
                if private {
                    j["private"] = json!(true);
                }
                j
            }
            Event::Transfer { amount, from, to } => json!({
                "event": "transfer", "amount": amount, "from": state.game().slot_name(from), "to": state.game().slot_name(to),
                "from_now": counter_json(state, from), "to_now": counter_json(state, to),
            }),
            Event::Reveal { zone: z } => {
                let cards: Vec<String> = state.zone_cards(z).iter().rev().map(|c| card(*c)).collect();
                json!({"event": "reveal", "zone": zone(z), "cards": cards})
            }
            Event::RevealCard { card: c, zone: z } => {
                json!({"event": "reveal", "zone": zone(z), "cards": [card(c)], "one": true})
            }
            Event::Announce(t) => json!({"event": "announce", "text": t}),
            Event::Pause(t) => json!({"event": "pause", "text": t}),
            Event::End => {
                let o = state.outcome();
                let (result, winners) = match o.map(|o| &o.result) {
                    Some(GameResult::Win(w)) => ("win", w.iter().map(|p| p + 1).collect::<Vec<_>>()),
                    Some(GameResult::Draw) => ("draw", vec![]),
                    _ => ("unfinished", vec![]),
                };
                let counters: BTreeMap<String, String> = state.observation(0).counters.into_iter().collect();
                json!({
                    "event": "end", "result": result, "winners": winners,
                    "scores": o.and_then(|o| o.scores.clone()), "note": o.and_then(|o| o.note.clone()),
                    "counters": counters,
                })
            }
        };
        self.line(&j);
    }
}

impl<W: Write> Watcher for JsonTranscript<W> {
    fn decision(&mut self, state: &State, d: &Decision) {
        let legal: Vec<String> = d.legal.iter().map(|a| onlooker_label(state, d.player, *a)).collect();
        let mut j = json!({
            "event": "decision", "player": d.player + 1, "legal": legal, "chosen": onlooker_label(state, d.player, d.chosen),
        });
        if state.choice_is_private() {
            j["private"] = json!(true);
        }
        self.line(&j);
    }
}

/// What a transcript is made from.
pub struct TranscriptSpec<'a> {
    /// The game, checked with its variant and options.
    pub game: Arc<Game>,
    /// The seed of the game.
    pub seed: u64,
    /// Agent kinds, one per seat.
    pub players: &'a [String],
}

/// Why a transcript was not written whole.
#[derive(Debug, thiserror::Error)]
pub enum TranscriptError {
    /// The game could not be played to its end (the lines before are written).
    #[error(transparent)]
    Drive(#[from] DriveError),
    /// The output refused a write (a full disk, a closed pipe).
    #[error("cannot write the transcript: {0}")]
    Write(#[from] std::io::Error),
}

/// The text transcript of a whole game.
pub fn text(spec: &TranscriptSpec<'_>) -> Result<String, DriveError> {
    let mut buf = Vec::new();
    match write_text(spec, &mut buf) {
        // Writing into memory does not fail.
        Ok(()) | Err(TranscriptError::Write(_)) => Ok(String::from_utf8_lossy(&buf).into_owned()),
        Err(TranscriptError::Drive(e)) => Err(e),
    }
}

/// The text transcript of a whole game, written to `out` as it is played.
pub fn write_text(spec: &TranscriptSpec<'_>, out: &mut dyn Write) -> Result<(), TranscriptError> {
    write_text_for(spec, Viewer::All, out)
}

/// The text transcript of a whole game as `viewer` is told it (`transcript --seat N`: what
/// player N reads), written to `out` as it is played.
pub fn write_text_for(spec: &TranscriptSpec<'_>, viewer: Viewer, out: &mut dyn Write) -> Result<(), TranscriptError> {
    let mut t = TextTranscript::new(out, viewer);
    for line in header_lines(spec) {
        t.line(&line);
    }
    let state = run(spec, &mut t)?;
    t.line(&format!("result: {}", state.outcome_text()));
    let seat = match viewer {
        Viewer::Player(p) => p,
        Viewer::All | Viewer::Table => 0,
    };
    for (name, v) in state.observation(seat).counters {
        t.line(&format!("{name}: {v}"));
    }
    t.finish()?;
    Ok(())
}

/// The JSON Lines transcript of a whole game.
pub fn jsonl(spec: &TranscriptSpec<'_>) -> Result<String, DriveError> {
    let mut buf = Vec::new();
    match write_jsonl(spec, &mut buf) {
        // Writing into memory does not fail.
        Ok(()) | Err(TranscriptError::Write(_)) => Ok(String::from_utf8_lossy(&buf).into_owned()),
        Err(TranscriptError::Drive(e)) => Err(e),
    }
}

/// The JSON Lines transcript of a whole game, written to `out` as it is played. Its first line
/// names the order of every deck after its first shuffle, which is known only at the end: the
/// game is played once to learn them and each player's decisions, then replayed from those
/// decisions while its events are written (what is kept is one action per decision, not the
/// events).
pub fn write_jsonl(spec: &TranscriptSpec<'_>, out: &mut dyn Write) -> Result<(), TranscriptError> {
    let mut first = DeckWatch { decks: serde_json::Map::new() };
    let played = play(spec, &mut first)?;
    let p = &spec.game.program;
    let options: BTreeMap<String, String> =
        p.options.iter().map(|o| (o.name.clone(), option_text(&spec.game, o))).collect();
    let head = json!({
        "event": "game", "game": p.title, "variant": p.variant, "options": options, "seed": spec.seed,
        "players": spec.players, "decks": first.decks,
    });
    let mut t = JsonTranscript::new(out);
    t.line(&head);
    // The game again, each decision taken as it was (a seat per person, so no agent is asked).
    let people = vec![Seat { spec: "replay".into(), agent: None }; spec.players.len()];
    let mut again = Session::start(spec.game.clone(), spec.seed, people, false, &mut t).map_err(drive_error)?;
    for (at, step) in played.history().iter().enumerate() {
        again.act_with(step.seat, Action(step.action), at, &mut t).map_err(drive_error)?;
    }
    if t.decks != first.decks || again.status() != super::Status::Over {
        // The replay must be the game itself; this would be a bug in the engine or an agent.
        return Err(TranscriptError::Drive(DriveError::Abandoned("the replay of the game".into())));
    }
    t.finish()?;
    Ok(())
}

/// The first play of a JSON transcript: the order of each deck after its first shuffle.
struct DeckWatch {
    decks: serde_json::Map<String, Json>,
}

impl EventSink for DeckWatch {
    fn announcements(&self) -> bool {
        false
    }

    fn event(&mut self, state: &State, event: Event<'_>) {
        if let Event::Shuffle { zone: z } = event {
            let name = state.game().program.zones[z as usize].name.clone();
            if !self.decks.contains_key(&name) {
                let order: Vec<Json> =
                    state.zone_cards(z).iter().rev().map(|c| json!(state.game().card_name(*c))).collect();
                self.decks.insert(name, Json::Array(order));
            }
        }
    }
}

impl Watcher for DeckWatch {
    fn decision(&mut self, _: &State, _: &Decision) {}
}

fn option_text(game: &Game, o: &crate::check::ir::OptionInfo) -> String {
    game.show(o.value, o.ty)
}

fn header_lines(spec: &TranscriptSpec<'_>) -> Vec<String> {
    let p = &spec.game.program;
    let options: Vec<String> =
        p.options.iter().map(|o| format!("{} = {}", o.name, option_text(&spec.game, o))).collect();
    vec![
        format!("# {}", p.title),
        format!("# variant: {}", p.variant.as_deref().unwrap_or("(none)")),
        format!("# options: {}", if options.is_empty() { "(none)".into() } else { options.join(", ") }),
        format!("# seed: {}; players: {}", spec.seed, spec.players.join(", ")),
    ]
}

/// Plays a whole game for a transcript: agent `i` is seeded from the game seed and its seat.
pub fn run<W: Watcher>(spec: &TranscriptSpec<'_>, watcher: &mut W) -> Result<State, DriveError> {
    play(spec, watcher).map(Session::into_state)
}

/// Plays a whole game for a transcript on a session that keeps no log, `watcher` told every
/// event and decision as it comes. Every seat is an agent (a spec that does not read plays at
/// random; `human` asks at the terminal).
fn play(spec: &TranscriptSpec<'_>, watcher: &mut dyn Watcher) -> Result<Session, DriveError> {
    let seats = spec
        .players
        .iter()
        .map(|k| Seat {
            spec: k.clone(),
            agent: Some(AgentSpec::parse(k, Pace::Reproducible).unwrap_or(AgentSpec::Random)),
        })
        .collect();
    let mut session = Session::start(spec.game.clone(), spec.seed, seats, false, watcher).map_err(drive_error)?;
    session.advance_with(watcher).map_err(drive_error)?;
    Ok(session)
}

/// A session that could not go on, as a game that could not be driven to its end.
fn drive_error(e: SessionError) -> DriveError {
    match e {
        SessionError::Agent { seat } | SessionError::Illegal { seat } | SessionError::NotYourTurn { seat } => {
            DriveError::Abandoned(format!("player {seat}"))
        }
        other => DriveError::Abandoned(other.to_string()),
    }
}
