//! Rank statistics of article 004 and 001: mean rank of relevant documents
//! (MR), first relevant position (FRP, FRP@k), average recall (AR, whose
//! mean is MAR), and the Kendall tau distance to the ideal order.

use super::name_parts::{cut, Name, NameProblem};
use super::recall::recall_at;
use super::Metric;
use crate::judged::JudgedRanking;
use std::fmt;

use super::family::MeasureFamily;

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
/// lower grade (unjudged documents count as grade 0). Counted by merge sort
/// in O(n log n), so long lists stay fast.
pub fn kendall_tau_distance(r: &JudgedRanking) -> f64 {
    let mut grades: Vec<i64> = r
        .ranked
        .iter()
        .map(|x| x.grade().unwrap_or(0).max(0))
        .collect();
    let mut buffer = grades.clone();
    inversions(&mut grades, &mut buffer) as f64
}

/// Sorts `v` by decreasing grade and returns the number of pairs i < j with
/// v[i] < v[j].
fn inversions(v: &mut [i64], buffer: &mut [i64]) -> u64 {
    let n = v.len();
    if n < 2 {
        return 0;
    }
    let mid = n / 2;
    let mut count = {
        let (left, right) = v.split_at_mut(mid);
        let (bl, br) = buffer.split_at_mut(mid);
        inversions(left, bl) + inversions(right, br)
    };
    let (mut i, mut j, mut k) = (0, mid, 0);
    while i < mid && j < n {
        if v[i] >= v[j] {
            buffer[k] = v[i];
            i += 1;
        } else {
            // v[j] beats every remaining left element.
            count += (mid - i) as u64;
            buffer[k] = v[j];
            j += 1;
        }
        k += 1;
    }
    buffer[k..k + mid - i].copy_from_slice(&v[i..mid]);
    k += mid - i;
    buffer[k..k + n - j].copy_from_slice(&v[j..n]);
    v.copy_from_slice(&buffer[..n]);
    count
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        Ok(Some(match n.base.as_str() {
            "mr" => MeanRank { k: n.k },
            "frp" => FRP { k: n.k },
            "ar" | "mar" => {
                n.no_cut()?;
                AR
            }
            "kendalltau" => {
                n.no_cut()?;
                KendallTau
            }
            _ => return Ok(None),
        }))
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            MeanRank { k } => (|| {
                write!(f, "MR")?;
                cut(f, k)
            })(),
            FRP { k } => (|| {
                write!(f, "FRP")?;
                cut(f, k)
            })(),
            AR => write!(f, "AR"),
            KendallTau => write!(f, "KendallTau"),
            _ => return None,
        })
    }
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
        // Against the pair count itself on a longer list.
        let g: Vec<i64> = (0..200).map(|i| (i * 7919 % 13) % 4).collect();
        let naive = (0..g.len())
            .flat_map(|i| (i + 1..g.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| g[i] < g[j])
            .count();
        assert_eq!(kendall_tau_distance(&graded(&g, &[])), naive as f64);
    }
}
