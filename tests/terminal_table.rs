//! The terminal table as a person meets it (issue 44, "The terminal table"): each thing said
//! once, whose counter is whose, how many cards are out of sight, the card one draws under
//! `--quiet`, a menu of cards in the panel's order, a lone choice taken with Enter, and a waste
//! pile cut to its top cards.

use crate::common::cardlang_stdin;

fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let (code, out, err) = cardlang_stdin(&all, input);
    assert_eq!(code, 0, "{err}\n{out}");
    out
}

#[test]
fn watching_a_game_says_each_choice_once_and_the_result_once() {
    let out = play(&["games/wilcox_war.cardgame", "--players", "random,random", "--seed", "3"], "");
    // Each player chooses in secret; an onlooker reads the choice when it is made, not again
    // when it is revealed.
    assert!(out.contains("player 1 chooses J♥\n"), "{out}");
    assert!(!out.contains("has chosen"), "a revealed choice is said a second time:\n{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("result: ")).count(), 1, "{out}");
    assert!(!out.contains("game over:"), "the end is said twice:\n{out}");
    // The three cards each player draws at the start, on one line each.
    assert!(out.contains("4♠ 10♠ J♥: draw of player 1 -> hand of player 1\n"), "{out}");
    assert!(out.lines().count() < 460, "{} lines", out.lines().count());
}

#[test]
fn counters_say_whose_value_is_whose_in_the_panel_and_at_the_end() {
    let out = play(&["games/wild_twist_gin.cardgame", "--players", "human,greedy", "--seed", "3"], &"1\n".repeat(4000));
    assert!(out.contains("  score                    player 1 0, player 2 0\n"), "{out}");
    let end: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("result: ")).collect();
    assert!(end.iter().any(|l| l.starts_with("score: player 1 ") && l.contains(", player 2 ")), "{end:?}");
}

#[test]
fn a_pile_partly_out_of_sight_says_how_many_cards_are_unseen() {
    let (_, out, _) = cardlang_stdin(&["play", "games/klondike.cardgame", "--players", "human", "--seed", "3"], "q\n");
    assert!(out.contains("  tableau of 2             2 cards, 1 unseen; you see J♣\n"), "{out}");
    assert!(out.contains("  stock                    24 cards, face down\n"), "{out}");
}

#[test]
fn under_quiet_a_player_is_still_told_the_card_they_drew() {
    // Fifty answers, then the input ends and the game stops unfinished.
    let (_, out, _) = cardlang_stdin(
        &["play", "games/wild_twist_gin.cardgame", "--players", "human,random", "--seed", "5", "-q"],
        &"1\n".repeat(50),
    );
    // Their first draw from the stock, and no other player's card moving.
    assert!(out.contains("A♥: stock -> hand of player 1\n"), "{out}");
    assert!(!out.lines().any(|l| l.contains("-> hand of player 2")), "{out}");
}

#[test]
fn a_menu_of_cards_lists_them_as_the_panel_shows_them() {
    // Fifty answers, then the input ends and the game stops unfinished.
    let (_, out, _) = cardlang_stdin(
        &["play", "games/wild_twist_gin.cardgame", "--players", "human,random", "--seed", "5", "-q"],
        &"1\n".repeat(50),
    );
    // The hand is shown in melds, then the deadwood; the discard menu follows it.
    let menu: Vec<&str> =
        out.lines().skip_while(|l| l != &"Discard which card?").skip(2).take_while(|l| l.starts_with("  ")).collect();
    assert_eq!(
        menu,
        [
            "  1) 2♣",
            "  2) 3♣",
            "  3) 4♣",
            "  4) 8♣",
            "  5) Wild Heart",
            "  6) Wild Diamond",
            "  7) A♥",
            "  8) 5♠",
            "  9) 7♠",
            "  10) 10♥",
            "  11) K♥"
        ],
        "{out}"
    );
    assert!(out.contains("[2♣ 3♣ 4♣]  [8♣ Wild Heart Wild Diamond]  deadwood A♥ 5♠ 7♠ 10♥ K♥"), "{out}");
}

#[test]
fn a_lone_choice_is_taken_with_enter() {
    // Crazy Eights, seed 3: player 1 holds nothing that plays on K♣, so drawing is all there is.
    let (_, out, _) =
        cardlang_stdin(&["play", "games/crazy_eights.cardgame", "--players", "human,random", "--seed", "3"], "\n\nq\n");
    assert!(
        out.contains("  1) draw a card\nPress Enter to choose it (or q to quit): player 1 chooses draw a card\n"),
        "{out}"
    );
    assert!(!out.contains("Choose 1-1 "), "{out}");
}

#[test]
fn red_suits_are_painted_red_word_by_word() {
    use cardlang::agents::human::paint_if;
    assert_eq!(paint_if(true, "[7♥ 8♠] K♦"), "[\x1b[31m7♥\x1b[0m 8♠] \x1b[31mK♦\x1b[0m");
    assert_eq!(paint_if(false, "7♥"), "7♥");
}

#[test]
fn klondikes_waste_shows_its_top_three_cards_and_counts_the_rest() {
    // Draw, play from the waste, build, draw again, ...: the second answer each time; then the
    // input ends and the deal stops unfinished.
    let (_, out, _) =
        cardlang_stdin(&["play", "games/klondike.cardgame", "--players", "human", "--seed", "3"], &"2\n".repeat(8));
    let waste: Vec<&str> = out.lines().filter(|l| l.starts_with("  waste (top card plays)")).collect();
    // Three draws of three (the third of the second draw's cards played): nine cards lie on the
    // waste, the top three shown, top last, as the draw turned them.
    assert!(out.contains("7♥ A♥ 5♣: stock -> waste\n"), "{out}");
    assert_eq!(waste.last().copied(), Some("  waste (top card plays)   (6 more under) 7♥ A♥ 5♣"), "{waste:?}");
    // A waste of three or fewer is shown whole; no line ever lists more than three of its cards.
    assert!(waste.contains(&"  waste (top card plays)   7♠ 8♠ Q♦"), "{waste:?}");
    let cards = |l: &str| l.split_whitespace().filter(|w| w.ends_with(['♠', '♥', '♦', '♣'])).count();
    assert!(waste.iter().all(|l| cards(l) <= 3), "{waste:?}");
    // The cards under the top three are still in the game: one of them comes back into view
    // when the cards above it are played.
    assert!(waste.contains(&"  waste (top card plays)   (1 more under) 8♠ 7♣ 3♥"), "{waste:?}");
}
