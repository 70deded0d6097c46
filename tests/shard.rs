//! `simulate --shard K/N` and `merge`: the shards of a simulation, merged, give byte for byte the
//! text, JSON and HTML report of one run over all its games; and shards that do not make one
//! whole simulation are refused with an error naming the file at fault.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::says;
use cardlang::simulate::tally::{CounterTally, Sample, Tally};

const COIN_RACE: &str = "tests/fixtures/coin_race.cardgame";
const FOUR_PRIZES: &str = "games/variants/wilcox_war_four_prizes.cardgame";

/// A fresh, empty folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shard").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// Runs `cardlang` in `dir`: exit code, standard output, standard error.
fn cardlang(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_cardlang")).args(args).current_dir(dir).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `cardlang` in `dir` and expects success: its standard output.
fn ok(dir: &Path, args: &[&str]) -> String {
    let (code, out, err) = cardlang(dir, args);
    assert_eq!(code, 0, "cardlang {args:?} failed: {err}");
    out
}

/// Runs `cardlang` in `dir` and expects it to fail with exit code 2: its standard error, on one
/// line (a rendered diagnostic wraps long messages).
fn refused(dir: &Path, args: &[&str]) -> String {
    let (code, out, err) = cardlang(dir, args);
    assert_eq!(code, 2, "cardlang {args:?} should be refused; it printed {out}{err}");
    err.replace('│', " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

fn game(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path).to_string_lossy().into_owned()
}

/// The text, JSON and report of a simulation, run whole in one folder and as `n` shards merged in
/// another; shards are played with one thread each and merged in reverse order.
fn whole_and_merged(name: &str, path: &str, settings: &[&str], n: u64) -> [(String, String); 3] {
    let game = game(path);
    let whole = folder(&format!("{name}_whole_{n}"));
    let mut args = vec!["simulate", game.as_str()];
    args.extend(settings);
    let json = ok(&whole, &[args.as_slice(), &["--json", "--report", "r.html"]].concat());
    let text = ok(&whole, &[args.as_slice(), &["--report", "r.html"]].concat());
    let html = std::fs::read_to_string(whole.join("r.html")).expect("the report");

    let parts = folder(&format!("{name}_parts_{n}"));
    let mut files = Vec::new();
    for k in 1..=n {
        let (slice, file) = (format!("{k}/{n}"), format!("part{k}.json"));
        let said = ok(&parts, &[args.as_slice(), &["--jobs", "1", "--shard", &slice, "--out", &file]].concat());
        assert!(said.starts_with(&format!("shard {slice}: games ")), "{said}");
        files.push(file);
    }
    files.reverse();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let merged_json = ok(&parts, &[&["merge"], files.as_slice(), &["--json", "--report", "r.html"]].concat());
    let merged_text = ok(&parts, &[&["merge"], files.as_slice(), &["--report", "r.html"]].concat());
    let merged_html = std::fs::read_to_string(parts.join("r.html")).expect("the merged report");
    [(text, merged_text), (json, merged_json), (html, merged_html)]
}

fn assert_same(name: &str, n: u64, outputs: [(String, String); 3]) {
    for ((whole, merged), what) in outputs.into_iter().zip(["text", "JSON", "report"]) {
        assert!(whole.len() > 200, "{what} of {name} is too short to prove anything:\n{whole}");
        assert!(whole == merged, "{name}, {n} shards: the merged {what} differs:\n{whole}\n---\n{merged}");
    }
}

#[test]
fn merged_shards_of_the_coin_race_are_byte_for_byte_one_run() {
    // Ten sample games, so the samples fall in several shards.
    for n in [1, 2, 3, 7] {
        let outputs = whole_and_merged("coin", COIN_RACE, &["-n", "50", "--seed", "11", "--samples", "10"], n);
        assert_same("coin race", n, outputs);
    }
}

#[test]
fn merged_shards_of_a_variant_with_options_are_byte_for_byte_one_run() {
    let settings = ["-n", "12", "--seed", "3", "--players", "greedy,random", "--set", "max_turns=30"];
    for n in [1, 2, 3, 7] {
        assert_same("four prizes", n, whole_and_merged("prizes", FOUR_PRIZES, &settings, n));
    }
}

#[test]
fn more_shards_than_games_leaves_some_empty_and_still_merges() {
    assert_same("coin race", 7, whole_and_merged("empty", COIN_RACE, &["-n", "3"], 7));
}

#[test]
fn a_shard_goes_to_standard_output_without_out() {
    let dir = folder("stdout");
    let doc = ok(&dir, &["simulate", &game(COIN_RACE), "-n", "10", "--shard", "2/3"]);
    let v: serde_json::Value = serde_json::from_str(&doc).expect("a JSON document");
    assert_eq!((v["format"].as_str(), v["version"].as_u64()), (Some("cardlang-shard"), Some(1)));
    assert_eq!((v["shard"].as_u64(), v["shards"].as_u64()), (Some(2), Some(3)));
    assert_eq!(v["simulation"]["games"].as_u64(), Some(10));
    assert_eq!(v["tally"]["games"].as_u64(), Some(3), "games 3..6 of 10");
}

#[test]
fn a_tally_survives_json_exactly() {
    let mut t = Tally::new(2, 1);
    t.games = 3;
    t.wins = vec![u64::MAX, 0];
    t.lengths.insert(i64::MIN, 1);
    t.lengths.insert(-1, 1);
    t.lengths.insert(i64::MAX, 1);
    t.counters = vec![CounterTally { sum: i64::MIN, positive: 1, max: i64::MAX }];
    t.winner_deficit_sum = i64::MAX;
    t.samples.insert(u64::MAX, Sample { seed: u64::MAX, winners: vec![1], trace: vec![(i64::MIN, i64::MAX)] });
    t.samples.insert(0, Sample { seed: 0, winners: vec![], trace: vec![] });
    let json = serde_json::to_string(&t).expect("serialises");
    assert!(json.contains("\"lengths\":[[-9223372036854775808,1],[-1,1],[9223372036854775807,1]]"), "{json}");
    assert_eq!(serde_json::from_str::<Tally>(&json).expect("reads back"), t);
    let twice = json.replace("[-1,1]", "[-1,1],[-1,2]");
    let err = serde_json::from_str::<Tally>(&twice).expect_err("a length given twice");
    assert!(err.to_string().contains("the key -1 appears twice"), "{err}");
}

#[test]
fn bad_shard_values_are_refused_with_the_reason() {
    let dir = folder("values");
    let g = game(COIN_RACE);
    for (value, why) in [
        ("0/3", "K must be from 1 to 3"),
        ("4/3", "K must be from 1 to 3"),
        ("1/0", "N, how many slices, must be at least 1"),
        ("3", "expected K/N"),
        ("a/3", "`a` is not a whole number"),
        ("1/-2", "`-2` is not a whole number"),
    ] {
        let err = refused(&dir, &["simulate", &g, "--shard", value]);
        assert!(err.contains(why), "--shard {value}: {err}");
    }
    let err = refused(&dir, &["simulate", &g, "--shard", "1/2", "--report", "r.html"]);
    assert!(says(&err, "--shard writes a shard document (JSON), not a report, so --report"), "{err}");
    assert!(says(&err, "cardlang merge SHARD.json... --report FILE"), "{err}");
    assert!(!dir.join("r.html").exists());
    let err = refused(&dir, &["simulate", &g, "--shard", "1/2", "--json"]);
    assert!(says(&err, "so --json does not go with it"), "{err}");
    let err = refused(&dir, &["simulate", &g, "--out", "s.json"]);
    assert!(says(&err, "--out is where --shard K/N writes its shard document"), "{err}");
}

/// Three shards of a small coin race in a fresh folder, `s1.json` .. `s3.json`, and the folder.
fn three_shards(name: &str) -> PathBuf {
    let dir = folder(name);
    for k in 1..=3 {
        ok(
            &dir,
            &["simulate", &game(COIN_RACE), "-n", "9", "--shard", &format!("{k}/3"), "--out", &format!("s{k}.json")],
        );
    }
    dir
}

#[test]
fn a_missing_shard_is_named() {
    let dir = three_shards("missing");
    let err = refused(&dir, &["merge", "s1.json", "s3.json"]);
    assert!(err.contains("cardlang::merge::missing"), "{err}");
    assert!(says(&err, "shard 2 of 3 is missing (`s1.json` says its simulation has 3 shards)"), "{err}");
    let err = refused(&dir, &["merge", "s2.json"]);
    assert!(says(&err, "shards 1 and 3 of 3 are missing"), "{err}");
}

#[test]
fn a_shard_given_twice_is_named() {
    let dir = three_shards("twice");
    std::fs::copy(dir.join("s2.json"), dir.join("copy.json")).expect("copies");
    let err = refused(&dir, &["merge", "s1.json", "s2.json", "copy.json", "s3.json"]);
    assert!(err.contains("cardlang::merge::duplicate"), "{err}");
    assert!(says(&err, "`copy.json` is shard 2/3, and so is `s2.json`"), "{err}");
}

#[test]
fn shards_of_different_simulations_are_not_merged() {
    let dir = three_shards("different");
    let g = game(COIN_RACE);
    let other = |args: &[&str]| {
        let doc = ok(&dir, &[&["simulate", g.as_str(), "-n", "9", "--shard", "3/3"], args].concat());
        std::fs::write(dir.join("other.json"), doc).expect("writes");
        refused(&dir, &["merge", "s1.json", "s2.json", "other.json"])
    };
    let err = other(&["--seed", "5"]);
    assert!(err.contains("cardlang::merge::different"), "{err}");
    assert!(
        says(&err, "`other.json` is from another simulation than `s1.json`: its seed is 5, but 0 in `s1.json`"),
        "{err}"
    );
    assert!(says(&err, "the same game file, variant, options, --players, --seed, -n"), "{err}");
    let err = other(&["--players", "greedy,random"]);
    assert!(err.contains("its players is [\"greedy\",\"random\"], but [\"random\",\"random\"]"), "{err}");
    let err = other(&["--samples", "5"]);
    assert!(says(&err, "its samples is 5, but 3"), "{err}");
    let err = refused(&dir, &["merge", "s1.json", "s2.json", "s3.json", "other.json"]);
    assert!(says(&err, "its samples is 5"), "a whole set and a stray shard: {err}");

    let doc = ok(&dir, &["simulate", &g, "-n", "10", "--shard", "3/3"]);
    std::fs::write(dir.join("other.json"), doc).expect("writes");
    let err = refused(&dir, &["merge", "s1.json", "s2.json", "other.json"]);
    assert!(says(&err, "its number of games is 10, but 9"), "{err}");

    let doc = ok(&dir, &["simulate", &g, "-n", "9", "--shard", "3/4"]);
    std::fs::write(dir.join("other.json"), doc).expect("writes");
    let err = refused(&dir, &["merge", "s1.json", "s2.json", "other.json"]);
    assert!(says(&err, "its N is 4, but 3"), "{err}");

    // The same title and settings, but a rule changed in between.
    let changed = std::fs::read_to_string(&g).expect("reads").replace("to 2 points", "to 2 points ");
    std::fs::write(dir.join("changed.cardgame"), changed).expect("writes");
    let doc = ok(&dir, &["simulate", "changed.cardgame", "-n", "9", "--shard", "3/3"]);
    std::fs::write(dir.join("other.json"), doc).expect("writes");
    let err = refused(&dir, &["merge", "s1.json", "s2.json", "other.json"]);
    assert!(says(&err, "its rules hash (the game's files differ) is"), "{err}");
}

#[test]
fn files_that_are_not_shards_are_named() {
    let dir = three_shards("bad_files");
    let err = refused(&dir, &["merge", "s1.json", "nowhere.json"]);
    assert!(err.contains("cardlang::merge::read") && says(&err, "cannot read `nowhere.json`"), "{err}");

    std::fs::write(dir.join("text.json"), "seat  player   wins\n").expect("writes");
    let err = refused(&dir, &["merge", "s1.json", "text.json"]);
    assert!(says(&err, "`text.json` is not a shard document: it is not JSON"), "{err}");

    let report = ok(&dir, &["simulate", &game(COIN_RACE), "-n", "9", "--json"]);
    std::fs::write(dir.join("report.json"), report).expect("writes");
    let err = refused(&dir, &["merge", "report.json"]);
    assert!(err.contains("`report.json` is not a shard document: it has no `\"format\": \"cardlang-shard\"`"), "{err}");
    assert!(says(&err, "(not `simulate --json`)"), "{err}");

    let s3 = std::fs::read_to_string(dir.join("s3.json")).expect("reads");
    let edit = |name: &str, from: &str, to: &str| {
        assert!(s3.contains(from), "{from} in {s3}");
        std::fs::write(dir.join(name), s3.replacen(from, to, 1)).expect("writes");
        refused(&dir, &["merge", "s1.json", "s2.json", name])
    };
    let err = edit("v2.json", "\"version\":1", "\"version\":2");
    assert!(says(&err, "`v2.json` is a shard document of version 2; this cardlang reads version 1"), "{err}");
    let err = edit("cut.json", "\"tally\":{\"games\":3", "\"tally\":{\"games\":\"3\"");
    assert!(says(&err, "`cut.json` is a damaged shard document: invalid type"), "{err}");
    let err = edit("games.json", "\"tally\":{\"games\":3", "\"tally\":{\"games\":4");
    assert!(says(&err, "shard 3/3 of 9 games holds 3 games, but its tally has 4"), "{err}");
    let err = edit("seats.json", "\"wins\":[", "\"wins\":[0,");
    assert!(says(&err, "the tally has wins for 3 seats, but 2 players"), "{err}");
    let err = edit("seat.json", "\"seat\":1", "\"seat\":2");
    assert!(says(&err, "it names a seat beyond its 2 players"), "{err}");
    let err = edit("draws.json", "\"draws\":0", "\"draws\":4");
    assert!(says(&err, "its counts of games do not add up"), "{err}");
    let err = edit("sums.json", "\"decisions\":", "\"decisions\":18446744073709551615,\"was\":");
    assert!(says(&err, "`sums.json` is a damaged shard document: its sums overflow"), "{err}");

    std::fs::write(dir.join("list.json"), "[1, 2]").expect("writes");
    let err = refused(&dir, &["merge", "list.json"]);
    assert!(err.contains("`list.json` is not a shard document: it has no `\"format\""), "{err}");
}
