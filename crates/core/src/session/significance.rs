//! The statistics of evaluated systems, one report per measure, and the
//! marks a results table shows: systems are compared on their common
//! queries (matched by id) and named by letters (a, b, …, z, aa, …).

use crate::measures::Metric;
use crate::stats::{report, StatsOptions, StatsReport};

use super::results::SystemResult;

/// One report per measure over the systems that have queries (in the
/// results table's order).
pub fn statistics(
    systems: &[SystemResult],
    measures: &[Metric],
    options: &StatsOptions,
) -> Vec<StatsReport> {
    let shown: Vec<&SystemResult> = systems.iter().filter(|s| !s.queries.is_empty()).collect();
    (0..measures.len())
        .map(|j| {
            let series: Vec<Vec<(&str, f64)>> = shown
                .iter()
                .map(|sys| {
                    sys.queries
                        .iter()
                        // A value missing for a measure is NaN, never a
                        // panic (results always match the measures).
                        .map(|q| (q.id.as_str(), q.values.get(j).copied().unwrap_or(f64::NAN)))
                        .collect()
                })
                .collect();
            report(&series, options)
        })
        .collect()
}

/// The systems (indices into `systems` with queries, the report's order)
/// whose t interval of measure `j` reaches past [0, 1] where every
/// per-query value of `j` lies within it: a t interval assumes a roughly
/// normal mean, which a measure bounded by 0 and 1 is not near its ends.
pub fn t_past_unit_bounds(systems: &[&SystemResult], report: &StatsReport, j: usize) -> Vec<usize> {
    let bounded = systems.iter().all(|s| {
        s.queries
            .iter()
            .all(|q| q.values.get(j).is_some_and(|v| (0.0..=1.0).contains(v)))
    });
    if !bounded {
        return Vec::new();
    }
    report
        .systems
        .iter()
        .enumerate()
        .filter(|(_, d)| d.t_interval.is_some_and(|(lo, hi)| lo < 0.0 || hi > 1.0))
        .map(|(i, _)| i)
        .collect()
}

/// Why a t interval can pass [0, 1], where no value of a measure bounded
/// by them can be, and what does not.
pub const T_PAST_BOUNDS: &str = "it assumes a roughly normal mean, which a measure bounded by 0 and 1 is not near its ends. Bootstrap intervals stay within the values' range.";

/// Whether the reports can mark anything: some pair of systems shares
/// the two or more queries a paired test needs. (Each system alone, or
/// systems with one query each, get no letters and no marks caption.)
pub fn marks_testable(reports: &[StatsReport]) -> bool {
    reports
        .iter()
        .any(|r| r.pairs.iter().any(|p| p.effect.n >= 2))
}

/// Some pair of systems differs significantly under some measure (a
/// mark is shown): only then are systems lettered, a letter being what a
/// mark names.
pub fn any_significant(reports: &[StatsReport]) -> bool {
    reports
        .iter()
        .any(|r| r.pairs.iter().any(|p| p.winner().is_some()))
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
