//! Builders of judged rankings for the measures' unit tests.

use crate::judged::{JudgedRanking, Rel};

/// Binary ranking (1 = relevant) with `num_rel` relevant documents overall;
/// relevant documents not in `flags` are judged but unretrieved.
pub fn binary(flags: &[u8], num_rel: usize) -> JudgedRanking {
    let ranked: Vec<Rel> = flags.iter().map(|&f| Rel::Judged(i64::from(f))).collect();
    let found = flags.iter().filter(|&&f| f == 1).count();
    let judged = flags
        .iter()
        .map(|&f| i64::from(f))
        .chain(std::iter::repeat_n(1, num_rel.saturating_sub(found)));
    JudgedRanking::new(ranked, judged, 1)
}

/// A ranking whose only relevant document is at `rank`.
pub fn first_relevant_at(rank: usize) -> JudgedRanking {
    let mut flags = vec![0u8; rank];
    flags[rank - 1] = 1;
    binary(&flags, 1)
}

/// Graded ranking plus grades of judged, unretrieved documents.
pub fn graded(grades: &[i64], unretrieved: &[i64]) -> JudgedRanking {
    let ranked = grades.iter().map(|&g| Rel::Judged(g)).collect();
    JudgedRanking::new(ranked, grades.iter().chain(unretrieved).copied(), 1)
}
