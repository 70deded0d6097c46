//! Wild Twist War written by hand in plain Rust: the measuring stick for the interpreter
//! (`cargo bench --bench play -- vs_baseline`). Not part of the engine.
//!
//! It plays exactly the game of `games/wild_twist_war.cardgame` (rulings WTW-1..8 of
//! RULINGS.md), and draws its random numbers from the engine's seeded generator in the same
//! order and on the same piles as the interpreter, so one seed gives the same game in both:
//! `tests/baseline.rs` checks that the winner, the number of battles and the number of wars
//! agree.
//!
//! Cards are `u8`s numbered as the interpreter numbers them: the standard cards rank by rank
//! (2♥ 2♦ 2♣ 2♠ 3♥ ... A♠, so `rank = card / 4`, `suit = card % 4`, suits ♥ ♦ ♣ ♠), then the
//! six wilds (Red, Black, Heart, Diamond, Spade, Club). Every pile is a `Vec<u8>` with its top
//! card last: cards are only ever taken from the top, and a refilled play deck is shuffled
//! whole, so a stack is all a pile needs. The piles are allocated once per game.

use cardlang::engine::rng::Rng;

/// The number of cards: 52 standard cards and six wilds (WTW-1).
pub const CARDS: u8 = 58;

/// The default cap on battles (WTW-8, the game's `max_battles` option).
pub const MAX_BATTLES: u32 = 10_000;

/// The first wild card; the cards below it are standard.
const FIRST_WILD: u8 = 52;

/// The suits each wild matches, one bit per suit (♥ 1, ♦ 2, ♣ 4, ♠ 8), in card order (WTW-3).
const WILD_MATCHES: [u8; 6] = [0b0011, 0b1100, 0b0001, 0b0010, 0b1000, 0b0100];

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Result {
    /// This player (0 or 1) won.
    Win(u8),
    /// Both players ran out of cards in a tied war.
    Draw,
    /// Stopped at the battle cap.
    Unfinished,
}

/// The end of a game, with the interpreter's two counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Who won.
    pub result: Result,
    /// Battles played (the interpreter's `battles` counter).
    pub battles: u32,
    /// Wars declared, a war continued counting once more (the interpreter's `wars` counter).
    pub wars: u32,
}

/// Which card wins when `a` (player 1's) meets `b` (player 2's): `Greater` when `a` wins,
/// `Less` when `b` wins, `Equal` for a war.
fn duel(a: u8, b: u8) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    let wild = |c: u8| c >= FIRST_WILD;
    let matches = |w: u8, c: u8| WILD_MATCHES[(w - FIRST_WILD) as usize] & (1 << (c % 4)) != 0;
    match (wild(a), wild(b)) {
        // WTW-4: two wilds of any kind are a war.
        (true, true) => Equal,
        // WTW-3: a wild wins when it matches the other card's suit, and loses otherwise.
        (true, false) => {
            if matches(a, b) {
                Greater
            } else {
                Less
            }
        }
        (false, true) => {
            if matches(b, a) {
                Less
            } else {
                Greater
            }
        }
        // WTW-2, WTW-4: the higher rank wins (Aces high); equal ranks are a war.
        (false, false) => (a / 4).cmp(&(b / 4)),
    }
}

/// One game in play.
struct Game {
    rng: Rng,
    /// Play decks, top last.
    decks: [Vec<u8>; 2],
    /// Score piles, top last.
    scores: [Vec<u8>; 2],
    /// The cards each player has put into the current battle, top (the war card) last.
    tables: [Vec<u8>; 2],
    battles: u32,
    wars: u32,
}

impl Game {
    /// WTW-1: shuffles the 58 cards and deals them alternately, 29 each, player 1 first.
    fn new(seed: u64) -> Game {
        let mut rng = Rng::new(seed);
        let mut pack: Vec<u8> = (0..CARDS).collect();
        rng.shuffle(&mut pack);
        let mut decks = [Vec::with_capacity(CARDS as usize), Vec::with_capacity(CARDS as usize)];
        for (i, &card) in pack.iter().rev().enumerate() {
            decks[i % 2].push(card);
        }
        let pile = || Vec::with_capacity(CARDS as usize);
        Game { rng, decks, scores: [pile(), pile()], tables: [pile(), pile()], battles: 0, wars: 0 }
    }

    /// WTW-7: whether a player has neither a play deck nor a score pile.
    fn out_of_cards(&self, p: usize) -> bool {
        self.decks[p].is_empty() && self.scores[p].is_empty()
    }

    /// WTW-6: an empty play deck becomes the player's score pile, shuffled. (The score pile is
    /// turned over onto the deck one card at a time, reversing it, before the shuffle; the
    /// interpreter does the same, so the shuffles agree.)
    fn refill(&mut self, p: usize) {
        if self.decks[p].is_empty() && !self.scores[p].is_empty() {
            let deck = &mut self.decks[p];
            deck.extend(self.scores[p].drain(..).rev());
            self.rng.shuffle(deck);
        }
    }

    /// Puts the top card of a player's play deck (refilled first if need be) on the table;
    /// nothing when they are out of cards.
    fn place(&mut self, p: usize) {
        self.refill(p);
        if let Some(card) = self.decks[p].pop() {
            self.tables[p].push(card);
        }
    }

    /// WTW-5: the winner takes every card on the table, player 1's pile then player 2's, each
    /// taken from its top.
    fn take_table(&mut self, w: usize) {
        for q in 0..2 {
            self.scores[w].extend(self.tables[q].drain(..).rev());
        }
    }

    /// Plays one battle, with its wars (WTW-2..5, WTW-7); `Some` when it ends the game.
    fn battle(&mut self) -> Option<Result> {
        self.battles += 1;
        self.place(0);
        self.place(1);
        let mut in_war = false;
        loop {
            let (a, b) = (self.tables[0][self.tables[0].len() - 1], self.tables[1][self.tables[1].len() - 1]);
            match duel(a, b) {
                std::cmp::Ordering::Greater => {
                    self.take_table(0);
                    return None;
                }
                std::cmp::Ordering::Less => {
                    self.take_table(1);
                    return None;
                }
                std::cmp::Ordering::Equal => {}
            }
            // WTW-7: a tie in a war when a player has no card left ends the war and the game.
            if in_war {
                match (self.out_of_cards(0), self.out_of_cards(1)) {
                    (true, true) => return Some(Result::Draw),
                    (true, false) => {
                        self.take_table(1);
                        return Some(Result::Win(1));
                    }
                    (false, true) => {
                        self.take_table(0);
                        return Some(Result::Win(0));
                    }
                    (false, false) => {}
                }
            }
            // WTW-5: three cards face down, then one face up, player 1 first. WTW-7: a player
            // who runs out stops placing; their last card placed is their war card.
            self.wars += 1;
            for p in 0..2 {
                for _ in 0..4 {
                    self.place(p);
                }
            }
            in_war = true;
        }
    }

    /// Plays to the end, or to the cap.
    fn play(&mut self, max_battles: u32) -> Result {
        loop {
            // WTW-6: a player with no card left outside a war has lost.
            for p in 0..2 {
                if self.out_of_cards(p) {
                    return Result::Win(1 - p as u8);
                }
            }
            // WTW-8: the cap is checked before each battle.
            if self.battles >= max_battles {
                return Result::Unfinished;
            }
            if let Some(result) = self.battle() {
                return result;
            }
        }
    }
}

/// Plays one whole game of Wild Twist War with this seed, stopping after `max_battles` battles.
pub fn play(seed: u64, max_battles: u32) -> Outcome {
    let mut game = Game::new(seed);
    let result = game.play(max_battles);
    Outcome { result, battles: game.battles, wars: game.wars }
}
