//! The VS Code extension's TextMate grammar against the pest grammar (issue 40): runs
//! `editors/vscode/test/grammar.test.js` (`npm test` there), which reads the reserved words from
//! `grammar/cardgame.pest`'s `keyword` rule and tokenizes every game, variant and cookbook example
//! with the real tokenizer (vscode-textmate on vscode-oniguruma). It needs Node.js and
//! `npm ci` in `editors/vscode`; without them the test says it was skipped and checks nothing.

use std::path::Path;
use std::process::Command;

#[test]
fn the_textmate_grammar_scopes_every_reserved_word_as_a_keyword_on_every_game() {
    let vscode = Path::new(env!("CARGO_MANIFEST_DIR")).join("editors").join("vscode");
    let node_runs = Command::new("node").arg("--version").output().is_ok_and(|out| out.status.success());
    if !node_runs {
        crate::common::skipped("skipped: no node on the PATH for the TextMate grammar test (install Node.js, then run npm ci in editors/vscode)");
        return;
    }
    let modules = vscode.join("node_modules");
    let missing: Vec<&str> = ["vscode-textmate", "vscode-oniguruma"]
        .into_iter()
        .filter(|m| !modules.join(m).join("package.json").is_file())
        .collect();
    if !missing.is_empty() {
        crate::common::skipped(&format!(
            "skipped: editors/vscode/node_modules lacks {} for the TextMate grammar test (run npm ci in editors/vscode)",
            missing.join(" and ")
        ));
        return;
    }
    let out = Command::new("node")
        .arg(Path::new("test").join("grammar.test.js"))
        .current_dir(&vscode)
        .output()
        .expect("node runs the grammar test");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the TextMate grammar test failed ({}):\n{stdout}{stderr}", out.status);
    assert!(stdout.contains("ok: every reserved word is a keyword"), "the grammar test said:\n{stdout}{stderr}");
    eprintln!("{stdout}");
}
