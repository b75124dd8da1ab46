//! trec_eval's -Z files (per-measure, per-query mean and deviation): no
//! panic, every problem located on a line of the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::parse_zscores;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.lines().count().max(1);
    let z = parse_zscores("zscores", &text);
    for e in &z.errors {
        assert!(
            e.line >= 1 && e.line <= lines,
            "{e} (text of {lines} lines)"
        );
        assert!(e.column >= 1, "{e}");
    }
});
