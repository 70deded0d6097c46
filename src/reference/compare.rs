//! The engine against the reference in a game as it is played: an event sink that, at each
//! tagged announcement of `play`, works the same announcement out with the reference on the
//! state the engine announced it in (`E0 ...`), and runs each tagged statement block
//! (`S0 begin` ... `S0 end`) with the reference's statement reader from the state at its start,
//! comparing the announcements and every counter at its end. An announcement `T0 A / B` outside
//! a block says one value worked out two ways (a generated function and its twin), and `A` must
//! be `B`. The differential tests
//! (tests/differential.rs) and the fuzz target `differential` use it on generated games.

use super::{show, Reference};
use crate::check::ir::{Effect, Program, Stmt, TextPart, Value};
use crate::engine::{Event, EventSink, State};

/// The top-level statement of `play` that announces a text starting with `tag`, and its place.
fn tagged(body: &[Stmt], tag: &str) -> Option<(usize, Vec<TextPart>)> {
    body.iter().enumerate().find_map(|(i, s)| match s {
        Stmt::Effect(Effect::Announce(parts)) => match parts.first() {
            Some(TextPart::Text(t)) if t.starts_with(tag) => Some((i, parts.clone())),
            _ => None,
        },
        _ => None,
    })
}

/// The sink that compares (see the module's documentation).
pub struct Compare<'p> {
    /// The checked program the engine's game was compiled from.
    pub program: &'p Program,
    /// What disagreed, in words.
    pub mismatches: Vec<String>,
    /// How many expressions and blocks were compared.
    pub compared: usize,
    /// The block under way: its name, the reference's announcements and counters at its end.
    block: Option<(String, Vec<String>, Vec<Value>)>,
    /// What the engine announced inside the block under way.
    heard: Vec<String>,
}

impl<'p> Compare<'p> {
    /// A sink for a game of `program` (the checked program, before the compile step).
    pub fn new(program: &'p Program) -> Compare<'p> {
        Compare { program, mismatches: Vec::new(), compared: 0, block: None, heard: Vec::new() }
    }

    fn play_body(&self) -> &'p [Stmt] {
        &self.program.procedures[self.program.play as usize].body
    }

    fn begin(&mut self, state: &State, name: &str, text: &str) {
        let body = self.play_body();
        let (Some((from, _)), Some((to, _))) = (tagged(body, text), tagged(body, &format!("{name} end"))) else {
            return;
        };
        let mut r = Reference::of_state(self.program, state);
        match r.run(&body[from + 1..to]) {
            Ok(_) => self.block = Some((name.to_string(), r.said, r.table.counters)),
            Err(e) => self.mismatches.push(format!("{name}: the reference cannot run it: {e:?}")),
        }
        self.heard.clear();
    }

    fn end(&mut self, state: &State, name: &str) {
        let Some((open, said, counters)) = self.block.take() else { return };
        if open != name {
            return;
        }
        self.compared += 1;
        if said != self.heard {
            self.mismatches.push(format!("{name}: engine announced {:?}, the reference {said:?}", self.heard));
        }
        for (slot, want) in counters.iter().enumerate() {
            let got = state.counter_slot(slot as u16);
            if got != *want {
                let (name_of, ty) = state
                    .game()
                    .slot_owner(slot as u16)
                    .map_or(("?".to_string(), crate::check::ir::Type::Int), |(c, _)| (c.name.clone(), c.ty));
                self.mismatches.push(format!(
                    "{name}: counter slot {slot} ({name_of}) is {} in the engine, {} in the reference",
                    show(self.program, got, ty),
                    show(self.program, *want, ty)
                ));
            }
        }
    }
}

impl EventSink for Compare<'_> {
    fn event(&mut self, state: &State, event: Event<'_>) {
        let Event::Announce(text) = event else { return };
        if let Some(tag) = text.strip_prefix('E').and_then(|t| t.split(' ').next()) {
            let Some((_, parts)) = tagged(self.play_body(), &format!("E{tag} ")) else { return };
            let expected = Reference::of_state(self.program, state).text(&parts);
            self.compared += 1;
            if expected != text {
                self.mismatches.push(format!("engine said {text:?}, the reference {expected:?}"));
            }
        } else if let Some(rest) = text.strip_prefix('T').filter(|_| self.block.is_none()) {
            // `T0 A / B`: a value worked out two ways by the engine alone, which must agree.
            let (tag, values) = rest.split_once(' ').unwrap_or((rest, ""));
            self.compared += 1;
            if let Some((a, b)) = values.split_once(" / ").filter(|(a, b)| a != b) {
                self.mismatches.push(format!("T{tag}: {a} one way, {b} the other"));
            }
        } else if let Some(name) = text.strip_suffix(" begin") {
            self.begin(state, name, text);
        } else if let Some(name) = text.strip_suffix(" end") {
            self.end(state, name);
        } else if self.block.is_some() {
            self.heard.push(text.to_string());
        }
    }
}

/// Plays a game with the choices `pick(number of legal actions)` makes (it gives a place in the
/// list) to its end, or `max` decisions, telling `sink` every event and calling `each` at every
/// decision.
pub fn play<S: EventSink>(
    game: std::sync::Arc<crate::engine::Game>,
    seed: u64,
    max: usize,
    sink: &mut S,
    mut pick: impl FnMut(usize) -> usize,
    mut each: impl FnMut(&State),
) {
    let limits = crate::engine::Limits { max_steps: 5_000_000, ..crate::engine::Limits::default() };
    let mut state = State::with_sink(game, seed, limits, sink);
    let mut actions = Vec::new();
    for _ in 0..max {
        if state.is_over() {
            break;
        }
        each(&state);
        for p in state.to_move().seats().iter() {
            state.legal_actions_into(p, &mut actions);
            if actions.is_empty() {
                return;
            }
            let a = actions[pick(actions.len()) % actions.len()];
            if state.apply_with(p, a, sink).is_err() {
                return;
            }
        }
    }
}

/// Checks a generated game and plays it with [`Compare`] listening: how many things were
/// compared and what disagreed, or `None` when the text does not check.
pub fn run_source(source: &str, seed: u64, pick: impl FnMut(usize) -> usize) -> Option<(usize, Vec<String>)> {
    let file = crate::syntax::parse(source).ok()?;
    let program = crate::check::check(&file, &crate::check::Config::default()).ok()?;
    let game = crate::engine::Game::new(program.clone());
    let mut sink = Compare::new(&program);
    play(game, seed, 200, &mut sink, pick, |_| {});
    Some((sink.compared, sink.mismatches))
}
