//! The game's options: the type, range and meanings each declares, its default, and the values
//! a variant and `--set` give it.

use crate::check::mistake::Mistake;
use std::collections::HashMap;

use super::error::{suggest, CheckError};
use super::ir::*;
use super::{Checker, Global};
use crate::syntax::ast::{self, Item, LiteralKind, TypeExprKind};
use crate::syntax::Span;

/// What the checker keeps of the options while it works: their declarations, the values a
/// variant and `--set` give them, and where each declares its range.
#[derive(Default)]
pub(crate) struct OptionWork {
    pub literals: Vec<ast::OptionDecl>,
    pub overrides: Vec<ast::OptionDecl>,
    pub sets: Vec<(String, String)>,
    pub range_spans: HashMap<u16, Span>,
}

impl Checker {
    /// Registers each option; its type and value are settled once the enums are known
    /// ([`Checker::finish_options`]), with the variant's values and `--set` applied then.
    pub(super) fn collect_options(
        &mut self,
        items: &[Item],
        variant_values: &[ast::OptionDecl],
        sets: &[(String, String)],
    ) {
        let mut literals = Vec::new();
        for item in items {
            let Item::Option(o) = item else { continue };
            if !self.owns(&o.name) {
                continue;
            }
            self.set_global(&o.name, Global::Option(self.options.len() as u16));
            self.options.push(OptionInfo {
                name: o.name.text.clone(),
                ty: Type::None,
                value: Value::None,
                default: Value::None,
                range: None,
                meanings: Vec::new(),
            });
            literals.push(o.clone());
        }
        self.option_work =
            OptionWork { literals, overrides: variant_values.to_vec(), sets: sets.to_vec(), ..OptionWork::default() };
    }

    /// Settles each option's type, range, meanings and default, then applies the variant's values
    /// and `--set`.
    pub(super) fn finish_options(&mut self) {
        let work = std::mem::take(&mut self.option_work);
        for (i, o) in work.literals.iter().enumerate() {
            if let Some(span) = self.declare_option(i as u16, o) {
                self.option_work.range_spans.insert(i as u16, span);
            }
        }
        for o in &work.overrides {
            self.override_option(o);
        }
        for (name, text) in &work.sets {
            self.set_option(name, text);
        }
    }

    /// Settles one option from its declaration; the span of its range, if it declares one.
    fn declare_option(&mut self, i: u16, o: &ast::OptionDecl) -> Option<Span> {
        let ty = match &o.ty {
            Some(t) => self.option_type(t)?,
            None => self.type_of_literal(o)?,
        };
        let info = &mut self.options[i as usize];
        info.ty = ty;
        let mut range_span = None;
        if let Some(r) = &o.range {
            if ty != Type::Int {
                let what = self.type_name(ty);
                self.errors.push(CheckError::invalid(
                    Mistake::RangeOnNonNumber,
                    r.span,
                    format!("only a number option has a range, and `{}` is {what}", o.name.text),
                    "a range",
                    Some("leave out `in ... to ...`, or make the option `int`".into()),
                ));
            } else if r.lo > r.hi {
                self.errors.push(CheckError::invalid(
                    Mistake::RangeBackwards,
                    r.span,
                    format!("the range {} to {} holds no number: it starts above where it ends", r.lo, r.hi),
                    "an empty range",
                    Some(format!("write the lowest value first: `in {} to {}`", r.hi, r.lo)),
                ));
            } else {
                self.options[i as usize].range = Some((r.lo, r.hi));
                range_span = Some(r.span);
            }
        }
        self.declare_meanings(i, o, ty);
        match self.option_value(i, &o.value.kind) {
            Ok(v) => {
                let info = &mut self.options[i as usize];
                info.value = v;
                info.default = v;
                if let (Value::Int(n), Some(span)) = (v, range_span) {
                    if !self.options[i as usize].allows(v) {
                        self.errors.push(self.out_of_range(i, n, o.value.span, span));
                    }
                }
            }
            Err(found) => self.errors.push(CheckError::WrongType {
                expected: self.type_name(ty),
                found,
                span: o.value.span.into(),
                help: Some(format!("`{}` is declared as {}", o.name.text, self.type_name(ty))),
            }),
        }
        range_span
    }

    /// The type an option declares after `:`: a number, true/false or an enum.
    fn option_type(&mut self, t: &ast::TypeExpr) -> Option<Type> {
        match &t.kind {
            TypeExprKind::Bool => Some(Type::Bool),
            TypeExprKind::Int => Some(Type::Int),
            TypeExprKind::Named(_) => {
                let errors = self.errors.len();
                let ty = self.resolve_type(t);
                (self.errors.len() == errors).then_some(ty)
            }
            TypeExprKind::Card
            | TypeExprKind::Player
            | TypeExprKind::Zone
            | TypeExprKind::Cards
            | TypeExprKind::SetOf(_) => {
                self.errors.push(CheckError::invalid(
                    Mistake::BadOptionType,
                    t.span,
                    "an option is a number, true or false, or a member of an enum",
                    "not a type an option can have",
                    Some("write `int`, `bool` or the name of an enum".into()),
                ));
                None
            }
        }
    }

    /// The type of an option that declares none, from its default: a number, true/false, or
    /// the enum of the member it names (which must be a member of exactly one enum).
    fn type_of_literal(&mut self, o: &ast::OptionDecl) -> Option<Type> {
        let m = match &o.value.kind {
            LiteralKind::Int(_) => return Some(Type::Int),
            LiteralKind::Bool(_) => return Some(Type::Bool),
            LiteralKind::Member(m) => m,
            LiteralKind::Text(_) => {
                self.errors.push(CheckError::invalid(
                    Mistake::BadOptionType,
                    o.value.span,
                    "an option is a number, true or false, or a member of an enum",
                    "a text",
                    Some("write a number, `true`, `false` or a member of an enum, without quotes".into()),
                ));
                return None;
            }
        };
        if let Some((e, _)) = self.member_anywhere(m) {
            return Some(Type::Enum(e));
        }
        let owners: Vec<&str> =
            self.enums.iter().filter(|e| e.members.iter().any(|x| x == m)).map(|e| e.name.as_str()).collect();
        if owners.len() > 1 {
            let help = format!("say which with a type: `option {}: {} = {m}`", o.name.text, owners[0]);
            self.errors.push(CheckError::invalid(
                Mistake::AmbiguousMember,
                o.value.span,
                format!("`{m}` is a member of more than one enum ({})", owners.join(", ")),
                "ambiguous",
                Some(help),
            ));
        } else {
            self.errors.push(CheckError::UnknownName {
                what: "value",
                name: m.clone(),
                span: o.value.span.into(),
                help: Some("an option's value is a number, true, false or an enum member".into()),
            });
        }
        None
    }

    /// Records the numbers of an option that mean something else (`-1 means "unlimited"`).
    fn declare_meanings(&mut self, i: u16, o: &ast::OptionDecl, ty: Type) {
        for m in &o.meanings {
            let info = &self.options[i as usize];
            let problem = if ty != Type::Int {
                Some(("only a number option has numbers that mean something else".to_string(), "not a number option"))
            } else if info.meanings.iter().any(|x| x.0 == m.value) {
                Some((format!("{} is given a meaning twice", m.value), "a second meaning"))
            } else if info.meanings.iter().any(|x| x.1.eq_ignore_ascii_case(&m.text)) {
                Some((format!("two numbers mean \"{}\"", m.text), "the same text again"))
            } else if !is_word_value(&m.text) {
                Some((format!("\"{}\" cannot be typed as a value", m.text), "not a word"))
            } else {
                None
            };
            match problem {
                Some((message, label)) => self.errors.push(CheckError::invalid(
                    Mistake::BadMeaning,
                    m.span,
                    message,
                    label,
                    Some("write `N means \"word\"`: a number of the option, and the word that stands for it (`-1 means \"unlimited\"`)".into()),
                )),
                None => self.options[i as usize].meanings.push((m.value, m.text.clone())),
            }
        }
    }

    /// The value of a literal for option `i`, or the literal's kind in words. A word that is one
    /// of the option's meanings stands for its number.
    fn option_value(&self, i: u16, kind: &LiteralKind) -> Result<Value, String> {
        let info = &self.options[i as usize];
        match (kind, info.ty) {
            (LiteralKind::Int(n), Type::Int) => Ok(Value::Int(*n)),
            (LiteralKind::Bool(b), Type::Bool) => Ok(Value::Bool(*b)),
            (LiteralKind::Member(m), Type::Int) => info
                .meanings
                .iter()
                .find(|x| x.1.eq_ignore_ascii_case(m))
                .map(|x| Value::Int(x.0))
                .ok_or_else(|| format!("the name `{m}`")),
            (LiteralKind::Member(_) | LiteralKind::Int(_), Type::Enum(e)) => {
                let text = match kind {
                    LiteralKind::Member(m) => m.clone(),
                    LiteralKind::Int(n) => n.to_string(),
                    LiteralKind::Bool(b) => b.to_string(),
                    LiteralKind::Text(t) => t.clone(),
                };
                let members = &self.enums[e as usize].members;
                members
                    .iter()
                    .position(|x| *x == text)
                    .map(|p| Value::Sym(p as u16))
                    .ok_or_else(|| format!("`{text}`, which is not a member of `{}`", self.enums[e as usize].name))
            }
            (LiteralKind::Int(_), _) => Err("a number".into()),
            (LiteralKind::Bool(_), _) => Err("a true/false value".into()),
            (LiteralKind::Text(_), _) => Err("a text".into()),
            (LiteralKind::Member(m), _) => Err(format!("the name `{m}`")),
        }
    }

    /// An option's value in the file outside its range.
    fn out_of_range(&self, i: u16, value: i64, span: Span, declared: Span) -> CheckError {
        let info = &self.options[i as usize];
        let (lo, hi) = info.range.unwrap_or((value, value));
        CheckError::OutOfRange {
            name: info.name.clone(),
            value,
            lo,
            hi,
            span: span.into(),
            declared: declared.into(),
            help: match self.option_help(i).split_once(" (the default") {
                // The default itself is the value out of range: no use quoting it.
                Some((values, _)) if info.value == info.default && info.value == Value::Int(value) => values.into(),
                _ => self.option_help(i),
            },
        }
    }

    /// What values option `i` takes, and its default: "give a number from 0 to 10 (the default
    /// is 2)".
    fn option_help(&self, i: u16) -> String {
        let info = &self.options[i as usize];
        let mut what = match (info.range, info.ty) {
            (Some((lo, hi)), _) => format!("a number from {lo} to {hi}"),
            (None, Type::Bool) => "true or false".to_string(),
            (None, Type::Enum(e)) => format!("one of {}", self.enums[e as usize].members.join(", ")),
            (None, ty) => self.type_name(ty),
        };
        for (n, text) in &info.meanings {
            what.push_str(&format!(", or {text} ({n})"));
        }
        format!("give {what} (the default is {})", self.show_option(i, info.default))
    }

    /// A value of option `i` in words: its meaning, if it has one (`unlimited`), else the value.
    fn show_option(&self, i: u16, v: Value) -> String {
        let info = &self.options[i as usize];
        info.meaning_of(v).map_or_else(|| self.show_value(v, info.ty), str::to_string)
    }

    /// Applies a variant's `option NAME = VALUE`.
    fn override_option(&mut self, o: &ast::OptionDecl) {
        let Some(Global::Option(i)) = self.globals.get(&o.name.text).map(|g| g.0) else { return };
        if o.ty.is_some() || o.range.is_some() || !o.meanings.is_empty() {
            self.errors.push(CheckError::invalid(
                Mistake::VariantRedeclaresOption,
                o.span,
                format!("a variant sets only the value of option `{}`", o.name.text),
                "a type, range or meaning here",
                Some("write `option NAME = VALUE`; the type, range and meanings are declared in the game".into()),
            ));
        }
        let ty = self.options[i as usize].ty;
        if ty == Type::None {
            // Its declaration has a mistake of its own, reported there.
            return;
        }
        match self.option_value(i, &o.value.kind) {
            Ok(v) => {
                self.options[i as usize].value = v;
                if let (Value::Int(n), Some(span)) = (v, self.option_work.range_spans.get(&i)) {
                    if !self.options[i as usize].allows(v) {
                        self.errors.push(self.out_of_range(i, n, o.value.span, *span));
                    }
                }
            }
            Err(found) => self.errors.push(CheckError::WrongType {
                expected: self.type_name(ty),
                found,
                span: o.value.span.into(),
                help: Some(format!("`{}` is {} in the game", o.name.text, self.type_name(ty))),
            }),
        }
    }

    /// Applies `--set NAME=VALUE`.
    fn set_option(&mut self, name: &str, text: &str) {
        let Some(Global::Option(i)) = self.globals.get(name).map(|g| g.0) else {
            let known: Vec<&str> = self.options.iter().map(|o| o.name.as_str()).collect();
            self.errors.push(CheckError::BadOptionValue {
                name: name.to_string(),
                reason: "the game has no such option".into(),
                help: suggest(name, known.iter().copied()).unwrap_or_else(|| {
                    format!("the options are: {}", if known.is_empty() { "none".into() } else { known.join(", ") })
                }),
                declared: None,
            });
            return;
        };
        let ty = self.options[i as usize].ty;
        if ty == Type::None {
            return;
        }
        let text = text.trim();
        let declared = self.option_work.range_spans.get(&i).map(|s| (*s).into());
        let bad = |reason: String, help: String| CheckError::BadOptionValue {
            name: name.to_string(),
            reason,
            help,
            declared,
        };
        let digits = text.strip_prefix('-').unwrap_or(text);
        let kind = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            match text.parse::<i64>() {
                Ok(n) => LiteralKind::Int(n),
                Err(_) => {
                    let size = if text.starts_with('-') { "too far below zero" } else { "too big" };
                    self.errors.push(bad(
                        format!("`{text}` is {size} for an option (a number option holds -9223372036854775808 to 9223372036854775807)"),
                        self.option_help(i),
                    ));
                    return;
                }
            }
        } else if text == "true" || text == "false" {
            LiteralKind::Bool(text == "true")
        } else {
            LiteralKind::Member(text.to_string())
        };
        match self.option_value(i, &kind) {
            Ok(v) => {
                self.options[i as usize].value = v;
                if let (Value::Int(n), Some((lo, hi))) = (v, self.options[i as usize].range) {
                    if !self.options[i as usize].allows(v) {
                        self.errors.push(bad(
                            format!("{n} is out of range: `{name}` is from {lo} to {hi}"),
                            self.option_help(i),
                        ));
                    }
                }
            }
            Err(found) => {
                let reason = match ty {
                    Type::Enum(e) => format!("`{text}` is not a member of `{}`", self.enums[e as usize].name),
                    Type::Int => format!("`{text}` is not a number"),
                    Type::Bool => format!("`{text}` is not true or false"),
                    _ => format!("`{text}` is {found}, but the option is {}", self.type_name(ty)),
                };
                let help = self.option_help(i);
                self.errors.push(CheckError::BadOptionValue { name: name.to_string(), reason, help, declared: None });
            }
        }
    }
}

/// Whether a meaning's text can be typed as an option's value: a word (letters, digits, `_` and
/// `-`, starting with a letter) that is not `true` or `false`.
fn is_word_value(text: &str) -> bool {
    text.chars().next().is_some_and(|c| c.is_alphabetic())
        && text.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && text != "true"
        && text != "false"
}
