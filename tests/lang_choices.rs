//! Issue 43, item 4: sets of cards offered beside other moves (`"play {s}" for s from subsets of
//! hand of p of size 1 to n where ...`), the size worked out in play, a `where` about the whole
//! set, and identical cards (two decks) offered once. The game of these stories is
//! tests/fixtures/lang_choices/sets.cardgame: player 1 holds both jokers and the four 3s of two
//! decks, player 2 the four 4s; a play is one to (the pile's count + 2) cards of one rank, with no
//! more jokers than natural cards.

use crate::common;
use cardlang::check::{self, Config};
use cardlang::engine::{Game, State, ToMove};

const SETS: &str = include_str!("fixtures/lang_choices/sets.cardgame");

fn start(source: &str) -> State {
    let file = cardlang::syntax::parse(source).expect("parses");
    let program = check::check(&file, &Config::default()).expect("checks");
    State::new(Game::new(program), 1)
}

/// The labels of the actions offered to the player to move, in the order offered.
fn offered(s: &State) -> Vec<String> {
    let ToMove::One(p) = s.to_move() else { panic!("one player to move, not {:?}", s.to_move()) };
    s.legal_actions(p).iter().map(|a| s.action_label(p, *a)).collect()
}

/// Plays the action whose label is `label` for the player to move.
fn play(s: &mut State, label: &str) {
    let ToMove::One(p) = s.to_move() else { panic!("one player to move") };
    let a = s.legal_actions(p).into_iter().find(|a| s.action_label(p, *a) == label);
    s.apply(p, a.unwrap_or_else(|| panic!("{label} is offered: {:?}", offered(s)))).expect("applies");
}

/// Player 1, on an empty pile, may play one or two cards (`1 to count of pile + 2`): a single 3
/// of each kind once (two 3♠ from two decks are one candidate), a pair of 3s of each kind once,
/// a joker beside one 3; never a joker alone or two jokers (no more jokers than natural cards);
/// and "pass" last.
#[test]
fn sets_of_one_rank_are_offered_beside_pass_each_kind_once() {
    let s = start(SETS);
    assert_eq!(
        offered(&s),
        [
            "play 3♥",
            "play 3♠",
            "play 3♠ + 3♥",
            "play 3♥ + 3♥",
            "play Joker + 3♥",
            "play 3♠ + 3♠",
            "play Joker + 3♠",
            "pass"
        ]
    );
}

/// The size is worked out when the menu is offered: with two cards on the pile, player 1 may play
/// up to four; the jokers go with two natural 3s, never with one.
#[test]
fn the_size_of_the_set_is_worked_out_in_play() {
    let mut s = start(SETS);
    play(&mut s, "play 3♠ + 3♠");
    play(&mut s, "pass");
    let four: Vec<String> = offered(&s).into_iter().filter(|l| l.matches('+').count() == 3).collect();
    assert_eq!(four, ["play Joker + Joker + 3♥ + 3♥"], "the one set of four: two jokers beside two natural 3s");
    assert!(!offered(&s).iter().any(|l| l == "play Joker + Joker + 3♥"), "two jokers beside one 3 are too many");
    play(&mut s, "play Joker + Joker + 3♥ + 3♥");
    assert!(s.zone_cards(zone(&s, "hand of player 1")).is_empty(), "player 1 played every card");
    assert!(s.outcome().is_some(), "player 1 has won");
}

/// The index of a zone by its name.
fn zone(s: &State, name: &str) -> u16 {
    s.game().program.zones.iter().position(|z| z.name == name).expect("the zone") as u16
}

/// What a player is told of another's set: "a card + a card", never the cards of a private hand;
/// the chooser hears their own cards.
#[test]
fn a_set_of_hidden_cards_is_told_as_a_card_each() {
    let path = format!("{}/tests/fixtures/lang_choices/sets.cardgame", env!("CARGO_MANIFEST_DIR"));
    let (code, seen_by_2, err) = common::cardlang(&["transcript", &path, "--seed", "1", "--seat", "2"]);
    assert_eq!(code, 0, "{err}");
    let (_, seen_by_1, _) = common::cardlang(&["transcript", &path, "--seed", "1", "--seat", "1"]);
    let picks_of_1 =
        |t: &str| t.lines().filter(|l| l.starts_with("player 1 chooses play")).map(str::to_string).collect::<Vec<_>>();
    assert!(!picks_of_1(&seen_by_2).is_empty(), "player 1 plays a set: {seen_by_2}");
    for line in picks_of_1(&seen_by_2) {
        assert!(!line.contains('3') && !line.contains("Joker"), "player 2 is told only how many: {line}");
        assert!(line.contains("a card"), "{line}");
    }
    assert!(
        picks_of_1(&seen_by_1).iter().all(|l| l.contains('3') || l.contains("Joker")),
        "player 1 hears their own cards"
    );
}

/// Two decks: a single card of a menu is offered once among its twins (the one nearest the top),
/// and so is a set of several cards chosen at once; a plain `chooses c from Z` offers every copy
/// (as Wilcox War's hands always have); each card of a kind is still there to be played.
#[test]
fn identical_cards_are_offered_once_in_every_kind_of_choice() {
    let src = r#"
        game "Twins"
        players 2
        enum suit = hearts "♥", spades "♠"
        enum rank = 3, 4
        property suit: suit
        property rank: rank
        cards first = every rank, suit
        cards second = every rank, suit
        zone pack: shared, face down, holds first + second
        zone hand: per player, face down, spread, private
        zone pile: shared, face up, spread

        procedure play {
            move all of pack to hand of player 1
            player 1 chooses c from hand of player 1
            move c to pile
            player 1 chooses one of {
                "{e}" for e from hand of player 1 {
                    move e to pile
                }
            }
            player 1 chooses 2 cards from hand of player 1 to pile
            player 1 chooses one of {
                "{d}" for d from hand of player 1 where d.rank == 4 {
                    move d to pile
                }
            }
            end game draw
        }
    "#;
    let mut s = start(src);
    assert_eq!(offered(&s).len(), 8, "a plain choice offers every copy: {:?}", offered(&s));
    play(&mut s, "3♥");
    let mut singles = offered(&s);
    singles.sort();
    assert_eq!(singles, ["3♠", "3♥", "4♠", "4♥"], "a menu offers one of each kind, from seven cards");
    play(&mut s, "3♠");
    let pairs = offered(&s);
    assert_eq!(pairs.len(), 8, "the pairs of 3♠ 3♥ 4♠ 4♠ 4♥ 4♥ by kind: {pairs:?}");
    let mut unique = pairs.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), pairs.len(), "no pair twice: {pairs:?}");
    play(&mut s, "4♠ + 4♠");
    assert_eq!(offered(&s), ["4♥"], "the two 4♥ left are one candidate");
}

/// A game without identical cards is offered every card, as before: Scopa's first choice is one
/// candidate per card in hand.
#[test]
fn a_game_without_twins_offers_every_card() {
    let path = format!("{}/games/scopa.cardgame", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(path).expect("scopa");
    let mut s = start(&source);
    while let ToMove::One(p) = s.to_move() {
        let labels = offered(&s);
        let mut unique = labels.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), labels.len());
        let a = s.legal_actions(p)[0];
        s.apply(p, a).expect("applies");
        if s.zone_cards(zone(&s, "stock")).len() < 20 {
            break;
        }
    }
}

/// `cardlang fmt` writes a set's domain back as it was read, and the text it writes parses to
/// the same tree; a second pass changes nothing.
#[test]
fn fmt_keeps_a_set_domain() {
    let once = cardlang::syntax::format(SETS).expect("formats");
    assert_eq!(once, SETS, "the fixture is formatted");
    assert!(once.contains("for s from subsets of hand of p of size 1 to count of pile + 2"));
    let sized = SETS.replace("of size 1 to count of pile + 2", "of size 2");
    let again = cardlang::syntax::format(&sized).expect("formats");
    assert!(again.contains("for s from subsets of hand of p of size 2"), "{again}");
    assert_eq!(cardlang::syntax::format(&again).expect("formats"), again);
    let no_size = SETS.replace(" of size 1 to count of pile + 2", "");
    let plain = cardlang::syntax::format(&no_size).expect("formats");
    assert!(
        plain.contains("for s from subsets of hand of p\n") || plain.contains("for s from subsets of hand of p where"),
        "{plain}"
    );
}

/// Random, greedy and search players all play the game to its end, choosing among sets.
#[test]
fn agents_play_sets() {
    let path = format!("{}/tests/fixtures/lang_choices/sets.cardgame", env!("CARGO_MANIFEST_DIR"));
    for players in ["random,random", "greedy,greedy", "mcts:iterations=50,random"] {
        let (code, out, err) = common::cardlang(&["transcript", &path, "--seed", "4", "--players", players]);
        assert_eq!(code, 0, "{players}: {err}");
        assert!(out.contains("result:"), "{players}: the game ends: {out}");
    }
}

/// The engine's menus against the reference evaluator's plain reading of them
/// (src/reference/menus.rs): at every menu of seeded random games of the sets game, a game of two
/// decks, and the games that come with cardlang whose menus bind cards, the candidates are the
/// same, in the same order, with the same labels (a label with a card the chooser cannot see is
/// compared by its place only).
#[test]
fn menus_agree_with_the_reference() {
    use cardlang::check::ir::Choice;
    use cardlang::engine::rng::Rng;
    use cardlang::reference::Reference;
    let mut sources = vec![("sets".to_string(), SETS.to_string())];
    for name in ["scopa", "klondike", "cheat", "crazy_eights", "five_card_draw", "spades"] {
        let path = format!("{}/games/{name}.cardgame", env!("CARGO_MANIFEST_DIR"));
        sources.push((name.to_string(), std::fs::read_to_string(path).expect("a game")));
    }
    sources.push(("two decks".into(), SETS.replace("if c.wild or c.rank == 3 {", "if c.rank != 4 {")));
    let mut compared = 0;
    for (name, source) in &sources {
        let file = cardlang::syntax::parse(source).expect("parses");
        let program = check::check(&file, &Config::default()).expect("checks");
        for seed in 1..=6 {
            let mut s = State::new(Game::uncompiled(program.clone()), seed);
            let mut rng = Rng::new(seed);
            for _ in 0..80 {
                let ToMove::One(p) = s.to_move() else { break };
                let legal = s.legal_actions(p);
                if let (Some(Choice::Menu { branches, .. }), false) = (s.pending_choice(), s.offered_card_by_card()) {
                    let want = Reference::of_state(&program, &s).menu_labels_for(Some(p), branches, 10_000);
                    let got: Vec<String> = legal.iter().map(|a| s.action_label(p, *a)).collect();
                    assert_eq!(got.len(), want.len(), "{name} seed {seed}: {got:?} against {want:?}");
                    for (g, w) in got.iter().zip(&want) {
                        if !g.contains("a card") {
                            assert_eq!(g, w, "{name} seed {seed}");
                        }
                    }
                    compared += got.len();
                }
                let Some(&a) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else { break };
                s.apply(p, a).expect("a legal action applies");
            }
        }
    }
    assert!(compared > 500, "only {compared} candidates compared");
}

/// A person types a set in any order with the short words of cards (`play 3h 3s`), as for a
/// choice of several cards; the list's number works too.
#[test]
fn a_person_types_a_set_in_any_order() {
    use cardlang::agents::human::{parse_choice, Words};
    let s = start(SETS);
    let labels = offered(&s);
    let words = Words::of(&s.game().program);
    let at = |label: &str| labels.iter().position(|l| l == label);
    assert_eq!(parse_choice("play 3h 3s", &labels, false, &words), at("play 3♠ + 3♥"));
    assert_eq!(parse_choice("play 3s + 3s", &labels, false, &words), at("play 3♠ + 3♠"));
    assert_eq!(parse_choice("pass", &labels, false, &words), at("pass"));
    assert_eq!(parse_choice("3", &labels, false, &words), at("play 3♠ + 3♥"));
}

/// A table of a person and the greedy player, saved at each of the person's decisions among sets
/// and restored, goes on exactly as the table never saved: the history replays the sets chosen,
/// and the copy, given the same choices, tells every seat the same lines.
#[test]
fn a_table_saved_among_sets_goes_on_as_never_saved() {
    use cardlang::engine::rng::Rng;
    use cardlang::engine::Viewer;
    use cardlang::session::{Seat, Session, Status};
    let file = cardlang::syntax::parse(SETS).expect("parses");
    let game = Game::new(check::check(&file, &Config::default()).expect("checks"));
    let mut saves = 0;
    for seed in 1..=8 {
        let seats: Vec<Seat> = ["human", "greedy"].iter().map(|s| Seat::parse(s).expect("a seat")).collect();
        let mut session = Session::new(game.clone(), seed, seats).expect("seats");
        let mut rng = Rng::new(seed);
        let mut status = session.advance().expect("the agent decides");
        while let Status::Waiting(turns) = status {
            let mut copy = Session::from_json(game.clone(), &session.to_json()).expect("restores");
            assert_eq!(format!("{:?}", copy.history()), format!("{:?}", session.history()), "the history as saved");
            assert_eq!(copy.state().legal_actions(0), session.state().legal_actions(0), "the same sets offered");
            saves += 1;
            let turn = &turns[0];
            let a = turn.legal[rng.below(turn.legal.len() as u64) as usize];
            let at = session.history().len();
            status = session.act(turn.seat, a, at).expect("a legal move");
            copy.act(turn.seat, a, at).expect("the same move, on the copy");
            for v in [Viewer::All, Viewer::Player(0), Viewer::Player(1)] {
                assert_eq!(copy.lines_for(v), session.lines_for(v), "seed {seed}: what {v:?} is told");
            }
        }
    }
    assert!(saves >= 8, "{saves} saves");
}
