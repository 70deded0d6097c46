use super::support::*;
use cardlang::engine::Recorder;

#[test]
fn scratch() {
    let g = game("wild_twist_war", None, &[("max_battles", "2")]);
    let mut log = Recorder::default();
    let s = start(&g, &[top("deck of player 1", &["9♣", "2♥", "3♥", "4♥", "A♥"]), top("deck of player 2", &["9♠", "2♦", "3♦", "4♦", "K♥"])], &mut log);
    for l in &log.lines { println!("{l}"); }
    println!("{:?}", cards(&s, "score of player 1"));
    panic!();
}
