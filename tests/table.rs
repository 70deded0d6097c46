//! Playing at the terminal (`cardlang play`): people sharing one screen pass it on between their
//! decisions, `--quiet` leaves out the cards moving, and an onlooker reads each decision once.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::cardlang_stdin;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn play(args: &[&str], stdin: &str) -> (i32, String) {
    let (code, out, _) = cardlang_stdin(&[&["play"], args].concat(), stdin);
    (code, out)
}

/// The players whose views are shown, and the hand-offs, in the order they appear.
fn views_and_handoffs(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            if let Some(rest) = l.strip_prefix("── ").filter(|_| l.ends_with(", your view ──")) {
                rest.split(',').next().map(|p| format!("view {p}"))
            } else if l.contains("Pass the screen to ") {
                l.split("Pass the screen to ").nth(1)?.split(',').next().map(|p| format!("pass {p}"))
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn two_people_pass_the_screen_between_their_decisions_when_hands_are_hidden() {
    let (code, out) =
        play(&["games/wild_twist_gin.cardgame", "--players", "human,human", "--seed", "3"], &"1\n".repeat(60));
    // The input ends before the match does: the person "stops playing".
    assert_eq!(code, 1, "{out}");
    let order = views_and_handoffs(&out);
    assert!(order.len() > 6, "{order:?}");
    // Every change of person is preceded by a hand-off to the new one.
    let mut last_view: Option<&str> = None;
    for (i, item) in order.iter().enumerate() {
        if let Some(p) = item.strip_prefix("view ") {
            if let Some(prev) = last_view.filter(|prev| *prev != p) {
                assert_eq!(order[i - 1], format!("pass {p}"), "{prev} then {p} with no hand-off: {order:?}");
            }
            last_view = Some(p);
        }
    }
    assert!(order.iter().any(|x| x == "pass player 1") && order.iter().any(|x| x == "pass player 2"));
    // Before the first view too: whoever holds the screen may not be the first to decide.
    assert_eq!(order[..2], ["pass player 2".to_string(), "view player 2".to_string()], "{order:?}");
    // A person's view is wiped (here: a rule is drawn, as the output is no terminal) once they
    // have decided.
    assert!(out.contains(&"═".repeat(60)));
}

#[test]
fn one_person_against_the_computer_is_never_asked_to_pass_the_screen() {
    let (_, out) =
        play(&["games/wild_twist_gin.cardgame", "--players", "human,greedy", "--seed", "3"], &"1\n".repeat(30));
    assert!(out.contains("player 1, your view"));
    assert!(!out.contains("Pass the screen"), "{out}");
}

#[test]
fn typing_q_at_the_hand_off_stops_the_game() {
    // Player 2 takes the up-card and discards (two decisions), then the screen goes to player 1.
    let (code, out) =
        play(&["games/wild_twist_gin.cardgame", "--players", "human,human", "--seed", "3"], "\n1\n1\nq\n1\n1\n");
    assert_eq!(code, 1);
    assert_eq!(out.matches("player 2, your view").count(), 2, "{out}");
    assert!(out.contains("Pass the screen to player 1") && !out.contains("player 1, your view"), "{out}");
}

#[test]
fn quiet_shows_decisions_announcements_and_the_end_but_no_card_moving() {
    let (code, loud) = play(&["games/wild_twist_war.cardgame", "--players", "random,random", "--seed", "3"], "");
    assert_eq!(code, 0);
    let (code, quiet) =
        play(&["games/wild_twist_war.cardgame", "--players", "random,random", "--seed", "3", "--quiet"], "");
    assert_eq!(code, 0);
    assert!(loud.contains(" -> ") && !quiet.contains(" -> "), "{quiet}");
    assert!(quiet.lines().count() * 4 < loud.lines().count());
    // The same announcements, in the same order, and the same result.
    let said = |t: &str| {
        t.lines().filter(|l| l.starts_with('»') || l.starts_with("result:")).map(String::from).collect::<Vec<_>>()
    };
    assert_eq!(said(&loud), said(&quiet));
    let (_, gin) = play(&["games/wild_twist_gin.cardgame", "--players", "greedy,greedy", "--seed", "3", "-q"], "");
    assert!(gin.contains("player 1 chooses take 7♥") && gin.contains("» player 1 knocks"), "{gin}");
}

#[test]
fn an_onlooker_reads_each_decision_once() {
    let (_, out) = play(&["games/wild_twist_gin.cardgame", "--players", "greedy,greedy", "--seed", "3"], "");
    let chooses: Vec<&str> = out.lines().filter(|l| l.contains(" chooses ")).collect();
    assert!(chooses.len() > 10);
    for pair in chooses.windows(2) {
        // Gin has no step where a player makes the same choice twice running from the same menu
        // with nothing between: two identical lines in a row are one decision printed twice.
        let adjacent = out.contains(&format!("{}\n{}\n", pair[0], pair[1]));
        assert!(!(adjacent && pair[0] == pair[1]), "printed twice: {}", pair[0]);
    }
}

/// Reads the tmux pane until `want` returns true or twenty seconds pass (a loaded machine can be
/// slow to start the game; a pane that is ready returns at once).
fn pane_until(socket: &str, want: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let out = Command::new("tmux").args(["-L", socket, "capture-pane", "-p", "-t", "t"]).output();
        let text = out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
        if want(&text) || start.elapsed() > Duration::from_secs(20) {
            return text;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The tmux pane with all of its scrollback (`capture-pane -S -`): what the person at the
/// terminal could scroll back to.
fn scrollback(socket: &str) -> String {
    let out = Command::new("tmux").args(["-L", socket, "capture-pane", "-p", "-S", "-", "-t", "t"]).output();
    out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
}

fn tmux(socket: &str, args: &[&str]) {
    let _ = Command::new("tmux").args(["-L", socket]).args(args).status();
}

#[test]
fn at_a_real_terminal_the_screen_is_cleared_before_the_next_person_sits_down() {
    if Command::new("tmux").arg("-V").output().is_err() {
        crate::common::skipped("skipped: tmux is not installed, so the terminal cannot be driven (apt install tmux)");
        return;
    }
    let socket = format!("cardlang-test-{}", std::process::id());
    let command = format!(
        "{} play {ROOT}/games/wild_twist_gin.cardgame --players human,human --seed 3; sleep 20",
        env!("CARGO_BIN_EXE_cardlang")
    );
    tmux(&socket, &["new-session", "-d", "-s", "t", "-x", "160", "-y", "60", &command]);
    let start = pane_until(&socket, |p| p.contains("Pass the screen to"));
    let result = std::panic::catch_unwind(|| {
        // Player 2 decides first, and is asked for before their hand is shown.
        assert!(start.contains("Pass the screen to player 2") && !start.contains("your view"), "{start}");
        tmux(&socket, &["send-keys", "-t", "t", "Enter"]);
        let first = pane_until(&socket, |p| p.contains("player 2, your view") && p.contains("Choose 1-"));
        assert!(first.contains("player 2, your view") && first.contains("Choose 1-"), "{first}");
        // Player 2 takes the up-card, then discards; then the screen goes to player 1.
        tmux(&socket, &["send-keys", "-t", "t", "1", "Enter"]);
        let discard = pane_until(&socket, |p| p.contains("Discard which card"));
        assert!(discard.contains("player 2, your view"), "{discard}");
        tmux(&socket, &["send-keys", "-t", "t", "1", "Enter"]);
        let handoff = pane_until(&socket, |p| p.contains("Pass the screen to"));
        assert!(handoff.contains("Pass the screen to player 1"), "{handoff}");
        // Player 2's view is gone from the screen: the pane was cleared, and so was what
        // scrolled off its top (player 1 could scroll back to it).
        assert!(!handoff.contains("player 2, your view"), "{handoff}");
        assert!(!handoff.contains("Your choices"), "{handoff}");
        let history = scrollback(&socket);
        assert!(history.contains("Pass the screen to player 1"), "the scrollback is read: {history}");
        assert!(!history.contains("player 2, your view") && !history.contains("Your choices"), "{history}");
        tmux(&socket, &["send-keys", "-t", "t", "Enter"]);
        // Wait for the whole view: the menu is drawn after the heading, and a capture between
        // the two would see half a screen.
        let next = pane_until(&socket, |p| p.contains("player 1, your view") && p.contains("Choose 1-"));
        assert!(next.contains("player 1, your view") && next.contains("Choose 1-"), "{next}");
    });
    tmux(&socket, &["kill-server"]);
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}

#[test]
fn the_rules_pause_for_people_and_never_for_computers_or_transcripts() {
    let game = "tests/fixtures/pause.cardgame";
    // Seed 25: player 1 calls tails three times and is wrong each time.
    let (code, out) = play(&[game, "--players", "human,random", "--seed", "25"], "2\n\n2\n\n2\n\n");
    assert_eq!(code, 0, "{out}");
    let pauses: Vec<&str> = out.lines().filter(|l| l.contains("press Enter to go on")).collect();
    assert_eq!(
        pauses,
        [
            "── round 1 is over: press Enter to go on ──",
            "── round 2 is over: press Enter to go on ──",
            "── round 3 is over: press Enter to go on ──",
            "── press Enter to go on ──"
        ],
        "{out}"
    );
    let (_, watched) = play(&[game, "--players", "random,random", "--seed", "25"], "");
    assert!(!watched.contains("press Enter"), "{watched}");
    for format in ["text", "jsonl"] {
        let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
            .args(["transcript", game, "--seed", "25", "--format", format])
            .current_dir(ROOT)
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success() && !text.contains("pause") && !text.contains("is over"), "{text}");
    }
}

#[test]
fn a_games_view_decides_the_panel_gin_shows_the_hand_in_melds_and_deadwood() {
    let (_, out) = play(&["games/wild_twist_gin.cardgame", "--players", "human,greedy", "--seed", "3"], "1\n");
    let panel: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.contains("player 1, your view"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(
        panel,
        [
            "  hand of player 1         [7♠ Wild Heart Wild Club]  [10♠ J♠ Q♠]  deadwood 4♥ 4♠ 5♣ 9♥ (22 points)",
            "  hand of player 2         10 cards, face down",
            "  discard                  7♥",
            "  stock                    35 cards, face down",
            "  score                    player 1 0, player 2 0",
            "  hand                     1",
        ],
        "{out}"
    );
}

#[test]
fn without_a_view_the_panel_shows_every_zone_and_counter() {
    let (_, out) = play(&["games/wilcox_war.cardgame", "--players", "human,random", "--seed", "3"], "1\n");
    for line in ["  draw of player 1", "  battle of player 2", "  turns", "  wars"] {
        assert!(out.contains(line), "{line} missing:\n{out}");
    }
}

#[test]
fn at_a_terminal_a_solitaire_without_players_is_played_by_the_person_with_red_suits_in_red() {
    if Command::new("tmux").arg("-V").output().is_err() {
        crate::common::skipped("skipped: tmux is not installed, so the terminal cannot be driven (apt install tmux)");
        return;
    }
    let socket = format!("cardlang-test-solo-{}", std::process::id());
    let command = format!("{} play {ROOT}/games/klondike.cardgame --seed 3; sleep 20", env!("CARGO_BIN_EXE_cardlang"));
    tmux(&socket, &["new-session", "-d", "-s", "t", "-x", "160", "-y", "60", &command]);
    let pane = pane_until(&socket, |p| p.contains("Choose 1-"));
    // With escape sequences (`-e`): what the terminal draws in colour.
    let drawn = Command::new("tmux")
        .args(["-L", &socket, "capture-pane", "-p", "-e", "-t", "t"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    tmux(&socket, &["kill-server"]);
    // Without --players a person is seated (a solitaire is played, not watched).
    assert!(pane.contains("player 1, your view") && pane.contains("Choose 1-2"), "{pane}");
    // A♦ is drawn in red, 3♠ is not.
    assert!(drawn.contains("\x1b[31mA♦"), "{drawn:?}");
    assert!(!drawn.contains("\x1b[31m3♠"), "{drawn:?}");
}
