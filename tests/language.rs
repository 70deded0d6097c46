//! Language features, each shown on a small game: what a construct computes, and how the checker
//! treats it: aggregates, players and seats, enums, expressions, loops, functions, texts and teams.
//! Cards, zones and sets of cards are in `language_cards.rs`. (The games' own rules are proven in
//! `tests/rules/`.)

use crate::common::{cardlang, says};
use cardlang::check::ir::{Choice, Stmt};
use cardlang::check::{self, Config};

/// The announcements of the one game `tests/fixtures/aggregates.cardgame` plays (it has no
/// decisions, so every seed deals the same pack in the same order).
pub(crate) fn announcements(file: &str) -> Vec<String> {
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
pub(crate) fn transcript_of(name: &str, source: &str) -> String {
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

/// Texts as values: `if ... then "made the bid" else "went down"` inside an announcement, in a
/// local, and with an escaped quote.
#[test]
fn texts_as_values_in_announcements() {
    assert_eq!(
        announcements("tests/fixtures/texts.cardgame"),
        ["player 1 made the bid (2)", "player 2 went down (0)", "passing to the left; quote \" inside"]
    );
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
