//! Expected reciprocal rank (Chapelle, Metzler, Zhang & Grinspan, CIKM 2009).
//!
//! R_i = (2^g_i − 1) / 2^gmax is the probability that the user is satisfied by
//! the document at rank i (g_i its grade, 0 if unjudged). The probability of
//! stopping at i is R_i Π_{j<i} (1 − R_j), and
//! ERR@k = Σ_{i<=k} (1/i) · R_i Π_{j<i} (1 − R_j).
//!
//! gmax is stated, never guessed silently: by default the largest grade in
//! the qrels (gdeval fixes it at 4). Grades above gmax are clipped to gmax.
//!
//! Another mapping of grades to stopping probabilities (article 004): the
//! sigmoid R_i = 1 / (1 + e^(−α (g_i − β))), where α sets how steeply the
//! probability rises with the grade and β is the grade at which it is ½.
//! It needs no gmax and never reaches 0 or 1 (a non-relevant document
//! still stops some users). [`StopProbability`] names the two.

use super::name_parts::{cut, number, only, param, Name, NameProblem, NumberOf};
use super::steps::{f4, sum_text, Explanation};
use super::{EvalContext, Metric};
use crate::judged::JudgedRanking;
use std::fmt;

use super::family::{MeasureFamily, WorkedSteps};

/// One rank of the ERR cascade (for explanations).
#[derive(Debug, Clone, PartialEq)]
pub struct ErrStep {
    /// 1-based rank.
    pub rank: usize,
    /// Grade of the document (0 if unjudged).
    pub grade: i64,
    /// R_i, satisfaction probability.
    pub satisfaction: f64,
    /// Probability of reaching this rank: Π_{j<i} (1 − R_j).
    pub reach: f64,
    /// Probability of stopping here: R_i · reach.
    pub stop: f64,
    /// stop / rank, this rank's term of ERR.
    pub contribution: f64,
}

/// How a grade becomes the probability R_i that the user stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StopProbability {
    /// (2^g − 1) / 2^gmax, grades clipped to 0..=gmax (Chapelle et al.).
    Exponential {
        /// The largest grade.
        gmax: i64,
    },
    /// 1 / (1 + e^(−α (g − β))), grades below 0 taken as 0 (article 004).
    Sigmoid {
        /// Steepness α (> 0).
        alpha: f64,
        /// Midpoint β: the grade stopping half the users.
        beta: f64,
    },
}

impl StopProbability {
    /// R for a grade; the grade as used (clipped).
    pub fn at(self, grade: i64) -> (i64, f64) {
        match self {
            StopProbability::Exponential { gmax } => {
                let gmax = gmax.max(0);
                let g = grade.clamp(0, gmax);
                // (2^g − 1) / 2^gmax, written so that large grades do not overflow.
                (g, ((g - gmax) as f64).exp2() - (-(gmax as f64)).exp2())
            }
            StopProbability::Sigmoid { alpha, beta } => {
                let g = grade.max(0);
                (g, 1.0 / (1.0 + (-alpha * (g as f64 - beta)).exp()))
            }
        }
    }
}

/// The cascade of ERR@k.
pub fn err_steps(r: &JudgedRanking, k: Option<usize>, gmax: i64) -> Vec<ErrStep> {
    err_steps_with(r, k, StopProbability::Exponential { gmax })
}

/// The cascade of ERR@k with the given stopping probabilities.
pub fn err_steps_with(
    r: &JudgedRanking,
    k: Option<usize>,
    stop_at: StopProbability,
) -> Vec<ErrStep> {
    let mut reach = 1.0;
    let mut out = Vec::new();
    for (i, rel) in r.ranked.iter().take(k.unwrap_or(usize::MAX)).enumerate() {
        let (grade, satisfaction) = stop_at.at(rel.grade().unwrap_or(0));
        let stop = satisfaction * reach;
        out.push(ErrStep {
            rank: i + 1,
            grade,
            satisfaction,
            reach,
            stop,
            contribution: stop / (i + 1) as f64,
        });
        reach *= 1.0 - satisfaction;
    }
    out
}

/// ERR@k (`k = None`: the whole list) with maximum grade `gmax`.
pub fn err(r: &JudgedRanking, k: Option<usize>, gmax: i64) -> f64 {
    err_steps(r, k, gmax).iter().map(|s| s.contribution).sum()
}

/// ERR@k with the sigmoid stopping probability 1 / (1 + e^(−α (g − β))).
pub fn err_sigmoid(r: &JudgedRanking, k: Option<usize>, alpha: f64, beta: f64) -> f64 {
    err_steps_with(r, k, StopProbability::Sigmoid { alpha, beta })
        .iter()
        .map(|s| s.contribution)
        .sum()
}

/// The worked steps of ERR (either stopping probability) on `r`, whose
/// value is `value`.
pub(crate) fn explain(
    metric: &Metric,
    r: &JudgedRanking,
    ctx: &EvalContext,
    value: f64,
    e: &mut Explanation,
) {
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

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "err" => {
                only(ps, &["gmax", "stop", "alpha", "beta"])?;
                match param(ps, "stop") {
                    None | Some("exp")
                        if param(ps, "alpha").is_none() && param(ps, "beta").is_none() =>
                    {
                        let gmax = param(ps, "gmax")
                            .map(|v| number(v, NumberOf::Param("gmax")))
                            .transpose()?;
                        ERR { k: n.k, gmax }
                    }
                    Some("sigmoid") if param(ps, "gmax").is_none() => {
                        let alpha: f64 = number(
                            param(ps, "alpha").ok_or(NameProblem::Alpha)?,
                            NumberOf::Param("alpha"),
                        )?;
                        let beta: f64 = number(
                            param(ps, "beta").ok_or(NameProblem::Beta)?,
                            NumberOf::Param("beta"),
                        )?;
                        if !(alpha > 0.0 && alpha.is_finite() && beta.is_finite()) {
                            return Err(NameProblem::SigmoidParams);
                        }
                        ErrSigmoid {
                            k: n.k,
                            alpha,
                            beta,
                        }
                    }
                    _ => return Err(NameProblem::ErrStop),
                }
            }
            _ => return Ok(None),
        }))
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            ERR { k, gmax } => (|| {
                write!(f, "ERR")?;
                if let Some(g) = gmax {
                    write!(f, "(gmax={g})")?;
                }
                cut(f, k)
            })(),
            ErrSigmoid { k, alpha, beta } => (|| {
                write!(f, "ERR(stop='sigmoid',alpha={alpha},beta={beta})")?;
                cut(f, k)
            })(),
            _ => return None,
        })
    }
}

impl WorkedSteps for Family {
    fn explain(
        &self,
        m: &Metric,
        r: &JudgedRanking,
        ctx: &EvalContext,
        value: f64,
        e: &mut Explanation,
    ) -> bool {
        match m {
            Metric::ERR { .. } | Metric::ErrSigmoid { .. } => explain(m, r, ctx, value, e),
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::graded;

    /// Article 004's ERR example; 0.9215291341145834 is its value in
    /// `seed_examples.json` (the article's 0.936 is wrong).
    #[test]
    fn seed_004_err_is_0_9215_not_0_936() {
        let r = graded(&[3, 2, 3, 1, 0], &[]);
        let v = err(&r, None, 3);
        assert!((v - 0.9215291341145834).abs() < 1e-15);
        assert_ne!(format!("{v:.3}"), "0.936");
        let stops: Vec<f64> = err_steps(&r, None, 3).iter().map(|s| s.stop).collect();
        let want = [0.875, 0.046875, 0.068359375, 0.001220703125, 0.0];
        for (a, b) in stops.iter().zip(want) {
            assert!((a - b).abs() < 1e-15);
        }
    }

    /// By hand: α = 1, β = 1.5, grades 3, 0. R₁ = 1/(1 + e^−1.5),
    /// R₂ = 1/(1 + e^1.5); ERR = R₁ + (1 − R₁)·R₂/2. Evaluated in 40-digit
    /// decimal arithmetic (Python's `decimal`, outside this code):
    /// R₁ = 0.81757447619364365960…, ERR = 0.83421401206165540155….
    #[test]
    fn the_sigmoid_mapping_by_hand() {
        let v = err_sigmoid(&graded(&[3, 0], &[]), None, 1.0, 1.5);
        assert!((v - 0.834_214_012_061_655_4).abs() < 1e-15, "{v}");
        let steps = err_steps_with(
            &graded(&[3, 0], &[]),
            None,
            StopProbability::Sigmoid {
                alpha: 1.0,
                beta: 1.5,
            },
        );
        assert!((steps[0].satisfaction - 0.817_574_476_193_643_7).abs() < 1e-15);
        // At the midpoint half the users stop; the cutoff applies.
        let half = err_sigmoid(&graded(&[2, 2], &[]), Some(1), 3.0, 2.0);
        assert_eq!(half, 0.5);
    }

    #[test]
    fn large_grades_stay_probabilities() {
        // Found by fuzzing: grade 77 with gmax 77 gave ERR = 131072.
        let v = err(&graded(&[77, 77], &[]), None, 77);
        assert!((v - 1.0).abs() < 1e-12, "{v}");
        assert_eq!(err(&graded(&[0], &[]), None, 0), 0.0);
    }

    /// Article 003's ERR examples, values as in `seed_examples.json`: grades
    /// 2 3 0 (gmax 3) 0.6484375 = 83/128 exactly; 8 4 4 4 4 and 4 4 4 4 8
    /// (gmax 8) 0.99636891… and 0.27217762….
    #[test]
    fn seed_003_err_examples() {
        assert!((err(&graded(&[2, 3, 0], &[]), None, 3) - 0.6484375).abs() < 1e-15);
        assert!((err(&graded(&[8, 4, 4, 4, 4], &[]), None, 8) - 0.9963689179157882).abs() < 1e-12);
        assert!((err(&graded(&[4, 4, 4, 4, 8], &[]), None, 8) - 0.27217762200143625).abs() < 1e-12);
        let s = err_steps(&graded(&[4, 8], &[]), None, 8);
        assert_eq!(s[0].satisfaction, 0.05859375);
        assert_eq!(s[1].satisfaction, 0.99609375);
    }
}
