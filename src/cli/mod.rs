//! Phase 5: the command line: `play`, `transcript`, `variants` and `lint`.

pub mod completions;
pub mod crash;
pub mod fmt;
pub mod games;
pub mod hot_seat;
pub mod load;
pub mod new;
mod play;
mod play_undo;
pub mod render;
mod serve;
pub mod simulate;
pub mod tune;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};

use crate::agents;
use crate::bundle;
use crate::check::{self, Config};
use crate::session::transcript::{self, TranscriptSpec};
use render::Render;

/// cardlang: write down the rules of a card game, check them, and play them.
#[derive(Debug, Parser)]
#[command(name = "cardlang", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The game, variant and options shared by commands that run a game.
#[derive(Debug, clap::Args)]
struct GameArgs {
    /// The `.cardgame` file, or the name of a game that comes with cardlang (`cardlang games`
    /// lists them; a file of that name wins).
    game: PathBuf,
    /// A variant declared in the file.
    #[arg(long)]
    variant: Option<String>,
    /// Set an option for this run: `--set hidden_prizes=3` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    sets: Vec<String>,
    /// The `--set` values read and checked (see [`check_sets`]).
    #[arg(skip)]
    checked_sets: Vec<(String, String)>,
    /// Who plays each seat, comma-separated (the kinds come from the agents' registry).
    #[arg(long, value_delimiter = ',', help = players_help(agents::AGENT_KINDS))]
    players: Vec<String>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Jsonl,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum LintFormat {
    Human,
    Json,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game at the terminal (people and AI), or watch AI play one.
    Play {
        #[command(flatten)]
        args: GameArgs,
        /// The seed of the game (a random one is picked and printed when not given).
        #[arg(long)]
        seed: Option<u64>,
        /// Show only the decisions, what the rules announce (scores, hand results) and the end,
        /// not every card that moves.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Print every event of one whole game.
    Transcript {
        #[command(flatten)]
        args: GameArgs,
        /// The seed of the game.
        #[arg(long)]
        seed: u64,
        /// Text for people, or JSON Lines for programs.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Only what player N is told (hidden cards are "a card"), as text: the game as that
        /// seat saw it.
        #[arg(long, value_name = "N", conflicts_with = "format")]
        seat: Option<u8>,
    },
    /// Play many games between AI players and report how the rules behave: win rates with 95%
    /// intervals, game length, counters and design metrics.
    #[command(mut_arg("players", |a| a.help(players_help(crate::simulate::SIM_AGENTS))))]
    Simulate {
        #[command(flatten)]
        args: GameArgs,
        /// How many games.
        #[arg(short = 'n', long = "games", default_value_t = 1000)]
        games: u64,
        /// Worker threads (default: one per core). Results do not depend on it.
        #[arg(long)]
        jobs: Option<usize>,
        /// The seed every game's seed is drawn from.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print one JSON document instead of text.
        #[arg(long)]
        json: bool,
        /// Also write a self-contained HTML page with charts to this file.
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
        /// How many sample games the report draws the lead over time for.
        #[arg(long, default_value_t = 3)]
        samples: u64,
        /// Play only the K-th of N slices of the games and write a shard document for `merge`.
        #[arg(long, value_name = "K/N")]
        shard: Option<crate::simulate::shard::Slice>,
        /// Write the shard document to this file instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Simulate each of these variants (`base`: the game without one) and show them side by
        /// side, with --report as one page of charts.
        #[arg(long, value_delimiter = ',', value_name = "V1,V2,...")]
        compare: Vec<String>,
        /// Simulate each value of one option and show them side by side: NAME=1..4 or NAME=a,b,c.
        #[arg(long, value_name = "NAME=VALUES")]
        sweep: Option<String>,
    },
    /// Find the option values that make a game play as wanted: goals over what `simulate`
    /// measures, a search over the options' values, the best settings with 95% intervals
    /// (docs/tune.md).
    #[command(mut_arg("players", |a| a.help(
        "Who plays each seat, comma-separated (default: mcts:iterations=100 in every seat)"
    )))]
    Tune {
        #[command(flatten)]
        args: GameArgs,
        /// An option to search over and its values: NAME=1..4 or NAME=a,b,c (repeatable; none:
        /// every declared option over its declared range).
        #[arg(long = "vary", value_name = "OPTION=VALUES")]
        vary: Vec<String>,
        /// What the games should be like: "turns in 20..30", "draws < 5%",
        /// "first_seat_advantage in -3%..3%" (repeatable; docs/tune.md lists the measures).
        #[arg(long = "goal", value_name = "GOAL")]
        goal: Vec<String>,
        /// Games the search may play.
        #[arg(long, default_value_t = 2000)]
        budget: u64,
        /// Games each of the best settings is played again on, for the answer.
        #[arg(long, default_value_t = 200)]
        replay: u64,
        /// The seed every game's seed is drawn from.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads (default: one per core). The answer does not depend on it.
        #[arg(long)]
        jobs: Option<usize>,
        /// Print one JSON document instead of text.
        #[arg(long)]
        json: bool,
        /// Also write a self-contained HTML page with charts to this file.
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
        /// Write the best setting as variant NAME in `variants/GAME_NAME.cardgame` beside the
        /// game (never over a file that is there).
        #[arg(long, value_name = "NAME")]
        write_variant: Option<String>,
    },
    /// Fold the shard documents of `simulate --shard K/N` into the report of the whole simulation.
    Merge {
        /// The shard documents, every K from 1 to N once.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print one JSON document instead of text.
        #[arg(long)]
        json: bool,
        /// Also write a self-contained HTML page with charts to this file.
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
    },
    /// List the variants and options a game offers.
    Variants {
        /// The `.cardgame` file, or the name of a game that comes with cardlang.
        game: PathBuf,
    },
    /// List the games that come with cardlang: their names, titles, players and variants.
    Games,
    /// Print a game that comes with cardlang, to start one of your own from
    /// (`cardlang show NAME > my_game.cardgame`).
    Show {
        /// Its name, as `cardlang games` lists it.
        name: String,
    },
    /// Write NAME.cardgame: a commented game to start from, which lints clean and plays (never
    /// over an existing file).
    New {
        /// The name of the game, or the file to write (`.cardgame` is added).
        name: PathBuf,
    },
    /// Print the shell's completion script: `cardlang completions bash > ~/.local/share/bash-completion/completions/cardlang`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page of cardlang, or of one command: `cardlang manpage play | man -l -`.
    Manpage {
        /// A command, for its own page (cardlang-play(1)).
        command: Option<String>,
    },
    /// Check game files and report every problem: errors, then lint warnings.
    Lint {
        /// The `.cardgame` files (a folder: every `.cardgame` file under it; a name: the game that
        /// comes with cardlang).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// `human` (rendered with the source) or `json` (one object per line, for editors).
        #[arg(long, value_enum, default_value = "human")]
        format: LintFormat,
        /// Exit with 1 when there are warnings (errors always exit with 2).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Rewrite game files in the canonical layout, keeping comments.
    Fmt {
        /// The `.cardgame` files (a folder: every `.cardgame` file under it).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Change nothing; exit with 1 when a file would be reformatted.
        #[arg(long)]
        check: bool,
    },
    /// Serve games in the browser: a table per game, a secret link per person's seat, agents in
    /// the other seats (docs/serve.md).
    Serve {
        /// The `.cardgame` files (a folder: every `.cardgame` file under it).
        #[arg(required = true)]
        games: Vec<PathBuf>,
        /// The address to listen on (other machines reach it only when this is not 127.0.0.1).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The port (0: any free port; the address is printed first).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The SQLite file tables are kept in (default: cardlang/tables.sqlite in the user's
        /// data folder).
        #[arg(long, value_name = "FILE")]
        data: Option<PathBuf>,
        /// A JSON Lines transcript to replay step by step in the page (at /#replay).
        #[arg(long, value_name = "FILE")]
        replay: Option<PathBuf>,
    },
    /// Run the language server over standard input and output, for an editor (docs/editors.md).
    Lsp {
        /// Accepted for editors that pass it; standard input and output are the only channel.
        #[arg(long, hide = true)]
        stdio: bool,
    },
}

/// Where the language server's diagnostics link each code: `CARDLANG_LINTS_URL` when set, else
/// `docs/lints.md` of the source tree this binary was built from, when it is still there.
fn lsp_links() -> crate::lsp::Links {
    let page = std::env::var("CARDLANG_LINTS_URL").ok().or_else(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lints.md");
        path.is_file().then(|| format!("file://{}", path.display()))
    });
    crate::lsp::Links { lints_page: page }
}

/// The help of `--players`: the agent kinds a command seats, from the registry.
pub fn players_help(kinds: &[&str]) -> String {
    format!(
        "Who plays each seat, comma-separated, one of {} per seat (default: random in every seat); \
         the search player takes options, as in mcts:iterations=500,c=0.7,ms=200 (docs/agents.md)",
        kinds.join(", ")
    )
}

/// The longest name or value `--set` takes; longer ones are refused, and echoed cut.
const MAX_SET_LEN: usize = 200;

/// A text as it is echoed in a message: whole when short, else its first `max` characters, `…`
/// and how long it was.
pub fn cut(text: &str, max: usize) -> String {
    let n = text.chars().count();
    if n <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max).collect();
    format!("{head}… ({n} characters)")
}

/// Reads each `--set NAME=VALUE`: a name given twice, a missing `=` and a name or value longer
/// than [`MAX_SET_LEN`] are refused (echoed cut).
fn check_sets(args: &mut GameArgs) -> Result<(), Failure> {
    let refuse = |message: String| Err(Failure { message: format!("error: {message}"), code: 2 });
    let mut sets: Vec<(String, String)> = Vec::new();
    for s in &args.sets {
        let Some((k, v)) = s.split_once('=').filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty()) else {
            return refuse(format!("--set `{}` is not NAME=VALUE (for example hidden_prizes=3)", cut(s, 60)));
        };
        let (k, v) = (k.trim(), v.trim());
        if k.chars().count() > MAX_SET_LEN || v.chars().count() > MAX_SET_LEN {
            return refuse(format!(
                "--set `{}`: an option's name and value are at most {MAX_SET_LEN} characters each",
                cut(s, 60)
            ));
        }
        if let Some((_, first)) = sets.iter().find(|(name, _)| name == k) {
            return refuse(format!("--set gives `{k}` twice (`{k}={first}`, then `{k}={v}`): give each option once"));
        }
        sets.push((k.to_string(), v.to_string()));
    }
    args.checked_sets = sets;
    Ok(())
}

/// The most worker threads `--jobs` may start per core.
const JOBS_PER_CORE: usize = 4;

/// The threads a simulation of `games` games runs on: `--jobs` (or one per core) but at most
/// [`JOBS_PER_CORE`] a core and never more than the games; a note when `--jobs` asked for more.
fn capped_jobs(asked: Option<usize>, games: u64) -> (usize, Option<String>) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = (cores * JOBS_PER_CORE).min(usize::try_from(games).unwrap_or(usize::MAX)).max(1);
    match asked {
        // 0 is refused with its own message.
        Some(0) => (0, None),
        Some(n) if n > most => (
            most,
            Some(format!(
                "note: --jobs {n} is more than this run can use; using {most} threads (at most {JOBS_PER_CORE} per core \
                 on this machine's {cores}, and never more than the {})",
                crate::check::error::plural(usize::try_from(games).unwrap_or(usize::MAX), "game")
            )),
        ),
        Some(n) => (n, None),
        None => (cores.min(most), None),
    }
}

/// The stack of the thread a command runs on: the passes over a file walk its syntax tree by
/// recursion, and a file may nest [`crate::syntax::MAX_DEPTH`] deep. Set here rather than left
/// to the main thread's, which `ulimit -s` may make small (docs/reliability.md).
pub const STACK_SIZE: usize = 64 << 20;

/// Runs the command line with the given arguments on a thread of [`STACK_SIZE`]; returns the
/// process exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let mine = args.clone();
    let worker = std::thread::Builder::new().name("cardlang".into()).stack_size(STACK_SIZE);
    match worker.spawn(move || run_here(mine)) {
        // A panic ends the process in the crash hook; one without the hook is an internal error.
        Ok(handle) => handle.join().unwrap_or(crash::INTERNAL_ERROR),
        // No thread could be made (a process out of threads): run where we are.
        Err(_) => run_here(args),
    }
}

/// Runs the command line with the given arguments on this thread; returns the exit code.
fn run_here(args: Vec<OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = dispatch(cli.command);
    if let Err(e) = std::io::stdout().flush() {
        stdout_failed(&e);
    }
    match result {
        Ok(()) => 0,
        Err(Failure { message, code }) => {
            if !message.is_empty() {
                eprint!("{message}");
                if !message.ends_with('\n') {
                    eprintln!();
                }
            }
            code
        }
    }
}

/// Runs one command.
fn dispatch(command: Command) -> Result<(), Failure> {
    match command {
        Command::Play { mut args, seed, quiet } => {
            check_sets(&mut args)?;
            args.game = bundle::resolve(&args.game);
            play::run(&args, seed, quiet)
        }
        Command::Transcript { mut args, seed, format, seat } => {
            check_sets(&mut args)?;
            args.game = bundle::resolve(&args.game);
            print_transcript(&args, seed, format, seat)
        }
        Command::Variants { game } => variants(&bundle::resolve(&game)),
        Command::Games => games::list(),
        Command::Show { name } => games::show(&name),
        Command::New { name } => new::run(&name),
        Command::Completions { shell } => completions::completions(shell),
        Command::Manpage { command } => completions::manpage(command.as_deref()),
        Command::Simulate { mut args, games, jobs, seed, json, report, samples, shard, out, compare, sweep } => {
            check_sets(&mut args)?;
            args.game = bundle::resolve(&args.game);
            let in_run = shard.map_or(games, |s| {
                let range = s.games(games);
                range.end.saturating_sub(range.start)
            });
            let (jobs, note) = capped_jobs(jobs, in_run);
            if let Some(note) = note {
                eprintln!("{note}");
            }
            let request = simulate::Request {
                path: &args.game,
                config: config(&args),
                settings: crate::simulate::Settings {
                    games,
                    seed,
                    jobs,
                    players: agents::join_seats(&args.players),
                    samples,
                },
                json,
                report: report.as_deref(),
                shard,
                out: out.as_deref(),
                compare,
                sweep: sweep.as_deref(),
            };
            simulate::run(&request).map(|out| say(out.trim_end())).map_err(|(message, code)| Failure { message, code })
        }
        Command::Tune { mut args, vary, goal, budget, replay, seed, jobs, json, report, write_variant } => {
            check_sets(&mut args)?;
            let (jobs, note) = capped_jobs(jobs, budget);
            if let Some(note) = note {
                eprintln!("{note}");
            }
            let players = agents::join_seats(&args.players);
            let mut again: Vec<String> = vec!["tune".into(), args.game.to_string_lossy().into_owned()];
            if let Some(v) = &args.variant {
                again.extend(["--variant".into(), v.clone()]);
            }
            for (k, v) in &args.checked_sets {
                again.extend(["--set".into(), format!("{k}={v}")]);
            }
            for v in &vary {
                again.extend(["--vary".into(), v.clone()]);
            }
            for g in &goal {
                again.extend(["--goal".into(), g.clone()]);
            }
            if !players.is_empty() {
                again.extend(["--players".into(), players.join(",")]);
            }
            again.extend(["--budget".into(), budget.to_string(), "--replay".into(), replay.to_string()]);
            again.extend(["--seed".into(), seed.to_string()]);
            let request = tune::Request {
                path: &args.game,
                config: config(&args),
                tune: crate::tune::Request {
                    varies: vary,
                    goals: goal,
                    players,
                    budget,
                    replay,
                    seed,
                    jobs,
                    command: tune::command(&again),
                },
                json,
                report: report.as_deref(),
                write_variant: write_variant.as_deref(),
            };
            tune::run(&request).map(|out| say(out.trim_end())).map_err(|(message, code)| Failure { message, code })
        }
        Command::Merge { files, json, report } => simulate::merge(&files, json, report.as_deref())
            .map(|out| say(out.trim_end()))
            .map_err(|(message, code)| Failure { message, code }),
        Command::Lint { files, format, deny_warnings } => match load::expand_folders(&files) {
            Ok(files) => {
                let files: Vec<PathBuf> = files.iter().map(|f| bundle::resolve(f)).collect();
                exit_with(lint(&files, format, deny_warnings))
            }
            Err(message) => Err(Failure { message, code: 2 }),
        },
        Command::Lsp { stdio: _ } => match crate::lsp::run_stdio(lsp_links()) {
            Ok(()) => Ok(()),
            Err(e) => Err(Failure { message: format!("error: {e}"), code: 1 }),
        },
        Command::Serve { games, host, port, data, replay } => serve::run(&games, &host, port, data, replay),
        Command::Fmt { files, check } => match no_bundled(&files).and_then(|()| load::expand_folders(&files)) {
            Ok(files) => exit_with(fmt::run(&files, check)),
            Err(message) => Err(Failure { message, code: 2 }),
        },
    }
}

/// Refuses a bundled game's name where files are rewritten (`fmt`): the game is inside the
/// binary, and `show` writes it to a file that can be formatted.
fn no_bundled(files: &[PathBuf]) -> Result<(), String> {
    match files.iter().find_map(|f| bundle::bundled_name(f)) {
        None => Ok(()),
        Some(game) => Err(format!(
            "error: `{}` is a game that comes with cardlang, not a file here; fmt rewrites files\n  \
             help: `cardlang show {} > {}.cardgame` writes it to a file of your own",
            game.name, game.name, game.name
        )),
    }
}

/// An exit code as a command's result: 0 is success; any other says its messages are printed.
fn exit_with(code: i32) -> Result<(), Failure> {
    match code {
        0 => Ok(()),
        code => Err(Failure { message: String::new(), code }),
    }
}

/// Writes a line to standard output (see [`stdout_failed`] for a write that fails).
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}") {
        stdout_failed(&e);
    }
}

/// Ends the program after standard output refused a write: quietly (exit 0) when it is a
/// closed pipe (`| head` read what it wanted), else with a message and exit 1 (a full disk,
/// `> /dev/full`): output that cannot be written is never lost silently.
pub fn stdout_failed(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: cannot write to standard output: {e}; the output is incomplete");
    std::process::exit(1);
}

/// A failed command: what to print and the exit code.
struct Failure {
    message: String,
    code: i32,
}

fn fail(code: i32) -> impl Fn(String) -> Failure {
    move |message| Failure { message, code }
}

fn config(args: &GameArgs) -> Config {
    // A game of `players 2 to 7` seats as many as `--players` names.
    let seats = (!args.players.is_empty()).then(|| agents::join_seats(&args.players).len().min(u8::MAX as usize) as u8);
    Config { variant: args.variant.clone(), sets: args.checked_sets.clone(), seats }
}

/// The agent of each seat: as `--players` says, or random in every seat when it says nothing.
fn check_players(args: &GameArgs, players: u8) -> Result<Vec<String>, Failure> {
    if args.players.is_empty() {
        return Ok(vec!["random".to_string(); players as usize]);
    }
    let seats = agents::join_seats(&args.players);
    if seats.len() != players as usize {
        return Err(Failure {
            message: format!(
                "error: the game has {}, but --players names {}: give one of {} per seat (for example --players {})",
                crate::check::error::plural(usize::from(players), "seat"),
                seats.len(),
                agents::AGENT_KINDS.join(", "),
                vec!["random"; players as usize].join(",")
            ),
            code: 2,
        });
    }
    for p in &seats {
        if let Err(e) = agents::AgentSpec::parse(p, agents::Pace::Reproducible) {
            return Err(Failure { message: format!("error: {e}"), code: 2 });
        }
    }
    Ok(seats)
}

/// Prints a transcript as the game is played (see `transcript`).
fn print_transcript(args: &GameArgs, seed: u64, format: Format, seat: Option<u8>) -> Result<(), Failure> {
    let game = load::load_game_path(&args.game, &config(args)).map_err(fail(2))?;
    let players = check_players(args, game.players())?;
    let viewer = match seat {
        None => transcript::Viewer::All,
        Some(n) if (1..=game.players()).contains(&n) => transcript::Viewer::Player(n - 1),
        Some(n) => {
            return Err(Failure {
                message: format!("error: --seat {n}: the game has seats 1 to {}", game.players()),
                code: 2,
            })
        }
    };
    let spec = TranscriptSpec { game, seed, players: &players };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = match format {
        Format::Text => transcript::write_text_for(&spec, viewer, &mut out),
        Format::Jsonl => transcript::write_jsonl(&spec, &mut out),
    };
    match written {
        Ok(()) => Ok(()),
        Err(transcript::TranscriptError::Write(e)) => stdout_failed(&e),
        Err(e) => Err(Failure { message: format!("error: {e}"), code: 1 }),
    }
}

/// Lists what a game offers: its options with their defaults, the variants it declares, and the
/// variant files beside it (in `variants/` next to the game) that extend it. For a variant file,
/// the game it extends and the file's own variants.
fn variants(path: &Path) -> Result<(), Failure> {
    let loaded = crate::load::read_with(&bundle::WithBundled(crate::load::Disk), path)
        .map_err(|b| Failure { message: b.0.render(&b.1), code: 2 })?;
    if !loaded.join_errors.is_empty() {
        return Err(Failure { message: loaded.sources.render_all(&loaded.join_errors), code: 2 });
    }
    // The game itself, without a variant: its options and their defaults.
    let program = check::check(&loaded.file, &Config::default())
        .map_err(|e| Failure { message: loaded.sources.render_all(&e.errors), code: 2 })?;
    let game = crate::engine::Game::new(program);
    say(&game.program.title.to_string());
    if loaded.is_variant_file() {
        let base = loaded.sources.files.get(1).map_or("", |s| s.path.as_str());
        say(&format!("a variant file extending {base}"));
    }
    say("options (name = default  [the values it takes]):");
    for o in &game.program.options {
        let mut line = format!("  {} = {}", o.name, option_shown(&game, o, o.default));
        let mut takes = Vec::new();
        if let Some((lo, hi)) = o.range {
            takes.push(format!("{lo} to {hi}"));
        }
        takes.extend(o.meanings.iter().map(|(n, text)| format!("{text} ({n})")));
        if !takes.is_empty() {
            line.push_str(&format!("  [{}]", takes.join(", or ")));
        }
        say(&line);
    }
    let defaults: Vec<Shown> = game
        .program
        .options
        .iter()
        .map(|o| Shown { name: o.name.clone(), default: option_shown(&game, o, o.default), info: o.clone() })
        .collect();
    let all = check::variants::summaries(&loaded.file);
    let (own, inherited): (Vec<_>, Vec<_>) = all.into_iter().partition(|v| loaded.own_variants.contains(&v.name));
    if loaded.is_variant_file() {
        print_variants("variants in this file:", &own, &defaults);
        print_variants("variants of the game (also with --variant):", &inherited, &defaults);
    } else {
        print_variants("variants:", &own, &defaults);
        let files = crate::load::variant_files_with(&bundle::WithBundled(crate::load::Disk), path);
        if !files.is_empty() {
            say("variant files:");
            for (file, found) in files {
                match found {
                    Ok(list) => {
                        say(&format!("  {file}"));
                        for line in variant_lines(&list, &defaults) {
                            say(&format!("  {line}"));
                        }
                    }
                    Err(why) => say(&format!("  {file}: skipped, {why}")),
                }
            }
        }
    }
    Ok(())
}

/// An option of the game, for the lines of `variants`: its default in words, and what it is.
struct Shown {
    name: String,
    default: String,
    info: crate::check::ir::OptionInfo,
}

/// A value of an option in words: its meaning (`unlimited`) when it has one, else the value.
fn option_shown(game: &crate::engine::Game, o: &crate::check::ir::OptionInfo, v: crate::check::ir::Value) -> String {
    o.meaning_of(v).map_or_else(|| game.show(v, o.ty), str::to_string)
}

/// Prints a heading and the variants under it, or "none".
fn print_variants(heading: &str, list: &[check::variants::VariantSummary], defaults: &[Shown]) {
    if list.is_empty() {
        say(&format!("{heading} none"));
        return;
    }
    say(heading);
    for line in variant_lines(list, defaults) {
        say(&line);
    }
}

/// A few lines per variant: its name, description and parents; the options it sets, with the
/// game's default of each; what it replaces and what it adds.
fn variant_lines(list: &[check::variants::VariantSummary], defaults: &[Shown]) -> Vec<String> {
    let mut lines = Vec::new();
    for v in list {
        let mut line = format!("  {}", v.name);
        if let Some(d) = &v.description {
            line.push_str(&format!(": {d}"));
        }
        if !v.extends.is_empty() {
            line.push_str(&format!(" (extends {})", v.extends.join(", ")));
        }
        lines.push(line);
        if !v.options.is_empty() {
            let sets: Vec<String> = v
                .options
                .iter()
                .map(|(name, value)| match defaults.iter().find(|d| &d.name == name) {
                    Some(d) => {
                        // A number written for a meaning is shown by its word.
                        let meant = value
                            .parse::<i64>()
                            .ok()
                            .and_then(|n| d.info.meaning_of(crate::check::ir::Value::Int(n)).map(str::to_string));
                        format!("{name} = {} (default {})", meant.as_deref().unwrap_or(value), d.default)
                    }
                    None => format!("{name} = {value}"),
                })
                .collect();
            lines.push(format!("      sets {}", sets.join(", ")));
        }
        if !v.overrides.is_empty() {
            lines.push(format!("      replaces {}", v.overrides.join(", ")));
        }
        if !v.adds.is_empty() {
            lines.push(format!("      adds {}", v.adds.join(", ")));
        }
    }
    lines
}

/// Lints files: exit 0 when clean, 1 for warnings with `--deny-warnings`, 2 for any error.
fn lint(files: &[PathBuf], format: LintFormat, deny_warnings: bool) -> i32 {
    let mut errors = false;
    let mut warnings = false;
    for path in files {
        let report = load::lint_path(path);
        errors |= report.errors > 0;
        warnings |= report.warnings > 0;
        match format {
            LintFormat::Human => {
                if !report.rendered.is_empty() {
                    eprint!("{}", report.rendered);
                }
                say(&report.summary());
            }
            LintFormat::Json => {
                for j in &report.json {
                    say(&j.to_string());
                }
            }
        }
    }
    if errors {
        2
    } else if warnings && deny_warnings {
        1
    } else {
        0
    }
}
