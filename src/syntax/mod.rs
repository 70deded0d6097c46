//! Phase 1: text → syntax tree. The pest grammar lives in `grammar/cardgame.pest`; pest pairs
//! never leave this module.

pub mod ast;
pub mod fmt;
pub(crate) mod lets;
mod parse;
mod parse_depth;
mod parse_expr;
mod parse_lets;
mod parse_stmt;
mod reparse;
pub mod shift;
pub mod walk;

use miette::{Diagnostic, SourceSpan};
use pest::Parser;
use std::num::NonZeroUsize;
use thiserror::Error;

pub use ast::{File, Span};
pub use fmt::{format, verify};
pub use parse_depth::MAX_DEPTH;
pub use reparse::reparse;

/// The parser pest derives from `grammar/cardgame.pest`, with its `Rule` enum (one variant per
/// grammar rule).
// pest_derive writes `Rule`, its variants and `Rule::all_rules` without doc lines (the grammar's
// own comments explain each rule), so the generated items are let off `missing_docs` here.
#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/cardgame.pest"]
    pub(super) struct CardgameParser;
}

use grammar::CardgameParser;
pub use grammar::Rule;

/// A file that does not follow the grammar (code `cardlang::syntax::error`), or that nests
/// deeper than [`MAX_DEPTH`] (code `cardlang::syntax::too_deep`).
#[derive(Debug, Error, Clone, PartialEq)]
#[error("syntax error: {message}")]
pub struct SyntaxError {
    /// What the parser expected.
    pub message: String,
    /// Where it gave up.
    pub span: SourceSpan,
    /// The text of the label.
    pub label: String,
    /// How to fix it.
    pub help: Option<String>,
    /// A second place that matters: where the next declaration starts, for a missing `}`.
    pub next: Option<SourceSpan>,
}

impl Diagnostic for SyntaxError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        let deep = self.message.starts_with(parse_depth::TOO_DEEP);
        Some(Box::new(if deep { "cardlang::syntax::too_deep" } else { "cardlang::syntax::error" }))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let first = miette::LabeledSpan::new_with_span(Some(self.label.clone()), self.span);
        let next =
            self.next.map(|n| miette::LabeledSpan::new_with_span(Some("the next declaration starts here".into()), n));
        Some(Box::new(std::iter::once(first).chain(next)))
    }
}

/// A source text with a UTF-8 byte-order mark at its start read as three spaces (editors on
/// some systems write one), so every offset stays that of the text as it is.
pub(crate) fn without_bom(source: &str) -> std::borrow::Cow<'_, str> {
    match source.strip_prefix('\u{feff}') {
        Some(rest) => std::borrow::Cow::Owned(format!("   {rest}")),
        None => std::borrow::Cow::Borrowed(source),
    }
}

/// Rule calls the parser may make per byte of source, plus a fixed allowance: see [`parse`].
const PARSE_CALLS_PER_BYTE: usize = 1_000;
const PARSE_CALLS_BASE: usize = 1_000_000;
/// Held while a file is parsed: see [`parse`].
static PARSING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Parses a whole `.cardgame` source text.
pub fn parse(source: &str) -> Result<File, SyntaxError> {
    let source = &*without_bom(source);
    let parsed = pairs_of(source);
    match parsed {
        Ok(mut pairs) => {
            let file = pairs.next().expect("parse: the file rule always yields one pair");
            parse::lower_file(file)
        }
        Err(e) => Err(syntax_error(source, e)),
    }
}

/// Runs the pest parser over a whole source text, one text at a time in the process, with a
/// bound on its work; a text that does not parse is parsed again to tell what was expected.
pub(crate) fn pairs_of(source: &str) -> Result<pest::iterators::Pairs<'_, Rule>, pest::error::Error<Rule>> {
    // A bound on the parser's work, far above what any real file needs (under 60 rule calls a
    // byte): text that would make it backtrack for seconds is refused at once instead.
    // The limit is process-wide: parses one at a time, so none runs with another file's limit
    // (or another's setting of the error detail below).
    let _one_at_a_time = PARSING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    pest::set_call_limit(NonZeroUsize::new(
        PARSE_CALLS_PER_BYTE.saturating_mul(source.len()).saturating_add(PARSE_CALLS_BASE),
    ));
    // Keeping track of the tokens tried at the furthest position (for "expected `=`" messages)
    // costs about half of a parse: a text that parses does not need it, so a text is parsed
    // without it first, and again with it only to tell what is wrong.
    pest::set_error_detail(false);
    let parsed = CardgameParser::parse(Rule::file, source);
    pest::set_error_detail(true);
    match parsed {
        Ok(pairs) => Ok(pairs),
        Err(_) => CardgameParser::parse(Rule::file, source),
    }
}

/// Parses a source text whose spans start at `offset` rather than 0, so that the spans of files
/// read together (a variant file and the game it extends) never overlap. Spans and syntax
/// errors are in those shifted offsets.
pub fn parse_at(source: &str, offset: usize) -> Result<File, SyntaxError> {
    if offset == 0 {
        return parse(source);
    }
    // Leading whitespace is skipped by the grammar, so padding shifts every position by exactly
    // `offset` without touching the parser.
    let mut padded = String::with_capacity(offset + source.len());
    padded.extend(std::iter::repeat_n(' ', offset));
    padded.push_str(source);
    parse(&padded)
}

fn syntax_error(source: &str, e: pest::error::Error<Rule>) -> SyntaxError {
    let (start, end) = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((s, e)) => (s, e),
    };
    if let pest::error::ErrorVariant::CustomError { message } = &e.variant {
        let (message, help) = match message.as_str() {
            "stack limit reached" => (
                "the parser gave up: brackets or expressions nested too deeply here",
                "split the expression with `let` names, or close the brackets that are left open",
            ),
            "call limit reached" => (
                "the parser gave up: this text can be read in too many ways to try them all",
                "this is not a rule file the parser can read; check the text from here for a missing `}` or operator",
            ),
            _ => ("", ""),
        };
        if !message.is_empty() {
            return SyntaxError {
                message: message.into(),
                span: (start.min(source.len()), 0).into(),
                label: "here".into(),
                help: Some(help.into()),
                next: None,
            };
        }
    }
    // The rules pest names are those it tried where the last declaration or statement began;
    // the tokens it tried where it got furthest say more precisely what is missing.
    let tokens = furthest_tokens(&e);
    let (start, end, tokens) = match tokens {
        Some((at, tokens)) if at > start => (at, at, Some(tokens)),
        _ => (start, end, None),
    };
    if let Some(open) = unclosed_brace(source, start) {
        return SyntaxError {
            message: "the file ends inside a `{ ... }`: this `{` is never closed".into(),
            span: (open, 1).into(),
            label: "opened here".into(),
            help: Some("add the matching `}` where the block ends".into()),
            next: None,
        };
    }
    if let Some(e) = missing_brace_before_declaration(source, start) {
        return e;
    }
    // Point at the whole offending word (a name, or a run of other characters), not an empty
    // position.
    let end = if end > start {
        end
    } else {
        let rest = &source[start.min(source.len())..];
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        let word_char = rest.chars().next().is_some_and(is_word);
        let word = rest
            .char_indices()
            .take_while(|(_, c)| if word_char { is_word(*c) } else { !c.is_whitespace() && !is_word(*c) })
            .last()
            .map(|(i, c)| i + c.len_utf8())
            .unwrap_or(0);
        start + word
    };
    let message = match &e.variant {
        _ if tokens.is_some() => format!("expected {}", list_or(&tokens.unwrap_or_default())),
        pest::error::ErrorVariant::ParsingError { positives, negatives } => {
            // The `w_` rules only guard a word (a statement word must be a whole word, not the
            // start of a name): the word itself is what the writer should have typed.
            // `may` (issue 43's `p may undo { ... }`) is tried after any name that starts a
            // statement: the `(` of a call is what such a name most likely lacks.
            let mut words: Vec<String> = positives
                .iter()
                .filter(|r| !format!("{r:?}").starts_with("w_") && **r != Rule::kw_may)
                .map(rule_words)
                .collect();
            words.sort();
            words.dedup();
            let mut m =
                if words.is_empty() { "unexpected input".to_string() } else { format!("expected {}", list_or(&words)) };
            if negatives.iter().any(|r| !format!("{r:?}").starts_with("w_")) {
                let mut neg: Vec<String> =
                    negatives.iter().filter(|r| !format!("{r:?}").starts_with("w_")).map(rule_words).collect();
                neg.sort();
                neg.dedup();
                m.push_str(&format!(" (not {})", list_or(&neg)));
            }
            m
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    let found = source[start.min(source.len())..end.min(source.len())].trim();
    let label = if found.is_empty() { "here".to_string() } else { format!("found `{}`", shorten(found)) };
    if let Some((message, help)) = not_in_the_language(source, start) {
        // `elif` itself, rather than the word after it where the parser stopped.
        let line_start = source[..start.min(source.len())].rfind('\n').map_or(0, |i| i + 1);
        let span = match source[line_start..].find(" elif ") {
            Some(i) if message.contains("elif") => (line_start + i + 1, 4),
            _ => (start, end.saturating_sub(start)),
        };
        let label = if span.0 == start { label } else { "found `elif`".to_string() };
        return SyntaxError { message, span: span.into(), label, help: Some(help), next: None };
    }
    if let Some((word_at, word, keyword)) = misspelt_keyword(source, start) {
        return SyntaxError {
            message,
            span: (word_at, word.len()).into(),
            label: format!("`{word}` is not a word of the language"),
            help: Some(format!("did you mean `{keyword}`?")),
            next: None,
        };
    }
    let help = if message.contains("a name") && is_keyword(found) {
        Some(format!("`{found}` is a reserved word of the language; choose another name"))
    } else {
        Some("see docs/language.md for the shape of each declaration and statement".to_string())
    };
    SyntaxError { message, span: (start, end.saturating_sub(start)).into(), label, help, next: None }
}

/// The words that begin a declaration.
const DECLARATION_WORDS: &[&str] = &[
    "game",
    "players",
    "option",
    "enum",
    "property",
    "cards",
    "order",
    "zone",
    "counter",
    "variable",
    "function",
    "procedure",
    "variant",
    "length",
    "progress",
    "melds",
];

/// The words that begin a statement.
const STATEMENT_WORDS: &[&str] = &[
    "shuffle", "deal", "move", "turn", "let", "set", "add", "subtract", "if", "while", "repeat", "for", "return",
    "end", "announce", "transfer", "break", "pause", "reveal", "remember", "meld", "lay", "player", "chance",
];

/// When the parser stops just after the first word of a line (`shufle pack`, read as the start
/// of a call `shufle(...)`), and that word is not one of the language's but is close to a word
/// that starts a statement (inside a block) or a declaration (outside): where the word is, the
/// word, and the word meant.
fn misspelt_keyword(source: &str, at: usize) -> Option<(usize, String, &'static str)> {
    let at = at.min(source.len());
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = &source[line_start..at];
    let word = before.trim();
    let word_at = line_start + before.find(word)?;
    let is_word = !word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !is_word || is_keyword(word) || !before.trim_start().starts_with(word) {
        return None;
    }
    let known = if open_braces(&source[..line_start]).is_empty() { DECLARATION_WORDS } else { STATEMENT_WORDS };
    let limit = (word.chars().count() / 3).max(1);
    let (d, keyword) = known.iter().map(|k| (edit_distance(word, k), *k)).min()?;
    (d <= limit && d > 0).then(|| (word_at, word.to_string(), keyword))
}

/// Edit distance counting insertions, deletions, substitutions and swaps of neighbours: how far
/// a misspelt word is from the one meant.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// When the parser stops at a word that begins a declaration, at the start of its line, while a
/// `{` before it is still open: the `}` that closes that block is missing. The error points at
/// the `{` and at the declaration that follows.
fn missing_brace_before_declaration(source: &str, at: usize) -> Option<SyntaxError> {
    let rest = source.get(at..)?;
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    if !DECLARATION_WORDS.contains(&word.as_str()) || !source[line_start..at].trim().is_empty() {
        return None;
    }
    let all = open_braces(&source[..at]);
    // The block that lost its `}` is the one whose `}` was taken by an enclosing block (found by
    // the indentation, as rustc does); without such a sign, the innermost still open.
    let open = misindented_open(&source[..at]).unwrap_or(*all.last()?);
    let line_of = |o: usize| source[..o].matches('\n').count() + 1;
    let also = match all.len() {
        1 => String::new(),
        _ => {
            let lines: Vec<String> = all.iter().map(|o| line_of(*o).to_string()).collect();
            format!(" (the blocks opened on lines {} are all still open)", lines.join(", "))
        }
    };
    let (opened, next) = (line_of(open), line_of(at));
    // The line that opened the block, for the message: `procedure setup {`, `if deck is empty {`.
    let opener_start = source[..open].rfind('\n').map_or(0, |i| i + 1);
    let opener = source[opener_start..=open].trim();
    Some(SyntaxError {
        message: format!("a `}}` is missing: the block opened on line {opened} (`{}`) is not closed before line {next}", shorten(opener)),
        span: (open, 1).into(),
        label: "this `{` is never closed".into(),
        help: Some(format!(
            "add `}}` where that block ends, before the `{word}` declaration on line {next}; every `{{` needs its own `}}`{also}"
        )),
        next: Some((at, word.len()).into()),
    })
}

/// Where the parser got furthest, and the tokens it would have accepted there (quoted; spaces
/// and comments left out).
fn furthest_tokens(e: &pest::error::Error<Rule>) -> Option<(usize, Vec<String>)> {
    let attempts = e.parse_attempts()?;
    let expected: Vec<String> = attempts.expected_tokens().iter().map(|t| t.to_string()).collect();
    // Character ranges (`a..z`) come from inside names and numbers, built-in rules from the end
    // of input: they say nothing a reader can use.
    let is_range = |t: &String| t.chars().count() == 4 && t.chars().skip(1).take(2).collect::<String>() == "..";
    if expected.iter().any(|t| is_range(t) || t == "BUILTIN_RULE") {
        return None;
    }
    let mut tokens: Vec<String> =
        // `may` (issue 43's `p may undo { ... }`) is tried after any name that starts a statement:
        // `(` of a call is what such a name most likely lacks.
        expected.into_iter().filter(|t| !t.trim().is_empty() && t != "//" && t != "may").map(|t| format!("`{t}`")).collect();
    tokens.sort();
    tokens.dedup();
    (!tokens.is_empty()).then_some((attempts.max_position, tokens))
}

/// When a parse error is at the end of the file (nothing but spaces and comments after it), the
/// last `{` that is never closed, if any. Braces inside strings and comments do not count.
fn unclosed_brace(source: &str, error_at: usize) -> Option<usize> {
    let rest = source.get(error_at..).unwrap_or("");
    if rest.lines().any(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//")) {
        return None;
    }
    let innermost = open_braces(source).pop()?;
    Some(misindented_open(source).unwrap_or(innermost))
}

/// The `{` whose block most likely lost its `}`: the first `{` closed by a `}` that starts a line
/// indented less than the line that opened it (so that `}` was meant for an enclosing block).
/// `None` when every `}` that starts a line lines up with its `{`. Braces inside strings and
/// comments do not count.
fn misindented_open(source: &str) -> Option<usize> {
    let indent_at = |i: usize| {
        let line_start = source[..i].rfind('\n').map_or(0, |n| n + 1);
        let line = &source[line_start..];
        (line_start, line.len() - line.trim_start_matches([' ', '\t']).len())
    };
    let mut open: Vec<usize> = Vec::new();
    for (i, c) in braces(source) {
        if c == '{' {
            open.push(i);
            continue;
        }
        let Some(o) = open.pop() else { continue };
        let (line_start, indent) = indent_at(i);
        let starts_line = line_start + indent == i;
        if starts_line && indent < indent_at(o).1 && !open.is_empty() {
            return Some(o);
        }
    }
    None
}

/// The offsets of the `{` still open at the end of `source`, outermost first. Braces inside
/// strings and comments do not count.
fn open_braces(source: &str) -> Vec<usize> {
    let mut open = Vec::new();
    for (i, c) in braces(source) {
        if c == '{' {
            open.push(i);
        } else {
            open.pop();
        }
    }
    open
}

/// Every `{` and `}` of `source` with its offset, in order, leaving out those inside strings
/// (with their `\"` escapes) and `//` comments.
fn braces(source: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut chars = source.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    while let Some((_, d)) = chars.next() {
                        match d {
                            '\\' => {
                                chars.next();
                            }
                            '"' => break,
                            _ => {}
                        }
                    }
                }
                '/' if chars.peek().map(|p| p.1) == Some('/') => {
                    for (_, d) in chars.by_ref() {
                        if d == '\n' {
                            break;
                        }
                    }
                }
                '{' | '}' => return Some((i, c)),
                _ => {}
            }
        }
        None
    })
}

/// A word quoted in a message, cut to its first 40 characters.
fn shorten(word: &str) -> String {
    match word.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &word[..i]),
        None => word.to_string(),
    }
}

fn is_keyword(word: &str) -> bool {
    CardgameParser::parse(Rule::keyword, word).map(|p| p.as_str() == word).unwrap_or(false)
}

fn list_or(words: &[String]) -> String {
    match words.len() {
        0 => String::new(),
        1 => words[0].clone(),
        _ => format!("{} or {}", words[..words.len() - 1].join(", "), words[words.len() - 1]),
    }
}

/// Readable names of grammar rules for "expected ..." messages.
fn rule_words(rule: &Rule) -> String {
    use Rule::*;
    let s = match rule {
        EOI => "end of file",
        ident | member_name | name => "a name",
        int | signed_int => "a number",
        string | string_inner => "a quoted text",
        decl | game_decl | players_decl | option_decl | enum_decl | property_decl | cards_decl
        | order_decl | zone_decl | counter_decl | function_decl | procedure_decl | variant_decl => {
            "a declaration (game, players, option, enum, property, cards, order, zone, counter, function, procedure, variant)"
        }
        expr | primary | postfix_term | if_expr | player_lit | top_of | bottom_of | count_of
        | opponent_of | set_lit | call_expr | of_expr => "an expression",
        // `move ... to bottom of Z`: where a zone is expected, one of the ways to write it.
        to_bottom => "an expression",
        // The words that start an expression, said as one thing.
        seen_before => "`position seen before`",
        aggregate | every_of | kw_across | across_from | kw_card | card_at | op_neg | op_not | player_at
        | deadwood_of | arrangements_of | all_arrangements_of => "an expression",
        kw_break | kw_pause | kw_reveal | pause_stmt | reveal_stmt | break_stmt | choose_cards_stmt | kw_remember
        | remember_stmt => {
            "a statement"
        }
        stmt | if_stmt | while_stmt | repeat_stmt | for_stmt | for_card_stmt | shuffle_stmt
        | deal_stmt | move_stmt | turn_stmt | let_stmt | set_stmt | add_stmt | subtract_stmt
        | return_stmt | end_stmt | announce_stmt | choose_stmt | simultaneous_choose
        | call_stmt => "a statement",
        block => "`{`",
        infix | op_or | op_and | op_eq | op_ne | op_le | op_ge | op_lt | op_gt | op_in | op_add
        | op_sub | op_mul | op_div | op_mod | op_pow => "an operator",
        postfix | is_empty | is_not_empty | is_none | is_not_none | field | kw_is => "`is` or `.`",
        zone_attr => "a zone attribute (per player, shared, face up, face down, stack, spread, public, private, holds, seen by others)",
        type_expr => "a type (bool, int, card, player, an enum, set of an enum)",
        facing | face_up | face_down => "`face up` or `face down`",
        keyword | kw_return | kw_all | kw_true | kw_false | kw_none => "a keyword",
        transfer_stmt | choose_one_stmt | for_range_stmt | meld_stmt => "a statement",
        open_stmt => "a statement",
        counter_kind | length_decl | progress_decl | melds_decl => {
            "a declaration (game, players, option, enum, property, cards, order, zone, counter, function, procedure, variant)"
        }
        option_type => "`=` (or `:` and the option's type)",
        option_range => "`in LOW to HIGH`",
        option_meaning => "`N means \"word\"`",
        variant_item | override_decl => "a variant item (option, override, or a new declaration)",
        base_game => "`extends \"path/to/game.cardgame\"`",
        literal => "a value (a number, true, false or an enum member)",
        end_kind => "`winner`, `loser`, `draw`, `unfinished` or `highest`",
        params => "`(`",
        args => "`(`",
        r => {
            let rule_name = format!("{r:?}");
            // A rule of one word of the language (`kw_teams`) expects that word.
            if let Some(word) = rule_name.strip_prefix("kw_") {
                return format!("`{word}`");
            }
            return match rule_name.rsplit('_').next() {
                Some("stmt") => "a statement".to_string(),
                // Every declaration is said alike, so the list names declarations once.
                Some("decl") => {
                    "a declaration (game, players, option, enum, property, cards, order, zone, counter, function, procedure, variant)"
                        .to_string()
                }
                Some("expr") => "an expression".to_string(),
                _ => rule_name.replace('_', " "),
            };
        }
    };
    s.to_string()
}

/// Whether the text before a line ends inside a function's block: the last line that starts a
/// declaration (at the margin) is `function ... {`.
fn in_function_block(before: &str) -> bool {
    let head = before.lines().rev().find(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()));
    head.is_some_and(|l| l.starts_with("function ") && l.trim_end().ends_with('{'))
}

/// What a designer may reach for that the language does not have (yet), told plainly with what
/// to write instead, rather than as the parser's expectations: read from the line of the error.
fn not_in_the_language(source: &str, at: usize) -> Option<(String, String)> {
    let at = at.min(source.len());
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[at..].find('\n').map_or(source.len(), |i| at + i);
    let words: Vec<&str> = source[line_start..line_end].split_whitespace().collect();
    let has = |pair: &[&str]| words.windows(pair.len()).any(|w| w == pair);
    let cookbook = "see \"What the language cannot do (yet)\" in docs/cookbook.md";
    // A statement that ends too early is found at the start of the next line: look back too.
    let first_word = source[line_start..at].trim().is_empty();
    let previous = source[..line_start.saturating_sub(1)].rsplit('\n').find(|l| !l.trim().is_empty()).unwrap_or("");
    let several = |words: &[&str]| {
        let after = words.iter().position(|x| *x == "chooses").and_then(|i| words.get(i + 1));
        after.is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()) || *w == "cards")
    };
    let before: Vec<&str> = if first_word { previous.split_whitespace().collect() } else { Vec::new() };
    // (A whole choice on the line before, `to` and all, is not what went wrong.)
    if several(&words) || (several(&before) && !before.contains(&"to")) {
        return Some((
            "a choice of several cards is written `p chooses 3 cards from hand of p to passing of p`".into(),
            "in this order: how many (`2`, or `1 to 4`), `cards`, a name for `where` to test (optional), \
             `of one rank` (optional), `from` a zone, `to` the zone they go to, `face up` or `face down`, \
             `where ...`, `with VALUE adding up to N`, `asking \"...\"`; see \"Choosing several cards\" in docs/language.md"
                .into(),
        ));
    }
    // `subsets of hand of p + board`: zones read as one go in parentheses there (issue 43).
    let line = &source[line_start..line_end];
    if let Some(after) = line.find("subsets of").map(|i| &line[i + "subsets of".len()..]) {
        let zone = after.split(" of size").next().unwrap_or(after);
        if zone.contains(" + ") || zone.contains(" and ") {
            return Some((
                "after `subsets of`, zones read as one go in parentheses".into(),
                "write `subsets of (hand of p + board) of size 5`: sets of the two zones' cards together, without \
                 moving any; see \"Sets of cards\" in docs/language.md"
                    .into(),
            ));
        }
    }
    // `for each card c in Z where ...`: the form with `where` is `for each c in Z where ...`.
    let where_at = words.iter().position(|w| *w == "where");
    if words.starts_with(&["for", "each", "card"]) && where_at.is_some() {
        let name = words.get(3).copied().unwrap_or("c");
        return Some((
            "`for each card c in Z` takes no `where`".into(),
            format!(
                "write `for each {name} in ...` (without `card`) to keep only the cards that pass: `for each {name} in Z where ... {{ ... }}`"
            ),
        ));
    }
    // `for each k in n + 1 to 5 where ...` (issue 43): before a `where`, a range's first number is
    // a number, a name, or in parentheses.
    let to_at = words.iter().position(|w| *w == "to");
    if words.starts_with(&["for", "each"])
        && words.get(3) == Some(&"in")
        && to_at.zip(where_at).is_some_and(|(t, w)| t < w)
    {
        let name = words.get(2).copied().unwrap_or("k");
        return Some((
            "in a loop over numbers with `where`, the first number is a number, a name, or in parentheses".into(),
            format!("write `for each {name} in (A) to B where ... {{ ... }}`"),
        ));
    }
    if has(&["each", "subset"]) || has(&["each", "combination"]) {
        return Some((
            "a loop over sets of cards is written `for each subset s of hand of p of size 2 to 5 { ... }`".into(),
            "`of size 2` for one size, no `of size` for every size from 1, `where ...` before the block; \
             in an expression, `s in subsets of Z of size ...`; see \"Sets of cards\" in docs/language.md"
                .into(),
        ));
    }
    // In a function's block: the result is missing, or a statement stands where only `let` lines
    // and the result may.
    const STATEMENTS: &[&str] = &[
        "if", "while", "for", "repeat", "set", "add", "subtract", "move", "deal", "shuffle", "turn", "announce",
        "transfer", "return", "end", "break",
    ];
    let statement = words.first().is_some_and(|w| STATEMENTS.contains(w));
    if in_function_block(&source[..line_start]) && (source[at..].starts_with('}') || statement) {
        return Some((
            "a function's block works out its result: `let`, `set`, `add`, `subtract`, `if`, loops and `break`, then the result".into(),
            format!("end the block with the value (`total * 10`); statements that do something in the game (`move`, `deal`, `announce`, choices) belong in procedures; {cookbook}"),
        ));
    }
    if words.iter().any(|w| *w == "elif" || *w == "elsif") {
        return Some(("`elif` is not a word of the language".into(), "write `else if`".into()));
    }
    if words.first() == Some(&"return") && words.len() > 1 && !words[1].starts_with('}') && !words[1].starts_with("//")
    {
        return Some((
            "`return` gives back no value: procedures do not have results".into(),
            "compute the value in a function (`function f(...): int = ...`), or set a variable before `return`".into(),
        ));
    }
    None
}
