//! The type of every expression the checker checks, with its span: the checker's own
//! expression checker reports each one here (`check/exprs.rs`), while a collection is open on
//! this thread; nothing is recorded otherwise.

use std::cell::RefCell;

use super::Index;
use crate::check::ir::Type;
use crate::check::{check, Config};
use crate::syntax::ast::{File, Span};

/// An expression's type, as the checker found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprType {
    /// The expression.
    pub span: Span,
    /// Its type.
    pub ty: Type,
    /// The type in the checker's words ("a card", "a member of suit").
    pub shown: String,
}

thread_local! {
    static COLLECTED: RefCell<Option<Vec<ExprType>>> = const { RefCell::new(None) };
}

/// Called by the checker for each expression it checked: kept while a collection is open.
pub(crate) fn record(span: Span, ty: Type, shown: impl FnOnce() -> String) {
    COLLECTED.with(|c| {
        if let Some(types) = c.borrow_mut().as_mut() {
            types.push(ExprType { span, ty, shown: shown() });
        }
    });
}

impl Index {
    /// Checks `file` with `config` (its errors are the checker's to report) and keeps the type of
    /// every expression checked, the first found for a span (an expression checked more than
    /// once, as in each branch of a choice of several cards, has one type).
    pub fn add_types(&mut self, file: &File, config: &Config) {
        COLLECTED.with(|c| *c.borrow_mut() = Some(Vec::new()));
        let _ = check(file, config);
        let found = COLLECTED.with(|c| c.borrow_mut().take()).unwrap_or_default();
        let mut seen = std::collections::HashSet::new();
        self.types = found.into_iter().filter(|t| seen.insert((t.span.start, t.span.end))).collect();
        self.types.sort_by_key(|t| (t.span.start, std::cmp::Reverse(t.span.end)));
    }

    /// The type of the innermost expression at `offset`, for a hover.
    pub fn type_at(&self, offset: usize) -> Option<&ExprType> {
        self.types.iter().filter(|t| t.span.start <= offset && offset < t.span.end).min_by_key(|t| t.span.len())
    }
}
