//! Scenario tests for Scopa (`games/scopa.cardgame`), one or more per decision SC-1 ... SC-14 of
//! docs/games/scopa.md (each test's name starts with its id). Each stacks the deal, makes the
//! players' choices by their labels, and checks the table, the captures and the scores.
//!
//! Player 2 deals the first hand: three cards each, one at a time from player 1, then four face
//! up to the table; player 1 plays first. A play is a card, by its name ("5♠"); then, when it
//! has a choice, which card of its value it takes ("5♦") or which set adding up to its value
//! ("3♣ + 4♣").

use cardlang::engine::{ArrangeStep, Recorder, State};

use super::support::*;

const GAME: &str = "scopa";

/// Every card of the Italian pack, by name, suit by suit (coins ♦, cups ♥, swords ♠, clubs ♣).
const ITALIAN_40: [&str; 40] = [
    "A♦", "2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "F♦", "C♦", "R♦", //
    "A♥", "2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "F♥", "C♥", "R♥", //
    "A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "F♠", "C♠", "R♠", //
    "A♣", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "F♣", "C♣", "R♣",
];

/// The first deal of a hand, and what lies elsewhere before it. `next` is dealt after the first
/// ten cards (three more each, one at a time from player 1). With `short`, the stock holds only
/// the cards named, and every other card starts in a capture pile: `taken2`'s in player 2's,
/// the rest in player 1's. `extra` lies on the table before the deal.
#[derive(Default)]
struct Layout<'a> {
    p1: [&'a str; 3],
    p2: [&'a str; 3],
    table: [&'a str; 4],
    next: &'a [&'a str],
    short: bool,
    taken2: &'a [&'a str],
    extra: &'a [&'a str],
}

impl Layout<'_> {
    fn steps(&self) -> Vec<ArrangeStep> {
        let mut order: Vec<&str> = Vec::new();
        for i in 0..3 {
            order.push(self.p1[i]);
            order.push(self.p2[i]);
        }
        order.extend(self.table);
        order.extend(self.next);
        let mut steps = Vec::new();
        if self.short {
            steps.push(move_all("stock", "taken of player 1"));
            if !self.taken2.is_empty() {
                steps.push(top("taken of player 2", self.taken2));
            }
        }
        if !self.extra.is_empty() {
            steps.push(top("table", self.extra));
        }
        steps.extend(stacked_stock(&order, false));
        steps
    }
}

fn start_with(variant: Option<&str>, sets: &[(&str, &str)], layout: &Layout<'_>) -> (State, Recorder) {
    let g = game(GAME, variant, sets);
    let mut log = Recorder::default();
    let s = start(&g, &layout.steps(), &mut log);
    (s, log)
}

/// A player's value of a per-player counter (players from 1).
fn of(state: &State, name: &str, player: usize) -> i64 {
    state.counter(name).and_then(|v| v[player - 1].as_int()).unwrap_or_else(|| panic!("no counter {name}"))
}

/// A zone's cards, sorted by name.
fn sorted(state: &State, zone: &str) -> Vec<String> {
    let mut out = cards(state, zone);
    out.sort();
    out
}

/// The labels offered now, sorted.
fn offered_sorted(state: &State) -> Vec<String> {
    let mut out = offered_now(state);
    out.sort();
    out
}

/// The sets offered now, each with its cards sorted, the list sorted.
fn sets_offered(state: &State) -> Vec<String> {
    let mut out: Vec<String> = offered_now(state).iter().map(|l| set_of(l)).collect();
    out.sort();
    out
}

/// Every card not named in `out`, by name.
fn others(out: &[&[&str]]) -> Vec<&'static str> {
    ITALIAN_40.iter().copied().filter(|c| !out.iter().any(|o| o.contains(c))).collect()
}

/// A short hand in which no card can take anything: four high cards on the table, then six low
/// cards played, each lower than every card already there (so it equals none and no two add up
/// to it). Player 1 plays 6♠ 4♠ 2♠ and player 2 5♣ 3♣ A♣; none of these ten is a coin.
const UNTAKEN: [&str; 10] = ["F♠", "C♠", "R♠", "F♣", "6♠", "5♣", "4♠", "3♣", "2♠", "A♣"];

fn untaken_layout<'a>(taken2: &'a [&'a str]) -> Layout<'a> {
    Layout {
        p1: ["6♠", "4♠", "2♠"],
        p2: ["5♣", "3♣", "A♣"],
        table: ["F♠", "C♠", "R♠", "F♣"],
        short: true,
        taken2,
        ..Layout::default()
    }
}

/// Plays the six cards of `untaken_layout`, each staying on the table; the hand is then scored.
fn play_untaken(state: &mut State, log: &mut Recorder) {
    for c in ["6♠", "5♣", "4♠", "3♣", "2♠", "A♣"] {
        say(state, log, c);
        assert!(logged(log, &format!("plays {c}, which takes nothing")));
    }
}

/// SC-1: the 40-card Italian pack, four suits of A, 2 to 7, Fante, Cavallo and Re; a card's value
/// in a capture is its number, the ace 1, the Fante 8, the Cavallo 9, the Re 10.
#[test]
fn sc_1_the_italian_pack_and_card_values() {
    let layout =
        Layout {
            p1: ["F♠", "C♠", "R♠"], p2: ["6♠", "4♠", "2♥"], table: ["A♦", "7♣", "3♣", "5♣"], ..Layout::default()
        };
    let (s, _) = start_with(None, &[], &layout);
    assert_eq!(total_cards(&s), 40);
    let mut all: Vec<String> =
        ["stock", "hand of player 1", "hand of player 2", "table"].iter().flat_map(|z| cards(&s, z)).collect();
    all.sort();
    assert_eq!(all, sorted_labels(&ITALIAN_40));
    assert_eq!(offered_sorted(&s), ["C♠", "F♠", "R♠"]);
    // What each court card takes from A♦ 7♣ 3♣ 5♣: the sets adding up to 8, 9 and 10.
    for (card, sets) in [("F♠", vec!["7♣ + A♦", "3♣ + 5♣"]), ("C♠", vec!["A♦ + 3♣ + 5♣"]), ("R♠", vec!["7♣ + 3♣"])]
    {
        let (mut s, mut log) = start_with(None, &[], &layout);
        say(&mut s, &mut log, card);
        let mut want: Vec<String> = sets.iter().map(|l| set_of(l)).collect();
        want.sort();
        assert_eq!(sets_offered(&s), want, "{card}");
    }
    // And the low cards, player 2's: 6 takes A + 5, 4 takes A + 3, 2 takes nothing.
    let (mut s, mut log) = start_with(None, &[], &layout);
    say(&mut s, &mut log, "R♠");
    say_set(&mut s, &mut log, "7♣ + 3♣");
    assert_eq!(sorted(&s, "table"), ["5♣", "A♦"]);
    say(&mut s, &mut log, "6♠");
    assert_eq!(sets_offered(&s), [set_of("A♦ + 5♣")]);
}

/// SC-2: player 2 deals the first hand: three cards each, one at a time from player 1, then four
/// face up to the table; player 1 plays first. The deal alternates: player 1 deals the second
/// hand, and player 2 is dealt the first card and plays first.
#[test]
fn sc_2_the_deal_alternates_and_the_other_player_plays_first() {
    let (mut s, mut log) = start_with(None, &[], &untaken_layout(&[]));
    assert!(logged(&log, "» hand 1: player 2 deals"));
    // The lines after the announcement (the stacking of the stock comes before it).
    let from = log.lines.iter().position(|l| l == "» hand 1: player 2 deals").expect("hand 1 is dealt by player 2");
    let dealt: Vec<&String> = log.lines[from..].iter().filter(|l| l.contains(": stock -> ")).collect();
    assert_eq!(dealt.len(), 10);
    for (i, l) in dealt.iter().enumerate() {
        let want = if i >= 6 { "-> table".to_string() } else { format!("-> hand of player {}", i % 2 + 1) };
        assert!(l.contains(&want), "deal {}: {l}", i + 1);
    }
    assert_eq!(sorted(&s, "table"), ["C♠", "F♠", "F♣", "R♠"]);
    assert_eq!([count(&s, "hand of player 1"), count(&s, "hand of player 2")], [3, 3]);
    assert_eq!(mover(&s), 1);

    play_untaken(&mut s, &mut log);
    assert_eq!(counter(&s, "hands"), 2);
    let from = log.lines.iter().position(|l| l == "» hand 2: player 1 deals").expect("hand 2 is dealt by player 1");
    let first = log.lines[from..].iter().find(|l| l.contains(": stock -> hand of")).expect("a card dealt");
    assert!(first.contains("-> hand of player 2"), "{first}");
    assert_eq!(count(&s, "table"), 4);
    assert_eq!(count(&s, "stock"), 30);
    assert_eq!(mover(&s), 2);
}

/// SC-3: three or four kings among the four table cards void the deal: the same dealer gathers the
/// cards, shuffles and deals again. Two kings are kept.
#[test]
fn sc_3_three_kings_on_the_table_are_dealt_again() {
    let layout =
        Layout {
            p1: ["A♠", "2♠", "3♠"], p2: ["A♥", "2♥", "3♥"], table: ["R♦", "R♠", "R♣", "5♣"], ..Layout::default()
        };
    let (s, log) = start_with(None, &[], &layout);
    assert!(logged(&log, "» 3 kings on the table: player 2 deals again"));
    assert_eq!(counter(&s, "redeals"), 1);
    let kings = cards(&s, "table").iter().filter(|c| c.starts_with('R')).count();
    assert!(kings < 3, "{:?}", cards(&s, "table"));
    assert_eq!(count(&s, "table"), 4);
    assert_eq!([count(&s, "hand of player 1"), count(&s, "hand of player 2"), count(&s, "stock")], [3, 3, 30]);
    assert_eq!(total_cards(&s), 40);
    assert_eq!(mover(&s), 1);

    let four = Layout { table: ["R♦", "R♠", "R♣", "R♥"], ..layout };
    let (s, log) = start_with(None, &[], &four);
    assert!(logged(&log, "» 4 kings on the table: player 2 deals again"));
    assert!(cards(&s, "table").iter().filter(|c| c.starts_with('R')).count() < 3);

    let two =
        Layout {
            p1: ["A♠", "2♠", "3♠"], p2: ["A♥", "2♥", "3♥"], table: ["R♦", "R♠", "5♣", "4♣"], ..Layout::default()
        };
    let (s, log) = start_with(None, &[], &two);
    assert!(!logged(&log, "deals again"));
    assert_eq!(counter(&s, "redeals"), 0);
    assert_eq!(sorted(&s, "table"), ["4♣", "5♣", "R♠", "R♦"]);
}

/// SC-4: a card with a card of the same value on the table must take it, and cannot take a set
/// adding up to its value instead; with several, the player chooses which.
#[test]
fn sc_4_an_equal_card_must_be_taken_not_a_sum() {
    let layout =
        Layout {
            p1: ["5♠", "6♠", "7♠"], p2: ["5♥", "C♥", "R♥"], table: ["5♣", "5♦", "2♣", "3♣"], ..Layout::default()
        };
    let (mut s, mut log) = start_with(None, &[], &layout);
    assert_eq!(offered_sorted(&s), ["5♠", "6♠", "7♠"]);
    say(&mut s, &mut log, "5♠");
    // 5♠ takes 5♣ or 5♦, never 2♣ + 3♣.
    assert_eq!(mover(&s), 1);
    assert_eq!(offered_sorted(&s), ["5♣", "5♦"]);
    say(&mut s, &mut log, "5♦");
    assert!(logged(&log, "» player 1 takes 1 card with 5♠"));
    assert_eq!(sorted(&s, "table"), ["2♣", "3♣", "5♣"]);
    assert_eq!(sorted(&s, "taken of player 1"), ["5♠", "5♦"]);
    // One card of its value: it is taken at once, and 2♣ + 3♣ are not offered.
    assert_eq!(mover(&s), 2);
    say(&mut s, &mut log, "5♥");
    assert!(logged(&log, "5♣: table -> capture"));
    assert!(logged(&log, "» player 2 takes 1 card with 5♥"));
    assert_eq!(sorted(&s, "table"), ["2♣", "3♣"]);
    assert_eq!(sorted(&s, "taken of player 2"), ["5♣", "5♥"]);
    assert_eq!(mover(&s), 1);
}

/// SC-5: a card with no card of its value on the table takes table cards adding up to its value;
/// when several sets do, the player chooses one.
#[test]
fn sc_5_a_card_takes_cards_adding_up_to_its_value() {
    let layout =
        Layout {
            p1: ["6♠", "F♥", "C♥"], p2: ["R♥", "7♥", "F♦"], table: ["A♦", "2♣", "4♣", "3♥"], ..Layout::default()
        };
    let (mut s, mut log) = start_with(None, &[], &layout);
    say(&mut s, &mut log, "6♠");
    assert_eq!(mover(&s), 1);
    let mut want = vec![set_of("2♣ + 4♣"), set_of("A♦ + 2♣ + 3♥")];
    want.sort();
    assert_eq!(sets_offered(&s), want);
    say_set(&mut s, &mut log, "A♦ + 2♣ + 3♥");
    assert!(logged(&log, "» player 1 takes 3 cards with 6♠"));
    assert_eq!(cards(&s, "table"), ["4♣"]);
    assert_eq!(sorted(&s, "taken of player 1"), ["2♣", "3♥", "6♠", "A♦"]);
    assert_eq!(mover(&s), 2);
}

/// SC-6: capturing is compulsory: a card that can take must take (no "no card" is offered), and
/// only a card that can take nothing stays on the table.
#[test]
fn sc_6_a_card_that_can_take_must_and_one_that_cannot_stays() {
    let layout =
        Layout {
            p1: ["7♠", "6♠", "R♠"], p2: ["5♥", "C♥", "F♥"], table: ["2♣", "4♣", "F♦", "C♦"], ..Layout::default()
        };
    let (mut s, mut log) = start_with(None, &[], &layout);
    say(&mut s, &mut log, "7♠");
    assert!(logged(&log, "» player 1 plays 7♠, which takes nothing"));
    assert_eq!(sorted(&s, "table"), ["2♣", "4♣", "7♠", "C♦", "F♦"]);
    assert_eq!(count(&s, "taken of player 1"), 0);
    assert_eq!(mover(&s), 2);
    say(&mut s, &mut log, "5♥");
    assert!(logged(&log, "» player 2 plays 5♥, which takes nothing"));
    say(&mut s, &mut log, "6♠");
    // The one set adding up to 6 is the only choice: the 6 cannot stay on the table.
    assert_eq!(offered_now(&s), ["2♣ + 4♣"]);
    say(&mut s, &mut log, "2♣ + 4♣");
    assert_eq!(sorted(&s, "taken of player 1"), ["2♣", "4♣", "6♠"]);
    assert_eq!(sorted(&s, "table"), ["5♥", "7♠", "C♦", "F♦"]);
}

/// SC-7: a Re may take the four aces and three 2s (seven cards, more than a choice can offer) when
/// no smaller set of the table adds up to 10.
#[test]
fn sc_7_a_re_takes_four_aces_and_three_twos() {
    let layout = Layout {
        p1: ["R♠", "F♥", "C♥"],
        p2: ["7♥", "6♥", "5♥"],
        table: ["A♣", "A♥", "2♣", "2♥"],
        extra: &["A♠", "A♦", "2♠"],
        ..Layout::default()
    };
    let (mut s, mut log) = start_with(None, &[], &layout);
    assert_eq!(count(&s, "table"), 7);
    say(&mut s, &mut log, "R♠");
    // Nothing is asked: the seven cards are taken at once, and the table is swept.
    assert_eq!(mover(&s), 2);
    assert!(logged(&log, "» player 1 takes 7 cards with R♠"));
    assert_eq!(sorted(&s, "taken of player 1"), ["2♠", "2♣", "2♥", "A♠", "A♣", "A♥", "A♦", "R♠"]);
    assert_eq!(count(&s, "table"), 0);
    assert_eq!(of(&s, "scope", 1), 1);
}

/// SC-8: a capture that clears the table is a scopa, worth a point in the hand's score, except on
/// the last play of the hand.
#[test]
fn sc_8_clearing_the_table_is_a_scopa_except_on_the_last_play() {
    let layout = Layout {
        p1: ["R♠", "5♠", "A♠"],
        p2: ["5♥", "6♥", "7♦"],
        table: ["A♦", "2♣", "3♣", "4♣"],
        short: true,
        ..Layout::default()
    };
    let (mut s, mut log) = start_with(None, &[], &layout);
    say(&mut s, &mut log, "R♠");
    say_set(&mut s, &mut log, "A♦ + 2♣ + 3♣ + 4♣");
    assert!(logged(&log, "» scopa! player 1 has 1 this hand"));
    assert_eq!(of(&s, "scope", 1), 1);
    say(&mut s, &mut log, "5♥");
    say(&mut s, &mut log, "5♠");
    assert!(logged(&log, "» scopa! player 1 has 2 this hand"));
    assert_eq!(of(&s, "scope", 1), 2);
    say(&mut s, &mut log, "6♥");
    say(&mut s, &mut log, "A♠");
    assert_eq!(sorted(&s, "table"), ["6♥", "A♠"]);
    // The last card of the hand clears the table: no scopa.
    say(&mut s, &mut log, "7♦");
    say_set(&mut s, &mut log, "6♥ + A♠");
    assert!(logged(&log, "» player 2 clears the table on the last play: no scopa"));
    assert_eq!(counter(&s, "sweeps"), 2);
    assert_eq!(of(&s, "scope", 2), 0);
    // Player 1: the most cards, the most coins, the primiera (player 2 holds no club) and two
    // scope; player 2: the sette bello.
    assert!(logged(&log, "» cards 37 to 3, coins 9 to 1, primiera 81 to 0, scope 2 to 0"));
    assert!(logged(&log, "» hand 1 scores 5 to 1; the match stands at 5 to 1"));
    assert_eq!([of(&s, "points", 1), of(&s, "points", 2)], [5, 1]);
}

/// SC-9: when both hands are empty, the dealer deals three more cards each, one at a time from
/// the other player, until the stock is out: six deals of the 36 cards.
#[test]
fn sc_9_three_more_cards_each_until_the_stock_is_out() {
    let layout = Layout { short: false, ..untaken_layout(&[]) };
    let (mut s, mut log) = start_with(None, &[], &layout);
    play_untaken(&mut s, &mut log);
    assert!(logged(&log, "» player 2 deals three more cards each (30 left)"));
    assert_eq!([count(&s, "hand of player 1"), count(&s, "hand of player 2"), count(&s, "stock")], [3, 3, 24]);
    assert_eq!(count(&s, "table"), 10);
    let last = log.lines.len();
    assert!(log.lines[last - 6].contains("-> hand of player 1"), "{}", log.lines[last - 6]);
    assert_eq!(mover(&s), 1);
    play_until_hand(&mut s, &mut log, 2);
    let deals: Vec<&String> = log.lines.iter().filter(|l| l.contains("deals three more cards each")).collect();
    assert_eq!(deals.len(), 5, "{deals:?}");
    assert!(deals[4].ends_with("(6 left)"));
}

/// SC-10: the cards left on the table at the end of the hand go to the last player to capture
/// (no scopa); when nobody captured, they go to nobody.
#[test]
fn sc_10_the_last_to_capture_takes_the_cards_left() {
    let layout = Layout {
        p1: ["5♠", "2♠", "3♠"],
        p2: ["A♥", "4♥", "6♥"],
        table: ["5♣", "F♦", "C♦", "R♦"],
        short: true,
        ..Layout::default()
    };
    let (mut s, mut log) = start_with(None, &[], &layout);
    for l in ["5♠", "A♥", "2♠", "4♥", "3♠"] {
        say(&mut s, &mut log, l);
    }
    // 3♠ had to take A♥ + 2♠; player 2's last card takes nothing.
    assert_eq!(sets_offered(&s), [set_of("A♥ + 2♠")]);
    say_set(&mut s, &mut log, "A♥ + 2♠");
    say(&mut s, &mut log, "6♥");
    assert!(logged(&log, "» player 1 made the last capture and takes the 5 cards left"));
    assert!(logged(&log, "R♦: table -> taken of player 1 (face down)"));
    assert!(!logged(&log, "scopa"));
    assert!(logged(&log, "» cards 40 to 0,"));

    // Nobody captured: the ten cards on the table count for nobody.
    let (mut s, mut log) = start_with(None, &[], &untaken_layout(&[]));
    play_untaken(&mut s, &mut log);
    assert!(!logged(&log, "made the last capture"));
    assert!(logged(&log, "» cards 30 to 0,"));
    assert_eq!(total_cards(&s), 40);
}

/// The cards player 2 has captured in the scoring tests (the rest of the pack, but for the ten
/// cards of `UNTAKEN` left on the table, are player 1's): 15 cards each, five coins each, the
/// sette bello player 1's, the better primiera player 2's (65 to 81).
const LEVEL: [&str; 15] = ["6♦", "5♦", "4♦", "3♦", "2♦", "7♥", "6♥", "5♥", "4♥", "3♥", "7♠", "5♠", "7♣", "6♣", "4♣"];

/// SC-11: a point each for the most cards, the most coins and the sette bello, and each scopa;
/// equal cards or coins score nobody.
#[test]
fn sc_11_cards_coins_and_the_sette_bello_score_and_ties_score_nobody() {
    let (mut s, mut log) = start_with(None, &[], &untaken_layout(&LEVEL));
    play_untaken(&mut s, &mut log);
    assert!(logged(&log, "» cards 15 to 15, coins 5 to 5, primiera 65 to 81, scope 0 to 0"));
    assert!(logged(&log, "» player 1 has the sette bello"));
    assert!(logged(&log, "» hand 1 scores 1 to 1; the match stands at 1 to 1"));

    // One more coin, the A♦, for player 2: the most cards and the most coins are theirs.
    let mut more = LEVEL.to_vec();
    more.push("A♦");
    let (mut s, mut log) = start_with(None, &[], &untaken_layout(&more));
    play_untaken(&mut s, &mut log);
    assert!(logged(&log, "» cards 14 to 16, coins 4 to 6, primiera 65 to 81, scope 0 to 0"));
    assert!(logged(&log, "» hand 1 scores 1 to 3; the match stands at 1 to 3"));
    assert_eq!([of(&s, "points", 1), of(&s, "points", 2)], [1, 3]);
}

/// SC-12: the primiera: each player's best card of each suit by its primiera value (7 21, 6 18,
/// ace 16, 5 15, 4 14, 3 13, 2 12, court cards 10), added up; the higher total scores a point, a
/// player without a card of every suit cannot win it, and a tie scores nobody.
#[test]
fn sc_12_the_primiera() {
    // Player 2's A♦ 6♥ 7♠ 7♣ make 16 + 18 + 21 + 21 = 76; player 1's best are 7♦ 7♥ A♠ 6♣, also
    // 76: nobody scores it.
    let (mut s, mut log) = start_with(None, &[], &untaken_layout(&["A♦", "6♥", "7♠", "7♣"]));
    play_untaken(&mut s, &mut log);
    assert!(logged(&log, "primiera 76 to 76"));
    // Player 1: the most cards, the most coins, the sette bello; the primiera nobody's.
    assert!(logged(&log, "» hand 1 scores 3 to 0"));

    // Player 2 holds every card of coins, cups and swords worth more than 10 but the A♠: 63 in
    // three suits, and no club. Player 1's best cards, F♦ F♥ A♠ 7♣, make 10 + 10 + 16 + 21 = 57,
    // and win the primiera.
    let high: Vec<&str> = ITALIAN_40
        .iter()
        .copied()
        .filter(|c| !c.ends_with('♣') && !["F", "C", "R"].iter().any(|r| c.starts_with(r)) && *c != "A♠")
        .filter(|c| !UNTAKEN.contains(c))
        .collect();
    assert_eq!(others(&[&high, &UNTAKEN]).len(), 13);
    let (mut s, mut log) = start_with(None, &[], &untaken_layout(&high));
    play_untaken(&mut s, &mut log);
    assert!(logged(&log, "» cards 13 to 17, coins 3 to 7, primiera 57 to 0, scope 0 to 0"));
    assert!(logged(&log, "» hand 1 scores 1 to 3; the match stands at 1 to 3"));
}

/// SC-13: the match is played to `target` points (11); it ends after a hand in which a player
/// has reached it and leads, the higher score winning; level scores at or above it play on.
#[test]
fn sc_13_the_match_ends_with_a_leader_at_the_target() {
    // Level at 1 to 1 with a target of 1: another hand.
    let (mut s, mut log) = start_with(None, &[("target", "1")], &untaken_layout(&LEVEL));
    play_untaken(&mut s, &mut log);
    assert!(logged(&log, "» 1 to 1: level at 1 or more, another hand is played"));
    assert!(!s.is_over());
    assert_eq!(counter(&s, "hands"), 2);
    play_until_hand(&mut s, &mut log, i64::MAX);
    let (a, b) = (of(&s, "points", 1), of(&s, "points", 2));
    assert_ne!(a, b);
    assert_eq!(winners(&s), Some(vec![if a > b { 1 } else { 2 }]));

    // 1 to 3 with a target of 1: player 2 wins at once.
    let mut more = LEVEL.to_vec();
    more.push("A♦");
    let (mut s, mut log) = start_with(None, &[("target", "1")], &untaken_layout(&more));
    play_untaken(&mut s, &mut log);
    assert!(s.is_over());
    assert_eq!(winners(&s), Some(vec![2]));
    assert!(logged(&log, "game over: player 2 wins (scores 1 - 3)"));

    // The same hand with the usual target of 11 plays on.
    let (mut s, mut log) = start_with(None, &[], &untaken_layout(&more));
    play_untaken(&mut s, &mut log);
    assert!(!s.is_over());
    assert!(!logged(&log, "level at"));
}

/// SC-14: `asso_piglia_tutto`: an ace played takes every card of the table, even an ace there,
/// and that is not a scopa. In the base game an ace is an ordinary card worth 1.
#[test]
fn sc_14_asso_piglia_tutto_an_ace_takes_the_whole_table() {
    let layout =
        Layout {
            p1: ["A♠", "F♥", "C♥"], p2: ["A♥", "6♥", "5♥"], table: ["3♣", "5♦", "F♦", "2♥"], ..Layout::default()
        };
    let (mut s, mut log) = start_with(Some("asso_piglia_tutto"), &[], &layout);
    say(&mut s, &mut log, "A♠");
    assert_eq!(mover(&s), 2);
    assert!(logged(&log, "» player 1 takes 4 cards with A♠"));
    assert_eq!(count(&s, "table"), 0);
    assert_eq!(sorted(&s, "taken of player 1"), ["2♥", "3♣", "5♦", "A♠", "F♦"]);
    assert!(logged(&log, "» player 1's ace clears the table: no scopa"));
    assert_eq!(of(&s, "scope", 1), 0);
    // An ace played to the empty table stays there.
    say(&mut s, &mut log, "A♥");
    assert!(logged(&log, "» player 2 plays A♥, which takes nothing"));
    assert_eq!(cards(&s, "table"), ["A♥"]);

    // An ace on the table is swept with the rest.
    let with_ace = Layout { table: ["3♣", "A♦", "F♦", "2♥"], ..layout };
    let (mut s, mut log) = start_with(Some("asso_piglia_tutto"), &[], &with_ace);
    say(&mut s, &mut log, "A♠");
    assert!(logged(&log, "» player 1 takes 4 cards with A♠"));
    assert_eq!(count(&s, "table"), 0);

    // The base game: the ace takes the ace, or nothing, as any card.
    let (mut s, mut log) = start_with(None, &[], &with_ace);
    say(&mut s, &mut log, "A♠");
    assert!(logged(&log, "» player 1 takes 1 card with A♠"));
    assert_eq!(sorted(&s, "table"), ["2♥", "3♣", "F♦"]);
    let base = Layout { table: ["3♣", "5♦", "F♦", "2♥"], ..with_ace };
    let (mut s, mut log) = start_with(None, &[], &base);
    say(&mut s, &mut log, "A♠");
    assert!(logged(&log, "» player 1 plays A♠, which takes nothing"));
    assert_eq!(count(&s, "table"), 5);
}
