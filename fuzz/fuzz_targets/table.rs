//! TSV/CSV qrels and runs with a header: no panic, every problem located on
//! a line of the text, and what parsed can be judged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::{judge, parse_table_qrels, parse_table_run, Conventions};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.lines().count().max(1);
    let qrels = parse_table_qrels("q.csv", &text);
    let run = parse_table_run("r.csv", &text);
    for e in qrels.errors.iter().chain(&run.errors) {
        assert!(
            e.line >= 1 && e.line <= lines,
            "{e} (text of {lines} lines)"
        );
        assert!(e.column >= 1, "{e}");
    }
    for entries in run.queries.values() {
        // Orderable: NaN is refused; an overflowing number (11e111111) is
        // infinite, as trec_eval's atof, Python's json and ranx read it.
        assert!(entries.iter().all(|e| !e.score.is_nan()));
    }
    let _ = judge(&qrels, &run, &Conventions::default());
});
