//! `no_players`: a game file with neither a title nor a `players` line, played by two without
//! saying so. A titled file may leave `players` out for two; a variant file is never reported.
//! The finding itself is `check::heading`'s.

use miette::Severity;

use super::{Finding, Lint, LintContext, Shared};

/// The lint.
pub const LINT: Lint = Lint {
    name: "no_players",
    severity: Severity::Warning,
    summary: "a game file with no title and no `players` line",
    run,
};

fn run(ctx: &LintContext, _: &[Shared]) -> Vec<Finding> {
    crate::check::heading::missing_players(ctx.file)
}
