//! `cardlang serve` over HTTP, as a playtester's browser uses it: the real binary on a free port,
//! robot players that read their seat's view and click one of its choices, for every game in
//! games/. Beside each table a library session with the same seed and seats takes the same moves:
//! it is the oracle of what each seat may see (the engine's own per-viewer rules, which
//! tests/hidden_info.rs checks), so no card a seat cannot see at that moment may appear in any
//! byte of an answer to that seat, and its log is exactly the seat's transcript lines.
//! Every bad request is refused with its 4xx and changes nothing; a table survives a restart.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use cardlang::check::Config;
use cardlang::engine::rng::Rng;
use cardlang::engine::{Action, Game, State, Viewer};
use cardlang::session::{Seat, Session, Status};
use serde_json::{json, Value};

/// A server started on a free port, stopped when dropped.
pub(crate) struct Server {
    child: Child,
    pub(crate) base: String,
    http: ureq::Agent,
}

/// A fresh folder for one test's files, under the target folder.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch folder can be made");
    dir
}

pub(crate) fn root(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

impl Server {
    /// `cardlang serve GAMES --port 0 --data DATA`; waits for its first line, the address.
    pub(crate) fn start(games: &[String], data: &Path) -> Server {
        Server::start_with(games, data, &[])
    }

    /// [`Server::start`] with more arguments (`--replay FILE`).
    pub(crate) fn start_with(games: &[String], data: &Path, more: &[&std::ffi::OsStr]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardlang"))
            .arg("serve")
            .args(games)
            .args(["--port", "0", "--data"])
            .arg(data)
            .args(more)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut out = BufReader::new(child.stdout.take().expect("its output is piped"));
        let mut line = String::new();
        out.read_line(&mut line).expect("it prints a line");
        let base =
            line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("first line: {line}")).to_string();
        // The rest of its output is read (and dropped) so that it never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut rest = String::new();
            let _ = out.read_to_string(&mut rest);
        });
        let http: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(120)))
            .build()
            .into();
        Server { child, base, http }
    }

    pub(crate) fn get(&self, path: &str) -> (u16, String) {
        let mut r = self.http.get(format!("{}{path}", self.base)).call().expect("the server answers");
        (r.status().as_u16(), r.body_mut().read_to_string().expect("a text body"))
    }

    pub(crate) fn post(&self, path: &str, body: &str) -> (u16, String) {
        let mut r = self
            .http
            .post(format!("{}{path}", self.base))
            .content_type("application/json")
            .send(body)
            .expect("the server answers");
        (r.status().as_u16(), r.body_mut().read_to_string().expect("a text body"))
    }

    pub(crate) fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.post(path, &body.to_string());
        (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON: {text}")))
    }

    /// A link's view, as JSON and as the bytes received.
    pub(crate) fn view(&self, token: &str) -> (Value, String) {
        let (status, text) = self.get(&format!("/api/t/{token}"));
        assert_eq!(status, 200, "{text}");
        (serde_json::from_str(&text).expect("a view is JSON"), text)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A table made over HTTP: the tokens of the people's seats (by seat from 0) and the spectators'.
pub(crate) struct Table {
    pub(crate) seats: Vec<(u8, String)>,
    pub(crate) spectator: String,
}

pub(crate) fn create(server: &Server, request: &Value) -> Table {
    let (status, made) = server.post_json("/api/tables", request);
    assert_eq!(status, 201, "{made}");
    let seats = made["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| (s["seat"].as_u64().expect("a seat") as u8 - 1, s["token"].as_str().expect("a token").to_string()))
        .collect();
    for s in made["seats"].as_array().expect("seats") {
        let link = s["link"].as_str().expect("a link");
        assert!(link.starts_with(&server.base) && link.ends_with(s["token"].as_str().unwrap_or("?")), "{link}");
    }
    Table { seats, spectator: made["spectator"].as_str().expect("a spectator token").to_string() }
}

/// The library's session of the same table: the same game, options, seats and seed.
pub(crate) fn library(path: &str, options: &[(&str, &str)], seats: &[&str], seed: u64) -> Session {
    let config = Config {
        variant: None,
        sets: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        seats: Some(seats.len() as u8),
    };
    let game: Arc<Game> = cardlang::load::load_game(&root(path), &config).unwrap_or_else(|_| panic!("{path} loads"));
    let seats = seats.iter().map(|s| Seat::parse(s).expect("a seat")).collect();
    let mut session = Session::new(game, seed, seats).expect("a session");
    session.advance().expect("the agents play");
    session
}

/// The names of the cards `seat` sees now and of those it cannot see (`None`: a spectator, who
/// sees public cards only), leaving out of the second any name a card it sees also has.
fn seen_and_unseen(state: &State, seat: Option<u8>) -> (Vec<String>, Vec<String>) {
    let me = seat.unwrap_or(u8::MAX);
    let zones = state.game().program.zones.len() as u16;
    let (mut seen, mut unseen) = (Vec::new(), Vec::new());
    for z in 0..zones {
        for (i, card) in state.zone_cards(z).iter().enumerate() {
            let name = state.game().card_name(*card).to_string();
            if state.can_see(me, z, i) {
                seen.push(name);
            } else {
                unseen.push(name);
            }
        }
    }
    unseen.retain(|n| !seen.contains(n));
    (seen, unseen)
}

/// What one link received agrees with the oracle: no unseen card's name in any byte but the
/// log's and the title's, and the log is the viewer's lines, line for line.
pub(crate) fn check_answer(label: &str, lib: &Session, seat: Option<u8>, view: &Value) {
    let viewer = seat.map_or(Viewer::Table, Viewer::Player);
    let lines: Vec<&str> = view["lines"].as_array().expect("lines").iter().filter_map(Value::as_str).collect();
    assert_eq!(lines, lib.lines_for(viewer), "{label}: the log of {viewer:?} is its transcript's lines");
    // The log is checked line for line above; the game's title is the game's, not a card's
    // (Wild Twist Solitaire has a card named Wild).
    let mut rest = view.clone();
    rest["lines"] = json!([]);
    rest["game"] = json!("");
    let bytes = rest.to_string();
    let (seen, unseen) = seen_and_unseen(lib.state(), seat);
    for name in unseen {
        // A card seen whose name holds this one (`Wild Red` holds `Wild`) is not this card.
        let mut rest = bytes.clone();
        for longer in seen.iter().filter(|s| s.len() > name.len() && s.contains(&name)) {
            rest = rest.replace(longer.as_str(), "");
        }
        assert!(!rest.contains(&name), "{label}: {viewer:?} was sent {name}, which it cannot see: {bytes}");
    }
    assert_eq!(view["step"].as_u64(), Some(lib.history().len() as u64), "{label}: the same step");
}

/// One table of a game: seats and options that keep the game short in a test build.
struct Case {
    file: &'static str,
    seats: &'static [&'static str],
    options: &'static [(&'static str, &'static str)],
}

const CASES: &[Case] = &[
    Case { file: "games/big_two.cardgame", seats: &["human", "human", "random", "greedy"], options: &[] },
    Case { file: "games/bridge.cardgame", seats: &["human", "human", "random", "greedy"], options: &[] },
    Case { file: "games/cheat.cardgame", seats: &["human", "human", "random"], options: &[("max_turns", "40")] },
    Case { file: "games/classic_war.cardgame", seats: &["human", "human"], options: &[] },
    Case { file: "games/crazy_eights.cardgame", seats: &["human", "human", "greedy"], options: &[("max_turns", "80")] },
    Case {
        file: "games/five_card_draw.cardgame",
        seats: &["human", "human", "random"],
        options: &[("max_deals", "2")],
    },
    Case { file: "games/hanabi.cardgame", seats: &["human", "human", "random"], options: &[] },
    Case { file: "games/high_low_war.cardgame", seats: &["human", "human"], options: &[] },
    Case { file: "games/klondike.cardgame", seats: &["human"], options: &[("max_moves", "60")] },
    Case { file: "games/pinochle.cardgame", seats: &["human", "human"], options: &[("max_deals", "1")] },
    Case { file: "games/rummy_500.cardgame", seats: &["human", "human", "random"], options: &[("max_turns", "60")] },
    Case { file: "games/scopa.cardgame", seats: &["human", "human"], options: &[("target", "1")] },
    Case {
        file: "games/spades.cardgame",
        seats: &["human", "human", "random", "greedy"],
        options: &[("max_hands", "1")],
    },
    Case { file: "games/wilcox_war.cardgame", seats: &["human", "human"], options: &[] },
    Case {
        file: "games/wild_twist_gin.cardgame",
        seats: &["human", "human"],
        options: &[("target", "1"), ("max_turns", "120")],
    },
    Case { file: "games/wild_twist_solitaire.cardgame", seats: &["human"], options: &[] },
    Case { file: "games/wild_twist_war.cardgame", seats: &["human", "human"], options: &[] },
];

/// The case of one game file (by name, so that a game added to `CASES` moves no other).
fn case_of(file: &str) -> &'static Case {
    CASES.iter().find(|c| c.file == file).unwrap_or_else(|| panic!("no case for {file}"))
}

/// The most moves a robot table makes before the test gives up on it.
const MAX_MOVES: usize = 3000;

/// Plays a table to its end through HTTP only, the robots choosing with `rng`, checking every
/// answer against the library's session. Returns the end as the spectator reads it.
fn play_out(
    server: &Server,
    case: &Case,
    rng: &mut Rng,
    table: &Table,
    lib: &mut Session,
    stop_after: Option<usize>,
) -> Value {
    let token_of = |seat: u8| table.seats.iter().find(|(s, _)| *s == seat).map(|(_, t)| t.clone());
    let mut moves = 0;
    loop {
        // Every link's answer, early on every move, then every tenth.
        if moves < 30 || moves % 10 == 0 {
            for (seat, token) in &table.seats {
                let (view, _) = server.view(token);
                check_answer(case.file, lib, Some(*seat), &view);
            }
            let (view, _) = server.view(&table.spectator);
            check_answer(case.file, lib, None, &view);
        }
        if lib.status() == Status::Over {
            let (view, _) = server.view(&table.spectator);
            assert!(view["end"].is_object(), "{}: the server's table is over too: {view}", case.file);
            return view["end"].clone();
        }
        if stop_after == Some(moves) {
            return Value::Null;
        }
        assert!(moves < MAX_MOVES, "{}: the game ends within {MAX_MOVES} moves", case.file);
        let seat = lib.waiting_for()[0];
        let token = token_of(seat).expect("a person's seat waits");
        let (view, _) = server.view(&token);
        let menu = &view["menu"];
        let choices = menu["choices"].as_array().expect("the waiting seat has a menu");
        let pick = &choices[rng.below(choices.len() as u64) as usize];
        let (at, action) = (menu["at"].as_u64().expect("at"), pick["action"].as_u64().expect("action"));
        let (status, after) = server.post_json(&format!("/api/t/{token}/move"), &json!({"at": at, "action": action}));
        assert_eq!(status, 200, "{}: {after}", case.file);
        lib.act(seat, Action(action as u32), at as usize).expect("the library takes the same move");
        check_answer(case.file, lib, Some(seat), &after);
        moves += 1;
    }
}

fn request(case: &Case, seed: u64) -> Value {
    let name = Path::new(case.file).file_stem().and_then(|s| s.to_str()).expect("a name");
    json!({"game": name, "seats": case.seats, "options": case.options, "seed": seed})
}

#[test]
fn robots_play_every_game_over_http_and_no_seat_is_sent_a_card_it_cannot_see() {
    let dir = scratch("every_game");
    let server = Server::start(&[root("games")], &dir.join("tables.sqlite"));
    let mut files: Vec<String> = std::fs::read_dir(root("games"))
        .expect("games/")
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| n.ends_with(".cardgame"))
        .map(|n| format!("games/{n}"))
        .collect();
    files.sort();
    let cased: Vec<&str> = CASES.iter().map(|c| c.file).collect();
    assert_eq!(files, cased, "every game in games/ has a case here");
    for (i, case) in CASES.iter().enumerate() {
        let seed = 100 + i as u64;
        let table = create(&server, &request(case, seed));
        let mut lib = library(case.file, case.options, case.seats, seed);
        let end = play_out(&server, case, &mut Rng::new(seed), &table, &mut lib, None);
        assert_eq!(end["result"].as_str(), Some(lib.state().outcome_text().as_str()), "{}", case.file);
        // The finished game downloads as a JSON Lines transcript, from its first line to the end.
        let (status, jsonl) = server.get(&format!("/api/t/{}/transcript", table.spectator));
        assert_eq!(status, 200, "{jsonl}");
        let lines: Vec<Value> = jsonl.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
        assert_eq!(lines.first().map(|l| l["event"].clone()), Some(json!("game")), "{}", case.file);
        assert_eq!(lines.last().map(|l| l["event"].clone()), Some(json!("end")), "{}", case.file);
    }
}

#[test]
fn the_stream_sends_the_view_now_and_after_every_change() {
    let dir = scratch("stream");
    let server = Server::start(&[root("games/wilcox_war.cardgame")], &dir.join("tables.sqlite"));
    let case = case_of("games/wilcox_war.cardgame");
    let table = create(&server, &request(case, 7));
    let mut lib = library(case.file, case.options, case.seats, 7);
    let (seat, token) = table.seats[0].clone();
    let response = server.http.get(format!("{}/api/t/{token}/events", server.base)).call().expect("a stream");
    assert_eq!(response.status().as_u16(), 200);
    let mut events = BufReader::new(response.into_body().into_reader());
    let mut next_view = || -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(events.read_line(&mut line).expect("the stream reads") > 0, "the stream goes on");
            if let Some(data) = line.trim_end().strip_prefix("data:") {
                return serde_json::from_str(data.trim()).expect("an event is a view");
            }
        }
    };
    let first = next_view();
    check_answer("stream", &lib, Some(seat), &first);
    assert_eq!(first, server.view(&token).0, "the stream's first view is the view now");
    // Whoever must decide moves; the stream sends the seat's view after it.
    let mover = lib.waiting_for()[0];
    let mover_token = &table.seats.iter().find(|(s, _)| *s == mover).expect("a person waits").1;
    let menu = server.view(mover_token).0["menu"].clone();
    let action = menu["choices"][0]["action"].as_u64().expect("an action");
    let (status, _) =
        server.post_json(&format!("/api/t/{mover_token}/move"), &json!({"at": menu["at"], "action": action}));
    assert_eq!(status, 200);
    lib.act(mover, Action(action as u32), menu["at"].as_u64().expect("at") as usize).expect("the same move");
    let second = next_view();
    check_answer("stream", &lib, Some(seat), &second);
    assert!(second["step"].as_u64() > first["step"].as_u64(), "the table moved on: {second}");
}

/// Every link's view, to show that a refused request changed nothing.
fn all_views(server: &Server, table: &Table) -> Vec<Value> {
    let mut out: Vec<Value> = table.seats.iter().map(|(_, t)| server.view(t).0).collect();
    out.push(server.view(&table.spectator).0);
    out
}

#[test]
fn every_bad_request_gets_its_4xx_and_changes_nothing() {
    let dir = scratch("bad_requests");
    // Scopa: one player decides at a time, so the other's token is not the one to move.
    let server = Server::start(&[root("games/scopa.cardgame")], &dir.join("tables.sqlite"));
    let table = create(&server, &json!({"game": "scopa", "seats": ["human", "human"], "seed": 3}));
    let lib = library("games/scopa.cardgame", &[], &["human", "human"], 3);
    assert_eq!(lib.waiting_for().len(), 1, "one seat decides");
    let mover = lib.waiting_for()[0];
    let token = |seat: u8| table.seats.iter().find(|(s, _)| *s == seat).expect("a seat").1.clone();
    let (mine, other) = (token(mover), token(1 - mover));
    let menu = server.view(&mine).0["menu"].clone();
    let (at, action) = (menu["at"].as_u64().expect("at"), menu["choices"][0]["action"].as_u64().expect("action"));
    let before = all_views(&server, &table);
    let forged = "0123456789abcdef0123456789abcdef";
    let huge = format!("{{\"at\": {at}, \"action\": {action}, \"pad\": \"{}\"}}", "x".repeat(40_000));
    let refused: Vec<(&str, u16, &str, String, String)> = vec![
        // What, status, code, path, body.
        (
            "a forged token",
            404,
            "unknown_token",
            format!("/api/t/{forged}/move"),
            json!({"at": at, "action": action}).to_string(),
        ),
        (
            "a token of another shape",
            404,
            "unknown_token",
            "/api/t/..%2f..%2fetc/move".into(),
            json!({"at": at, "action": action}).to_string(),
        ),
        (
            "the other seat's token (not its turn)",
            409,
            "not_your_turn",
            format!("/api/t/{other}/move"),
            json!({"at": at, "action": action}).to_string(),
        ),
        (
            "the spectators' token",
            403,
            "spectator",
            format!("/api/t/{}/move", table.spectator),
            json!({"at": at, "action": action}).to_string(),
        ),
        (
            "an illegal action",
            422,
            "illegal",
            format!("/api/t/{mine}/move"),
            json!({"at": at, "action": 99_999}).to_string(),
        ),
        (
            "a stale move",
            409,
            "stale",
            format!("/api/t/{mine}/move"),
            json!({"at": at + 1, "action": action}).to_string(),
        ),
        ("malformed JSON", 400, "malformed", format!("/api/t/{mine}/move"), "{\"at\": ".into()),
        (
            "an unknown field",
            400,
            "malformed",
            format!("/api/t/{mine}/move"),
            json!({"at": at, "action": action, "seat": 2}).to_string(),
        ),
        ("a missing field", 400, "malformed", format!("/api/t/{mine}/move"), json!({"action": action}).to_string()),
        (
            "a field of the wrong type",
            400,
            "malformed",
            format!("/api/t/{mine}/move"),
            json!({"at": "now", "action": action}).to_string(),
        ),
        ("an oversized body", 413, "too_large", format!("/api/t/{mine}/move"), huge),
        (
            "a game not served",
            404,
            "no_game",
            "/api/tables".into(),
            json!({"game": "chess", "seats": ["human", "human"]}).to_string(),
        ),
        (
            "a seat that does not read",
            422,
            "seat_spec",
            "/api/tables".into(),
            json!({"game": "scopa", "seats": ["human", "wizard"]}).to_string(),
        ),
        (
            "too many seats",
            422,
            "setup",
            "/api/tables".into(),
            json!({"game": "scopa", "seats": ["human", "human", "human"]}).to_string(),
        ),
        (
            "an unknown option",
            422,
            "setup",
            "/api/tables".into(),
            json!({"game": "scopa", "seats": ["human", "human"], "options": [["nope", "1"]]}).to_string(),
        ),
        (
            "a malformed table",
            400,
            "malformed",
            "/api/tables".into(),
            json!({"game": "scopa", "seats": "human"}).to_string(),
        ),
    ];
    for (what, status, code, path, body) in &refused {
        let (got, text) = server.post(path, body);
        assert_eq!(got, *status, "{what}: {text}");
        let answer: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{what}: a JSON body: {text}"));
        let said = answer["code"].as_str().unwrap_or_default();
        assert!(said.ends_with(code), "{what}: code {said}, not …{code}");
        assert!(!answer["message"].as_str().unwrap_or_default().is_empty(), "{what}: a message");
        assert_eq!(all_views(&server, &table), before, "{what} changed nothing");
    }
    let (status, _) = server.get(&format!("/api/t/{forged}"));
    assert_eq!(status, 404, "a forged token reads nothing");
    let (status, text) = server.get(&format!("/api/t/{mine}/transcript"));
    assert_eq!(status, 409, "no transcript before the end: {text}");
    // The right move is still taken after all that.
    let (status, _) = server.post(&format!("/api/t/{mine}/move"), &json!({"at": at, "action": action}).to_string());
    assert_eq!(status, 200);
    // And made twice, the second is stale.
    let (status, text) = server.post(&format!("/api/t/{mine}/move"), &json!({"at": at, "action": action}).to_string());
    assert_eq!(status, 409, "{text}");
}

#[test]
fn a_table_survives_a_restart_and_ends_as_an_unbroken_one_does() {
    let dir = scratch("restart");
    let data = dir.join("tables.sqlite");
    // Two people and a greedy agent, whose decisions a restart replays.
    let case = case_of("games/crazy_eights.cardgame");
    let games = [root(case.file)];
    let seed = 11;
    let mut dice = Rng::new(seed);
    let mut lib = library(case.file, case.options, case.seats, seed);
    let table = {
        let server = Server::start(&games, &data);
        let table = create(&server, &request(case, seed));
        play_out(&server, case, &mut dice, &table, &mut lib, Some(8));
        table
    };
    // The same links work on the restarted server, and the game goes on where it was.
    let server = Server::start(&games, &data);
    let (view, _) = server.view(&table.spectator);
    check_answer("after the restart", &lib, None, &view);
    let end = play_out(&server, case, &mut dice, &table, &mut lib, None);
    // An unbroken table of the same seed, the robots rolling the same dice.
    let unbroken = create(&server, &request(case, seed));
    let mut lib2 = library(case.file, case.options, case.seats, seed);
    let end2 = play_out(&server, case, &mut Rng::new(seed), &unbroken, &mut lib2, None);
    assert!(end.is_object(), "the restarted table ended: {end}");
    assert_eq!(end, end2, "the same end as an unbroken table");
    assert_eq!(server.view(&table.spectator).0["lines"], server.view(&unbroken.spectator).0["lines"]);
}

#[test]
fn game_text_arrives_as_data_and_the_page_inserts_text_only() {
    let dir = scratch("escaping");
    let server = Server::start(&[root("tests/fixtures/serve/script_text.cardgame")], &dir.join("tables.sqlite"));
    let table = create(&server, &json!({"game": "script_text", "seats": ["human", "random"], "seed": 1}));
    let (view, bytes) = server.view(&table.seats[0].1);
    assert_eq!(view["game"], json!("<b>Script</b> & card"));
    let lines: Vec<&str> = view["lines"].as_array().expect("lines").iter().filter_map(Value::as_str).collect();
    assert!(lines.contains(&"» <script>alert('hi')</script> is only text"), "{lines:?}");
    assert!(bytes.contains("<script>"), "JSON strings carry the text as it is");
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("/page.js"), "{page}");
    let (_, script) = server.get("/page.js");
    assert!(script.contains("textContent"), "the page writes text");
    for unsafe_sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"] {
        assert!(!script.contains(unsafe_sink), "the page never uses {unsafe_sink}");
    }
}

#[test]
fn the_store_defaults_to_the_data_folder_and_an_unwritable_one_is_a_clear_error() {
    let dir = scratch("data_folder");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(["serve", &root("games/wilcox_war.cardgame"), "--port", "0"])
        .env("XDG_DATA_HOME", &dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped")).read_line(&mut line).expect("a line");
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.starts_with("listening on http://127.0.0.1:"), "{line}");
    assert!(dir.join("cardlang/tables.sqlite").is_file(), "the store is made in the data folder");
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(["serve", &root("games/wilcox_war.cardgame"), "--port", "0", "--data", "/proc/cardlang/tables.sqlite"])
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(crate::common::says(&err, "the tables' store `/proc/cardlang/tables.sqlite`"), "{err}");
}
