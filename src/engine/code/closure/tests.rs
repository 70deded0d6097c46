//! The compiled closures agree with the tree-walker: every expression of every game, and every
//! part of one, compiled as a value and as a condition, gives what `State::eval_in` gives, at
//! each decision of seeded random games, with no bindings and with each menu candidate's.

use super::Ev;
use crate::check::ir::{Choice, Expr, Program};
use crate::check::{self, Config};
use crate::engine::run::eval::Binds;
use crate::engine::state::rng::Rng;
use crate::engine::{Game, State, ToMove};

/// Every game file of the project's `games/` folder, with its text.
fn games() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the games folder is readable")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|x| x == "cardgame"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a game file is readable");
            (path.display().to_string(), text)
        })
        .collect();
    out.sort();
    out
}

/// Decisions looked at per game, and menu candidates per decision.
const DECISIONS: usize = 40;
const CANDIDATES: usize = 6;

/// Every expression of the program's procedures, and every part of each.
fn expressions(program: &Program) -> Vec<Expr> {
    fn collect(e: &Expr, out: &mut Vec<Expr>) {
        out.push(e.clone());
        crate::check::ir::walk::children(e, |c| collect(c, out));
    }
    let mut out = Vec::new();
    for p in &program.procedures {
        let mut body = p.body.clone();
        crate::check::ir::walk::block_exprs(&mut body, &mut |e| collect(e, &mut out));
    }
    out
}

/// Makes one random choice for the first player to move; false when the game is over or
/// nobody has a choice.
fn random_step(state: &mut State, rng: &mut Rng, legal: &mut Vec<crate::engine::Action>) -> bool {
    let p = match state.to_move() {
        ToMove::Nobody => return false,
        ToMove::One(p) => p,
        ToMove::Simultaneous(ps) => ps.first().unwrap_or(0),
    };
    state.legal_actions_into(p, legal);
    let Some(&a) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else { return false };
    state.apply(p, a).expect("a legal action applies");
    true
}

/// Every game of `games/`, checked and ready to play, with its file name.
pub(crate) fn checked_games() -> Vec<(String, std::sync::Arc<Game>)> {
    games()
        .into_iter()
        .map(|(name, text)| {
            let file = crate::syntax::parse(&text).expect("the game parses");
            let config = Config { variant: None, sets: Vec::new(), seats: None };
            let game = Game::new(check::check(&file, &config).expect("the game checks"));
            (name, game)
        })
        .collect()
}

/// Calls `visit` at each decision of five seeded random games of `game` (up to [`DECISIONS`]
/// each).
fn at_decisions(game: &std::sync::Arc<Game>, mut visit: impl FnMut(&State)) {
    for seed in 1..=5 {
        let mut state = State::new(game.clone(), seed);
        let mut rng = Rng::new(seed);
        let mut legal = Vec::new();
        for _ in 0..DECISIONS {
            visit(&state);
            if !random_step(&mut state, &mut rng, &mut legal) {
                break;
            }
        }
    }
}

/// Compares every compiled expression with the tree-walker in `state` under `binds`.
fn agree(name: &str, state: &State, compiled: &[(Expr, Ev, Ev)], binds: &Binds) -> usize {
    for (e, value, condition) in compiled {
        let want = state.eval_in(e, binds);
        assert_eq!(value.get(state, binds), want, "{name}: the value of {e:?}");
        assert_eq!(condition.test(state, binds), want.is_true(), "{name}: the condition {e:?}");
    }
    compiled.len()
}

#[test]
fn closures_agree_with_the_tree_walker() {
    let mut compared = 0;
    let mut with_binds = 0;
    let games = games();
    assert!(games.len() >= 10, "only {} game files found", games.len());
    for (name, text) in &games {
        let file = crate::syntax::parse(text).expect("the game parses");
        let config = Config { variant: None, sets: Vec::new(), seats: None };
        let game = Game::new(check::check(&file, &config).expect("the game checks"));
        let compiled: Vec<(Expr, Ev, Ev)> = expressions(&game.program)
            .into_iter()
            .map(|e| {
                let (value, condition) = (Ev::new(&e, &game.program), Ev::condition(&e, &game.program));
                (e, value, condition)
            })
            .collect();
        assert!(!compiled.is_empty(), "{name}: no expression found");
        let mut state = State::new(game.clone(), 7);
        let mut rng = Rng::new(7);
        let mut legal = Vec::new();
        for _ in 0..DECISIONS {
            compared += agree(name, &state, &compiled, &Binds::EMPTY);
            if let Some(Choice::Menu { branches, .. }) = state.choice_here() {
                let mut seen = 0;
                state.for_each_tuple(branches, |t| {
                    with_binds += agree(name, &state, &compiled, &t.binds);
                    seen += 1;
                    seen < CANDIDATES
                });
            }
            if !random_step(&mut state, &mut rng, &mut legal) {
                break;
            }
        }
    }
    // Enough was looked at for the test to mean something.
    assert!(compared > 10_000 && with_binds > 10_000, "{compared} comparisons, {with_binds} with bindings");
}

/// A menu's conditions, with their parts kept while the menu is listed (memo.rs), agree with
/// the tree-walker at every candidate of every menu met in seeded random games of every game:
/// each candidate reads kept values written for the candidates before it. So do the compiled
/// domains its names take their values from.
#[test]
fn kept_parts_agree_with_the_tree_walker() {
    use crate::check::ir::Domain;
    let (mut compared, mut domains) = (0, 0);
    for (name, game) in &checked_games() {
        at_decisions(game, |state| {
            let Some(Choice::Menu { branches, .. }) = state.choice_here() else { return };
            let code = state.menu_code_here(branches).expect("a pending menu has its code");
            state.for_each_tuple(branches, |t| {
                let (written, names) = (&branches[t.branch].binds, &code.branches[t.branch].names);
                for (bind, compiled) in written.iter().zip(names) {
                    if let (Some(e), Some(f)) = (&bind.filter, &compiled.filter) {
                        let want = state.eval_in(e, &t.binds).is_true();
                        assert_eq!(f.test(state, &t.binds), want, "{name}: the condition {e:?}");
                        compared += 1;
                    }
                }
                for (bind, compiled) in written.iter().zip(names) {
                    if let (Domain::Card(e) | Domain::Zone(e), Some(d)) = (&bind.from, &compiled.domain) {
                        assert_eq!(d.get(state, &t.binds), state.eval_in(e, &t.binds), "{name}: the domain {e:?}");
                        domains += 1;
                    }
                }
                true
            });
        });
    }
    assert!(compared > 500, "only {compared} comparisons");
    assert!(domains > 500, "only {domains} domains compared");
}

/// The compiled `where` of a choice of one value (or of a secret choice) agrees with the
/// tree-walker for every value of the choice's domain (those it refuses too), for every
/// player, at every such choice met in seeded random games of every game; its parts that do not
/// read the candidate are kept for the listing, as when the candidates are listed.
#[test]
fn choice_filters_agree_with_the_tree_walker() {
    use crate::check::ir::Value;
    use crate::engine::choices::choice::Candidates;
    use crate::engine::code::lower::Instr;
    let mut compared = 0;
    for (name, game) in &checked_games() {
        at_decisions(game, |state| {
            let Some(Instr::Choose(code)) = game.code.instrs.get(state.pc as usize) else { return };
            let Some(compiled) = &code.filter else { return };
            for player in 0..game.program.players {
                let Some(pick) = state.pick(player) else { continue };
                let _listing = (code.kept > 0).then(|| super::Listing::start(state));
                let written = pick.filter.expect("a compiled filter is written");
                let values: Vec<Value> = match pick.cands {
                    Candidates::Zone(z) => state.zones[z as usize].iter().map(|&c| Value::Card(c)).collect(),
                    Candidates::Zones(z, n) => {
                        (z..z + n).flat_map(|z| state.zones[z as usize].iter().map(|&c| Value::Card(c))).collect()
                    }
                    Candidates::Card(c) => vec![Value::Card(c)],
                    Candidates::Members(m, _) => (0..64).filter(|i| m & 1 << i != 0).map(Value::Sym).collect(),
                    Candidates::Range(lo, hi) => (lo..=hi.min(lo + 100)).map(Value::Int).collect(),
                    Candidates::Arrangements(..) | Candidates::Joined(_) => Vec::new(),
                };
                let mut binds = pick.binds;
                for v in values {
                    binds.set(1, state.abs_slot(pick.slot), v);
                    let want = state.eval_in(written, &binds).is_true();
                    assert_eq!(compiled.test(state, &binds), want, "{name}: the filter {written:?} for {v:?}");
                    compared += 1;
                }
            }
        });
    }
    assert!(compared > 500, "only {compared} comparisons");
}

/// Every menu and choice of every game keeps its parts within the table's rows (memo.rs): a
/// part past them is worked out each time, which gives the same answers but keeps nothing.
#[test]
fn every_games_kept_parts_fit_the_table() {
    use crate::engine::code::lower::Instr;
    for (name, game) in &checked_games() {
        for instr in &game.code.instrs {
            if let Instr::Choose(code) = instr {
                assert!(code.kept <= super::memo::CAPACITY, "{name}: a choice keeps {} rows", code.kept);
            }
        }
    }
}

/// A menu name's condition asked for every value of its range at once (lanes.rs) agrees with
/// the tree-walker for each value, those it refuses too: at every binding of the names before
/// it that meets their conditions, at every menu met in seeded random games of every game, and
/// of `tests/fixtures/lanes.cardgame` (conditions with every lane form, and some asked value by
/// value), with the parts kept for the listing read and written as when the candidates are
/// listed.
#[test]
fn lane_filters_agree_with_the_tree_walker() {
    use crate::check::ir::Value;
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lanes.cardgame");
    let text = std::fs::read_to_string(&fixture).expect("the lanes fixture is readable");
    let file = crate::syntax::parse(&text).expect("the fixture parses");
    let config = Config { variant: None, sets: Vec::new(), seats: None };
    let mut games = checked_games();
    games.push(("lanes fixture".to_string(), Game::new(check::check(&file, &config).expect("the fixture checks"))));
    let (mut compared, mut refused, mut in_fixture) = (0, 0, 0);
    for (name, game) in &games {
        let before = compared;
        at_decisions(game, |state| {
            let Some(Choice::Menu { branches, .. }) = state.choice_here() else { return };
            let code = state.menu_code_here(branches).expect("a pending menu has its code");
            let _listing = super::Listing::start(state);
            for (i, (branch, compiled)) in branches.iter().zip(&code.branches).enumerate() {
                for (level, (bind, names)) in branch.binds.iter().zip(&compiled.names).enumerate() {
                    let (Some(lanes), Some(written)) = (&names.lanes, &bind.filter) else { continue };
                    // Every binding of the names before it that their conditions let through.
                    let mut t = crate::engine::choices::menu::Tuple { branch: i, binds: Binds::default() };
                    let mut work = 0;
                    state.bind_level(&branch.binds[..level], &compiled.names[..level], &mut t, &mut work, &mut |t| {
                        let mut b = t.binds;
                        let mask = lanes.mask(state, &mut b);
                        for k in 0..lanes.len() {
                            b.set(level, state.abs_slot(bind.slot), Value::Int(lanes.first() + k as i64));
                            let want = state.eval_in(written, &b).is_true();
                            assert_eq!(mask & (1 << k) != 0, want, "{name}: {written:?} for value {k} of the range");
                            compared += 1;
                            refused += usize::from(!want);
                        }
                        true
                    });
                }
            }
        });
        if name == "lanes fixture" {
            in_fixture = compared - before;
        }
    }
    assert!(compared > 5_000 && refused > 1_000, "only {compared} comparisons, {refused} refusals");
    assert!(in_fixture > 1_000, "only {in_fixture} comparisons in the fixture");
}
