//! The engine against the reference evaluator (`cardlang::reference`), longer than the
//! differential tests run in CI: a game generated from the input's first eight bytes (with the
//! generator of tests/differential_gen.rs), played with the input's remaining bytes as the
//! players' choices; every generated expression and statement block must read the same both
//! ways.
#![no_main]

#[path = "../../tests/differential_gen.rs"]
mod gen;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if data.len() < 12 {
        return;
    }
    let word = |at: usize| u64::from_le_bytes(data[at..at + 8].try_into().unwrap_or([0; 8]));
    let text = word(0);
    let shape = data[8];
    let (depth, rounds) = ((shape % 4) as u32, ((shape / 4) % 5) as u32);
    let (probes, blocks) = (1 + (data[9] % 6) as usize, (data[9] / 6 % 4) as usize);
    let (funcs, width) = (1 + (data[10] % 4) as u64, 1 + (data[10] / 4 % 4) as u64);
    let source = gen::game_of(text, depth, rounds, probes, blocks, funcs, width);
    let choices = &data[11..];
    let mut at = 0;
    let pick = |n: usize| {
        at += 1;
        choices.get(at - 1).map_or(0, |&b| b as usize) % n.max(1)
    };
    if let Some((_, mismatches)) = cardlang::reference::compare::run_source(&source, text, pick) {
        assert!(mismatches.is_empty(), "{}\n{source}", mismatches.join("\n"));
    }
});
