//! The HTML report in a real browser: headless Chromium loads the page a simulation wrote, its
//! charts have their elements, and the browser logs no error from the page. `.ci/run` installs
//! Debian's `chromium`; where none is installed the test says so and checks nothing. The pages
//! and their screenshots stay in `target/tmp/reports/` to be looked at.

use std::path::PathBuf;
use std::process::Command;

/// The Chromium on this machine, if any.
fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"].iter().find_map(|name| {
        let found = Command::new(name).arg("--version").output().ok()?;
        found.status.success().then(|| PathBuf::from(name))
    })
}

/// Loads `page` headless; returns the DOM after load and what the browser logged.
fn load(browser: &PathBuf, page: &std::path::Path, profile: &std::path::Path) -> (String, String) {
    // At most a minute: a browser that hangs must fail the test, not stall the suite.
    let out = Command::new("timeout")
        .arg("60")
        .arg(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn report(args: &[&str], file: &std::path::Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .arg("simulate")
        .args(args)
        .arg("--report")
        .arg(file)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Where the reports and their screenshots are kept after the test, as artifacts to look at:
/// `target/tmp/reports/`.
fn artifacts() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("reports");
    std::fs::create_dir_all(&dir).expect("a folder for the reports");
    dir
}

/// Takes a screenshot of `page` (the whole page at 1300 pixels wide) to `png`.
fn screenshot(browser: &PathBuf, page: &std::path::Path, png: &std::path::Path, profile: &std::path::Path) {
    let out = Command::new("timeout")
        .arg("60")
        .arg(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"])
        .args(["--disable-background-networking", "--disable-component-update", "--disable-sync"])
        .arg("--window-size=1300,2400")
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(png.is_file(), "a screenshot of {}: {}", page.display(), String::from_utf8_lossy(&out.stderr));
}

/// The SVG element with this id in a page.
fn svg<'a>(page: &'a str, id: &str) -> &'a str {
    let start = page.find(&format!("<svg id=\"{id}\"")).unwrap_or_else(|| panic!("the page has the {id} chart"));
    let end = page[start..].find("</svg>").map_or(page.len(), |e| start + e);
    &page[start..end]
}

/// The texts of an element's `class="CLASS"` children, in order.
fn texts<'a>(chart: &'a str, class: &str) -> Vec<&'a str> {
    chart
        .split(&format!("class=\"{class}\""))
        .skip(1)
        .filter_map(|rest| rest.split_once('>').and_then(|(_, t)| t.split_once('<')).map(|(t, _)| t))
        .collect()
}

/// Whether tick labels are round: evenly spaced by 1, 2 or 5 times a power of ten.
fn round_steps(labels: &[&str]) -> bool {
    let values: Vec<f64> = labels.iter().filter_map(|l| l.replace(['+', '\u{2009}'], "").parse().ok()).collect();
    if values.len() != labels.len() || values.len() < 2 {
        return false;
    }
    let step = values[1] - values[0];
    let power = 10f64.powf(step.abs().log10().floor());
    let m = step.abs() / power;
    values.windows(2).all(|w| ((w[1] - w[0]) - step).abs() < 1e-6)
        && [1.0, 2.0, 5.0].iter().any(|k| (m - k).abs() < 1e-6)
        && values.iter().all(|v| (v / step - (v / step).round()).abs() < 1e-6)
}

#[test]
fn the_single_report_has_round_ticks_units_and_the_command_that_replays_each_sample_game() {
    let dir = artifacts();
    let page = dir.join("wilcox-for-ticks.html");
    report(&["games/wilcox_war.cardgame", "-n", "60", "--seed", "2", "--players", "random,random"], &page);
    let html = std::fs::read_to_string(&page).expect("the report reads");
    let lead = svg(&html, "lead-over-time");
    let labels = texts(lead, "axis-label");
    assert!(labels.iter().any(|l| l.starts_with("lead (cards")), "the lead is in cards, not a formula: {labels:?}");
    assert!(labels.iter().any(|l| l.contains("(turns)")), "{labels:?}");
    let vertical = texts(lead, "tick\" data-axis=\"y");
    let along = texts(lead, "tick\" data-axis=\"x");
    assert!(round_steps(&vertical) && vertical.contains(&"0"), "the lead's ticks are round, around 0: {vertical:?}");
    assert!(round_steps(&along), "the time ticks are round: {along:?}");
    let histogram = svg(&html, "length-histogram");
    let counts = texts(histogram, "tick\" data-axis=\"y");
    let lengths = texts(histogram, "tick\" data-axis=\"x");
    assert!(round_steps(&counts) && round_steps(&lengths), "{counts:?} {lengths:?}");
    assert!(html.contains(" cards</td>"), "the winner's deficit has its unit");
    // Each sample game's command plays that very game: the same winner.
    let commands: Vec<&str> =
        html.split("<pre class=\"replay\">").skip(1).filter_map(|r| r.split_once("</pre>").map(|(c, _)| c)).collect();
    assert_eq!(commands.len(), 3, "three sample games, each with its command");
    let winners: Vec<&str> =
        html.split("</span> ").skip(1).filter_map(|r| r.split_once("; replay it").map(|(w, _)| w)).collect();
    for (command, winner) in commands.iter().zip(&winners) {
        // GAME stands for the game given to simulate.
        let args: Vec<&str> = command
            .split_whitespace()
            .skip(1)
            .map(|a| if a == "GAME" { "games/wilcox_war.cardgame" } else { a })
            .collect();
        assert_eq!(args[0], "play", "{command}");
        let (code, out, err) = crate::common::cardlang(&args);
        assert_eq!(code, 0, "{command}: {err}");
        let result = out.lines().find(|l| l.starts_with("result:")).unwrap_or("");
        match winner.strip_prefix("won by ") {
            Some(who) => assert!(result.contains(&format!("{who} wins")), "{command}: {result} ({winner})"),
            None => assert!(!result.contains(" wins"), "{command}: {result} ({winner})"),
        }
    }
}

#[test]
fn the_reports_load_in_chromium_with_their_charts_and_no_errors() {
    let Some(browser) = chromium() else {
        crate::common::skipped("skipped: no Chromium on this machine (apt-get install chromium; .ci/run installs it)");
        return;
    };
    let dir = artifacts();
    let two = dir.join("wilcox.html");
    report(&["games/wilcox_war.cardgame", "-n", "60", "--seed", "2"], &two);
    let one = dir.join("solitaire.html");
    report(&["games/wild_twist_solitaire.cardgame", "-n", "30", "--seed", "2"], &one);
    let (dom, log) = load(&browser, &two, &dir.join("profile"));
    for id in ["win-rates", "length-histogram", "lead-over-time"] {
        assert!(dom.contains(&format!("<svg id=\"{id}\"")), "the {id} chart is in the page Chromium built");
    }
    assert!(dom.matches("<rect").count() >= 4, "bars are drawn");
    assert!(dom.matches("<polyline").count() >= 1, "sample games are drawn");
    assert!(dom.matches("class=\"tick\"").count() >= 10, "the axes have ticks");
    let compared = dir.join("compare.html");
    report(&["games/wilcox_war.cardgame", "-n", "20", "--compare", "base,single_deck,play_to_all"], &compared);
    let (cmp_dom, cmp_log) = load(&browser, &compared, &dir.join("profile"));
    assert!(cmp_dom.contains("<svg id=\"compare-wins\"") && cmp_dom.contains("<svg id=\"compare-lengths\""));
    // Draws are bars of their own; lengths twenty times apart share a logarithmic axis.
    assert!(svg(&cmp_dom, "compare-wins").contains("base: draw"));
    assert!(svg(&cmp_dom, "compare-lengths").contains("data-scale=\"log\""));
    let swept = dir.join("sweep.html");
    report(&["games/wilcox_war.cardgame", "-n", "20", "--sweep", "hidden_prizes=1..7"], &swept);
    let (sweep_dom, sweep_log) = load(&browser, &swept, &dir.join("profile"));
    for id in
        ["sweep-wins", "sweep-length", "sweep-decisiveness", "sweep-first-seat", "sweep-lead-changes", "sweep-choices"]
    {
        let chart = svg(&sweep_dom, id);
        assert!(chart.matches("<circle").count() >= 7, "{id}: a point per value swept");
        assert!(texts(chart, "tick").contains(&"7"), "{id}: the values along");
    }
    assert!(sweep_dom.contains(".wide td,.wide th{white-space:nowrap}"), "the cells of seven columns do not wrap");
    for (page, png) in
        [(&two, "wilcox.png"), (&one, "solitaire.png"), (&compared, "compare.png"), (&swept, "sweep.png")]
    {
        screenshot(&browser, page, &dir.join(png), &dir.join("profile"));
    }
    let (solo_dom, solo_log) = load(&browser, &one, &dir.join("profile"));
    assert!(solo_dom.contains("<svg id=\"progress-histogram\"") && !solo_dom.contains("lead-over-time"));
    for l in log.lines().chain(solo_log.lines()).chain(cmp_log.lines()).chain(sweep_log.lines()) {
        // The page's own messages: script errors and console output are logged as CONSOLE.
        assert!(!l.contains("CONSOLE") && !l.contains("Uncaught"), "the browser reported: {l}");
    }
    let _ = std::fs::remove_dir_all(dir.join("profile"));
}
