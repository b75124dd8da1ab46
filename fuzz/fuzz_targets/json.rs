//! ranx-style JSON qrels and runs: no panic, every problem located on a line
//! of the text, and what parsed can be judged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::{judge, parse_json_qrels, parse_json_run, Conventions, ParseError};

fn located(errors: &[ParseError], text: &str) {
    let lines = text.lines().count().max(1);
    for e in errors {
        assert!(
            e.line >= 1 && e.line <= lines,
            "{e} (text of {lines} lines)"
        );
        assert!(e.column >= 1, "{e}");
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let qrels = parse_json_qrels("q.json", &text);
    located(&qrels.errors, &text);
    let run = parse_json_run("r.json", &text);
    located(&run.errors, &text);
    for entries in run.queries.values() {
        // Orderable: NaN is refused; an overflowing number (11e111111) is
        // infinite, as trec_eval's atof, Python's json and ranx read it.
        assert!(entries.iter().all(|e| !e.score.is_nan()));
    }
    let _ = judge(&qrels, &run, &Conventions::default());
});
