//! The language server parses only what an edit touched (`syntax::reparse`): on every game, variant
//! file, fixture and cookbook game, edits everywhere (a character or a piece typed, deleted or
//! replaced, in names, strings, comments, between declarations, at the very start and end) give
//! either no tree (the whole text is parsed instead) or the very tree a whole parse gives.

use cardlang::syntax::shift::{shift_file, Shift};
use cardlang::syntax::{parse, parse_at, reparse, File};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

/// Every source text to edit: the games and their variant files, the fixtures, the cookbook.
fn corpus() -> Vec<(String, String)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut out = Vec::new();
    for dir in ["games", "games/variants", "tests/fixtures"] {
        let Ok(entries) = std::fs::read_dir(format!("{root}/{dir}")) else { continue };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "cardgame")) {
            let text = std::fs::read_to_string(&p).expect("a readable game file");
            out.push((p.display().to_string(), text));
        }
    }
    for (line, text) in crate::cookbook::snippets() {
        out.push((format!("docs/cookbook.md:{line}"), text));
    }
    out
}

/// A char boundary of `text` at or before `at`.
fn boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// What one edit does, for a failure's message.
fn splice(text: &str, from: usize, to: usize, with: &str) -> String {
    format!("{}{}{}", &text[..from], with, &text[to..])
}

/// Characters a person types, and some that break things.
const TYPED: &[&str] =
    &["a", "e", "x", "_", "1", " ", "\n", "\"", "/", "{", "}", "(", ",", ".", "é", "//", "// note\n"];

/// A seeded sample of edits of `text`: (from, to, inserted).
fn edits(text: &str, rng: &mut Pcg64, n: usize) -> Vec<(usize, usize, String)> {
    let mut out = vec![(0, 0, "// top\n".to_string()), (text.len(), text.len(), "\n// end\n".to_string())];
    out.push((0, boundary(text, 1), String::new()));
    out.push((boundary(text, text.len().saturating_sub(1)), text.len(), String::new()));
    // Right inside strings and comments, and at the start of lines (between declarations).
    for marker in ["\"", "//", "\n\n", "\n"] {
        let hits: Vec<usize> = text.match_indices(marker).map(|(i, _)| i + marker.len()).collect();
        for _ in 0..3.min(hits.len()) {
            let at = hits[rng.next_u64() as usize % hits.len()];
            out.push((at, at, TYPED[rng.next_u64() as usize % TYPED.len()].to_string()));
        }
    }
    let len = text.len().max(1);
    for _ in 0..n {
        let at = boundary(text, rng.next_u64() as usize % (len + 1));
        let piece_end = boundary(text, at + 1 + rng.next_u64() as usize % 24);
        let one = boundary(text, at + 1).max(at + text[at..].chars().next().map_or(0, char::len_utf8));
        let typed = TYPED[rng.next_u64() as usize % TYPED.len()].to_string();
        let elsewhere = boundary(text, rng.next_u64() as usize % len);
        let piece = text[elsewhere..boundary(text, elsewhere + 1 + rng.next_u64() as usize % 30)].to_string();
        out.push(match rng.next_u64() % 5 {
            0 => (at, at, typed),
            1 => (at, one.min(text.len()), String::new()),
            2 => (at, one.min(text.len()), typed),
            3 => (at, at, piece),
            _ => (at, piece_end, String::new()),
        });
    }
    out
}

/// Whether `reparse` agreed with a whole parse: `Some(true)` when it gave the same tree,
/// `Some(false)` when it gave none though the new text parses, `None` when the new text does
/// not parse (and it gave none). A tree that differs fails the test.
fn agrees(name: &str, old: &str, tree: &File, new: &str) -> Option<bool> {
    let whole = parse(new).ok();
    match (reparse(old, tree, new), whole) {
        (Some(part), Some(whole)) => {
            assert!(part == whole, "{name}: the reparsed tree differs from a whole parse after the edit\n{new}");
            Some(true)
        }
        (Some(_), None) => panic!("{name}: reparse gave a tree for a text that does not parse\n{new}"),
        (None, Some(_)) => Some(false),
        (None, None) => None,
    }
}

#[test]
fn an_edit_anywhere_reparses_to_the_tree_a_whole_parse_gives() {
    let mut rng = Pcg64::seed_from_u64(40);
    let (mut same, mut fallback, mut broken) = (0usize, 0usize, 0usize);
    for (name, text) in corpus() {
        let Ok(tree) = parse(&text) else { continue };
        for (from, to, with) in edits(&text, &mut rng, 40) {
            let new = splice(&text, from, to, &with);
            match agrees(&format!("{name} ({from}..{to} -> {with:?})"), &text, &tree, &new) {
                Some(true) => same += 1,
                Some(false) => fallback += 1,
                None => broken += 1,
            }
        }
    }
    println!("reparse: {same} edits reparsed, {fallback} parsed whole though they parse, {broken} do not parse");
    assert!(same > 1000, "the sample reparsed {same} edits");
}

/// Ordinary typing: a declaration's text typed again a character at a time into a comment line
/// and into a name (each text parses), every step reparsed from the one before.
#[test]
fn typing_reparses_almost_every_keystroke() {
    let (mut same, mut fallback) = (0usize, 0usize);
    for (name, text) in corpus() {
        let Ok(mut tree) = parse(&text) else { continue };
        // A comment typed at the start of a line two thirds of the way down.
        let at = text[..text.len() * 2 / 3].rfind('\n').map_or(0, |i| i + 1);
        let mut old = text.clone();
        let words = "// the dealer deals again when the pack runs out\n";
        for k in 1..=words.len() {
            let new = splice(&text, at, at, &format!("{}\n", &words[..k]));
            match agrees(&name, &old, &tree, &new) {
                Some(true) => same += 1,
                Some(false) => fallback += 1,
                None => continue,
            }
            tree = parse(&new).expect("parses");
            old = new;
        }
        // A name made longer, letter by letter, where it is declared: the first `zone` name.
        if let Some(z) = old.find("\nzone ") {
            let end = z + 6 + old[z + 6..].find(|c: char| !c.is_alphanumeric() && c != '_').unwrap_or(0);
            for k in 1..=5 {
                let new = splice(&old, end, end, &"x".repeat(k));
                if let Some(ok) = agrees(&name, &old, &tree, &new) {
                    if ok {
                        same += 1
                    } else {
                        fallback += 1
                    }
                }
            }
        }
    }
    let ratio = fallback as f64 / (same + fallback).max(1) as f64;
    println!("typing: {same} keystrokes reparsed, {fallback} parsed whole ({:.1}%)", ratio * 100.0);
    assert!(same > 500, "{same} keystrokes reparsed");
    assert!(ratio < 0.02, "{:.1}% of keystrokes fell back to a whole parse", ratio * 100.0);
}

/// Every span of every node moves: a tree moved by N bytes is the tree of the text parsed at N
/// (a field with a span that the shifter forgets fails here, on some file of the corpus).
#[test]
fn a_shifted_tree_is_the_tree_parsed_further_on() {
    for (name, text) in corpus() {
        let Ok(mut tree) = parse(&text) else { continue };
        let Ok(further) = parse_at(&text, 1000) else { continue };
        shift_file(&mut tree, Shift { at: 0, by: 1000 });
        assert!(tree == further, "{name}: a span was not moved");
        shift_file(&mut tree, Shift { at: 0, by: -1000 });
        assert!(Ok(tree) == parse(&text), "{name}: moving back does not give the tree back");
    }
}

/// A change to `extends` or to a byte-order mark is parsed whole; so is a text that stops parsing.
#[test]
fn what_cannot_be_reparsed_alone_is_refused() {
    let variant = "extends \"../war.cardgame\"\n\nvariant quick {\n  option rounds = 3\n}\n";
    let tree = parse(variant).expect("parses");
    assert!(reparse(variant, &tree, &variant.replace("war", "wars")).is_none());
    let game = "game \"A\"\nplayers 2\n";
    let tree = parse(game).expect("parses");
    assert!(reparse(game, &tree, &format!("\u{feff}{game}")).is_none());
    assert!(reparse(game, &tree, "game \"A\"\nplayers\n").is_none());
    assert!(reparse(game, &tree, &format!("extends \"x.cardgame\"\n{game}")).is_none());
    let typed = reparse(game, &tree, "game \"A\"\nplayers 23\n").expect("a number typed on");
    assert_eq!(Ok(typed), parse("game \"A\"\nplayers 23\n"));
}
