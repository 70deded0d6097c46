//! The language server (`cardlang lsp`): over an in-memory connection, the protocol's life
//! (initialize, open, change, requests, shutdown, exit) and its answers; its diagnostics are
//! those of `cardlang lint` for every game and fixture; and the real binary over standard
//! input and output stops on `shutdown` and `exit`, and when its input closes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cardlang::lsp::position::LineIndex;
use cardlang::lsp::{serve, Links};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use lsp_types::notification::{
    DidChangeTextDocument, DidOpenTextDocument, Exit, Initialized, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{DocumentSymbolRequest, Formatting, Initialize, Request as _, Shutdown};
use lsp_types::{Diagnostic, DocumentSymbolResponse, PublishDiagnosticsParams, TextEdit, Uri};
use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A client talking to a server on a thread of its own.
struct Client {
    conn: Connection,
    server: Option<std::thread::JoinHandle<Result<(), String>>>,
    next: i32,
}

impl Client {
    /// Starts a server and initializes it.
    fn start() -> Client {
        let (server, conn) = Connection::memory();
        let handle = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || serve(&server, Links::default()).map_err(|e| e.to_string()))
            .expect("a thread");
        let mut client = Client { conn, server: Some(handle), next: 0 };
        let caps = client.request(Initialize::METHOD, json!({ "capabilities": {} }));
        assert_eq!(caps["capabilities"]["textDocumentSync"], json!(1), "full sync: {caps}");
        assert_eq!(caps["serverInfo"]["name"], json!("cardlang"));
        client.notify(Initialized::METHOD, json!({}));
        client
    }

    fn notify(&self, method: &str, params: Value) {
        self.conn.sender.send(Message::Notification(Notification::new(method.into(), params))).expect("sent");
    }

    fn send_request(&mut self, method: &str, params: Value) -> RequestId {
        self.next += 1;
        let id = RequestId::from(self.next);
        self.conn.sender.send(Message::Request(Request::new(id.clone(), method.into(), params))).expect("sent");
        id
    }

    /// Sends a request and waits for its answer (notifications meanwhile are dropped); the
    /// result, or the error as `{"error": ...}`.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        loop {
            match self.recv() {
                Message::Response(r) if r.id == id => {
                    return match r.response_result {
                        Err(e) => json!({ "error": { "code": e.code, "message": e.message } }),
                        Ok(v) => v,
                    }
                }
                _ => {}
            }
        }
    }

    fn recv(&self) -> Message {
        self.conn.receiver.recv_timeout(Duration::from_secs(60)).expect("the server answers within a minute")
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&self, uri: &Uri) -> (Option<i32>, Vec<Diagnostic>) {
        loop {
            if let Message::Notification(n) = self.recv() {
                if n.method == PublishDiagnostics::METHOD {
                    let p: PublishDiagnosticsParams = serde_json::from_value(n.params).expect("diagnostics");
                    if p.uri.as_str() == uri.as_str() {
                        return (p.version, p.diagnostics);
                    }
                }
            }
        }
    }

    fn open(&self, uri: &Uri, text: &str) {
        let doc = json!({ "uri": uri.as_str(), "languageId": "cardgame", "version": 1, "text": text });
        self.notify(DidOpenTextDocument::METHOD, json!({ "textDocument": doc }));
    }

    fn change(&self, uri: &Uri, version: i32, text: &str) {
        let params = json!({
            "textDocument": { "uri": uri.as_str(), "version": version },
            "contentChanges": [{ "text": text }],
        });
        self.notify(DidChangeTextDocument::METHOD, params);
    }

    /// `shutdown`, then `exit`: the server stops cleanly.
    fn stop(mut self) {
        assert_eq!(self.request(Shutdown::METHOD, Value::Null), Value::Null);
        self.notify(Exit::METHOD, Value::Null);
        let server = self.server.take().expect("running");
        assert_eq!(server.join().expect("no panic"), Ok(()));
    }
}

fn uri(path: &str) -> Uri {
    format!("file://{path}").parse().expect("a URI")
}

const BROKEN: &str = r#"game "Two zones"
players 2
enum rank = 2, 3, 4
property rank: rank
cards deck_cards = every rank
zone deck: shared, face down, holds deck_cards
zone pile: shared, face up
procedure setup {
    shuffle deck
    move top of dekc to pile
}
procedure play {
    end game winner player 1
}
"#;

#[test]
fn a_mistake_is_shown_where_it_is_and_goes_when_it_is_mended() {
    let mut client = Client::start();
    let u = uri("/tmp/lsp-test/broken.cardgame");
    client.open(&u, BROKEN);
    let (version, found) = client.diagnostics(&u);
    assert_eq!(version, Some(1));
    let zone = found
        .iter()
        .find(|d| d.code == Some(lsp_types::NumberOrString::String("cardlang::check::unknown_zone".into())));
    let zone = zone.unwrap_or_else(|| panic!("unknown zone reported: {found:?}"));
    // Line 10 (from 1), `dekc` at column 17 (from 1).
    assert_eq!((zone.range.start.line, zone.range.start.character), (9, 16));
    assert_eq!((zone.range.end.line, zone.range.end.character), (9, 20));
    assert!(
        zone.message.contains("unknown zone `dekc`") && zone.message.contains("did you mean `deck`?"),
        "{}",
        zone.message
    );
    // The quick fix writes the name it suggests.
    let actions = client.request(
        lsp_types::request::CodeActionRequest::METHOD,
        json!({
            "textDocument": { "uri": u.as_str() },
            "range": zone.range,
            "context": { "diagnostics": [zone] },
        }),
    );
    assert_eq!(actions[0]["title"], json!("Change to `deck`"), "{actions}");
    let edit = &actions[0]["edit"]["changes"][u.as_str()][0];
    assert_eq!((edit["newText"].clone(), edit["range"].clone()), (json!("deck"), json!(zone.range)));
    client.change(&u, 2, &BROKEN.replace("dekc", "deck"));
    let (version, found) = client.diagnostics(&u);
    assert_eq!(version, Some(2));
    assert!(found.is_empty(), "{found:?}");
    // A syntax error is one diagnostic at its place.
    client.change(&u, 3, &BROKEN.replace("procedure play {", "procedure play"));
    let (_, found) = client.diagnostics(&u);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, Some(lsp_types::NumberOrString::String("cardlang::syntax::error".into())));
    client.stop();
}

#[test]
fn formatting_and_the_outline_answer_and_an_unknown_request_is_refused() {
    let mut client = Client::start();
    let u = uri("/tmp/lsp-test/messy.cardgame");
    let messy = BROKEN.replace("dekc", "deck").replace("    move", "  move").replace("players 2", "players    2");
    client.open(&u, &messy);
    let _ = client.diagnostics(&u);
    let edits = client.request(
        Formatting::METHOD,
        json!({
            "textDocument": { "uri": u.as_str() }, "options": { "tabSize": 4, "insertSpaces": true }
        }),
    );
    let edits: Vec<TextEdit> = serde_json::from_value(edits).expect("edits");
    let want = cardlang::syntax::format(&messy).expect("formats");
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].new_text, want);
    let outline = client.request(DocumentSymbolRequest::METHOD, json!({ "textDocument": { "uri": u.as_str() } }));
    let DocumentSymbolResponse::Nested(symbols) = serde_json::from_value(outline).expect("symbols") else {
        panic!("nested symbols")
    };
    let names: Vec<&str> = symbols.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Two zones", "rank", "rank", "deck_cards", "deck", "pile", "setup", "play"]);
    let refused = client.request("textDocument/nothingLikeThis", json!({}));
    assert_eq!(refused["error"]["code"], json!(-32601), "{refused}");
    // A request about a document never opened answers null, not an error.
    let none =
        client.request(DocumentSymbolRequest::METHOD, json!({ "textDocument": { "uri": "file:///nowhere.cardgame" } }));
    assert_eq!(none, Value::Null);
    client.stop();
}

#[test]
fn a_variant_file_reads_the_unsaved_game_it_extends() {
    let mut client = Client::start();
    let dir = format!("{ROOT}/games");
    let game_text = std::fs::read_to_string(format!("{dir}/wilcox_war.cardgame")).expect("the game");
    let variant_text =
        std::fs::read_to_string(format!("{dir}/variants/wilcox_war_four_prizes.cardgame")).expect("the variant file");
    let (game, variant) =
        (uri(&format!("{dir}/wilcox_war.cardgame")), uri(&format!("{dir}/variants/wilcox_war_four_prizes.cardgame")));
    client.open(&variant, &variant_text);
    let (_, found) = client.diagnostics(&variant);
    assert!(found.is_empty(), "the variant file is clean against the game on disk: {found:?}");
    // The game, open and unsaved, loses the option the variant file sets.
    let renamed = game_text.replace("hidden_prizes", "secret_prizes");
    assert_ne!(renamed, game_text);
    client.open(&game, &renamed);
    let mut variant_found = None;
    for _ in 0..2 {
        let Message::Notification(n) = client.recv() else { continue };
        let p: PublishDiagnosticsParams = serde_json::from_value(n.params).expect("diagnostics");
        if p.uri.as_str() == variant.as_str() {
            variant_found = Some(p.diagnostics);
        }
    }
    let variant_found = variant_found.expect("the variant file's problems are published again");
    assert!(!variant_found.is_empty(), "the unsaved game is read, not the disk's");
    let _ = client.request(Shutdown::METHOD, Value::Null);
    client.notify(Exit::METHOD, Value::Null);
}

/// Every diagnostic of `cardlang lint --format json` on a file: (code, start, end) in the file.
fn lint_json(path: &str) -> Vec<(String, usize, usize)> {
    let (_, out, _) = crate::common::cardlang(&["lint", path, "--format", "json"]);
    let mut all: Vec<(String, usize, usize)> = out
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|j| j["file"] == json!(path))
        .map(|j| {
            let n = |k: &str| j[k].as_u64().unwrap_or(0) as usize;
            (j["code"].as_str().unwrap_or("").to_string(), n("start"), n("end"))
        })
        .collect();
    all.sort();
    all
}

#[test]
fn every_game_and_fixture_gets_the_diagnostics_lint_gives() {
    let mut files: Vec<String> = Vec::new();
    for dir in ["games", "games/variants", "tests/diagnostics", "tests/lint", "tests/variant_files"] {
        let Ok(entries) = std::fs::read_dir(format!("{ROOT}/{dir}")) else { continue };
        let mut names: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".cardgame"))
            .map(|n| format!("{dir}/{n}"))
            .collect();
        names.sort();
        files.extend(names);
    }
    assert!(files.len() > 60, "{} files", files.len());
    let client = Client::start();
    let mut compared = 0;
    for (i, path) in files.iter().enumerate() {
        let Ok(text) = std::fs::read_to_string(format!("{ROOT}/{path}")) else { continue };
        let u = uri(&format!("{ROOT}/{path}"));
        client.open(&u, &text);
        let (_, found) = client.diagnostics(&u);
        let lines = LineIndex::new(&text);
        let mut mine: Vec<(String, usize, usize)> = found
            .iter()
            .filter(|d| d.range != lsp_types::Range::default() || d.related_information.is_none())
            .map(|d| {
                let code = match &d.code {
                    Some(lsp_types::NumberOrString::String(c)) => c.clone(),
                    _ => String::new(),
                };
                (code, lines.offset(&text, d.range.start), lines.offset(&text, d.range.end))
            })
            .collect();
        mine.sort();
        let want = lint_json(path);
        // A problem in the game a variant file extends is one `lint` lists under the game's
        // path; the server shows it at the top of the variant file, pointing to the place.
        mine.retain(|m| want.contains(m) || (m.1, m.2) != (0, 0));
        assert_eq!(mine, want, "{path}");
        compared += want.len();
        if i % 20 == 19 {
            // Closing keeps the set of open documents small.
            client.notify(
                lsp_types::notification::DidCloseTextDocument::METHOD,
                json!({ "textDocument": { "uri": u.as_str() } }),
            );
        }
    }
    assert!(compared > 50, "{compared} diagnostics compared");
    client.stop();
}

/// One message framed for the protocol.
fn framed(v: &Value) -> Vec<u8> {
    let body = v.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// Reads one framed message.
fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// Waits for a child to end, at most a minute: its exit code.
fn ends_within_a_minute(child: &mut std::process::Child) -> Option<i32> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if let Ok(Some(status)) = child.try_wait() {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    None
}

#[test]
fn the_binary_serves_over_stdio_and_stops_on_exit_or_when_its_input_closes() {
    for close_without_exit in [false, true] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardlang"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut input = child.stdin.take().expect("stdin");
        let mut output = BufReader::new(child.stdout.take().expect("stdout"));
        input
            .write_all(&framed(
                &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
            ))
            .expect("written");
        let answer = read_message(&mut output).expect("an answer");
        assert_eq!(answer["id"], json!(1));
        assert!(answer["result"]["capabilities"]["documentFormattingProvider"].as_bool().unwrap_or(false), "{answer}");
        input.write_all(&framed(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}))).expect("written");
        let doc = json!({"uri": "file:///tmp/x.cardgame", "languageId": "cardgame", "version": 1, "text": BROKEN});
        input
            .write_all(&framed(
                &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": doc}}),
            ))
            .expect("written");
        let published = read_message(&mut output).expect("diagnostics");
        assert_eq!(published["method"], json!("textDocument/publishDiagnostics"), "{published}");
        if close_without_exit {
            drop(input);
            assert_eq!(ends_within_a_minute(&mut child), Some(0), "a clean stop when the input closes");
        } else {
            input.write_all(&framed(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))).expect("written");
            let answer = read_message(&mut output).expect("shutdown answered");
            assert_eq!((answer["id"].clone(), answer["result"].clone()), (json!(2), Value::Null), "{answer}");
            input.write_all(&framed(&json!({"jsonrpc": "2.0", "method": "exit"}))).expect("written");
            assert_eq!(ends_within_a_minute(&mut child), Some(0), "exit after shutdown");
        }
    }
}

/// A game to ask about: a function with a parameter that hides a zone's name, a doc comment.
const ASK: &str = r#"game "Ask"
players 2
enum rank = 2, 3, 4
property rank: rank
cards deck_cards = every rank
// Where the cards wait.
zone deck: shared, face down, holds deck_cards
zone pile: shared, face up
counter score per player = 0
function worth(deck: int): int = deck + 1
procedure setup {
    shuffle deck
    move top of deck to pile
}
procedure play {
    add worth(2) to score of player 1
    end game winner player 1
}
"#;

/// The position of the `n`th (from 0) whole-word `word` in `text`, plus `into` characters. In
/// `ASK`, `deck` is: 0 the zone declared, 1 the parameter, 2 the parameter used, 3 `shuffle
/// deck`, 4 `top of deck`.
fn at(text: &str, word: &str, n: usize, into: u32) -> Value {
    let starts: Vec<usize> = text
        .match_indices(word)
        .map(|(i, _)| i)
        .filter(|&i| {
            let before = text[..i].chars().last().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let after = text[i + word.len()..].chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            before && after
        })
        .collect();
    let p = LineIndex::new(text).position(text, starts[n]);
    json!({ "line": p.line, "character": p.character + into })
}

fn ask(client: &mut Client, method: &str, u: &Uri, position: Value, extra: Value) -> Value {
    let mut params = json!({ "textDocument": { "uri": u.as_str() }, "position": position });
    if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
        p.extend(e.clone());
    }
    client.request(method, params)
}

#[test]
fn hover_definition_references_rename_and_completion_read_the_index() {
    use lsp_types::request::{
        Completion, DocumentHighlightRequest, GotoDefinition, HoverRequest, PrepareRenameRequest, References, Rename,
    };
    let mut client = Client::start();
    let u = uri("/tmp/lsp-test/ask.cardgame");
    client.open(&u, ASK);
    let (_, found) = client.diagnostics(&u);
    assert!(found.is_empty(), "{found:?}");
    // Hover on the zone where it is shuffled: its declaration line and doc comment.
    let hover = ask(&mut client, HoverRequest::METHOD, &u, at(ASK, "deck", 3, 1), json!({}));
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.contains("zone deck: shared, face down") && text.contains("Where the cards wait."), "{hover}");
    // Hover on a keyword: its meaning.
    let hover = ask(&mut client, HoverRequest::METHOD, &u, at(ASK, "shuffle", 0, 2), json!({}));
    assert!(hover["contents"]["value"].as_str().unwrap_or_default().starts_with("`shuffle`: "), "{hover}");
    // The parameter `deck` hides the zone inside the function: its use jumps to the parameter.
    let def = ask(&mut client, GotoDefinition::METHOD, &u, at(ASK, "deck", 2, 0), json!({}));
    assert_eq!(def["range"]["start"], at(ASK, "deck", 1, 0), "{def}");
    // The zone's references: its declaration, `shuffle deck`, `top of deck`, not the parameter.
    let refs = ask(
        &mut client,
        References::METHOD,
        &u,
        at(ASK, "deck", 0, 0),
        json!({ "context": { "includeDeclaration": true } }),
    );
    let mut starts: Vec<Value> =
        refs.as_array().map(|a| a.iter().map(|l| l["range"]["start"].clone()).collect()).unwrap_or_default();
    starts.sort_by_key(|v| (v["line"].as_u64(), v["character"].as_u64()));
    assert_eq!(starts, [at(ASK, "deck", 0, 0), at(ASK, "deck", 3, 0), at(ASK, "deck", 4, 0)], "{refs}");
    let lights = ask(&mut client, DocumentHighlightRequest::METHOD, &u, at(ASK, "pile", 0, 0), json!({}));
    assert_eq!(lights.as_array().map(Vec::len), Some(2), "{lights}");
    // Rename the zone: three edits; a keyword or a bad name is refused.
    let prepared = ask(&mut client, PrepareRenameRequest::METHOD, &u, at(ASK, "deck", 3, 0), json!({}));
    assert_eq!(prepared["placeholder"], json!("deck"), "{prepared}");
    assert_eq!(ask(&mut client, PrepareRenameRequest::METHOD, &u, at(ASK, "shuffle", 0, 0), json!({})), Value::Null);
    let edit = ask(&mut client, Rename::METHOD, &u, at(ASK, "deck", 3, 0), json!({ "newName": "stock" }));
    assert_eq!(edit["changes"][u.as_str()].as_array().map(Vec::len), Some(3), "{edit}");
    let refused = ask(&mut client, Rename::METHOD, &u, at(ASK, "deck", 3, 0), json!({ "newName": "shuffle" }));
    assert!(refused["error"]["message"].as_str().unwrap_or_default().contains("reserved"), "{refused}");
    let refused = ask(&mut client, Rename::METHOD, &u, at(ASK, "deck", 3, 0), json!({ "newName": "2deck" }));
    assert!(refused["error"].is_object(), "{refused}");
    // Completion in `play`: the zones, counter and function, keywords; not the parameter.
    let items = ask(&mut client, Completion::METHOD, &u, at(ASK, "end", 0, 0), json!({}));
    let labels: Vec<&str> =
        items.as_array().map(|a| a.iter().filter_map(|i| i["label"].as_str()).collect()).unwrap_or_default();
    for want in ["deck", "pile", "score", "worth", "rank", "shuffle", "for each"] {
        assert!(labels.contains(&want), "{want} offered: {labels:?}");
    }
    assert_eq!(labels.iter().filter(|l| **l == "deck").count(), 1, "one `deck` in play: {labels:?}");
    client.stop();
}

#[test]
fn a_name_of_the_game_a_variant_file_extends_jumps_into_that_file() {
    use lsp_types::request::GotoDefinition;
    let mut client = Client::start();
    let dir = format!("{ROOT}/games/variants");
    let path = format!("{dir}/wilcox_war_four_prizes.cardgame");
    let text = std::fs::read_to_string(&path).expect("the variant file");
    let u = uri(&path);
    client.open(&u, &text);
    let _ = client.diagnostics(&u);
    let def = ask(&mut client, GotoDefinition::METHOD, &u, at(&text, "hidden_prizes", 0, 1), json!({}));
    let target = def["uri"].as_str().unwrap_or_default();
    assert!(target.ends_with("/games/wilcox_war.cardgame"), "{def}");
    client.stop();
}
