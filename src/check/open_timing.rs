//! issue 43: `any player p may { ... } [else { ... }]`, open timing. The branches are checked as
//! those of `chooses one of`, with `p` a name of its own (the player asked, then the claimer)
//! bound before them; a block with no kind of claim is a mistake of its own.

use super::error::CheckError;
use super::exprs::Scope;
use super::ir::*;
use super::Checker;
use crate::check::mistake::Mistake;
use crate::syntax::ast;

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
        let (checked, bodies) = self.check_branches(branches, "a kind of claim", scope);
        // The claimer's name is the branches' alone: the `else` block runs when nobody claimed.
        scope.restore(outer);
        let otherwise = otherwise.map(|o| self.check_block(o, scope)).unwrap_or_default();
        let private = self.private_choices.contains(&span);
        let choice = Choice::Open { player_slot, branch, branches: checked, prompt, private };
        Stmt::Menu { choice, bodies, otherwise }
    }
}
