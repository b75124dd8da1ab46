//! The per-query values `ranklab stats` reads: no panic; what parses has
//! finite values and one value per system and query; problems are located
//! on a line of the text; the statistics of what parses do not panic.
#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use ranklab_core::{parse_per_query_values, report, StatsOptions};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.lines().count().max(1);
    match parse_per_query_values("values", &text) {
        Ok(v) => {
            let mut seen = HashSet::new();
            for (s, series) in v.systems.iter().zip(&v.series) {
                for (q, x) in series {
                    assert!(x.is_finite());
                    assert!(seen.insert((s.clone(), q.clone())), "{s} {q} twice");
                }
            }
            let options = StatsOptions {
                resamples: 200,
                trials: 200,
                ..StatsOptions::default()
            };
            if v.systems.len() <= 6 {
                let _ = report(&v.borrowed(), &options);
            }
        }
        Err(e) => assert!(
            e.line >= 1 && e.line <= lines,
            "{e} (text of {lines} lines)"
        ),
    }
});
