//! The quick-format parser and every measure on what it parses: no panic,
//! every error located inside the text, bounded measures within [0, 1].
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::{evaluate_typed, EvalOptions};
use ranklab_core::{parse_quick, Metric};

const BOUNDED: &[&str] = &[
    "P@3",
    "R@3",
    "RR",
    "AP",
    "AP(norm='found')@3",
    "nDCG",
    "nDCG(dcg='exp-log2')@3",
    "ERR@3",
    "RBP(p=0.8)",
    "RBP(p=0.8,rel=1)",
    "Success@2",
    "F1@3",
    "Rprec",
    "Bpref",
    "infAP",
    "IPrec@0.5",
    "11ptAvg",
    "binG",
    "nDCG_rel",
    "Rndcg",
    "AR",
    "SetP",
    "SetR",
    "SetF(beta=1)",
    "GAP",
];

/// Longer rankings (from `TOKEN*COUNT`) are parsed but not evaluated, to
/// keep the fuzzer fast; the measures are linear or n log n in length.
const MAX_EVALUATED: usize = 5_000;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let input = parse_quick("fuzz", &text);
    let lines = text.lines().count().max(1);
    for e in &input.errors {
        assert!(
            e.line >= 1 && e.line <= lines,
            "error line {} of {lines}",
            e.line
        );
        assert!(e.column >= 1);
    }
    let total: usize = input
        .systems
        .iter()
        .flat_map(|s| &s.queries)
        .map(|q| q.retrieved.len() + q.unretrieved.len())
        .sum();
    if total > MAX_EVALUATED {
        return;
    }
    let mut names: Vec<&str> = BOUNDED.to_vec();
    names.push("KendallTau");
    let metrics: Vec<Metric> = names.iter().map(|n| n.parse().unwrap()).collect();
    let part = evaluate_typed(&input, &metrics, &EvalOptions::default());
    for s in &part.systems {
        for row in s.queries.iter() {
            for (m, v) in metrics.iter().zip(&row.values).take(BOUNDED.len()) {
                assert!((0.0..=1.0 + 1e-9).contains(v), "{m} = {v}");
            }
        }
    }
});
