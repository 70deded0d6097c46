//! The settings a tune searches: `--vary OPTION=a..b` or `OPTION=x,y,z`, checked against the
//! options the game declares; without `--vary`, every declared option over its declared values.

use serde::Serialize;

use super::TuneError;
use crate::check::error::suggest;
use crate::check::ir::{OptionInfo, Program, Type, Value};

/// The most values one option may take in a search.
pub const MAX_VALUES: usize = 200;

/// How many values, spread evenly over its range, an option with a wide declared range takes
/// when no `--vary` names it.
pub const SPREAD: usize = 11;

/// One option searched over, and its values as `--set` writes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dim {
    /// The option's name.
    pub name: String,
    /// The values tried.
    pub values: Vec<String>,
}

/// Every option searched over; a setting is one value index per option ([`Point`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Space {
    /// The options, in the order given.
    pub dims: Vec<Dim>,
    /// What was left out or thinned, said to the designer.
    pub notes: Vec<String>,
}

/// A setting: for each option of the space, the index of its value.
pub type Point = Vec<usize>;

impl Space {
    /// How many settings there are (saturating).
    pub fn size(&self) -> u128 {
        self.dims.iter().fold(1u128, |n, d| n.saturating_mul(d.values.len() as u128))
    }

    /// Every setting, in order (only for a space small enough to race).
    pub fn all(&self) -> Vec<Point> {
        let mut out: Vec<Point> = vec![Vec::new()];
        for d in &self.dims {
            out =
                out.into_iter().flat_map(|p| (0..d.values.len()).map(move |i| [p.clone(), vec![i]].concat())).collect();
        }
        out
    }

    /// A setting as `--set` pairs.
    pub fn sets(&self, p: &[usize]) -> Vec<(String, String)> {
        self.dims.iter().zip(p).map(|(d, i)| (d.name.clone(), d.values[*i].clone())).collect()
    }

    /// A setting as people read it: `target = 50, knock_limit = 5`.
    pub fn describe(&self, p: &[usize]) -> String {
        self.sets(p).iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", ")
    }
}

/// Builds the space from the `--vary` texts against the game's options (as checked with its
/// variant and `--set`s).
pub fn build(program: &Program, varies: &[String]) -> Result<Space, TuneError> {
    let mut space = Space { dims: Vec::new(), notes: Vec::new() };
    if varies.is_empty() {
        for o in &program.options {
            match declared_values(program, o) {
                Some((values, note)) => {
                    space.notes.extend(note);
                    space.dims.push(Dim { name: o.name.clone(), values });
                }
                None => space.notes.push(format!("`{}` declares no range, so it is not varied", o.name)),
            }
        }
        if space.dims.is_empty() {
            return Err(TuneError::NothingToVary);
        }
        return Ok(space);
    }
    for text in varies {
        let (name, spec) = text
            .split_once('=')
            .map(|(n, v)| (n.trim(), v.trim()))
            .filter(|(n, v)| !n.is_empty() && !v.is_empty())
            .ok_or_else(|| TuneError::BadVary { text: text.clone() })?;
        let Some(option) = program.options.iter().find(|o| o.name == name) else {
            return Err(TuneError::UnknownOption {
                name: name.to_string(),
                help: suggest(name, program.options.iter().map(|o| o.name.as_str()))
                    .unwrap_or_else(|| format!("the options are: {}", names(program))),
            });
        };
        if space.dims.iter().any(|d| d.name == name) {
            return Err(TuneError::VariedTwice { name: name.to_string() });
        }
        let values = values_of(program, option, spec)?;
        space.dims.push(Dim { name: name.to_string(), values });
    }
    Ok(space)
}

fn names(program: &Program) -> String {
    let n: Vec<&str> = program.options.iter().map(|o| o.name.as_str()).collect();
    if n.is_empty() {
        "none (the game declares no option)".into()
    } else {
        n.join(", ")
    }
}

/// The values of `spec` (`a..b` or `x,y,z`) for an option, each checked.
fn values_of(program: &Program, o: &OptionInfo, spec: &str) -> Result<Vec<String>, TuneError> {
    let mut values: Vec<String> = match spec.split_once("..") {
        Some((a, b)) => {
            let (Ok(a), Ok(b)) = (a.trim().parse::<i64>(), b.trim().parse::<i64>()) else {
                return Err(bad(o, spec, "a range is of whole numbers, as in 1..5"));
            };
            if o.ty != Type::Int {
                return Err(bad(o, spec, "a range A..B is for a number option; list the values: x,y,z"));
            }
            if b < a {
                return Err(bad(o, spec, "the range is empty: its end is below its start"));
            }
            if (b as i128 - a as i128) >= MAX_VALUES as i128 {
                return Err(bad(o, spec, &format!("that is more than {MAX_VALUES} values; list fewer (x,y,z)")));
            }
            for end in [a, b] {
                check_value(program, o, &end.to_string())?;
            }
            (a..=b).filter(|v| o.allows(Value::Int(*v))).map(|v| v.to_string()).collect()
        }
        None => spec.split(',').map(|v| v.trim().to_string()).collect(),
    };
    if values.iter().any(String::is_empty) {
        return Err(bad(o, spec, "a value is empty"));
    }
    if values.len() > MAX_VALUES {
        return Err(bad(o, spec, &format!("that is more than {MAX_VALUES} values")));
    }
    for v in &values {
        check_value(program, o, v)?;
    }
    let mut seen = Vec::new();
    values.retain(|v| {
        let new = !seen.contains(v);
        seen.push(v.clone());
        new
    });
    Ok(values)
}

fn bad(o: &OptionInfo, spec: &str, why: &str) -> TuneError {
    TuneError::BadValues { name: o.name.clone(), spec: spec.to_string(), why: why.to_string() }
}

/// Refuses a value the option does not take: a number out of its declared range, a word that is
/// not `true`/`false` or a member of its enum.
fn check_value(program: &Program, o: &OptionInfo, v: &str) -> Result<(), TuneError> {
    match o.ty {
        Type::Int => {
            let Ok(n) = v.parse::<i64>() else { return Err(bad(o, v, "the option is a whole number")) };
            if !o.allows(Value::Int(n)) {
                let (lo, hi) = o.range.unwrap_or((n, n));
                let meanings: Vec<String> = o.meanings.iter().map(|(m, t)| format!("{m} ({t})")).collect();
                let extra = if meanings.is_empty() { String::new() } else { format!(", or {}", meanings.join(", ")) };
                return Err(TuneError::OutOfRange {
                    name: o.name.clone(),
                    value: v.to_string(),
                    range: format!("{lo} to {hi}{extra}"),
                });
            }
            Ok(())
        }
        Type::Bool if v == "true" || v == "false" => Ok(()),
        Type::Bool => Err(bad(o, v, "the option takes true or false")),
        Type::Enum(e) => {
            let members = program.enums.get(e as usize).map(|e| e.members.clone()).unwrap_or_default();
            if members.iter().any(|m| m == v) {
                return Ok(());
            }
            let help = suggest(v, members.iter().map(String::as_str)).unwrap_or_default();
            Err(bad(o, v, format!("the option takes one of {} {help}", members.join(", ")).trim_end()))
        }
        _ => Err(bad(o, v, "this kind of option cannot be varied")),
    }
}

/// Every value an option declares, thinned to [`SPREAD`] evenly spread values (both ends and the
/// default kept) when its range is wider; `None` for a number option without a range.
fn declared_values(program: &Program, o: &OptionInfo) -> Option<(Vec<String>, Option<String>)> {
    match o.ty {
        Type::Bool => Some((vec!["false".into(), "true".into()], None)),
        Type::Enum(e) => program.enums.get(e as usize).map(|e| (e.members.clone(), None)),
        Type::Int => {
            let (lo, hi) = o.range?;
            let span = hi as i128 - lo as i128;
            let mut values: Vec<i64> = if span < SPREAD as i128 {
                (lo..=hi).collect()
            } else {
                (0..SPREAD as i128).map(|k| (lo as i128 + span * k / (SPREAD as i128 - 1)) as i64).collect()
            };
            if let Value::Int(d) = o.default {
                if !values.contains(&d) && o.allows(o.default) {
                    values.push(d);
                    values.sort_unstable();
                }
            }
            let note = (span >= SPREAD as i128).then(|| {
                format!(
                    "`{}` takes {} values from {lo} to {hi}, spread evenly; name others with --vary",
                    o.name,
                    values.len()
                )
            });
            Some((values.into_iter().map(|v| v.to_string()).collect(), note))
        }
        _ => None,
    }
}
