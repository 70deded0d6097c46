//! The generator of the differential tests (tests/differential.rs) and of the fuzz target
//! fuzz/fuzz_targets/differential.rs: a small game as source text, with generated functions,
//! expressions announced in play, and statement blocks. It aims to write only games that check;
//! it uses nothing but `std`, so both crates include it.
#![allow(dead_code)]

use std::fmt::Write;

/// A small random generator (splitmix64): the generator's choices and the players'.
pub struct Dice(pub u64);

impl Dice {
    /// A number below `n` (0 for `n` 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        if n == 0 {
            0
        } else {
            z % n
        }
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// One of the items.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// The types the generator writes values of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Int,
    Bool,
    Card,
    Player,
    Suit,
    Rank,
    /// Issue 43: a row's zone, the item of `zone z in every column` (never asked for as a value).
    Zone,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Bool => "bool",
            Ty::Card => "card",
            Ty::Player => "player",
            Ty::Suit => "suit",
            Ty::Rank => "rank",
            Ty::Zone => "zone",
        }
    }
}

/// A function written so far: its name, parameter types and result type.
struct Func {
    name: String,
    params: Vec<Ty>,
    result: Ty,
}

/// The generator: the dice and what is in scope.
pub struct Gen {
    dice: Dice,
    /// Names in scope, the latest last (a name may appear twice: the latest hides the others).
    names: Vec<(String, Ty)>,
    funcs: Vec<Func>,
    /// In a procedure, names are never hidden (a loop's or aggregate's name is new).
    in_procedure: bool,
    fresh: u32,
    /// The most statements a block holds.
    width: u64,
    /// The functions written twice: as `let` lines (whose values are written in where their
    /// names are used) and as a block that also holds a statement (whose `let`s are names of its
    /// own, worked out once): `(f, f_run)`, which must give the same values.
    twins: Vec<(usize, usize)>,
}

const SUITS: [&str; 3] = ["hearts", "spades", "clubs"];
const RANKS: [&str; 5] = ["two", "three", "four", "five", "six"];

/// The game around the generated parts: 3 players, 15 cards, zones shared, per player, a row
/// by number and a row by suit; 6 ranked by `high` but `six` (unranked: `none`).
const HEADER: &str = r#"game "Generated"
players 3
enum suit = hearts, spades, clubs
enum rank = two, three, four, five, six
property suit: suit
property rank: rank
cards deck = every rank, suit
order high: rank two < three < four < five
zone pack: shared, face down, holds deck
zone hand: per player, face down
zone table: shared, face up, spread
zone pile: per suit, face up
zone column: per 1 to 3, face up, spread
counter score per player = 0
counter total = 0
counter mark per card = 0
"#;

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            dice: Dice(seed),
            names: Vec::new(),
            funcs: Vec::new(),
            in_procedure: false,
            fresh: 0,
            width: 4,
            twins: Vec::new(),
        }
    }

    fn names_of(&self, ty: Ty) -> Vec<String> {
        // Only the latest of a name counts.
        let mut out: Vec<String> = Vec::new();
        for (i, (n, t)) in self.names.iter().enumerate() {
            let latest = !self.names[i + 1..].iter().any(|(m, _)| m == n);
            if *t == ty && latest {
                out.push(n.clone());
            }
        }
        out
    }

    /// A name for an aggregate's or loop's item: from a small pool so that names are reused and,
    /// in a function, hide parameters and `let`s; in a procedure, one not in scope.
    fn item_name(&mut self, pool: &[&str]) -> String {
        let name = self.dice.pick(pool).to_string();
        if self.in_procedure && self.names.iter().any(|(n, _)| *n == name) {
            self.fresh += 1;
            return format!("{}{}", name, self.fresh);
        }
        name
    }

    /// A value of type `ty`, at most `depth` deep.
    pub fn expr(&mut self, ty: Ty, depth: u32) -> String {
        let names = self.names_of(ty);
        if depth == 0 || self.dice.one_in(4) {
            if !names.is_empty() && self.dice.below(3) != 0 {
                return self.dice.pick(&names).clone();
            }
            return self.leaf(ty);
        }
        let d = depth - 1;
        let calls: Vec<usize> = (0..self.funcs.len()).filter(|&i| self.funcs[i].result == ty).collect();
        if !calls.is_empty() && self.dice.one_in(5) {
            let f = *self.dice.pick(&calls);
            let params = self.funcs[f].params.clone();
            let args: Vec<String> = params.iter().map(|t| self.expr(*t, d)).collect();
            return format!("{}({})", self.funcs[f].name, args.join(", "));
        }
        match ty {
            Ty::Int => self.int(d),
            Ty::Bool => self.boolean(d),
            Ty::Card => self.card(d),
            Ty::Player => match self.dice.below(5) {
                0 => format!("(opponent of {})", self.expr(Ty::Player, d)),
                // issue 43: the first player from seat 1 who meets a condition.
                4 => {
                    let q = self.item_name(&["q", "p"]);
                    let cond = self.bound(&q, Ty::Player, |g| g.expr(Ty::Bool, d));
                    format!("(the player {q} where {cond})")
                }
                3 => {
                    let q = self.item_name(&["q", "p"]);
                    let from = self.expr(Ty::Player, d);
                    let cond = self.bound(&q, Ty::Player, |g| g.expr(Ty::Bool, d));
                    format!("(previous {q} before {from} where {cond})")
                }
                1 => {
                    let q = self.item_name(&["q", "p"]);
                    let from = self.expr(Ty::Player, d);
                    let cond = self.bound(&q, Ty::Player, |g| g.expr(Ty::Bool, d));
                    format!("(next {q} after {from} where {cond})")
                }
                _ => format!(
                    "(if {} then {} else {})",
                    self.expr(Ty::Bool, d),
                    self.expr(Ty::Player, d),
                    self.expr(Ty::Player, d)
                ),
            },
            Ty::Suit => match self.dice.below(3) {
                0 => format!("({}).suit", self.expr(Ty::Card, d)),
                1 => format!(
                    "(if {} then {} else {})",
                    self.expr(Ty::Bool, d),
                    self.expr(Ty::Suit, d),
                    self.expr(Ty::Suit, d)
                ),
                _ => format!("({}).suit", self.card(d)),
            },
            Ty::Rank => format!("({}).rank", self.expr(Ty::Card, d)),
            Ty::Zone => "pack".to_string(),
        }
    }

    fn leaf(&mut self, ty: Ty) -> String {
        match ty {
            Ty::Int => match self.dice.below(6) {
                0 => "total".into(),
                1 => format!("count of {}", self.zone(0)),
                2 => format!("high of ({})", self.leaf(Ty::Card)),
                3 => format!("score of ({})", self.leaf(Ty::Player)),
                4 => format!("mark of ({})", self.leaf(Ty::Card)),
                _ => self.dice.below(5).to_string(),
            },
            Ty::Bool => (*self.dice.pick(&["true", "false"])).into(),
            Ty::Zone => "pack".into(),
            Ty::Card => {
                let names = self.names_of(Ty::Card);
                if !names.is_empty() && self.dice.one_in(2) {
                    return self.dice.pick(&names).clone();
                }
                let z = self.zone(0);
                match self.dice.below(3) {
                    0 => format!("top of {z}"),
                    1 => format!("bottom of {z}"),
                    _ => format!("card {} of {z}", 1 + self.dice.below(3)),
                }
            }
            Ty::Player => {
                let names = self.names_of(Ty::Player);
                if !names.is_empty() && self.dice.one_in(2) {
                    return self.dice.pick(&names).clone();
                }
                format!("player {}", 1 + self.dice.below(3))
            }
            Ty::Suit => (*self.dice.pick(&SUITS)).into(),
            Ty::Rank => (*self.dice.pick(&RANKS)).into(),
        }
    }

    /// One zone (`depth` for the key of a row's zone).
    fn zone(&mut self, depth: u32) -> String {
        match self.dice.below(6) {
            0 => "pack".into(),
            1 | 2 => "table".into(),
            3 => format!("hand of ({})", self.leaf_or(Ty::Player, depth)),
            4 => format!("pile of ({})", self.leaf_or(Ty::Suit, depth)),
            // 0 and 4 name no zone of the row.
            _ => format!(
                "column of {}",
                if depth > 0 && self.dice.one_in(3) {
                    format!("({})", self.expr(Ty::Int, depth - 1))
                } else {
                    self.dice.below(5).to_string()
                }
            ),
        }
    }

    fn leaf_or(&mut self, ty: Ty, depth: u32) -> String {
        if depth > 0 && self.dice.one_in(3) {
            format!("({})", self.expr(ty, depth - 1))
        } else {
            self.leaf(ty)
        }
    }

    /// One zone or a whole row.
    fn zones(&mut self, depth: u32) -> String {
        match self.dice.below(6) {
            0 => "every column".into(),
            1 => "every pile".into(),
            2 => "every hand".into(),
            _ => self.zone(depth),
        }
    }

    /// `f` with `name` in scope as a `ty`.
    fn bound(&mut self, name: &str, ty: Ty, f: impl FnOnce(&mut Gen) -> String) -> String {
        self.names.push((name.to_string(), ty));
        let out = f(self);
        self.names.pop();
        out
    }

    /// A card aggregate's item name, its domain, and its condition (`where ...`, maybe none).
    fn over_cards(&mut self, d: u32) -> (String, String) {
        let v = self.item_name(&["c", "d", "x"]);
        let z = self.zones(d);
        (v, z)
    }

    fn int(&mut self, d: u32) -> String {
        if self.dice.one_in(7) {
            return self.over_numbers_and_rows(Ty::Int, d);
        }
        match self.dice.below(12) {
            0 => format!("({} + {})", self.expr(Ty::Int, d), self.expr(Ty::Int, d)),
            1 => format!("({} - {})", self.expr(Ty::Int, d), self.expr(Ty::Int, d)),
            2 => format!("({} * {})", self.expr(Ty::Int, d), self.expr(Ty::Int, d)),
            3 => format!("({} {} {})", self.expr(Ty::Int, d), self.dice.pick(&["/", "%"]), self.expr(Ty::Int, d)),
            4 => match self.dice.below(3) {
                0 => format!("abs({})", self.expr(Ty::Int, d)),
                1 => format!("min({}, {})", self.expr(Ty::Int, d), self.expr(Ty::Int, d)),
                _ => format!("max({}, {})", self.expr(Ty::Int, d), self.expr(Ty::Int, d)),
            },
            5 => {
                format!("(if {} then {} else {})", self.expr(Ty::Bool, d), self.expr(Ty::Int, d), self.expr(Ty::Int, d))
            }
            6 | 7 => {
                let (v, z) = self.over_cards(d);
                let cond = self.bound(&v, Ty::Card, |g| g.expr(Ty::Bool, d));
                format!("(count of {v} in {z} where {cond})")
            }
            8 => {
                let (v, z) = self.over_cards(d);
                let kind = *self.dice.pick(&["sum", "max", "min"]);
                let value = self.bound(&v, Ty::Card, |g| {
                    if g.dice.one_in(2) {
                        format!("high of ({v})")
                    } else {
                        g.expr(Ty::Int, d)
                    }
                });
                let cond = if self.dice.one_in(2) {
                    format!(" where {}", self.bound(&v, Ty::Card, |g| g.expr(Ty::Bool, d)))
                } else {
                    String::new()
                };
                format!("({kind} of {value} for {v} in {z}{cond})")
            }
            9 => {
                let q = self.item_name(&["q", "p"]);
                let cond = self.bound(&q, Ty::Player, |g| g.expr(Ty::Bool, d));
                format!("(count of {q} in players where {cond})")
            }
            10 => {
                let s = self.item_name(&["s", "t"]);
                let cond = self.bound(&s, Ty::Suit, |g| g.expr(Ty::Bool, d));
                format!("(count of {s} in suit where {cond})")
            }
            _ => match self.dice.below(4) {
                0 => format!("high of ({})", self.expr(Ty::Card, d)),
                1 => format!("mark of ({})", self.expr(Ty::Card, d)),
                2 => format!("score of ({})", self.expr(Ty::Player, d)),
                _ => format!("count of {}", self.zones(d)),
            },
        }
    }

    fn boolean(&mut self, d: u32) -> String {
        // Two cards in scope compared (an aggregate's item and a name outside it, most often):
        // the shape of issue 37's `x.suit == (card d in Z where d != x).suit`.
        let cards = self.names_of(Ty::Card);
        if !cards.is_empty() && self.dice.one_in(4) {
            let (a, b) = (self.dice.pick(&cards).clone(), self.dice.pick(&cards).clone());
            return format!("({a} {} {b})", self.dice.pick(&["==", "!="]));
        }
        if self.dice.one_in(10) {
            return self.beside(d);
        }
        if self.dice.one_in(8) {
            return self.over_numbers_and_rows(Ty::Bool, d);
        }
        match self.dice.below(11) {
            0 => format!(
                "({} {} {})",
                self.expr(Ty::Int, d),
                self.dice.pick(&["<", "<=", ">", ">=", "==", "!="]),
                self.expr(Ty::Int, d)
            ),
            1 => {
                let ty = *self.dice.pick(&[Ty::Card, Ty::Player, Ty::Suit, Ty::Rank, Ty::Bool]);
                format!("({} {} {})", self.expr(ty, d), self.dice.pick(&["==", "!="]), self.expr(ty, d))
            }
            2 => format!("({} and {})", self.expr(Ty::Bool, d), self.expr(Ty::Bool, d)),
            3 => format!("({} or {})", self.expr(Ty::Bool, d), self.expr(Ty::Bool, d)),
            4 => format!("(not {})", self.expr(Ty::Bool, d)),
            5 | 6 => {
                let (v, z) = self.over_cards(d);
                let kind = *self.dice.pick(&["any", "all"]);
                let cond = self.bound(&v, Ty::Card, |g| g.expr(Ty::Bool, d));
                format!("({kind} {v} in {z} where {cond})")
            }
            7 => {
                let q = self.item_name(&["q", "p"]);
                let cond = self.bound(&q, Ty::Player, |g| g.expr(Ty::Bool, d));
                format!("(any {q} in players where {cond})")
            }
            8 => match self.dice.below(4) {
                0 => format!("({} is none)", self.expr(Ty::Card, d)),
                1 => format!("({} is not none)", self.expr(Ty::Card, d)),
                2 => format!("({} is face up)", self.expr(Ty::Card, d)),
                _ => format!("({} is face down)", self.expr(Ty::Card, d)),
            },
            9 => format!("({} is {}empty)", self.zones(d), if self.dice.one_in(2) { "not " } else { "" }),
            _ => {
                if self.dice.one_in(2) {
                    format!(
                        "({} in {{{}, {}}})",
                        self.expr(Ty::Rank, d),
                        self.dice.pick(&RANKS),
                        self.dice.pick(&RANKS)
                    )
                } else {
                    format!("({} in {{{}}})", self.expr(Ty::Suit, d), self.dice.pick(&SUITS))
                }
            }
        }
    }

    /// Issue 43: an aggregate over a range of numbers (`k in 0 to 3`, `k in lo to hi where`) or
    /// over the zones of a row (`zone z in every column`), of type `ty` (`Int` or `Bool`).
    fn over_numbers_and_rows(&mut self, ty: Ty, d: u32) -> String {
        let zones = self.dice.one_in(2);
        let (v, domain) = if zones {
            let z = self.item_name(&["z", "y"]);
            let row = *self.dice.pick(&["every column", "every pile", "every hand"]);
            (z.clone(), format!("zone {z} in {row}"))
        } else {
            let k = self.item_name(&["k", "j"]);
            let domain = match self.dice.below(3) {
                0 => format!("{k} in {} to {}", self.dice.below(3), self.dice.below(5)),
                1 => format!("{k} in 1 to {}", self.expr(Ty::Int, d)),
                // A computed first number is read as a range before a `where` (always written).
                _ => format!("{k} in ({}) to {}", self.expr(Ty::Int, d), self.expr(Ty::Int, d)),
            };
            (k, domain)
        };
        let cond = if zones {
            let z = v.clone();
            self.bound(&v, Ty::Zone, |g| g.zone_test(&z, d))
        } else {
            self.bound(&v, Ty::Int, |g| g.expr(Ty::Bool, d))
        };
        match ty {
            Ty::Bool => format!("({} {domain} where {cond})", self.dice.pick(&["any", "all"])),
            _ => match self.dice.below(3) {
                0 => format!("(count of {domain} where {cond})"),
                _ => {
                    let kind = *self.dice.pick(&["sum", "max", "min"]);
                    let value =
                        if zones { format!("count of {v}") } else { self.bound(&v, Ty::Int, |g| g.expr(Ty::Int, d)) };
                    format!("({kind} of {value} for {domain} where {cond})")
                }
            },
        }
    }

    /// A test of a zone named `z` (a row's zone, in an aggregate or a loop).
    fn zone_test(&mut self, z: &str, d: u32) -> String {
        match self.dice.below(4) {
            0 => format!("({z} is {}empty)", if self.dice.one_in(2) { "not " } else { "" }),
            1 => format!("(count of {z} >= {})", self.expr(Ty::Int, d)),
            2 => format!("(top of {z} == {})", self.expr(Ty::Card, d)),
            _ => {
                let c = self.item_name(&["c", "d"]);
                let cond = self.bound(&c, Ty::Card, |g| g.expr(Ty::Bool, d));
                format!("(any {c} in {z} where {cond})")
            }
        }
    }

    /// A card's property compared with the same property of a card aggregate whose condition
    /// reads that card, either way round: `(x.suit == (card d in Z where d != x).suit)`.
    fn beside(&mut self, d: u32) -> String {
        let cards = self.names_of(Ty::Card);
        let a = if !cards.is_empty() && self.dice.below(3) != 0 {
            self.dice.pick(&cards).clone()
        } else {
            self.leaf(Ty::Card)
        };
        let (v, z) = self.over_cards(d);
        let mut cond = format!("({v} {} {a})", self.dice.pick(&["!=", "=="]));
        if self.dice.one_in(3) {
            let more = self.bound(&v, Ty::Card, |g| g.expr(Ty::Bool, d));
            cond = format!("({cond} {} {more})", self.dice.pick(&["and", "or"]));
        }
        let agg = format!("(card {v} in {z} where {cond})");
        let (x, y) = match self.dice.below(3) {
            0 => (format!("({a}).suit"), format!("({agg}).suit")),
            1 => (format!("({a}).rank"), format!("({agg}).rank")),
            _ => (format!("high of ({a})"), format!("high of ({agg})")),
        };
        let op = self.dice.pick(&["==", "!="]);
        if self.dice.one_in(2) {
            format!("({x} {op} {y})")
        } else {
            format!("({y} {op} {x})")
        }
    }

    fn card(&mut self, d: u32) -> String {
        match self.dice.below(3) {
            0 => {
                let (v, z) = self.over_cards(d);
                let cond = self.bound(&v, Ty::Card, |g| g.expr(Ty::Bool, d));
                format!("(card {v} in {z} where {cond})")
            }
            1 => format!(
                "(if {} then {} else {})",
                self.expr(Ty::Bool, d),
                self.expr(Ty::Card, d),
                self.expr(Ty::Card, d)
            ),
            _ => {
                let z = self.zone(d);
                match self.dice.below(3) {
                    0 => format!("(top of {z})"),
                    1 => format!("(bottom of {z})"),
                    _ => format!("(card ({}) of {z})", self.leaf_or(Ty::Int, d)),
                }
            }
        }
    }

    /// A function: `= value`, a block of `let` lines (names given twice, hiding parameters), or
    /// a block with a loop that adds up.
    fn function(&mut self, k: usize, depth: u32) -> String {
        let result = *self.dice.pick(&[Ty::Int, Ty::Int, Ty::Bool, Ty::Bool, Ty::Card, Ty::Player, Ty::Suit]);
        let mut params = Vec::new();
        let mut sig = Vec::new();
        for (name, ty) in [("x", Ty::Card), ("p", Ty::Player), ("n", Ty::Int)] {
            if self.dice.one_in(2) {
                params.push(ty);
                sig.push(format!("{name}: {}", ty.name()));
                self.names.push((name.to_string(), ty));
            }
        }
        let name = format!("f{k}");
        let mut out = format!("function {name}({}): {}", sig.join(", "), result.name());
        match self.dice.below(3) {
            0 => {
                let _ = write!(out, " = {}", self.expr(result, depth));
            }
            1 => {
                let mut body = String::new();
                let lets = 1 + self.dice.below(3);
                for _ in 0..lets {
                    let ty = *self.dice.pick(&[Ty::Int, Ty::Bool, Ty::Card, Ty::Suit, Ty::Player]);
                    // Names from a small pool: given twice, or the name of a parameter or item.
                    let n = (*self.dice.pick(&["s", "t", "u", "c", "x"])).to_string();
                    let v = self.expr(ty, depth);
                    let _ = writeln!(body, "    let {n}: {} = {v}", ty.name());
                    self.names.push((n, ty));
                }
                // The result starts with a name (a line starting with `(` would continue the last).
                let r = self.expr(result, depth);
                let _ = writeln!(body, "    let result: {} = {r}", result.name());
                self.names.truncate(self.names.len() - lets as usize);
                let _ = write!(out, " {{\n{body}    result\n}}\n");
                // Its twin, whose one statement makes its `let`s names of its own (docs/language.md,
                // "Functions"): an oracle for the writing-in of `let` values, which the reference
                // evaluator cannot be (it reads the program after the values are written in).
                let sig = out.lines().next().unwrap_or_default().replacen(&name, &format!("{name}_run"), 1);
                let sig = sig.trim_end_matches(" {");
                let _ = write!(out, "{sig} {{\n{body}    set result = result\n    result\n}}");
                self.twins.push((self.funcs.len(), self.funcs.len() + 1));
                self.names.truncate(self.names.len() - params.len());
                self.funcs.push(Func { name: name.clone(), params: params.clone(), result });
                self.funcs.push(Func { name: format!("{name}_run"), params, result });
                out.push('\n');
                return out;
            }
            _ => {
                // Statements: a loop over a zone or a row, its `where`, adding up.
                let (v, z) = self.over_cards(depth);
                let cond = self.bound(&v, Ty::Card, |g| g.expr(Ty::Bool, depth));
                self.names.push(("acc".into(), Ty::Int));
                let add = self.bound(&v, Ty::Card, |g| g.expr(Ty::Int, depth));
                let r = self.expr(result, depth);
                self.names.pop();
                let _ = write!(
                    out,
                    " {{\n    let acc = 0\n    for each {v} in {z} where {cond} {{\n        add {add} to acc\n    }}\n    let result: {} = {r}\n    result\n}}",
                    result.name()
                );
            }
        }
        out.push('\n');
        self.names.truncate(self.names.len() - params.len());
        self.funcs.push(Func { name, params, result });
        out
    }

    /// A statement block of a procedure, `depth` loops deep at most.
    fn statements(&mut self, tag: &str, depth: u32, in_loop: bool, indent: usize, out: &mut String) {
        let pad = " ".repeat(indent);
        let scope = self.names.len();
        let n = 1 + self.dice.below(self.width);
        for _ in 0..n {
            let d = 2;
            match self.dice.below(if depth > 0 { 10 } else { 6 }) {
                0 => {
                    self.fresh += 1;
                    let name = format!("v{}", self.fresh);
                    let v = self.expr(Ty::Int, d);
                    let _ = writeln!(out, "{pad}let {name} = {v}");
                    self.names.push((name, Ty::Int));
                }
                1 => {
                    let ints: Vec<String> = self.names_of(Ty::Int).into_iter().filter(|n| n.starts_with('v')).collect();
                    if ints.is_empty() {
                        let _ = writeln!(out, "{pad}add {} to total", self.expr(Ty::Int, d));
                    } else {
                        let name = self.dice.pick(&ints).clone();
                        let _ = writeln!(out, "{pad}set {name} = {}", self.expr(Ty::Int, d));
                    }
                }
                2 => {
                    let (verb, to) = if self.dice.one_in(2) { ("add", "to") } else { ("subtract", "from") };
                    let _ = writeln!(
                        out,
                        "{pad}{verb} {} {to} score of ({})",
                        self.expr(Ty::Int, d),
                        self.expr(Ty::Player, 1)
                    );
                }
                3 => match self.dice.below(2) {
                    0 => {
                        let _ =
                            writeln!(out, "{pad}set mark of ({}) = {}", self.expr(Ty::Card, 1), self.expr(Ty::Int, d));
                    }
                    _ => {
                        let _ = writeln!(
                            out,
                            "{pad}transfer {} from score of ({}) to total",
                            self.expr(Ty::Int, d),
                            self.expr(Ty::Player, 1)
                        );
                    }
                },
                4 | 5 => {
                    let ty = *self.dice.pick(&[Ty::Int, Ty::Bool, Ty::Card, Ty::Player, Ty::Suit]);
                    let _ = writeln!(out, "{pad}announce \"{tag}: {{{}}}\"", self.expr(ty, d));
                }
                6 => {
                    let _ = writeln!(out, "{pad}if {} {{", self.expr(Ty::Bool, d));
                    self.statements(tag, depth - 1, in_loop, indent + 4, out);
                    if in_loop && self.dice.one_in(3) {
                        let _ = writeln!(out, "{pad}    break");
                    }
                    let _ = writeln!(out, "{pad}}} else {{");
                    self.statements(tag, depth - 1, in_loop, indent + 4, out);
                    let _ = writeln!(out, "{pad}}}");
                }
                7 | 8 => {
                    let v = self.item_name(&["c", "d"]);
                    let z = self.zones(1);
                    let head = match self.dice.below(3) {
                        0 => format!("for each card {v} in {z}"),
                        1 => format!("for each {v} in {z}"),
                        _ => {
                            let cond = self.bound(&v, Ty::Card, |g| g.expr(Ty::Bool, 1));
                            format!("for each {v} in {z} where {cond}")
                        }
                    };
                    let _ = writeln!(out, "{pad}{head} {{");
                    self.names.push((v, Ty::Card));
                    self.statements(tag, depth - 1, true, indent + 4, out);
                    self.names.pop();
                    let _ = writeln!(out, "{pad}}}");
                }
                _ => {
                    let (head, name, ty) = match self.dice.below(4) {
                        0 => {
                            let p = self.item_name(&["p", "q"]);
                            (format!("for each player {p}"), p, Ty::Player)
                        }
                        1 => {
                            let k = self.item_name(&["k", "j"]);
                            let mut head = format!("for each {k} in {} to {}", self.dice.below(3), self.dice.below(4));
                            // Issue 43: `where` on a loop over numbers.
                            if self.dice.one_in(2) {
                                let cond = self.bound(&k, Ty::Int, |g| g.expr(Ty::Bool, 1));
                                head.push_str(&format!(" where {cond}"));
                            }
                            (head, k, Ty::Int)
                        }
                        // Issue 43: each zone of a row, its cards counted into `total`.
                        3 => {
                            let z = self.item_name(&["z", "y"]);
                            let row = *self.dice.pick(&["every column", "every pile", "every hand"]);
                            let cond = self.bound(&z, Ty::Zone, |g| g.zone_test(&z, 1));
                            let _ = writeln!(out, "{pad}for each zone {z} in {row} where {cond} {{");
                            let _ = writeln!(out, "{pad}    add count of {z} to total");
                            (String::new(), z, Ty::Zone)
                        }
                        _ => ("repeat 2 times".to_string(), String::new(), Ty::Int),
                    };
                    if !head.is_empty() {
                        let _ = writeln!(out, "{pad}{head} {{");
                    }
                    let named = !name.is_empty();
                    if named {
                        self.names.push((name, ty));
                    }
                    self.statements(tag, depth - 1, true, indent + 4, out);
                    if named {
                        self.names.pop();
                    }
                    let _ = writeln!(out, "{pad}}}");
                }
            }
        }
        self.names.truncate(scope);
    }
}

/// A generated game: `funcs` functions are written, `rounds` rounds of random moves played
/// (each player puts a card of their hand on the table, a pile or a column, maybe face down,
/// marks it and scores, then draws), then `probes` expressions announced (`E0 ...`) and `blocks`
/// statement blocks run (`S0 begin` ... `S0 end`), each at most `depth` deep.
pub fn game(seed: u64, depth: u32, rounds: u32, probes: usize, blocks: usize) -> String {
    game_of(seed, depth, rounds, probes, blocks, 4, 4)
}

/// [`game`], with at most `funcs` functions and `width` statements in a block (from 1).
pub fn game_of(seed: u64, depth: u32, rounds: u32, probes: usize, blocks: usize, funcs: u64, width: u64) -> String {
    let mut g = Gen::new(seed);
    g.width = width.max(1);
    let mut out = String::from(HEADER);
    let funcs = 1 + g.dice.below(funcs.max(1)) as usize;
    for k in 0..funcs {
        let f = g.function(k, depth.min(2));
        out.push_str(&f);
    }
    out.push_str(
        r#"procedure setup {
    shuffle pack
    deal 3 from pack to hand
}
procedure play {
"#,
    );
    let _ = writeln!(
        out,
        r#"    repeat {rounds} times {{
        for each player p {{
            if hand of p is not empty {{
                p chooses c from hand of p
                p chooses k from 1 to 5
                if k == 1 {{
                    move c to table
                }} else if k == 2 {{
                    move c to pile of (c.suit)
                }} else if k == 3 {{
                    move c to column of seat of p
                }} else if k == 4 {{
                    move c to table face down
                }} else {{
                    move c to column of 1 face down
                }}
                set mark of c = k
                add k to score of p
            }}
            if pack is not empty {{
                move top of pack to hand of p
            }}
        }}
    }}"#
    );
    g.in_procedure = true;
    // Names of play that the expressions read.
    for (name, ty) in [("lc", Ty::Card), ("lp", Ty::Player), ("ln", Ty::Int)] {
        let v = g.expr(ty, 1);
        let _ = writeln!(out, "    let {name} = {v}");
        g.names.push((name.to_string(), ty));
    }
    for i in 0..probes {
        let ty = *g.dice.pick(&[Ty::Int, Ty::Int, Ty::Bool, Ty::Bool, Ty::Card, Ty::Player, Ty::Suit, Ty::Rank]);
        let e = g.expr(ty, depth);
        let _ = writeln!(out, "    announce \"E{i} {{{e}}}\"");
    }
    // Each twin of a function of `let` lines, called with the same arguments both ways.
    for (i, (a, b)) in g.twins.clone().into_iter().enumerate() {
        let args: Vec<String> = g.funcs[a].params.clone().into_iter().map(|t| g.expr(t, 1)).collect();
        let args = args.join(", ");
        let (fa, fb) = (g.funcs[a].name.clone(), g.funcs[b].name.clone());
        let _ = writeln!(out, "    announce \"T{i} {{{fa}({args})}} / {{{fb}({args})}}\"");
    }
    for b in 0..blocks {
        let tag = format!("S{b}");
        let _ = writeln!(out, "    announce \"{tag} begin\"");
        let mut body = String::new();
        g.statements(&tag, depth.max(1), false, 4, &mut body);
        out.push_str(&body);
        let _ = writeln!(out, "    announce \"{tag} end\"");
    }
    out.push_str("    end game draw\n}\n");
    out
}
