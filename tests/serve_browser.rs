//! The page of `cardlang serve` in headless Chromium (Debian's `chromium`, run from its command
//! line): the setup page and a seat's table draw at desktop and phone widths, with the cards as
//! SVG pictures, the menu as buttons and the log, through a game of Wilcox War and a hand of
//! Wild Twist Gin played to the end (over HTTP) and drawn again at the end, with no error in the
//! page's console. Screenshots are kept under target/tmp/serve_browser/. Skipped when no chromium
//! is installed.

use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};

use crate::serve::{create, root, scratch, Server};

/// The browser, when installed.
fn chromium() -> Option<&'static str> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"].into_iter().find(|p| Path::new(p).is_file())
}

/// Desktop and phone windows.
const WIDTHS: [(&str, &str); 2] = [("desktop", "1280,900"), ("phone", "390,844")];

/// Loads `url` in a window of `size`: the page's DOM after its script ran, and what its console
/// said; a screenshot is saved at `shot`.
fn load(browser: &str, url: &str, size: &str, shot: &Path) -> (String, String) {
    let run = |extra: &[&str]| {
        Command::new(browser)
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=800"])
            .arg(format!("--window-size={size}"))
            .args(["--enable-logging=stderr", "--v=0"])
            .args(extra)
            .arg(url)
            .output()
            .expect("chromium runs")
    };
    let shot_arg = format!("--screenshot={}", shot.display());
    let pictured = run(&[&shot_arg]);
    assert!(shot.is_file(), "a screenshot at {}: {}", shot.display(), String::from_utf8_lossy(&pictured.stderr));
    let dumped = run(&["--dump-dom"]);
    let console = format!("{}{}", String::from_utf8_lossy(&pictured.stderr), String::from_utf8_lossy(&dumped.stderr));
    (String::from_utf8_lossy(&dumped.stdout).into_owned(), console)
}

/// The console said nothing the page did wrong (Chromium's own messages about the machine, such
/// as D-Bus, are not the page's).
fn no_console_errors(console: &str, what: &str) {
    for line in console.lines() {
        let page_said =
            line.contains("CONSOLE") || line.contains("Uncaught") || line.contains("Content Security Policy");
        assert!(!page_said, "{what}: the console says {line}");
    }
}

/// Plays a table to its end over HTTP, the person choosing the first choice each time.
fn play_to_end(server: &Server, token: &str) -> Value {
    for _ in 0..5000 {
        let (view, _) = server.view(token);
        if view["end"].is_object() {
            return view;
        }
        let menu = &view["menu"];
        if menu.is_null() {
            std::thread::sleep(std::time::Duration::from_millis(20));
            continue;
        }
        let (status, after) = server.post_json(
            &format!("/api/t/{token}/move"),
            &json!({"at": menu["at"], "action": menu["choices"][0]["action"]}),
        );
        assert_eq!(status, 200, "{after}");
    }
    panic!("the game did not end");
}

fn table_in_the_browser(game: &str, options: Value) {
    let Some(browser) = chromium() else {
        crate::common::skipped("skipped: serve_browser (no chromium installed)");
        return;
    };
    let dir = scratch(&format!("browser_{game}"));
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/tmp/serve_browser");
    std::fs::create_dir_all(&shots).expect("the screenshot folder");
    let server = Server::start(&[root(&format!("games/{game}.cardgame"))], &dir.join("tables.sqlite"));
    let table = create(&server, &json!({"game": game, "seats": ["human", "greedy"], "seed": 4, "options": options}));
    let token = &table.seats[0].1;
    for (name, size) in WIDTHS {
        let (dom, console) =
            load(browser, &format!("{}/", server.base), size, &shots.join(format!("{game}_setup_{name}.png")));
        no_console_errors(&console, "the setup page");
        assert!(dom.contains("id=\"create\""), "the setup page offers a table: {dom}");
        let (dom, console) =
            load(browser, &format!("{}/#{token}", server.base), size, &shots.join(format!("{game}_table_{name}.png")));
        no_console_errors(&console, "the table");
        assert!(dom.contains("class=\"card"), "cards are drawn as SVG: {dom}");
        assert!(dom.contains("class=\"choice\""), "the menu is buttons: {dom}");
        assert!(dom.contains("You are player 1."), "{dom}");
    }
    play_to_end(&server, token);
    for (name, size) in WIDTHS {
        let (dom, console) =
            load(browser, &format!("{}/#{token}", server.base), size, &shots.join(format!("{game}_end_{name}.png")));
        no_console_errors(&console, "the end");
        assert!(dom.contains("Game over"), "the end is shown: {dom}");
        assert!(dom.contains("id=\"play-again\""), "play again is offered: {dom}");
    }
}

#[test]
fn a_game_of_wilcox_war_draws_in_the_browser_from_start_to_end() {
    table_in_the_browser("wilcox_war", json!([]));
}

#[test]
fn a_hand_of_wild_twist_gin_draws_in_the_browser_from_start_to_end() {
    table_in_the_browser("wild_twist_gin", json!([["target", "1"], ["max_turns", "200"]]));
}
