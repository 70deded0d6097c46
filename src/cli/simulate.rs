//! `cardlang simulate`: many games between AI players, summarised for a designer; and
//! `cardlang merge`: the shards of a simulation played on many machines, summarised alike.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::load;
use super::render::Render;
use crate::check::Config;
use crate::engine::Game;
use crate::files::write::{self, Existing};
use crate::load::{read_text, shown, Sources, TextError, MAX_FILE_BYTES};
use crate::simulate::compare::{Axis, Column, Comparison};
use crate::simulate::shard::{self, Setup, Shard, Slice};
use crate::simulate::summary::Summary;
use crate::simulate::tally::Tally;
use crate::simulate::{self, report, Settings};
use crate::syntax::ast::Item;

/// What `simulate` was asked to do, past the game itself.
pub struct Request<'a> {
    /// The game or variant file.
    pub path: &'a Path,
    /// Variant and options.
    pub config: Config,
    /// Games, seed, threads, seats, samples.
    pub settings: Settings,
    /// One JSON document instead of text.
    pub json: bool,
    /// Where to write the HTML report, if anywhere.
    pub report: Option<&'a Path>,
    /// Play only this slice of the games and write a shard document instead of a report.
    pub shard: Option<Slice>,
    /// Where to write the shard document (standard output when `None`).
    pub out: Option<&'a Path>,
    /// `--compare base,single_deck`: one simulation per variant, side by side.
    pub compare: Vec<String>,
    /// `--sweep name=1..4` (or `name=a,b,c`): one simulation per value of an option.
    pub sweep: Option<&'a str>,
}

/// Runs a simulation; the text (or JSON) to print, or an error message and exit code.
pub fn run(req: &Request<'_>) -> Result<String, (String, i32)> {
    if req.settings.games == 0 {
        return Err(("error: -n must be at least 1".into(), 2));
    }
    if req.settings.jobs == 0 {
        return Err(("error: --jobs must be at least 1".into(), 2));
    }
    if req.shard.is_some() && (req.report.is_some() || req.json) {
        let flag = if req.json { "--json" } else { "--report" };
        return Err((
            format!(
                "error: --shard writes a shard document (JSON), not a report, so {flag} does not go with it\n\
                 help: play every shard, then `cardlang merge SHARD.json... {flag}{}` makes the report of all the games",
                if req.json { "" } else { " FILE" }
            ),
            2,
        ));
    }
    if req.out.is_some() && req.shard.is_none() {
        return Err(("error: --out is where --shard K/N writes its shard document; use it with --shard".into(), 2));
    }
    // Outputs are checked before a game is played: one that would replace the game or cannot
    // be written is refused now, not after the whole simulation.
    for output in [req.report, req.out].into_iter().flatten() {
        check_output(output, &[(req.path, "the game")])?;
    }
    if !req.compare.is_empty() || req.sweep.is_some() {
        return compare(req);
    }
    let (setup, tally, games) = play(req)?;
    let Some(slice) = req.shard else {
        return present(&setup, &tally, req.json, req.report);
    };
    let mut doc = serde_json::to_string(&Shard::new(slice, setup, tally)).map_err(|e| (format!("error: {e}"), 1))?;
    doc.push('\n');
    match req.out {
        None => Ok(doc),
        Some(path) => {
            write::replace(path, doc.as_bytes(), Existing::MayBeNew).map_err(|e| (Sources::default().render(&e), 1))?;
            Ok(format!(
                "shard {}/{}: games {}..{} of {} written to {}",
                slice.k,
                slice.n,
                games.start,
                games.end,
                req.settings.games,
                path.display()
            ))
        }
    }
}

/// Plays the games `req` asks for (all, or its shard's slice): what a summary is made from, and
/// the range of games played.
fn play(req: &Request<'_>) -> Result<(Setup, Tally, std::ops::Range<u64>), (String, i32)> {
    let loaded = crate::load::read_with(&crate::bundle::WithBundled(crate::load::Disk), req.path)
        .map_err(|b| (b.0.render(&b.1), 2))?;
    let game: Arc<Game> = load::check(&loaded, &req.config).map(Game::new).map_err(|e| (e, 2))?;
    let mut settings = req.settings.clone();
    if settings.players.is_empty() {
        settings.players = vec!["random".to_string(); game.players() as usize];
    }
    let req = &Request { settings, config: req.config.clone(), compare: Vec::new(), ..*req };
    if req.settings.players.len() != game.players() as usize {
        return Err((
            format!(
                "error: the game has {}, but --players names {}: give one of {} per seat",
                crate::check::error::plural(usize::from(game.players()), "seat"),
                req.settings.players.len(),
                simulate::SIM_AGENTS.join(", ")
            ),
            2,
        ));
    }
    // The progress expression in force (a variant may override it), written back as `fmt`
    // writes it, for the report's legend (a slice of the source would take along any comment
    // that follows it).
    let (applied, _) = crate::check::variants::apply(&loaded.file, game.program.variant.as_deref());
    let progress = applied.items.iter().find_map(|i| match i {
        Item::Progress(p) => Some(crate::syntax::fmt::expression(&p.value)),
        _ => None,
    });
    let games = req.shard.map_or(0..req.settings.games, |s| s.games(req.settings.games));
    let bar = ProgressBar::with_draw_target(Some(games.end - games.start), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left") {
        bar.set_style(style);
    }
    let tally = simulate::run_slice(&game, &req.settings, games.clone(), &|n| bar.inc(n))
        .map_err(|e| (Sources::default().render(&e), 2))?;
    bar.finish_and_clear();
    let program = &game.program;
    let setup = Setup {
        game: program.title.clone(),
        variant: program.variant.clone(),
        options: program.options.iter().map(|o| (o.name.clone(), option_json(&game, o))).collect(),
        rules: shard::rules_hash(loaded.sources.files.iter().map(|f| f.text.as_str())),
        players: req.settings.players.clone(),
        seed: req.settings.seed,
        games: req.settings.games,
        samples: req.settings.samples,
        length_unit: program.measures.length.as_ref().map(|l| l.0.clone()),
        progress,
        columns: simulate::columns(&game),
    };
    Ok((setup, tally, games))
}

/// `--compare` and `--sweep`: one whole simulation per variant or option value, with the same
/// seed, players and number of games, summarised side by side.
fn compare(req: &Request<'_>) -> Result<String, (String, i32)> {
    let refuse = |m: &str| Err((format!("error: {m}"), 2));
    if req.shard.is_some() {
        return refuse("--compare and --sweep run whole simulations; they do not go with --shard");
    }
    let (axis, columns) = match (req.compare.as_slice(), req.sweep) {
        ([_, ..], Some(_)) => return refuse("give --compare or --sweep, not both"),
        ([], Some(sweep)) => {
            let (name, values) = parse_sweep(sweep).map_err(|m| (format!("error: {m}"), 2))?;
            let columns: Vec<(String, Config)> = values
                .into_iter()
                .map(|v| {
                    let mut config = req.config.clone();
                    config.sets.retain(|(k, _)| *k != name);
                    config.sets.push((name.clone(), v.clone()));
                    (format!("{name} = {v}"), config)
                })
                .collect();
            (Axis::Option(name), columns)
        }
        (names, _) => {
            if req.config.variant.is_some() {
                return refuse(
                    "--compare names the variants to play; leave out --variant (use `base` for the game without one)",
                );
            }
            let mut columns: Vec<(String, Config)> = Vec::new();
            for name in names {
                let name = name.trim();
                if columns.iter().any(|(l, _)| l == name) {
                    return refuse(&format!("`{name}` is named twice in --compare"));
                }
                let variant = (name != "base").then(|| name.to_string());
                columns.push((name.to_string(), Config { variant, ..req.config.clone() }));
            }
            (Axis::Variant, columns)
        }
    };
    let mut done = Vec::new();
    for (label, config) in columns {
        let one = Request {
            config,
            settings: req.settings.clone(),
            compare: Vec::new(),
            sweep: None,
            report: None,
            json: false,
            ..*req
        };
        let (setup, tally, _) = play(&one)?;
        done.push(Column { label, summary: Summary::new(&tally, &setup.context()) });
    }
    let comparison = Comparison { compare: axis, columns: done };
    if let Some(path) = req.report {
        write::replace(path, comparison.html().as_bytes(), Existing::MayBeNew)
            .map_err(|e| (Sources::default().render(&e), 1))?;
    }
    if req.json {
        serde_json::to_string_pretty(&comparison).map_err(|e| (format!("error: {e}"), 1))
    } else {
        let mut text = comparison.text();
        if let Some(path) = req.report {
            text.push_str(&format!("\nreport written to {}\n", path.display()));
        }
        Ok(text)
    }
}

/// Refuses an output that would replace an input or a `.cardgame` file (exit 2), or that cannot
/// be written (exit 1); checked before any game is played.
fn check_output(output: &Path, inputs: &[(&Path, &str)]) -> Result<(), (String, i32)> {
    let render = |e: write::WriteError| Sources::default().render(&e);
    write::guard(output, inputs).map_err(|e| (render(e), 2))?;
    write::probe(output).map_err(|e| (render(e), 1))
}

/// The most values one `--sweep` may ask for.
const MAX_SWEEP: usize = 50;

/// Reads `name=lo..hi` (whole numbers, both ends included) or `name=a,b,c` (any values an option
/// takes) into the option's name and its values.
pub fn parse_sweep(text: &str) -> Result<(String, Vec<String>), String> {
    let example = "for example --sweep hidden_prizes=1..4 or --sweep hidden_prizes=0,2,5";
    let Some((name, values)) = text.split_once('=').filter(|(n, v)| !n.trim().is_empty() && !v.trim().is_empty())
    else {
        return Err(format!("`{text}` is not NAME=VALUES ({example})"));
    };
    let values = values.trim();
    let list: Vec<String> = match values.split_once("..") {
        Some((lo, hi)) => {
            let (Ok(lo), Ok(hi)) = (lo.trim().parse::<i64>(), hi.trim().parse::<i64>()) else {
                return Err(format!("`{values}` is not a range of whole numbers ({example})"));
            };
            if hi < lo {
                return Err(format!("the range `{values}` is empty: its end is below its start"));
            }
            if (hi as i128 - lo as i128) >= MAX_SWEEP as i128 {
                return Err(format!(
                    "`{values}` is {} values; a sweep takes at most {MAX_SWEEP}",
                    hi as i128 - lo as i128 + 1
                ));
            }
            (lo..=hi).map(|v| v.to_string()).collect()
        }
        None => values.split(',').map(|v| v.trim().to_string()).collect(),
    };
    if list.iter().any(String::is_empty) {
        return Err(format!("`{values}` has an empty value ({example})"));
    }
    if list.len() > MAX_SWEEP {
        return Err(format!("{} values; a sweep takes at most {MAX_SWEEP}", list.len()));
    }
    Ok((name.trim().to_string(), list))
}

/// Merges shard documents (`cardlang merge`): the same text, JSON and report as one run over
/// all their games; or an error naming the file at fault.
pub fn merge(files: &[PathBuf], json: bool, report: Option<&Path>) -> Result<String, (String, i32)> {
    if let Some(output) = report {
        let inputs: Vec<(&Path, &str)> = files.iter().map(|f| (f.as_path(), "a shard document")).collect();
        check_output(output, &inputs)?;
    }
    let render = |e: shard::ShardError| (Sources::default().render(&e), 2);
    let mut shards = Vec::new();
    for file in files {
        let path = shown(file);
        let text = read_text(file, MAX_FILE_BYTES).map_err(|e| {
            let why = match e {
                TextError::Io(e) => e.to_string(),
                TextError::TooLarge { limit } => format!("it is larger than {} MiB", limit >> 20),
                TextError::NotUtf8 { line, column } => {
                    format!("its content is not UTF-8 text (line {line}, column {column})")
                }
            };
            render(shard::ShardError::Read { path: path.clone(), why })
        })?;
        shards.push((path.clone(), Shard::parse(&path, &text).map_err(render)?));
    }
    let (setup, tally) = shard::merge(shards).map_err(render)?;
    present(&setup, &tally, json, report)
}

/// The report of a whole simulation: text or JSON to print, and the HTML page when asked for.
fn present(setup: &Setup, tally: &Tally, json: bool, report: Option<&Path>) -> Result<String, (String, i32)> {
    let summary = Summary::new(tally, &setup.context());
    if let Some(path) = report {
        let samples: Vec<_> = tally.samples.values().cloned().collect();
        write::replace(path, report::html(&summary, &samples).as_bytes(), Existing::MayBeNew)
            .map_err(|e| (Sources::default().render(&e), 1))?;
    }
    if json {
        serde_json::to_string_pretty(&summary).map_err(|e| (format!("error: {e}"), 1))
    } else {
        let mut text = summary.text();
        if let Some(path) = report {
            text.push_str(&format!("\nreport written to {}\n", path.display()));
        }
        Ok(text)
    }
}

/// An option's value as JSON: a number, `true`/`false`, or an enum member's text.
fn option_json(game: &Game, o: &crate::check::ir::OptionInfo) -> serde_json::Value {
    match o.value {
        crate::check::ir::Value::Int(n) => n.into(),
        crate::check::ir::Value::Bool(b) => b.into(),
        v => game.show(v, o.ty).into(),
    }
}
