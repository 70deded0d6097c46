//! Scenario tests: one per ruling of RULINGS.md, each stacking the deck so the ruling happens.

mod big_two;
mod bridge;
mod cheat;
mod crazy_eights;
mod five_card_draw;
mod hanabi;
mod high_low_war;
mod klondike;
mod pinochle;
mod rummy_500;
mod scopa;
mod spades;
pub(crate) mod support;
mod wilcox_war;
mod wild_twist_gin;
mod wild_twist_solitaire;
mod wild_twist_war;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The ruling ids (`GR-11`, `WTW-3`, ...) written in a text.
fn ids_in(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        // A capital letter, then capitals or digits (`GR`, `R5`).
        while i < b.len() && (b[i].is_ascii_uppercase() || (i > start && b[i].is_ascii_digit())) {
            i += 1;
        }
        let letters = i - start;
        let before_ok = start == 0 || !b[start - 1].is_ascii_alphanumeric();
        if (2..=3).contains(&letters) && before_ok && i < b.len() && b[i] == b'-' {
            let digits_start = i + 1;
            let mut j = digits_start;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j > digits_start {
                out.insert(text[start..j].to_string());
                i = j;
                continue;
            }
        }
        if i == start {
            i += 1;
        }
    }
    out
}

/// The names of the scenario test functions under tests/rules/ (its folders too).
fn scenario_tests() -> Vec<String> {
    let mut names = Vec::new();
    let mut folders = vec![PathBuf::from(format!("{ROOT}/tests/rules"))];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder of tests/rules") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a test file");
                let mut lines = text.lines().peekable();
                while let Some(l) = lines.next() {
                    if l.trim() == "#[test]" {
                        if let Some(f) = lines.peek().and_then(|n| n.trim().strip_prefix("fn ")) {
                            names.push(f.split('(').next().unwrap_or("").to_string());
                        }
                    }
                }
            }
        }
    }
    names
}

/// The ids with no scenario test whose name starts with the id (`GR-11` -> `gr_11_...`).
fn untested(ids: &BTreeSet<String>) -> Vec<String> {
    let tests = scenario_tests();
    ids.iter()
        .filter(|id| {
            let prefix = format!("{}_", id.to_lowercase().replace('-', "_"));
            !tests.iter().any(|t| t.starts_with(&prefix))
        })
        .cloned()
        .collect()
}

/// RULINGS.md, kept beside the project (`../shared/RULINGS.md` from a checkout, or further up
/// from a worktree), or where `CARDLANG_RULINGS` says.
fn rulings_file() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CARDLANG_RULINGS") {
        return Some(PathBuf::from(p));
    }
    Path::new(ROOT).ancestors().skip(1).map(|d| d.join("shared/RULINGS.md")).find(|p| p.is_file())
}

#[test]
fn every_ruling_of_rulings_md_has_a_scenario_test() {
    let Some(path) = rulings_file() else {
        crate::common::skipped(&format!(
            "skipped: no shared/RULINGS.md above {ROOT}, so the rulings cannot be matched to scenario tests (set CARDLANG_RULINGS to its path)"
        ));
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // The ids a ruling is given: the bold heads (`- **GR-11 The knocker arranges.**`).
    let heads: BTreeSet<String> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("- **"))
        .flat_map(|l| ids_in(l.split("**").next().unwrap_or("")))
        .collect();
    assert!(heads.len() >= 40, "{} reads as {} rulings: {heads:?}", path.display(), heads.len());
    let missing = untested(&heads);
    assert!(missing.is_empty(), "rulings of {} with no scenario test under tests/rules/: {missing:?}", path.display());
}

#[test]
fn every_ruling_named_in_a_game_file_has_a_scenario_test() {
    let mut ids = BTreeSet::new();
    for entry in std::fs::read_dir(format!("{ROOT}/games")).expect("games/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "cardgame") {
            ids.extend(ids_in(&std::fs::read_to_string(&path).expect("a game file")));
        }
    }
    assert!(ids.contains("GR-11") && ids.contains("WTW-1"), "{ids:?}");
    let missing = untested(&ids);
    assert!(missing.is_empty(), "rulings named in games/ with no scenario test under tests/rules/: {missing:?}");
}

#[test]
fn ruling_ids_are_read_from_text() {
    let ids = ids_in("- **GR-11 The knocker** (GR-7, WTW-3..4; not X-1 or ABCD-2 or aGR-3 or 5R-2) R5-10");
    assert_eq!(ids.into_iter().collect::<Vec<_>>(), ["GR-11", "GR-7", "R5-10", "WTW-3"]);
}
