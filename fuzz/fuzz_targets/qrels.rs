//! The qrels parser: no panic, errors located on real lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::parse_qrels;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let qrels = parse_qrels("fuzz", &text);
    let lines = text.lines().count();
    for e in &qrels.errors {
        assert!(e.line >= 1 && e.line <= lines);
    }
});
