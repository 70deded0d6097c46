//! Damaged game files never crash cardlang: every mutation of every game in games/ either gets
//! diagnostics or, if it still checks, plays to an end (or a limit) without a panic.

use cardlang::check::{self, variants, Config};
use cardlang::engine::{rng::Rng, Game, Limits, NoEvents, State};

/// A damaged copy of `text`: a line dropped or repeated, a word dropped, swapped or replaced,
/// or a span cut out, chosen by `rng`.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let words: Vec<&str> = text.split_whitespace().collect();
    let pick = |rng: &mut Rng, n: usize| rng.below(n.max(1) as u64) as usize;
    match rng.below(6) {
        0 => {
            let i = pick(rng, lines.len());
            lines.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, l)| *l).collect::<Vec<_>>().join("\n")
        }
        1 => {
            let i = pick(rng, lines.len());
            let mut out: Vec<&str> = lines.clone();
            out.insert(i, lines[i]);
            out.join("\n")
        }
        2 => {
            let i = pick(rng, words.len());
            words.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, w)| *w).collect::<Vec<_>>().join(" ")
        }
        3 => {
            let (i, j) = (pick(rng, words.len()), pick(rng, words.len()));
            let mut w = words.clone();
            w.swap(i, j);
            w.join(" ")
        }
        4 => {
            let replacements =
                ["0", "-1", "player 9", "none", "{}", "true", "top of", "(", "}", "99999999999999999999"];
            let i = pick(rng, words.len());
            let r = replacements[pick(rng, replacements.len())];
            words.iter().enumerate().map(|(j, w)| if j == i { r } else { w }).collect::<Vec<_>>().join(" ")
        }
        _ => {
            let chars: Vec<char> = text.chars().collect();
            let a = pick(rng, chars.len());
            let b = (a + pick(rng, 40)).min(chars.len());
            chars[..a].iter().chain(chars[b..].iter()).collect()
        }
    }
}

fn play_briefly(game: std::sync::Arc<Game>, seed: u64) {
    let limits = Limits { max_steps: 200_000, max_depth: 200, max_steps_per_decision: 200_000 };
    let mut state = State::with_sink(game, seed, limits, &mut NoEvents);
    let mut rng = Rng::new(seed);
    for _ in 0..2_000 {
        let players = state.to_move().seats();
        if players.is_empty() {
            return;
        }
        for p in players {
            let legal = state.legal_actions(p);
            assert!(!legal.is_empty(), "a player asked to choose has a choice");
            let a = legal[rng.below(legal.len() as u64) as usize];
            let _ = state.action_label(p, a);
            state.apply(p, a).expect("a legal action is accepted");
        }
        let _ = state.observation(0);
    }
}

#[test]
fn damaged_games_get_diagnostics_or_play_without_crashing() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/games");
    let mut rng = Rng::new(2026);
    let (mut refused, mut played) = (0, 0);
    for entry in std::fs::read_dir(dir).expect("games/").flatten() {
        if entry.path().extension().and_then(|e| e.to_str()) != Some("cardgame") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("readable");
        for _ in 0..150 {
            let damaged = mutate(&text, &mut rng);
            let Ok(file) = cardlang::syntax::parse(&damaged) else {
                refused += 1;
                continue;
            };
            // Lints read any file that parses, even one the checker refuses.
            for w in check::lints::lint(&file) {
                let _ = w.to_string();
            }
            let errors = check::check_all(&file);
            if !errors.is_empty() {
                refused += 1;
                for e in &errors {
                    let _ = e.to_string();
                }
                continue;
            }
            let mut names = vec![None];
            names.extend(variants::variant_decls(&file).iter().map(|v| Some(v.name.text.clone())));
            for v in names {
                if let Ok(p) = check::check(&file, &Config { variant: v, sets: Vec::new(), seats: None }) {
                    play_briefly(Game::new(p), rng.next_u64());
                    played += 1;
                }
            }
        }
    }
    assert!(refused > 100, "most damaged files are refused ({refused})");
    assert!(played > 10, "some damaged files still play ({played})");
}
