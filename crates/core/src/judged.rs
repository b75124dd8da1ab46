//! The judged ranking of one query: what every measure is computed from.
//!
//! A run's documents for a query, once ordered by the chosen
//! [`crate::conventions::TieBreak`] and cut at the chosen depth, are looked up in the
//! qrels. Following trec_eval (`form_res_rels.c`), each retrieved document is
//! one of three things:
//! - [`Rel::Judged`]`(g)` with `g >= 0`: in the qrels with grade `g`;
//! - [`Rel::Unjudged`]: in the qrels with a negative grade, i.e. in the pool
//!   but never judged (judged but never relevant, gain 0);
//! - [`Rel::NotInPool`]: absent from the qrels.
//!
//! A document is relevant when it is judged with `g >= relevance_level`
//! (trec_eval's `-l`, default 1).

use std::collections::BTreeMap;

/// Relevance of one retrieved document.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rel {
    /// Absent from the qrels (trec_eval's `RELVALUE_NONPOOL`, printed `-` in relstring).
    NotInPool,
    /// In the qrels with a negative grade (trec_eval's `RELVALUE_UNJUDGED`, `.` in relstring).
    Unjudged,
    /// Judged with this non-negative grade.
    Judged(i64),
}

impl Rel {
    /// The grade if judged, else `None`.
    pub fn grade(self) -> Option<i64> {
        match self {
            Rel::Judged(g) => Some(g),
            _ => None,
        }
    }
}

/// Ranks looked at for the nothing-judged test ([`judges_nothing`]): as
/// many as a query's ranking shows.
pub const FIRST_RANKS: usize = 100;

/// A query's ranking that meets none of the judgments: none of its first
/// [`FIRST_RANKS`] documents (`first`) is in the qrels, and none it
/// retrieves is relevant (`relevant_retrieved` is 0). A run whose every
/// query is so scores 0 on every measure because its ids do not meet the
/// qrels' (another collection, or docids spelled otherwise), which the
/// front ends say rather than show a table of zeros.
pub fn judges_nothing(first: &[Rel], relevant_retrieved: usize) -> bool {
    relevant_retrieved == 0 && first.iter().all(|r| *r == Rel::NotInPool)
}

/// The ordered relevance values of one query's retrieved documents, with the
/// counts of judged documents at each grade (retrieved or not).
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedRanking {
    /// Relevance of the document at rank `i + 1`.
    pub ranked: Vec<Rel>,
    /// Number of judged documents (retrieved or not) at each grade `>= 0`.
    pub level_counts: BTreeMap<i64, usize>,
    /// Grade from which a document counts as relevant (trec_eval `-l`).
    pub relevance_level: i64,
    /// Groups of tied ranks (0-based, half-open) whose order is averaged
    /// (`TieBreak::Average`); empty otherwise.
    pub tie_groups: Vec<std::ops::Range<usize>>,
    /// The other orders the run's equal scores allow (`None` when no
    /// documents tie): what the tie range is computed from.
    pub tie_layout: Option<Box<TieLayout>>,
}

/// The documents of one query as ranked before the depth cut and the
/// judged-only filter, with the groups of equal score whose order the tie
/// convention chose: every order of every group is a ranking the run could
/// have given (see `pipeline::tie_range`).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct TieLayout {
    /// Relevance in rank order, before the depth cut and the judged-only
    /// filter, up to the end of the tie group the depth cut falls in.
    pub rels: Vec<Rel>,
    /// Groups of two or more equally scored documents: half-open ranges of
    /// `rels`, in rank order.
    pub groups: Vec<std::ops::Range<usize>>,
    /// The depth cut (trec_eval `-M`), `None` for none.
    pub cut: Option<usize>,
    /// Unjudged documents are dropped after the cut (trec_eval `-J`).
    pub judged_only: bool,
    /// The relevant count and ideal come from the retrieved documents only
    /// ([`crate::conventions::JudgedScope::RetrievedOnly`]), so they change with which
    /// documents the cut keeps.
    pub retrieved_scope: bool,
}

impl TieLayout {
    /// The groups of equal score as the evaluated list has them, among
    /// its first `shown` ranks: 0-based, half-open ranks after the depth
    /// cut and the judged-only filter, each with two or more of its
    /// documents left (a group the cut splits keeps its part above the
    /// cut). What a view marks in a ranking.
    pub fn shown_groups(&self, shown: usize) -> Vec<(u32, u32)> {
        let end = self.cut.unwrap_or(usize::MAX).min(self.rels.len());
        let mut out = Vec::new();
        // The evaluated list's documents above listed document `i` (the
        // filter drops all but the judged), and where the open group
        // started in that list.
        let (mut kept, mut from) = (0, 0);
        let mut groups = self.groups.iter();
        let mut group = groups.next();
        for i in 0..=end {
            while let Some(g) = group {
                if g.start == i {
                    from = kept;
                }
                if g.end.min(end) != i {
                    break;
                }
                if g.start < end && kept.min(shown) >= from + 2 {
                    out.push((from as u32, kept.min(shown) as u32));
                }
                group = groups.next();
            }
            if i < end && (!self.judged_only || matches!(self.rels[i], Rel::Judged(_))) {
                kept += 1;
            }
        }
        out
    }

    /// Whether a tie group crosses the depth cut: some of its orders bring
    /// other documents into the evaluated list.
    pub fn straddles_cut(&self) -> bool {
        self.cut
            .is_some_and(|c| self.groups.iter().any(|g| g.start < c && c < g.end))
    }

    /// Whether the cut-off `k` (ranks of the evaluated list) or the depth
    /// cut may fall inside a tie group; always so under the judged-only
    /// filter, which moves ranks.
    pub fn cut_inside_group(&self, k: Option<usize>) -> bool {
        self.judged_only
            || self.straddles_cut()
            || k.is_some_and(|k| self.groups.iter().any(|g| g.start < k && k < g.end))
    }

    /// The ranking evaluated when the documents stand in the order `rels`
    /// (a reordering of [`TieLayout::rels`] within its groups): cut, filtered
    /// and counted as `base` was, with no tie averaging.
    pub fn ranking(&self, mut rels: Vec<Rel>, base: &JudgedRanking) -> JudgedRanking {
        if let Some(c) = self.cut {
            rels.truncate(c);
        }
        if self.judged_only {
            rels.retain(|r| matches!(r, Rel::Judged(_)));
        }
        let level_counts = if self.retrieved_scope {
            let mut counts = BTreeMap::new();
            for g in rels.iter().filter_map(|r| r.grade()) {
                *counts.entry(g).or_insert(0) += 1;
            }
            counts
        } else {
            base.level_counts.clone()
        };
        JudgedRanking {
            ranked: rels,
            level_counts,
            relevance_level: base.relevance_level,
            tie_groups: Vec::new(),
            tie_layout: None,
        }
    }

    /// `rels` with every tie group sorted by `key`, largest key first when
    /// `descending`, else smallest first. Documents of equal key may come
    /// in any order (a key's measure does not tell them apart). One sort
    /// for every key, so the page's code holds one copy of it.
    pub fn sorted_by(&self, key: &dyn Fn(Rel) -> f64, descending: bool) -> Vec<Rel> {
        let mut rels = self.rels.clone();
        let mut keyed: Vec<(f64, Rel)> = Vec::new();
        for g in &self.groups {
            keyed.clear();
            keyed.extend(rels[g.clone()].iter().map(|&r| (key(r), r)));
            keyed.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
            if descending {
                keyed.reverse();
            }
            for (slot, (_, r)) in rels[g.clone()].iter_mut().zip(&keyed) {
                *slot = *r;
            }
        }
        rels
    }
}

impl JudgedRanking {
    /// Builds a ranking from retrieved relevance values and all judged grades
    /// of the query (the grades of retrieved judged documents must be among
    /// them). Negative grades in `judged_grades` are ignored, as trec_eval
    /// ignores them when counting levels.
    pub fn new(
        ranked: Vec<Rel>,
        judged_grades: impl IntoIterator<Item = i64>,
        relevance_level: i64,
    ) -> Self {
        let mut level_counts = BTreeMap::new();
        for g in judged_grades {
            if g >= 0 {
                *level_counts.entry(g).or_insert(0) += 1;
            }
        }
        JudgedRanking {
            ranked,
            level_counts,
            relevance_level,
            tie_groups: Vec::new(),
            tie_layout: None,
        }
    }

    /// Number of retrieved documents (after the depth cut).
    pub fn num_ret(&self) -> usize {
        self.ranked.len()
    }

    /// `R`: number of judged documents with grade `>= relevance_level`.
    pub fn num_rel(&self) -> usize {
        self.level_counts
            .range(self.relevance_level.max(0)..)
            .map(|(_, n)| n)
            .sum()
    }

    /// Number of judged documents below the relevance level (judged non-relevant).
    pub fn num_nonrel(&self) -> usize {
        self.level_counts
            .range(..self.relevance_level.max(0))
            .map(|(_, n)| n)
            .sum()
    }

    /// Whether the document at 0-based position `i` is relevant.
    pub fn is_rel(&self, i: usize) -> bool {
        matches!(self.ranked.get(i), Some(Rel::Judged(g)) if *g >= self.relevance_level)
    }

    /// Iterator of relevance flags in rank order.
    pub fn rel_flags(&self) -> impl Iterator<Item = bool> + '_ {
        (0..self.ranked.len()).map(|i| self.is_rel(i))
    }

    /// Number of relevant documents among the first `k` retrieved.
    pub fn rel_in_top(&self, k: usize) -> usize {
        self.rel_flags().take(k).filter(|&r| r).count()
    }

    /// Number of relevant retrieved documents.
    pub fn num_rel_ret(&self) -> usize {
        self.rel_in_top(self.ranked.len())
    }

    /// `f` of each ranked document, averaged within tie groups: the expected
    /// value at each rank when tied documents are in random order.
    pub fn tie_averaged(&self, f: impl Fn(Rel) -> f64) -> Vec<f64> {
        let mut out: Vec<f64> = self.ranked.iter().map(|&r| f(r)).collect();
        for group in &self.tie_groups {
            let slice = &mut out[group.clone()];
            let mean = slice.iter().sum::<f64>() / slice.len() as f64;
            slice.fill(mean);
        }
        out
    }

    /// Expected number of relevant documents in the top `k` (equal to
    /// [`rel_in_top`](Self::rel_in_top) when no tie group is averaged).
    pub fn expected_rel_in_top(&self, k: usize) -> f64 {
        if self.tie_groups.is_empty() {
            return self.rel_in_top(k) as f64;
        }
        let level = self.relevance_level;
        let flags =
            self.tie_averaged(|r| f64::from(u8::from(matches!(r, Rel::Judged(g) if g >= level))));
        flags.iter().take(k).sum()
    }

    /// Largest judged grade of the query, if any document is judged.
    pub fn max_grade(&self) -> Option<i64> {
        self.level_counts.keys().next_back().copied()
    }

    /// All judged grades, highest first (the ideal ordering's grades).
    pub fn ideal_grades(&self) -> Vec<i64> {
        let mut out = Vec::with_capacity(self.level_counts.values().sum());
        for (&g, &n) in self.level_counts.iter().rev() {
            out.extend(std::iter::repeat_n(g, n));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_follow_the_relevance_level() {
        let r = JudgedRanking::new(
            vec![
                Rel::Judged(2),
                Rel::NotInPool,
                Rel::Judged(0),
                Rel::Unjudged,
                Rel::Judged(1),
            ],
            [2, 0, 1, 1, 0, -1],
            1,
        );
        assert_eq!(r.num_ret(), 5);
        assert_eq!(r.num_rel(), 3);
        assert_eq!(r.num_nonrel(), 2);
        assert_eq!(r.num_rel_ret(), 2);
        assert_eq!(r.rel_in_top(2), 1);
        assert_eq!(r.ideal_grades(), vec![2, 1, 1, 0, 0]);
        let l2 = JudgedRanking {
            relevance_level: 2,
            ..r
        };
        assert_eq!(l2.num_rel(), 1);
        assert_eq!(l2.num_rel_ret(), 1);
    }

    /// Listed: 1 ? 0 ? 2 1 0, groups at 1..4 and 4..6.
    #[test]
    fn the_groups_shown_are_those_left_after_the_cut_and_the_filter() {
        let layout = |cut, judged_only| TieLayout {
            rels: vec![
                Rel::Judged(1),
                Rel::NotInPool,
                Rel::Judged(0),
                Rel::NotInPool,
                Rel::Judged(2),
                Rel::Judged(1),
                Rel::Judged(0),
            ],
            groups: vec![1..4, 4..6],
            cut,
            judged_only,
            retrieved_scope: false,
        };
        assert_eq!(layout(None, false).shown_groups(100), [(1, 4), (4, 6)]);
        // Three ranks shown: the first group's first two.
        assert_eq!(layout(None, false).shown_groups(3), [(1, 3)]);
        assert_eq!(layout(None, false).shown_groups(2), []);
        // Cut at 5: the second group keeps one document above it.
        assert_eq!(layout(Some(5), false).shown_groups(100), [(1, 4)]);
        // Judged only: 1 0 2 1 0; the first group keeps one, the second two.
        assert_eq!(layout(None, true).shown_groups(100), [(2, 4)]);
        // Both: 1 0 2, nothing left of either group.
        assert_eq!(layout(Some(5), true).shown_groups(100), []);
    }
}
