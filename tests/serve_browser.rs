//! `cardlang serve` played by clicking, in headless Chromium (Debian's `chromium`, driven from
//! Rust over the DevTools protocol, `serve_browser/cdp.rs`): a playtester fills in the setup
//! form and creates a table, opens their seat's link, and clicks the cards and buttons of their
//! menu until a whole game of Wilcox War, or a hand of Wild Twist Gin, is over; then steps
//! through its replay. At desktop (1280×900) and phone (390×844) widths, with screenshots kept
//! under target/tmp/serve_browser/, and not one error in the page's console. "Pass the device"
//! is clicked through once with two people at one screen. Skipped when no chromium is
//! installed.

mod cdp;

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::serve::{root, scratch, Server};
use cdp::Browser;

/// The browser, when installed.
fn chromium() -> Option<&'static str> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"].into_iter().find(|p| Path::new(p).is_file())
}

/// Desktop and phone windows: name, width, height, whether a phone is emulated.
const WIDTHS: [(&str, u32, u32, bool); 2] = [("desktop", 1280, 900, false), ("phone", 390, 844, true)];

/// Where the screenshots are kept.
fn shots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_browser");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    dir
}

/// Types `text` into the input `selector` in place of what it holds, as a person would.
fn type_into(b: &mut Browser, selector: &str, text: &str) {
    b.click(selector);
    b.eval(&format!("document.querySelector({}).select()", json!(selector)));
    b.call("Input.insertText", json!({"text": text}));
}

/// Picks `value` in the drop-down `selector` (a native list, which a headless browser does not
/// draw: chosen as the keyboard would, then told it changed).
fn pick(b: &mut Browser, selector: &str, value: &str) {
    b.eval(&format!(
        "(() => {{ const s = document.querySelector({}); s.focus(); s.value = {}; \
         s.dispatchEvent(new Event('change', {{bubbles: true}})); }})()",
        json!(selector),
        json!(value)
    ));
}

/// Plays the seat shown by clicking until the game is over: a card that is itself a choice is
/// clicked on the table, else a button of the menu; after each click, waits for the next
/// decision (the agents' moves in between) or the end. Returns how many clicks it took; a
/// screenshot is taken after the fifth.
fn click_to_the_end(b: &mut Browser, middle: &Path) -> usize {
    let mut clicks = 0;
    for _ in 0..2000 {
        b.wait(
            "document.querySelector('.menu') || document.querySelector('.end') \
                || document.getElementById('i-am')",
            "a decision, the end or the curtain",
        );
        if b.has(".end") {
            return clicks;
        }
        if b.has("#i-am") {
            b.click("#i-am");
            b.wait("document.querySelector('.menu') || document.querySelector('.end')", "the table behind the curtain");
            continue;
        }
        let at = b.eval("document.querySelector('.menu').dataset.at");
        if b.has("svg.card.choosable") {
            b.click("svg.card.choosable");
        } else {
            b.click("button.choice");
        }
        clicks += 1;
        b.wait(
            &format!(
                "document.querySelector('.end') || document.getElementById('i-am') || \
                 (document.querySelector('.menu') && document.querySelector('.menu').dataset.at !== {at})"
            ),
            "the move to be taken",
        );
        if clicks == 5 {
            b.screenshot(middle);
        }
    }
    panic!("the game did not end after 2000 decisions; the page: {}", b.text());
}

/// A whole game at one width: set up, play by clicking, check the end against the server's
/// view, step through the replay; the console stays clean.
fn play_in_the_browser(game: &str, options: &[(&str, &str)]) {
    let Some(chromium) = chromium() else {
        crate::common::skipped("skipped: serve_browser (no chromium installed)");
        return;
    };
    let shots = shots();
    for (width, w, h, mobile) in WIDTHS {
        let dir = scratch(&format!("browser_{game}_{width}"));
        let server = Server::start(&[root(&format!("games/{game}.cardgame"))], &dir.join("tables.sqlite"));
        let mut b = Browser::start(chromium, &dir.join("profile"), w, h, mobile);
        let shot = |what: &str| shots.join(format!("{game}_{width}_{what}.png"));

        // The setup form: the game is the only one served; the first seat is a person's.
        b.open(&format!("{}/", server.base), "document.getElementById('create')");
        assert_eq!(b.eval("document.getElementById('game').value"), json!(game));
        assert_eq!(b.eval("document.querySelector('select[data-seat=\"0\"]').value"), json!("human"));
        pick(&mut b, "select[data-seat=\"1\"]", "greedy");
        for (name, value) in options {
            type_into(&mut b, &format!("input[data-option=\"{name}\"]"), value);
        }
        type_into(&mut b, "#seed", "4");
        b.screenshot(&shot("setup"));
        b.click("#create");
        b.wait("document.querySelector('a.seatlink')", "the table's links");
        let text = b.text();
        assert!(text.contains("send each person their link"), "{text}");
        assert!(b.has("a.spectatorlink"), "a spectators' link is offered");

        // The playtester opens their link.
        b.click("a.seatlink");
        b.wait("document.querySelector('.menu')", "the seat's first decision");
        let token = b.eval("location.hash.slice(1)").as_str().expect("the link's token").to_string();
        let text = b.text();
        assert!(text.contains("You are player 1."), "{text}");
        assert!(b.has("svg.card"), "cards are drawn as SVG");
        b.screenshot(&shot("start"));

        let clicks = click_to_the_end(&mut b, &shot("middle"));
        assert!(clicks > 0, "the person decided at least once");
        b.screenshot(&shot("end"));
        let (view, _) = server.view(&token);
        let result = view["end"]["result"].as_str().expect("the server's view has the end").to_string();
        let text = b.text();
        assert!(text.contains(&format!("Game over: {result}")), "the page shows the end the server has: {text}");
        assert!(b.has("#play-again"), "play again is offered");

        // Its replay, step by step: one step per decision taken, and the deal before them.
        let decisions = view["step"].as_u64().expect("the step");
        b.click("#replay-link");
        b.wait("document.getElementById('replay-where')", "the replay");
        assert_eq!(
            b.eval("document.getElementById('replay-where').textContent"),
            json!(format!("Step 0 of {decisions}"))
        );
        b.click("#replay-forward");
        b.wait(&format!("document.getElementById('replay-where').textContent === 'Step 1 of {decisions}'"), "step 1");
        b.key("ArrowRight");
        b.wait(&format!("document.getElementById('replay-where').textContent === 'Step 2 of {decisions}'"), "step 2");
        b.click("#replay-back");
        b.wait(&format!("document.getElementById('replay-where').textContent === 'Step 1 of {decisions}'"), "step 1");
        assert!(b.text().contains("decided"), "a step says who decided");
        b.screenshot(&shot("replay"));
        b.click("#replay-last");
        b.wait(
            &format!("document.getElementById('replay-where').textContent === 'Step {decisions} of {decisions}'"),
            "the last step",
        );
        let text = b.text();
        assert!(text.contains(&format!("Game over: {result}")), "the replay ends as the game did: {text}");

        let errors = b.console_errors();
        assert!(errors.is_empty(), "{game} at {width} width: the console says {errors:#?}");
    }
}

#[test]
fn a_whole_game_of_wilcox_war_is_played_by_clicking_at_desktop_and_phone_widths() {
    play_in_the_browser("wilcox_war", &[]);
}

#[test]
fn a_hand_of_wild_twist_gin_is_played_by_clicking_at_desktop_and_phone_widths() {
    play_in_the_browser("wild_twist_gin", &[("target", "1"), ("max_turns", "200")]);
}

/// Two people at one screen: the table is covered between them ("Pass the device to player N")
/// and each plays their seat after pressing "I am player N".
#[test]
fn two_people_pass_the_device_through_a_game_of_wilcox_war() {
    let Some(chromium) = chromium() else {
        crate::common::skipped("skipped: serve_browser (no chromium installed)");
        return;
    };
    let dir = scratch("browser_device");
    let server = Server::start(&[root("games/wilcox_war.cardgame")], &dir.join("tables.sqlite"));
    let mut b = Browser::start(chromium, &dir.join("profile"), 1280, 900, false);
    b.open(&format!("{}/", server.base), "document.getElementById('create')");
    pick(&mut b, "select[data-seat=\"1\"]", "human");
    type_into(&mut b, "#seed", "7");
    b.click("#device");
    assert_eq!(b.eval("document.getElementById('device').checked"), json!(true));
    b.click("#create");
    b.wait("document.getElementById('i-am')", "the curtain");
    let first = b.text();
    assert!(first.contains("Pass the device to player"), "{first}");
    b.screenshot(&shots().join("wilcox_war_device_curtain.png"));
    // Each curtain names a player; both must have come up before the end.
    let mut named = std::collections::BTreeSet::new();
    let mut clicks = 0;
    while !b.has(".end") && clicks < 2000 {
        b.wait(
            "document.querySelector('.menu') || document.querySelector('.end') || document.getElementById('i-am')",
            "the next person",
        );
        if b.has("#i-am") {
            let label: Value = b.eval("document.getElementById('i-am').textContent");
            named.insert(label.as_str().unwrap_or_default().to_string());
            b.click("#i-am");
            b.wait("document.querySelector('.menu') || document.querySelector('.end')", "the table behind the curtain");
            continue;
        }
        if b.has(".end") {
            break;
        }
        let at = b.eval("document.querySelector('.menu').dataset.at");
        let you = b.eval("document.querySelector('.you').textContent");
        b.click("svg.card.choosable, button.choice");
        clicks += 1;
        b.wait(
            &format!(
                "document.querySelector('.end') || document.getElementById('i-am') || \
                 (document.querySelector('.menu') && (document.querySelector('.menu').dataset.at !== {at} \
                  || document.querySelector('.you').textContent !== {you}))"
            ),
            "the move to be taken",
        );
    }
    assert!(b.has(".end"), "the game ended: {}", b.text());
    assert!(named.contains("I am player 1") && named.contains("I am player 2"), "both people were called: {named:?}");
    b.screenshot(&shots().join("wilcox_war_device_end.png"));
    let errors = b.console_errors();
    assert!(errors.is_empty(), "the console says {errors:#?}");
}
