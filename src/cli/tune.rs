//! `cardlang tune`: finds the option values that make a game play as wanted (the search is the
//! library's `tune`); here: loading, the progress bar, the outputs and `--write-variant`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::load;
use super::render::Render;
use crate::check::Config;
use crate::engine::Game;
use crate::files::write::{self, Existing};
use crate::load::Sources;
use crate::tune::{self, answer::Answer, variant, Progress};

/// What `tune` was asked to do, past the game itself.
pub struct Request<'a> {
    /// The game or variant file.
    pub path: &'a Path,
    /// Variant and options the search starts from.
    pub config: Config,
    /// Goals, options varied, players, budget, seed.
    pub tune: tune::Request,
    /// One JSON document instead of text.
    pub json: bool,
    /// Where to write the HTML report, if anywhere.
    pub report: Option<&'a Path>,
    /// Write the best setting as a variant of this name.
    pub write_variant: Option<&'a str>,
}

/// Runs a tune; the text (or JSON) to print, or an error message and exit code.
pub fn run(req: &Request<'_>) -> Result<String, (String, i32)> {
    let render = |e: &dyn miette::Diagnostic| Sources::default().render(e);
    if req.tune.budget == 0 {
        return Err(("error: --budget must be at least 1 game".into(), 2));
    }
    if req.tune.jobs == 0 {
        return Err(("error: --jobs must be at least 1".into(), 2));
    }
    if let Some(path) = req.report {
        write::guard(path, &[(req.path, "the game")]).map_err(|e| (render(&e), 2))?;
        write::probe(path).map_err(|e| (render(&e), 1))?;
    }
    let variant_path = match req.write_variant {
        Some(name) => Some(variant_path(req.path, name).map_err(|m| (m, 2))?),
        None => None,
    };
    let loaded = crate::load::read_path(req.path).map_err(|b| (b.0.render(&b.1), 2))?;
    let base: Arc<Game> = load::check(&loaded, &req.config).map(Game::new).map_err(|e| (e, 2))?;
    // Everything the user gave is read before the first game.
    tune::goals_for(&base, &req.tune.goals).map_err(|e| (render(&e), 2))?;
    tune::space::build(&base.program, &req.tune.varies).map_err(|e| (render(&e), 2))?;
    tune::players_for(&base, &req.tune.players).map_err(|e| (render(&e), 2))?;
    let make = |sets: &[(String, String)]| {
        let mut config = req.config.clone();
        for (k, v) in sets {
            config.sets.retain(|(name, _)| name != k);
            config.sets.push((k.clone(), v.clone()));
        }
        load::check(&loaded, &config).map(Game::new)
    };
    let total = req.tune.budget + tune::FINALISTS as u64 * req.tune.replay;
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{msg}: {bar:30} {pos}/{len} games, {per_sec}, {eta} left") {
        bar.set_style(style);
    }
    let tick = |n: u64| bar.inc(n);
    let phase = |m: &str| bar.set_message(m.to_string());
    let answer = tune::tune(&base, &make, &req.tune, &Progress { tick: &tick, phase: &phase });
    bar.finish_and_clear();
    let answer = answer.map_err(|e| {
        let code = if matches!(e, tune::TuneError::Simulate(_) | tune::TuneError::Setting { .. }) { 1 } else { 2 };
        (render(&e), code)
    })?;
    let mut notes = Vec::new();
    if let Some(path) = req.report {
        write::replace(path, tune::report::html(&answer).as_bytes(), Existing::MayBeNew)
            .map_err(|e| (render(&e), 1))?;
        notes.push(format!("report written to {}", path.display()));
    }
    if let (Some(name), Some(path)) = (req.write_variant, variant_path) {
        write_variant(&answer, name, req, &path)?;
        notes.push(format!("variant `{name}` written to {} (lint clean)", path.display()));
    }
    let mut out =
        if req.json { tune::json::json(&answer).map_err(|e| (format!("error: {e}"), 1))? } else { answer.text() };
    for n in notes {
        // The JSON document stays one document: the notes go to standard error.
        if req.json {
            eprintln!("{n}");
        } else {
            out.push_str(&format!("{n}\n"));
        }
    }
    Ok(out)
}

/// Where `--write-variant NAME` writes: `variants/GAME_NAME.cardgame` beside the game, which
/// must not be there yet.
pub fn variant_path(game: &Path, name: &str) -> Result<PathBuf, String> {
    if !variant::valid_name(name) {
        return Err(Sources::default().render(&variant::VariantError::BadName(name.to_string())));
    }
    let stem = game.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "game".into());
    let folder = game.parent().map(|p| p.join("variants")).unwrap_or_else(|| PathBuf::from("variants"));
    let path = folder.join(format!("{stem}_{name}.cardgame"));
    if path.exists() {
        return Err(format!(
            "error: `{}` is already there, and --write-variant never replaces a file\n\
             help: give the variant another name, or move that file away",
            path.display()
        ));
    }
    Ok(path)
}

/// Writes the best setting as a variant file, after linting its text in memory: a text with
/// any problem is not written.
fn write_variant(answer: &Answer, name: &str, req: &Request<'_>, path: &Path) -> Result<(), (String, i32)> {
    let render = |e: &dyn miette::Diagnostic| Sources::default().render(e);
    let game_file = req.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    let text = variant::text(answer, name, &format!("../{game_file}"), answer.variant.as_deref())
        .map_err(|e| (render(&e), 2))?;
    let mut overlay = crate::load::Overlay::new(crate::load::Disk);
    overlay.open(path, text.clone());
    let lint = crate::load::lint_with(&overlay, path);
    if lint.errors() + lint.warnings() > 0 {
        let found = super::render::LintReport::of(&lint).rendered;
        return Err((format!("error: the variant file would not lint clean, so it was not written\n{found}"), 1));
    }
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|e| (format!("error: cannot make `{}`: {e}", folder.display()), 1))?;
    }
    // The name was free when the tune began; a file that appeared since is never replaced.
    write::create(path, text.as_bytes()).map_err(|e| (render(&e), 1))
}

/// The command that reproduces a tune, with each argument quoted for a shell when it needs it.
pub fn command(args: &[String]) -> String {
    let quote = |a: &String| {
        if a.chars().all(|c| c.is_ascii_alphanumeric() || "-_=.,/:".contains(c)) {
            a.clone()
        } else {
            format!("'{}'", a.replace('\'', "'\\''"))
        }
    };
    std::iter::once("cardlang".to_string()).chain(args.iter().map(quote)).collect::<Vec<_>>().join(" ")
}
