//! parse → check → lint → render diagnostics → a short seeded play, on any text.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cardlang_fuzz::targets::pipeline(data));
