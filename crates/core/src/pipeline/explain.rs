//! How a number came about: the worked calculation of one measure on one
//! query, step by step, in the style of the seed articles. The numbers are
//! the core's own (the same step functions the measures use), and the
//! explanation ends with the value [`Metric::compute`] returns.

use crate::judged::{JudgedRanking, Rel};
use crate::measures::average_precision::ApNormalization;
use crate::measures::err::{err_steps_with, StopProbability};
use crate::measures::rbp::RbpGain;
use crate::measures::{EvalContext, Metric};

/// A worked calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The measure's name.
    pub measure: String,
    /// The definition, in words and symbols.
    pub formula: String,
    /// Column names of the step table (empty when there is none).
    pub headers: Vec<String>,
    /// One row per step (rank), numbers already formatted.
    pub rows: Vec<Vec<String>>,
    /// The arithmetic after the table, one sentence each.
    pub lines: Vec<String>,
    /// Conventions that shaped the value.
    pub notes: Vec<String>,
    /// The value ([`Metric::compute`]'s).
    pub value: f64,
}

/// Numbers in explanations: 4 decimals, like the tables.
pub fn f4(v: f64) -> String {
    format!("{v:.4}")
}

fn grade_text(rel: Rel) -> String {
    match rel {
        Rel::Judged(g) => g.to_string(),
        Rel::Unjudged => "unjudged".into(),
        Rel::NotInPool => "?".into(),
    }
}

fn sum_text(terms: &[f64]) -> String {
    if terms.is_empty() {
        return "0".into();
    }
    let shown: Vec<String> = terms.iter().take(12).map(|t| f4(*t)).collect();
    let more = if terms.len() > 12 {
        format!(" + … ({} terms)", terms.len())
    } else {
        String::new()
    };
    format!("{}{more}", shown.join(" + "))
}

fn relevance_note(r: &JudgedRanking) -> String {
    format!(
        "Relevant means grade ≥ {}; this query has {} in its judgments ({} retrieved).",
        r.relevance_level,
        crate::plural::plural(r.num_rel(), "relevant document", "relevant documents"),
        r.num_rel_ret()
    )
}

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
    let depth = |k: Option<usize>| k.unwrap_or(r.ranked.len()).min(r.ranked.len());
    match metric {
        Metric::RR { k } => {
            e.formula =
                "RR = 1 / (rank of the first relevant document); 0 when none is retrieved".into();
            if let Some(k) = k {
                e.formula.push_str(&format!(" in the top {k}"));
            }
            e.headers = vec!["Rank".into(), "Grade".into(), "Relevant".into()];
            let first = (0..depth(*k)).find(|&i| r.is_rel(i));
            for i in 0..first.map_or(depth(*k).min(20), |f| f + 1) {
                e.rows.push(vec![
                    (i + 1).to_string(),
                    grade_text(r.ranked[i]),
                    if r.is_rel(i) { "yes" } else { "no" }.into(),
                ]);
            }
            e.lines.push(match first {
                Some(f) => format!(
                    "The first relevant document is at rank {}: RR = 1/{} = {}.",
                    f + 1,
                    f + 1,
                    f4(value)
                ),
                None => "No relevant document is retrieved: RR = 0.".into(),
            });
            e.notes.push(relevance_note(r));
        }
        Metric::AP { k, norm } => {
            let d = depth(*k);
            e.formula = match norm {
                ApNormalization::TotalRelevant => "AP = (1/R) · Σ over relevant ranks i of P@i, R = relevant documents in the judgments".into(),
                ApNormalization::RelevantRetrieved => "AP = (1/F) · Σ over relevant ranks i of P@i, F = relevant documents found in the ranking".into(),
            };
            if let Some(k) = k {
                e.formula.push_str(&format!(", ranks 1 to {k} only"));
            }
            e.headers = vec![
                "Rank".into(),
                "Grade".into(),
                "Relevant so far".into(),
                "P@rank".into(),
            ];
            let mut found = 0usize;
            let mut terms = Vec::new();
            for i in 0..d {
                if r.is_rel(i) {
                    found += 1;
                    let p = found as f64 / (i + 1) as f64;
                    terms.push(p);
                    e.rows.push(vec![
                        (i + 1).to_string(),
                        grade_text(r.ranked[i]),
                        found.to_string(),
                        format!("{found}/{} = {}", i + 1, f4(p)),
                    ]);
                }
            }
            let (divisor, what) = match norm {
                ApNormalization::TotalRelevant => (r.num_rel(), "R"),
                ApNormalization::RelevantRetrieved => (found, "F"),
            };
            let sum: f64 = terms.iter().sum();
            e.lines.push(format!(
                "Sum of precisions: {} = {}.",
                sum_text(&terms),
                f4(sum)
            ));
            e.lines.push(if divisor == 0 {
                format!("{what} = 0: AP = 0.")
            } else {
                format!(
                    "{what} = {divisor}: AP = {} / {divisor} = {}.",
                    f4(sum),
                    f4(value)
                )
            });
            e.notes.push(relevance_note(r));
        }
        Metric::NDCG { k, gains, discount } | Metric::DCG { k, gains, discount } => {
            let d = depth(*k);
            let normalised = matches!(metric, Metric::NDCG { .. });
            e.formula = format!(
                "DCG = Σ gain(gradeᵢ) · discount(i) over ranks i{}; gain {}, discount {}{}",
                k.map_or(String::new(), |k| format!(" ≤ {k}")),
                gains.describe(),
                discount.describe(),
                if normalised {
                    "; nDCG = DCG / IDCG, IDCG the DCG of the judged grades sorted best first"
                } else {
                    ""
                }
            );
            e.headers = vec![
                "Rank".into(),
                "Grade".into(),
                "Gain".into(),
                "Discount".into(),
                "Gain × discount".into(),
            ];
            let g = r.tie_averaged(|rel| gains.of(rel));
            let mut terms = Vec::new();
            for (i, (&gain, &rel)) in g.iter().zip(&r.ranked).take(d).enumerate() {
                let disc = discount.at(i + 1);
                let term = discount.weigh(gain, i + 1);
                terms.push(term);
                e.rows.push(vec![
                    (i + 1).to_string(),
                    grade_text(rel),
                    f4(gain),
                    f4(disc),
                    f4(term),
                ]);
            }
            let dcg: f64 = terms.iter().sum();
            e.lines
                .push(format!("DCG = {} = {}.", sum_text(&terms), f4(dcg)));
            if normalised {
                let ideal: Vec<i64> = r.ideal_grades();
                let shown: Vec<String> = ideal
                    .iter()
                    .take(k.unwrap_or(usize::MAX).min(30))
                    .map(ToString::to_string)
                    .collect();
                let iterms: Vec<f64> = ideal
                    .iter()
                    .take(k.unwrap_or(usize::MAX))
                    .enumerate()
                    .map(|(i, &gr)| discount.weigh(gains.of(Rel::Judged(gr)), i + 1))
                    .collect();
                let idcg: f64 = iterms.iter().sum();
                e.lines.push(format!(
                    "Ideal list (judged grades, best first): {}.",
                    shown.join(" ")
                ));
                e.lines
                    .push(format!("IDCG = {} = {}.", sum_text(&iterms), f4(idcg)));
                e.lines.push(if idcg > 0.0 {
                    format!("nDCG = {} / {} = {}.", f4(dcg), f4(idcg), f4(value))
                } else {
                    "IDCG = 0 (nothing relevant judged): nDCG = 0.".into()
                });
            }
        }
        Metric::ERR { .. } | Metric::ErrSigmoid { .. } => {
            let (k, stop_at, mapping, note) = match metric {
                Metric::ERR { k, gmax } => {
                    let g = gmax.unwrap_or(ctx.max_grade);
                    (
                        *k,
                        StopProbability::Exponential { gmax: g },
                        format!("Rᵢ = (2^gradeᵢ − 1) / 2^{g}"),
                        match gmax {
                            Some(g) => format!("Maximum grade {g}, as set."),
                            None => format!("Maximum grade {g}: the largest grade in the data (set one in the settings to compare across data)."),
                        },
                    )
                }
                Metric::ErrSigmoid { k, alpha, beta } => (
                    *k,
                    StopProbability::Sigmoid { alpha: *alpha, beta: *beta },
                    format!("Rᵢ = 1 / (1 + e^(−{alpha} · (gradeᵢ − {beta})))"),
                    format!("Sigmoid stopping probability (article 004): half the users stop at grade {beta}; α = {alpha} sets how fast that rises. Even grade 0 stops {} of them.", f4(StopProbability::Sigmoid { alpha: *alpha, beta: *beta }.at(0).1)),
                ),
                _ => unreachable!("matched above"),
            };
            e.formula = format!(
                "ERR = Σ P(stop at i) / i, P(stop at i) = Rᵢ · ∏ⱼ₌₁ⁱ⁻¹ (1 − Rⱼ), {mapping}{}",
                k.map_or(String::new(), |k| format!(", ranks ≤ {k}"))
            );
            e.headers = vec![
                "Rank".into(),
                "Grade".into(),
                "Rᵢ".into(),
                "P(reach i)".into(),
                "P(stop at i)".into(),
                "P(stop) / i".into(),
            ];
            let steps = err_steps_with(r, k, stop_at);
            for s in &steps {
                e.rows.push(vec![
                    s.rank.to_string(),
                    s.grade.to_string(),
                    f4(s.satisfaction),
                    f4(s.reach),
                    f4(s.stop),
                    f4(s.contribution),
                ]);
            }
            let terms: Vec<f64> = steps.iter().map(|s| s.contribution).collect();
            e.lines
                .push(format!("ERR = {} = {}.", sum_text(&terms), f4(value)));
            e.notes.push(note);
        }
        Metric::RBP { p, gain } => {
            let gmax = ctx.max_grade.max(1);
            e.formula = format!(
                "RBP = (1 − p) · Σ gainᵢ · p^(i−1), p = {p}; gain {}",
                match gain {
                    RbpGain::Binary => "1 if relevant, else 0".to_string(),
                    RbpGain::GradeOverMax =>
                        format!("grade / {gmax} (the largest grade in the data)"),
                }
            );
            e.headers = vec![
                "Rank".into(),
                "Grade".into(),
                "Gain".into(),
                "p^(i−1)".into(),
                "(1 − p) · gain · p^(i−1)".into(),
            ];
            let gains: Vec<f64> = r.tie_averaged(|rel| match gain {
                RbpGain::Binary => f64::from(u8::from(
                    rel.grade().is_some_and(|g| g >= r.relevance_level && g > 0),
                )),
                RbpGain::GradeOverMax => {
                    (rel.grade().unwrap_or(0).max(0) as f64 / gmax as f64).min(1.0)
                }
            });
            let mut terms = Vec::new();
            for (i, gi) in gains.iter().enumerate().take(200) {
                let w = p.powi(i as i32);
                terms.push((1.0 - p) * gi * w);
                e.rows.push(vec![
                    (i + 1).to_string(),
                    grade_text(r.ranked[i]),
                    f4(*gi),
                    f4(w),
                    f4((1.0 - p) * gi * w),
                ]);
            }
            e.lines
                .push(format!("RBP = {} = {}.", sum_text(&terms), f4(value)));
        }
        Metric::RBPResidual { p } => {
            e.formula = format!("Residual = p^n, n = documents retrieved, p = {p}: the weight RBP gives to ranks after the list (their relevance is unknown)");
            e.lines.push(format!(
                "n = {}: residual = {p}^{} = {}.",
                r.num_ret(),
                r.num_ret(),
                f4(value)
            ));
        }
        Metric::P { k } => {
            let found = (0..depth(Some(*k))).filter(|&i| r.is_rel(i)).count();
            e.formula = format!("P@{k} = relevant documents in the top {k} / {k} (divided by {k} even when fewer are retrieved)");
            e.lines.push(format!(
                "{found} relevant in the top {k}: P@{k} = {found}/{k} = {}.",
                f4(value)
            ));
            e.notes.push(relevance_note(r));
        }
        Metric::R { k } => {
            let found = (0..depth(Some(*k))).filter(|&i| r.is_rel(i)).count();
            e.formula = format!("R@{k} = relevant documents in the top {k} / R, R = relevant documents in the judgments");
            e.lines.push(if r.num_rel() == 0 {
                "No relevant document is judged: R@k = 0.".into()
            } else {
                format!(
                    "{found} of R = {} in the top {k}: R@{k} = {}.",
                    r.num_rel(),
                    f4(value)
                )
            });
            e.notes.push(relevance_note(r));
        }
        Metric::Success { k } => {
            e.formula = format!(
                "Success@{k} (Hit@{k}) = 1 if a relevant document is in the top {k}, else 0"
            );
            e.lines.push(format!("Success@{k} = {}.", f4(value)));
            e.notes.push(relevance_note(r));
        }
        Metric::F1 { k } => {
            let found = (0..depth(Some(*k))).filter(|&i| r.is_rel(i)).count();
            let p = found as f64 / *k as f64;
            let rr = if r.num_rel() == 0 {
                0.0
            } else {
                found as f64 / r.num_rel() as f64
            };
            e.formula = format!("F1@{k} = 2 · P@{k} · R@{k} / (P@{k} + R@{k})");
            e.lines.push(format!(
                "P@{k} = {}, R@{k} = {}: F1@{k} = {}.",
                f4(p),
                f4(rr),
                f4(value)
            ));
            e.notes.push(relevance_note(r));
        }
        _ => {
            e.formula = format!(
                "{}: see the definition in Ranklab's documentation of this measure",
                metric
            );
            e.lines.push(format!("{} = {}.", metric, f4(value)));
            e.notes.push(relevance_note(r));
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

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
