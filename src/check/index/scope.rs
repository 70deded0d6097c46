//! The names in force while the index walks a file: layers of top-level names (the base game,
//! the file, a variant block) and a stack of local names, the innermost last.

use super::{DeclId, DeclKind, Index};
use crate::syntax::ast::Span;

/// The names in force.
#[derive(Debug, Default)]
pub(super) struct Scope {
    /// Top-level names, the outermost layer first; in a layer, the first of a name wins.
    layers: Vec<Vec<(String, DeclId)>>,
    /// Local names, the innermost last.
    locals: Vec<(String, DeclId)>,
}

impl Scope {
    /// Opens a layer of top-level names.
    pub fn open_layer(&mut self) {
        self.layers.push(Vec::new());
    }

    /// Closes the innermost layer.
    pub fn close_layer(&mut self) {
        self.layers.pop();
    }

    /// Closes the innermost layer and hands back its names.
    pub fn take_layer(&mut self) -> Vec<(String, DeclId)> {
        self.layers.pop().unwrap_or_default()
    }

    /// Opens a layer holding `names`.
    pub fn push_layer(&mut self, names: Vec<(String, DeclId)>) {
        self.layers.push(names);
    }

    /// Adds a top-level name to the innermost layer.
    pub fn add_global(&mut self, name: &str, id: DeclId) {
        if let Some(layer) = self.layers.last_mut() {
            layer.push((name.to_string(), id));
        }
    }

    /// Binds a local name until [`Scope::restore`].
    pub fn bind(&mut self, name: &str, id: DeclId) {
        self.locals.push((name.to_string(), id));
    }

    /// How many local names are bound.
    pub fn mark(&self) -> usize {
        self.locals.len()
    }

    /// Forgets the local names bound since `mark`; each stays visible up to `end`.
    pub fn restore(&mut self, mark: usize, end: usize, index: &mut Index) {
        for (_, id) in self.locals.drain(mark..) {
            if let Some(v) = &mut index.decls[id.0].visible {
                v.end = end.max(v.start);
            }
        }
    }

    /// The innermost local called `name`.
    pub fn local(&self, name: &str) -> Option<DeclId> {
        self.locals.iter().rev().find(|(n, _)| n == name).map(|(_, id)| *id)
    }

    /// The innermost top-level declaration called `name` of a kind `wanted` accepts.
    pub fn global(&self, index: &Index, name: &str, wanted: impl Fn(DeclKind) -> bool) -> Option<DeclId> {
        self.layers
            .iter()
            .rev()
            .find_map(|l| l.iter().find(|(n, id)| n == name && wanted(index.decls[id.0].kind)).map(|(_, id)| *id))
    }

    /// Every top-level declaration in force of a kind `wanted` accepts, the innermost first.
    pub fn globals_of(&self, index: &Index, wanted: impl Fn(DeclKind) -> bool) -> Vec<DeclId> {
        self.layers
            .iter()
            .rev()
            .flat_map(|l| l.iter())
            .filter(|(_, id)| wanted(index.decls[id.0].kind))
            .map(|(_, id)| *id)
            .collect()
    }
}

/// The span from `start` to `end`, as where a local is visible.
pub(super) fn from_to(start: usize, end: usize) -> Option<Span> {
    Some(Span::new(start, end.max(start)))
}
