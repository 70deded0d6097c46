//! Whole random games of High-Low Wager War, checked at every step: coins are never created or
//! lost, and a deciding player's view never holds the other player's hidden card or prediction.

use std::sync::Arc;

use cardlang::agents::{self, Agent, Decision, Watcher};
use cardlang::check::ir::Value;
use cardlang::check::{self, Config};
use cardlang::engine::{Action, Event, EventSink, Game, Limits, State, ToMove};

const GAMES: u64 = 300;

fn game(sets: &[(&str, &str)]) -> Arc<Game> {
    let path = format!("{}/games/high_low_war.cardgame", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the game file exists");
    let file = cardlang::syntax::parse(&text).expect("the game parses");
    let config =
        Config { variant: None, sets: sets.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), seats: None };
    Game::new(check::check(&file, &config).expect("the game checks"))
}

fn ints(state: &State, name: &str) -> Vec<i64> {
    state.counter(name).unwrap_or_else(|| panic!("no counter {name}")).iter().map(|v| v.as_int().unwrap_or(0)).collect()
}

/// Coins in purses, in the pot and under the cards.
fn coins(state: &State) -> i64 {
    ["purse", "pot", "odd_coin", "stake"].iter().map(|c| ints(state, c).iter().sum::<i64>()).sum()
}

fn zone(state: &State, name: &str) -> u16 {
    state.game().program.zones.iter().position(|z| z.name == name).unwrap_or_else(|| panic!("no zone {name}")) as u16
}

/// Checks every event and every decision of a game.
struct Referee {
    total: i64,
    events: usize,
    decisions: usize,
}

impl EventSink for Referee {
    fn event(&mut self, state: &State, _: Event<'_>) {
        self.events += 1;
        assert_eq!(coins(state), self.total, "coins were created or lost");
        assert!(ints(state, "purse").iter().all(|c| *c >= 0), "a purse went below 0");
    }
}

impl Watcher for Referee {
    fn decision(&mut self, _: &State, _: &Decision) {
        self.decisions += 1;
    }

    fn paused(&mut self, state: &State) {
        let deciding = state.to_move().seats();
        if deciding.is_empty() {
            return;
        }
        for p in deciding {
            hides_the_other_players_secrets(state, p);
        }
    }
}

/// The cards the other player holds unrevealed (looked at, or waiting in a war) appear nowhere in
/// `p`'s view, and neither do their predictions or the coins under them.
fn hides_the_other_players_secrets(state: &State, p: u8) {
    let other = 1 - p;
    let obs = state.observation(p);
    let text = state.observation_text(p);
    for z in ["look", "waiting"] {
        let z = zone(state, &format!("{z} of player {}", other + 1));
        for &card in state.zone_cards(z) {
            let name = state.game().card_name(card);
            for view in &obs.zones {
                assert!(!view.cards.contains(&Some(card)), "player {} sees {name} in {}", p + 1, view.name);
            }
            assert!(!text.contains(name), "player {}'s view names {name}:\n{text}", p + 1);
        }
        let view = obs.zones.iter().find(|v| v.zone == z).expect("every zone is in the view");
        assert!(view.marks.is_empty(), "player {} sees marks on hidden cards: {:?}", p + 1, view.marks);
        assert!(view.cards.iter().all(Option::is_none));
    }
    // Predictions show only on the player's own cards and on revealed ones.
    for view in obs.zones.iter().filter(|v| v.marks.iter().any(|m| m.counter == "prediction")) {
        let own = view.name.ends_with(&format!("of player {}", p + 1));
        assert!(own || view.name.starts_with("table of"), "player {} sees a prediction in {}", p + 1, view.name);
    }
    // The view holds no secret choice but the player's own (only theirs is ever recorded there).
    if obs.my_pending_choice.is_some() {
        assert!(!state.must_choose(p), "a player who still has to choose has no choice recorded");
    }
}

/// A careful player: predicts at random, raises one time in ten and then by the least allowed,
/// otherwise checks or calls. Its games last long enough for reshuffles and nested wars.
struct Careful(agents::RandomAgent);

impl Agent for Careful {
    fn name(&self) -> &str {
        "careful"
    }
    fn choose(&mut self, state: &State, player: u8, legal: &[Action]) -> Option<Action> {
        let labels: Vec<String> = legal.iter().map(|a| state.action_label(player, *a)).collect();
        if labels.iter().any(|l| l == "raise") {
            let dice = self.0.choose(state, player, &[Action(0), Action(1), Action(2), Action(3), Action(4)])?;
            let want = if dice == Action(0) { "raise" } else { "check" };
            let i = labels.iter().position(|l| l == want || (want == "check" && l == "call"))?;
            return Some(legal[i]);
        }
        if labels.iter().all(|l| l.parse::<i64>().is_ok()) {
            return legal.first().copied();
        }
        self.0.choose(state, player, legal)
    }
}

fn play(game: &Arc<Game>, seed: u64, careful: bool) -> (State, Referee) {
    let mut referee = Referee { total: coins(&State::new(game.clone(), seed)), events: 0, decisions: 0 };
    let mut state = State::with_sink(game.clone(), seed, Limits::default(), &mut referee);
    let mut seats: Vec<Box<dyn Agent>> = (0..2u64)
        .map(|i| {
            let random = agents::RandomAgent::new(seed * 2 + i);
            if careful {
                Box::new(Careful(random)) as Box<dyn Agent>
            } else {
                Box::new(random) as Box<dyn Agent>
            }
        })
        .collect();
    agents::play_game(&mut state, &mut seats, &mut referee).expect("random agents finish");
    (state, referee)
}

#[test]
fn coins_are_conserved_and_secrets_kept_in_random_games() {
    let g = game(&[]);
    let mut wars = 0;
    for seed in 0..GAMES {
        let (state, referee) = play(&g, seed, false);
        assert!(state.is_over());
        assert_eq!(referee.total, 40, "both players start with 20 coins");
        assert!(referee.decisions > 0);
        wars += ints(&state, "wars")[0];
    }
    assert!(wars > 0, "some of the games had a war, so war cards were checked too");
}

#[test]
fn long_careful_games_keep_the_rules() {
    // Careful players make long games: reshuffles of discards and nested wars get exercised.
    let g = game(&[]);
    let (mut long, mut nested) = (0, 0);
    for seed in 0..60 {
        let (state, referee) = play(&g, seed, true);
        assert_eq!(referee.total, 40);
        assert!(state.is_over());
        long += usize::from(ints(&state, "rounds")[0] > 26);
        nested += usize::from(ints(&state, "wars")[0] > 1);
    }
    assert!(long > 0, "some games outlast a deck");
    assert!(nested > 0, "some games have several wars");
}

#[test]
fn a_player_sees_their_own_card_and_prediction() {
    let g = game(&[]);
    let mut state = State::new(g, 3);
    // Both predict; then the opener wagers, seeing their own card and prediction.
    for p in 0..2 {
        let legal = state.legal_actions(p);
        state.apply(p, legal[0]).expect("legal");
    }
    let ToMove::One(p) = state.to_move() else { panic!("the opener decides alone") };
    let obs = state.observation(p);
    let look = obs.zones.iter().find(|v| v.name == format!("look of player {}", p + 1)).expect("look");
    assert!(look.cards[0].is_some(), "the player sees their own card");
    let marks: Vec<(&str, &str)> = look.marks.iter().map(|m| (m.counter.as_str(), m.value.as_str())).collect();
    assert_eq!(marks, [("stake", "1"), ("prediction", "higher")]);
    assert_eq!(state.counter("opener"), Some(vec![Value::Player(p)]));
}
