//! `simulate --compare` and `--sweep`: each column is exactly the simulation of its variant or
//! option value on its own, and mistakes are refused with a message.

use crate::common::cardlang;

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn each_compared_variant_is_the_simulation_of_that_variant_alone() {
    let base = ["simulate", "games/wilcox_war.cardgame", "-n", "40", "--seed", "5", "--json"];
    let (code, out, err) = cardlang(&[&base[..], &["--compare", "base,single_deck"]].concat());
    assert_eq!(code, 0, "{err}");
    let doc = json(&out);
    assert_eq!(doc["compare"], "variant");
    let columns = doc["columns"].as_array().expect("columns");
    assert_eq!(columns.len(), 2);
    assert_eq!(columns[0]["label"], "base");
    let (_, alone, _) = cardlang(&base);
    assert_eq!(columns[0]["summary"], json(&alone), "the base column is the plain simulation");
    let (_, single, _) = cardlang(&[&base[..], &["--variant", "single_deck"]].concat());
    assert_eq!(columns[1]["summary"], json(&single), "the single_deck column is that variant's simulation");
}

#[test]
fn a_sweep_runs_each_value_of_an_option() {
    let (code, out, err) = cardlang(&[
        "simulate",
        "games/wilcox_war.cardgame",
        "-n",
        "30",
        "--seed",
        "2",
        "--json",
        "--sweep",
        "hidden_prizes=1..3",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc = json(&out);
    assert_eq!(doc["compare"]["option"], "hidden_prizes");
    let labels: Vec<&str> =
        doc["columns"].as_array().into_iter().flatten().filter_map(|c| c["label"].as_str()).collect();
    assert_eq!(labels, ["hidden_prizes = 1", "hidden_prizes = 2", "hidden_prizes = 3"]);
    for (i, v) in [1, 2, 3].iter().enumerate() {
        assert_eq!(doc["columns"][i]["summary"]["options"]["hidden_prizes"], *v);
    }
    let (code, text, _) =
        cardlang(&["simulate", "games/wilcox_war.cardgame", "-n", "30", "--seed", "2", "--sweep", "hidden_prizes=0,4"]);
    assert_eq!(code, 0);
    assert!(text.starts_with("Wilcox War: values of `hidden_prizes` compared, 30 games each"), "{text}");
    assert!(text.contains("hidden_prizes = 0") && text.contains("player 1 wins") && text.contains("(95% interval)"));
}

#[test]
fn a_comparison_page_has_its_table_and_charts() {
    let page = std::env::temp_dir().join(format!("cardlang-compare-{}.html", std::process::id()));
    let path = page.to_string_lossy().into_owned();
    let (code, out, err) = cardlang(&[
        "simulate",
        "games/wild_twist_solitaire.cardgame",
        "-n",
        "20",
        "--compare",
        "base,redeal",
        "--report",
        &path,
    ]);
    assert_eq!(code, 0, "{err}{out}");
    let html = std::fs::read_to_string(&page).expect("the page is written");
    let _ = std::fs::remove_file(&page);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<th>redeal</th>"));
    assert!(html.contains("<svg id=\"compare-wins\"") && html.contains("<svg id=\"compare-lengths\""));
    assert!(html.matches("class=\"tick\"").count() >= 10);
}

#[test]
fn mistakes_in_a_comparison_are_refused_with_a_message() {
    let sim = ["simulate", "games/wilcox_war.cardgame", "-n", "5"];
    let cases: &[(&[&str], &str)] = &[
        (&["--compare", "base,base"], "named twice"),
        (&["--compare", "base,single_deck", "--variant", "single_deck"], "leave out --variant"),
        (&["--compare", "base", "--sweep", "hidden_prizes=1..2"], "not both"),
        (&["--compare", "base,single_deck", "--shard", "1/2"], "--shard"),
        (&["--sweep", "hidden_prizes"], "is not NAME=VALUES"),
        (&["--sweep", "hidden_prizes=3..1"], "is empty"),
        (&["--sweep", "hidden_prizes=1..x"], "not a range of whole numbers"),
        (&["--sweep", "hidden_prizes=0..999"], "at most 50"),
        (&["--sweep", "hidden_prizes=1,,2"], "empty value"),
        (&["--sweep", "hiden_prizes=1..2"], "hidden_prizes"),
        (&["--sweep", "hidden_prizes=1..11"], "out of range"),
        (&["--compare", "base,singel_deck"], "single_deck"),
    ];
    for (extra, says) in cases {
        let (code, out, err) = cardlang(&[&sim[..], extra].concat());
        assert_eq!(code, 2, "{extra:?}: {out}{err}");
        assert!(err.contains(says), "{extra:?} should say `{says}`: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
