//! The lints read names from the checker index (issue 39): a declaration is used when some name
//! in the rules means it, by scope. In every game and variant file of `games/` the index and
//! the old plain-text match agree on which zones, options, counters, variables, functions and
//! procedures are used (no game hides a declaration behind a local of its name); where a local
//! does hide one, the index is right and `unused` says so. The other lints read what a name
//! means from the index too (`lints/facts.rs`, `lints/candidates.rs`): a local named like a
//! zone, option or counter is that local (`tests/fixtures/lint_index/shadowed_*.cardgame`), and
//! a name given again by `let` is another name (`renamed_*.cardgame`).

use std::collections::HashSet;

use cardlang::check::index::{Decl, DeclKind, Index};
use cardlang::syntax::ast::{Expr, ExprKind, Item, Name, Span, VariantItem};
use cardlang::syntax::walk::{self, Visitor};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every name written where a name is used, as plain text (how `unused` matched names before
/// it read the index).
#[derive(Default)]
struct Written(HashSet<String>);

impl Visitor for Written {
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Name(n) => {
                self.0.insert(n.clone());
            }
            ExprKind::Of { name, .. } | ExprKind::Call { name, .. } | ExprKind::Every(name) => {
                self.0.insert(name.text.clone());
            }
            _ => {}
        }
    }
    fn name(&mut self, name: &Name) {
        self.0.insert(name.text.clone());
    }
}

/// Every `.cardgame` file under `games/`.
fn game_files() -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(format!("{ROOT}/games"))];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("games/ is readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "cardgame") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The kinds `unused` reports.
fn reported(kind: DeclKind) -> bool {
    matches!(
        kind,
        DeclKind::Zone
            | DeclKind::Option
            | DeclKind::Counter
            | DeclKind::Variable
            | DeclKind::Function
            | DeclKind::Procedure
    )
}

#[test]
fn in_every_game_the_index_and_the_written_names_agree_on_what_is_used() {
    let files = game_files();
    assert!(files.len() >= 10, "the games are found: {files:?}");
    let mut compared = 0;
    for path in files {
        let Ok(loaded) = cardlang::load::read(&path.to_string_lossy()) else { panic!("{} loads", path.display()) };
        let file = &loaded.file;
        let index = Index::of(file);
        let mut written = Written::default();
        file.items.iter().for_each(|item| walk::item(&mut written, item));
        let locals: HashSet<&str> = index.decls.iter().filter(|d| d.kind.is_local()).map(|d| d.name.as_str()).collect();
        // What `unused` reports on: the game's declarations and those a variant adds (an
        // override is the declaration it replaces, under the same name).
        let mut declared: HashSet<Span> = file.items.iter().filter_map(|i| i.name()).map(|n| n.span).collect();
        for item in &file.items {
            if let Item::Variant(v) = item {
                declared.extend(v.items.iter().filter_map(|vi| match vi {
                    VariantItem::Add(i) => i.name().map(|n| n.span),
                    _ => None,
                }));
            }
        }
        let reported_here = |d: &&Decl| reported(d.kind) && !d.in_base && declared.contains(&d.span);
        for (id, decl) in index.decls.iter().enumerate().filter(|(_, d)| reported_here(d)) {
            let by_index = index.uses.iter().any(|u| u.decl.0 == id);
            let by_text = written.0.contains(&decl.name);
            assert!(!locals.contains(decl.name.as_str()), "{}: a local hides `{}`", path.display(), decl.name);
            assert_eq!(by_index, by_text, "{}: is {} `{}` used?", path.display(), decl.kind.word(), decl.name);
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} declarations compared");
}

#[test]
fn a_parameter_named_like_a_zone_is_not_a_use_of_the_zone() {
    let path = format!("{ROOT}/tests/fixtures/lint_index/shadowed_zone.cardgame");
    let lint = cardlang::load::lint_file(&path);
    let found: Vec<(String, String)> =
        lint.problems().into_iter().map(|p| (p.code.unwrap_or_default(), p.message)).collect();
    assert_eq!(found, [("cardlang::lint::unused".to_string(), "zone `hand` is never used".to_string())]);
}

/// The findings of `cardlang lint` on a fixture of `tests/fixtures/lint_index/`: code and message.
fn findings(name: &str) -> Vec<(String, String)> {
    let lint = cardlang::load::lint_file(&format!("{ROOT}/tests/fixtures/lint_index/{name}"));
    lint.problems().into_iter().map(|p| (p.code.unwrap_or_default(), p.message)).collect()
}

#[test]
fn a_parameter_named_like_a_zone_is_not_the_zone_chosen_from() {
    // `take(p, pile)` chooses from the pile, filled before every choice: no zone can run out.
    assert_eq!(findings("shadowed_zone_choice.cardgame"), []);
}

#[test]
fn a_let_named_like_an_option_can_change_in_a_loop() {
    // The loop adds to the local `turns` it tests, so it ends; the option is used nowhere.
    assert_eq!(
        findings("shadowed_option_loop.cardgame"),
        [("cardlang::lint::unused".to_string(), "option `turns` is never used".to_string())]
    );
}

#[test]
fn a_let_named_like_a_counter_does_not_take_the_counter_below_zero() {
    // `pay` subtracts from its own `pot`: the counter only grows, `0 to pot` is never empty.
    assert_eq!(findings("shadowed_counter_range.cardgame"), []);
}

#[test]
fn a_let_named_like_an_option_ends_a_range_with_its_own_value() {
    // `1 to n` ends at the local `n` (the cards in the pack), tested `n >= 1` first: not the
    // option's 0, so not a range that holds no number.
    assert_eq!(
        findings("shadowed_option_range.cardgame"),
        [("cardlang::lint::unused".to_string(), "option `n` is never used".to_string())]
    );
}

#[test]
fn a_card_named_again_and_moved_face_up_does_not_reveal_the_one_announced() {
    // `let c` given again after the announcement: the card moved face up is the pack's, so the
    // hand's card announced stays hidden (compared as text, the two `c` were one card).
    assert_eq!(
        findings("renamed_card_reveal.cardgame"),
        [(
            "cardlang::lint::hidden_read".to_string(),
            "this announcement shows everyone a card of `hand of player 1`, which only its owner can see".to_string()
        )]
    );
}
