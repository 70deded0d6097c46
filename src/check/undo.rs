//! (issue 43) `p may undo { ... }`: the block checked as it stands, between the two marks the
//! engine keeps (where p may start taking decisions back, and where that ends), and what can
//! never be taken back refused in it.
//!
//! The checker refuses what always gives information or chance when it is written in the block
//! itself: a shuffle, a deal, a choice by chance, a reveal, an announcement, a card turned face
//! up, another player's choice, a nested block, and a way out that would skip the block's end.
//! What depends on the table when it happens (a `move` that shows a card someone had not seen,
//! whatever a called procedure does) the session refuses at run time (`session::undo`): the
//! checker cannot know where a card lies and which way it faces.

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::check::mistake::Mistake;
use crate::syntax::ast::{self, Facing, StmtKind};
use crate::syntax::fmt::expression;

impl Checker {
    /// `p may undo { body }`: `if true { MayUndo(p); body; MayUndo(none) }`, the checked program
    /// having no block statement of its own.
    pub(super) fn check_undo(&mut self, player: &ast::Expr, body: &ast::Block, scope: &mut Scope) -> Stmt {
        let who = self.typed(player, Type::Player, scope);
        self.undo_refusals(&body.stmts, &expression(player), 0);
        let mut stmts = vec![Stmt::Effect(Effect::MayUndo(Some(who)))];
        stmts.extend(self.check_block(body, scope));
        stmts.push(Stmt::Effect(Effect::MayUndo(None)));
        Stmt::If(Expr::Const(Value::Bool(true)), stmts, Vec::new())
    }

    /// Refuses, in the statements of a block of `who`'s (`loops` deep in loops of the block),
    /// what a decision could never be taken back past.
    fn undo_refusals(&mut self, stmts: &[ast::Stmt], who: &str, loops: u32) {
        for s in stmts {
            // The statement's first word (or its chooser): a statement's span may run on over the
            // spaces to the block's `}`.
            let at = match &s.kind {
                StmtKind::Choose { player: Some(p), .. }
                | StmtKind::ChooseOne { player: Some(p), .. }
                | StmtKind::Undo { player: p, .. } => p.span,
                StmtKind::ChooseCards(c) if c.player.is_some() => c.player.as_ref().map_or(s.span, |p| p.span),
                kind => {
                    let word = match kind {
                        StmtKind::Shuffle(_) => "shuffle",
                        StmtKind::Deal { .. } => "deal",
                        StmtKind::Reveal(_) => "reveal",
                        StmtKind::Announce(_) => "announce",
                        StmtKind::TurnOver(_) | StmtKind::TurnCard { .. } => "turn",
                        StmtKind::ChooseSecretly { .. } => "each player",
                        StmtKind::Break => "break",
                        StmtKind::Return => "return",
                        _ => "chance",
                    };
                    ast::Span { start: s.span.start, end: (s.span.start + word.len()).min(s.span.end) }
                }
            };
            let refused = |mistake, what: &str, help: &str| {
                let message = format!("{what} in `{who} may undo {{ ... }}`: a decision cannot be taken back past it");
                CheckError::invalid(mistake, at, message, "in the block", Some(help.to_string()))
            };
            let chance = "do it before the block opens or after it ends: nothing that chance decides is taken back";
            let shown = "do it after the block ends: what has been shown cannot be unseen";
            let chooser = |p: &Option<ast::Expr>| match p {
                None => Some(refused(Mistake::UndoPastChance, "a choice by chance", chance)),
                Some(p) if expression(p) != who => Some(refused(
                    Mistake::UndoOtherChooser,
                    &format!("a choice by {}", expression(p)),
                    &format!("only {who} chooses in the block: let the others choose after it ends"),
                )),
                Some(_) => None,
            };
            let error = match &s.kind {
                StmtKind::Shuffle(_) => Some(refused(Mistake::UndoPastChance, "`shuffle`", chance)),
                StmtKind::Deal { .. } => Some(refused(Mistake::UndoPastChance, "`deal`", chance)),
                StmtKind::Reveal(_) => Some(refused(Mistake::UndoPastReveal, "`reveal`", shown)),
                StmtKind::Announce(_) => Some(refused(Mistake::UndoPastReveal, "`announce`", shown)),
                StmtKind::TurnOver(_) => Some(refused(Mistake::UndoPastReveal, "`turn over`", shown)),
                StmtKind::TurnCard { facing: Facing::Up, .. } => {
                    Some(refused(Mistake::UndoPastReveal, "a card turned face up", shown))
                }
                StmtKind::ChooseSecretly { .. } => Some(refused(
                    Mistake::UndoOtherChooser,
                    "a choice every player makes at once",
                    &format!("only {who} chooses in the block: let the others choose after it ends"),
                )),
                StmtKind::Choose { player, .. } | StmtKind::ChooseOne { player, .. } => chooser(player),
                StmtKind::ChooseCards(c) => chooser(&c.player),
                StmtKind::Undo { .. } => Some(refused(
                    Mistake::UndoNested,
                    "another `may undo` block",
                    "one block is enough: its player may take back every decision in it",
                )),
                StmtKind::Break if loops == 0 => Some(refused(
                    Mistake::UndoLeavesBlock,
                    "a `break` that leaves the block",
                    "end the loop inside the block, or put the whole loop in it",
                )),
                StmtKind::Return => Some(refused(
                    Mistake::UndoLeavesBlock,
                    "a `return` that leaves the block",
                    "let the block run to its end, then return",
                )),
                _ => None,
            };
            if let Some(e) = error {
                self.errors.push(e);
            }
            match &s.kind {
                StmtKind::If { then, otherwise, .. } => {
                    self.undo_refusals(&then.stmts, who, loops);
                    if let Some(o) = otherwise {
                        self.undo_refusals(&o.stmts, who, loops);
                    }
                }
                StmtKind::While { body, .. }
                | StmtKind::Repeat { body, .. }
                | StmtKind::ForPlayer { body, .. }
                | StmtKind::ForCard { body, .. }
                | StmtKind::ForEach { body, .. }
                | StmtKind::ForRange { body, .. } => self.undo_refusals(&body.stmts, who, loops + 1),
                StmtKind::ChooseOne { branches, otherwise, .. } => {
                    for b in branches {
                        self.undo_refusals(&b.body.stmts, who, loops);
                    }
                    if let Some(o) = otherwise {
                        self.undo_refusals(&o.stmts, who, loops);
                    }
                }
                _ => {}
            }
        }
    }
}
