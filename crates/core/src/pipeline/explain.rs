//! How a number came about: the worked calculation of one measure on one
//! query, step by step, in the style of the seed articles. The numbers are
//! the core's own (the same step functions the measures use), and the
//! explanation ends with the value [`Metric::compute`] returns. Each
//! family's module writes its own measures' steps (`explain` beside the
//! formula); a measure without them gets its value and the pointer to its
//! definition.

use crate::judged::JudgedRanking;
use crate::measures::steps::{f4, relevance_note, Explanation};
use crate::measures::{EvalContext, Metric, WORKED_STEPS};

/// Explains `metric` on the judged ranking `r` (with the evaluation's context).
pub fn explain(metric: &Metric, r: &JudgedRanking, ctx: &EvalContext) -> Explanation {
    let value = metric.compute(r, ctx);
    let mut e = Explanation {
        measure: metric.to_string(),
        formula: String::new(),
        headers: Vec::new(),
        rows: Vec::new(),
        lines: Vec::new(),
        notes: Vec::new(),
        value,
    };
    if !r.tie_groups.is_empty() {
        e.notes.push(format!(
            "{} of equal scores: DCG, P, R and RBP take the expected value over their orders; the other measures use trec_eval's order.",
            crate::plural::plural(r.tie_groups.len(), "group", "groups")
        ));
    }
    if !WORKED_STEPS
        .iter()
        .any(|family| family.explain(metric, r, ctx, value, &mut e))
    {
        e.formula = format!(
            "{}: see the definition in Ranklab's documentation of this measure",
            metric
        );
        e.lines.push(format!("{} = {}.", metric, f4(value)));
        e.notes.push(relevance_note(r));
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judged::Rel;

    fn ranking(grades: &[i64], extra: &[i64]) -> JudgedRanking {
        JudgedRanking::new(
            grades.iter().map(|&g| Rel::Judged(g)).collect(),
            grades.iter().chain(extra).copied(),
            1,
        )
    }

    #[test]
    fn article_004_err_steps_and_value() {
        let r = ranking(&[3, 2, 3, 1, 0], &[]);
        let e = explain(
            &"ERR(gmax=3)@5".parse().unwrap(),
            &r,
            &EvalContext::default(),
        );
        // P(stop at i): 0.875, 0.046875, 0.068359375, 0.001220703125, 0 (seed note).
        let stops: Vec<&str> = e.rows.iter().map(|row| row[4].as_str()).collect();
        assert_eq!(stops, ["0.8750", "0.0469", "0.0684", "0.0012", "0.0000"]);
        assert_eq!(f4(e.value), "0.9215");
        assert!(e.lines[0].ends_with("= 0.9215."), "{:?}", e.lines);
    }

    #[test]
    fn the_sigmoid_err_shows_its_stopping_probabilities() {
        // α = 1, β = 1.5: R = 1/(1 + e^−1.5) = 0.8176 for grade 3 and
        // 1/(1 + e^1.5) = 0.1824 for grade 0 (by hand); ERR = 0.8342.
        let r = ranking(&[3, 0], &[]);
        let m = "ERR(stop='sigmoid',alpha=1,beta=1.5)".parse().unwrap();
        let e = explain(&m, &r, &EvalContext::default());
        let rs: Vec<&str> = e.rows.iter().map(|row| row[2].as_str()).collect();
        assert_eq!(rs, ["0.8176", "0.1824"]);
        assert_eq!(f4(e.value), "0.8342");
        assert!(
            e.formula.contains("1 / (1 + e^(−1 · (gradeᵢ − 1.5)))"),
            "{}",
            e.formula
        );
        assert!(
            e.notes
                .iter()
                .any(|n| n.contains("Even grade 0 stops 0.1824")),
            "{:?}",
            e.notes
        );
    }

    #[test]
    fn ap_and_ndcg_show_their_arithmetic() {
        let r = ranking(&[1, 0, 1, 0, 1], &[]);
        let e = explain(&"AP".parse().unwrap(), &r, &EvalContext::default());
        assert_eq!(e.rows.len(), 3);
        assert_eq!(e.rows[1][3], "2/3 = 0.6667");
        assert_eq!(e.lines[1], "R = 3: AP = 2.2667 / 3 = 0.7556.");
        let r = ranking(&[3, 2, 0, 1, 2], &[]);
        let e = explain(&"nDCG@5".parse().unwrap(), &r, &EvalContext::default());
        assert_eq!(
            e.lines[1],
            "Ideal list (judged grades, best first): 3 2 2 1 0."
        );
        assert!(e.lines[3].ends_with("= 0.9602."), "{:?}", e.lines);
    }
}
