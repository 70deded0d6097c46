//! Language features, each shown on a small game: what a construct computes, and how the checker
//! treats it. (The games' own rules are proven in `tests/rules/`.)

use crate::common::{cardlang, says};
use cardlang::check::ir::{Choice, Stmt};
use cardlang::check::{self, Config};

/// The announcements of the one game `tests/fixtures/aggregates.cardgame` plays (it has no
/// decisions, so every seed deals the same pack in the same order).
fn announcements(file: &str) -> Vec<String> {
    let (code, out, err) = cardlang(&["transcript", file, "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    out.lines().filter_map(|l| l.strip_prefix("» ")).map(str::to_string).collect()
}

/// Aggregates over a zone, a row, the players and an enum's members, with and without a
/// condition, nested, and through functions. The deal: player 1 holds 9♠ 9♥ 8♠ 8♥ 7♠ (7♠ on
/// top), player 2 holds 7♥ 6♠ 6♥, player 3 nothing; `row of 2` holds 5♠; `value` counts 2 as 0.
#[test]
fn aggregates_ask_about_every_card_player_and_member() {
    let said = announcements("tests/fixtures/aggregates.cardgame");
    assert_eq!(
        said,
        [
            // sum of value: 7+7+6+6+5, 5+4+4, and 0 for an empty hand.
            "points 31 13 0",
            // any rank with two cards of it: the nines; the sixes.
            "pair true true",
            "hearts 2 spades 3",
            // max and min over a hand; none over an empty one.
            "max 7 min 5 none none",
            // the first spade from the top; not every card of player 2 is a heart; `all` over
            // nothing is true.
            "first 7♠ all false all-empty true",
            // players with coins; a card of a row; player 1's cards whose rank player 2 holds.
            "rich 1 anyrow true nested 1",
            "sumwhere 13",
        ]
    );
}

/// A choice offered under a condition on the cards of a hand the others cannot see is private
/// (GR-14's general rule): the aggregate reads each of those cards.
#[test]
fn a_choice_under_an_aggregate_over_a_hidden_hand_is_private() {
    let source = |cond: &str| {
        format!(
            r#"
            game "Private"
            players 2
            enum suit = hearts, spades
            property suit: suit
            cards deck = every suit
            zone pack: shared, face down, holds deck
            zone hand: per player, private
            zone pile: shared, public
            procedure setup {{
                deal 1 from pack to hand
            }}
            // How many hearts a hand holds, counted by a loop in a function.
            function hearts_of(q: player): int {{
                let n = 0
                for each c in hand of q where c.suit == hearts {{
                    add 1 to n
                }}
                n
            }}
            function seats_left(q: player): int {{
                let n = 0
                for each r in players where r != q {{
                    add 1 to n
                }}
                n
            }}
            procedure play {{
                if {cond} {{
                    player 1 chooses c from hand of player 1
                    move c to pile
                }}
                end game draw
            }}"#
        )
    };
    let private = |cond: &str| {
        let file = cardlang::syntax::parse(&source(cond)).expect("parses");
        let program = check::check(&file, &Config::default()).expect("checks");
        let mut found = None;
        for p in &program.procedures {
            walk(&p.body, &mut |c: &Choice| found = Some(c.is_private()));
        }
        found.expect("the game has a choice")
    };
    assert!(private("any c in hand of player 1 where c.suit == hearts"));
    assert!(private("(count of c in hand of player 2 where c.suit == spades) > 0"));
    // A set of a hidden hand's cards is hidden too.
    assert!(private(
        "any s in subsets of hand of player 1 of size 1 where (count of c in s where c.suit == hearts) == 1"
    ));
    // A function whose statements go over a hidden hand reads it.
    assert!(private("hearts_of(player 2) > 0"));
    // Whether a hand has cards, or the cards of a pile everyone sees, tells nothing hidden.
    assert!(!private("count of hand of player 1 > 0"));
    assert!(!private("seats_left(player 1) > 0"));
    assert!(!private("any c in pile where c.suit == hearts"));
}

fn walk(stmts: &[Stmt], f: &mut impl FnMut(&Choice)) {
    for s in stmts {
        match s {
            Stmt::Choose(c) => f(c),
            Stmt::If(_, t, o) => {
                walk(t, f);
                walk(o, f);
            }
            Stmt::While(_, b)
            | Stmt::Repeat { body: b, .. }
            | Stmt::ForPlayer { body: b, .. }
            | Stmt::ForRange { body: b, .. }
            | Stmt::ForCard { body: b, .. } => walk(b, f),
            _ => {}
        }
    }
}

/// `players 2 to 6`: `--players` decides how many sit down, and the seats around the table are
/// counted from there. Going left is going up the seat numbers (player 1, 2, ... n, then 1).
#[test]
fn any_number_of_seats_and_the_players_around_the_table() {
    let at = |n: usize| {
        let seats = vec!["random"; n].join(",");
        let (code, out, err) =
            cardlang(&["transcript", "tests/fixtures/seats.cardgame", "--seed", "1", "--players", &seats]);
        assert_eq!(code, 0, "{err}");
        out.lines().filter_map(|l| l.strip_prefix("» ")).map(str::to_string).collect::<Vec<_>>()
    };
    // Two seats: left and right are the same player, and so is the player across.
    assert_eq!(at(2)[0], "count 2 seat 2 right player 2 across player 2 at player 2 none none");
    // Three: nobody sits across.
    assert_eq!(at(3)[0], "count 3 seat 2 right player 3 across none at player 3 none none");
    assert_eq!(at(4)[0], "count 4 seat 2 right player 4 across player 3 at player 4 none none");
    // Player 2's hand was emptied: the next player holding cards after player 1 skips them,
    // and after the last seat comes player 1 again.
    assert_eq!(at(2)[1], "next with cards after 1: player 1 after last: player 1");
    assert_eq!(at(4)[1], "next with cards after 1: player 3 after last: player 1");
    // `for each q in players from right of p`: the player on the right first, then round left.
    assert_eq!(at(4)[2..6], ["turn of player 4", "turn of player 1", "turn of player 2", "turn of player 3"]);
    assert_eq!(at(3)[2..5], ["turn of player 3", "turn of player 1", "turn of player 2"]);
    // `deal 1 ... starting with player (player_count)`: the last seat gets the first card, and
    // with two players, player 2 (whose hand was emptied) gets one card and player 1 one more.
    assert_eq!(at(2)[4], "dealt: 3 1");
    assert_eq!(at(4)[6], "dealt: 3 3");
}

/// A count of players the game is not for is refused before it starts, pointing at `players`.
#[test]
fn a_count_of_players_outside_the_range_is_refused() {
    let seats = ["random"; 7].join(",");
    let (code, _, err) = cardlang(&["transcript", "tests/fixtures/seats.cardgame", "--seed", "1", "--players", &seats]);
    assert_ne!(code, 0);
    assert!(says(&err, "this game is for 2 to 6 players, not 7"), "{err}");
    assert!(says(&err, "players 2 to 6"), "the label shows the declaration: {err}");
    // Without --players, the fewest sit down.
    let (code, out, err) = cardlang(&["simulate", "tests/fixtures/seats.cardgame", "-n", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n2 ") && !out.contains("\n3 "), "two seats: {out}");
}

/// `p chooses s from suit`: naming a member of an enum (an eight names a suit).
#[test]
fn a_player_may_name_any_member_of_an_enum() {
    let src = r#"
        game "Name a suit"
        players 2
        enum suit = hearts, spades, clubs
        property suit: suit
        cards deck = every suit
        zone pack: shared, face down, holds deck
        procedure setup {
        }
        procedure play {
            player 1 chooses s from suit
            announce "{s}"
            end game draw
        }"#;
    let file = cardlang::syntax::parse(src).expect("parses");
    let program = check::check(&file, &Config::default()).expect("checks");
    let s = cardlang::engine::State::new(cardlang::engine::Game::new(program), 1);
    let labels: Vec<String> = s.legal_actions(0).iter().map(|a| s.action_label(0, *a)).collect();
    assert_eq!(labels, ["hearts", "spades", "clubs"]);
}

/// Plays a one-off game from source (no decisions needed) and returns its transcript.
fn transcript_of(name: &str, source: &str) -> String {
    let path = std::env::temp_dir().join(format!("cardlang-language-{}-{name}.cardgame", std::process::id()));
    std::fs::write(&path, source).expect("the temporary folder is writable");
    let file = path.to_string_lossy().to_string();
    let (code, out, err) = cardlang(&["transcript", &file, "--seed", "1"]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0, "{err}");
    out
}

/// `^` (a power, grouping to the right), a typed `let` that starts as `none`, and `end game
/// lowest` (fewest points wins; a tie shares the win).
#[test]
fn powers_typed_locals_and_the_lowest_score_winning() {
    let out = transcript_of(
        "small",
        r#"
        game "Small things"
        players 3
        counter points per player = 0
        procedure setup {
        }
        procedure play {
            let best: player = none
            announce "{2 ^ 10} {2 ^ 3 ^ 2} {-2 ^ 2} {(0 - 2) ^ 3} {2 ^ (0 - 1)} {10 ^ 30}"
            announce "best {best}"
            set best = player 2
            add 5 to points of player 1
            add 3 to points of best
            add 3 to points of player 3
            end game lowest p: points of p
        }"#,
    );
    assert!(out.contains("» 1024 512 -4 -8 none none"), "{out}");
    assert!(out.contains("» best none"), "{out}");
    assert!(out.contains("result: player 2 and player 3 win"), "{out}");
}

/// `for each` over an enum's members, the players and a zone's cards, each with `where`, and
/// `break` leaving only the innermost loop. The deal: player 1 holds 4♣ on top of 5♥ 5♠ 5♣;
/// player 3 holds two cards, player 2 none.
#[test]
fn loops_over_members_players_and_cards_and_break() {
    let said = announcements("tests/fixtures/loops.cardgame");
    assert_eq!(
        said,
        [
            "♥: 1",
            "♠: 1",
            "♣: 2",
            // Player 2 holds nothing.
            "player 1 holds cards",
            "player 3 holds cards",
            // Clubs are left out; no other 4 stops the loop, so both fives are seen.
            "saw 5",
            "saw 5",
            // The inner loop stops at player 2 each round; the outer one after round 2.
            "1 player 1",
            "2 player 1",
            "seen 2",
        ]
    );
}

/// Zones as parameters (of functions and procedures) and as a typed local, and `card k of Z`
/// counted from the top. The deal: the hand gets 5, 4, 3 (3 on top), the discard pile a 2.
#[test]
fn zones_as_parameters_and_cards_by_position() {
    let said = announcements("tests/fixtures/zone_params.cardgame");
    // Cards 1 to 3 from the top; nothing at 4 or 0; the highest of the hand (5 is 3 in `high`)
    // and of the discard pile (2 is 0).
    assert_eq!(said, ["3 4 5 none none best 3 0"]);
}

/// A counter cannot hold a zone: `zone` is a type for parameters, results and locals.
#[test]
fn a_counter_of_type_zone_is_refused() {
    let src = r#"
        game "Zone counter"
        players 2
        zone pack: shared, face down
        variable pile: zone = pack
        procedure play {
            end game draw
        }"#;
    let file = cardlang::syntax::parse(src).expect("parses");
    let errors = check::check_all(&file);
    assert!(errors.iter().any(|e| e.to_string().contains("a counter or variable cannot hold a zone")), "{errors:?}");
}

/// `teams`: partners win together (`end game winner p` makes p's whole team win), `team of p`
/// numbers the teams from 1, and a function adds up a team's points over the players.
#[test]
fn partners_win_together() {
    let (code, out, err) = cardlang(&[
        "transcript",
        "tests/fixtures/teams.cardgame",
        "--seed",
        "1",
        "--players",
        "random,random,random,random",
    ]);
    assert_eq!(code, 0, "{err}");
    // Players 1 and 3 score 3; players 2 and 4 score 2 + 2.
    assert!(out.contains("» teams 1 2 1 2 points 3 4"), "{out}");
    assert!(out.contains("result: player 2 and player 4 win"), "{out}");
}

/// `cards ... = every rank, suit where ...`: only the combinations that meet the condition are
/// made, and the condition may read the properties the block sets. Here 9, J, Q, K and A of two
/// suits: 10 cards, worth 2 + 4 + 5 + 6 + 7 in each suit.
#[test]
fn a_deck_made_of_every_combination_that_meets_a_condition() {
    assert_eq!(announcements("tests/fixtures/short_deck.cardgame"), ["10 cards, 48 points, top A♠"]);
}

/// Texts as values: `if ... then "made the bid" else "went down"` inside an announcement, in a
/// local, and with an escaped quote.
#[test]
fn texts_as_values_in_announcements() {
    assert_eq!(
        announcements("tests/fixtures/texts.cardgame"),
        ["player 1 made the bid (2)", "player 2 went down (0)", "passing to the left; quote \" inside"]
    );
}

/// `move ... to bottom of Z` puts cards under a zone's cards: one at a time, so several keep
/// their order; a stack moved with `and above` keeps its order too; a zone's own top can go
/// under it. The transcript says "bottom of" when a card went under others, and the JSONL
/// transcript marks it `"bottom": true`.
#[test]
fn cards_moved_to_the_bottom_of_a_zone() {
    let file = "tests/fixtures/bottom.cardgame";
    assert_eq!(
        announcements(file),
        [
            "pack 5 .. 6",
            // 5 went under first, then 4 under it.
            "pile 5 4",
            // The pile was 3 5 4 (top first); 5 with 3 on it went under 4.
            "pile 4 3 5",
            // The pack was 2 1 6; the pile 4 3 5 went under it.
            "pack 6: 4 3 5",
            // 2 went on the empty stack, 1 under it.
            "stack 2 1",
        ]
    );
    let (code, out, err) = cardlang(&["transcript", file, "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    for line in ["6: pack -> bottom of pack", "5: pack -> pile", "4: pack -> bottom of pile", "3: pack -> pile"] {
        assert!(out.lines().any(|l| l.ends_with(line)), "{line} in\n{out}");
    }
    assert!(out.lines().any(|l| l.ends_with("4: pile -> bottom of pack (face down)")), "{out}");
    let (code, out, err) = cardlang(&["transcript", file, "--seed", "1", "--format", "jsonl"]);
    assert_eq!(code, 0, "{err}");
    let moves: Vec<&str> = out.lines().filter(|l| l.contains(r#""event":"move""#)).collect();
    assert!(moves[0].contains(r#""bottom":true"#), "{}", moves[0]);
    // The 5 went onto an empty pile: nothing under it, nothing to mark.
    assert!(!moves[1].contains("bottom"), "{}", moves[1]);
    assert!(moves[2].contains(r#""bottom":true"#), "{}", moves[2]);
}

/// A choice of several cards, from `tests/fixtures/several.cardgame` (an unshuffled deal:
/// player 1 holds A♠ 4♠ 3♠ 2♠, player 2 the hearts): each set is offered once, in the zone's
/// order; the `where` tests every card, `of one rank` the set; `0 to 1` offers "no card".
#[test]
fn several_cards_chosen_at_once() {
    let file = cardlang::syntax::parse(&std::fs::read_to_string("tests/fixtures/several.cardgame").expect("fixture"))
        .expect("parses");
    let game = cardlang::engine::Game::new(check::check(&file, &Config::default()).expect("checks"));
    let mut s = cardlang::engine::State::new(game, 1);
    let labels = |s: &cardlang::engine::State, p: u8| -> Vec<String> {
        s.legal_actions(p).iter().map(|a| s.action_label(p, *a)).collect()
    };
    // Two of player 1's three cards that are not an ace.
    assert_eq!(labels(&s, 0), ["4♠ + 3♠", "4♠ + 2♠", "3♠ + 2♠"]);
    let pass = s.legal_actions(0)[1];
    s.apply(0, pass).expect("a legal action");
    // Player 2 now holds the hearts and 2♠ 4♠: single cards, and the pairs of one rank.
    assert_eq!(labels(&s, 1), ["A♥", "4♥", "3♥", "2♥", "2♠", "4♠", "4♥ + 4♠", "2♥ + 2♠"]);
    let pair = s.legal_actions(1)[6];
    s.apply(1, pair).expect("a legal action");
    assert_eq!(labels(&s, 0), ["no card", "A♠", "3♠"]);
    // What player 2 chose is on the table; player 1 saw their own pass as cards, and player 2's
    // choice from a private hand as "a card".
    let out = transcript_of("several", &std::fs::read_to_string("tests/fixtures/several.cardgame").expect("fixture"));
    assert!(out.contains("player 1 chooses 4♠ + 2♠ from [4♠ + 3♠, 4♠ + 2♠, 3♠ + 2♠]"), "{out}");
    assert!(out.contains("» table 1"), "{out}");
}

/// `with V adding up to T`: the sets whose values add up to the total, as when a card captures
/// table cards that add up to its value; "no card" only when the total is 0.
#[test]
fn several_cards_that_add_up_to_a_total() {
    let source = |total: &str| {
        format!(
            r#"
            game "Capture"
            players 1
            enum rank = 1, 2, 3, 4, 5, 6
            property rank: rank
            order worth: rank 1 < 2 < 3 < 4 < 5 < 6
            cards deck = every rank
            zone pack: shared, face up, spread, holds deck
            zone taken: shared, face up
            procedure play {{
                player 1 chooses 0 to 3 cards c from pack to taken with worth of c + 1 adding up to {total}
                end game draw
            }}"#
        )
    };
    let labels = |total: &str| -> Vec<String> {
        let file = cardlang::syntax::parse(&source(total)).expect("parses");
        let game = cardlang::engine::Game::new(check::check(&file, &Config::default()).expect("checks"));
        let s = cardlang::engine::State::new(game, 1);
        s.legal_actions(0).iter().map(|a| s.action_label(0, *a)).collect()
    };
    // The pack lies 1 to 6 from the bottom: 6 alone, two that make 6, three that make 6.
    assert_eq!(labels("6"), ["6", "1 + 5", "2 + 4", "1 + 2 + 3"]);
    assert_eq!(labels("2 * 2 - 4"), ["no card"]);
    assert_eq!(labels("16"), Vec::<String>::new());
}

/// A function's block: `let` lines, each able to use the ones before, then the result; a name
/// an aggregate binds hides a `let` of that name inside it; a name given twice means its latest
/// value. Player 1 holds 4♥ 3♥, player 2 4♠ 3♠.
#[test]
fn functions_with_local_names() {
    assert_eq!(announcements("tests/fixtures/function_block.cardgame"), ["14 4 102 20"]);
    // The formatter keeps the block as written.
    let text = std::fs::read_to_string("tests/fixtures/function_block.cardgame").expect("fixture");
    assert_eq!(cardlang::syntax::format(&text).expect("formats"), text);
}

/// A variant may override the game's `progress` and `length` (`override progress p = ...`):
/// `simulate` measures and labels by the ones in force.
#[test]
fn a_variant_overrides_progress_and_length() {
    let file = "tests/fixtures/override_measures.cardgame";
    let (code, base, err) = cardlang(&["simulate", file, "-n", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(base.contains("how far the player got (`turns` at the end): mean 1.0"), "{base}");
    assert!(base.contains("length (turns)"), "{base}");
    let (code, other, err) = cardlang(&["simulate", file, "-n", "3", "--variant", "other"]);
    assert_eq!(code, 0, "{err}");
    assert!(other.contains("how far the player got (`score * 2` at the end): mean 4.0"), "{other}");
    assert!(other.contains("length (score): mean 2.0"), "{other}");
    // Overriding what the game does not declare is refused.
    let text = std::fs::read_to_string(file).expect("fixture").replace("progress p = turns\n", "");
    let parsed = cardlang::syntax::parse(&text).expect("parses");
    let err =
        check::check(&parsed, &Config { variant: Some("other".into()), ..Config::default() }).expect_err("refused");
    assert!(format!("{err:?}").contains("declares no `progress` for this variant to override"), "{err:?}");
}

/// `next of r` and `previous of r`: the member after or before, round from the last to the
/// first; a number alone is refused (which enum's 2?).
#[test]
fn the_member_after_and_before_another() {
    let out = transcript_of(
        "next",
        r#"
        game "Next"
        players 2
        enum rank = A, 2, 3, K
        counter due: rank = A
        procedure play {
            announce "{next of due} {previous of due} {next of K} {next of next of due}"
            set due = previous of due
            announce "{due}"
            end game draw
        }"#,
    );
    assert!(out.contains("» 2 K A 3\n"), "{out}");
    assert!(out.contains("» K\n"), "{out}");
    let file = cardlang::syntax::parse(
        "game \"X\"\nplayers 2\nenum rank = A, 2\nprocedure play {\n    announce \"{next of 2}\"\n    end game draw\n}\n",
    )
    .expect("parses");
    let err = check::check(&file, &Config::default()).expect_err("a number is not a member");
    assert!(format!("{err:?}").contains("`next of` needs a member of an enum, not a number"), "{err:?}");
}

/// Every word of the language is reserved, `top` too (it was taken for a name because `to`,
/// listed before it, matched first).
#[test]
fn top_is_a_reserved_word_like_the_others() {
    let err =
        cardlang::syntax::parse("game \"K\"\nplayers 2\nprocedure play {\n    let top = 1\n    end game draw\n}\n")
            .expect_err("a reserved word is not a name");
    assert!(format!("{err:?}").contains("`top` is a reserved word"), "{err:?}");
}

/// `move c and above to bottom of Z` slides the stack under the pile: its top card first, each
/// next one under it, so every move is to the bottom and the stack keeps its order.
#[test]
fn a_stack_slid_under_a_pile_moves_top_card_first() {
    let out = transcript_of(
        "stack",
        r#"
        game "Stack"
        players 2
        enum rank = 2, 3, 4, 5
        property rank: rank
        cards deck = every rank
        zone pack: shared, face up, spread, holds deck
        zone pile: shared, face up, spread
        procedure play {
            move top of pack to pile
            move card 3 of pack and above to bottom of pile
            announce "{card 1 of pile} {card 2 of pile} {card 3 of pile} {card 4 of pile}"
            end game draw
        }"#,
    );
    // The pack was 5 4 3 2 (top first); 5 went to the pile; the stack 4 3 2 (from 2 up) went under.
    let moves: Vec<&str> = out.lines().filter(|l| l.contains("-> bottom of pile")).collect();
    assert_eq!(moves, ["4: pack -> bottom of pile", "3: pack -> bottom of pile", "2: pack -> bottom of pile"]);
    assert!(out.contains("» 5 4 3 2\n"), "{out}");
}

/// Cards without the property or value a choice of several cards tests never match: two jokers
/// (no rank) are not "of one rank", and a joker (worth `none`) adds up to nothing. The deal: 2,
/// 3 and two jokers; the sets must add up to 1 (the worth of a 3).
#[test]
fn cards_without_a_value_match_nothing_in_a_set() {
    let source = r#"
game "Jokers"
players 1
enum rank = 2, 3
property rank: rank = none
order worth: rank 2 < 3
cards deck = every rank
cards jokers = {
    "Joker" { }
    "Joker" { }
}
zone pack: shared, face up, spread, holds deck + jokers
zone taken: shared, face up
procedure play {
    player 1 chooses 1 to 2 cards c of one rank from pack to taken with worth of c adding up to 1
    end game draw
}
"#;
    let file = cardlang::syntax::parse(source).expect("parses");
    let game = cardlang::engine::Game::new(check::check(&file, &Config::default()).expect("checks"));
    let s = cardlang::engine::State::new(game, 1);
    let labels: Vec<String> = s.legal_actions(0).iter().map(|a| s.action_label(0, *a)).collect();
    assert_eq!(labels, ["3"]);
    let pairs_only = source
        .replace("1 to 2 cards c of one rank", "2 cards of one rank")
        .replace(" with worth of c adding up to 1", "");
    let file = cardlang::syntax::parse(&pairs_only).expect("parses");
    let game = cardlang::engine::Game::new(check::check(&file, &Config::default()).expect("checks"));
    let s = cardlang::engine::State::new(game, 1);
    assert!(s.legal_actions(0).is_empty(), "two jokers share no rank");
}

/// A statement in a function's block gets the message that says what a block holds, not the
/// parser's expectations.
#[test]
fn a_statement_in_a_function_block_is_explained() {
    // Statements that do something in the game are not what a function's block may hold.
    for line in ["move top of hand of p to hand of p", "announce \"hi\"", "shuffle hand of p"] {
        let source = format!(
            "game \"F\"\nplayers 2\nzone hand: per player, private\nfunction f(p: player): int {{\n    let tricks = 1\n    {line}\n    tricks\n}}\nprocedure play {{\n    end game draw\n}}\n"
        );
        let err = cardlang::syntax::parse(&source).expect_err("not a statement of a function");
        assert!(format!("{err:?}").contains("a function's block works out its result"), "{line}: {err:?}");
    }
}

/// A function's block may hold statements that work out its result: names changed by `set` and
/// `add`, `if`, `while`, `for each` and `break`. The arguments are worked out once, and a call
/// may take another's result. A loop that never ends gives `none` after a million rounds. The
/// hand, from the top: 4♠ 5♥ 5♠ 6♥ 6♠.
#[test]
fn functions_with_statements_work_out_their_result() {
    let said = announcements("tests/fixtures/function_statements.cardgame");
    // Ranks 4, 5, 6 held: a run of three; the first heart from the top; 1 + ... + 10, and the
    // triangle of the triangle of 3 (6): 21. Two cards of one rank make no run of two.
    assert_eq!(said, ["run 3 heart 5♥ t 55 21", "best pair run 2", "forever none"]);
}

/// A choice of several cards with too many sets to list (up to four of a 26-card hand: 17,901
/// sets) is offered one card at a time, in any order, with "done" once a set is whole; the
/// whole set is made by itself when no card can be added. Every card offered belongs to some
/// set the rules allow. A small choice (two of one rank) is still offered as whole sets.
#[test]
fn several_cards_from_a_big_hand_are_offered_one_at_a_time() {
    let file =
        cardlang::syntax::parse(&std::fs::read_to_string("tests/fixtures/many_cards.cardgame").expect("fixture"))
            .expect("parses");
    let game = cardlang::engine::Game::new(check::check(&file, &Config::default()).expect("checks"));
    let mut s = cardlang::engine::State::new(game, 1);
    let labels = |s: &cardlang::engine::State, p: u8| -> Vec<String> {
        s.legal_actions(p).iter().map(|a| s.action_label(p, *a)).collect()
    };
    let take = |s: &mut cardlang::engine::State, p: u8, label: &str| {
        let a = s.legal_actions(p).into_iter().find(|a| s.action_label(p, *a) == label).expect(label);
        s.apply(p, a).expect("a legal action");
    };
    assert!(s.offered_card_by_card());
    // Player 1 holds the clubs and spades: every one is a first card, and nothing is done yet.
    let first = labels(&s, 0);
    assert_eq!(first.len(), 26);
    assert!(!first.contains(&"done".to_string()));
    // Picked out of the hand's order: the set is kept in the hand's order all the same.
    take(&mut s, 0, "2♠");
    take(&mut s, 0, "K♣");
    let now = labels(&s, 0);
    assert_eq!(now.len(), 25, "24 cards and done: {now:?}");
    assert_eq!(now.last().map(String::as_str), Some("done"));
    assert!(!now.contains(&"2♠".to_string()) && !now.contains(&"K♣".to_string()));
    assert_eq!(s.observation(0).my_picks.len(), 2);
    assert!(s.observation(1).my_picks.is_empty(), "player 2 is not told what player 1 picked");
    take(&mut s, 0, "7♠");
    // A fourth card makes the set whole: it moves without a "done".
    take(&mut s, 0, "A♣");
    assert!(!s.offered_card_by_card());
    assert_eq!(s.zone_cards(3).len(), 4, "four cards on the table");
    // Player 2's two of one rank: few sets, offered whole.
    assert_eq!(labels(&s, 1).len(), 12);
    assert!(labels(&s, 1).contains(&"2♦ + 2♥".to_string()));
    // Played to the end by chance, the game finishes; the onlooker's transcript has each pick.
    let out = transcript_of("many", &std::fs::read_to_string("tests/fixtures/many_cards.cardgame").expect("fixture"));
    assert!(out.contains("game over"), "{out}");
    assert!(out.contains(", done]"), "{out}");
}

/// `remember position` keeps where every card lies (zone, order, facing) and `position seen
/// before` asks whether the cards lie so again: a pile of three cycled one card at a time is
/// back after three moves; a card turned over is a new position, turned back an old one.
/// The `unbounded_loop` lint knows that moving or turning cards, or remembering, can change the
/// answer, and that nothing else can.
#[test]
fn positions_remembered_and_seen_again() {
    assert_eq!(
        announcements("tests/fixtures/positions.cardgame"),
        ["back after 3 moves", "turned: false", "turned back: true"]
    );
    let (code, out, err) = cardlang(&["lint", "tests/fixtures/positions.cardgame"]);
    assert_eq!(code, 0, "{out}{err}");
    let source = std::fs::read_to_string("tests/fixtures/positions.cardgame").expect("fixture");
    let stuck = source.replace("move top of pile to bottom of pile", "add 1 to moves").replace("remember position", "");
    let path = std::env::temp_dir().join(format!("cardlang-positions-{}.cardgame", std::process::id()));
    std::fs::write(&path, stuck).expect("the temporary folder is writable");
    let (_, out, err) = cardlang(&["lint", &path.to_string_lossy()]);
    let _ = std::fs::remove_file(&path);
    assert!(format!("{out}{err}").contains("nothing in it changes `the position`"), "{out}{err}");
}

/// A name may start with a word of the language (`iffy`, `everyone`, `player1`, `topic`,
/// `settle`, `counts`): statements and expressions take their words only as whole words, so
/// each of these is read as the name it is (they once read as `if fy ...`, `every one`,
/// `player 1`, ...).
#[test]
fn names_that_start_with_a_word_of_the_language_are_names() {
    let out = transcript_of(
        "names",
        r#"
        game "Names"
        players 2
        counter iffy = 1
        counter everyone = 2
        counter player1 = 3
        counter topic = 4
        counter counts = 5
        function whiled(n: int): int = n + 1
        procedure setup {
        }
        procedure settle(n: int) {
            add n to iffy
        }
        procedure play {
            settle(10)
            set topic = whiled(topic)
            announce "{iffy} {everyone} {player1} {topic} {counts} {if iffy > 10 then everyone else player1}"
            end game draw
        }"#,
    );
    assert!(out.contains("» 11 2 3 5 5 2"), "{out}");
}

/// `counter score per team`: one value a team's players share, whichever partner adds to it;
/// a player in no team keeps their own. `simulate` and the panel show each player their team's.
#[test]
fn a_counter_per_team_is_shared_by_partners() {
    let file = "tests/fixtures/team_counters.cardgame";
    let (code, out, err) =
        cardlang(&["transcript", file, "--seed", "1", "--players", "random,random,random,random,random"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("» score 5 4 5 4 1"), "{out}");
    assert!(out.contains("result: player 1 and player 3 win"), "{out}");
    let (code, out, err) = cardlang(&["simulate", file, "-n", "2", "--players", "random,random,random,random,random"]);
    assert_eq!(code, 0, "{err}");
    for (seat, value) in [(1, 5), (2, 4), (3, 5), (4, 4), (5, 1)] {
        let line = out.lines().find(|l| l.trim_start().starts_with(&format!("score of player {seat} "))).unwrap_or("");
        assert!(line.split_whitespace().nth(4) == Some(&format!("{value}.00")[..]), "seat {seat}: {line}\n{out}");
    }
}

/// A team's counter read without saying whose team: the checker asks which, and says how.
#[test]
fn a_counter_per_team_needs_a_player() {
    let source = std::fs::read_to_string("tests/fixtures/team_counters.cardgame").expect("fixture");
    let source = source.replace("set score of player 5 = 1", "set score = 1");
    let file = cardlang::syntax::parse(&source).expect("parses");
    let errors = check::check_all(&file);
    let text: Vec<String> =
        errors.iter().map(|e| format!("{e} {:?}", miette::Diagnostic::help(e).map(|h| h.to_string()))).collect();
    assert!(
        text.iter().any(|t| t.contains("counter `score` has one value per team") && t.contains("write `score of p`")),
        "{text:?}"
    );
}

/// `text` as a type: a function gives a text (chosen by a condition, or passed in), a `let` and
/// a counter hold one, and texts compare with `==`; the counter's text is reported at the end.
#[test]
fn texts_as_a_type_for_functions_locals_and_counters() {
    let file = "tests/fixtures/text_type.cardgame";
    assert_eq!(announcements(file), ["player 1 made it, player 2 went down; 1 card, 2 cards"]);
    let (code, out, err) = cardlang(&["transcript", file, "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: player 1 wins"), "{out}");
    assert!(out.contains("verdict: made it"), "{out}");
}

/// `subsets of Z of size a to b` in aggregates and `for each subset` loops: the sets of a hand,
/// smaller first and, in one size, the ones with cards nearer the top first; a function of
/// `cards` takes a zone or a set; sets of a set; a loop goes over the cards as they were when
/// it began, though its body moves them. The hand, from the top: 5♠ 10♥ 10♠ K♥ K♠ (5, 10, 10,
/// 10, 10 points).
#[test]
fn subsets_of_a_hand_in_aggregates_and_loops() {
    let said = announcements("tests/fixtures/subsets.cardgame");
    let pairs = [
        "pair 5♠ 10♥: 15 (2 cards, second 10♥)",
        "pair 5♠ 10♠: 15 (2 cards, second 10♠)",
        "pair 5♠ K♥: 15 (2 cards, second K♥)",
        "pair 5♠ K♠: 15 (2 cards, second K♠)",
        "pair 10♥ 10♠: 20 (2 cards, second 10♠)",
        "pair 10♥ K♥: 20 (2 cards, second K♥)",
        "pair 10♥ K♠: 20 (2 cards, second K♠)",
        "pair 10♠ K♥: 20 (2 cards, second K♥)",
        "pair 10♠ K♠: 20 (2 cards, second K♠)",
        "pair K♥ K♠: 20 (2 cards, second K♠)",
    ];
    let mut expected: Vec<String> = [
        "hand 5: top 5♠",
        // The five with each ten or king; no set of three or more adds up to 15.
        "fifteens 4",
        // C(5, 2), and every set of one to five cards: 2^5 - 1.
        "pairs 10",
        "all sets 31",
        "best pair 20",
        "any three over 20 true",
        // The threes of the four tens and kings: C(4, 3).
        "tens 4",
    ]
    .map(String::from)
    .to_vec();
    for p in pairs {
        expected.push(p.to_string());
        expected.push("  its bottom alone: 10".to_string());
    }
    expected.extend(
        [
            // Two sets of four moved 5 cards (three of them twice); the loop stopped at `break`.
            "kept 5, left 0, loops 2",
            // Size 0 to 1 of kept (from the top: K♠ 10♠ 10♥ 5♠ K♥): the empty set first.
            "small 0 0",
            "small 1 10",
            "small 1 10",
            "small 1 10",
            "small 1 5",
            "small 1 10",
        ]
        .map(String::from),
    );
    assert_eq!(said, expected);
}

/// A set from `subsets of` lives as long as its loop or aggregate: it cannot be kept in a
/// counter or set into a name, is not a zone to move cards from, and is not shown in a text.
#[test]
fn a_set_of_cards_is_read_not_kept() {
    let check_with = |decl: &str, line: &str| {
        let src = format!(
            "game \"Sets\"\nplayers 2\nzone hand: per player, public\nzone pile: shared, public\n{decl}\nprocedure play {{\n    {line}\n    end game draw\n}}\n"
        );
        let file = cardlang::syntax::parse(&src).expect("parses");
        check::check_all(&file).iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
    };
    let errors = check_with("variable best: cards = none", "");
    assert!(errors.contains("a counter or variable cannot hold some cards"), "{errors}");
    let errors = check_with(
        "procedure keep(s: cards) {\n    set s = hand of player 1\n}",
        "for each subset s of hand of player 1 of size 2 {\n        keep(s)\n    }",
    );
    assert!(errors.contains("a name for some cards cannot be changed"), "{errors}");
    let errors = check_with("", "for each subset s of hand of player 1 {\n        move all of s to pile\n    }");
    assert!(errors.contains("expected a zone, found some cards"), "{errors}");
    let errors = check_with("", "for each subset s of hand of player 1 {\n        announce \"{s}\"\n    }");
    // Zones read as one (issue 43) go in parentheses after `subsets of`: the parser says so.
    let joined = "game \"J\"\nplayers 2\nzone hand: per player, public\nzone board: shared, public\nprocedure play {\n    announce \"{count of s in subsets of hand of player 1 + board of size 2}\"\n    end game draw\n}\n";
    let err = cardlang::syntax::parse(joined).expect_err("two zones joined");
    assert!(format!("{err:?}").contains("after `subsets of`, zones read as one go in parentheses"), "{err:?}");
    assert!(errors.contains("a set of cards cannot be shown in a text"), "{errors}");
    // The same loops, used as they are meant, check.
    let errors = check_with(
        "procedure take(s: cards) {\n    for each card c in s {\n        move c to pile\n    }\n}",
        "for each subset s of hand of player 1 of size 2 where count of s == 2 {\n        take(s)\n        announce \"{count of s}\"\n    }",
    );
    assert_eq!(errors, "");
}

/// `hands`: named patterns of cards, the best first, ranked by an order. `poker of Z` is the
/// best pattern the cards make; `strength of Z by poker` orders any two hands: the pattern,
/// then the cards that make it (a straight by its top card, the wheel's being its 5; a full
/// house by its three), then the others, highest first. A pattern written twice has two ways
/// to be made; `nothing` matches any cards; without it, cards may make no pattern (`none`).
#[test]
fn hands_rank_cards_by_named_patterns() {
    let said = announcements("tests/fixtures/hands.cardgame");
    assert_eq!(
        said,
        [
            "straight vs straight: second",
            "two pair vs two pair: second",
            "full house vs full house: second",
            "one pair vs one pair: first",
            "flush vs straight: first",
            "high card vs high card: tie",
            // 9♥ 10♥ J♥ Q♥ K♥ among seven cards, and the three nines with any two of the four
            // other hearts.
            "seven: straight flush, 1 best five, 6 threes",
            "small: true",
            "nothing: high card, pair, none",
        ]
    );
}

/// A variant overrides a `hands` declaration like any other (`override hands category by low`):
/// its patterns and its ranking order replace the game's. The deal: player 1 holds 6♥ 6♣ 5♥,
/// player 2 5♣ 4♥ 4♣. Ranked by `high`, sixes beat fours; with the variant's one pattern ranked
/// by `low` (6 lowest), the fours' group ranks higher.
#[test]
fn a_variant_overrides_a_hands_declaration() {
    let said = |variant: &[&str]| {
        let mut args = vec!["transcript", "tests/fixtures/hands_variant.cardgame", "--seed", "1"];
        args.extend_from_slice(variant);
        let (code, out, err) = cardlang(&args);
        assert_eq!(code, 0, "{err}");
        out.lines().filter_map(|l| l.strip_prefix("» ")).map(str::to_string).collect::<Vec<_>>()
    };
    assert_eq!(said(&[]), ["pair pair true"]);
    assert_eq!(said(&["--variant", "lowball"]), ["no pair no pair false"]);
}
