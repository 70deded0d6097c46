//! How a search player is set: `mcts` or `mcts:iterations=500,c=1.0,playout=greedy,cap=200`.

use super::super::SpecError;

/// The most iterations or milliseconds a decision may be given (a typing slip such as
/// `iterations=10000000000` is refused rather than run for days).
const MAX_ITERATIONS: u32 = 10_000_000;
const MAX_MS: u64 = 3_600_000;
const MAX_CAP: u32 = 1_000_000;

/// The iterations per decision when no budget is given: enough for every game of the
/// repository to beat `greedy` (docs/agents.md), and about a second per decision at most.
pub const DEFAULT_ITERATIONS: u32 = 1000;
/// The exploration constant of UCB1 when none is given (rewards lie in 0..1).
pub const DEFAULT_C: f64 = 0.7;
/// With the default `cap=auto`, the most decisions a playout makes in a game that declares no
/// `progress` (one that does is scored where the tree ends, with no playout: see docs/agents.md).
pub const NO_PROGRESS_CAP: u32 = 1000;
/// In `play`, when no budget is given, a decision stops after this many milliseconds even if
/// its iterations are not done, so a person never waits long.
pub const INTERACTIVE_MS: u64 = 1000;

/// How the players of a playout choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly among the legal actions: cheap, so many iterations fit in a budget.
    Random,
    /// The `greedy` player's rule: each legal action tried one step ahead, the best by the
    /// game's `progress` taken; dearer, but playouts look more like real play.
    Greedy,
}

/// Where a search player runs: it decides the budget when the spec names none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pace {
    /// `simulate` and `transcript`: a fixed number of iterations, so a seed gives the same game
    /// on every machine and whatever `--jobs` is.
    Reproducible,
    /// `play`: the same iterations, but never more than [`INTERACTIVE_MS`] per decision.
    Interactive,
}

/// The settings of a search player.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision; `None` when only a time budget is set.
    pub iterations: Option<u32>,
    /// Wall-clock milliseconds per decision; `None` for no time limit.
    pub ms: Option<u64>,
    /// The exploration constant of UCB1.
    pub c: f64,
    /// How playouts choose.
    pub playout: Playout,
    /// The most decisions a playout makes before it is scored; `None` (`cap=auto`) for none in
    /// a game that declares `progress`, else [`NO_PROGRESS_CAP`].
    pub cap: Option<u32>,
}

impl MctsConfig {
    /// The playout cap for a game: as set, or by `cap=auto`'s rule.
    pub fn cap_for(&self, has_progress: bool) -> u32 {
        self.cap.unwrap_or(if has_progress { 0 } else { NO_PROGRESS_CAP })
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig { iterations: Some(DEFAULT_ITERATIONS), ms: None, c: DEFAULT_C, playout: Playout::Random, cap: None }
    }
}

/// The option names `mcts:` takes, in the order the help lists them.
pub const OPTIONS: &[&str] = &["iterations", "ms", "c", "playout", "cap"];

impl MctsConfig {
    /// Reads the options after `mcts:` (`iterations=500,c=1.0`; empty for the defaults). A
    /// budget not given is chosen by `pace`.
    pub fn parse(options: &str, pace: Pace) -> Result<MctsConfig, SpecError> {
        let mut cfg = MctsConfig { iterations: None, ..MctsConfig::default() };
        let mut seen: Vec<&str> = Vec::new();
        for piece in options.split(',').map(str::trim) {
            if piece.is_empty() {
                if options.trim().is_empty() {
                    continue;
                }
                return Err(SpecError::Malformed { piece: piece.to_string(), spec: format!("mcts:{options}") });
            }
            let Some((key, value)) = piece.split_once('=') else {
                return Err(SpecError::Malformed { piece: piece.to_string(), spec: format!("mcts:{options}") });
            };
            let (key, value) = (key.trim(), value.trim());
            let Some(&key) = OPTIONS.iter().find(|k| **k == key) else {
                return Err(SpecError::UnknownOption {
                    kind: "mcts".into(),
                    key: key.to_string(),
                    keys: OPTIONS.join(", "),
                });
            };
            if seen.contains(&key) {
                return Err(SpecError::Duplicate { key: key.to_string() });
            }
            seen.push(key);
            let bad = |expected: &str| SpecError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
                expected: expected.to_string(),
            };
            match key {
                "iterations" => {
                    let n = value.parse::<u32>().ok().filter(|n| (1..=MAX_ITERATIONS).contains(n));
                    cfg.iterations = Some(n.ok_or_else(|| bad(&format!("a whole number from 1 to {MAX_ITERATIONS}")))?);
                }
                "ms" => {
                    let n = value.parse::<u64>().ok().filter(|n| (1..=MAX_MS).contains(n));
                    cfg.ms = Some(n.ok_or_else(|| bad(&format!("a whole number of milliseconds from 1 to {MAX_MS}")))?);
                }
                "c" => {
                    let c = value.parse::<f64>().ok().filter(|c| c.is_finite() && (0.0..=100.0).contains(c));
                    cfg.c = c.ok_or_else(|| bad("a number from 0 to 100, such as 0.7"))?;
                }
                "playout" => {
                    cfg.playout = match value {
                        "random" => Playout::Random,
                        "greedy" => Playout::Greedy,
                        _ => return Err(bad("`random` or `greedy`")),
                    };
                }
                "cap" if value == "auto" => cfg.cap = None,
                "cap" => {
                    let n = value.parse::<u32>().ok().filter(|n| *n <= MAX_CAP);
                    cfg.cap =
                        Some(n.ok_or_else(|| {
                            bad(&format!("`auto` or a whole number of decisions from 0 to {MAX_CAP}"))
                        })?);
                }
                _ => unreachable!("MctsConfig::parse: `{key}` is in OPTIONS but not handled"),
            }
        }
        if cfg.iterations.is_none() && cfg.ms.is_none() {
            cfg.iterations = Some(DEFAULT_ITERATIONS);
            if pace == Pace::Interactive {
                cfg.ms = Some(INTERACTIVE_MS);
            }
        }
        Ok(cfg)
    }
}
