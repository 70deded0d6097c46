//! Scenario tests for High-Low Wager War (`rules/high_low_war.txt` →
//! `games/high_low_war.cardgame`), one or more per ruling HL-1 .. HL-8 of RULINGS.md. Each stacks
//! the decks (and, where needed, the coins) after setup so the ruling happens, makes the players'
//! decisions by hand, then checks the zones, the coins, the log and the outcome.
//!
//! Every game here starts with seed 1, whose coin flip shows tails: player 2 opens the wagering
//! in round 1, player 1 in round 2, and so on (`new` checks this, so the scripts can rely on it).

mod table;

use cardlang::engine::{Recorder, State};

use super::support::*;
use table::*;

mod war_and_end;

// ---------------------------------------------------------------------------------------------
// HL-1 Cards
// ---------------------------------------------------------------------------------------------

/// HL-1: "52 cards, 26 each, face down." The pack is shuffled and dealt out whole, one card at a
/// time to each player in turn; each player's deck is face down, so at the first decision (the
/// round-1 prediction, after each has drawn one card) nobody sees a card of either deck.
#[test]
fn hl_1_fifty_two_cards_twenty_six_each_face_down() {
    let (s, log) = new(&[], &[]);
    assert_eq!(total_cards(&s), 52);
    assert_eq!(count(&s, "pack"), 0);
    assert!(log.lines[0].starts_with("shuffle pack (52 cards"), "first event: {}", log.lines[0]);
    let dealt: Vec<&String> = log.lines.iter().filter(|l| l.contains(": pack -> ")).collect();
    assert_eq!(dealt.len(), 52);
    for (i, l) in dealt.iter().enumerate() {
        let to = if i % 2 == 0 { DECK1 } else { DECK2 };
        assert!(l.ends_with(&format!("pack -> {to} (face down)")), "deal {i}: {l}");
    }
    // Round 1 has drawn one card each.
    assert_eq!(count(&s, DECK1) + count(&s, LOOK1), 26);
    assert_eq!(count(&s, DECK2) + count(&s, LOOK2), 26);
    assert_eq!(count(&s, LOOK1), 1);
    for viewer in 0..2u8 {
        let o = s.observation(viewer);
        for deck in [DECK1, DECK2] {
            let v = view(&o, deck);
            assert!(v.cards.iter().all(Option::is_none), "player {} sees no card of {deck}", viewer + 1);
        }
    }
    assert_eq!(coins(&s), 40);
}

/// HL-1: a player's played cards go to their own discard pile — whoever takes the pot. Player 1
/// predicts right and takes the pot, yet player 2's 4♣ goes to player 2's discard, face down.
#[test]
fn hl_1_played_cards_go_to_their_owners_discard() {
    let (mut s, mut log) = new(&[], &deal(&["9♦"], &["4♣"]));
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");

    assert!(logged(&log, "» only player 1 predicted right and takes the pot of 2"));
    assert!(has(&log, "9♦: table of player 1 -> discard of player 1 (face down)"));
    assert!(has(&log, "4♣: table of player 2 -> discard of player 2 (face down)"));
    assert_eq!(cards(&s, DISCARD1), ["9♦"]);
    assert_eq!(cards(&s, DISCARD2), ["4♣"]);
    assert_eq!(count(&s, TABLE1) + count(&s, TABLE2), 0);
    assert_eq!(total_cards(&s), 52);
    assert_eq!(coins(&s), 40);
}

/// HL-1: "when their deck is empty they shuffle their own discards into a new deck". Player 1
/// holds only K♠ and 3♥; after two rounds their deck is empty, so in round 3 their two discards
/// (and nothing of player 2's) are shuffled into a new deck, and they draw from it.
#[test]
fn hl_1_an_empty_deck_is_refilled_from_the_players_own_discards() {
    let steps = vec![move_all(DECK1, DECK2), top(DECK1, &["K♠", "3♥"]), top(DECK2, &["Q♣", "5♣"])];
    let (mut s, mut log) = new(&[], &steps);
    assert_eq!(count(&s, DECK1), 1, "player 1 holds two cards and has drawn one");
    for _round in 1..=2 {
        predict(&mut s, &mut log, "higher", "lower");
        let first = opener(&s);
        bet(&mut s, &mut log, first, "check");
        bet(&mut s, &mut log, 3 - first, "check");
    }
    // Round 3 has begun: player 1 refilled their deck and drew from it.
    assert_eq!(counter(&s, "rounds"), 3);
    assert!(logged(&log, "» player 1 shuffles their discards into a new deck"));
    let refill = line_of(&log, "» player 1 shuffles their discards");
    assert!(log.lines[..refill].iter().any(|l| l.starts_with("shuffle deck of player 1 (2 cards")), "shuffled");
    assert_eq!(count(&s, DISCARD1), 0);
    let mut mine = cards(&s, DECK1);
    mine.extend(cards(&s, LOOK1));
    mine.sort();
    assert_eq!(mine, names(&["K♠", "3♥"]), "the new deck is player 1's own discards");
    // Player 2's deck is not empty, so their discards stay where they are.
    assert_eq!(sorted(&s, DISCARD2), names(&["Q♣", "5♣"]));
    assert!(!logged(&log, "» player 2 shuffles"));
    assert_eq!(coins(&s), 40);
}

/// HL-1: "If a player still cannot draw, the game ends and the player with more coins wins."
/// Player 1 holds only 7♠ and 5♦. Round 1: 7♠ beats 2♣ and only player 1 predicted right
/// (21 / 19). Round 2: 5♦ ties 5♣ (20 / 18 after the prediction coins): war. Player 1 refills
/// their deck with 7♠, draws it, and cannot draw the second war card: the game ends, and player 1,
/// who cannot draw but holds more coins, wins.
#[test]
fn hl_1_a_player_who_cannot_draw_ends_the_game_and_more_coins_win() {
    let steps = vec![move_all(DECK1, DECK2), top(DECK1, &["7♠", "5♦"]), top(DECK2, &["2♣", "5♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert_eq!((purse(&s, 1), purse(&s, 2)), (21, 19));

    predict(&mut s, &mut log, "lower", "lower");
    bet(&mut s, &mut log, 1, "check");
    bet(&mut s, &mut log, 2, "check");

    assert!(s.is_over());
    assert_eq!(
        said_from(&log, "the ranks tie: war!"),
        ["the ranks tie: war!", "player 1 shuffles their discards into a new deck", "player 1 has no card to draw"]
    );
    assert_eq!(log.lines.last().unwrap(), "game over: player 1 wins (scores 20 - 18)");
    assert_eq!(cards(&s, LOOK1), ["7♠"], "the refilled deck's one card was drawn");
    assert_eq!(count(&s, DECK1) + count(&s, DISCARD1), 0);
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (20, 18, 2));
    assert_eq!(winners(&s), Some(vec![1]));
    assert_eq!(coins(&s), 40);
}

/// HL-1: "... the player with more coins wins (equal: draw)." As above, but in round 1 neither
/// prediction is right, so both purses stay equal (19 / 19, then 18 / 18): the game is a draw.
#[test]
fn hl_1_a_player_who_cannot_draw_with_equal_coins_is_a_draw() {
    let steps = vec![move_all(DECK1, DECK2), top(DECK1, &["7♠", "5♦"]), top(DECK2, &["2♣", "5♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "lower", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    predict(&mut s, &mut log, "lower", "lower");
    bet(&mut s, &mut log, 1, "check");
    bet(&mut s, &mut log, 2, "check");

    assert!(s.is_over());
    assert!(logged(&log, "» player 1 has no card to draw"));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (18, 18, 4));
    assert!(is_draw(&s));
    assert_eq!(coins(&s), 40);
}

// ---------------------------------------------------------------------------------------------
// HL-2 Coins
// ---------------------------------------------------------------------------------------------

/// HL-2: "Each player starts with `coins` coins (default 20)." Nothing is in the pot or under a
/// card before the first prediction.
#[test]
fn hl_2_each_player_starts_with_the_coins_option() {
    let (s, _) = new(&[], &[]);
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s), coins(&s)), (20, 20, 0, 40));

    let (s, _) = new(&[("coins", "7")], &[]);
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s), coins(&s)), (7, 7, 0, 14));
}

/// HL-2: "A fair coin flip picks who opens wagering in round 1." Over 40 seeds the flip shows
/// both sides; heads makes player 1 the opener, tails player 2, and round 1 says so.
#[test]
fn hl_2_a_coin_flip_picks_the_first_opener() {
    let g = game(GAME, None, &[]);
    let mut seen = [false, false];
    for seed in 1..=40 {
        let mut log = Recorder::default();
        let s = State::arranged(g.clone(), seed, &[], &mut log).expect("no arrangement");
        let heads = has(&log, "chance chooses heads");
        assert!(heads || has(&log, "chance chooses tails"), "seed {seed}: a coin is flipped");
        let first = if heads { 1 } else { 2 };
        assert_eq!(opener(&s), first, "seed {seed}");
        assert!(logged(&log, &format!("» round 1: player {first} opens")), "seed {seed}");
        seen[first as usize - 1] = true;
    }
    assert_eq!(seen, [true, true], "both players open some games");
}

/// HL-2: "the opener alternates every round": over four rounds (no ties), the wagering is opened
/// by player 2, 1, 2, 1, and the opener is the first player asked to check or raise.
#[test]
fn hl_2_the_opener_alternates_every_round() {
    let (mut s, mut log) = new(&[], &deal(&["9♦", "3♦", "K♦", "6♦"], &["4♣", "8♣", "J♣", "2♣"]));
    for (round, first) in [(1, 2u8), (2, 1), (3, 2), (4, 1)] {
        assert_eq!(counter(&s, "rounds"), round);
        assert_eq!(opener(&s), first, "round {round}");
        assert!(logged(&log, &format!("» round {round}: player {first} opens")));
        predict(&mut s, &mut log, "higher", "lower");
        assert_eq!(offered(&s, first), ["check", "raise"], "round {round}: the opener acts first");
        bet(&mut s, &mut log, first, "check");
        bet(&mut s, &mut log, 3 - first, "check");
        assert_eq!(coins(&s), 40);
    }
}

/// HL-2: "Inside a war, the round's opener opens every war card." Round 2 (opened by player 1)
/// ties: player 1 opens the wagering on war card 1 and again on war card 2; round 3, after the
/// war, is opened by player 2 (the opener alternates once per round, not per comparison).
#[test]
fn hl_2_the_rounds_opener_opens_every_war_card() {
    let (mut s, mut log) = new(&[], &deal(&["9♦", "5♦", "K♦", "4♦"], &["4♣", "5♣", "Q♣", "J♣"]));
    predict(&mut s, &mut log, "higher", "lower");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");

    // Round 2: 5♦ against 5♣.
    assert_eq!(opener(&s), 1);
    predict(&mut s, &mut log, "higher", "lower");
    bet(&mut s, &mut log, 1, "check");
    bet(&mut s, &mut log, 2, "check");
    assert!(logged(&log, "» the ranks tie: war!"));
    predict(&mut s, &mut log, "higher", "lower"); // war card 1
    predict(&mut s, &mut log, "lower", "higher"); // war card 2
    assert_eq!(offered(&s, 1), ["check", "raise"], "player 1 opens war card 1");
    bet(&mut s, &mut log, 1, "check");
    bet(&mut s, &mut log, 2, "check");
    assert!(logged(&log, "» war card 2"));
    assert_eq!(offered(&s, 1), ["check", "raise"], "player 1 opens war card 2");
    bet(&mut s, &mut log, 1, "check");
    bet(&mut s, &mut log, 2, "check");

    assert_eq!(counter(&s, "rounds"), 3);
    assert_eq!(opener(&s), 2);
    assert!(logged(&log, "» round 3: player 2 opens"));
    assert_eq!(coins(&s), 40);
}

// ---------------------------------------------------------------------------------------------
// HL-3 Prediction
// ---------------------------------------------------------------------------------------------

/// HL-3: each player places one of their own coins as the prediction coin, under their card,
/// showing the prediction (purse −1, stake 1); at the reveal it joins the pot.
#[test]
fn hl_3_the_prediction_coin_goes_under_the_card() {
    let (mut s, mut log) = new(&[], &deal(&["9♦"], &["4♣"]));
    assert_eq!((stake(&s, "9♦"), prediction(&s, "9♦")), (0, "none"));
    predict(&mut s, &mut log, "higher", "lower");

    assert!(has(&log, "transfer 1: purse of player 1 (19 left) -> stake of 9♦ (now 1)"));
    assert!(has(&log, "transfer 1: purse of player 2 (19 left) -> stake of 4♣ (now 1)"));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (19, 19, 0));
    assert_eq!((stake(&s, "9♦"), prediction(&s, "9♦")), (1, "higher"));
    assert_eq!((stake(&s, "4♣"), prediction(&s, "4♣")), (1, "lower"));
    assert_eq!(coins(&s), 40);

    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    let reveal = line_of(&log, "» player 1 reveals 9♦ and the prediction higher");
    assert_eq!(log.lines[reveal + 1], "transfer 1: stake of 9♦ (0 left) -> pot (now 1)");
    assert!(logged(&log, "» player 2 reveals 4♣ and the prediction lower"));
    assert!(logged(&log, "» both predictions are right: the pot of 2 is split"));
    // The coins went back to their purses; the round over, the cards show no prediction.
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (20, 20, 0));
    assert_eq!((stake(&s, "9♦"), prediction(&s, "9♦")), (0, "none"));
    assert_eq!(coins(&s), 40);
}

/// HL-3: "higher" is right exactly when the own card outranks the other card, "lower" exactly
/// when it is outranked; Aces are high. Six one-round games, each card pair with its predictions
/// and who is right.
#[test]
fn hl_3_higher_is_right_exactly_when_the_own_card_outranks_the_other() {
    let cases = [
        // (player 1's card, player 2's, their predictions, what the rules announce)
        ("A♠", "K♣", "higher", "higher", "only player 1 predicted right and takes the pot of 2"),
        ("2♦", "3♣", "lower", "lower", "only player 1 predicted right and takes the pot of 2"),
        ("10♥", "J♠", "higher", "lower", "neither prediction is right: the pot of 2 rolls over"),
        ("10♥", "J♠", "lower", "higher", "both predictions are right: the pot of 2 is split"),
        ("3♠", "A♦", "higher", "lower", "neither prediction is right: the pot of 2 rolls over"),
        ("Q♠", "2♦", "lower", "lower", "only player 2 predicted right and takes the pot of 2"),
    ];
    for (c1, c2, g1, g2, outcome) in cases {
        let (mut s, mut log) = new(&[], &deal(&[c1], &[c2]));
        predict(&mut s, &mut log, g1, g2);
        bet(&mut s, &mut log, 2, "check");
        bet(&mut s, &mut log, 1, "check");
        let result = &said_from(&log, &format!("player 2 reveals {c2}"))[1];
        assert_eq!(result, outcome, "{c1} ({g1}) against {c2} ({g2})");
        assert_eq!(coins(&s), 40);
    }
}

/// HL-3: each player looks at their own card privately and predicts secretly. Until the reveal
/// the other player's view shows neither the card (not in any zone, nor in the view's text) nor
/// the prediction coin's side, nor their pending secret choice; the owner sees both. After the
/// reveal (seen here while a war pauses the round) both see the card and its prediction.
#[test]
fn hl_3_the_other_player_never_sees_the_card_or_its_prediction_before_the_reveal() {
    let (mut s, mut log) = new(&[], &deal(&["5♦", "9♦", "4♥"], &["5♣", "7♣", "J♣"]));
    let hidden_from_2 = |s: &State| {
        let o = s.observation(1);
        let look = view(&o, LOOK1);
        assert_eq!(look.count, 1);
        assert_eq!(look.cards, [None], "player 2 sees a face-down card");
        assert!(look.marks.is_empty(), "nor the coin under it");
        assert!(o.zones.iter().all(|z| !z.cards.contains(&Some(card(s, "5♦") as u16))));
        assert!(!s.observation_text(1).contains("5♦"));
    };
    // Before predicting.
    hidden_from_2(&s);
    let o1 = s.observation(0);
    let own = view(&o1, LOOK1);
    assert_eq!(own.cards, [Some(card(&s, "5♦") as u16)], "player 1 looks at their own card");

    // Player 1 has chosen, player 2 not yet: player 2's view knows nothing of the choice.
    let p1 = s.legal_actions(0).into_iter().find(|a| s.action_label(0, *a) == "lower").unwrap();
    s.apply_with(0, p1, &mut log).unwrap();
    assert_eq!(s.observation(0).my_pending_choice, Some(p1));
    assert_eq!(s.observation(1).my_pending_choice, None);
    hidden_from_2(&s);
    let p2 = s.legal_actions(1).into_iter().find(|a| s.action_label(1, *a) == "lower").unwrap();
    s.apply_with(1, p2, &mut log).unwrap();

    // Wagering: the coin lies under the card, showing "lower", seen by its owner alone.
    assert_eq!(prediction(&s, "5♦"), "lower");
    hidden_from_2(&s);
    let o1 = s.observation(0);
    let own = view(&o1, LOOK1);
    let marks: Vec<(String, String)> = own.marks.iter().map(|m| (m.counter.clone(), m.value.clone())).collect();
    assert!(marks.contains(&("prediction".into(), "lower".into())), "{marks:?}");
    assert!(marks.contains(&("stake".into(), "1".into())), "{marks:?}");
    assert!(s.observation_text(0).contains("5♦"));

    // After the reveal the tie starts a war; the revealed 5♦ and its prediction show to both,
    // while the new war cards are hidden again.
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert!(logged(&log, "» the ranks tie: war!"));
    let o2 = s.observation(1);
    let table = view(&o2, TABLE1);
    assert_eq!(table.cards, [Some(card(&s, "5♦") as u16)]);
    assert!(table.marks.iter().any(|m| m.counter == "prediction" && m.value == "lower"));
    for (zone, war_card) in [(LOOK1, "9♦"), (WAITING1, "4♥")] {
        let v = view(&o2, zone);
        assert_eq!(v.cards, [None], "player 2 does not see {war_card}");
        assert!(!s.observation_text(1).contains(war_card));
    }
    assert_eq!(coins(&s), 40);
}

// ---------------------------------------------------------------------------------------------
// HL-4 Wagering
// ---------------------------------------------------------------------------------------------

/// HL-4: the opener may check or raise (there is no fold); a check answered by a check ends the
/// wagering, and nothing is added to the pot beyond the prediction coins.
#[test]
fn hl_4_check_answered_by_check_ends_the_wagering() {
    let (mut s, mut log) = new(&[], &deal(&["9♦"], &["4♣"]));
    predict(&mut s, &mut log, "higher", "higher");
    assert_eq!(offered(&s, 2), ["check", "raise"]);
    bet(&mut s, &mut log, 2, "check");
    assert_eq!(offered(&s, 1), ["check", "raise"]);
    bet(&mut s, &mut log, 1, "check");

    assert_eq!(
        said_from(&log, "round 1")[..6],
        [
            "round 1: player 2 opens",
            "player 2 checks",
            "player 1 checks",
            "player 1 reveals 9♦ and the prediction higher",
            "player 2 reveals 4♣ and the prediction higher",
            "only player 1 predicted right and takes the pot of 2",
        ]
    );
    assert_eq!((purse(&s, 1), purse(&s, 2)), (21, 19));
    assert_eq!(coins(&s), 40);
}

/// HL-4: a raise r ≥ 1 (any size up to what the player holds); the responder to a raise may call
/// (add the difference, which ends the wagering) or re-raise — never fold.
#[test]
fn hl_4_raise_answered_by_call() {
    let (mut s, mut log) = new(&[], &deal(&["9♦"], &["4♣"]));
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "raise");
    assert_eq!(offered(&s, 2), sizes(1, 19), "a raise of 1 up to the whole purse");
    bet(&mut s, &mut log, 2, "3");
    assert_eq!((purse(&s, 2), pot(&s)), (16, 3));
    assert_eq!(offered(&s, 1), ["call", "raise"]);
    bet(&mut s, &mut log, 1, "call");

    assert!(has(&log, "transfer 3: purse of player 2 (16 left) -> pot (now 3)"));
    assert!(has(&log, "transfer 3: purse of player 1 (16 left) -> pot (now 6)"));
    assert_eq!(
        said_from(&log, "round 1")[..4],
        [
            "round 1: player 2 opens",
            "player 2 raises by 3",
            "player 1 calls 3",
            "player 1 reveals 9♦ and the prediction higher"
        ]
    );
    assert!(logged(&log, "» only player 1 predicted right and takes the pot of 8"));
    assert_eq!((purse(&s, 1), purse(&s, 2)), (24, 16));
    assert_eq!(coins(&s), 40);
}

/// HL-4: a re-raise adds the difference plus r' > the last raise r, up to what the player holds.
/// Player 2 raises 3. Player 1 (19 held, 3 owed) may re-raise 4 ..= 16 and re-raises 5, adding
/// 3 + 5 = 8. Player 2 (16 held, 5 owed) may call or re-raise 6 ..= 11, and re-raises 6, adding
/// 5 + 6 = 11. Player 1 (11 held, 6 owed) cannot top 6 and calls 6. Each has put in 14.
#[test]
fn hl_4_a_re_raise_must_top_the_last_raise() {
    let (mut s, mut log) = new(&[], &deal(&["9♦"], &["4♣"]));
    predict(&mut s, &mut log, "higher", "lower");
    raise(&mut s, &mut log, 2, 3);
    assert_eq!(offered(&s, 1), ["call", "raise"]);
    bet(&mut s, &mut log, 1, "raise");
    assert_eq!(offered(&s, 1), sizes(4, 16));
    bet(&mut s, &mut log, 1, "5");
    assert!(has(&log, "transfer 8: purse of player 1 (11 left) -> pot (now 11)"));
    assert_eq!(offered(&s, 2), ["call", "raise"]);
    bet(&mut s, &mut log, 2, "raise");
    assert_eq!(offered(&s, 2), sizes(6, 11));
    bet(&mut s, &mut log, 2, "6");
    assert!(has(&log, "transfer 11: purse of player 2 (5 left) -> pot (now 22)"));

    assert_eq!(
        said_from(&log, "round 1")[..6],
        [
            "round 1: player 2 opens",
            "player 2 raises by 3",
            "player 1 raises by 5",
            "player 2 raises by 6",
            "player 1 calls 6",
            "player 1 reveals 9♦ and the prediction higher"
        ]
    );
    // 14 each besides the prediction coins: the pot of 30 is split.
    assert!(logged(&log, "» both predictions are right: the pot of 30 is split"));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (20, 20, 0));
    assert_eq!(coins(&s), 40);
}

/// HL-4: a player who cannot top the last raise with what they hold is not asked: they can only
/// call, and do so at once. Player 2 raises 10; player 1 holds 19, owes 10 and would need 11 more.
#[test]
fn hl_4_a_player_who_cannot_re_raise_calls_without_being_asked() {
    let (mut s, mut log) = new(&[], &deal(&["9♦"], &["4♣"]));
    predict(&mut s, &mut log, "higher", "lower");
    raise(&mut s, &mut log, 2, 10);

    assert!(!log.lines.iter().any(|l| l.starts_with("player 1 chooses")), "player 1 is not asked");
    assert!(logged(&log, "» player 1 calls 10"));
    assert!(logged(&log, "» both predictions are right: the pot of 22 is split"));
    assert_eq!((purse(&s, 1), purse(&s, 2)), (20, 20));
    assert_eq!(coins(&s), 40);
}

/// HL-4: "a player who cannot cover a call puts in all they have (all-in), and the opponent's
/// uncovered excess is returned to them at once." Player 1 holds 5 (4 after the prediction coin);
/// player 2 raises 20: player 1 is all-in with 4 (not asked) and 16 go back to player 2 before
/// the cards are revealed.
#[test]
fn hl_4_an_all_in_call_returns_the_uncovered_excess_at_once() {
    let steps = vec![give(15, "purse of player 1", "purse of player 2"), top(DECK1, &["9♦"]), top(DECK2, &["4♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 2, "raise");
    assert_eq!(offered(&s, 2), sizes(1, 34), "a raise may exceed what the other player holds");
    bet(&mut s, &mut log, 2, "20");

    let all_in = line_of(&log, "» player 1 calls all-in with 4; 16 go back to player 2");
    assert_eq!(log.lines[all_in + 1], "transfer 4: purse of player 1 (0 left) -> pot (now 24)");
    assert_eq!(log.lines[all_in + 2], "transfer 16: pot (8 left) -> purse of player 2 (now 30)");
    assert!(all_in < line_of(&log, "» player 1 reveals 9♦"));
    assert!(!log.lines.iter().any(|l| l.starts_with("player 1 chooses")), "player 1 is not asked");
    // Player 1 was right: they take the pot of 10 and play on.
    assert!(logged(&log, "» only player 1 predicted right and takes the pot of 10"));
    assert_eq!((purse(&s, 1), purse(&s, 2)), (10, 30));
    assert!(!s.is_over());
    assert_eq!(coins(&s), 40);
}

/// HL-4: "a player who is all-in takes no further wagering action." Player 1 (5 coins, 4 after
/// the prediction) answers player 2's check with an all-in raise of 4: player 2 is not asked
/// (a re-raise could never be answered) and calls 4.
#[test]
fn hl_4_an_all_in_raise_is_simply_called() {
    let steps = vec![give(15, "purse of player 1", "purse of player 2"), top(DECK1, &["9♦"]), top(DECK2, &["4♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "higher", "lower");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "raise");
    assert_eq!(offered(&s, 1), sizes(1, 4));
    bet(&mut s, &mut log, 1, "4");

    assert_eq!(
        said_from(&log, "round 1")[..5],
        [
            "round 1: player 2 opens",
            "player 2 checks",
            "player 1 raises by 4",
            "player 2 calls 4",
            "player 1 reveals 9♦ and the prediction higher"
        ]
    );
    assert_eq!(
        log.lines.iter().filter(|l| l.starts_with("player 2 chooses")).collect::<Vec<_>>(),
        ["player 2 chooses check"]
    );
    assert!(logged(&log, "» both predictions are right: the pot of 10 is split"));
    assert_eq!((purse(&s, 1), purse(&s, 2)), (5, 35));
    assert_eq!(coins(&s), 40);
}

/// HL-4: a player whose last coin went under their card is all-in from the start: nobody is asked
/// to wager (no raise could be answered), both check, and the cards are revealed.
#[test]
fn hl_4_a_player_with_nothing_left_after_the_prediction_is_not_asked() {
    let steps = vec![give(19, "purse of player 1", "purse of player 2"), top(DECK1, &["9♦"]), top(DECK2, &["4♣"])];
    let (mut s, mut log) = new(&[], &steps);
    predict(&mut s, &mut log, "higher", "higher");

    // No wagering decision was asked; round 2's predictions are next.
    assert_eq!(counter(&s, "rounds"), 2);
    assert_eq!(
        said_from(&log, "round 1")[..6],
        [
            "round 1: player 2 opens",
            "player 2 checks",
            "player 1 checks",
            "player 1 reveals 9♦ and the prediction higher",
            "player 2 reveals 4♣ and the prediction higher",
            "only player 1 predicted right and takes the pot of 2",
        ]
    );
    assert!(!log.lines.iter().any(|l| l.starts_with("player ") && l.contains(" chooses ")), "nobody is asked");
    assert_eq!((purse(&s, 1), purse(&s, 2)), (2, 38));
    assert_eq!(coins(&s), 40);
}

// ---------------------------------------------------------------------------------------------
// HL-5 Outcome
// ---------------------------------------------------------------------------------------------

/// HL-5: "Both correct: split the pot evenly." 10♥ (lower) against J♠ (higher), 2 raised and
/// called: the pot of 6 goes back 3 and 3.
#[test]
fn hl_5_both_right_split_the_pot_evenly() {
    let (mut s, mut log) = new(&[], &deal(&["10♥"], &["J♠"]));
    predict(&mut s, &mut log, "lower", "higher");
    raise(&mut s, &mut log, 2, 2);
    bet(&mut s, &mut log, 1, "call");

    let split = line_of(&log, "» both predictions are right: the pot of 6 is split");
    assert_eq!(log.lines[split + 1], "transfer 3: pot (3 left) -> purse of player 1 (now 20)");
    assert_eq!(log.lines[split + 2], "transfer 3: pot (0 left) -> purse of player 2 (now 20)");
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (20, 20, 0));
    assert_eq!(coins(&s), 40);
}

/// HL-5: "an odd coin stays in the pot for the next round." One coin of player 1 is in the pot
/// before round 1; both are right, so the pot of 3 gives 1 to each and 1 stays; round 2 starts
/// with it, and player 2, alone right, takes a pot of 3 (the odd coin and the two prediction coins).
#[test]
fn hl_5_split_pot_keeps_the_odd_coin() {
    let steps = vec![give(1, "purse of player 1", "pot"), top(DECK1, &["10♥", "8♥"]), top(DECK2, &["J♠", "7♠"])];
    let (mut s, mut log) = new(&[], &steps);
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (19, 20, 1));
    predict(&mut s, &mut log, "lower", "higher");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");

    assert!(logged(&log, "» both predictions are right: the pot of 3 is split"));
    assert!(has(&log, "transfer 1: pot (2 left) -> purse of player 1 (now 19)"));
    assert!(has(&log, "transfer 1: pot (1 left) -> purse of player 2 (now 20)"));
    // Round 2 begins with the odd coin in the pot.
    assert_eq!(counter(&s, "rounds"), 2);
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (19, 20, 1));
    assert_eq!(coins(&s), 40);

    // Round 2: 8♥ (lower, wrong) against 7♠ (lower, right).
    predict(&mut s, &mut log, "lower", "lower");
    bet(&mut s, &mut log, 1, "check");
    bet(&mut s, &mut log, 2, "check");
    assert!(logged(&log, "» only player 2 predicted right and takes the pot of 3"));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (18, 22, 0));
    assert_eq!(coins(&s), 40);
}

/// HL-5: "Exactly one correct: that player takes the pot" — all of it, bets and both prediction
/// coins. Q♠ (higher, wrong) against 2♦ (lower, right), 4 raised and called: player 2 takes 10.
#[test]
fn hl_5_exactly_one_right_takes_the_whole_pot() {
    let (mut s, mut log) = new(&[], &deal(&["Q♠"], &["2♦"]));
    predict(&mut s, &mut log, "lower", "lower");
    raise(&mut s, &mut log, 2, 4);
    bet(&mut s, &mut log, 1, "call");

    let take = line_of(&log, "» only player 2 predicted right and takes the pot of 10");
    assert_eq!(log.lines[take + 1], "transfer 10: pot (0 left) -> purse of player 2 (now 25)");
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (15, 25, 0));
    assert_eq!(coins(&s), 40);
}

/// HL-5: "Neither correct: the pot rolls over to the next comparison." Round 1: 10♥ (higher)
/// against J♠ (lower), both wrong: the pot of 2 stays. Round 2 starts with it; 9♥ (higher, right)
/// against 3♠ (higher, wrong): player 1 takes 4.
#[test]
fn hl_5_neither_right_the_pot_rolls_over() {
    let (mut s, mut log) = new(&[], &deal(&["10♥", "9♥"], &["J♠", "3♠"]));
    predict(&mut s, &mut log, "higher", "lower");
    bet(&mut s, &mut log, 2, "check");
    bet(&mut s, &mut log, 1, "check");
    assert!(logged(&log, "» neither prediction is right: the pot of 2 rolls over"));
    assert_eq!(counter(&s, "rounds"), 2);
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (19, 19, 2));

    predict(&mut s, &mut log, "higher", "higher");
    bet(&mut s, &mut log, 1, "check");
    bet(&mut s, &mut log, 2, "check");
    assert!(logged(&log, "» only player 1 predicted right and takes the pot of 4"));
    assert_eq!((purse(&s, 1), purse(&s, 2), pot(&s)), (22, 18, 0));
    assert_eq!(coins(&s), 40);
}
