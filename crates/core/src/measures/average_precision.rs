//! Average-precision family: AP, AP@k under two normalisations, geometric
//! mean AP's per-query log, set AP, infAP.
//!
//! AP follows trec_eval (`m_map.c`): the sum of P@rank over the ranks of
//! retrieved relevant documents, divided by R, the number of relevant
//! documents in the judgments (retrieved or not); 0 when R = 0.

use crate::judged::JudgedRanking;

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
pub fn average_precision(r: &JudgedRanking, k: Option<usize>, norm: ApNormalization) -> f64 {
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
