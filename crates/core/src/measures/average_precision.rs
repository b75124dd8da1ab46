//! Average-precision family: AP, AP@k under two normalisations, geometric
//! mean AP's per-query log, set AP, infAP.
//!
//! AP follows trec_eval (`m_map.c`): the sum of P@rank over the ranks of
//! retrieved relevant documents, divided by R, the number of relevant
//! documents in the judgments (retrieved or not); 0 when R = 0.

use super::name_parts::{cut, number, only, param, Name, NameProblem, NumberOf};
use super::steps::{depth, f4, grade_text, relevance_note, sum_text, Explanation};
use super::trec_parts::{longs, CUTOFFS};
use super::Metric;
use crate::judged::JudgedRanking;
use std::fmt;

use super::family::{MeasureFamily, WorkedSteps};
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_cut, trec_plain, TrecName};
use super::EvalContext;

/// Sum of precision at each relevant rank within the top `k` (`None` = all).
fn precision_sum(r: &JudgedRanking, k: Option<usize>) -> (f64, usize) {
    let mut sum = 0.0;
    let mut rel_so_far = 0;
    for (i, rel) in r.rel_flags().take(k.unwrap_or(usize::MAX)).enumerate() {
        if rel {
            rel_so_far += 1;
            sum += rel_so_far as f64 / (i + 1) as f64;
        }
    }
    (sum, rel_so_far)
}

/// How AP@k is normalised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ApNormalization {
    /// Divide by R, all relevant documents of the query (trec_eval `map_cut`,
    /// ir_measures `AP@k`, ranx `map@k`). The default.
    TotalRelevant,
    /// Divide by the number of relevant documents retrieved in the top k
    /// (article 001's convention; cwl_eval does the same at depth 1000).
    RelevantRetrieved,
}

/// AP@k: Σ over relevant ranks i <= k of P@i, divided per `norm`; 0 if the
/// denominator is 0. `k = None` is full AP (trec_eval `map`).
///
/// Under tie averaging ([`crate::conventions::TieBreak::Average`]) it is the exact
/// expected value over the orders of the tie groups
/// ([`expected_average_precision`]).
#[cfg_attr(speed_marks, optimize(speed))]
pub fn average_precision(r: &JudgedRanking, k: Option<usize>, norm: ApNormalization) -> f64 {
    if !r.tie_groups.is_empty() {
        return expected_average_precision(r, k, norm);
    }
    let (sum, found) = precision_sum(r, k);
    let denominator = match norm {
        ApNormalization::TotalRelevant => r.num_rel(),
        ApNormalization::RelevantRetrieved => found,
    };
    if denominator == 0 {
        0.0
    } else {
        sum / denominator as f64
    }
}

/// AP@k's expected value when each tie group of `r` is in a uniformly
/// random order (McSherry & Najork, ECIR 2008, give it for AP).
///
/// A tie group of n documents, r of them relevant, starting at 0-based
/// position s after c relevant documents: position p of the group holds a
/// relevant document with probability r/n, and given that, the expected
/// number of relevant documents above it within the group is
/// (p − s)(r − 1)/(n − 1). So the expected term of position p is
/// (r/n) (c + 1 + (p − s)(r − 1)/(n − 1)) / (p + 1), linear, and summing
/// the positions within k gives E[Σ P@rank] exactly; divided by R for
/// [`ApNormalization::TotalRelevant`]. Dividing by the relevant documents
/// found makes the value a ratio: exact too, because only the group that k
/// cuts makes that count random, and conditioning on how many of its
/// relevant documents fall above k (hypergeometric) makes each part linear
/// again.
pub fn expected_average_precision(
    r: &JudgedRanking,
    k: Option<usize>,
    norm: ApNormalization,
) -> f64 {
    let n = r.num_ret();
    let k = k.unwrap_or(n).min(n);
    let flags: Vec<bool> = r.rel_flags().collect();
    let blocks = tie_blocks(r);
    // (start, size, relevant, relevant above) of every block, and which
    // block k cuts, if any.
    let mut sum = 0.0; // E[Σ P@rank] over the positions < k of uncut blocks
    let mut found = 0usize; // relevant documents in uncut blocks above k
    let mut cut = None;
    let mut above = 0usize;
    for &(s, e) in &blocks {
        let size = e - s;
        let rel = flags[s..e].iter().filter(|&&f| f).count();
        if s >= k {
            break;
        }
        if e > k {
            cut = Some((s, size, rel, above));
            break;
        }
        for p in s..e {
            sum += position_term(p, s, size, rel, above);
        }
        found += rel;
        above += rel;
    }
    match norm {
        ApNormalization::TotalRelevant => {
            if let Some((s, size, rel, above)) = cut {
                for p in s..k {
                    sum += position_term(p, s, size, rel, above);
                }
            }
            match r.num_rel() {
                0 => 0.0,
                total => sum / total as f64,
            }
        }
        ApNormalization::RelevantRetrieved => {
            let Some((s, size, rel, above)) = cut else {
                return if found == 0 { 0.0 } else { sum / found as f64 };
            };
            // j relevant documents among the m = k − s positions above k.
            let m = k - s;
            let mut expected = 0.0;
            for j in rel.saturating_sub(size - m)..=rel.min(m) {
                let chance = hypergeometric(size, rel, m, j);
                let denominator = found + j;
                if denominator == 0 || chance == 0.0 {
                    continue;
                }
                let within: f64 = (s..k).map(|p| position_term(p, s, m, j, above)).sum();
                expected += chance * (sum + within) / denominator as f64;
            }
            expected
        }
    }
}

/// The expected P@(p+1)·rel(p) of position p in a block of `size`
/// documents from `s` with `rel` relevant, after `above` relevant ones.
fn position_term(p: usize, s: usize, size: usize, rel: usize, above: usize) -> f64 {
    if rel == 0 {
        return 0.0;
    }
    let before = if size > 1 {
        (p - s) as f64 * (rel - 1) as f64 / (size - 1) as f64
    } else {
        0.0
    };
    rel as f64 / size as f64 * (above as f64 + 1.0 + before) / (p + 1) as f64
}

/// The ranking cut into blocks: each tie group, and each other document
/// alone, as half-open (start, end) in rank order.
pub(crate) fn tie_blocks(r: &JudgedRanking) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut p = 0;
    let mut groups = r.tie_groups.iter().peekable();
    while p < r.num_ret() {
        match groups.peek() {
            Some(g) if g.start == p => {
                out.push((g.start, g.end));
                p = g.end;
                groups.next();
            }
            _ => {
                out.push((p, p + 1));
                p += 1;
            }
        }
    }
    out
}

/// P(j of the `rel` marked among `size` fall in `m` drawn), exactly as a
/// product of ratios.
fn hypergeometric(size: usize, rel: usize, m: usize, j: usize) -> f64 {
    let choose = |n: usize, k: usize| -> f64 {
        if k > n {
            return 0.0;
        }
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    };
    choose(rel, j) * choose(size - rel, m - j) / choose(size, m)
}

/// Floor used before taking logs for geometric means (trec_eval's MIN_GEO_MEAN).
pub const MIN_GEO_MEAN: f64 = 0.00001;

/// Set AP (trec_eval `set_map`): (relevant retrieved)^2 / (retrieved * R).
pub fn set_average_precision(r: &JudgedRanking) -> f64 {
    let (ret, rel) = (r.num_ret(), r.num_rel());
    if ret == 0 || rel == 0 {
        return 0.0;
    }
    let rr = r.num_rel_ret() as f64;
    rr * rr / (ret as f64 * rel as f64)
}

/// Graded average precision, GAP (Robertson, Kanoulas & Yilmaz, SIGIR 2010).
///
/// A user considers documents of grade >= t relevant, with the threshold t
/// drawn from {1, …, gmax} (uniformly here); g(j) = P(t <= j) = j / gmax. A
/// pair of relevant documents at ranks m <= n counts δ(m, n) = g(min(grade_m,
/// grade_n)), and
/// GAP = Σ_n (1/n) Σ_{m<=n} δ(m, n) / Σ_{j=1..gmax} R_j g(j),
/// R_j the number of judged documents of grade j (grades above gmax count as
/// gmax). With binary grades (gmax = 1) GAP is AP. 0 when nothing is relevant.
pub fn graded_average_precision(r: &JudgedRanking, gmax: i64) -> f64 {
    let gmax = gmax.max(1);
    let g = |grade: i64| grade.clamp(0, gmax) as f64 / gmax as f64;
    let denominator: f64 = r
        .level_counts
        .iter()
        .filter(|(&grade, _)| grade >= 1)
        .map(|(&grade, &n)| n as f64 * g(grade))
        .sum();
    if denominator == 0.0 {
        return 0.0;
    }
    // Relevant documents seen so far per (clamped) grade; only grades that
    // occur are stored, so a huge gmax costs nothing.
    let mut above: std::collections::BTreeMap<i64, usize> = std::collections::BTreeMap::new();
    let mut sum = 0.0;
    for (i, rel) in r.ranked.iter().enumerate() {
        let Some(grade) = rel.grade().filter(|&gr| gr >= 1) else {
            continue;
        };
        let grade = grade.min(gmax);
        *above.entry(grade).or_insert(0) += 1;
        let pairs: f64 = above
            .iter()
            .map(|(&j, &count)| count as f64 * g(j.min(grade)))
            .sum();
        sum += pairs / (i + 1) as f64;
    }
    sum / denominator
}

/// The worked steps of AP and AP@k on `r` (whose value is `value`).
pub(crate) fn explain(
    k: &Option<usize>,
    norm: &ApNormalization,
    r: &JudgedRanking,
    value: f64,
    e: &mut Explanation,
) {
    let d = depth(r, *k);
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

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "ap" | "map" => {
                only(ps, &["norm"])?;
                let norm = match param(ps, "norm") {
                    None | Some("R") => ApNormalization::TotalRelevant,
                    Some("found") => ApNormalization::RelevantRetrieved,
                    Some(v) => {
                        return Err(NameProblem::Norm {
                            found: v.to_string(),
                        })
                    }
                };
                AP { k: n.k, norm }
            }
            "gap" => {
                only(ps, &["gmax"])?;
                n.no_cut()?;
                GAP {
                    gmax: param(ps, "gmax")
                        .map(|v| number(v, NumberOf::Param("gmax")))
                        .transpose()?,
                }
            }
            "gmap" => GmAP,
            "setap" => SetAP,
            _ => return Ok(None),
        }))
    }

    fn expand_trec(
        &self,
        family: &str,
        raw: Option<&str>,
        push: &mut dyn FnMut(String, Metric),
    ) -> Result<bool, String> {
        let full_ap = Metric::AP {
            k: None,
            norm: ApNormalization::TotalRelevant,
        };
        match family {
            "map" => push(family.into(), full_ap),
            "map_cut" => {
                for k in longs(family, raw, CUTOFFS)? {
                    push(
                        format!("map_cut_{k}"),
                        Metric::AP {
                            k: Some(k),
                            norm: ApNormalization::TotalRelevant,
                        },
                    );
                }
            }
            "set_map" => push(family.into(), Metric::SetAP),
            // Averaged over judgment groups by the caller: per group, AP, P@k and
            // precision at m·R (session::evaluate_judgment_groups).
            "map_avgjg" => push(family.into(), full_ap),
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::AP {
                k: None,
                norm: ApNormalization::TotalRelevant,
            } => trec_plain("map"),
            Metric::AP {
                k: Some(k),
                norm: ApNormalization::TotalRelevant,
            } => trec_cut("map_cut", *k),
            Metric::GmAP => trec_plain("gm_map"),
            Metric::SetAP => trec_plain("set_map"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            AP { k, norm } => (|| {
                write!(f, "AP")?;
                if *norm == ApNormalization::RelevantRetrieved {
                    write!(f, "(norm='found')")?;
                }
                cut(f, k)
            })(),
            GmAP => write!(f, "gmAP"),
            SetAP => write!(f, "SetAP"),
            GAP { gmax: None } => write!(f, "GAP"),
            GAP { gmax: Some(g) } => write!(f, "GAP(gmax={g})"),
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
            Metric::AP { k, norm } => explain(k, norm, r, value, e),
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::binary;
    use ApNormalization::*;

    fn ap(flags: &[u8], rel: usize) -> f64 {
        average_precision(&binary(flags, rel), None, TotalRelevant)
    }

    /// Values: `seed_examples.json` (s002_ap_R3 13/18, s003_ap_RNRNR 34/45).
    #[test]
    fn seed_examples_of_ap() {
        // 002: R N R N N R with R = 3.
        assert!((ap(&[1, 0, 1, 0, 0, 1], 3) - 0.7222222222222222).abs() < 1e-15);
        // 003 and 004(B): R N R N R.
        assert!((ap(&[1, 0, 1, 0, 1], 3) - 0.7555555555555555).abs() < 1e-15);
        assert_eq!(ap(&[1, 1, 1, 0, 0], 3), 1.0);
        // 003: a single relevant document at rank 1, 3, 30.
        let single = |rank: usize| {
            let mut f = vec![0u8; rank];
            f[rank - 1] = 1;
            ap(&f, 1)
        };
        assert_eq!(single(1), 1.0);
        assert!((single(3) - 1.0 / 3.0).abs() < 1e-15);
        assert!((single(30) - 1.0 / 30.0).abs() < 1e-15);
    }

    /// Values: `seed_examples.json` (s004_map_Q1, _Q2, _Q3 and s004_map).
    #[test]
    fn seed_004_map_is_0_7073_not_0_708() {
        let q1 = ap(&[1, 1, 0, 1, 1, 0, 1, 0, 1, 0], 6);
        let q2 = ap(&[1, 0, 1, 0, 1, 0, 0, 1], 4);
        let q3 = ap(&[0, 1, 1, 0, 1, 1], 4);
        assert!((q1 - 0.8218253968253969).abs() < 1e-15);
        assert!((q2 - 0.6916666666666667).abs() < 1e-15);
        assert!((q3 - 0.6083333333333333).abs() < 1e-15);
        let map = (q1 + q2 + q3) / 3.0;
        assert!((map - 0.7072751322751323).abs() < 1e-15);
        // The article's 0.708 comes from rounded inputs; the exact value rounds to 0.707.
        assert_ne!(format!("{map:.3}"), "0.708");
    }

    /// Values: `seed_examples.json` (s001_ap_at_5_Q1 29/36, s001_ap_at_5_Q2 8/15).
    #[test]
    fn seed_001_ap_at_5_under_both_normalisations() {
        let q1 = binary(&[1, 0, 1, 1, 0], 4);
        let q2 = binary(&[0, 1, 0, 1, 1], 4);
        let by_found = |r| average_precision(r, Some(5), RelevantRetrieved);
        assert!((by_found(&q1) - 0.8055555555555555).abs() < 1e-15);
        assert!((by_found(&q2) - 0.5333333333333333).abs() < 1e-15);
        // trec_eval's map_cut.5 divides by R = 4 instead.
        let by_r = average_precision(&q1, Some(5), TotalRelevant);
        assert!((by_r - (1.0 + 2.0 / 3.0 + 3.0 / 4.0) / 4.0).abs() < 1e-15);
    }

    #[test]
    fn graded_ap_by_hand_and_binary_equals_ap() {
        use crate::measures::test_support::graded;
        // Grades (2, 1), gmax 2: g(1) = 1/2, g(2) = 1.
        // rank 1: δ = g(2) = 1; rank 2: (g(1) + g(1)) / 2 = 1/2; over 1/2 + 1 -> 1.
        assert!((graded_average_precision(&graded(&[2, 1], &[]), 2) - 1.0).abs() < 1e-15);
        // Reversed (1, 2): g(1) + (g(1) + g(2)) / 2 = 5/4, over 3/2.
        assert!((graded_average_precision(&graded(&[1, 2], &[]), 2) - 5.0 / 6.0).abs() < 1e-15);
        let b = binary(&[1, 0, 1, 0, 0, 1], 4);
        assert!((graded_average_precision(&b, 1) - ap(&[1, 0, 1, 0, 0, 1], 4)).abs() < 1e-15);
        assert_eq!(graded_average_precision(&binary(&[0, 0], 0), 1), 0.0);
        // A huge grade allocates nothing in proportion to it.
        let huge = graded(&[i64::MAX / 2, 1], &[]);
        assert!(graded_average_precision(&huge, i64::MAX / 2) > 0.9);
    }

    #[test]
    fn edges() {
        assert_eq!(ap(&[0, 0, 0], 0), 0.0);
        assert_eq!(ap(&[], 3), 0.0);
        assert_eq!(set_average_precision(&binary(&[1, 0], 4)), 1.0 / 8.0);
    }
}
