//! The statistics of the evaluated systems, one core report per measure.
//! Systems are compared on their common queries (matched by id).

use ranklab_core::stats::{report, StatsReport};
use ranklab_core::Metric;

use crate::evaluation::SystemResult;
use crate::settings::StatsSettings;

/// One report per measure over the systems that have queries (in the
/// results table's order).
pub fn statistics(
    systems: &[SystemResult],
    measures: &[Metric],
    s: &StatsSettings,
) -> Vec<StatsReport> {
    let shown: Vec<&SystemResult> = systems.iter().filter(|s| !s.queries.is_empty()).collect();
    let options = s.options();
    (0..measures.len())
        .map(|j| {
            let series: Vec<Vec<(&str, f64)>> = shown
                .iter()
                .map(|sys| {
                    sys.queries
                        .iter()
                        // A value missing for a measure is NaN, never a
                        // panic (results always match the measures; see
                        // `file_results`).
                        .map(|q| (q.id.as_str(), q.values.get(j).copied().unwrap_or(f64::NAN)))
                        .collect()
                })
                .collect();
            report(&series, &options)
        })
        .collect()
}

/// ranx-style letter of the i-th system: a, b, …, z, aa, ab, …
pub fn letter(i: usize) -> String {
    let mut n = i;
    let mut out = Vec::new();
    loop {
        out.push(char::from(b'a' + (n % 26) as u8));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    out.iter().rev().collect()
}

/// Letters of the systems that system `i` significantly beats in `r`.
pub fn beaten(r: &StatsReport, i: usize) -> Vec<usize> {
    let mut out: Vec<usize> = r
        .pairs
        .iter()
        .filter(|p| p.winner() == Some(i))
        .map(|p| if p.a == i { p.b } else { p.a })
        .collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::{evaluate_typed, parse_typed};
    use crate::settings::Settings;

    #[test]
    fn letters_and_marks() {
        assert_eq!(
            [letter(0), letter(25), letter(26), letter(27)],
            ["a", "z", "aa", "ab"]
        );
        let text = "[good]\n".to_string()
            + &(1..=12).map(|q| format!("q{q}: R N\n")).collect::<String>()
            + "[bad]\n"
            + &(1..=12)
                .map(|q| format!("q{q}: N N N R\n"))
                .collect::<String>();
        let s = Settings::default();
        let (m, _) = s.measures();
        let part = evaluate_typed(&parse_typed(&text), &m, &s.eval_options());
        let reports = statistics(&part.systems, &m, &s.stats);
        // RR 1 vs 1/4 on every query: a constant difference, t-test p = 0.
        assert_eq!(beaten(&reports[0], 0), [1]);
        assert!(beaten(&reports[0], 1).is_empty());
        assert_eq!(reports[0].systems[1].mean, 0.25);
    }
}
