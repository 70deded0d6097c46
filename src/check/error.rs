//! The checker's diagnostics: one variant per mistake, each with a stable code, labels and help.

use miette::{Diagnostic, LabeledSpan, SourceSpan};
use thiserror::Error;

use super::mistake::Mistake;
use crate::syntax::Span;

fn ss(s: Span) -> SourceSpan {
    s.into()
}

/// A mistake found while checking a game.
#[derive(Debug, Error, Diagnostic, Clone, PartialEq)]
pub enum CheckError {
    /// A name that nothing declares.
    #[error("unknown {what} `{name}`")]
    #[diagnostic(code(cardlang::check::unknown_name))]
    UnknownName {
        /// What kind of name was wanted, in words (`name`, `function`, `order`, ...).
        what: &'static str,
        /// The name as written.
        name: String,
        /// Where it is written.
        #[label("not declared")]
        span: SourceSpan,
        /// A declared name close to it ("did you mean"), or how to declare one.
        #[help]
        help: Option<String>,
    },

    /// A count of players the game is not for.
    #[error("{message}")]
    #[diagnostic(code(cardlang::check::seats))]
    Seats {
        /// The range of counts the game is for, and the count asked for.
        message: String,
        /// The `players` line.
        #[label("the game's count of players")]
        span: SourceSpan,
        /// How many players to name with `--players`.
        #[help]
        help: String,
    },

    /// A zone name that nothing declares.
    #[error("unknown zone `{name}`")]
    #[diagnostic(code(cardlang::check::unknown_zone))]
    UnknownZone {
        /// The name as written.
        name: String,
        /// Where it is written.
        #[label("no zone has this name")]
        span: SourceSpan,
        /// A zone's name close to it ("did you mean"), or how to declare the zone.
        #[help]
        help: Option<String>,
    },

    /// A procedure name that nothing declares.
    #[error("unknown procedure `{name}`")]
    #[diagnostic(code(cardlang::check::unknown_procedure))]
    UnknownProcedure {
        /// The name called.
        name: String,
        /// Where the call names it.
        #[label("no procedure has this name")]
        span: SourceSpan,
        /// A procedure's name close to it ("did you mean"), if any.
        #[help]
        help: Option<String>,
    },

    /// A value of the wrong type.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(cardlang::check::wrong_type))]
    WrongType {
        /// The type wanted here, in words ("a zone", "a number").
        expected: String,
        /// The type of what is written, in words.
        found: String,
        /// The value of the wrong type.
        #[label("this is {found}")]
        span: SourceSpan,
        /// How to write a value of the wanted type.
        #[help]
        help: Option<String>,
    },

    /// Two declarations of one name.
    #[error("`{name}` is declared twice")]
    #[diagnostic(
        code(cardlang::check::duplicate),
        help("rename one of them; a variant replaces a declaration with `override`")
    )]
    Duplicate {
        /// The name declared twice.
        name: String,
        /// The second declaration.
        #[label("declared again here")]
        span: SourceSpan,
        /// The first declaration.
        #[label("first declared here")]
        first: SourceSpan,
    },

    /// A variant overrides or sets something the game does not have.
    #[error("variant `{variant}` overrides {what} `{name}`, which the game does not declare")]
    #[diagnostic(code(cardlang::check::bad_override))]
    BadOverride {
        /// The variant that overrides.
        variant: String,
        /// The kind of declaration it overrides, in words (`procedure`, `option`, ...).
        what: &'static str,
        /// The name it overrides, which the game lacks.
        name: String,
        /// The name in the variant.
        #[label("nothing to override")]
        span: SourceSpan,
        /// A name of that kind close to it ("did you mean"), or to add it without `override`.
        #[help]
        help: Option<String>,
    },

    /// A variant that changes one declaration or option twice (the later change would silently
    /// replace the earlier).
    #[error("variant `{variant}` changes {what} `{name}` twice")]
    #[diagnostic(
        code(cardlang::check::changed_twice),
        help("keep one of the two: a variant changes each declaration and option at most once")
    )]
    ChangedTwice {
        /// The variant that changes it twice.
        variant: String,
        /// The kind of what it changes, in words (`option`, `procedure`, ...).
        what: &'static str,
        /// The name of the option or declaration changed twice.
        name: String,
        /// The second change.
        #[label("changed again here")]
        span: SourceSpan,
        /// The first change.
        #[label("first changed here")]
        first: SourceSpan,
    },

    /// A variant name that the file does not declare.
    #[error("unknown variant `{name}`")]
    #[diagnostic(code(cardlang::check::unknown_variant))]
    UnknownVariant {
        /// The variant asked for (`--variant`) or extended (`extends`).
        name: String,
        /// Where an `extends` names it; `None` for `--variant`, which is not in the file.
        #[label("no variant has this name")]
        span: Option<SourceSpan>,
        /// A variant's name close to it ("did you mean"), or which variants may be named.
        #[help]
        help: String,
    },

    /// A bad `--set name=value`.
    #[error("cannot set option `{name}`: {reason}")]
    #[diagnostic(code(cardlang::check::bad_option_value))]
    BadOptionValue {
        /// The option named by `--set`.
        name: String,
        /// What is wrong: no such option, a value of the wrong type, or out of range.
        reason: String,
        /// What to give instead: a close option's name, the type and the default, the range.
        #[help]
        help: String,
        /// The option's declaration, when it has something to show (its range).
        #[label("declared here")]
        declared: Option<SourceSpan>,
    },

    /// An option's value in the file (its default, or a variant's) outside its declared range.
    #[error("{value} is out of range for option `{name}`: it is from {lo} to {hi}")]
    #[diagnostic(code(cardlang::check::out_of_range))]
    OutOfRange {
        /// The option.
        name: String,
        /// The value given, outside the range.
        value: i64,
        /// The lowest value the range allows.
        lo: i64,
        /// The highest value the range allows.
        hi: i64,
        /// Where the value is given: the default, or a variant's `option` line.
        #[label(primary, "out of range")]
        span: SourceSpan,
        /// The `in LO to HI` of the declaration.
        #[label("the range is declared here")]
        declared: SourceSpan,
        /// The values the option takes, and its default when that is not the value at fault.
        #[help]
        help: String,
    },

    /// A call with the wrong number of arguments.
    #[error("`{name}` takes {}, but {} given", plural(*expected, "argument"), is_are(*found))]
    #[diagnostic(code(cardlang::check::argument_count), help("match the parameters of `{name}`"))]
    ArgumentCount {
        /// The function or procedure called.
        name: String,
        /// How many parameters it has.
        expected: usize,
        /// How many arguments the call gives.
        found: usize,
        /// The call.
        #[label("called here")]
        span: SourceSpan,
        /// Its name where it is declared; `None` for a built-in (`min`, `abs`, ...).
        #[label("declared here")]
        decl: Option<SourceSpan>,
    },

    /// Two attributes of one zone that say different (or the same) things.
    #[error("zone `{zone}` says {what} twice")]
    #[diagnostic(code(cardlang::check::conflicting_attributes))]
    ConflictingAttributes {
        /// The zone declared.
        zone: String,
        /// What it says twice, in words ("who owns it", "how its cards face", ...).
        what: &'static str,
        /// The second attribute of that kind.
        #[label("said again here")]
        span: SourceSpan,
        /// The first.
        #[label("first said here")]
        first: SourceSpan,
        /// To keep one attribute of that kind.
        #[help]
        help: String,
    },

    /// A function that calls itself, directly or through others.
    #[error("function `{name}` calls itself")]
    #[diagnostic(
        code(cardlang::check::recursive_function),
        help("functions are expanded where they are used, so they cannot recurse; use a procedure")
    )]
    RecursiveFunction {
        /// The function called again while it is being written out.
        name: String,
        /// The call that closes the circle.
        #[label("recursive call")]
        span: SourceSpan,
    },

    /// A call of a function that, written out where it is called (as every function is), nests
    /// deeper than the passes after the checker can follow.
    #[error(
        "calling `{name}` here nests the rules {depth} levels deep once its body is written out; the most is {max}"
    )]
    #[diagnostic(
        code(cardlang::check::too_deep),
        help("functions are written out where they are called, so a chain of functions that call one another nests as deeply as all of them together; cut the chain with a function whose block holds statements (it runs on a frame of its own and is not written out), or work part of it out into a counter")
    )]
    TooDeep {
        /// The function called.
        name: String,
        /// How deep the rules nest at this call once its body is written out.
        depth: usize,
        /// The deepest the passes after the checker follow (`syntax::MAX_DEPTH`).
        max: usize,
        /// The call.
        #[label("this call")]
        span: SourceSpan,
    },

    /// Calls of functions that, written out where they are called, would make the program larger
    /// than the checker's budget (functions calling others several times over).
    #[error("writing out the calls of `{name}` makes the rules larger than {max} parts")]
    #[diagnostic(
        code(cardlang::check::too_large),
        help("functions are written out where they are called, so a function that calls another twice, which calls another twice, doubles at every level; make the function that is called twice one whose block holds statements (it runs on a frame of its own and is not written out)")
    )]
    TooLarge {
        /// The function whose call goes past the budget.
        name: String,
        /// The budget: the most parts the written-out calls may add up to.
        max: u64,
        /// The call.
        #[label("this call goes past the budget")]
        span: SourceSpan,
    },

    /// A mistake explained in a sentence of its own; its code comes from the [`Mistake`].
    #[error(transparent)]
    #[diagnostic(transparent)]
    Invalid(Box<Invalid>),

    /// The game lacks a required declaration.
    #[error("{message}")]
    #[diagnostic(code(cardlang::check::missing))]
    Missing {
        /// What the game lacks, in a sentence (that it has no `play` procedure).
        message: String,
        /// What to add.
        #[help]
        help: String,
    },
}

impl CheckError {
    /// A mistake at a span, in its own words: what is wrong, a few words at the place, and how
    /// to put it right; its code is the mistake's.
    pub fn invalid(
        mistake: Mistake,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
        help: Option<String>,
    ) -> Self {
        CheckError::Invalid(Box::new(Invalid {
            mistake,
            message: message.into(),
            span: ss(span),
            label: label.into(),
            help,
        }))
    }

    /// The mistake of an [`CheckError::Invalid`], which names its code; `None` for the others.
    pub fn mistake(&self) -> Option<Mistake> {
        match self {
            CheckError::Invalid(i) => Some(i.mistake),
            _ => None,
        }
    }

    /// A type mismatch at a span.
    pub fn wrong_type(span: Span, expected: impl Into<String>, found: impl Into<String>) -> Self {
        let (expected, found) = (expected.into(), found.into());
        let help = if expected == "a zone" && found.starts_with("some cards") {
            Some("a set of cards is read, not moved as a whole: move its cards one by one (`for each card c in s { move c to pile }`)".into())
        } else {
            type_help(&expected)
        };
        CheckError::WrongType { expected, found, span: ss(span), help }
    }

    /// A duplicate declaration.
    pub fn duplicate(name: &str, span: Span, first: Span) -> Self {
        CheckError::Duplicate { name: name.to_string(), span: ss(span), first: ss(first) }
    }
}

/// A mistake explained in its own words, with the code of its [`Mistake`]. Its `Diagnostic` is
/// written out by hand because the code depends on the mistake; the rest is what the derive
/// would give (the message, one label at the place, the help).
#[derive(Debug, Error, Clone, PartialEq)]
#[error("{message}")]
pub struct Invalid {
    /// Which mistake it is; it gives the code.
    pub mistake: Mistake,
    /// What is wrong, in a sentence.
    pub message: String,
    /// Where it is wrong.
    pub span: SourceSpan,
    /// A few words at the place (`not inside a loop`).
    pub label: String,
    /// How to put it right.
    pub help: Option<String>,
}

impl Diagnostic for Invalid {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.mistake.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(Some(self.label.clone()), self.span))))
    }
}

/// How to write a value of the expected type.
fn type_help(expected: &str) -> Option<String> {
    let h = match expected {
        "a zone" => "a zone is written `name` when shared, or `name of p` for player p's",
        "a card" => "a card comes from `top of Z`, `bottom of Z`, a choice, or `for each card c in Z`",
        "a player" => "a player is written `player 1`, `opponent of p`, or a name bound by `for each player p`",
        "a number" => "a number is a literal, an option, a counter, `count of Z`, or an order applied to a card",
        "a true/false value" => {
            "a condition is a comparison, `Z is empty`, `x is none`, or `and`/`or`/`not` of conditions"
        }
        _ => return Some(format!("give {expected} here")),
    };
    Some(h.to_string())
}

/// Every problem found in one file, reported together.
#[derive(Debug, Error, Diagnostic, Clone)]
#[error("{} found in the game", plural(errors.len(), "problem"))]
#[diagnostic(code(cardlang::check::failed))]
pub struct CheckErrors {
    /// The problems, in the order found.
    #[related]
    pub errors: Vec<CheckError>,
}

/// A count and a noun, the noun plural unless the count is one: `1 problem`, `2 problems`.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A count with its verb: `1 is`, `2 are`.
fn is_are(n: usize) -> String {
    if n == 1 {
        "1 is".into()
    } else {
        format!("{n} are")
    }
}

/// A "did you mean" help line: the known name closest to `name`, if any is close enough.
pub fn suggest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    // A hidden local (one the rules cannot name) has no name to suggest.
    for k in known.into_iter().filter(|k| !k.is_empty()) {
        let d = crate::syntax::edit_distance(name, k);
        // A one-letter name has nothing in common with another one-letter name (`c` is not `2`).
        let limit = (name.len().max(k.len()) / 3).max(1).min(name.chars().count().saturating_sub(1));
        // Ties go to the name first in alphabetical order, so the hint never depends on the
        // order names are stored in (a fuzzing finding: docs/reliability.md).
        if d <= limit && best.is_none_or(|(bd, bk)| d < bd || (d == bd && k < bk)) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| format!("did you mean `{k}`?"))
}
