//! Set measures over the retrieved set as a whole: utility and F
//! (trec_eval `utility`, `set_F`), and the unjudged fraction (`unj`).

use super::precision::ratio;
use crate::judged::{JudgedRanking, Rel};

/// Linear utility a·(rel ret) + b·(nonrel ret) + c·(rel not ret) + d·(nonrel
/// not ret), with "nonrel not ret" = docs_in_collection + rel ret − ret − R
/// (trec_eval's `-N`, 0 by default). trec_eval's default is (1, −1, 0, 0).
pub fn utility(r: &JudgedRanking, coefficients: [f64; 4], docs_in_collection: f64) -> f64 {
    let [a, b, c, d] = coefficients;
    let (ret, rel, rel_ret) = (
        r.num_ret() as f64,
        r.num_rel() as f64,
        r.num_rel_ret() as f64,
    );
    a * rel_ret
        + b * (ret - rel_ret)
        + c * (rel - rel_ret)
        + d * (docs_in_collection + rel_ret - ret - rel)
}

/// F_β over the retrieved set: (β + 1)·P·R / (β·P + R) with β the relative
/// importance of recall (trec_eval's `set_F` parameter, default 1). 0 when
/// nothing is retrieved, R = 0 or nothing relevant is retrieved.
pub fn set_f(r: &JudgedRanking, beta: f64) -> f64 {
    let p = ratio(r.num_rel_ret(), r.num_ret());
    let rc = ratio(r.num_rel_ret(), r.num_rel());
    if p == 0.0 || rc == 0.0 {
        return 0.0;
    }
    (beta + 1.0) * p * rc / (beta * p + rc)
}

/// F1@k: harmonic mean of P@k and R@k (0 when both are 0).
pub fn f1_at(r: &JudgedRanking, k: usize) -> f64 {
    let p = super::precision::precision_at(r, k);
    let rc = super::recall::recall_at(r, k);
    if p + rc == 0.0 {
        0.0
    } else {
        2.0 * p * rc / (p + rc)
    }
}

/// Unjudged fraction of the top k (trec_eval `unj_k`): documents absent from
/// the qrels or in them with a negative grade, divided by k (missing ranks
/// count as judged).
pub fn unjudged_at(r: &JudgedRanking, k: usize) -> f64 {
    if k == 0 {
        return 0.0;
    }
    let n = r
        .ranked
        .iter()
        .take(k)
        .filter(|x| !matches!(x, Rel::Judged(_)))
        .count();
    n as f64 / k as f64
}

/// Judged fraction of the top k (ir_measures `Judged@k`): documents in the
/// top k that the qrels list (any grade, negative ones included), divided
/// by the number of documents in the top k, min(k, retrieved) (0 when
/// nothing is retrieved). Unlike trec_eval's `unj_k`, which divides by k
/// and counts negative grades as unjudged.
pub fn judged_at(r: &JudgedRanking, k: usize) -> f64 {
    let top = &r.ranked[..k.min(r.ranked.len())];
    let n = top.iter().filter(|x| !matches!(x, Rel::NotInPool)).count();
    ratio(n, top.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::binary;

    #[test]
    fn by_hand() {
        let r = binary(&[1, 0, 0, 1], 4);
        assert_eq!(utility(&r, [1.0, -1.0, 0.0, 0.0], 0.0), 0.0);
        // P = 1/2, R = 1/2 -> F1 = 1/2.
        assert_eq!(set_f(&r, 1.0), 0.5);
        assert_eq!(f1_at(&r, 4), 0.5);
        assert_eq!(unjudged_at(&r, 5), 0.0);
        // 4 judged of the 4 retrieved (k = 5 is past the list).
        assert_eq!(judged_at(&r, 5), 1.0);
        assert_eq!(judged_at(&binary(&[], 1), 5), 0.0);
    }
}
