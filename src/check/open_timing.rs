//! issue 43: `any player p may { ... } [else { ... }]`, open timing. The branches are checked as
//! those of `chooses one of`, with `p` a name of its own (the player asked, then the claimer)
//! bound before them; a block with no kind of claim is a mistake of its own.

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::check::mistake::Mistake;
use crate::syntax::ast;

/// The most names a kind of claim may bind, as a menu's branch (the player asked is kept beside
/// them while each player's claims are listed, in the room kept for a chooser).
const MAX_CLAIM_BINDS: usize = MAX_BINDS;

impl Checker {
    /// Checks `any player p may { branches } [else { ... }]` (see the module's doc).
    pub(super) fn check_open(
        &mut self,
        span: ast::Span,
        player_var: &ast::Name,
        prompt: Option<&[ast::TemplatePart]>,
        branches: &[ast::Branch],
        otherwise: Option<&ast::Block>,
        scope: &mut Scope,
    ) -> Stmt {
        if branches.is_empty() {
            self.errors.push(CheckError::invalid(
                Mistake::OpenWithoutClaim,
                // `any player p`, the words that open the moment.
                ast::Span { start: span.start, end: player_var.span.end },
                "`any player ... may` offers no claim: write at least one kind of claim in its braces",
                "nothing to claim here",
                Some("add a branch, as in `chooses one of`: `\"claim {c}\" for c from ... where ... { ... }`".into()),
            ));
        }
        let outer = scope.mark();
        let player_slot = scope.bind(&player_var.text, Type::Player, false, 1);
        let prompt = prompt.map(|t| self.check_template(t, scope));
        let branch = scope.hidden();
        let mut checked = Vec::new();
        let mut bodies = Vec::new();
        for b in branches {
            let mark = scope.mark();
            let mut binds = Vec::new();
            for x in &b.binds {
                let from = match &x.sets {
                    Some(sizes) => self.check_set_domain(&x.from.from, sizes, scope),
                    None => self.check_domain(&x.from, scope),
                };
                let slot = scope.bind(&x.var.text, from.value_type(), false, 1);
                let filter = x.filter.as_ref().map(|f| self.typed(f, Type::Bool, scope));
                binds.push(MenuBind { slot, from, filter });
            }
            if binds.len() > MAX_CLAIM_BINDS {
                self.errors.push(CheckError::invalid(
                    Mistake::OverLimit,
                    b.binds[MAX_CLAIM_BINDS].var.span,
                    format!("a kind of claim binds at most {MAX_CLAIM_BINDS} names"),
                    "one too many",
                    Some("split the branch in two".into()),
                ));
                binds.truncate(MAX_CLAIM_BINDS);
            }
            let guard = b.filter.as_ref().map(|f| self.typed(f, Type::Bool, scope));
            let label = self.check_label(&b.label, scope);
            bodies.push(self.check_block(&b.body, scope));
            scope.restore(mark);
            checked.push(MenuBranch { label, binds, guard });
        }
        // The claimer's name is the branches' alone: the `else` block runs when nobody claimed.
        scope.restore(outer);
        let otherwise = otherwise.map(|o| self.check_block(o, scope)).unwrap_or_default();
        let private = self.private_choices.contains(&span);
        let choice = Choice::Open { player_slot, branch, branches: checked, prompt, private };
        Stmt::Menu { choice, bodies, otherwise }
    }
}
