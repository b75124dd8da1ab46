//! TSV/CSV qrels and runs with a header: no panic, every problem located on
//! a line of the text, and what parsed can be judged. And the field
//! splitter by RFC 4180: any fields, written out with quotes where they need
//! them (doubled inside), split back into the same fields.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::{judge, parse_table_qrels, parse_table_run, Conventions, FieldSplitter};

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

    // Round trip: the first line's text, cut at `|` into fields (blanks
    // around a field are not part of it, and a line has no line break).
    let first = text.lines().next().unwrap_or("").replace('\r', "");
    for sep in [',', '\t'] {
        let fields: Vec<&str> = first.split('|').map(str::trim).collect();
        let written: Vec<String> = fields
            .iter()
            .map(|f| {
                if f.contains([sep, '"']) {
                    format!("\"{}\"", f.replace('"', "\"\""))
                } else {
                    f.to_string()
                }
            })
            .collect();
        let line = written.join(&sep.to_string());
        if line.is_empty() {
            continue; // an empty line holds no record (and is skipped as blank)
        }
        let read = FieldSplitter::new(sep)
            .split(&line)
            .unwrap_or_else(|e| panic!("{line:?}: {e:?}"));
        let back: Vec<String> = read
            .iter()
            .map(|f| {
                if f.quote_inside {
                    f.text.replace("\"\"", "\"")
                } else {
                    f.text.to_string()
                }
            })
            .collect();
        assert_eq!(back, fields, "{line:?}");
    }
});
