use cardlang::engine::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let src = std::fs::read_to_string(&args[1]).unwrap();
    let file = cardlang::syntax::parse(&src).unwrap();
    let cfg = cardlang::check::Config { variant: args.get(3).cloned(), sets: vec![] };
    let game = Game::new(cardlang::check::check(&file, &cfg).unwrap());
    let seed: u64 = args[2].parse().unwrap();
    let mut rec = Recorder::default();
    let mut s = State::with_sink(game.clone(), seed, Limits::default(), &mut rec);
    let mut rng = cardlang::engine::rng::Rng::new(seed ^ 99);
    while !s.is_over() {
        for p in 0..2u8 {
            let acts = s.legal_actions(p);
            if acts.is_empty() {
                continue;
            }
            let a = acts[rng.below(acts.len() as u64) as usize];
            s.apply_with(p, a, &mut rec).unwrap();
        }
    }
    for l in &rec.lines {
        println!("{l}");
    }
    println!("{}", s.outcome_text());
}
