//! The generic random-play test, over every file in games/ and every variant it declares, and
//! every variant file in games/variants/:
//! legal actions exist at every decision, the game ends (or stops at a cap), cards are
//! conserved at every event, and the same seed gives the same transcript.

use crate::common::every_game;
use std::sync::Arc;

use cardlang::agents::{self, Agent, Decision, Watcher};
use cardlang::engine::{Event, EventSink, Game, Limits, State, ToMove};

/// Checks that no card is created or destroyed, at every event.
struct Conservation {
    total: usize,
    events: usize,
}

impl EventSink for Conservation {
    fn event(&mut self, state: &State, _: Event<'_>) {
        self.events += 1;
        let n: usize = (0..state.game().program.zones.len() as u16).map(|z| state.zone_cards(z).len()).sum();
        assert_eq!(n, self.total, "cards were created or lost");
    }
}

impl Watcher for Conservation {
    fn decision(&mut self, state: &State, d: &Decision) {
        assert!(!d.legal.is_empty(), "a decision offers at least one action");
        assert!(d.legal.contains(&d.chosen));
        assert!(state.must_choose(d.player));
    }
}

fn play_random(game: &Arc<Game>, seed: u64) -> State {
    let mut watch = Conservation { total: game.program.cards.len(), events: 0 };
    let mut state = State::with_sink(game.clone(), seed, Limits::default(), &mut watch);
    let mut seats: Vec<Box<dyn Agent>> =
        (0..game.players()).map(|i| Box::new(agents::RandomAgent::new(seed + i as u64)) as Box<dyn Agent>).collect();
    agents::play_game(&mut state, &mut seats, &mut watch).expect("random agents finish");
    assert!(watch.events > 0);
    state
}

#[test]
fn every_game_plays_to_an_end_with_cards_conserved() {
    for (label, game) in every_game() {
        for seed in 0..12 {
            let state = play_random(&game, seed);
            assert!(state.is_over(), "{label} seed {seed} ended");
            assert_eq!(state.to_move(), ToMove::Nobody);
            let o = state.outcome().expect("an outcome");
            if let cardlang::engine::Result::Win(w) = &o.result {
                assert!(w.iter().all(|p| *p < game.players()), "{label}: winners are players");
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_transcript() {
    for (label, game) in every_game() {
        let players = vec!["random".to_string(); game.players() as usize];
        let spec = cardlang::session::transcript::TranscriptSpec { game: game.clone(), seed: 99, players: &players };
        let a = cardlang::session::transcript::jsonl(&spec).expect("finishes");
        let b = cardlang::session::transcript::jsonl(&spec).expect("finishes");
        assert_eq!(a, b, "{label}: same seed, same game");
        let other = cardlang::session::transcript::TranscriptSpec { game: game.clone(), seed: 100, players: &players };
        assert_ne!(a, cardlang::session::transcript::jsonl(&other).expect("finishes"), "{label}: seeds matter");
    }
}

#[test]
fn illegal_actions_are_rejected_and_change_nothing() {
    for (label, game) in every_game() {
        let mut state = State::new(game.clone(), 5);
        while !state.is_over() {
            let players = match state.to_move() {
                ToMove::One(p) => vec![p],
                ToMove::Simultaneous(ps) => ps.to_vec(),
                ToMove::Nobody => break,
            };
            let p = players[0];
            let legal = state.legal_actions(p);
            let bad = (0..game.program.cards.len() as u32).map(cardlang::engine::Action).find(|a| !legal.contains(a));
            if let Some(bad) = bad {
                let before = state.observation(p);
                assert!(state.apply(p, bad).is_err(), "{label}: an illegal action is refused");
                assert_eq!(state.observation(p), before, "{label}: a refused action changes nothing");
            }
            let other = (0..game.players()).find(|q| !players.contains(q));
            if let Some(q) = other {
                assert!(state.apply(q, legal[0]).is_err(), "{label}: a player without a choice is refused");
            }
            for p in players {
                let legal = state.legal_actions(p);
                state.apply(p, legal[0]).expect("a legal action is accepted");
            }
        }
        assert!(state.apply(0, cardlang::engine::Action(0)).is_err(), "{label}: no action after the end");
    }
}

/// At every decision, a player's observation holds no card they may not see: a secret choice
/// changes nothing in the other players' views, and a face-down card, or a card under the top
/// of a stacked pile, shows only where the zone is public or private to its owner.
#[test]
fn observations_hide_what_a_player_may_not_see() {
    use cardlang::check::ir::Visibility;
    for (label, game) in every_game() {
        let mut state = State::new(game.clone(), 11);
        let mut rng = cardlang::engine::rng::Rng::new(3);
        while !state.is_over() {
            let players = match state.to_move() {
                ToMove::One(p) => vec![p],
                ToMove::Simultaneous(ps) => ps.to_vec(),
                ToMove::Nobody => break,
            };
            for viewer in 0..game.players() {
                for z in &state.observation(viewer).zones {
                    let info = &game.program.zones[z.zone as usize];
                    let open = info.visibility == Visibility::Public
                        || (info.visibility == Visibility::Private && info.owner == Some(viewer))
                        // A hand held facing out (`seen by others`): open to all but its holder.
                        || (info.visibility == Visibility::Others && info.owner != Some(viewer));
                    for (i, c) in z.cards.iter().enumerate() {
                        let Some(c) = c else { continue };
                        let holder = info.visibility == Visibility::Others && info.owner == Some(viewer);
                        assert!(!holder, "{label}: {} shows its holder a card of it", z.name);
                        assert_eq!(state.zone_cards(z.zone)[i], *c, "{label}: a shown card is the real one");
                        if !open {
                            assert!(state.is_face_up(*c), "{label}: {} shows a face-down card", z.name);
                            assert!(info.spread || i + 1 == z.count, "{label}: {} shows under its top", z.name);
                        }
                    }
                }
            }
            let simultaneous = players.len() > 1;
            for p in players {
                let others: Vec<u8> = (0..game.players()).filter(|v| *v != p).collect();
                let before: Vec<_> = others.iter().map(|v| state.observation(*v)).collect();
                // Others still to choose at this same decision: it stays pending after p's choice.
                let still_pending = simultaneous && others.iter().any(|v| state.must_choose(*v));
                let legal = state.legal_actions(p);
                let a = legal[rng.below(legal.len() as u64) as usize];
                state.apply(p, a).expect("legal");
                if still_pending {
                    let after: Vec<_> = others.iter().map(|v| state.observation(*v)).collect();
                    assert_eq!(
                        format!("{before:?}"),
                        format!("{after:?}"),
                        "{label}: a secret choice shows in another player's view"
                    );
                    assert_eq!(
                        state.observation(p).my_pending_choice,
                        Some(a),
                        "{label}: the chooser sees their choice"
                    );
                }
            }
        }
    }
}
