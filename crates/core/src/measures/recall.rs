//! Recall family: R@k, set recall, success (Hit@k).
//!
//! Follows trec_eval 10 (`m_recall.c`, `m_set_recall.c`, `m_success.c`).

use super::precision::ratio;
use crate::judged::JudgedRanking;

/// R@k = |relevant in the top k| / R; 0 when R = 0 (trec_eval, ranx).
/// Under tie averaging the count is its expected value.
pub fn recall_at(r: &JudgedRanking, k: usize) -> f64 {
    match r.num_rel() {
        0 => 0.0,
        n => r.expected_rel_in_top(k) / n as f64,
    }
}

/// Set recall: relevant retrieved / R; 0 when R = 0.
pub fn set_recall(r: &JudgedRanking) -> f64 {
    ratio(r.num_rel_ret(), r.num_rel())
}

/// Success@k (trec_eval `success_k`, also called Hit@k or HitRate@k):
/// 1 if at least one relevant document is in the top k, else 0.
pub fn success_at(r: &JudgedRanking, k: usize) -> f64 {
    if r.rel_in_top(k) > 0 {
        1.0
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::binary;

    #[test]
    fn seed_001_recall_at_5_is_three_quarters() {
        let r = binary(&[1, 0, 1, 1, 0], 4);
        assert_eq!(recall_at(&r, 5), 0.75);
        assert_eq!(set_recall(&r), 0.75);
    }

    #[test]
    fn success_and_zero_relevant() {
        let r = binary(&[0, 0, 1], 1);
        assert_eq!(success_at(&r, 2), 0.0);
        assert_eq!(success_at(&r, 3), 1.0);
        assert_eq!(recall_at(&binary(&[0, 0], 0), 2), 0.0);
    }
}
