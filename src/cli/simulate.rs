//! `cardlang simulate`: many games between AI players, summarised for a designer.

use std::sync::Arc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::load;
use crate::check::Config;
use crate::engine::Game;
use crate::simulate::summary::{Context, Summary};
use crate::simulate::{self, report, Settings};
use crate::syntax::ast::Item;

/// What `simulate` was asked to do, past the game itself.
pub struct Request<'a> {
    /// The game or variant file.
    pub path: &'a str,
    /// Variant and options.
    pub config: Config,
    /// Games, seed, threads, seats, samples.
    pub settings: Settings,
    /// One JSON document instead of text.
    pub json: bool,
    /// Where to write the HTML report, if anywhere.
    pub report: Option<&'a str>,
}

/// Runs a simulation; the text (or JSON) to print, or an error message and exit code.
pub fn run(req: &Request<'_>) -> Result<String, (String, i32)> {
    if req.settings.games == 0 {
        return Err(("error: -n must be at least 1".into(), 2));
    }
    if req.settings.jobs == 0 {
        return Err(("error: --jobs must be at least 1".into(), 2));
    }
    let loaded = load::read(req.path).map_err(|b| (b.0.render(&b.1), 2))?;
    let game: Arc<Game> = loaded.check(&req.config).map(Game::new).map_err(|e| (e, 2))?;
    let mut settings = req.settings.clone();
    if settings.players.is_empty() {
        settings.players = vec!["random".to_string(); game.players() as usize];
    }
    let req = &Request { settings, config: req.config.clone(), ..*req };
    if req.settings.players.len() != game.players() as usize {
        return Err((
            format!(
                "error: the game has {} seat(s), but --players names {}: give one of {} per seat",
                game.players(),
                req.settings.players.len(),
                simulate::SIM_AGENTS.join(", ")
            ),
            2,
        ));
    }
    // The progress expression, written back as `fmt` writes it, for the report's legend (a
    // slice of the source would take along any comment that follows it).
    let progress = loaded.file.items.iter().find_map(|i| match i {
        Item::Progress(p) => Some(crate::syntax::fmt::expression(&p.value)),
        _ => None,
    });
    let bar = ProgressBar::with_draw_target(Some(req.settings.games), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left") {
        bar.set_style(style);
    }
    let tally =
        simulate::run(&game, &req.settings, &|n| bar.inc(n)).map_err(|e| (load::Sources::default().render(&e), 2))?;
    bar.finish_and_clear();
    let columns = simulate::columns(&game);
    let program = &game.program;
    let cx = Context {
        game: program.title.clone(),
        variant: program.variant.clone(),
        options: program.options.iter().map(|o| (o.name.clone(), option_json(&game, o))).collect(),
        players: &req.settings.players,
        seed: req.settings.seed,
        length_unit: program.measures.length.as_ref().map(|l| l.0.clone()),
        progress,
        columns: &columns,
    };
    let summary = Summary::new(&tally, &cx);
    if let Some(path) = req.report {
        let samples: Vec<_> = tally.samples.values().cloned().collect();
        super::write::replace(path, report::html(&summary, &samples).as_bytes(), super::write::Existing::MayBeNew)
            .map_err(|e| (load::Sources::default().render(&e), 1))?;
    }
    if req.json {
        serde_json::to_string_pretty(&summary).map_err(|e| (format!("error: {e}"), 1))
    } else {
        let mut text = summary.text();
        if let Some(path) = req.report {
            text.push_str(&format!("\nreport written to {path}\n"));
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
