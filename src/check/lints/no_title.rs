//! `no_title`: a game file with no `game "Title"` line. It plays untitled; usually its top was
//! lost or never written. A variant file takes its game's title and is never reported. The
//! finding itself is `check::heading`'s.

use miette::Severity;

use super::{Finding, Lint, LintContext, Shared};

/// The lint.
pub const LINT: Lint =
    Lint { name: "no_title", severity: Severity::Warning, summary: "a game file with no `game \"Title\"` line", run };

fn run(ctx: &LintContext, _: &[Shared]) -> Vec<Finding> {
    crate::check::heading::missing_title(ctx.file)
}
