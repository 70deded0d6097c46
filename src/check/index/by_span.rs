//! The index looked up by the place a name is written: what the lints ask of a name in the
//! syntax tree (`hand`, `hand of p`, the place of a `set`, the name a `let` binds), so that a
//! local named like a zone, counter or option is never taken for it. One hash look-up a name.

use std::collections::{HashMap, HashSet};

use super::{Decl, DeclId, Index};
use crate::syntax::ast::Span;

/// What the name written at one place means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Meaning<'i> {
    /// A declaration, by scope: the local or top-level declaration a use resolves to, or the
    /// declaration whose own name is written there.
    Decl(&'i Decl),
    /// A name used that resolves to nothing (the checker reports it).
    Unresolved,
    /// No name the index met: a built-in word (`player_count`, `abs`, `next of`), a place that
    /// is not a name, or a span from another file.
    Unknown,
}

/// Every use and declaration of an [`Index`] by the span of its name ([`Index::by_span`]).
#[derive(Debug, Clone)]
pub struct BySpan<'i> {
    index: &'i Index,
    /// Each use's declaration, by the span of the use (the first, should two share one).
    uses: HashMap<Span, DeclId>,
    /// Each declaration of this file, by the span of its name (the first of a span).
    decls: HashMap<Span, DeclId>,
    /// The spans of the names that resolve to nothing.
    unresolved: HashSet<Span>,
}

impl Index {
    /// The index looked up by span: [`BySpan::meaning`] answers, for the exact span of a name
    /// in the syntax tree the index was built from, what that name means.
    pub fn by_span(&self) -> BySpan<'_> {
        let mut uses = HashMap::with_capacity(self.uses.len());
        for u in &self.uses {
            uses.entry(u.span).or_insert(u.decl);
        }
        let mut decls = HashMap::with_capacity(self.decls.len());
        for (i, d) in self.decls.iter().enumerate().filter(|(_, d)| !d.in_base) {
            decls.entry(d.span).or_insert(DeclId(i));
        }
        let unresolved = self.unresolved.iter().map(|u| u.span).collect();
        BySpan { index: self, uses, decls, unresolved }
    }
}

impl<'i> BySpan<'i> {
    /// What the name written at exactly `span` means: the declaration a use there resolves to,
    /// else the declaration whose name is written there.
    pub fn meaning(&self, span: Span) -> Meaning<'i> {
        if let Some(id) = self.uses.get(&span).or_else(|| self.decls.get(&span)) {
            return Meaning::Decl(self.index.decl(*id));
        }
        if self.unresolved.contains(&span) {
            Meaning::Unresolved
        } else {
            Meaning::Unknown
        }
    }

    /// The declaration the name written at exactly `span` means or declares, if any.
    pub fn decl(&self, span: Span) -> Option<&'i Decl> {
        match self.meaning(span) {
            Meaning::Decl(d) => Some(d),
            _ => None,
        }
    }

    /// The index looked up.
    pub fn index(&self) -> &'i Index {
        self.index
    }
}
