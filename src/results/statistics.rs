//! The statistics of the evaluated systems under the page's statistics
//! settings (the core's `session::statistics`), and the letters and marks
//! of the results table.

use crate::shared::evaluation::Metric;
use crate::shared::evaluation::StatsReport;
pub use crate::shared::evaluation::{beaten, letter};

use crate::settings::StatsSettings;
use crate::shared::evaluation::SystemResult;

/// One report per measure over the systems that have queries (in the
/// results table's order), under the page's statistics settings.
pub fn statistics(
    systems: &[SystemResult],
    measures: &[Metric],
    s: &StatsSettings,
) -> Vec<StatsReport> {
    crate::shared::evaluation::statistics(systems, measures, &s.options())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;
    use crate::shared::evaluation::{evaluate_typed, parse_typed};

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
