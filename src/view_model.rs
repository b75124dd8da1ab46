//! What the page shows, computed from the state by the core. Views only
//! render this; they never compute a metric.

use ranklab_core::measures::average_precision::ApNormalization;
use ranklab_core::measures::ndcg::{Discount, Gains};
use ranklab_core::{evaluate_quick, parse_quick, Metric, ParseError, ResultTable};

use crate::state::AppState;

/// Name of the quick text in error messages.
pub const QUICK_INPUT_NAME: &str = "quick input";

/// Results and problems for the current state.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluated {
    /// Systems x measures, with per-query rows.
    pub table: ResultTable,
    /// Located problems in the quick text.
    pub errors: Vec<ParseError>,
}

/// The measures of the shell: RR, AP, nDCG@k, P@k and R@k.
pub fn shell_metrics(k: usize) -> Vec<Metric> {
    vec![
        Metric::RR { k: None },
        Metric::AP {
            k: None,
            norm: ApNormalization::TotalRelevant,
        },
        Metric::NDCG {
            k: Some(k),
            gains: Gains::linear(),
            discount: Discount::LOG2,
        },
        Metric::P { k },
        Metric::R { k },
    ]
}

/// Parses and evaluates the state's quick text.
pub fn evaluate(state: &AppState) -> Evaluated {
    let input = parse_quick(QUICK_INPUT_NAME, &state.quick_text);
    let table = evaluate_quick(&input, &shell_metrics(state.k), 1);
    Evaluated {
        table,
        errors: input.errors,
    }
}

/// A value as the tables print it: 4 decimals, like trec_eval.
pub fn format_value(v: f64) -> String {
    format!("{v:.4}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_data_gives_the_articles_values() {
        let e = evaluate(&AppState::default());
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        let names: Vec<String> = e.table.metrics.iter().map(|m| m.to_string()).collect();
        assert_eq!(names, ["RR", "AP", "nDCG@10", "P@10", "R@10"]);
        let systems = &e.table.systems;
        assert_eq!(systems.len(), 3);
        // Article 004: MAP 0.7073 (the article prints 0.708 from rounded inputs).
        assert_eq!(format_value(systems[0].means[1]), "0.7073");
        // Article 000: MRR 5/12 and 13/24.
        assert_eq!(format_value(systems[1].means[0]), "0.4167");
        assert_eq!(format_value(systems[2].means[0]), "0.5417");
    }
}
