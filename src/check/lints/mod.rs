//! Lints: mistakes in rules that still parse and check, such as a zone nothing uses or a
//! statement that can never run. One lint per file; each has a stable code
//! (`cardlang::lint::<name>`), a severity, the span it is about and a help line.
//!
//! A lint gets a [`LintContext`]: the file as written, and the rules in force for the base
//! game and for each variant ([`Rules`]), with the checked program when those rules check
//! cleanly. Lints about the file as a whole (`unused`) read the file; lints about how the
//! game plays (`deal_size`, `hidden_read`, ...) look at each [`Rules`] through [`each_rules`],
//! with what the lints share about each ([`Shared`]: facts and summaries worked out once).

mod candidates;
mod deal_size;
mod effects;
mod empty_choice;
pub(crate) mod facts;
mod hidden_choice;
mod hidden_cond;
mod hidden_read;
mod many_subsets;
mod no_players;
mod no_title;
mod rank_coverage;
mod unbounded_loop;
mod undefined_property;
mod unreachable;
mod unused;

use effects::Summaries;
use facts::Facts;
pub(crate) use hidden_cond::private_choices;
use miette::{Diagnostic, LabeledSpan, Severity, SourceSpan};

use super::{variants, Config, Program};
use crate::check::index::Index;
use crate::syntax::ast::{File, Item, Span};

/// One lint: its name (the last part of its code), how serious it is, and the check itself.
pub struct Lint {
    /// The short name, the last part of its code: `unused`, `unreachable`.
    pub name: &'static str,
    /// Warnings unless the lint finds something that cannot work.
    pub severity: Severity,
    /// What it is about, in one line.
    pub summary: &'static str,
    /// Runs the lint over a whole file (the base game and every variant in it), given what
    /// the lints share about each set of rules ([`Shared`], one for each of the context's rules).
    pub run: fn(&LintContext, &[Shared]) -> Vec<Finding>,
}

/// Every lint, in the order they report.
pub const LINTS: &[Lint] = &[
    unused::LINT,
    unreachable::LINT,
    undefined_property::LINT,
    deal_size::LINT,
    empty_choice::LINT,
    unbounded_loop::LINT,
    hidden_read::LINT,
    hidden_choice::LINT,
    rank_coverage::LINT,
    many_subsets::LINT,
    no_title::LINT,
    no_players::LINT,
];

/// What a lint looks at: the file as written, and the rules each way of playing it puts in force.
pub struct LintContext<'a> {
    /// The file as written: the base game and every variant.
    pub file: &'a File,
    /// The base game first, then each variant applied to it, in the order the file declares them.
    pub rules: Vec<Rules>,
    /// The checker index of the file: what each name written in it means, by scope.
    pub index: Index,
}

/// The rules in force for the base game or for one variant.
pub struct Rules {
    /// The variant applied, or `None` for the base game.
    pub variant: Option<String>,
    /// The count of players the program was checked for, when it is not the fewest the game
    /// takes (a game of `players 2 to 7` is linted at 2 and at 7 players).
    pub seats: Option<u8>,
    /// The declarations in force: the game's, with the variant's changes made.
    pub items: Vec<Item>,
    /// The checked program (options at their values in force), when these rules check cleanly.
    pub program: Option<Program>,
}

impl<'a> LintContext<'a> {
    /// Applies and checks the base game and each variant of a file; a game for a range of
    /// players is checked at the fewest and again at the most, so a deal that only the most
    /// players cannot get is found too.
    pub fn new(file: &'a File) -> LintContext<'a> {
        LintContext::with_checked(file, Vec::new())
    }

    /// [`LintContext::new`] reusing checks already made: each [`Checked`] is the base game or a
    /// variant checked at the fewest players with no option set (as `check::check_all` checks
    /// it), and is not checked again.
    pub fn with_checked(file: &'a File, mut checked: Vec<Checked>) -> LintContext<'a> {
        let mut names = vec![None];
        names.extend(variants::variant_decls(file).iter().map(|v| Some(v.name.text.clone())));
        let mut rules = Vec::new();
        for variant in names {
            let (applied, _) = variants::apply(file, variant.as_deref());
            let config = Config { variant: variant.clone(), ..Config::default() };
            let program = match checked.iter().position(|c| c.variant == variant) {
                Some(i) => checked.swap_remove(i).program,
                None => super::check(file, &config).ok(),
            };
            let most = program.as_ref().map(|p| p.seats).filter(|(fewest, most)| most > fewest).map(|s| s.1);
            // The fewest seats first (a place is reported as they see it), then the most: a second
            // program, the same items in force (copied only then).
            let items = applied.items;
            match most {
                Some(most) => {
                    let at_most = super::check(file, &Config { seats: Some(most), ..config }).ok();
                    rules.push(Rules { variant: variant.clone(), seats: None, items: items.clone(), program });
                    rules.push(Rules { variant, seats: Some(most), items, program: at_most });
                }
                None => rules.push(Rules { variant, seats: None, items, program }),
            }
        }
        LintContext { file, rules, index: Index::of(file) }
    }
}

/// What the lints share about one set of rules (the base game or a variant, at a count of
/// players), worked out once for every lint: the declarations in force by name, and what each
/// procedure and statement can change.
pub struct Shared<'r> {
    /// The rules.
    pub(crate) rules: &'r Rules,
    /// Their declarations by name.
    pub(crate) facts: &'r Facts<'r>,
    /// What their procedures and statements can change.
    pub(crate) summaries: &'r Summaries<'r, 'r>,
}

/// Runs `check` on the rules of the base game and of each variant (with what the lints share
/// about each), and merges what it finds: a place reported for several is reported once (as
/// the base game, or the first variant, saw it), and a finding that only some variant shows
/// says which.
pub(crate) fn each_rules(shared: &[Shared], check: impl Fn(&Shared) -> Vec<Finding>) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::new();
    // What each finding said before the variant or the count of players was added to it.
    let mut said: Vec<String> = Vec::new();
    for one in shared {
        let rules = one.rules;
        for mut f in check(one) {
            // One finding per place; at another count of players, one per place and message.
            let repeats = |(o, m): (&Finding, &String)| o.at.0 == f.at.0 && (rules.seats.is_none() || *m == f.message);
            if out.iter().zip(&said).any(repeats) {
                continue;
            }
            said.push(f.message.clone());
            match (&rules.variant, rules.seats) {
                (Some(v), None) => f.message = format!("{} (with variant `{v}`)", f.message),
                (Some(v), Some(n)) => f.message = format!("{} (with variant `{v}` and {n} players)", f.message),
                (None, Some(n)) => f.message = format!("{} (with {n} players)", f.message),
                (None, None) => {}
            }
            out.push(f);
        }
    }
    out
}
/// What a lint found, before it is tied to its lint.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The problem in one sentence.
    pub message: String,
    /// Where it is, and the label shown there.
    pub at: (Span, String),
    /// A second place that matters ("the game ends here"), if any.
    pub also: Option<(Span, String)>,
    /// How to fix it.
    pub help: String,
}

/// A finding of one lint, as a diagnostic.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", finding.message)]
pub struct LintDiagnostic {
    /// The lint's name.
    pub lint: &'static str,
    /// How serious it is.
    pub severity: Severity,
    /// What it found.
    pub finding: Finding,
}

impl Diagnostic for LintDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(format!("cardlang::lint::{}", self.lint)))
    }
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.finding.help.clone()))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let label =
            |(span, text): &(Span, String)| LabeledSpan::new_with_span(Some(text.clone()), SourceSpan::from(*span));
        let mut all = vec![label(&self.finding.at)];
        all.extend(self.finding.also.iter().map(label));
        Some(Box::new(all.into_iter()))
    }
}

/// The base game (`variant: None`) or one variant, checked with no option set at the fewest
/// players: its program when it checked cleanly.
pub struct Checked {
    /// The variant checked, or `None` for the base game.
    pub variant: Option<String>,
    /// The checked program, when it checked cleanly.
    pub program: Option<Program>,
}

/// Runs every lint over a file; findings in source order.
pub fn lint(file: &File) -> Vec<LintDiagnostic> {
    lint_checked(file, Vec::new())
}

/// [`lint`] for a file whose base game or variants were checked already (as the loader checks
/// them for their errors): those programs are used instead of checking again. The findings are
/// the same as [`lint`]'s.
pub fn lint_checked(file: &File, checked: Vec<Checked>) -> Vec<LintDiagnostic> {
    let ctx = LintContext::with_checked(file, checked);
    // Worked out once for every lint: what each name written in the file means (the index, by
    // span), each set of rules' declarations, then what its procedures can change (a summary
    // borrows its facts).
    let names = ctx.index.by_span();
    let facts: Vec<Facts> = ctx.rules.iter().map(|rules| Facts::new(rules, &names)).collect();
    let summaries: Vec<Summaries> = facts.iter().map(Summaries::new).collect();
    let shared: Vec<Shared> = ctx
        .rules
        .iter()
        .zip(&facts)
        .zip(&summaries)
        .map(|((rules, facts), summaries)| Shared { rules, facts, summaries })
        .collect();
    let mut out: Vec<LintDiagnostic> = LINTS
        .iter()
        .flat_map(|l| {
            (l.run)(&ctx, &shared).into_iter().map(|finding| LintDiagnostic {
                lint: l.name,
                severity: l.severity,
                finding,
            })
        })
        .collect();
    out.sort_by_key(|d| d.finding.at.0.start);
    out
}
