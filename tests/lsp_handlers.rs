//! The language server's handlers over fixture files with cursor markers
//! (`tests/fixtures/lsp/*.cardgame`): each `/*^request*/` (or `/*^rename=new_name*/`, or `$0`
//! for completion) is taken out of the text and asked at the place it was written; every
//! answer, and the document's diagnostics, quick fixes, outline, semantic tokens and
//! formatting, go into one readable snapshot per fixture.

use std::fmt::Write as _;

use cardlang::lsp::position::LineIndex;
use cardlang::lsp::{capabilities, Handler, Links};
use lsp_types::Position;
use serde_json::{json, Value};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/lsp");

/// A request asked at a place of a fixture.
struct Marker {
    /// `hover`, `definition`, `rename=new`, ...
    request: String,
    /// The byte offset in the text without markers.
    at: usize,
}

/// The text without its markers, and the markers in order.
fn markers(fixture: &str) -> (String, Vec<Marker>) {
    let mut text = String::new();
    let mut found = Vec::new();
    let mut rest = fixture;
    loop {
        let next = [rest.find("/*^"), rest.find("$0")].into_iter().flatten().min();
        let Some(i) = next else { break };
        text.push_str(&rest[..i]);
        if rest[i..].starts_with("$0") {
            found.push(Marker { request: "completion".into(), at: text.len() });
            rest = &rest[i + 2..];
        } else {
            let end = rest[i..].find("*/").expect("a marker ends with */") + i;
            found.push(Marker { request: rest[i + 3..end].to_string(), at: text.len() });
            rest = &rest[end + 2..];
        }
    }
    text.push_str(rest);
    (text, found)
}

/// A place as `line:column` (from 1, as an editor shows it).
fn place(p: &Value) -> String {
    format!("{}:{}", p["line"].as_u64().unwrap_or(0) + 1, p["character"].as_u64().unwrap_or(0) + 1)
}

/// A range as `line:column-line:column "the text there"`.
fn range(text: &str, lines: &LineIndex, r: &Value) -> String {
    let pos = |v: &Value| Position {
        line: v["line"].as_u64().unwrap_or(0) as u32,
        character: v["character"].as_u64().unwrap_or(0) as u32,
    };
    let (from, to) = (lines.offset(text, pos(&r["start"])), lines.offset(text, pos(&r["end"])));
    let shown = text.get(from..to).unwrap_or("?");
    let shown = cut(shown, 40);
    format!("{}-{} {:?}", place(&r["start"]), place(&r["end"]), shown)
}

/// The snapshot of one fixture.
fn answers(name: &str) -> String {
    let fixture = std::fs::read_to_string(format!("{DIR}/{name}")).expect("the fixture");
    let (text, markers) = markers(&fixture);
    let lines = LineIndex::new(&text);
    let uri = format!("file://{DIR}/{name}");
    let doc = json!({ "uri": uri, "languageId": "cardgame", "version": 1, "text": text });
    let mut server = Handler::new(Links::default());
    let published = server.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    let diagnostics = published.last().map(|p| p.diagnostics.clone()).unwrap_or_default();
    let mut out = String::new();
    let td = json!({ "uri": uri });

    writeln!(out, "== diagnostics").unwrap();
    for d in &diagnostics {
        let v = serde_json::to_value(d).unwrap();
        let code = d.code.as_ref().map(|c| format!("{c:?}")).unwrap_or_default();
        writeln!(out, "{} {code}: {}", range(&text, &lines, &v["range"]), d.message.replace('\n', " / ")).unwrap();
    }
    writeln!(out, "\n== code actions").unwrap();
    let whole =
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": lines_count(&text), "character": 0 } });
    let actions = server
        .request(
            "textDocument/codeAction",
            json!({ "textDocument": td, "range": whole, "context": { "diagnostics": diagnostics } }),
        )
        .expect("code actions answer");
    for a in actions.as_array().into_iter().flatten() {
        let edits = a["edit"]["changes"][&uri].as_array().cloned().unwrap_or_default();
        let edits: Vec<String> = edits
            .iter()
            .map(|e| format!("{} -> {:?}", range(&text, &lines, &e["range"]), e["newText"].as_str().unwrap_or("")))
            .collect();
        writeln!(out, "{}: {}", a["title"].as_str().unwrap_or("?"), edits.join(", ")).unwrap();
    }

    for m in &markers {
        let p = lines.position(&text, m.at);
        let position = json!({ "line": p.line, "character": p.character });
        let at = json!({ "textDocument": td, "position": position });
        let (method, new_name) = match m.request.split_once('=') {
            Some((r, n)) => (r, Some(n)),
            None => (m.request.as_str(), None),
        };
        writeln!(out, "\n== {} at {}", m.request, place(&position)).unwrap();
        let word: String = text[..m.at].chars().rev().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let word: String = word.chars().rev().collect();
        if !word.is_empty() {
            writeln!(out, "(after `{word}`)").unwrap();
        }
        match method {
            "hover" => {
                let h = server.request("textDocument/hover", at).expect("hover answers");
                writeln!(out, "{}", h["contents"]["value"].as_str().unwrap_or("(nothing)")).unwrap();
                if !h["range"].is_null() {
                    writeln!(out, "range {}", range(&text, &lines, &h["range"])).unwrap();
                }
            }
            "definition" => {
                let d = server.request("textDocument/definition", at).expect("definition answers");
                writeln!(out, "{}", if d.is_null() { "(nothing)".into() } else { range(&text, &lines, &d["range"]) })
                    .unwrap();
            }
            "references" => {
                let mut asked = at.clone();
                asked["context"] = json!({ "includeDeclaration": true });
                let refs = server.request("textDocument/references", asked).expect("references answer");
                for r in refs.as_array().into_iter().flatten() {
                    writeln!(out, "{}", range(&text, &lines, &r["range"])).unwrap();
                }
            }
            "highlight" => {
                let hs = server.request("textDocument/documentHighlight", at).expect("highlights answer");
                for h in hs.as_array().into_iter().flatten() {
                    let kind = if h["kind"] == json!(3) { "write" } else { "read" };
                    writeln!(out, "{kind} {}", range(&text, &lines, &h["range"])).unwrap();
                }
            }
            "rename" => {
                let prepared = server.request("textDocument/prepareRename", at.clone()).expect("prepare answers");
                let shown =
                    if prepared.is_null() { "(refused)".into() } else { range(&text, &lines, &prepared["range"]) };
                writeln!(out, "prepare: {shown}").unwrap();
                let mut asked = at.clone();
                asked["newName"] = json!(new_name.unwrap_or("renamed"));
                match server.request("textDocument/rename", asked) {
                    Ok(edit) => {
                        for e in edit["changes"][&uri].as_array().into_iter().flatten() {
                            writeln!(out, "{} -> {}", range(&text, &lines, &e["range"]), e["newText"]).unwrap();
                        }
                    }
                    Err(e) => writeln!(out, "refused: {}", e.message).unwrap(),
                }
            }
            "completion" => {
                let items = server.request("textDocument/completion", at).expect("completion answers");
                let mut items: Vec<&Value> = items.as_array().into_iter().flatten().collect();
                items.sort_by_key(|i| i["sortText"].as_str().unwrap_or("").to_string());
                let shown: Vec<String> = items
                    .iter()
                    .map(|i| {
                        let kind = i["kind"].as_u64().unwrap_or(0);
                        format!("{}({kind})", i["label"].as_str().unwrap_or("?"))
                    })
                    .collect();
                writeln!(out, "{}", shown.join(" ")).unwrap();
            }
            other => panic!("{name}: no request {other}"),
        }
    }

    writeln!(out, "\n== symbols").unwrap();
    let symbols = server.request("textDocument/documentSymbol", json!({ "textDocument": td })).expect("symbols");
    fn outline(out: &mut String, symbols: &Value, depth: usize) {
        for s in symbols.as_array().into_iter().flatten() {
            let detail = s["detail"].as_str().unwrap_or("");
            writeln!(out, "{}{} ({detail}, kind {})", "  ".repeat(depth), s["name"].as_str().unwrap_or("?"), s["kind"])
                .unwrap();
            outline(out, &s["children"], depth + 1);
        }
    }
    outline(&mut out, &symbols, 0);

    writeln!(out, "\n== semantic tokens").unwrap();
    let legend = serde_json::to_value(capabilities().semantic_tokens_provider).unwrap();
    let types = legend["legend"]["tokenTypes"].as_array().cloned().unwrap_or_default();
    let modifiers = legend["legend"]["tokenModifiers"].as_array().cloned().unwrap_or_default();
    let tokens = server.request("textDocument/semanticTokens/full", json!({ "textDocument": td })).expect("tokens");
    let data: Vec<u64> = tokens["data"].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
    let (mut line, mut column) = (0, 0);
    let text_lines: Vec<&str> = text.split('\n').collect();
    for t in data.chunks(5) {
        line += t[0];
        column = if t[0] == 0 { column + t[1] } else { t[1] };
        let utf16: Vec<u16> = text_lines[line as usize].encode_utf16().collect();
        let word = String::from_utf16_lossy(&utf16[column as usize..(column + t[2]) as usize]);
        let word = cut(&word, 30);
        let mods: Vec<&str> =
            (0..modifiers.len()).filter(|b| t[4] & (1 << b) != 0).filter_map(|b| modifiers[b].as_str()).collect();
        let ty = types.get(t[3] as usize).and_then(Value::as_str).unwrap_or("?");
        writeln!(
            out,
            "{}:{} {ty}{} {word:?}",
            line + 1,
            column + 1,
            if mods.is_empty() { String::new() } else { format!(" [{}]", mods.join(",")) }
        )
        .unwrap();
    }

    writeln!(out, "\n== formatting").unwrap();
    let edits = server
        .request(
            "textDocument/formatting",
            json!({ "textDocument": td, "options": { "tabSize": 4, "insertSpaces": true } }),
        )
        .expect("formatting answers");
    let n = edits.as_array().map_or(0, Vec::len);
    writeln!(out, "{}", if n == 0 { "already laid out".to_string() } else { format!("{n} edit(s)") }).unwrap();
    out
}

/// At most `n` characters of `s`, `...` after a cut.
fn cut(s: &str, n: usize) -> String {
    if s.chars().count() > n {
        format!("{}...", s.chars().take(n).collect::<String>())
    } else {
        s.to_string()
    }
}

fn lines_count(text: &str) -> usize {
    text.matches('\n').count() + 1
}

#[test]
fn every_fixture_answers_as_its_snapshot_says() {
    let mut names: Vec<String> = std::fs::read_dir(DIR)
        .expect("tests/fixtures/lsp")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".cardgame"))
        .collect();
    names.sort();
    assert!(names.len() >= 3, "the fixtures are there: {names:?}");
    for name in names {
        insta::assert_snapshot!(name.clone(), answers(&name));
    }
}

/// Half typed, a text does not parse: completion still offers the names of the last version
/// that did, by what the grammar expects where the cursor is.
#[test]
fn completion_while_the_text_does_not_parse_uses_the_last_version_that_did() {
    let fixture = std::fs::read_to_string(format!("{DIR}/completion.cardgame")).expect("the fixture");
    let (text, _) = markers(&fixture);
    let uri = format!("file://{DIR}/half_typed.cardgame");
    let mut server = Handler::new(Links::default());
    let doc = json!({ "uri": uri, "languageId": "cardgame", "version": 1, "text": text });
    server.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    let td = json!({ "uri": uri });
    // The first request builds the index of the version that parses.
    let at_start = json!({ "textDocument": td, "position": { "line": 0, "character": 0 } });
    server.request("textDocument/completion", at_start).expect("completion answers");
    let mut labels_after = |typed: &str| -> Vec<String> {
        let (head, tail) = text.split_at(text.find("            move c to").expect("a move in the fixture"));
        let edited = format!("{head}            {typed}\n{tail}");
        let change = json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": edited }] });
        server.notify("textDocument/didChange", change);
        let offset = head.len() + 12 + typed.len();
        let p = LineIndex::new(&edited).position(&edited, offset);
        let at = json!({ "textDocument": td, "position": { "line": p.line, "character": p.character } });
        let items = server.request("textDocument/completion", at).expect("completion answers");
        let mut items: Vec<&Value> = items.as_array().into_iter().flatten().collect();
        items.sort_by_key(|i| i["sortText"].as_str().unwrap_or("").to_string());
        items.iter().map(|i| i["label"].as_str().unwrap_or("?").to_string()).collect()
    };
    let zones = labels_after("move top of ");
    assert_eq!(zones.iter().take(3).collect::<Vec<_>>(), ["hand", "pack", "pile"], "zones first: {zones:?}");
    assert!(!zones.contains(&"setup".to_string()), "no procedure where a zone goes: {zones:?}");
    let suits = labels_after("if c.suit == ");
    assert_eq!(suits.iter().take(2).collect::<Vec<_>>(), ["hearts", "spades"], "the suits first: {suits:?}");
    let props = labels_after("if c.");
    assert_eq!(props, ["rank", "suit"], "only properties after a dot");
    let statement = labels_after("");
    for word in ["move", "shuffle", "if", "for each"] {
        assert!(statement.iter().any(|l| l == word), "`{word}` starts a statement: {statement:?}");
    }
    assert!(!statement.iter().any(|l| l == "procedure"), "no declaration inside a block: {statement:?}");
}
