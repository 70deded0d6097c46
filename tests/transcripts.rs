//! Snapshot transcripts of whole seeded games, one pair of seeds per game and variant. Each
//! snapshot was read against the rule text before it was accepted (see docs/reviews.md).

use cardlang::check::{self, Config};
use cardlang::engine::Game;
use cardlang::load::load_game;
use cardlang::session::transcript::{self, TranscriptSpec};

/// `game` is a path under games/ without its extension: a game, or a variant file.
fn transcript(game: &str, variant: Option<&str>, seed: u64) -> String {
    transcript_with(game, variant, seed, "random")
}

/// A transcript with every seat taken by one kind of player.
fn transcript_with(game: &str, variant: Option<&str>, seed: u64, kind: &str) -> String {
    transcript_seated(game, variant, seed, kind, None)
}

/// A transcript with `seats` players (a game of `players 2 to 7`; `None`: the fewest), every seat
/// taken by one kind of player.
fn transcript_seated(game: &str, variant: Option<&str>, seed: u64, kind: &str, seats: Option<u8>) -> String {
    let path = format!("{}/games/{game}.cardgame", env!("CARGO_MANIFEST_DIR"));
    let config = Config { variant: variant.map(String::from), sets: Vec::new(), seats };
    let game = load_game(&path, &config).unwrap_or_else(|e| panic!("the game checks: {e}"));
    let players = vec![kind.to_string(); game.players() as usize];
    transcript::text(&TranscriptSpec { game, seed, players: &players }).expect("the players finish")
}

macro_rules! snapshot {
    ($name:ident, $game:literal, $variant:expr, $seed:literal) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(transcript($game, $variant, $seed));
        }
    };
    ($name:ident, $game:literal, $variant:expr, $seed:literal, $kind:literal) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(transcript_with($game, $variant, $seed, $kind));
        }
    };
    ($name:ident, $game:literal, $variant:expr, $seed:literal, $kind:literal, seats $seats:literal) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(transcript_seated($game, $variant, $seed, $kind, Some($seats)));
        }
    };
}

snapshot!(wild_twist_war_seed_4, "wild_twist_war", None, 4);
snapshot!(wild_twist_war_seed_8, "wild_twist_war", None, 8);
snapshot!(wilcox_war_seed_1, "wilcox_war", None, 1);
snapshot!(wilcox_war_seed_2, "wilcox_war", None, 2);
snapshot!(wilcox_war_single_deck_seed_1, "wilcox_war", Some("single_deck"), 1);
snapshot!(wilcox_war_single_deck_seed_2, "wilcox_war", Some("single_deck"), 2);
snapshot!(wilcox_war_play_to_all_seed_1, "wilcox_war", Some("play_to_all"), 1);
snapshot!(wilcox_war_play_to_all_seed_4, "wilcox_war", Some("play_to_all"), 4);
snapshot!(wilcox_war_play_to_all_single_deck_seed_2, "wilcox_war", Some("play_to_all_single_deck"), 2);
snapshot!(wilcox_war_play_to_all_single_deck_seed_4, "wilcox_war", Some("play_to_all_single_deck"), 4);
snapshot!(high_low_war_seed_47, "high_low_war", None, 47);
snapshot!(high_low_war_seed_58, "high_low_war", None, 58);
// Seeds where the (random) player plays, covers and loses wilds, and, with `redeal`, forms the
// deck again: short games, each a whole game.
snapshot!(wild_twist_solitaire_seed_3, "wild_twist_solitaire", None, 3);
snapshot!(wild_twist_solitaire_seed_318, "wild_twist_solitaire", None, 318);
snapshot!(wild_twist_solitaire_descending_seed_57, "wild_twist_solitaire", Some("descending"), 57);
snapshot!(wild_twist_solitaire_descending_seed_60, "wild_twist_solitaire", Some("descending"), 60);
snapshot!(wild_twist_solitaire_redeal_seed_197, "wild_twist_solitaire", Some("redeal"), 197);
snapshot!(wild_twist_solitaire_redeal_seed_335, "wild_twist_solitaire", Some("redeal"), 335);
// Whole matches of Wild Twist Gin Rummy between greedy players (random players rarely get
// their deadwood low enough to knock, so their matches run to dozens of hands): seeds with a
// Gin, undercuts, equal deadwood, lay-offs (wilds among them) and wilds in melds.
snapshot!(wild_twist_gin_seed_50, "wild_twist_gin", None, 50, "greedy");
snapshot!(wild_twist_gin_seed_7, "wild_twist_gin", None, 7, "greedy");
snapshot!(wild_twist_gin_knock_after_draw_seed_58, "wild_twist_gin", Some("knock_after_draw"), 58, "greedy");
snapshot!(wild_twist_gin_knock_after_draw_seed_6, "wild_twist_gin", Some("knock_after_draw"), 6, "greedy");
snapshot!(wild_twist_gin_free_wilds_seed_37, "wild_twist_gin", Some("free_wilds"), 37, "greedy");
snapshot!(wild_twist_gin_free_wilds_seed_5, "wild_twist_gin", Some("free_wilds"), 5, "greedy");
// Crazy Eights, a game of 2 to 7 seats: two random players (seven cards each), and four (five
// each).
snapshot!(crazy_eights_seed_1, "crazy_eights", None, 1, "random", seats 2);
snapshot!(crazy_eights_four_players_seed_2, "crazy_eights", None, 2, "random", seats 4);
// Cheat, a game of 3 to 8 seats: three random players (18, 17 and 17 cards; hands past 22 cards
// choose their set card by card), five, and eight (7 or 6 cards each).
snapshot!(cheat_seed_1, "cheat", None, 1, "random", seats 3);
snapshot!(cheat_five_players_seed_2, "cheat", None, 2, "random", seats 5);
snapshot!(cheat_eight_players_seed_8, "cheat", None, 8, "random", seats 8);
// Klondike, one player: a random deal (lost after 100 moves without headway, cards coming back
// from the foundations) and a greedy deal that is won.
snapshot!(klondike_seed_1, "klondike", None, 1);
snapshot!(klondike_greedy_seed_7, "klondike", None, 7, "greedy");
// Scopa: two random players (seed 1: four hands, three scope), two greedy players (seed 6: both
// pass 11 in the fifth hand, 12 to 11), and `asso_piglia_tutto` (aces sweep the table).
snapshot!(scopa_seed_1, "scopa", None, 1);
snapshot!(scopa_greedy_seed_6, "scopa", None, 6, "greedy");
snapshot!(scopa_asso_piglia_tutto_seed_1, "scopa", Some("asso_piglia_tutto"), 1);
// Five-Card Draw, 2 to 6 seats: two random players (seed 25: five deals, ended by a call all-in
// and the raiser's unmatched chips taken back), two greedy players (seed 4: capped rounds of a bet
// and three raises, five deals), and four random players (seed 27: all-ins, a side pot, three
// players out in turn, 44 deals).
snapshot!(five_card_draw_seed_25, "five_card_draw", None, 25, "random", seats 2);
snapshot!(five_card_draw_greedy_seed_4, "five_card_draw", None, 4, "greedy", seats 2);
snapshot!(five_card_draw_four_players_seed_27, "five_card_draw", None, 27, "random", seats 4);
// Spades, four players in two partnerships: random players (seed 1: two hands, a failed nil each
// time, both partnerships below -200, the higher score winning) and greedy players (seed 10:
// fourteen hands, both partnerships past 500 in the last, 527 to 517).
snapshot!(spades_seed_1, "spades", None, 1);
snapshot!(spades_greedy_seed_10, "spades", None, 10, "greedy");
// `blind_nil`, greedy players (seed 11: four hands, a blind nil failed by a partnership 100 behind).
snapshot!(spades_blind_nil_greedy_seed_11, "spades", Some("blind_nil"), 11, "greedy");
// Big Two, four players: random players (seed 5: 58 turns, four five-card hands and seven pairs,
// player 1 out first), greedy players (seed 2: 37 turns, four full houses in a row to open, player
// 3 out first), and `pass_final`, random players (seed 3: 80 turns, passed players sitting out).
snapshot!(big_two_seed_5, "big_two", None, 5);
snapshot!(big_two_greedy_seed_2, "big_two", None, 2, "greedy");
snapshot!(big_two_pass_final_seed_3, "big_two", Some("pass_final"), 3);
// Hanabi, hands held facing out: two random players (seed 7: 19 turns, W1 and B1 played, the
// third fuse scoring 0), four random players (seed 5: four cards each, 13 turns, B1 and R1
// played), and `count_on_burnout`, three greedy players (seed 9: 24 turns, four fireworks
// begun, scoring 4 when the third fuse burns).
snapshot!(hanabi_seed_7, "hanabi", None, 7, "random", seats 2);
snapshot!(hanabi_four_players_seed_5, "hanabi", None, 5, "random", seats 4);
snapshot!(hanabi_count_on_burnout_greedy_seed_9, "hanabi", Some("count_on_burnout"), 9, "greedy", seats 3);
// Contract Bridge with Chicago scoring: random players (seed 1: every auction runs to the seven
// level, two of the four contracts redoubled, every one defeated), greedy players (seed 95: two
// part-scores of 70 making game on the vulnerable second deal, 500; seed 114: doubled
// overtricks, and a part-score on the fourth deal, 100; seed 16: a deal passed out and dealt
// again by the same dealer).
snapshot!(bridge_seed_1, "bridge", None, 1);
snapshot!(bridge_greedy_seed_95, "bridge", None, 95, "greedy");
snapshot!(bridge_greedy_seed_114, "bridge", None, 114, "greedy");
snapshot!(bridge_greedy_seed_16, "bridge", None, 16, "greedy");
// Rummy 500: two random players (seed 7: three hands, 133 turns, player 1 out each time, once by
// laying off the last card without a discard; 543 to 143), two greedy players (seed 4: four
// hands, 127 turns, 16 takes from under the pile, lay-offs on both players' melds; 503 to 493),
// three random players (seed 5: seven cards each, five hands, two ended by the stock running out).
snapshot!(rummy_500_seed_7, "rummy_500", None, 7);
snapshot!(rummy_500_greedy_seed_4, "rummy_500", None, 4, "greedy");
snapshot!(rummy_500_three_players_seed_5, "rummy_500", None, 5, "random", seats 3);
// Two-handed Pinochle: random players (seed 7: six deals, player 1 wins 1116 to 1004), greedy
// players (seed 4: player 1 wins 1022 to 998).
snapshot!(pinochle_seed_7, "pinochle", None, 7);
snapshot!(pinochle_greedy_seed_4, "pinochle", None, 4, "greedy");
// Variant files in games/variants/.
snapshot!(wilcox_war_four_prizes_seed_4, "variants/wilcox_war_four_prizes", None, 4);
snapshot!(wilcox_war_short_seed_5, "variants/wilcox_war_short", Some("short"), 5);
snapshot!(wilcox_war_short_four_prizes_seed_6, "variants/wilcox_war_short", Some("short_four_prizes"), 6);

/// The JSON Lines form opens with the game, its options, the seed and every deck's order.
#[test]
fn jsonl_header_names_game_options_seed_and_decks() {
    let path = format!("{}/games/wild_twist_war.cardgame", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the game file exists");
    let file = cardlang::syntax::parse(&text).expect("the game parses");
    let game = Game::new(check::check(&file, &Config::default()).expect("the game checks"));
    let players = vec!["random".to_string(); 2];
    let out = transcript::jsonl(&TranscriptSpec { game, seed: 4, players: &players }).expect("finishes");
    let first: serde_json::Value = serde_json::from_str(out.lines().next().expect("a header")).expect("json");
    assert_eq!(first["event"], "game");
    assert_eq!(first["game"], "Wild Twist War");
    assert_eq!(first["seed"], 4);
    assert_eq!(first["options"]["max_battles"], "10000");
    assert_eq!(first["decks"]["pack"].as_array().map(|a| a.len()), Some(58));
    let last: serde_json::Value = serde_json::from_str(out.lines().last().expect("an end")).expect("json");
    assert_eq!(last["event"], "end");
    for line in out.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("every line is one JSON object");
    }
}
