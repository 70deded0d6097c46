//! The bodies of cardlang's fuzz targets, shared by cargo-fuzz (`fuzz/fuzz_targets/*.rs`) and by
//! the stable test suite (`tests/fuzz.rs` includes this file), so CI runs the same checks over
//! a fixed set of generated inputs. Each target panics on a broken promise; an input that is
//! merely wrong (a file that does not parse) is a normal, quiet outcome.

use std::sync::Arc;

use cardlang::agents::{self, Agent};
use cardlang::check::ir::{CounterInfo, Type, Value};
use cardlang::check::{self, Config};
use cardlang::engine::{Event, EventSink, Game, Limits, State, ToMove};
use cardlang::load::Render;
use cardlang::load::{Source, Sources};
use cardlang::syntax;
use cardlang::syntax::ast::StmtKind;

/// The engine's limits for fuzzing: small, so an input that loops is stopped quickly.
pub const LIMITS: Limits = Limits { max_steps: 100_000, max_depth: 200, max_steps_per_decision: 100_000 };

/// How many decisions a game of the `engine` target may take before it stops looking at it.
pub const MAX_DECISIONS: usize = 300;

/// How many decisions a game of the `pipeline` target plays: a taste, the engine target goes on.
pub const PIPELINE_DECISIONS: usize = 40;

/// Target 1, `pipeline`: parse → check (base and every variant) → lint → render every
/// diagnostic (text and JSON) → for each variant that checks, a short seeded play.
pub fn pipeline(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let sources = Sources::single(Source::new("fuzz.cardgame", text));
    let file = match syntax::parse(text) {
        Ok(f) => f,
        Err(e) => {
            render(&sources, &e, true);
            return;
        }
    };
    for w in check::lints::lint(&file) {
        render(&sources, &w, false);
    }
    let errors = check::check_all(&file);
    for e in &errors {
        render(&sources, e, true);
    }
    let mut names = vec![None];
    names.extend(check::variants::variant_decls(&file).iter().map(|v| Some(v.name.text.clone())));
    let seed = data.iter().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(*b as u64));
    for v in names {
        if let Ok(program) = check::check(&file, &Config { variant: v, sets: Vec::new(), seats: None }) {
            play(&Game::new(program), &file, seed, &mut Bytes::new(&[]), PIPELINE_DECISIONS);
        }
    }
}

/// A diagnostic rendered both ways; neither may panic, and the JSON names the file.
fn render(sources: &Sources, d: &dyn miette::Diagnostic, error: bool) {
    let text = sources.render(d);
    assert!(!text.is_empty(), "a diagnostic renders to something");
    let json = sources.json(d, error);
    assert_eq!(json["file"], "fuzz.cardgame", "{json}");
}

/// Target 2, `fmt_round_trip`: a text that parses formats to a text that parses to the same
/// syntax tree and comments, formats to itself, and gets the same diagnostics.
pub fn fmt_round_trip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(file) = syntax::parse(text) else {
        assert!(syntax::format(text).is_err(), "fmt formats only what parses");
        return;
    };
    let once = syntax::format(text).expect("a text that parses formats");
    if let Err(why) = cardlang::syntax::verify(text, &once) {
        panic!("formatting changes {why}:\n--- before\n{text}\n--- after\n{once}");
    }
    assert_eq!(syntax::format(&once).as_deref(), Ok(once.as_str()), "fmt is idempotent");
    let formatted = syntax::parse(&once).expect("verified: it parses");
    assert_eq!(diagnostics(&file), diagnostics(&formatted), "formatting changes the diagnostics");
}

/// Every diagnostic of a file, by code and message (their places move with the layout).
fn diagnostics(file: &syntax::File) -> Vec<String> {
    let code = |d: &dyn miette::Diagnostic| d.code().map(|c| c.to_string()).unwrap_or_default();
    let mut out: Vec<String> = check::check_all(file).iter().map(|e| format!("{} {e}", code(e))).collect();
    out.extend(check::lints::lint(file).iter().map(|w| format!("{} {w}", code(w))));
    out
}

/// Target 3, `engine`: a game of `games` chosen by the input, each ranged option set to a value
/// within its declared range, and legal actions chosen by the input, with every invariant
/// checked at every step ([`Invariants`]).
pub fn engine(games: &[(String, Arc<Game>, syntax::File)], data: &[u8]) {
    if games.is_empty() {
        return;
    }
    let mut bytes = Bytes::new(data);
    let (label, base, file) = &games[bytes.below(games.len() as u64) as usize];
    let mut sets = Vec::new();
    for o in &base.program.options {
        if let (Some((lo, hi)), Type::Int) = (o.range, o.ty) {
            // Mostly small values, sometimes an end of the range: a game with a cap of a million
            // turns would take the whole run. Few distinct values, so compiled games are reused.
            let span = (hi - lo) as u64;
            let v = match bytes.below(4) {
                0 => lo,
                1 => hi.min(lo + 200),
                _ => lo + bytes.below(span.min(12) + 1) as i64,
            };
            sets.push((o.name.clone(), v.to_string()));
        }
    }
    let game = compiled(label, base, file, sets);
    let seed = bytes.next_u64();
    play(&game, file, seed, &mut bytes, MAX_DECISIONS);
}

/// How many compiled games (a game with its option values) one thread keeps.
const COMPILED_CACHE: usize = 1024;

/// Compiled games by game and option values.
type Compiled = std::collections::HashMap<(String, Vec<(String, String)>), Arc<Game>>;

thread_local! {
    /// Games already checked and compiled with given option values. Checking and compiling is
    /// most of an execution's time when a game is short; each (game, values) pair is still
    /// checked and compiled the first time it is met.
    static COMPILED: std::cell::RefCell<Compiled> = Default::default();
}

/// The game `label` checked with the options `sets` and compiled, from the cache when possible.
fn compiled(label: &str, base: &Game, file: &syntax::File, sets: Vec<(String, String)>) -> Arc<Game> {
    let key = (label.to_string(), sets);
    if let Some(g) = COMPILED.with(|c| c.borrow().get(&key).cloned()) {
        return g;
    }
    let config = Config { variant: base.program.variant.clone(), sets: key.1.clone(), seats: None };
    let program = check::check(file, &config).unwrap_or_else(|e| panic!("{label}: in-range options refused: {e:?}"));
    let game = Game::new(program);
    COMPILED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= COMPILED_CACHE {
            c.clear();
        }
        c.insert(key, game.clone());
    });
    game
}

/// Plays a game for at most `decisions` decisions, choosing by the input's bytes (then by
/// a generator seeded from the game's seed), checking the invariants at every event and decision.
fn play(game: &Arc<Game>, file: &syntax::File, seed: u64, bytes: &mut Bytes<'_>, decisions: usize) {
    let mut inv = Invariants::new(game, file);
    inv.try_actions = 2;
    let mut state = State::with_sink(game.clone(), seed, LIMITS, &mut inv);
    let mut fallback = agents::RandomAgent::new(seed);
    for _ in 0..decisions {
        let players = state.to_move().seats();
        if players.is_empty() {
            break;
        }
        for p in players {
            let legal = state.legal_actions(p);
            inv.decision(&state, p, &legal);
            let a = if bytes.is_empty() {
                fallback.choose(&state, p, &legal).expect("the random agent always chooses")
            } else {
                legal[bytes.below(legal.len() as u64) as usize]
            };
            state.apply_with(p, a, &mut inv).expect("a legal action is accepted");
        }
    }
    inv.end(&state);
}

/// The engine's promises, checked as a game is played: no card created, lost or duplicated; a
/// closed group of coin counters keeps its total; a player asked to choose has a choice, every
/// listed action applies (to a copy), its label and every observation can be made; an ended game
/// has a well-formed outcome.
pub struct Invariants {
    cards: usize,
    /// Each closed group of counters: its slots and the total they must keep.
    coins: Vec<(Vec<u16>, i64)>,
    /// Events seen.
    pub events: u64,
    /// Decisions seen.
    pub decisions: u64,
    /// How many of the actions listed at each decision are tried on a copy (all, up to this).
    pub try_actions: usize,
}

impl Invariants {
    /// The invariants of a game: its cards, and the totals of its closed coin groups.
    pub fn new(game: &Arc<Game>, file: &syntax::File) -> Invariants {
        let mut coins = Vec::new();
        for group in closed_counters(game, file) {
            let mut slots = Vec::new();
            let mut total = 0i64;
            for c in group {
                for s in c.slot..c.slot + c.width {
                    slots.push(s);
                }
                if let Value::Int(n) = c.init {
                    total = total.saturating_add(n.saturating_mul(c.width as i64));
                }
            }
            coins.push((slots, total));
        }
        Invariants { cards: game.program.cards.len(), coins, events: 0, decisions: 0, try_actions: 8 }
    }

    /// Checks what must hold whatever the state: cards and coins.
    pub fn check(&self, state: &State) {
        let zones = state.game().program.zones.len() as u16;
        let mut seen = vec![false; self.cards];
        for z in 0..zones {
            for &c in state.zone_cards(z) {
                let slot = seen.get_mut(c as usize).expect("a card of the game");
                assert!(!*slot, "card {c} is in two places");
                *slot = true;
            }
        }
        assert!(seen.iter().all(|s| *s), "a card was lost");
        for (slots, total) in &self.coins {
            let now: i64 = slots
                .iter()
                .map(|s| match state.counter_slot(*s) {
                    Value::Int(n) => n,
                    _ => 0,
                })
                .sum();
            assert_eq!(now, *total, "coins were created or lost");
        }
    }

    /// Checks a decision: the player has a choice, the actions apply, labels and views are made.
    pub fn decision(&mut self, state: &State, player: u8, legal: &[cardlang::engine::Action]) {
        self.decisions += 1;
        self.check(state);
        assert!(state.must_choose(player), "the player to move must choose");
        assert!(!legal.is_empty(), "a player asked to choose has a choice");
        let step = legal.len().div_ceil(self.try_actions.max(1)).max(1);
        for &a in legal.iter().step_by(step) {
            let _ = state.action_label(player, a);
            let mut copy = state.clone();
            copy.apply(player, a).expect("every listed action applies");
        }
        for p in 0..state.game().players() {
            let _ = state.observation(p);
        }
    }

    /// Checks a game at its end: stopped, or at most the decisions allowed; the outcome names
    /// players of the game.
    pub fn end(&self, state: &State) {
        self.check(state);
        if let Some(o) = state.outcome() {
            assert_eq!(state.to_move(), ToMove::Nobody);
            if let cardlang::engine::Result::Win(w) = &o.result {
                assert!(w.iter().all(|p| *p < state.game().players()), "winners are players");
            }
            if let Some(scores) = &o.scores {
                assert_eq!(scores.len(), state.game().players() as usize);
            }
            let _ = state.outcome_text();
        }
    }
}

impl EventSink for Invariants {
    fn event(&mut self, state: &State, _event: Event<'_>) {
        self.events += 1;
        self.check(state);
    }
}

impl agents::Watcher for Invariants {
    fn decision(&mut self, state: &State, d: &agents::Decision) {
        Invariants::decision(self, state, d.player, d.legal);
    }
}

/// The closed groups of coin counters of a game: number counters joined by `transfer`
/// statements, none of which any rule of the file (a variant's too) changes otherwise (`set`,
/// `add`, `subtract`). Such a group's total never changes: coins only move within it
/// (docs/reliability.md).
pub fn closed_counters<'g>(game: &'g Game, file: &syntax::File) -> Vec<Vec<&'g CounterInfo>> {
    /// The counters each statement moves between or changes.
    #[derive(Default)]
    struct Moves {
        links: Vec<(String, String)>,
        changed: Vec<String>,
    }
    impl syntax::walk::Visitor for Moves {
        fn block(&mut self, block: &syntax::ast::Block) {
            for s in &block.stmts {
                match &s.kind {
                    StmtKind::Transfer { from, to, .. } => {
                        self.links.push((from.name.text.clone(), to.name.text.clone()))
                    }
                    StmtKind::Set { place, .. } | StmtKind::Add { place, .. } | StmtKind::Subtract { place, .. } => {
                        self.changed.push(place.name.text.clone())
                    }
                    _ => {}
                }
            }
        }
    }
    let mut moves = Moves::default();
    for item in &file.items {
        syntax::walk::item(&mut moves, item);
    }
    let counters = &game.program.counters;
    let index = |name: &str| counters.iter().position(|c| c.name == name && c.ty == Type::Int);
    let mut group: Vec<usize> = (0..counters.len()).collect();
    fn root(g: &mut [usize], mut i: usize) -> usize {
        while g[i] != i {
            g[i] = g[g[i]];
            i = g[i];
        }
        i
    }
    let mut linked = vec![false; counters.len()];
    for (a, b) in &moves.links {
        // A transfer to or from anything but a number counter (a local) opens the group.
        match (index(a), index(b)) {
            (Some(a), Some(b)) => {
                linked[a] = true;
                linked[b] = true;
                let (ra, rb) = (root(&mut group, a), root(&mut group, b));
                group[ra] = rb;
            }
            (Some(i), None) | (None, Some(i)) => moves.changed.push(counters[i].name.clone()),
            (None, None) => {}
        }
    }
    let mut open = vec![false; counters.len()];
    for name in &moves.changed {
        if let Some(i) = index(name) {
            let r = root(&mut group, i);
            open[r] = true;
        }
    }
    let mut out: Vec<Vec<&CounterInfo>> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    for i in (0..counters.len()).filter(|i| linked[*i]) {
        let r = root(&mut group, i);
        if open[r] {
            continue;
        }
        match roots.iter().position(|x| *x == r) {
            Some(k) => out[k].push(&counters[i]),
            None => {
                roots.push(r);
                out.push(vec![&counters[i]]);
            }
        }
    }
    out
}

/// The fuzzer's bytes, read as numbers; once they run out, every number is 0.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Reads from `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// Whether every byte is read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// A number below `n` (0 when `n` is 0), from one or two bytes.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let take = if n > 256 { 2 } else { 1 };
        let mut v = 0u64;
        for _ in 0..take {
            let (b, rest) = self.data.split_first().map_or((0, &[][..]), |(b, r)| (*b, r));
            self.data = rest;
            v = v << 8 | b as u64;
        }
        v % n
    }

    /// Eight bytes as a number.
    pub fn next_u64(&mut self) -> u64 {
        (0..8).fold(0u64, |v, _| v << 8 | self.below(256))
    }
}

/// Every game in `ROOT/games/` and `ROOT/games/variants/` with each variant it declares,
/// checked, with its syntax tree (for a variant file, joined with the game it extends).
pub fn every_game(root: &str) -> Vec<(String, Arc<Game>, syntax::File)> {
    let mut paths = Vec::new();
    for dir in ["games", "games/variants"] {
        let Ok(entries) = std::fs::read_dir(format!("{root}/{dir}")) else { continue };
        let mut found: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("cardgame"))
            .collect();
        found.sort();
        paths.extend(found);
    }
    let mut out = Vec::new();
    for path in paths {
        let Ok(loaded) = cardlang::load::read(&path.to_string_lossy()) else { continue };
        let mut names: Vec<Option<String>> = loaded.own_variants.iter().cloned().map(Some).collect();
        if !loaded.is_variant_file() {
            names.insert(0, None);
        }
        for v in names {
            let config = Config { variant: v.clone(), sets: Vec::new(), seats: None };
            if let Ok(program) = loaded.check(&config) {
                let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                out.push((format!("{name} {}", v.unwrap_or_default()), Game::new(program), loaded.file.clone()));
            }
        }
    }
    out
}
