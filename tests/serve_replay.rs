//! Replays in `cardlang serve`, over HTTP: a finished table steps through its game one decision
//! at a time as an onlooker saw it (the steps' lines are the spectators' log, the last step's
//! table is the spectators' table at the end), and so does any `cardlang transcript --format
//! jsonl` file given with `--replay FILE`. A file that is not a transcript of a game served, or
//! whose decisions do not fit the game, is a clear error at start naming the line.

use std::process::Command;

use serde_json::{json, Value};

use crate::serve::{create, root, scratch, Server};

/// Plays a table with one person to its end over HTTP, the person taking the first choice.
fn play_to_end(server: &Server, token: &str) -> Value {
    for _ in 0..5000 {
        let (view, _) = server.view(token);
        if view["end"].is_object() {
            return view;
        }
        let menu = &view["menu"];
        assert!(menu.is_object(), "a person's seat with no end has a menu: {view}");
        let (status, after) = server.post_json(
            &format!("/api/t/{token}/move"),
            &json!({"at": menu["at"], "action": menu["choices"][0]["action"]}),
        );
        assert_eq!(status, 200, "{after}");
    }
    panic!("the game did not end");
}

fn get_json(server: &Server, path: &str) -> (u16, Value) {
    let (status, text) = server.get(path);
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON: {text}")))
}

#[test]
fn a_finished_table_replays_step_by_step_as_the_spectators_saw_it() {
    let dir = scratch("replay_table");
    let server = Server::start(&[root("games/wild_twist_gin.cardgame")], &dir.join("tables.sqlite"));
    let table = create(
        &server,
        &json!({"game": "wild_twist_gin", "seats": ["human", "greedy"], "seed": 11,
                "options": [["target", "1"], ["max_turns", "200"]]}),
    );
    let token = &table.seats[0].1;
    // Before the end there is nothing to replay.
    let (status, refused) = get_json(&server, &format!("/api/t/{token}/replay"));
    assert_eq!((status, refused["code"].as_str()), (409, Some("cardlang::serve::not_over")));

    let end = play_to_end(&server, token);
    let (status, replay) = get_json(&server, &format!("/api/t/{token}/replay"));
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().expect("steps");
    // The deal, then one step per decision taken (the person's and the agent's).
    assert_eq!(steps.len() as u64, end["step"].as_u64().expect("a step") + 1);
    assert!(steps[0]["who"].is_null());
    assert!(steps[1..].iter().all(|s| s["who"].as_str().is_some_and(|w| w.starts_with("player "))));
    assert_eq!(replay["seats"], json!(["human", "greedy"]));
    assert_eq!(replay["seed"], json!(11));

    // What the onlooker was told, step after step, is the spectators' log; the table at the last
    // step is the spectators' table at the end, and the end reads the same.
    let (spectator, _) = server.view(&table.spectator);
    let told: Vec<Value> = steps.iter().flat_map(|s| s["lines"].as_array().expect("lines").clone()).collect();
    assert_eq!(Value::Array(told), spectator["lines"]);
    assert_eq!(steps.last().expect("a last step")["panel"], spectator["panel"]);
    assert_eq!(replay["end"]["result"], end["end"]["result"]);
    // The same from the spectators' link.
    let (status, again) = get_json(&server, &format!("/api/t/{}/replay", table.spectator));
    assert_eq!((status, &again), (200, &replay));
}

/// `cardlang transcript --format jsonl` of a game of agents.
fn transcript(game: &str, seed: &str, players: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(["transcript", &root(game), "--format", "jsonl", "--seed", seed, "--players", players])
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// `cardlang serve GAME --replay FILE` run until it fails to start: its exit code and what it said.
fn refused_at_start(game: &str, file: &std::path::Path, data: &std::path::Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cardlang"))
        .args(["serve", &root(game), "--port", "0", "--data"])
        .arg(data)
        .arg("--replay")
        .arg(file)
        .output()
        .expect("the binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn any_jsonl_transcript_replays_with_replay_file() {
    let dir = scratch("replay_file");
    let text = transcript("games/wilcox_war.cardgame", "5", "random,greedy");
    let file = dir.join("game.jsonl");
    std::fs::write(&file, &text).expect("the transcript is written");
    let decisions = text.lines().filter(|l| l.contains("\"event\":\"decision\"")).count();
    let end: Value = serde_json::from_str(text.lines().last().expect("a last line")).expect("JSON");
    assert_eq!(end["event"], "end");

    // Without --replay there is none to show.
    let plain = Server::start(&[root("games/wilcox_war.cardgame")], &dir.join("plain.sqlite"));
    let (status, refused) = get_json(&plain, "/api/replay");
    assert_eq!((status, refused["code"].as_str()), (404, Some("cardlang::serve::no_replay")));
    drop(plain);

    let server = Server::start_with(
        &[root("games/wilcox_war.cardgame")],
        &dir.join("tables.sqlite"),
        &["--replay".as_ref(), file.as_os_str()],
    );
    let (status, replay) = get_json(&server, "/api/replay");
    assert_eq!(status, 200, "{replay}");
    assert_eq!(replay["steps"].as_array().expect("steps").len(), decisions + 1);
    assert_eq!(replay["seats"], json!(["random", "greedy"]));
    let winners = end["winners"].as_array().expect("winners");
    let result = replay["end"]["result"].as_str().expect("the end");
    for w in winners {
        assert!(result.contains(&format!("player {w}")), "{result} names the winner {w}");
    }
}

#[test]
fn a_file_that_does_not_replay_is_a_clear_error_at_start() {
    let dir = scratch("replay_bad");
    let data = dir.join("tables.sqlite");
    let text = transcript("games/wilcox_war.cardgame", "5", "random,random");
    let write = |name: &str, body: &str| {
        let path = dir.join(name);
        std::fs::write(&path, body).expect("a file is written");
        path
    };
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();

    // Not JSON on its third line.
    let mut broken = lines.clone();
    broken[2] = "{not json".into();
    let (code, said) = refused_at_start("games/wilcox_war.cardgame", &write("broken.jsonl", &broken.join("\n")), &data);
    assert_eq!(code, 1, "{said}");
    assert!(crate::common::says(&said, "line 3: not JSON"), "{said}");

    // Not a transcript at all.
    let (code, said) = refused_at_start("games/wilcox_war.cardgame", &write("other.jsonl", "{\"a\": 1}\n"), &data);
    assert_eq!(code, 1, "{said}");
    assert!(crate::common::says(&said, "line 1: a transcript starts with its `game` line"), "{said}");

    // A game that is not served.
    let (code, said) = refused_at_start("games/klondike.cardgame", &write("war.jsonl", &text), &data);
    assert_eq!(code, 1, "{said}");
    assert!(crate::common::says(&said, "is not served here: give its file too"), "{said}");

    // A decision that is not one of the player's choices at that point.
    let at = lines.iter().position(|l| l.contains("\"event\":\"decision\"")).expect("a decision");
    let mut d: Value = serde_json::from_str(&lines[at]).expect("JSON");
    d["chosen"] = json!("no such card");
    lines[at] = d.to_string();
    let (code, said) = refused_at_start("games/wilcox_war.cardgame", &write("forged.jsonl", &lines.join("\n")), &data);
    assert_eq!(code, 1, "{said}");
    assert!(crate::common::says(&said, &format!("line {}: `no such card` is not one of player", at + 1)), "{said}");

    // A missing file.
    let (code, said) = refused_at_start("games/wilcox_war.cardgame", &dir.join("absent.jsonl"), &data);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("absent.jsonl"), "{said}");
}
