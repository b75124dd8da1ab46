//! Reciprocal-rank family: RR (MRR when averaged), RR@k, first relevant
//! position (FRP), and related rank statistics.
//!
//! RR follows trec_eval (`m_recip_rank.c`): 1 / rank of the first relevant
//! document, 0 if none is retrieved.

use super::name_parts::{cut, only, Name, NameProblem};
use super::steps::{depth, f4, grade_text, relevance_note, Explanation};
use super::Metric;
use crate::judged::JudgedRanking;
use std::fmt;

use super::family::{MeasureFamily, WorkedSteps};
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_plain, TrecName};
use super::EvalContext;

/// 1-based rank of the first relevant document within the top `k`
/// (`None` = all retrieved), if any.
pub fn first_relevant_rank(r: &JudgedRanking, k: Option<usize>) -> Option<usize> {
    let depth = k.unwrap_or(usize::MAX);
    r.rel_flags().take(depth).position(|x| x).map(|i| i + 1)
}

/// RR@k = 1 / rank of the first relevant document in the top k, 0 if there
/// is none (`k = None`: the whole list, trec_eval's `recip_rank`).
///
/// Under tie averaging ([`crate::conventions::TieBreak::Average`]) it is the exact
/// expected value over the orders of the tie groups: the first block (a tie
/// group, or a document alone) holding a relevant document decides it; in a
/// group of n with r relevant starting at 0-based position s, the first
/// relevant one is at s + j with probability (r/(n − j)) Π_{i<j} (n − r − i)/(n − i),
/// so E[RR@k] = Σ_{j: s+j < k} that probability / (s + j + 1).
#[cfg_attr(speed_marks, optimize(speed))]
pub fn reciprocal_rank(r: &JudgedRanking, k: Option<usize>) -> f64 {
    if !r.tie_groups.is_empty() {
        return expected_reciprocal_rank(r, k);
    }
    first_relevant_rank(r, k).map_or(0.0, |rank| 1.0 / rank as f64)
}

fn expected_reciprocal_rank(r: &JudgedRanking, k: Option<usize>) -> f64 {
    let k = k.unwrap_or(usize::MAX);
    let flags: Vec<bool> = r.rel_flags().collect();
    for (s, e) in super::average_precision::tie_blocks(r) {
        let n = e - s;
        let rel = flags[s..e].iter().filter(|&&f| f).count();
        if rel == 0 {
            continue;
        }
        let mut expected = 0.0;
        let mut none_yet = 1.0; // P(no relevant one in the first j)
        for j in 0..=n - rel {
            if s + j >= k {
                break;
            }
            expected += none_yet * rel as f64 / (n - j) as f64 / (s + j + 1) as f64;
            none_yet *= (n - rel - j) as f64 / (n - j) as f64;
        }
        return expected;
    }
    0.0
}

/// The worked steps of RR@k and RR on `r` (whose value is `value`).
pub(crate) fn explain(k: &Option<usize>, r: &JudgedRanking, value: f64, e: &mut Explanation) {
    e.formula = "RR = 1 / (rank of the first relevant document); 0 when none is retrieved".into();
    if let Some(k) = k {
        e.formula.push_str(&format!(" in the top {k}"));
    }
    e.headers = vec!["Rank".into(), "Grade".into(), "Relevant".into()];
    let first = (0..depth(r, *k)).find(|&i| r.is_rel(i));
    for i in 0..first.map_or(depth(r, *k).min(20), |f| f + 1) {
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

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "rr" | "mrr" => {
                only(ps, &[])?;
                RR { k: n.k }
            }
            _ => return Ok(None),
        }))
    }

    fn expand_trec(
        &self,
        family: &str,
        _raw: Option<&str>,
        push: &mut dyn FnMut(String, Metric),
    ) -> Result<bool, String> {
        match family {
            "recip_rank" => push(family.into(), Metric::RR { k: None }),
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::RR { k: None } => trec_plain("recip_rank"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            RR { k } => (|| {
                write!(f, "RR")?;
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
        _ctx: &EvalContext,
        value: f64,
        e: &mut Explanation,
    ) -> bool {
        match m {
            Metric::RR { k } => explain(k, r, value, e),
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::{binary, first_relevant_at};

    #[test]
    fn seed_000_mrr_of_systems_a_and_b() {
        let mean = |ranks: &[usize]| {
            ranks
                .iter()
                .map(|&k| reciprocal_rank(&first_relevant_at(k), None))
                .sum::<f64>()
                / ranks.len() as f64
        };
        assert!((mean(&[2, 3, 2, 3]) - 5.0 / 12.0).abs() < 1e-15);
        assert!((mean(&[1, 10, 1, 15]) - 13.0 / 24.0).abs() < 1e-15);
    }

    #[test]
    fn seed_002_rr_and_cutoffs() {
        assert!((reciprocal_rank(&first_relevant_at(9), None) - 1.0 / 9.0).abs() < 1e-15);
        assert_eq!(reciprocal_rank(&first_relevant_at(10), None), 0.1);
        assert_eq!(reciprocal_rank(&first_relevant_at(10), Some(5)), 0.0);
        assert_eq!(reciprocal_rank(&binary(&[0, 0], 1), None), 0.0);
        assert_eq!(reciprocal_rank(&first_relevant_at(2), None), 0.5);
    }
}
