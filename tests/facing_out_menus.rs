//! A hand held facing out (`seen by others`) met in a `chooses one of` menu. Two leaks found
//! while Hanabi was written, each shown here on a small game with a stacked pack:
//!
//! - identical cards (two decks) are offered once in a menu; a holder who cannot see their own
//!   hand must still be offered every card of it, or the shorter menu tells them two are alike;
//! - a menu label naming a card is told to the other seats as they see it: the holder of a hand
//!   held facing out is never told, in another player's choice, a card of their own hand.

use std::sync::Arc;

use cardlang::check::{self, Config};
use cardlang::engine::viewer::{describe_for, Viewer};
use cardlang::engine::{Event, EventSink, Game, Recorder, State};

use crate::rules::support::{start, top};

fn game_of(source: &str) -> Arc<Game> {
    let file = cardlang::syntax::parse(source).unwrap_or_else(|e| panic!("{e}"));
    Game::new(check::check(&file, &Config::default()).unwrap_or_else(|e| panic!("{e:?}")))
}

/// Two decks of three cards: every card has a twin.
const TWINS: &str = r#"
game "Twins facing out"
players 2
enum colour = red "R", blue "B", green "G"
property colour: colour
cards deck = every colour
zone pack: shared, face down, holds deck + deck
zone hand: per player, face down, spread, seen by others
zone played: shared, face up, spread

procedure setup {
    shuffle pack
}

procedure play {
    deal 3 from pack to hand
    player 1 chooses one of {
        "play {c}" for c from hand of player 1 {
            move c to played face up
        }
    }
    player 2 chooses one of {
        "tell player 1: such as {top of hand of player 1}" {
            announce "told"
        }
        "take {c}" for c from hand of player 1 {
            move c to played face up
        }
    }
    end game draw
}
"#;

/// Player 1 holds R, B and R (two twins) facing out; player 2 holds G, G and B.
fn dealt(log: &mut Recorder) -> State {
    let game = game_of(TWINS);
    start(&game, &[top("pack", &["R", "G", "B", "G", "R", "B"])], log)
}

fn labels(state: &State, seat: u8) -> Vec<String> {
    state.legal_actions(seat).iter().map(|a| state.action_label(seat, *a)).collect()
}

/// Player 1 cannot see their own hand of R, B and R: they are offered three cards, not two,
/// and each blind. Player 2, who sees that hand, is offered its two kinds once each.
#[test]
fn a_holder_is_offered_every_card_they_cannot_see_even_twins() {
    let mut log = Recorder::default();
    let mut state = dealt(&mut log);
    let own = labels(&state, 0);
    assert_eq!(own.len(), 3, "one candidate per card of the hand: {own:?}");
    assert!(own.iter().all(|l| !l.contains('R') && !l.contains('B')), "blind: {own:?}");
    let first = state.legal_actions(0)[0];
    state.apply(0, first).expect("legal");
    // Player 2 sees player 1's two cards left; twins among them would be offered once.
    let takes: Vec<String> = labels(&state, 1).into_iter().filter(|l| l.starts_with("take")).collect();
    let mut kinds = takes.clone();
    kinds.dedup();
    assert_eq!(takes.len(), kinds.len(), "each kind once to a player who sees them: {takes:?}");
}

/// Player 2's label names the top card of player 1's hand: it is named to player 2; player 1,
/// its holder, and the screen all the players watch are told "a card".
#[test]
fn a_label_never_names_the_holder_their_own_card() {
    struct Told(Vec<[String; 3]>);
    impl EventSink for Told {
        fn event(&mut self, state: &State, event: Event<'_>) {
            let line = |v: Viewer| describe_for(state, v, &event).unwrap_or_default();
            self.0.push([line(Viewer::Player(0)), line(Viewer::Player(1)), line(Viewer::Table)]);
        }
    }
    let mut log = Recorder::default();
    let mut state = dealt(&mut log);
    let first = state.legal_actions(0)[0];
    state.apply(0, first).expect("legal");
    let tell = state.legal_actions(1).into_iter().find(|a| state.action_label(1, *a).starts_with("tell"));
    let tell = tell.expect("player 2 may tell");
    let named = state.action_label(1, tell);
    let mut told = Told(Vec::new());
    state.apply_with(1, tell, &mut told).expect("legal");
    let line = told.0.iter().find(|l| l[1].contains("tell")).expect("the choice is told");
    assert!(line[1].ends_with(named.as_str()), "the chooser reads their own label: {line:?}");
    assert!(line[0].ends_with("such as a card"), "the holder is not told their card: {line:?}");
    assert!(line[2].ends_with("such as a card"), "the screen everyone watches shows what all see: {line:?}");
}

/// The engine's menus against the reference evaluator's own reading of who sees what
/// (src/reference/menus.rs): over seeded games of the twins game, every menu offers the same
/// number of candidates, with the same labels where the chooser sees the card.
#[test]
fn menus_of_hidden_twins_agree_with_the_reference() {
    use cardlang::check::ir::Choice;
    use cardlang::engine::rng::Rng;
    use cardlang::engine::ToMove;
    use cardlang::reference::Reference;
    let file = cardlang::syntax::parse(TWINS).expect("parses");
    let program = check::check(&file, &Config::default()).expect("checks");
    let mut compared = 0;
    for seed in 1..=20 {
        let mut s = State::new(Game::uncompiled(program.clone()), seed);
        let mut rng = Rng::new(seed);
        while let ToMove::One(p) = s.to_move() {
            let legal = s.legal_actions(p);
            if let Some(Choice::Menu { branches, .. }) = s.pending_choice() {
                let want = Reference::of_state(&program, &s).menu_labels_for(Some(p), branches, 10_000);
                let got: Vec<String> = legal.iter().map(|a| s.action_label(p, *a)).collect();
                assert_eq!(got.len(), want.len(), "seed {seed}: {got:?} against {want:?}");
                for (g, w) in got.iter().zip(&want) {
                    if !g.contains("face-down card") && !g.contains("a card") {
                        assert_eq!(g, w, "seed {seed}");
                    }
                }
                compared += got.len();
            }
            let a = legal[rng.below(legal.len() as u64) as usize];
            s.apply(p, a).expect("a legal action applies");
        }
    }
    assert!(compared >= 100, "{compared} candidates compared");
}
