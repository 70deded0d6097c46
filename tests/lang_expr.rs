//! Issue 43, expressions: aggregates over number ranges (`any k in 1 to 4 where ...`), over the
//! zones of a row (`count of zone z in every column where z is empty`), `where` on a numeric
//! loop, and `previous q before p where ...`. Each is shown on a small game with a stacked deck,
//! proven against the reference evaluator (an independent reading of the checked program),
//! formatted back to the same tree, and its mistakes reported with their codes.

use crate::common::{cardlang, says};
use cardlang::check;
use cardlang::check::ir::Stmt;
use cardlang::reference::compare;

const GAME: &str = "tests/fixtures/lang_expr/numbers_and_rows.cardgame";

/// The announcements of a game without decisions (the pack is not shuffled, so the deal is the
/// same on every seed).
fn announcements(file: &str) -> Vec<String> {
    let (code, out, err) = cardlang(&["transcript", file, "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    out.lines().filter_map(|l| l.strip_prefix("» ")).map(str::to_string).collect()
}

/// The deal: `column of 1` holds 6♠; `column of 2` 6♥ 5♠ (5♠ on top); `column of 3` nothing
/// (the loop skips 3); `column of 4` 5♥ 4♠ 4♥ 3♠; player 2 holds 3♥ and player 4 holds 2♠
/// (the suits have no symbols, so the transcript writes `6spades`);
/// player 2 has 5 coins and player 4 has 7.
#[test]
fn questions_about_numbers_rows_and_the_players_before_one() {
    let said = announcements(GAME);
    assert_eq!(
        said,
        [
            // A column of 1 to 4 is empty: the third.
            "E0 true",
            // Columns 2 and 4 hold two cards or more.
            "E1 2",
            // 1 + 4 + 9 + 16.
            "E2 30",
            // The fullest column holds four.
            "E3 4",
            // `all` over no numbers (1 to 0) is true.
            "E4 true",
            // One column is empty.
            "E5 1",
            // A column shows a 6 on top (`value of` counts from 0 in the order, so a 6 is 5).
            "E6 true",
            // Two cards in the hands, counted hand by hand.
            "E7 2",
            // Going right from player 1: player 4 is the first with coins.
            "E8 player 4",
            // Going left from player 1: player 2.
            "E9 player 2",
            // Going right from player 2: player 1 has none, player 4 has more than 5.
            "E10 player 4",
            // Two million numbers are more than an aggregate goes over: `none`.
            "E11 none",
            // Players 2 and 4 hold a card whose value is one of 1 to 6.
            "E12 2",
            "S0 begin",
            "even 2",
            "even 4",
            "even 6",
            "1 on top of 6spades",
            "2 on top of 5spades",
            "4 on top of 3spades",
            "S0 end",
        ]
    );
}

/// Every tagged expression (`E0 ...`) and the tagged block (`S0 ...`) of the game read the same
/// by the engine and by the reference evaluator.
#[test]
fn the_engine_and_the_reference_agree_on_ranges_rows_and_previous() {
    let source = std::fs::read_to_string(GAME).expect("the fixture");
    let (compared, mismatches) = compare::run_source(&source, 1, |_| 0).expect("the fixture checks");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert_eq!(compared, 14, "13 expressions and one block compared");
}

/// The same questions in games played with random choices (24 deals): after the moves, each form
/// is worked out by the engine and by the reference on the same table.
#[test]
fn ranges_rows_and_previous_agree_with_the_reference_in_play() {
    let source = r#"game "Rows in play"
players 3
enum suit = hearts, spades, clubs
enum rank = 1, 2, 3, 4
property suit: suit
property rank: rank
cards deck = every rank, suit
order value: rank 1 < 2 < 3 < 4
zone pack: shared, face down, holds deck
zone hand: per player, face up, spread
zone column: per 1 to 4, face up, spread
counter score per player = 0

function best_column(): int = max of count of z for zone z in every column

procedure setup {
    shuffle pack
    deal 3 from pack to hand
}

procedure play {
    repeat 4 times {
        for each player p {
            if hand of p is not empty {
                p chooses c from hand of p
                p chooses k from 1 to 4
                move c to column of k
                add k to score of p
            }
        }
    }
    announce "E0 {count of k in 1 to 4 where column of k is empty}"
    announce "E1 {sum of value of top of column of k for k in 1 to 4 where column of k is not empty}"
    announce "E2 {any zone z in every column where count of z >= 3}"
    announce "E3 {min of count of z for zone z in every hand}"
    announce "E4 {previous q before player 1 where score of q > 4}"
    announce "E5 {best_column()}"
    announce "E6 {count of q in players where all k in 1 to score of q where k > 0}"
    announce "S0 begin"
    for each zone z in every column where count of z >= 2 {
        add count of z to score of player 1
    }
    for each k in 1 to best_column() where k % 2 == 1 {
        announce "odd {k}"
    }
    announce "S0 end"
    end game draw
}
"#;
    let mut total = 0;
    for seed in 0..24u64 {
        let mut dice = seed.wrapping_mul(2_654_435_761);
        let pick = move |n: usize| {
            dice = dice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (dice >> 33) as usize % n.max(1)
        };
        let (compared, mismatches) = compare::run_source(source, seed, pick).expect("the game checks");
        assert!(mismatches.is_empty(), "seed {seed}: {}", mismatches.join("\n"));
        total += compared;
    }
    assert_eq!(total, 24 * 8, "seven expressions and a block compared in every game");
}

/// `fmt` writes each new form so that it reads back the same: a range's first number bare when
/// it is a number (or a name before a `where`), in parentheses otherwise; a name or parentheses
/// start a range only before a `where`.
#[test]
fn fmt_writes_ranges_rows_and_previous_so_they_read_back_the_same() {
    let cases = [
        ("let a = any  k in 1 to 4 where k>2", "let a = any k in 1 to 4 where k > 2"),
        ("let a = count of k in lo to hi where k > 2", "let a = count of k in lo to hi where k > 2"),
        ("let a = sum of k for k in (lo) to hi where true", "let a = sum of k for k in lo to hi where true"),
        ("let a = (sum of k for k in 1 to 3) + 1", "let a = (sum of k for k in 1 to 3) + 1"),
        (
            "let a = sum of k for k in (n - 1) to n + 1 where k > 0",
            "let a = sum of k for k in (n - 1) to n + 1 where k > 0",
        ),
        // Without a `where`, `(hand) to pile` is a zone and `move`'s `to`.
        ("move sum of k for k in (hand) to pile", "move sum of k for k in hand to pile"),
        (
            "let a = count of zone z in every column where z is empty",
            "let a = count of zone z in every column where z is empty",
        ),
        (
            "let a = max of count of z for zone  z in every column",
            "let a = max of count of z for zone z in every column",
        ),
        ("let a = previous q before p where q != p", "let a = previous q before p where q != p"),
        ("for each k in 1 to 7 where k != 3 { }", "for each k in 1 to 7 where k != 3 {\n    }"),
        ("for each zone z in every column { }", "for each zone z in every column {\n    }"),
    ];
    for (written, want) in cases {
        let source = format!("game \"F\"\nplayers 2\nprocedure play {{\n    {written}\n}}\n");
        let once = cardlang::syntax::fmt::format(&source).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert!(once.contains(want), "{written} was written\n{once}");
        let twice = cardlang::syntax::fmt::format(&once).expect("the formatted text parses");
        assert_eq!(twice, once, "{written}: formatting is idempotent");
        let tree = |s: &str| format!("{:?}", cardlang::syntax::parse(s).expect("parses").items).len();
        assert_eq!(tree(&once), tree(&source), "{written}: the same tree, spans aside (by size)");
    }
}

/// `sum of c.points for c in won of p to score of p` still reads as a zone followed by `add`'s
/// `to`: a range starts with a number, a parenthesised expression, or a name before a `where`.
#[test]
fn add_of_a_sum_over_a_zone_is_not_read_as_a_range() {
    let source = r#"game "Add"
players 2
enum rank = 1, 2, 3
property rank: rank
cards deck = every rank
order value: rank 1 < 2 < 3
zone pack: shared, face up, holds deck
counter score per player = 0
procedure play {
    add sum of value of c for c in pack to score of player 1
    add sum of k for k in 1 to 3 to score of player 2
    announce "{score of player 1} {score of player 2}"
    end game draw
}
"#;
    let dir = std::env::temp_dir().join(format!("cardlang-lang-expr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("add.cardgame");
    std::fs::write(&path, source).expect("written");
    let said = announcements(path.to_str().expect("a path"));
    // 0 + 1 + 2 (`value of` counts from 0), and 1 + 2 + 3.
    assert_eq!(said, ["3 6"]);
    let _ = std::fs::remove_dir_all(&dir);
}

fn check_errors(source: &str) -> Vec<(String, String)> {
    let file = cardlang::syntax::parse(source).expect("it parses");
    check::check_all(&file)
        .iter()
        .map(|e| {
            let code = miette::Diagnostic::code(e).map(|c| c.to_string()).unwrap_or_default();
            (code, e.to_string())
        })
        .collect()
}

const HEAD: &str = r#"game "Mistakes"
players 3
enum rank = 1, 2, 3
property rank: rank
cards deck = every rank
zone pack: shared, face down, holds deck
zone column: per 1 to 3, face up
counter coins per player = 0
"#;

/// The checker's words for the new forms' mistakes.
#[test]
fn mistakes_with_ranges_rows_and_previous_are_explained() {
    let with = |body: &str| check_errors(&format!("{HEAD}procedure play {{\n{body}\n    end game draw\n}}\n"));
    // A row of zones is needed after `zone z in`.
    let e = with("    announce \"{count of zone z in pack where z is empty}\"");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, "cardlang::check::zone_items_need_row");
    // `card k in 1 to 3` looks for a card.
    let e = with("    announce \"{card k in 1 to 3 where k > 1}\"");
    assert_eq!(e[0].0, "cardlang::check::card_in_needs_zone", "{e:?}");
    // `any k in 1 to 3` needs a condition.
    let e = with("    announce \"{any k in 1 to 3}\"");
    assert_eq!(e[0].0, "cardlang::check::aggregate_without_condition", "{e:?}");
    assert!(e.iter().any(|x| says(&x.1, "needs a condition")), "{e:?}");
    // The ends of a range are numbers.
    let e = with("    announce \"{count of k in 1 to pack where k > 1}\"");
    assert!(!e.is_empty(), "a zone as the end of a range is refused");
    // `previous q before c`: a player is needed.
    let e = with("    announce \"{previous q before top of pack where coins of q > 0}\"");
    assert!(!e.is_empty(), "a card in place of a player is refused");
    // `from` belongs to loops over the players.
    let e = with("    for each k in 1 to 3 from player 1 where k > 1 {\n    }");
    assert_eq!(e[0].0, "cardlang::check::from_outside_players_loop", "{e:?}");
    // A zone item is a zone: its cards are counted, its top read, but it is not a number.
    let e = with("    announce \"{sum of z for zone z in every column}\"");
    assert!(!e.is_empty(), "a zone added up is refused");
    // And the loop's item is a zone in a loop too.
    let e = with("    for each zone z in every column where z is empty {\n        move top of pack to z\n    }");
    assert!(e.is_empty(), "{e:?}");
}

/// A choice offered under a condition on the cards of a row of zones some player cannot see is
/// private (GR-14's rule), as it is over one such zone: the zone item's cards are hidden cards.
#[test]
fn a_choice_under_a_question_about_hidden_zones_of_a_row_is_private() {
    let source = |cond: &str| {
        format!(
            r#"game "Private rows"
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
procedure play {{
    if {cond} {{
        player 1 chooses c from pile
        move c to pack
    }}
    end game draw
}}
"#
        )
    };
    let private = |cond: &str| {
        let file = cardlang::syntax::parse(&source(cond)).expect("parses");
        let program = check::check(&file, &check::Config::default()).expect("checks");
        let play = &program.procedures[program.play as usize].body;
        play.iter().any(|s| match s {
            Stmt::If(_, then, _) => then.iter().any(|t| matches!(t, Stmt::Choose(c) if c.is_private())),
            _ => false,
        })
    };
    assert!(private("any zone z in every hand where any c in z where c.suit == hearts"));
    assert!(private("(count of zone z in every hand where top of z is none) > 0"));
    // Over a row everyone sees, or a range of numbers, nothing is hidden.
    assert!(!private("any k in 1 to 2 where count of pile >= k"));
}
