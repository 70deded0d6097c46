use super::support::*;
use cardlang::engine::Recorder;

#[test]
fn probe() {
    let g = game("wilcox_war", None, &[]);
    let mut log = Recorder::default();
    let s = start(&g, &[move_all("hand of player 2", "draw of player 2"), top("hand of player 2", &["10♠", "4♦", "5♦"])], &mut log);
    for l in &log.lines { println!("{l}"); }
    for z in ["draw of player 1", "draw of player 2", "hand of player 1", "hand of player 2"] {
        println!("{z}: {} {:?}", count(&s, z), cards(&s, z));
    }
    let zi = zone(&s, "hand of player 2");
    println!("{:?}", s.zone_cards(zi));
    panic!();
}
