//! The statistics of the evaluated systems under the page's statistics
//! settings (the core's `session::statistics`), and the letters and marks
//! of the results table.

use crate::evaluation::Metric;
use crate::evaluation::StatsReport;
pub use crate::evaluation::{beaten, letter};

use crate::evaluation::SystemResult;
use crate::settings::StatsSettings;

/// One report per measure over the systems that have queries (in the
/// results table's order), under the page's statistics settings.
pub fn statistics(
    systems: &[SystemResult],
    measures: &[Metric],
    s: &StatsSettings,
) -> Vec<StatsReport> {
    crate::evaluation::statistics(systems, measures, &s.options())
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
