//! Exercises drawn at random from a seed: the same seed and difficulty give
//! the same exercise on every machine (xorshift64*, no platform
//! randomness).

use super::Exercise;
use crate::formats::quick::QuickQuery;
use crate::judged::Rel;
use crate::measures::ndcg::{Discount, Gains};
use crate::measures::Metric;

/// What a drawn exercise may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difficulty {
    /// Grades 0 to 3 (else 0 or 1).
    pub graded: bool,
    /// The cutoff of P@k, R@k, DCG@k, nDCG@k and ERR@k, and the ranking's
    /// length at most.
    pub k: usize,
    /// One group of two or three adjacent ranks tied (and no ERR, whose
    /// average over tie orders is not exact).
    pub ties: bool,
}

/// The measures drawn for a difficulty: binary ones for binary grades.
fn measures(d: Difficulty) -> Vec<Metric> {
    let k = d.k;
    let mut out = vec![
        Metric::P { k },
        Metric::R { k },
        Metric::RR { k: None },
        Metric::AP {
            k: None,
            norm: crate::measures::average_precision::ApNormalization::TotalRelevant,
        },
    ];
    if d.graded {
        out.extend([
            Metric::NDCG {
                k: Some(k),
                gains: Gains::linear(),
                discount: Discount::LOG2,
            },
            Metric::DCG {
                k: Some(k),
                gains: Gains::linear(),
                discount: Discount::LOG2,
            },
        ]);
        if !d.ties {
            out.push(Metric::ERR {
                k: Some(k),
                gmax: None,
            });
        }
    }
    out
}

/// The exercise of `seed` at `difficulty`: a ranking of 4 to k documents
/// (k at least 4) with at least one relevant one, 0 to 2 relevant documents
/// not retrieved, one tie group if asked, and a measure drawn from those
/// that suit the grades and the ties.
pub fn draw(seed: u64, difficulty: Difficulty) -> Exercise {
    let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| -> usize {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    };
    let k = difficulty.k.max(4);
    let top = if difficulty.graded { 4 } else { 2 };
    let length = 4 + next(k - 3);
    let mut grades: Vec<i64> = (0..length).map(|_| next(top) as i64).collect();
    if grades.iter().all(|&g| g == 0) {
        let at = next(length);
        grades[at] = 1 + next(top - 1) as i64;
    }
    let unretrieved = (0..next(3)).map(|_| 1 + next(top - 1) as i64).collect();
    let choices = measures(Difficulty { k, ..difficulty });
    let metric = choices[next(choices.len())].clone();
    let ties = if difficulty.ties {
        let size = 2 + next(2);
        let start = next(length - size + 1);
        std::iter::once(start..start + size).collect()
    } else {
        Vec::new()
    };
    Exercise {
        query: QuickQuery {
            id: "q1".to_string(),
            retrieved: grades.into_iter().map(Rel::Judged).collect(),
            unretrieved,
            line: 1,
        },
        metric,
        note: String::new(),
        ties,
    }
}
