//! The qrels parsers (plain and judgment groups): no panic, errors located
//! on real lines; every judgment a group holds is also a plain judgment of
//! the same text unless plain qrels saw the docid twice for the query.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::{parse_qrels, parse_qrels_jg};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let qrels = parse_qrels("fuzz", &text);
    let groups = parse_qrels_jg("fuzz", &text);
    let lines = text.lines().count();
    for e in qrels.errors.iter().chain(&groups.errors) {
        assert!(e.line >= 1 && e.line <= lines);
    }
    for g in groups.groups.values() {
        for (qid, judged) in &g.queries {
            for docid in judged.keys() {
                assert!(qrels.queries[qid].contains_key(docid), "{qid} {docid}");
            }
        }
    }
});
