//! The checker index (`check::index`): in every game, variant file and cookbook example every
//! name used resolves, to a declaration of that name whose references include the use; and small
//! files whose every use's declaration is worked out by hand, one scoping rule each.

use cardlang::check::index::{DeclKind, Index};
use cardlang::check::ir::Type;
use cardlang::syntax::ast::{Expr, ExprKind, File, Name, Span};
use cardlang::syntax::walk::{self, Visitor};
use cardlang::syntax::{self};

/// Every name the syntax tree holds where a name of the game is meant, with its span: bare
/// names, `x of`, `.field`, calls, `every Z`, `by H` and the names statements use.
struct Names(Vec<(Span, String)>);

impl Visitor for Names {
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Name(n) if n != "player_count" => self.0.push((e.span, n.clone())),
            ExprKind::Of { name, .. }
                if !["next", "previous", "seat", "left", "right", "team"].contains(&name.text.as_str()) =>
            {
                self.0.push((name.span, name.text.clone()))
            }
            ExprKind::Call { name, .. } if !["sign", "abs", "min", "max"].contains(&name.text.as_str()) => {
                self.0.push((name.span, name.text.clone()))
            }
            ExprKind::Field { name, .. } | ExprKind::Every(name) | ExprKind::Strength { hands: name, .. } => {
                self.0.push((name.span, name.text.clone()))
            }
            _ => {}
        }
    }
    fn name(&mut self, name: &Name) {
        self.0.push((name.span, name.text.clone()));
    }
}

/// The names `walk` finds in `file` as written in `source` (a function's `let` lines are put
/// into its result in the tree, where the index reads them as written: a name's text must be
/// at its span).
fn names_written(file: &File, source: &str) -> Vec<(Span, String)> {
    let mut names = Names(Vec::new());
    for item in &file.items {
        walk::item(&mut names, item);
    }
    names.0.retain(|(span, text)| source.get(span.start..span.end) == Some(text.as_str()));
    names.0
}

/// Every name used in `source` resolves, to a declaration of that name whose references include
/// the use; every name the syntax tree holds is among the uses.
fn assert_resolves(what: &str, source: &str, index: &Index, file: &File) {
    assert!(index.unresolved.is_empty(), "{what}: unresolved {:?}", index.unresolved);
    for u in &index.uses {
        let d = index.decl(u.decl);
        let written = source.get(u.span.start..u.span.end).unwrap_or("");
        assert_eq!(written, d.name, "{what}: the use at {:?} means a declaration of its name", u.span);
        assert!(index.references(u.decl, false).contains(&u.span), "{what}: {written}'s references hold the use");
        assert_eq!(index.definition(u.span.start), Some(u.decl), "{what}: definition of {written} at {:?}", u.span);
        if !d.in_base {
            assert_eq!(source.get(d.span.start..d.span.end), Some(d.name.as_str()), "{what}: {written}'s span");
        }
    }
    for (span, text) in names_written(file, source) {
        assert!(index.uses.iter().any(|u| u.span == span), "{what}: `{text}` at {span:?} is among the uses");
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).expect("readable")
}

fn files_in(folder: &str) -> Vec<String> {
    let dir = format!("{}/{folder}", env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".cardgame"))
        .map(|n| format!("{folder}/{n}"))
        .collect();
    out.sort();
    out
}

#[test]
fn every_game_resolves_every_name() {
    let games = files_in("games");
    assert!(games.len() >= 10);
    for path in games {
        let source = read(&path);
        let file = syntax::parse(&source).expect("parses");
        let index = Index::of_source(&file, &source);
        assert!(!index.uses.is_empty(), "{path}");
        assert_resolves(&path, &source, &index, &file);
        let mut typed = index.clone();
        typed.add_types(&file, &Default::default());
        assert!(typed.types.len() > 30, "{path}: {} the checker's expressions are typed", typed.types.len());
        // A bare name's type is its declaration's: a counter or option of numbers, a number.
        let mut seen = 0;
        for u in &typed.uses {
            let d = typed.decl(u.decl);
            let Some(t) = typed.types.iter().find(|t| t.span == u.span) else { continue };
            if matches!(d.kind, DeclKind::Option | DeclKind::Counter | DeclKind::Variable)
                && d.ty.as_deref() == Some("int")
            {
                assert_eq!(t.ty, Type::Int, "{path}: {} at {:?}", d.name, u.span);
                seen += 1;
            }
        }
        assert!(seen > 0, "{path}: some number option or counter is read");
    }
}

#[test]
fn every_variant_file_resolves_every_name_with_its_base() {
    let variants = files_in("games/variants");
    assert!(!variants.is_empty());
    for path in variants {
        let source = read(&path);
        let file = syntax::parse(&source).expect("parses");
        let base_path = file.base.as_ref().expect("extends a game").path.clone();
        let base_source = read(&format!("games/variants/{base_path}"));
        let base = syntax::parse(&base_source).expect("the base parses");
        let index = Index::with_base(&file, &base);
        assert_resolves(&path, &source, &index, &file);
        // Names of the base game resolve to the base's declarations, spans in the base's text.
        for u in index.uses.iter().filter(|u| index.decl(u.decl).in_base) {
            let d = index.decl(u.decl);
            assert_eq!(base_source.get(d.span.start..d.span.end), Some(d.name.as_str()), "{path}");
        }
        assert!(index.uses.iter().any(|u| index.decl(u.decl).in_base), "{path} uses the base's names");
    }
}

#[test]
fn every_cookbook_example_resolves_every_name() {
    for (line, source) in crate::cookbook::snippets() {
        let file = syntax::parse(&source).expect("parses");
        let index = Index::of(&file);
        assert_resolves(&format!("cookbook line {line}"), &source, &index, &file);
    }
}

/// The offset of the `k`-th (from 1) occurrence of `word` as a whole name in `source`.
fn nth(source: &str, word: &str, k: usize) -> usize {
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = 0;
    let mut from = 0;
    while let Some(i) = source[from..].find(word).map(|i| i + from) {
        let before = source[..i].chars().next_back().is_none_or(|c| !is_name(c));
        let after = source[i + word.len()..].chars().next().is_none_or(|c| !is_name(c));
        if before && after {
            found += 1;
            if found == k {
                return i;
            }
        }
        from = i + word.len();
    }
    panic!("no occurrence {k} of {word}");
}

const HEAD: &str = "game \"Fixture\"
players 2
enum suit = hearts, spades
property suit: suit
cards standard = every suit
zone deck: shared, face down, holds standard
zone hand: per player, face down
counter score per player = 0
";

/// The index of a fixture (which must check), and a function giving the declaration's name
/// offset that the `k`-th occurrence of a name means.
fn fixture(body: &str) -> (String, Index) {
    let source = format!("{HEAD}{body}");
    let file = syntax::parse(&source).unwrap_or_else(|e| panic!("parses: {e:?}\n{source}"));
    if let Err(e) = cardlang::check::check(&file, &Default::default()) {
        panic!("checks: {e:?}\n{source}");
    }
    let index = Index::of_source(&file, &source);
    assert_resolves("fixture", &source, &index, &file);
    (source, index)
}

/// Where the declaration meant by the `k`-th occurrence of `word` is written: the occurrence it
/// names.
fn meant(source: &str, index: &Index, word: &str, k: usize) -> usize {
    let d = index.definition(nth(source, word, k)).unwrap_or_else(|| panic!("{word} #{k} resolves"));
    let at = index.decl(d).span.start;
    (1..100).find(|j| nth(source, word, *j) == at).expect("the declaration is an occurrence")
}

#[test]
fn a_parameter_hides_a_global() {
    let (s, ix) = fixture(
        "option bonus = 1
function plus(bonus: int): int = bonus + 1
procedure setup {
    add plus(bonus) to score of player 1
}
procedure play {
    end game draw
}
",
    );
    // 1: the option, 2: the parameter, 3: in the function, 4: the call's argument.
    assert_eq!(meant(&s, &ix, "bonus", 3), 2);
    assert_eq!(meant(&s, &ix, "bonus", 4), 1);
    assert_eq!(ix.decl(ix.definition(nth(&s, "bonus", 3)).expect("a decl")).kind, DeclKind::Parameter);
    assert_eq!(ix.decl(ix.definition(nth(&s, "bonus", 4)).expect("a decl")).kind, DeclKind::Option);
}

#[test]
fn a_hands_declaration_named_as_a_type_is_used() {
    let (s, ix) = fixture(
        "order high: suit hearts < spades
hands kind by high {
    pair \"a pair\": 2 cards, same suit
    single \"a single\": 1 card
}
function size(k: kind): int = if k == pair then 2 else 1
procedure play {
    announce \"{size(kind of hand of player 1)}\"
    end game draw
}
",
    );
    // 1: the declaration, 2: the parameter's type, 3: `kind of` in the announcement.
    assert_eq!(meant(&s, &ix, "kind", 2), 1);
    assert_eq!(meant(&s, &ix, "kind", 3), 1);
    assert_eq!(ix.decl(ix.definition(nth(&s, "kind", 2)).expect("a decl")).kind, DeclKind::Hands);
}

#[test]
fn a_let_given_twice_means_the_latest() {
    let (s, ix) = fixture(
        "procedure setup {
    let tally = 1
    let tally = tally + 1
    add tally to score of player 1
}
procedure play {
    end game draw
}
",
    );
    assert_eq!(meant(&s, &ix, "tally", 3), 1);
    assert_eq!(meant(&s, &ix, "tally", 4), 2);
    let first = ix.definition(nth(&s, "tally", 1)).expect("a decl");
    assert_eq!(ix.references(first, true).len(), 2, "the first let: itself and the second's value");
}

#[test]
fn an_aggregate_item_hides_a_let() {
    let (s, ix) = fixture(
        "function spades_left(): int {
    let k = 2
    k + count of k in deck where k.suit == spades
}
procedure setup {
    let k = 1
    add count of k in deck where k.suit == hearts to score of player 1
    add k to score of player 2
    add spades_left() to score of player 2
}
procedure play {
    end game draw
}
",
    );
    // The function: 1 let, 2 its use, 3 the item, 4 the item's use.
    assert_eq!(meant(&s, &ix, "k", 2), 1);
    assert_eq!(meant(&s, &ix, "k", 4), 3);
    // The procedure: 5 let, 6 the item, 7 the item's use, 8 the let's use.
    assert_eq!(meant(&s, &ix, "k", 7), 6);
    assert_eq!(meant(&s, &ix, "k", 8), 5);
    assert_eq!(ix.decl(ix.definition(nth(&s, "k", 7)).expect("a decl")).kind, DeclKind::AggregateItem);
}

#[test]
fn nested_loops_with_one_item_name() {
    let (s, ix) = fixture(
        "procedure setup {
    for each q in players {
        for each q in players {
            add 1 to score of q
        }
        add 2 to score of q
    }
}
procedure play {
    end game draw
}
",
    );
    assert_eq!(meant(&s, &ix, "q", 3), 2);
    assert_eq!(meant(&s, &ix, "q", 4), 1);
    // Inside the inner loop, one `q` is in scope: the inner one.
    let inner = ix.scope_at(nth(&s, "q", 3));
    let qs: Vec<usize> = inner.iter().filter(|d| ix.decl(**d).name == "q").map(|d| ix.decl(*d).span.start).collect();
    assert_eq!(qs, vec![nth(&s, "q", 2)]);
}

#[test]
fn names_in_a_variant_block() {
    let (s, ix) = fixture(
        "option rounds = 1
procedure setup {
    shuffle deck
}
procedure play {
    add rounds to score of player 1
    end game draw
}
variant longer {
    option rounds = 3
    counter extra = 0
    override procedure play {
        add extra to score of player 1
        add rounds to score of player 1
        end game draw
    }
}
",
    );
    // `rounds`: 1 the option, 2 in play, 3 the variant's setting, 4 in the overriding play.
    assert_eq!(meant(&s, &ix, "rounds", 2), 1);
    assert_eq!(meant(&s, &ix, "rounds", 3), 1);
    assert_eq!(meant(&s, &ix, "rounds", 4), 1);
    // `extra` is the variant's own counter.
    assert_eq!(meant(&s, &ix, "extra", 2), 1);
    let variant = ix.definition(nth(&s, "longer", 1)).expect("the variant");
    let extra = ix.definition(nth(&s, "extra", 1)).expect("the counter");
    assert_eq!(ix.decl(extra).parent, Some(variant));
    // The outline: the variant holds its counter and its procedure.
    let symbols = ix.symbols();
    let v = symbols.iter().find(|s| s.decl == variant).expect("the variant is in the outline");
    let names: Vec<&str> = v.children.iter().map(|c| ix.decl(c.decl).name.as_str()).collect();
    assert_eq!(names, ["extra", "play"]);
    // Outside the variant, `extra` is not in scope; inside it is.
    let named = |at: usize| ix.scope_at(at).iter().any(|d| ix.decl(*d).name == "extra");
    assert!(!named(nth(&s, "rounds", 2)));
    assert!(named(nth(&s, "extra", 2)));
}

#[test]
fn a_function_called_before_its_declaration() {
    let (s, ix) = fixture(
        "// Sets things up.
procedure setup {
    add twice(2) to score of player 1
}
procedure play {
    end game draw
}
// Twice a number.
function twice(n: int): int = n * 2
",
    );
    assert_eq!(meant(&s, &ix, "twice", 1), 2);
    let f = ix.definition(nth(&s, "twice", 1)).expect("the function");
    let d = ix.decl(f);
    assert_eq!(d.kind, DeclKind::Function);
    assert_eq!(d.detail, "function twice(n: int): int");
    assert_eq!(d.ty.as_deref(), Some("int"));
    assert_eq!(d.doc.as_deref(), Some("Twice a number."));
    assert_eq!(ix.references(f, true), vec![Span::new(nth(&s, "twice", 1), nth(&s, "twice", 1) + 5), d.span]);
}

#[test]
fn details_and_the_outline() {
    let (s, ix) = fixture(
        "option n: int in 1 to 9 = 3
procedure setup {
    shuffle deck
}
procedure play {
    end game draw
}
",
    );
    let detail = |word: &str| ix.decl(ix.definition(nth(&s, word, 1)).expect("declared")).detail.clone();
    assert_eq!(detail("n"), "option n: int = 3 (1 to 9)");
    assert_eq!(detail("hand"), "zone hand: per player, face down");
    assert_eq!(detail("score"), "counter score per player = 0");
    assert_eq!(detail("hearts"), "hearts: a member of enum suit");
    let top: Vec<&str> = ix.symbols().iter().map(|s| ix.decl(s.decl).name.as_str()).collect();
    assert_eq!(top, ["suit", "suit", "standard", "deck", "hand", "score", "n", "setup", "play"]);
    let suit = &ix.symbols()[0];
    let members: Vec<&str> = suit.children.iter().map(|c| ix.decl(c.decl).name.as_str()).collect();
    assert_eq!(members, ["hearts", "spades"]);
}

#[test]
fn the_types_of_expressions() {
    let (s, mut ix) = fixture(
        "procedure setup {
    let top_card = top of deck
    if top_card.suit == hearts {
        add 1 to score of player 1
    }
}
procedure play {
    end game draw
}
",
    );
    let file = syntax::parse(&s).expect("parses");
    ix.add_types(&file, &Default::default());
    let at = |word: &str, k: usize| ix.type_at(nth(&s, word, k)).map(|t| t.ty);
    assert_eq!(at("top_card", 2), Some(Type::Card));
    assert_eq!(at("suit", 5), Some(Type::Enum(0)), "`top_card.suit` is a suit");
    assert_eq!(at("hearts", 2), Some(Type::Enum(0)));
    assert_eq!(at("deck", 2), Some(Type::Zone));
    let suit = ix.type_at(nth(&s, "hearts", 2)).expect("typed");
    assert!(suit.shown.contains("suit"), "{}", suit.shown);
}

#[test]
fn a_file_with_a_syntax_error_has_no_index() {
    // `Index::of` takes a parsed `File`: a file that does not parse gives none to index.
    assert!(syntax::parse(&format!("{HEAD}procedure setup {{ shuffle }}")).is_err());
}

#[test]
fn a_name_is_looked_up_by_the_span_it_is_written_at() {
    use cardlang::check::index::Meaning;
    let (s, ix) = fixture(
        "option turns = 3
procedure setup {
    let turns = 0
    while turns < 5 {
        add 1 to turns
    }
    for each card hand in deck {
        if hand.suit == hearts {
            add 1 to score of player 1
        }
    }
    move top of deck to hand of player 1
}
procedure play {
    end game draw
}
",
    );
    let by_span = ix.by_span();
    let at = |word: &str, k: usize| {
        let start = nth(&s, word, k);
        Span::new(start, start + word.len())
    };
    let kind = |word: &str, k: usize| match by_span.meaning(at(word, k)) {
        Meaning::Decl(d) => Some(d.kind),
        _ => None,
    };
    // The option's own name, then the `let` that hides it, and the local in the loop.
    assert_eq!(kind("turns", 1), Some(DeclKind::Option));
    assert_eq!(kind("turns", 2), Some(DeclKind::Let));
    assert_eq!(kind("turns", 3), Some(DeclKind::Let));
    assert_eq!(kind("turns", 4), Some(DeclKind::Let));
    // The loop's card `hand` (its own name, then `hand.suit`), and after the loop the zone
    // `hand` in `hand of player 1`.
    assert_eq!(kind("hand", 2), Some(DeclKind::LoopItem));
    assert_eq!(kind("hand", 3), Some(DeclKind::LoopItem));
    assert_eq!(kind("hand", 4), Some(DeclKind::Zone));
    // Every use's span means its declaration; a place that is no name means nothing.
    for u in &ix.uses {
        assert_eq!(by_span.decl(u.span), Some(ix.decl(u.decl)));
    }
    assert_eq!(by_span.meaning(Span::new(0, 4)), Meaning::Unknown);
}

#[test]
fn a_domain_names_the_enum_where_a_property_has_its_name() {
    // `from suit`, `in suit`: what a choice or aggregate goes over is the enum, as the checker
    // reads it; `c.suit` is the property.
    let (s, ix) = fixture(
        "procedure setup {
    for each player p {
        p chooses s from suit where any c in deck where c.suit == s
        if all x in suit where x != s {
            move top of deck to hand of p
        }
    }
}
procedure play {
    end game draw
}
",
    );
    let kind = |k: usize| ix.decl(ix.definition(nth(&s, "suit", k)).expect("resolves")).kind;
    // 1: the enum, 2: the property, 3: its type, 4: `every suit`, 5: `from suit`, 6: `c.suit`,
    // 7: `in suit`.
    assert_eq!(kind(5), DeclKind::Enum);
    assert_eq!(kind(6), DeclKind::Property);
    assert_eq!(kind(7), DeclKind::Enum);
}

#[test]
fn in_every_game_no_two_uses_share_a_span() {
    for path in files_in("games") {
        let source = read(&path);
        let file = syntax::parse(&source).expect("parses");
        let index = Index::of(&file);
        let by_span = index.by_span();
        for u in &index.uses {
            assert_eq!(by_span.decl(u.span), Some(index.decl(u.decl)), "{path}: the use at {:?}", u.span);
        }
    }
}
