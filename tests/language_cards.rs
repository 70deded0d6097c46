//! Language features about cards, each shown on a small game: zones as values, decks made of
//! combinations, moves to the bottom of a zone, choices of several cards, remembered positions,
//! subsets of a hand and `hands` (named patterns). The rest of the language is in `language.rs`.

use crate::common::cardlang;
use crate::language::{announcements, transcript_of};
use cardlang::check::{self, Config};

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

/// `cards ... = every rank, suit where ...`: only the combinations that meet the condition are
/// made, and the condition may read the properties the block sets. Here 9, J, Q, K and A of two
/// suits: 10 cards, worth 2 + 4 + 5 + 6 + 7 in each suit.
#[test]
fn a_deck_made_of_every_combination_that_meets_a_condition() {
    assert_eq!(announcements("tests/fixtures/short_deck.cardgame"), ["10 cards, 48 points, top A♠"]);
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
