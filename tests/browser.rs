//! The HTML report in a real browser: headless Chromium loads the page a simulation wrote, its
//! charts have their elements, and the browser logs no error from the page. `.ci/run` installs
//! Debian's `chromium`; where none is installed the test says so and checks nothing.

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

#[test]
fn the_reports_load_in_chromium_with_their_charts_and_no_errors() {
    let Some(browser) = chromium() else {
        crate::common::skipped("skipped: no Chromium on this machine (apt-get install chromium; .ci/run installs it)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("cardlang-browser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
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
    report(&["games/wilcox_war.cardgame", "-n", "20", "--compare", "base,single_deck"], &compared);
    let (cmp_dom, cmp_log) = load(&browser, &compared, &dir.join("profile"));
    assert!(cmp_dom.contains("<svg id=\"compare-wins\"") && cmp_dom.contains("<svg id=\"compare-lengths\""));
    let (solo_dom, solo_log) = load(&browser, &one, &dir.join("profile"));
    assert!(solo_dom.contains("<svg id=\"progress-histogram\"") && !solo_dom.contains("lead-over-time"));
    for l in log.lines().chain(solo_log.lines()).chain(cmp_log.lines()) {
        // The page's own messages: script errors and console output are logged as CONSOLE.
        assert!(!l.contains("CONSOLE") && !l.contains("Uncaught"), "the browser reported: {l}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
