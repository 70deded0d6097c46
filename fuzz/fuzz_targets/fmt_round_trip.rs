//! `fmt` on any text that parses: the same syntax tree, comments and diagnostics; idempotent.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cardlang_fuzz::targets::fmt_round_trip(data));
