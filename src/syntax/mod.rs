//! Phase 1: text → syntax tree. The pest grammar lives in `grammar/cardgame.pest`; pest pairs
//! never leave this module.

pub mod ast;
pub mod fmt;
mod parse;
mod parse_expr;
mod parse_stmt;
pub mod walk;

use miette::{Diagnostic, SourceSpan};
use pest::Parser;
use thiserror::Error;

pub use ast::{File, Span};
pub use fmt::format;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/cardgame.pest"]
struct CardgameParser;

/// A file that does not follow the grammar.
#[derive(Debug, Error, Diagnostic, Clone, PartialEq)]
#[error("syntax error: {message}")]
#[diagnostic(code(cardlang::syntax::error))]
pub struct SyntaxError {
    /// What the parser expected.
    pub message: String,
    /// Where it gave up.
    #[label("{label}")]
    pub span: SourceSpan,
    /// The text of the label.
    pub label: String,
    /// How to fix it.
    #[help]
    pub help: Option<String>,
}

/// Parses a whole `.cardgame` source text.
pub fn parse(source: &str) -> Result<File, SyntaxError> {
    match CardgameParser::parse(Rule::file, source) {
        Ok(mut pairs) => {
            let file = pairs.next().expect("parse: the file rule always yields one pair");
            Ok(parse::parse_file(file))
        }
        Err(e) => Err(syntax_error(source, e)),
    }
}

fn syntax_error(source: &str, e: pest::error::Error<Rule>) -> SyntaxError {
    let (start, end) = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((s, e)) => (s, e),
    };
    // Point at the whole offending word, not an empty position.
    let end = if end > start {
        end
    } else {
        let rest = &source[start.min(source.len())..];
        let word = rest
            .char_indices()
            .take_while(|(_, c)| !c.is_whitespace())
            .last()
            .map(|(i, c)| i + c.len_utf8())
            .unwrap_or(0);
        start + word
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, negatives } => {
            let mut words: Vec<String> = positives.iter().map(rule_words).collect();
            words.sort();
            words.dedup();
            let mut m =
                if words.is_empty() { "unexpected input".to_string() } else { format!("expected {}", list_or(&words)) };
            if !negatives.is_empty() {
                let mut neg: Vec<String> = negatives.iter().map(rule_words).collect();
                neg.sort();
                neg.dedup();
                m.push_str(&format!(" (not {})", list_or(&neg)));
            }
            m
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    let found = source[start.min(source.len())..end.min(source.len())].trim();
    let label = if found.is_empty() { "here".to_string() } else { format!("found `{found}`") };
    let help = if message.contains("keyword") || is_keyword(found) {
        Some(format!("`{found}` is a reserved word of the language; choose another name"))
    } else {
        Some("see docs/language.md for the shape of each declaration and statement".to_string())
    };
    SyntaxError { message, span: (start, end.saturating_sub(start)).into(), label, help }
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
        stmt | if_stmt | while_stmt | repeat_stmt | for_stmt | for_card_stmt | shuffle_stmt
        | deal_stmt | move_stmt | turn_stmt | let_stmt | set_stmt | add_stmt | subtract_stmt
        | return_stmt | end_stmt | announce_stmt | choose_stmt | simultaneous_choose
        | call_stmt => "a statement",
        block => "`{`",
        infix | op_or | op_and | op_eq | op_ne | op_le | op_ge | op_lt | op_gt | op_in | op_add
        | op_sub | op_mul | op_div | op_mod => "an operator",
        postfix | is_empty | is_not_empty | is_none | is_not_none | field => "`is` or `.`",
        zone_attr => "a zone attribute (per player, shared, face up, face down, stack, spread, public, private, holds)",
        type_expr => "a type (bool, int, card, player, an enum, set of an enum)",
        facing | face_up | face_down => "`face up` or `face down`",
        keyword => "a keyword",
        base_game => "`extends \"path/to/game.cardgame\"`",
        literal => "a value (a number, true, false or an enum member)",
        end_kind => "`winner`, `loser`, `draw`, `unfinished` or `highest`",
        params => "`(`",
        args => "`(`",
        _ => return format!("{rule:?}").replace('_', " "),
    };
    s.to_string()
}
