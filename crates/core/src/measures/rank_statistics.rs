//! Rank statistics of article 004 and 001: mean rank of relevant documents
//! (MR), first relevant position (FRP, FRP@k), average recall (AR, whose
//! mean is MAR), and the Kendall tau distance to the ideal order.

use super::recall::recall_at;
use crate::judged::JudgedRanking;

/// Mean rank of the relevant retrieved documents within the top k
/// (`None` = all); 0 when none is retrieved (a lower MR is better).
pub fn mean_rank(r: &JudgedRanking, k: Option<usize>) -> f64 {
    let ranks: Vec<usize> = r
        .rel_flags()
        .take(k.unwrap_or(usize::MAX))
        .enumerate()
        .filter_map(|(i, x)| x.then_some(i + 1))
        .collect();
    if ranks.is_empty() {
        0.0
    } else {
        ranks.iter().sum::<usize>() as f64 / ranks.len() as f64
    }
}

/// First relevant position. With a cutoff k, a query with no relevant
/// document in the top k gets k + 1 (article 004's convention); without one,
/// a query with no relevant retrieved document gets n + 1 (n = retrieved).
pub fn first_relevant_position(r: &JudgedRanking, k: Option<usize>) -> f64 {
    let depth = k.unwrap_or(r.num_ret());
    match super::reciprocal_rank::first_relevant_rank(r, Some(depth)) {
        Some(rank) => rank as f64,
        None => (depth + 1) as f64,
    }
}

/// Average recall (article 004): Σ_k R@k · rel(k) / Σ_k rel(k) over the
/// retrieved ranks; 0 when nothing relevant is retrieved.
pub fn average_recall(r: &JudgedRanking) -> f64 {
    let mut sum = 0.0;
    let mut n = 0usize;
    for (i, rel) in r.rel_flags().enumerate() {
        if rel {
            sum += recall_at(r, i + 1);
            n += 1;
        }
    }
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

/// Kendall tau distance to the ideal order (article 001): the number of
/// inversions, pairs of retrieved documents where the one ranked higher has a
/// lower grade (unjudged documents count as grade 0).
pub fn kendall_tau_distance(r: &JudgedRanking) -> f64 {
    let grades: Vec<i64> = r
        .ranked
        .iter()
        .map(|x| x.grade().unwrap_or(0).max(0))
        .collect();
    let mut inversions = 0u64;
    for i in 0..grades.len() {
        for j in i + 1..grades.len() {
            if grades[i] < grades[j] {
                inversions += 1;
            }
        }
    }
    inversions as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::{binary, graded};

    #[test]
    fn by_hand() {
        let r = binary(&[0, 1, 0, 1], 3);
        assert_eq!(mean_rank(&r, None), 3.0);
        assert_eq!(first_relevant_position(&r, None), 2.0);
        assert_eq!(first_relevant_position(&r, Some(1)), 2.0);
        assert_eq!(first_relevant_position(&binary(&[0, 0], 1), None), 3.0);
        // R@2 = 1/3 at rank 2, R@4 = 2/3 at rank 4.
        assert!((average_recall(&r) - 0.5).abs() < 1e-15);
        // Pairs ranked in the wrong order: (0,2) (0,1) (0,3) (2,3) (1,3).
        assert_eq!(kendall_tau_distance(&graded(&[0, 2, 1, 3], &[])), 5.0);
    }
}
