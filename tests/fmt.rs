//! `cardlang fmt`: the games are formatted already; formatting is idempotent, keeps the syntax
//! tree (spans apart) and every comment, in order; it never panics on a file that parses.

use std::path::{Path, PathBuf};

use cardlang::engine::rng::Rng;
use cardlang::syntax::{format, parse};

/// The `.cardgame` files of a folder of the project, sorted; none when it does not exist.
fn cardgames(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|entries| entries.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "cardgame"));
    files.sort();
    files
}

fn games() -> Vec<PathBuf> {
    let mut files = cardgames("games");
    files.extend(cardgames("games/variants"));
    files
}

/// Every game and every test fixture.
fn all_files() -> Vec<PathBuf> {
    let mut files = games();
    files.extend(cardgames("tests/lint"));
    files.extend(cardgames("tests/diagnostics"));
    files.extend(cardgames("tests/variant_files"));
    files.extend(cardgames("tests/fixtures"));
    files.extend(cardgames("tests/fixtures/lang_expr4"));
    files
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("a readable file")
}

/// The syntax tree of `source` written out without its spans (every span comes from the
/// parser's `span_of`, printed by `Debug` as `Span { start: .., end: .. }`).
fn tree_without_spans(source: &str) -> String {
    let file = parse(source).expect("the text parses");
    let debug = format!("{file:?}");
    let mut out = String::new();
    let mut rest = debug.as_str();
    while let Some(i) = rest.find("Span { start: ") {
        out.push_str(&rest[..i]);
        out.push_str("Span");
        let after = &rest[i..];
        let close = after.find('}').expect("a span's `}`");
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The comments of a text, found without the parser: `//` to the end of the line, outside quoted
/// text (this plain reading takes a template's `{holes}` for quoted text too).
fn comment_texts(source: &str) -> Vec<String> {
    let mut comments = Vec::new();
    let mut chars = source.char_indices().peekable();
    let mut in_string = false;
    while let Some((i, c)) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        } else if c == '/' && chars.peek().is_some_and(|(_, n)| *n == '/') {
            let end = source[i..].find('\n').map_or(source.len(), |n| i + n);
            comments.push(source[i..end].trim_end().to_string());
            while chars.peek().is_some_and(|(j, _)| *j < end) {
                chars.next();
            }
        }
    }
    comments
}

/// Formats `source` and checks every promise of `fmt` on it; returns the formatted text.
fn check_format(source: &str, what: &str) -> String {
    let once = format(source).unwrap_or_else(|e| panic!("{what}: {e}"));
    let twice = format(&once).unwrap_or_else(|e| panic!("{what}: the formatted text does not parse: {e}\n{once}"));
    assert_eq!(twice, once, "{what}: formatting is not idempotent");
    assert_eq!(tree_without_spans(&once), tree_without_spans(source), "{what}: the tree changed:\n{once}");
    let texts = |s: &str| -> Vec<String> {
        cardlang::syntax::fmt::comments(s).expect("it parses").into_iter().map(|c| c.text).collect()
    };
    assert_eq!(texts(&once), texts(source), "{what}: the comments changed:\n{once}");
    assert!(once.is_empty() || once.ends_with('\n') && !once.ends_with("\n\n"), "{what}: ends with one line break");
    assert!(!once.lines().any(|l| l.ends_with(' ')), "{what}: no line ends in a space");
    assert!(!once.contains("\n\n\n"), "{what}: at most one empty line in a row");
    once
}

#[test]
fn the_comments_found_are_those_a_plain_reading_finds() {
    for path in all_files() {
        let source = read(&path);
        if let Ok(comments) = cardlang::syntax::fmt::comments(&source) {
            let texts: Vec<String> = comments.into_iter().map(|c| c.text).collect();
            assert_eq!(texts, comment_texts(&source), "{}", path.display());
        }
    }
}

#[test]
fn every_game_is_formatted_already() {
    let files = games();
    assert!(files.len() >= 4, "the games are found");
    for path in files {
        let source = read(&path);
        let formatted = check_format(&source, &path.display().to_string());
        if formatted != source {
            let line = source.lines().zip(formatted.lines()).position(|(a, b)| a != b).map_or(0, |i| i + 1);
            panic!("{} is not formatted (line {line}); run `cardlang fmt` on it", path.display());
        }
    }
}

#[test]
fn formatting_every_fixture_keeps_its_tree_and_comments_and_is_idempotent() {
    let mut formatted = 0;
    for path in all_files() {
        let source = read(&path);
        if parse(&source).is_err() {
            assert!(format(&source).is_err(), "{}: a syntax error is reported", path.display());
            continue;
        }
        check_format(&source, &path.display().to_string());
        formatted += 1;
    }
    assert!(formatted >= 15, "the fixtures are found ({formatted})");
}

/// Formats `source` (checking every promise) and compares with `expected`.
fn formats_to(source: &str, expected: &str) {
    let got = check_format(source, source);
    assert_eq!(got, expected, "formatting\n{source}");
}

#[test]
fn layout_of_declarations() {
    formats_to(
        "game   \"T\"  players 2\noption x=-3 option y = true\nenum suit=hearts \"♥\",spades\n\
         property matches:set of suit={}\ncards d=every suit{ x:1,y:2 }\n\
         cards w={\"A \\\"b\\\"\"{x:1 y:none}\"B\"{}}\norder o:rank 2<3\n\
         zone z:per player,face down,holds d+w\ncounter c per card:suit=none variable v=0\n\
         function f():int=1\nprocedure p(a:int,b:card){}\nprocedure q(){return}\n",
        "game \"T\"\nplayers 2\noption x = -3\noption y = true\nenum suit = hearts \"♥\", spades\n\
         property matches: set of suit = {}\ncards d = every suit {\n    x: 1\n    y: 2\n}\n\
         cards w = {\n    \"A \\\"b\\\"\" { x: 1, y: none }\n    \"B\" {}\n}\norder o: rank 2 < 3\n\
         zone z: per player, face down, holds d + w\ncounter c per card: suit = none\nvariable v = 0\n\
         function f(): int = 1\nprocedure p(a: int, b: card) {\n}\nprocedure q {\n    return\n}\n",
    );
}

#[test]
fn layout_of_variants_and_the_header() {
    formats_to(
        "extends \"../base.cardgame\" // the base\nvariant a \"A\" extends b, c { option x = 1 override zone d: shared\n\
         zone e: shared override procedure setup { shuffle e } }\nvariant b {}\n",
        "extends \"../base.cardgame\" // the base\n\nvariant a \"A\" extends b, c {\n    option x = 1\n    \
         override zone d: shared\n    zone e: shared\n    override procedure setup {\n        shuffle e\n    }\n}\n\
         variant b {\n}\n",
    );
}

#[test]
fn layout_of_statements() {
    formats_to(
        "procedure play { if a {x()} else if b {y()} else {if c {z()}}\n\
         while true { repeat 3 times { for each player p { for each card c in hand of p { shuffle deck } } } }\n\
         deal all from pack to deck face down deal 2 from pack to hand\n\
         move top of deck to pile face up move top 2 of deck to pile move bottom (n + 1) of deck to pile\n\
         move top (n) of deck to pile move all of deck to pile move (top of deck) to pile move c to pile\n\
         move (top of deck).x to pile\n\
         turn over deck turn c face down let x = 1 set y of p = 2 add 1 to z subtract 1 from z of p\n\
         end game winner p end game loser p end game draw end game unfinished end game highest p: count of d of p\n\
         announce \"a {x} \\{b} \\\\ \\\"c\\\"\\n\" chance chooses s from {h, t}\n\
         p chooses n from 1 to 5 where n > 1 asking \"How many?\" opponent of p chooses c from hand of p\n\
         player 1 chooses c from hand of player 1\n\
         each player p secretly chooses c from hand of p where c.x asking \"{p}?\"\n\
         transfer all from pot to purse of p transfer 2 from a to b f() g(1, 2) }\n",
        "procedure play {\n    if a {\n        x()\n    } else if b {\n        y()\n    } else {\n        if c {\n            \
         z()\n        }\n    }\n    while true {\n        repeat 3 times {\n            for each player p {\n                \
         for each card c in hand of p {\n                    shuffle deck\n                }\n            }\n        }\n    \
         }\n    deal all from pack to deck face down\n    deal 2 from pack to hand\n    move top of deck to pile face up\n    \
         move top 2 of deck to pile\n    move bottom (n + 1) of deck to pile\n    move top n of deck to pile\n    \
         move all of deck to pile\n    move (top of deck) to pile\n    move c to pile\n    move (top of deck).x to pile\n    \
         turn over deck\n    turn c face down\n    let x = 1\n    set y of p = 2\n    add 1 to z\n    subtract 1 from z of p\n    \
         end game winner p\n    end game loser p\n    end game draw\n    end game unfinished\n    \
         end game highest p: count of d of p\n    announce \"a {x} \\{b} \\\\ \\\"c\\\"\\n\"\n    \
         chance chooses s from {h, t}\n    p chooses n from 1 to 5 where n > 1 asking \"How many?\"\n    \
         opponent of p chooses c from hand of p\n    player 1 chooses c from hand of player 1\n    \
         each player p secretly chooses c from hand of p where c.x asking \"{p}?\"\n    transfer all from pot to purse of p\n    \
         transfer 2 from a to b\n    f()\n    g(1, 2)\n}\n",
    );
}

#[test]
fn long_lines_break_where_the_layout_allows() {
    let members: Vec<String> = (0..40).map(|i| format!("member_{i}")).collect();
    let source = format!(
        "enum e = {}\norder o: e {}\nprocedure p {{\n    p chooses c from hand of p where c.x asking \"{}\"\n}}\n",
        members.join(", "),
        members.join(" < "),
        "a question ".repeat(8)
    );
    let got = check_format(&source, "long lines");
    assert!(got.lines().all(|l| l.chars().count() <= 120), "{got}");
    assert!(got.contains("\n    member_"), "{got}");
    assert!(got.contains("\n    < member_"), "{got}");
    assert!(got.contains("where c.x\n        asking \"a question"), "{got}");
}

#[test]
fn function_bodies_stay_on_their_line_or_go_under_it() {
    formats_to(
        "function f(a: card): int = if a.x then 1 else 2\n\
         function g(first: card, second: card): bool = if first.x == second.x then high of first > high of second else high of first < high of second\n\
         function h(a: card): int =\n    // why\n    if a.x then (if a.y then 1 else 2)\n    else if a.z then 3 // z\n    \
         else -1\n",
        "function f(a: card): int = if a.x then 1 else 2\n\
         function g(first: card, second: card): bool =\n    \
         if first.x == second.x then high of first > high of second else high of first < high of second\n\
         function h(a: card): int =\n    // why\n    if a.x then (if a.y then 1 else 2)\n    else if a.z then 3 // z\n    \
         else -1\n",
    );
}

#[test]
fn parentheses_only_where_needed() {
    let cases = [
        ("(a + b) * c", "(a + b) * c"),
        // The size of `subsets of` runs to the end, like a `where`.
        ("(count of s in subsets of z of size 2) * 2", "(count of s in subsets of z of size 2) * 2"),
        // issue 43: an aggregate ending in its domain keeps its brackets before an operator, for
        // the reader (the grammar would not need them: `z * 2` is not the domain).
        ("(count of s in subsets of z) * 2", "(count of s in subsets of z) * 2"),
        ("(max of c.v for c in z) - (min of c.v for c in z)", "(max of c.v for c in z) - (min of c.v for c in z)"),
        ("max of c.v for c in z - min of c.v for c in z", "(max of c.v for c in z) - (min of c.v for c in z)"),
        ("a == max of c.v for c in z", "a == max of c.v for c in z"),
        ("a + (b * c)", "a + b * c"),
        ("a - (b - c)", "a - (b - c)"),
        ("(a - b) - c", "a - b - c"),
        ("not (a and b)", "not (a and b)"),
        ("(not a) and b", "not a and b"),
        ("(not a) == b", "(not a) == b"),
        ("a == (not b)", "a == (not b)"),
        ("a and (not b)", "a and not b"),
        ("-(a + b)", "-(a + b)"),
        ("(-a).x", "(-a).x"),
        ("-(a.x)", "-a.x"),
        ("high of (c.rank)", "high of (c.rank)"),
        ("(high of c).rank", "(high of c).rank"),
        ("(deck of p) is empty", "deck of p is empty"),
        ("(a + 1) is none", "(a + 1) is none"),
        ("(if a then b else c) + 1", "(if a then b else c) + 1"),
        ("1 + (if a then b else c)", "1 + (if a then b else c)"),
        (
            "if (if a then b else c) then (if d then e else f) else (if g then h else i)",
            "if (if a then b else c) then (if d then e else f) else if g then h else i",
        ),
        ("top of (if a then b else c)", "top of (if a then b else c)"),
        // An aggregate or an `if` as another aggregate's value keeps its brackets, for the reader.
        (
            "sum of (max of c.v for c in z where c.s == s) for s in suit",
            "sum of (max of c.v for c in z where c.s == s) for s in suit",
        ),
        ("sum of (if a then 1 else 0) for q in players", "sum of (if a then 1 else 0) for q in players"),
        ("sum of (a + 1) for q in players", "sum of a + 1 for q in players"),
        ("--a", "--a"),
        ("a - -1", "a - -1"),
        ("(a or b) and (c or d)", "(a or b) and (c or d)"),
        ("a in {x, y}", "a in {x, y}"),
        ("f((a), (b + c))", "f(a, b + c)"),
        ("count of (a - b)", "count of (a - b)"),
        // A `where` condition runs to the end, like an `else`.
        ("(count of c in z where c.r == 1) >= 2", "(count of c in z where c.r == 1) >= 2"),
        ("a or any c in z where c.x", "a or (any c in z where c.x)"),
        ("not (all c in z where c.x)", "not (all c in z where c.x)"),
        ("sum of c.v for c in z + 1", "(sum of c.v for c in z) + 1"),
        ("(sum of c.v + 1 for c in z where c.w) * 2", "(sum of c.v + 1 for c in z where c.w) * 2"),
        ("any c in (hand of p) where c.x", "any c in hand of p where c.x"),
        ("count of c in z where any d in y where d == c", "count of c in z where any d in y where d == c"),
        ("max of high of c for c in every column", "max of high of c for c in every column"),
        ("2 ^ 3 ^ 2", "2 ^ 3 ^ 2"),
        ("(2 ^ 3) ^ 2", "(2 ^ 3) ^ 2"),
        ("-a ^ 2", "-a ^ 2"),
        ("(-a) ^ 2", "(-a) ^ 2"),
        ("a * b ^ 2", "a * b ^ 2"),
        ("(a * b) ^ 2", "(a * b) ^ 2"),
        (
            "card c in z where c.x == (count of q in players where q == p)",
            "card c in z where c.x == (count of q in players where q == p)",
        ),
    ];
    for (written, expected) in cases {
        formats_to(&format!("function f(): int = {written}\n"), &format!("function f(): int = {expected}\n"));
    }
}

#[test]
fn comments_stay_where_they_are() {
    formats_to(
        "// head\n\n// about a\ngame \"T\" // title\n\n\n\nplayers 2\nenum e = a, // one\n    b\n\
         zone z: shared, // where\n    face up\nprocedure p { // opens\n\n    // first\n    shuffle z\n    \
         let x = 1 + // inside\n        2\n\n    // last\n}\n\
         cards c = { // cards\n    \"A\" { x: 1 } // a\n    // b\n    \"B\" { x: 2 // two\n    }\n}\n\
         // end\n",
        "// head\n\n// about a\ngame \"T\" // title\n\nplayers 2\nenum e = a, // one\n    b\n\
         zone z: shared, // where\n    face up\nprocedure p { // opens\n    // first\n    shuffle z\n    \
         let x = 1 + 2 // inside\n\n    // last\n}\n\
         cards c = { // cards\n    \"A\" { x: 1 } // a\n    // b\n    \"B\" {\n        x: 2 // two\n    }\n}\n\
         // end\n",
    );
}

#[test]
fn comments_inside_expressions_move_after_them() {
    formats_to(
        "function f(): int = a + // c\n    b\nfunction g(): int = if a then 1 else b + // d\n 2\n\
         function h(): int = if a then 1 // e\n else b\nprocedure p { let x = f(a, // f\n b) g() }\n",
        "function f(): int = a + b // c\nfunction g(): int = if a then 1 else b + 2 // d\n\
         function h(): int =\n    if a then 1 // e\n    else b\nprocedure p {\n    let x = f(a, b) // f\n    g()\n}\n",
    );
}

#[test]
fn slashes_in_quoted_text_are_not_comments() {
    formats_to(
        "game \"a // b\"\nprocedure p { announce \"x // {a // c\n} y\" }\n",
        "game \"a // b\"\nprocedure p {\n    announce \"x // {a} y\" // c\n}\n",
    );
}

#[test]
fn odd_files_format_safely() {
    formats_to("", "");
    formats_to("  \n\n", "");
    formats_to("// only\n\n\n// comments", "// only\n\n// comments\n");
    formats_to("extends \"a.cardgame\"", "extends \"a.cardgame\"\n");
    formats_to("extends \"a.cardgame\"\n// c\nvariant v {}", "extends \"a.cardgame\"\n\n// c\nvariant v {\n}\n");
    formats_to(
        "game \"T\"\r\nplayers 2 // two\r\n\r\n\r\nplayers 3\r\n",
        "game \"T\"\nplayers 2 // two\n\nplayers 3\n",
    );
    formats_to("game\t\"a\tb\nc\"", "game \"a\\tb\\nc\"\n");
    let crlf = read(&games()[0]).replace('\n', "\r\n");
    assert_eq!(check_format(&crlf, "a game with CRLF line ends"), read(&games()[0]));
}

/// A random expression as text, with parentheses here and there.
fn random_expr(rng: &mut Rng, depth: u32) -> String {
    let atoms =
        ["a", "b", "1", "2", "true", "none", "player 1", "x of a", "top of a", "count of b", "f(a, 1)", "{a, b}"];
    if depth == 0 {
        return atoms[rng.below(atoms.len() as u64) as usize].to_string();
    }
    let ops = ["or", "and", "==", "!=", "<", "<=", ">", ">=", "in", "+", "-", "*", "/", "%"];
    let sub = |rng: &mut Rng| random_expr(rng, depth - 1);
    let e = match rng.below(9) {
        0 => format!("not {}", sub(rng)),
        1 => format!("-{}", sub(rng)),
        2..=4 => {
            let (l, r) = (sub(rng), sub(rng));
            format!("{l} {} {r}", ops[rng.below(ops.len() as u64) as usize])
        }
        5 => format!("({}) is empty", sub(rng)),
        6 => format!("({}).x", sub(rng)),
        7 => {
            let (c, t, o) = (sub(rng), sub(rng), sub(rng));
            format!("if {c} then {t} else {o}")
        }
        _ => format!("x of ({})", sub(rng)),
    };
    if rng.below(3) == 0 {
        format!("({e})")
    } else {
        e
    }
}

#[test]
fn random_expressions_keep_their_tree() {
    let mut rng = Rng::new(7);
    let mut parsed = 0;
    for _ in 0..1200 {
        let depth = 1 + rng.below(4) as u32;
        let e = random_expr(&mut rng, depth);
        let source = format!("function f(): int = {e}\nprocedure p {{\n    move {e} to pile\n    let v = {e}\n}}\n");
        if parse(&source).is_ok() {
            check_format(&source, &source);
            parsed += 1;
        }
    }
    assert!(parsed > 400, "most random expressions parse ({parsed})");
}

/// A changed copy of `text` that may still parse: a line dropped, repeated, joined to the next or
/// broken by a comment, a comment or an empty line put in, or spaces added.
fn shuffle_layout(text: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let i = rng.below(lines.len().max(1) as u64) as usize;
    if lines.is_empty() {
        return text.to_string();
    }
    match rng.below(8) {
        0 => {
            lines.remove(i);
        }
        7 => {
            // A comment between two words of a line, which goes on on the next line.
            let spaces: Vec<usize> = lines[i].match_indices(' ').map(|(j, _)| j).collect();
            if !spaces.is_empty() {
                let at = spaces[rng.below(spaces.len() as u64) as usize];
                let (head, rest) = lines[i].split_at(at);
                lines[i] = format!("{head} // mid {i}\n{rest}");
            }
        }
        1 => lines.insert(i, lines[i].clone()),
        2 if i + 1 < lines.len() => {
            let next = lines.remove(i + 1);
            lines[i] = format!("{} {}", lines[i], next.trim());
        }
        3 => lines.insert(i, format!("   // note {i}")),
        4 => lines[i].push_str(&format!("   // after {i}")),
        5 => lines.insert(i, String::new()),
        _ => lines[i] = lines[i].replace(' ', "  "),
    }
    lines.join("\n")
}

#[test]
fn changed_layouts_of_the_games_format_safely() {
    let mut rng = Rng::new(2026);
    let mut formatted = 0;
    for path in games() {
        let text = read(&path);
        for _ in 0..30 {
            let mut changed = text.clone();
            for _ in 0..1 + rng.below(4) {
                changed = shuffle_layout(&changed, &mut rng);
            }
            if parse(&changed).is_ok() {
                check_format(&changed, &format!("a changed {}:\n{changed}", path.display()));
                formatted += 1;
            }
        }
    }
    assert!(formatted > 50, "most changed games still parse ({formatted})");
}

// ─── The command line ───────────────────────────────────────────────────────────────────────

use crate::common::{cardlang, says};

/// A fresh file in the temporary folder holding `text`.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardlang-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("a temporary file");
    path
}

#[test]
fn fmt_check_exits_1_for_a_file_to_reformat_and_changes_nothing() {
    let (code, out, err) = cardlang(&["fmt", "--check", "games/classic_war.cardgame", "games/wilcox_war.cardgame"]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");

    let messy = "game \"T\"\nplayers 2\nprocedure play {\nend game draw }\n";
    let path = temp_file("check.cardgame", messy);
    let p = path.to_str().expect("a path");
    let (code, out, _) = cardlang(&["fmt", "--check", "games/classic_war.cardgame", p]);
    assert_eq!(code, 1);
    assert!(out.contains(&format!("{p} would be reformatted")), "{out}");
    assert!(out.contains("line 4:\n  - end game draw }\n  +     end game draw"), "{out}");
    assert!(!out.contains("classic_war"), "{out}");
    assert_eq!(read(&path), messy, "--check writes nothing");
    let _ = std::fs::remove_file(&path);
}

/// A file saved with a byte-order mark (some Windows editors add one): `--check` names the mark
/// rather than showing two lines that look the same, and `fmt` drops it, once and for all.
#[test]
fn fmt_drops_a_byte_order_mark_and_check_names_it() {
    let formatted = "game \"T\"\nplayers 2\nprocedure play {\n    end game draw\n}\n";
    let path = temp_file("bom.cardgame", &format!("\u{feff}{formatted}"));
    let p = path.to_str().expect("a path");
    let (code, out, _) = cardlang(&["fmt", "--check", p]);
    assert_eq!(code, 1, "a mark is a difference: {out}");
    assert!(says(&out, "starts with a byte-order mark (U+FEFF), which `fmt` drops; nothing else changes"), "{out}");
    assert!(!out.contains('\u{feff}'), "the mark is named, not printed: {out:?}");
    let (code, out, err) = cardlang(&["fmt", p]);
    assert_eq!((code, out), (0, format!("formatted {p}\n")), "{err}");
    assert_eq!(read(&path), formatted, "the mark is gone, and nothing else changed");
    assert_eq!(cardlang(&["fmt", "--check", p]).0, 0);
    let _ = std::fs::remove_file(&path);

    // With other changes too, the mark is named first, then the first line that changes.
    let path = temp_file("bom_messy.cardgame", "\u{feff}game \"T\"\nplayers 2\nprocedure play {\nend game draw }\n");
    let (code, out, _) = cardlang(&["fmt", "--check", path.to_str().expect("a path")]);
    assert_eq!(code, 1);
    assert!(says(&out, "byte-order mark (U+FEFF), which `fmt` drops\n  line 4:"), "{out}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn fmt_rewrites_a_file_and_then_has_nothing_to_do() {
    let path = temp_file("rewrite.cardgame", "game \"T\" // title\nplayers 2\nprocedure play {\nend game draw }\n");
    let p = path.to_str().expect("a path");
    let (code, out, err) = cardlang(&["fmt", p]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("formatted {p}\n"));
    assert_eq!(read(&path), "game \"T\" // title\nplayers 2\nprocedure play {\n    end game draw\n}\n");
    let (code, out, _) = cardlang(&["fmt", p]);
    assert_eq!((code, out.as_str()), (0, ""), "an unchanged file is not reported");
    let (code, _, _) = cardlang(&["fmt", "--check", p]);
    assert_eq!(code, 0);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn fmt_leaves_a_file_with_a_syntax_error_untouched_and_exits_2() {
    let broken = "game \"T\"\nprocedure play {\n    move top of deck to\n}\n";
    let path = temp_file("broken.cardgame", broken);
    let p = path.to_str().expect("a path");
    for args in [vec!["fmt", p], vec!["fmt", "--check", p]] {
        let (code, out, err) = cardlang(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(out, "");
        assert!(says(&err, "syntax error: expected an expression"), "{err}");
        assert!(err.contains("broken.cardgame:4:1"), "the diagnostic shows the place: {err}");
        assert_eq!(read(&path), broken);
    }
    let _ = std::fs::remove_file(&path);
    let (code, _, err) = cardlang(&["fmt", "no/such/file.cardgame"]);
    assert_eq!(code, 2);
    assert!(says(&err, "cannot read"), "{err}");
}

/// A line of code wider than 120 columns goes on at the next indentation from an `or`, `and`,
/// `else`, `where` or `+` outside brackets and texts (the last that keeps the line within the
/// width); a text is never broken, so only a line whose width is in one text stays wider.
#[test]
fn long_lines_are_broken_before_a_word_that_may_start_a_line() {
    let long_or = (1..=14).map(|i| format!("score of p == {i}")).collect::<Vec<_>>().join(" or ");
    let source = format!(
        "game \"Wide\"\nplayers 2\ncounter score per player = 0\n\nfunction f(p: player): bool {{\n    let a = 1\n    {long_or}\n}}\n\nprocedure play {{\n    if {long_or} and (score of player 1 == 1 or score of player 2 == 2 or score of player 1 == 3) {{\n        announce \"{}\"\n    }}\n    end game draw\n}}\n",
        "x".repeat(130)
    );
    let once = check_format(&source, "wide lines");
    for line in once.lines() {
        assert!(line.chars().count() <= 120 || line.contains(&"x".repeat(130)), "too wide:\n{line}\n\n{once}");
    }
    // Broken before `or`, never inside the brackets.
    assert!(once.contains("\n        or score of p =="), "{once}");
    assert!(once.contains("(score of player 1 == 1 or score of player 2 == 2 or score of player 1 == 3) {"), "{once}");
}

/// A menu branch whose condition is long is broken as an `if`'s is (issue 37: `fmt` left such a
/// line at 134 to 159 columns): before ` and `, ` or `, ` where `, each part 4 further in.
#[test]
fn a_long_menu_branch_condition_is_broken() {
    let cond: Vec<String> = (0..6).map(|i| format!("count of pile_{i} of p > {i}")).collect();
    let cond = cond.join(" and ");
    let source = format!(
        "procedure p {{\n    p chooses one of {{\n        \"draw\" where {cond} {{\n            return\n        }}\n        \
         \"play {{c}}\" for c from hand of p where {cond} {{\n            return\n        }}\n        \
         \"move {{c}} to {{k}}\" for c from hand of p, k from 1 to 7 where {cond} {{\n            return\n        }}\n    }}\n}}\n"
    );
    let got = check_format(&source, "long menu branches");
    assert!(got.lines().all(|l| l.chars().count() <= 120), "{got}");
    insta::assert_snapshot!(got);
}

#[test]
fn a_view_line_keeps_its_top_cards() {
    let source =
        "view {\n    waste   top   3   as \"waste (top card plays)\"\n    hand top 10 sorted if not empty\n}\n";
    formats_to(
        source,
        "view {\n    waste top 3 as \"waste (top card plays)\"\n    hand top 10 sorted if not empty\n}\n",
    );
    let tree = tree_without_spans(source);
    assert!(tree.contains("top: Some((3, Span))") && tree.contains("top: Some((10, Span))"), "{tree}");
}
