//! What an editor asks the index: the declaration or use at a place, a declaration's
//! references, the names in scope at a place, and the outline of the file.

use std::collections::HashSet;

use super::{DeclId, DeclKind, Index, Use};
use crate::syntax::ast::Span;

/// One entry of a file's outline: a declaration and the declarations inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// The declaration.
    pub decl: DeclId,
    /// Its members, patterns or (for a variant) items, in order.
    pub children: Vec<Symbol>,
}

fn holds(span: Span, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

impl Index {
    /// The declaration whose name is written at `offset` (its end included).
    pub fn decl_at(&self, offset: usize) -> Option<DeclId> {
        self.decls.iter().position(|d| !d.in_base && holds(d.span, offset)).map(DeclId)
    }

    /// The use of a name written at `offset` (its end included).
    pub fn use_at(&self, offset: usize) -> Option<Use> {
        self.uses.iter().copied().find(|u| holds(u.span, offset))
    }

    /// Go to definition: the declaration meant by the name at `offset`, whether that name is a
    /// use or the declaration itself.
    pub fn definition(&self, offset: usize) -> Option<DeclId> {
        self.use_at(offset).map(|u| u.decl).or_else(|| self.decl_at(offset))
    }

    /// Every place that names `decl`, in the file's order: its uses, and its own name when
    /// `with_decl` (unless it is declared in the base game).
    pub fn references(&self, decl: DeclId, with_decl: bool) -> Vec<Span> {
        let mut spans: Vec<Span> = self.uses.iter().filter(|u| u.decl == decl).map(|u| u.span).collect();
        if let Some(d) = self.decls.get(decl.0).filter(|d| with_decl && !d.in_base) {
            spans.push(d.span);
        }
        spans.sort_by_key(|s| (s.start, s.end));
        spans
    }

    /// The names that can be used at `offset`: the locals in force (the innermost of a name
    /// first), then the top-level declarations they do not hide (the narrowest of a name and
    /// kind: a variant's own over the game's). Filter by [`super::Decl::kind`] for completion.
    pub fn scope_at(&self, offset: usize) -> Vec<DeclId> {
        let mut locals: Vec<DeclId> = (0..self.decls.len())
            .map(DeclId)
            .filter(|id| {
                let d = self.decl(*id);
                d.kind.is_local() && d.visible.is_some_and(|v| holds(v, offset) && v.start < offset)
            })
            .collect();
        locals.sort_by_key(|id| std::cmp::Reverse(self.decl(*id).span.start));
        let mut seen: HashSet<&str> = HashSet::new();
        locals.retain(|id| seen.insert(self.decl(*id).name.as_str()));
        let width = |id: &DeclId| {
            let d = self.decl(*id);
            match d.visible {
                Some(v) if !d.in_base => v.len(),
                _ => usize::MAX,
            }
        };
        let mut globals: Vec<DeclId> = (0..self.decls.len())
            .map(DeclId)
            .filter(|id| {
                let d = self.decl(*id);
                !d.kind.is_local() && d.visible.is_none_or(|v| holds(v, offset)) && !seen.contains(d.name.as_str())
            })
            .collect();
        globals.sort_by_key(|id| (width(id), id.0));
        let mut named: HashSet<(&str, DeclKind)> = HashSet::new();
        globals.retain(|id| named.insert((self.decl(*id).name.as_str(), self.decl(*id).kind)));
        globals.sort();
        locals.extend(globals);
        locals
    }

    /// The outline: the file's top-level declarations in order, each with its children (an
    /// enum's members, a `hands` or `melds` declaration's patterns, a variant's items).
    pub fn symbols(&self) -> Vec<Symbol> {
        self.children(None)
    }

    fn children(&self, parent: Option<DeclId>) -> Vec<Symbol> {
        (0..self.decls.len())
            .map(DeclId)
            .filter(|id| {
                let d = self.decl(*id);
                d.parent == parent && !d.in_base && !d.kind.is_local()
            })
            .map(|decl| Symbol { decl, children: self.children(Some(decl)) })
            .collect()
    }
}
