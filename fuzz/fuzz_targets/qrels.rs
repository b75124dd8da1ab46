//! The judgment parsers (plain qrels, judgment groups, preferences): no
//! panic, errors located on real lines; every judgment a group holds is
//! also a plain judgment of the same text; preference counts of what
//! parses never panic and their measures are finite.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::{PrefCounts, PrefMeasure};
use ranklab_core::{parse_prefs, parse_qrels, parse_qrels_jg, parse_qrels_prefs};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let qrels = parse_qrels("fuzz", &text);
    let groups = parse_qrels_jg("fuzz", &text);
    let prefs = parse_prefs("fuzz", &text);
    let qrels_prefs = parse_qrels_prefs("fuzz", &text);
    let lines = text.lines().count();
    for e in qrels
        .errors
        .iter()
        .chain(&groups.errors)
        .chain(&prefs.errors)
        .chain(&qrels_prefs.errors)
    {
        assert!(e.line >= 1 && e.line <= lines);
    }
    for g in groups.groups.values() {
        for (qid, judged) in &g.queries {
            for docid in judged.keys() {
                assert!(qrels.queries[qid].contains_key(docid), "{qid} {docid}");
            }
        }
    }
    for p in [&prefs, &qrels_prefs] {
        for judgments in p.queries.values().filter(|j| j.len() <= 64) {
            // Retrieve every other judged document, in file order.
            let ranked: Vec<&str> = judgments.iter().step_by(2).map(|j| j.docid).collect();
            if let Ok(c) = PrefCounts::new(judgments, &ranked) {
                for m in PrefMeasure::ALL {
                    let v = m.compute(&c);
                    assert!(v.is_finite() && v >= 0.0, "{} = {v}", m.name());
                }
            }
        }
    }
});
