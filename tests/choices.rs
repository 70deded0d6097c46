//! Choices: who may choose what, and what a chooser is told about cards they cannot see.

use cardlang::check::{self, Config};
use cardlang::engine::{Game, State, ToMove};

fn start(source: &str) -> State {
    let file = cardlang::syntax::parse(source).expect("parses");
    let program = check::check(&file, &Config::default()).expect("checks");
    State::new(Game::new(program), 1)
}

/// The labels of `player`'s legal actions, sorted.
fn labels(s: &State, player: u8) -> Vec<String> {
    let mut n: Vec<String> = s.legal_actions(player).iter().map(|a| s.action_label(player, *a)).collect();
    n.sort();
    n
}

const DECK: &str = r#"
    game "Choices"
    players 2
    enum rank = 2, 3, 4, 5, 6, 7, 8, 9
    property rank: rank
    order value: rank 2 < 3 < 4 < 5 < 6 < 7 < 8 < 9
    cards eight = every rank
    zone pack: shared, face up, spread, holds eight
    zone hand: per player, private
    zone pile: per player, face down
"#;

/// Each player's own candidates pass the `where` filter, for every player, not just the first.
#[test]
fn a_secret_choice_filters_each_players_own_candidates() {
    let src = format!(
        "{DECK}
        procedure setup {{
            for each card c in pack {{
                if value of c < 4 {{ move c to hand of player 1 }} else {{ move c to hand of player 2 }}
            }}
        }}
        procedure play {{
            each player p secretly chooses c from hand of p where value of c % 2 == 0
            end game draw
        }}"
    );
    let s = start(&src);
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])));
    let names = |p: u8| labels(&s, p);
    // Player 1 holds 2, 3, 4 and 5 (value < 4 means 2..5); the even positions are 2 and 4.
    assert_eq!(names(0), ["2", "4"]);
    // Player 2 holds 6..9: the even positions are 6 and 8.
    assert_eq!(names(1), ["6", "8"]);
}

/// "Play an even card if you hold one": the part of the filter about the chooser's hand, not
/// the candidate, is worked out once per listing (closure/memo.rs), and each player's listing
/// answers it for that player's hand, asked in any order and again.
#[test]
fn a_secret_choice_asks_about_each_choosers_own_hand() {
    let src = format!(
        "{DECK}
        procedure setup {{
            for each card c in pack {{
                if value of c % 2 == 0 or value of c == 1 {{ move c to hand of player 1 }}
                else {{ move c to hand of player 2 }}
            }}
        }}
        procedure play {{
            each player p secretly chooses c from hand of p
                where value of c % 2 == 0 or not (any d in hand of p where value of d % 2 == 0)
            end game draw
        }}"
    );
    let s = start(&src);
    assert_eq!(s.to_move(), ToMove::Simultaneous(cardlang::engine::Seats::of(&[0, 1])));
    let names = |p: u8| labels(&s, p);
    // Player 1 holds 2, 3, 4, 6 and 8, evens among them: only those.
    // Player 2 holds 5, 7 and 9, no even one: any card.
    for _ in 0..2 {
        assert_eq!(names(1), ["5", "7", "9"]);
        assert_eq!(names(0), ["2", "4", "6", "8"]);
    }
}

/// A choice among face-down cards offers positions, never the cards' names, and an action does
/// not identify the card: the same action means "the top card" whatever card is there.
#[test]
fn a_choice_among_hidden_cards_does_not_name_them() {
    let src = format!(
        "{DECK}
        procedure setup {{
            shuffle pack
            move top 3 of pack to pile of player 1 face down
        }}
        procedure play {{
            player 2 chooses c from pile of player 1
            move c to hand of player 2
            end game winner player 2
        }}"
    );
    let s = start(&src);
    assert_eq!(s.to_move(), ToMove::One(1));
    let legal = s.legal_actions(1);
    let labels: Vec<String> = legal.iter().map(|a| s.action_label(1, *a)).collect();
    assert_eq!(labels, ["face-down card 3", "face-down card 2", "face-down card 1"]);
    let ids: Vec<u32> = legal.iter().map(|a| a.0).collect();
    assert_eq!(ids, [0, 1, 2], "actions are positions in the pile");
    // An onlooker can still learn which card an action stands for.
    assert!(s.chosen_card(1, legal[2]).is_some());
}

/// `opponent of p chooses ...` reads as it is written, and a set of numbered members works.
#[test]
fn an_opponent_chooses_and_numbered_members_form_sets() {
    let src = format!(
        "{DECK}
        procedure setup {{
            move top 4 of pack to hand of player 1
        }}
        procedure play {{
            let p = player 2
            opponent of p chooses c from hand of player 1 where c.rank in {{8, 9}}
            if c.rank == 9 {{ end game winner player 1 }}
            end game winner player 2
        }}"
    );
    let mut s = start(&src);
    assert_eq!(s.to_move(), ToMove::One(0), "player 1 is player 2's opponent");
    let legal = s.legal_actions(0);
    let mut labels: Vec<String> = legal.iter().map(|a| s.action_label(0, *a)).collect();
    labels.sort();
    assert_eq!(labels, ["8", "9"]);
    let nine = *legal.iter().find(|a| s.action_label(0, **a) == "9").expect("9 is offered");
    s.apply(0, nine).expect("legal");
    assert!(s.is_over());
}

/// A private zone shows its cards to its owner only, face up or not.
#[test]
fn a_private_zone_is_seen_by_its_owner_only() {
    let src = format!(
        "{DECK}
        procedure setup {{
            move top 2 of pack to hand of player 1 face up
        }}
        procedure play {{
            player 1 chooses c from hand of player 1
            end game draw
        }}"
    );
    let s = start(&src);
    let hand = |viewer: u8| s.observation(viewer).zones.iter().find(|z| z.name == "hand of player 1").cloned();
    let mine = hand(0).expect("zone");
    let theirs = hand(1).expect("zone");
    assert!(mine.cards.iter().all(Option::is_some), "the owner sees every card");
    assert_eq!(theirs.count, 2);
    assert!(theirs.cards.iter().all(Option::is_none), "nobody else sees any, even face up");
}

/// Options, numbers and chance: legal actions, their labels and what a chooser is told.
#[test]
fn options_numbers_and_chance_are_choices_too() {
    let src = format!(
        "{DECK}
        enum bet = check, raise
        counter chips per player = 5
        procedure play {{
            chance chooses first from 2 to 2
            player 1 chooses b from {{check, raise}} asking \"Your move, {{player 1}}\"
            if b == raise {{
                player 1 chooses n from first to chips of player 1 where n != 4
                announce \"raise {{n}}\"
            }}
            end game draw
        }}"
    );
    let mut s = start(&src);
    let labels = |s: &State| -> Vec<String> { s.legal_actions(0).iter().map(|a| s.action_label(0, *a)).collect() };
    assert_eq!(labels(&s), ["check", "raise"]);
    assert_eq!(s.choice_prompt(0).as_deref(), Some("Your move, player 1"));
    assert!(!s.choice_is_number(0));
    let raise = s.legal_actions(0)[1];
    s.apply(0, raise).expect("legal");
    // Chance picked 2 (the only number); the filter leaves out 4.
    assert_eq!(labels(&s), ["2", "3", "5"]);
    assert!(s.choice_is_number(0));
    let five = s.legal_actions(0)[2];
    s.apply(0, five).expect("legal");
    assert!(s.is_over());
}

/// A card picked by chance from a face-down pile is not named to a player who cannot see it.
#[test]
fn chance_does_not_name_a_card_a_player_cannot_see() {
    use cardlang::engine::viewer::{describe_for, Viewer};
    use cardlang::engine::{Event, EventSink, Limits};
    struct Lines(Vec<String>, Viewer);
    impl EventSink for Lines {
        fn event(&mut self, state: &State, event: Event<'_>) {
            self.0.extend(describe_for(state, self.1, &event));
        }
    }
    let src = format!(
        "{DECK}
        procedure play {{
            for each card c in pack {{ move c to pile of player 2 }}
            chance chooses c from pile of player 2
            move c to hand of player 2
            end game draw
        }}"
    );
    let file = cardlang::syntax::parse(&src).expect("parses");
    let game = Game::new(check::check(&file, &Config::default()).expect("checks"));
    // Player 2 sees the card once it is in their hand, but not while chance picks it from their
    // face-down pile: only an onlooker who sees everything is told which card it is.
    for viewer in [Viewer::Player(0), Viewer::Player(1), Viewer::Table, Viewer::All] {
        let mut lines = Lines(Vec::new(), viewer);
        State::with_sink(game.clone(), 1, Limits::default(), &mut lines);
        let line = lines.0.iter().find(|l| l.starts_with("chance chooses")).expect("chance chose");
        assert_eq!(line != "chance chooses a card", viewer == Viewer::All, "{viewer:?}: {line}");
    }
}
