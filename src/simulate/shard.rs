//! One simulation spread over many machines: `simulate --shard K/N` plays the K-th of N slices of
//! the games and writes a shard document; `merge` checks that a set of shards is one whole
//! simulation, each slice once, and folds their tallies into the tally of a single run.

use std::collections::BTreeMap;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::record::CounterColumn;
use super::summary::Context;
use super::tally::Tally;

/// What a shard document says it is, in its `format` field.
pub const FORMAT: &str = "cardlang-shard";

/// The version of the shard document this build writes and reads.
pub const VERSION: u64 = 1;

/// Which slice of the games: the `k`-th (from 1) of `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slice {
    /// The slice, from 1.
    pub k: u64,
    /// How many slices.
    pub n: u64,
}

impl FromStr for Slice {
    type Err = String;

    fn from_str(s: &str) -> Result<Slice, String> {
        let example = "for example --shard 3/8 plays the third of eight slices";
        let Some((k, n)) = s.split_once('/') else {
            return Err(format!("expected K/N ({example})"));
        };
        let number = |part: &str, what: &str| {
            part.trim().parse::<u64>().map_err(|_| format!("`{part}` is not a whole number ({what}; {example})"))
        };
        let (k, n) = (number(k, "K, the slice")?, number(n, "N, how many slices")?);
        if n == 0 {
            return Err("N, how many slices, must be at least 1".into());
        }
        if k == 0 || k > n {
            return Err(format!("K must be from 1 to {n} (slices are counted from 1)"));
        }
        Ok(Slice { k, n })
    }
}

impl Slice {
    /// The numbers of the games this slice plays out of `total`: a run of about `total / n`
    /// games; the `n` slices cover `0..total` exactly once. A slice may be empty when `n` is
    /// more than `total`.
    pub fn games(&self, total: u64) -> Range<u64> {
        let at = |k: u64| (total as u128 * k as u128 / self.n as u128) as u64;
        at(self.k - 1)..at(self.k)
    }
}

/// Everything a report needs besides the tally: the game, its settings and the simulation's.
/// Shards of one simulation have equal setups.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The game's title.
    pub game: String,
    /// The variant played, if any.
    pub variant: Option<String>,
    /// Every option's value, as shown to people, in declaration order.
    pub options: Vec<(String, serde_json::Value)>,
    /// A hash of the game's source files (FNV-1a, 64 bits, in hex), so that shards played with
    /// different rules are not merged.
    pub rules: String,
    /// The agent in each seat.
    pub players: Vec<String>,
    /// The seed every game's seed is drawn from.
    pub seed: u64,
    /// Games in the whole simulation (`-n`).
    pub games: u64,
    /// How many games, the first ones, are samples for the report.
    pub samples: u64,
    /// The length unit, or `None` for decisions.
    pub length_unit: Option<String>,
    /// The progress expression as written, if the game declares one.
    pub progress: Option<String>,
    /// The counter columns of the tally.
    pub columns: Vec<CounterColumn>,
}

impl Setup {
    /// The context a summary of this simulation is made with.
    pub fn context(&self) -> Context<'_> {
        Context {
            game: self.game.clone(),
            variant: self.variant.clone(),
            options: self.options.clone(),
            players: &self.players,
            seed: self.seed,
            length_unit: self.length_unit.clone(),
            progress: self.progress.clone(),
            columns: &self.columns,
        }
    }
}

/// The FNV-1a hash of some texts, in hex: the `rules` of a [`Setup`].
pub fn rules_hash<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for text in texts {
        // A separator, so that moving text from one file to the next changes the hash.
        for b in text.bytes().chain([0xff]) {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// A shard document: one slice of a simulation, folded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Always [`FORMAT`].
    pub format: String,
    /// The document's version, [`VERSION`].
    pub version: u64,
    /// The version of cardlang that played it.
    pub cardlang: String,
    /// Which slice, from 1.
    pub shard: u64,
    /// Of how many.
    pub shards: u64,
    /// The simulation it is a slice of.
    pub simulation: Setup,
    /// Its games, folded.
    pub tally: Tally,
}

impl Shard {
    /// The shard document of slice `slice` of the simulation `setup`.
    pub fn new(slice: Slice, setup: Setup, tally: Tally) -> Shard {
        Shard {
            format: FORMAT.into(),
            version: VERSION,
            cardlang: env!("CARGO_PKG_VERSION").into(),
            shard: slice.k,
            shards: slice.n,
            simulation: setup,
            tally,
        }
    }

    /// Reads a shard document from the text of the file `path`.
    pub fn parse(path: &str, text: &str) -> Result<Shard, ShardError> {
        // The header first, so a file of another kind or version gets a plain answer.
        let not_a_shard = |why: String| ShardError::NotAShard { path: path.into(), why };
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| not_a_shard(format!("it is not JSON ({e})")))?;
        let field = |name: &str| value.as_object().and_then(|o| o.get(name));
        match (field("format").and_then(|f| f.as_str()), field("version").and_then(|v| v.as_u64())) {
            (Some(FORMAT), Some(VERSION)) => {}
            (Some(FORMAT), Some(v)) => return Err(ShardError::Version { path: path.into(), found: v }),
            (Some(FORMAT), None) => return Err(not_a_shard("it has no `version`".into())),
            _ => return Err(not_a_shard(format!("it has no `\"format\": \"{FORMAT}\"`"))),
        }
        let shard: Shard =
            serde_json::from_str(text).map_err(|e| ShardError::Corrupt { path: path.into(), why: e.to_string() })?;
        shard.check().map_err(|why| ShardError::Corrupt { path: path.into(), why })?;
        Ok(shard)
    }

    /// Checks that the tally is what the slice's games make: seats, counters, games and samples.
    fn check(&self) -> Result<(), String> {
        if self.shard == 0 || self.shard > self.shards {
            return Err(format!("it says it is shard {} of {}", self.shard, self.shards));
        }
        let slice = Slice { k: self.shard, n: self.shards };
        let (s, t) = (&self.simulation, &self.tally);
        let games = slice.games(s.games);
        let count = games.end - games.start;
        if t.games != count {
            return Err(format!(
                "shard {}/{} of {} games holds {count} games, but its tally has {}",
                slice.k, slice.n, s.games, t.games
            ));
        }
        if s.players.is_empty() || s.players.len() > u8::MAX as usize {
            return Err(format!("it has {} players", s.players.len()));
        }
        if t.wins.len() != s.players.len() {
            return Err(format!("the tally has wins for {} seats, but {} players", t.wins.len(), s.players.len()));
        }
        if t.counters.len() != s.columns.len() {
            return Err(format!(
                "the tally has {} counters, but {} counter columns",
                t.counters.len(),
                s.columns.len()
            ));
        }
        let seats = s.players.len();
        if s.columns.iter().any(|c| c.seat.is_some_and(|p| p as usize >= seats))
            || t.samples.values().any(|g| g.winners.iter().any(|p| *p as usize >= seats))
        {
            return Err(format!("it names a seat beyond its {seats} players"));
        }
        // Counts of games, each within the games played (the summary subtracts some of them).
        let within = |part: u64, whole: u64| part <= whole;
        let counts_fit = t.wins.iter().all(|w| within(*w, t.games))
            && t.counters.iter().all(|c| within(c.positive, t.games))
            && within(t.shared_wins, t.games)
            && t.draws.checked_add(t.unfinished).is_some_and(|d| within(d, t.games))
            && within(t.lost, t.games)
            && within(t.engine_stops, t.unfinished)
            && within(t.real_choices, t.decisions)
            && within(t.with_progress, t.games)
            && within(t.won_with_progress, t.with_progress)
            && within(t.winner_was_behind, t.won_with_progress);
        if !counts_fit {
            return Err("its counts of games do not add up".into());
        }
        if t.lengths.values().try_fold(0u64, |a, b| a.checked_add(*b)) != Some(t.games) {
            return Err("the length histogram does not add up to the games played".into());
        }
        let expected = games.start.min(s.samples)..games.end.min(s.samples);
        if !t.samples.keys().copied().eq(expected.clone()) {
            return Err(format!("its sample games should be the games numbered {expected:?} of the slice"));
        }
        Ok(())
    }
}

/// Why shards could not be merged. Each names the file at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum ShardError {
    /// No shard was given.
    #[error("no shard documents to merge")]
    #[diagnostic(code(cardlang::merge::none), help("give the files `simulate --shard K/N` wrote"))]
    NoShards,
    /// A file could not be read.
    #[error("cannot read `{path}`: {why}")]
    #[diagnostic(code(cardlang::merge::read))]
    Read {
        /// The file.
        path: String,
        /// What the system said.
        why: String,
    },
    /// A file is not a shard document.
    #[error("`{path}` is not a shard document: {why}")]
    #[diagnostic(
        code(cardlang::merge::not_a_shard),
        help("merge reads the files `cardlang simulate GAME --shard K/N` writes (not `simulate --json`)")
    )]
    NotAShard {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// A shard document of another version.
    #[error("`{path}` is a shard document of version {found}; this cardlang reads version {VERSION}")]
    #[diagnostic(code(cardlang::merge::version), help("play and merge the shards with the same cardlang"))]
    Version {
        /// The file.
        path: String,
        /// Its version.
        found: u64,
    },
    /// A shard document whose contents do not hold together.
    #[error("`{path}` is a damaged shard document: {why}")]
    #[diagnostic(
        code(cardlang::merge::damaged),
        help("play this shard again: {FORMAT} files are written whole by `simulate --shard`")
    )]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// A shard of another simulation.
    #[error("`{path}` is from another simulation than `{first}`: its {field} is {found}, but {expected} in `{first}`")]
    #[diagnostic(
        code(cardlang::merge::different),
        help("merge the shards of one simulation: the same game file, variant, options, --players, --seed, -n, --samples and N in --shard K/N, played by the same cardlang")
    )]
    Different {
        /// The file at fault.
        path: String,
        /// The first file, whose simulation is the one merged.
        first: String,
        /// The setting that differs.
        field: String,
        /// Its value in the file at fault.
        found: String,
        /// Its value in the first file.
        expected: String,
    },
    /// The same slice given twice.
    #[error("`{path}` is shard {k}/{n}, and so is `{other}`")]
    #[diagnostic(code(cardlang::merge::duplicate), help("give each shard once"))]
    Duplicate {
        /// The later file.
        path: String,
        /// The earlier file with the same slice.
        other: String,
        /// The slice.
        k: u64,
        /// Of how many.
        n: u64,
    },
    /// Slices not given.
    #[error("{which} of {n} {verb} missing (`{first}` says its simulation has {n} shards)")]
    #[diagnostic(
        code(cardlang::merge::missing),
        help("merge every shard K/N for K from 1 to {n}; play the missing ones with `simulate ... --shard K/{n}`")
    )]
    Missing {
        /// The missing slices, listed ("shards 2, 5 and 6").
        which: String,
        /// "is" or "are".
        verb: &'static str,
        /// Of how many.
        n: u64,
        /// The first file given.
        first: String,
    },
}

/// The settings two shards must agree on, by name, each as compact JSON.
fn identity(s: &Shard) -> Vec<(String, String)> {
    let mut fields =
        vec![("cardlang version".to_string(), s.cardlang.clone()), ("N".to_string(), s.shards.to_string())];
    if let Ok(serde_json::Value::Object(setup)) = serde_json::to_value(&s.simulation) {
        for (k, v) in setup {
            let name = match k.as_str() {
                "games" => "number of games".to_string(),
                "rules" => "rules hash (the game's files differ)".to_string(),
                _ => k,
            };
            fields.push((name, v.to_string()));
        }
    }
    fields
}

/// Whether the sums of two tallies that are not bounded by the games played can be added.
/// (Counts of games cannot overflow: the slices add up to the simulation's games.)
fn sums_fit(a: &Tally, b: &Tally) -> bool {
    a.decisions.checked_add(b.decisions).is_some()
        && a.lead_changes.checked_add(b.lead_changes).is_some()
        && a.winner_deficit_sum.checked_add(b.winner_deficit_sum).is_some()
        && a.counters.iter().zip(&b.counters).all(|(x, y)| x.sum.checked_add(y.sum).is_some())
}

/// Cuts a long value short for a message.
fn brief(v: &str) -> String {
    match v.char_indices().nth(80) {
        Some((at, _)) => format!("{}…", &v[..at]),
        None => v.to_string(),
    }
}

/// Checks that the shards, each with its file's path, are every slice of one simulation once, and
/// folds them: the simulation and the tally of all its games.
pub fn merge(shards: Vec<(String, Shard)>) -> Result<(Setup, Tally), ShardError> {
    let mut shards = shards.into_iter();
    let Some((first_path, first)) = shards.next() else {
        return Err(ShardError::NoShards);
    };
    let expected = identity(&first);
    let n = first.shards;
    let mut seen: BTreeMap<u64, String> = BTreeMap::new();
    seen.insert(first.shard, first_path.clone());
    let setup = first.simulation;
    let mut tally = first.tally;
    for (path, shard) in shards {
        for ((field, want), (_, found)) in expected.iter().zip(identity(&shard)) {
            if *want != found {
                return Err(ShardError::Different {
                    path,
                    first: first_path,
                    field: field.clone(),
                    found: brief(&found),
                    expected: brief(want),
                });
            }
        }
        if let Some(other) = seen.get(&shard.shard) {
            return Err(ShardError::Duplicate { path, other: other.clone(), k: shard.shard, n });
        }
        if !sums_fit(&tally, &shard.tally) {
            let why = "its sums overflow when added to the other shards'".into();
            return Err(ShardError::Corrupt { path, why });
        }
        seen.insert(shard.shard, path);
        tally = tally.merge(shard.tally);
    }
    let absent = n - seen.len() as u64;
    if absent > 0 {
        let listed: Vec<String> = (1..=n).filter(|k| !seen.contains_key(k)).take(10).map(|k| k.to_string()).collect();
        let which = match listed.split_last() {
            _ if absent > 10 => format!("shards {} and {} more", listed.join(", "), absent - 10),
            Some((last, rest)) if !rest.is_empty() => format!("shards {} and {last}", rest.join(", ")),
            _ => format!("shard {}", listed.join("")),
        };
        let verb = if absent == 1 { "is" } else { "are" };
        return Err(ShardError::Missing { which, verb, n, first: first_path });
    }
    Ok((setup, tally))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_every_game_once() {
        for total in [0u64, 1, 2, 7, 10, 1000, 1_000_003] {
            for n in [1u64, 2, 3, 7, 16] {
                let mut next = 0;
                for k in 1..=n {
                    let r = Slice { k, n }.games(total);
                    assert_eq!(r.start, next);
                    assert!(r.end - r.start <= total / n + 1);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
        assert_eq!(Slice { k: 3, n: 3 }.games(u64::MAX), (u64::MAX / 3 * 2)..u64::MAX);
    }

    #[test]
    fn a_slice_is_k_of_n() {
        assert_eq!("2/7".parse::<Slice>(), Ok(Slice { k: 2, n: 7 }));
        assert_eq!("1/1".parse::<Slice>(), Ok(Slice { k: 1, n: 1 }));
        for bad in ["0/3", "4/3", "1/0", "3", "a/3", "1/-2", "", "1/2/3"] {
            assert!(bad.parse::<Slice>().is_err(), "{bad}");
        }
    }
}
