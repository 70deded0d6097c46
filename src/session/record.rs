//! A session's record as a JSON Lines transcript: the same lines `cardlang transcript --format
//! jsonl` writes for a game of agents, made from the session's history (people's decisions
//! included), so a game played at a table downloads and replays like any transcript.

use std::collections::{BTreeMap, VecDeque};

use serde_json::json;

use super::transcript::JsonTranscript;
use super::Session;
use crate::agents::{self, Agent};
use crate::engine::{Action, Limits, State};

/// A seat that makes again the decisions it made.
struct Again {
    decisions: VecDeque<Action>,
    remembers: bool,
}

impl Agent for Again {
    fn name(&self) -> &str {
        "replay"
    }

    fn choose(&mut self, _: &State, _: u8, legal: &[Action]) -> Option<Action> {
        self.decisions.pop_front().filter(|a| legal.contains(a))
    }

    fn remembers_sightings(&self) -> bool {
        self.remembers
    }
}

impl Session {
    /// The session's history as a JSON Lines transcript (its first line names the game, seed,
    /// seats and the order of every deck after its first shuffle; then every event). A game not
    /// over yet ends where its history ends.
    pub fn jsonl(&self) -> String {
        let remembers = self.agents.iter().flatten().any(|a| a.remembers_sightings_in(&self.game));
        let replay = |watcher: &mut JsonTranscript<Vec<u8>>| {
            let mut seats: Vec<Box<dyn Agent>> = (0..self.seats.len() as u8)
                .map(|s| -> Box<dyn Agent> {
                    let decisions = self.history.iter().filter(|h| h.seat == s).map(|h| Action(h.action)).collect();
                    Box::new(Again { decisions, remembers })
                })
                .collect();
            let mut state = State::with_sink(self.game.clone(), self.seed, Limits::default(), watcher);
            // A game cut short stops where its decisions run out; what came before is written.
            let _ = agents::play_game(&mut state, &mut seats, watcher);
        };
        let mut first = JsonTranscript::new(Vec::new());
        replay(&mut first);
        let p = &self.game.program;
        let options: BTreeMap<String, String> =
            p.options.iter().map(|o| (o.name.clone(), self.game.show(o.value, o.ty))).collect();
        let players: Vec<&str> = self.seats.iter().map(|s| s.spec.as_str()).collect();
        let mut t = JsonTranscript::new(Vec::new());
        t.line(&json!({
            "event": "game", "game": p.title, "variant": p.variant, "options": options, "seed": self.seed,
            "players": players, "decks": first.decks,
        }));
        replay(&mut t);
        // Writing into memory does not fail.
        String::from_utf8_lossy(&t.finish().unwrap_or_default()).into_owned()
    }
}
