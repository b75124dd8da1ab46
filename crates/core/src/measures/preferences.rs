//! Preference measures: how many of the assessors' document preferences
//! ("A before B") a ranking fulfils, as trec_eval defines them for
//! `-R prefs` and `-R qrels_prefs` (`form_prefs_counts.c` and the
//! `m_prefs_*.c` measures; Buckley's preference evaluation in trec_eval 9+).
//!
//! **Documents.** The judged documents of a query are numbered: the
//! retrieved ones 0 … r−1 in rank order (score descending, equal scores by
//! docid ascending, as trec_eval's preference code orders them; only the
//! first `-M` ranks count), the others r … n−1 by docid. A preference
//! A > B is *fulfilled* when A's number is smaller: both retrieved and A
//! first, or A retrieved and B not (an *implied* preference). When
//! neither is retrieved it is possible but never fulfilled.
//!
//! **Groups.** Each judgment group is one assessor. A group with one
//! subgroup orders its documents by level into equivalence classes: every
//! document of a higher class is preferred to every one of a lower class.
//! A group with several subgroups has each subgroup's preferences closed
//! under transitivity (A > B in one subgroup and B > C in another give
//! A > C); a cycle is an inconsistency and an error. Counts per group:
//! fulfilled and possible preferences among retrieved documents (`ret`),
//! implied ones (`imp`), those between two unretrieved documents
//! (`notoccur`), and relevant (level > 0) and non-relevant (level 0 in a
//! subgrouped group; level ≤ 0 in a one-subgroup group) documents, all and
//! retrieved. The counts of all groups are also added per document pair.
//!
//! **Measures** (each [`PrefMeasure`] documents its formula): counts of
//! preferences, the fraction fulfilled over all preferences (`simp`), per
//! document pair (`pair`) or per group (`avgjg`), and `avgjg_Rnonrel`,
//! which counts as many non-relevant documents as relevant ones (like
//! bpref). `_ret` variants count only preferences between retrieved
//! documents; `_imp` ones add the implied ones; the plain ones count every
//! preference.

use crate::error::PrefContradiction;

/// One judgment group's counts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupCounts {
    /// Preferences between retrieved documents that the ranking fulfils.
    pub fulfilled_ret: usize,
    /// Preferences between retrieved documents.
    pub possible_ret: usize,
    /// Implied preferences (one document retrieved) that are fulfilled.
    pub fulfilled_imp: usize,
    /// Implied preferences.
    pub possible_imp: usize,
    /// Preferences between two unretrieved documents.
    pub possible_notoccur: usize,
    /// Relevant documents (level > 0).
    pub rel: usize,
    /// Relevant documents retrieved.
    pub rel_ret: usize,
    /// Non-relevant documents.
    pub nonrel: usize,
    /// Non-relevant documents retrieved.
    pub nonrel_ret: usize,
    /// How the group holds its preferences (for avgjg_Rnonrel's recount).
    shape: GroupShape,
}

/// A group's preferences: equivalence classes (one subgroup) or a
/// preference matrix (several).
#[derive(Debug, Clone, Default, PartialEq)]
enum GroupShape {
    #[default]
    Empty,
    /// Document numbers of each class, classes by level descending,
    /// numbers ascending within a class.
    Classes(Vec<Vec<usize>>),
    /// `prefers[i * n + j]`: document i is preferred to document j;
    /// `levels[i]`: its level in the group (−1 when the group lacks it).
    Matrix {
        prefers: Vec<bool>,
        levels: Vec<f64>,
    },
}

/// A query's preference counts (what every preference measure reads).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PrefCounts {
    /// Judged documents (n).
    pub judged: usize,
    /// Judged documents retrieved (r).
    pub judged_ret: usize,
    /// Per group, in byte order of the group names.
    pub groups: Vec<GroupCounts>,
    /// `pairs[i * n + j]`: how many groups prefer document i to j.
    pairs: Vec<u32>,
}

/// A preference judgment reduced to what the counts need.
struct Numbered<'a> {
    group: &'a str,
    subgroup: &'a str,
    level: f64,
    doc: usize,
    docid: &'a str,
}

impl PrefCounts {
    /// Counts the preferences of `judgments` (one query's) fulfilled by
    /// `ranked` (its retrieved docids in rank order, after the cutoff);
    /// an error message on an inconsistent group.
    pub fn new(
        judgments: &[crate::formats::preferences::PrefJudgment<'_>],
        ranked: &[&str],
    ) -> Result<PrefCounts, PrefContradiction> {
        let mut number: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        let judged: std::collections::HashSet<&str> = judgments.iter().map(|j| j.docid).collect();
        for d in ranked {
            if judged.contains(d) && !number.contains_key(d) {
                number.insert(d, number.len());
            }
        }
        let judged_ret = number.len();
        let mut rest: Vec<&str> = judged
            .iter()
            .copied()
            .filter(|d| !number.contains_key(d))
            .collect();
        rest.sort_unstable();
        for d in rest {
            number.insert(d, number.len());
        }
        let n = number.len();
        let mut lines: Vec<Numbered> = judgments
            .iter()
            .map(|j| Numbered {
                group: j.group,
                subgroup: j.subgroup,
                level: j.level,
                doc: number[j.docid],
                docid: j.docid,
            })
            .collect();
        lines.sort_by(|a, b| {
            a.group
                .as_bytes()
                .cmp(b.group.as_bytes())
                .then(a.subgroup.as_bytes().cmp(b.subgroup.as_bytes()))
                .then(b.level.total_cmp(&a.level))
                .then(a.doc.cmp(&b.doc))
        });
        let mut out = PrefCounts {
            judged: n,
            judged_ret,
            groups: Vec::new(),
            pairs: vec![0; n * n],
        };
        for group in lines.chunk_by(|a, b| a.group == b.group) {
            let subgroups = group.chunk_by(|a, b| a.subgroup == b.subgroup).count();
            let counts = if subgroups > 1 {
                out.matrix_group(group)?
            } else {
                out.class_group(group)?
            };
            out.groups.push(counts);
        }
        Ok(out)
    }

    /// A one-subgroup group: equivalence classes by level.
    fn class_group(&mut self, lines: &[Numbered<'_>]) -> Result<GroupCounts, PrefContradiction> {
        let (n, r) = (self.judged, self.judged_ret);
        let classes: Vec<(f64, Vec<usize>)> = lines
            .chunk_by(|a, b| a.level == b.level)
            .map(|c| (c[0].level, c.iter().map(|l| l.doc).collect()))
            .collect();
        let mut g = GroupCounts::default();
        for (k, (level, docs)) in classes.iter().enumerate() {
            let retrieved = docs.iter().take_while(|&&d| d < r).count();
            if *level > 0.0 {
                g.rel_ret += retrieved;
                g.rel += docs.len();
            } else {
                g.nonrel_ret += retrieved;
                g.nonrel += docs.len();
            }
            for (_, lower) in &classes[k + 1..] {
                for &a in docs {
                    for &b in lower {
                        if a == b {
                            let docid = lines.iter().find(|l| l.doc == a).map_or("", |l| l.docid);
                            return Err(PrefContradiction::TwoLevels {
                                docid: docid.to_string(),
                                group: lines[0].group.to_string(),
                            });
                        }
                        self.pairs[a * n + b] += 1;
                        if a < b {
                            if b < r {
                                g.fulfilled_ret += 1;
                            } else if a < r {
                                g.fulfilled_imp += 1;
                            } else {
                                g.possible_notoccur += 1;
                            }
                        } else if a < r {
                            g.possible_ret += 1;
                        } else if b < r {
                            g.possible_imp += 1;
                        } else {
                            g.possible_notoccur += 1;
                        }
                    }
                }
            }
        }
        g.possible_ret += g.fulfilled_ret;
        g.possible_imp += g.fulfilled_imp;
        g.shape = GroupShape::Classes(classes.into_iter().map(|(_, d)| d).collect());
        Ok(g)
    }

    /// A group of several subgroups: a preference matrix closed under
    /// transitivity.
    fn matrix_group(&mut self, lines: &[Numbered<'_>]) -> Result<GroupCounts, PrefContradiction> {
        let (n, r) = (self.judged, self.judged_ret);
        let group = lines[0].group;
        let mut levels = vec![-1.0; n];
        let mut prefers = vec![false; n * n];
        for sub in lines.chunk_by(|a, b| a.subgroup == b.subgroup) {
            for (i, l) in sub.iter().enumerate() {
                let known = levels[l.doc];
                if (known > 0.0 && l.level == 0.0) || (known == 0.0 && l.level > 0.0) {
                    return Err(PrefContradiction::RelevantAndNot {
                        docid: l.docid.to_string(),
                        group: group.to_string(),
                    });
                }
                levels[l.doc] = l.level;
                for lower in sub[i + 1..].iter().filter(|o| o.level != l.level) {
                    prefers[l.doc * n + lower.doc] = true;
                }
            }
        }
        // Transitive closure (Warshall).
        for k in 0..n {
            for i in 0..n {
                if prefers[i * n + k] {
                    for j in 0..n {
                        if prefers[k * n + j] {
                            prefers[i * n + j] = true;
                        }
                    }
                }
            }
        }
        for i in 0..n {
            prefers[i * n + i] = false;
        }
        for i in 0..n {
            for j in i + 1..n {
                if prefers[i * n + j] && prefers[j * n + i] {
                    return Err(PrefContradiction::Cycle {
                        group: group.to_string(),
                    });
                }
            }
        }
        let mut g = GroupCounts::default();
        for (i, &level) in levels.iter().enumerate() {
            let retrieved = i < r;
            if level > 0.0 {
                g.rel += 1;
                g.rel_ret += usize::from(retrieved);
            } else if level == 0.0 {
                g.nonrel += 1;
                g.nonrel_ret += usize::from(retrieved);
            }
        }
        for i in 0..n {
            for j in 0..n {
                if !prefers[i * n + j] {
                    continue;
                }
                self.pairs[i * n + j] += 1;
                match (i < r, j < r) {
                    (true, true) if j < i => g.possible_ret += 1,
                    (true, true) => g.fulfilled_ret += 1,
                    (true, false) => g.fulfilled_imp += 1,
                    (false, true) => g.possible_imp += 1,
                    (false, false) => g.possible_notoccur += 1,
                }
            }
        }
        g.possible_ret += g.fulfilled_ret;
        g.possible_imp += g.fulfilled_imp;
        g.shape = GroupShape::Matrix { prefers, levels };
        Ok(g)
    }

    /// Mean over document pairs (i < j, both among the first `upto`
    /// documents, at least one retrieved) that some group orders of the
    /// fraction of groups preferring the earlier one; `unretrieved_pairs`:
    /// count pairs of two unretrieved documents too (as unfulfilled).
    fn pair_ratio(&self, upto: usize, unretrieved_pairs: bool) -> f64 {
        let (n, r) = (self.judged, self.judged_ret);
        let mut sum = 0.0;
        let mut pairs = 0usize;
        let mut add = |i: usize, j: usize, with_value: bool| {
            let (a, b) = (self.pairs[i * n + j], self.pairs[j * n + i]);
            if a > 0 || b > 0 {
                pairs += 1;
                if with_value {
                    sum += f64::from(a) / f64::from(a + b);
                }
            }
        };
        for i in 0..r {
            for j in i + 1..r {
                add(i, j, true);
            }
        }
        for i in 0..r {
            for j in r..upto {
                add(i, j, true);
            }
        }
        if unretrieved_pairs {
            for i in r..n {
                for j in i + 1..n {
                    add(i, j, false);
                }
            }
        }
        if pairs > 0 {
            sum / pairs as f64
        } else {
            0.0
        }
    }
}

/// Which preferences a measure counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Every preference (implied ones, and those between two unretrieved
    /// documents as unfulfilled).
    All,
    /// Only preferences between two retrieved documents.
    Retrieved,
    /// Retrieved and implied ones.
    Implied,
}

impl GroupCounts {
    fn fulfilled(&self, scope: Scope) -> usize {
        match scope {
            Scope::Retrieved => self.fulfilled_ret,
            Scope::All | Scope::Implied => self.fulfilled_ret + self.fulfilled_imp,
        }
    }

    fn possible(&self, scope: Scope) -> usize {
        match scope {
            Scope::Retrieved => self.possible_ret,
            Scope::Implied => self.possible_ret + self.possible_imp,
            Scope::All => self.possible_ret + self.possible_imp + self.possible_notoccur,
        }
    }

    /// avgjg_Rnonrel's (fulfilled, possible) for this group: with R
    /// relevant and N non-relevant documents (retrieved ones for `_ret`),
    /// R ≥ N adds R·(R−N) fulfilled preferences of each retrieved relevant
    /// document over imagined non-relevant ones (R_ret·(R−N) fulfilled,
    /// R·(R−N) possible); R < N counts again with only the first R
    /// non-relevant documents (in document order), as trec_eval's
    /// `m_prefs_avgjg_Rnonrel.c` and `m_prefs_avgjg_Rnonrel_ret.c` do.
    fn r_nonrel(&self, judged: usize, r: usize, retrieved_only: bool) -> (f64, f64) {
        let (big_r, big_n) = if retrieved_only {
            (self.rel_ret, self.nonrel_ret)
        } else {
            (self.rel, self.nonrel)
        };
        if big_r >= big_n {
            let scope = if retrieved_only {
                Scope::Retrieved
            } else {
                Scope::All
            };
            let extra = big_r - big_n;
            let ful = self.fulfilled(scope) + self.rel_ret * extra;
            let poss = self.possible(scope) + self.rel * extra;
            return (ful as f64, poss as f64);
        }
        let (mut ful, mut poss) = (0usize, 0usize);
        match &self.shape {
            GroupShape::Empty => {}
            GroupShape::Classes(classes) => {
                // The last class stands in for the non-relevant documents;
                // only its first R (R_ret for _ret) are kept. Every class,
                // the last included, is compared with those (as trec_eval).
                let keep = if retrieved_only {
                    self.rel_ret
                } else {
                    self.rel
                };
                let last = classes.last().map_or(&[][..], |c| &c[..keep.min(c.len())]);
                let within = |d: &usize| !retrieved_only || *d < r;
                let mut count = |a: usize, b: usize| {
                    if a < b && (retrieved_only || a < r) {
                        ful += 1;
                    } else {
                        poss += 1;
                    }
                };
                let relevant = &classes[..classes.len().saturating_sub(1)];
                for (k, upper) in classes.iter().enumerate() {
                    for lower in relevant.iter().skip(k + 1) {
                        for &a in upper.iter().take_while(|d| within(d)) {
                            for &b in lower.iter().take_while(|d| within(d)) {
                                count(a, b);
                            }
                        }
                    }
                }
                for upper in classes {
                    for &a in upper.iter().take_while(|d| within(d)) {
                        for &b in last.iter().take_while(|d| within(d)) {
                            count(a, b);
                        }
                    }
                }
            }
            GroupShape::Matrix { prefers, levels } => {
                // Non-relevant documents after the R-th (in document order)
                // are left out.
                let scan = if retrieved_only { r } else { judged };
                let mut seen = 0;
                let mut first_dropped = scan;
                for (i, &l) in levels.iter().enumerate().take(scan) {
                    if l == 0.0 {
                        seen += 1;
                        if seen == self.rel + 1 {
                            first_dropped = i;
                            break;
                        }
                    }
                }
                let dropped = |i: usize| i >= first_dropped && levels[i] == 0.0;
                let cols = if retrieved_only { r } else { judged };
                let rows = if retrieved_only { r } else { judged };
                for i in (0..rows).filter(|&i| !dropped(i)) {
                    for j in (0..cols).filter(|&j| !dropped(j)) {
                        if !prefers[i * judged + j] {
                            continue;
                        }
                        if i < r && i < j {
                            ful += 1;
                        } else {
                            poss += 1;
                        }
                    }
                }
            }
        }
        (ful as f64, (poss + ful) as f64)
    }
}

/// trec_eval's preference measures, in its printing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrefMeasure {
    /// `prefs_num_prefs_poss`: Σ over groups of possible preferences (all
    /// scopes). A count: its summary is the sum over queries.
    NumPossible,
    /// `prefs_num_prefs_ful`: Σ fulfilled preferences (retrieved and
    /// implied). A count.
    NumFulfilled,
    /// `prefs_num_prefs_ful_ret`: Σ fulfilled preferences between
    /// retrieved documents. A count.
    NumFulfilledRet,
    /// `prefs_simp`: Σ fulfilled / Σ possible (0 when none is possible).
    Simple,
    /// `prefs_pair`: mean over ordered document pairs of the fraction of
    /// groups whose preference the ranking fulfils (pairs of two
    /// unretrieved documents count 0).
    Pair,
    /// `prefs_avgjg`: mean over groups of fulfilled / possible.
    AvgJg,
    /// `prefs_avgjg_Rnonrel`: mean over groups of fulfilled / possible with
    /// as many non-relevant documents as relevant ones.
    AvgJgRNonrel,
    /// `prefs_simp_ret`: like `prefs_simp`, retrieved documents only.
    SimpleRet,
    /// `prefs_pair_ret`: like `prefs_pair`, pairs of retrieved documents.
    PairRet,
    /// `prefs_avgjg_ret`: like `prefs_avgjg`, retrieved documents only.
    AvgJgRet,
    /// `prefs_avgjg_Rnonrel_ret`: like `prefs_avgjg_Rnonrel`, retrieved only.
    AvgJgRNonrelRet,
    /// `prefs_simp_imp`: like `prefs_simp`, with implied preferences but
    /// none between two unretrieved documents.
    SimpleImp,
    /// `prefs_pair_imp`: like `prefs_pair`, pairs with a retrieved document.
    PairImp,
    /// `prefs_avgjg_imp`: like `prefs_avgjg`, with implied preferences.
    AvgJgImp,
}

impl PrefMeasure {
    /// Every measure, in trec_eval's order.
    pub const ALL: [PrefMeasure; 14] = [
        PrefMeasure::NumPossible,
        PrefMeasure::NumFulfilled,
        PrefMeasure::NumFulfilledRet,
        PrefMeasure::Simple,
        PrefMeasure::Pair,
        PrefMeasure::AvgJg,
        PrefMeasure::AvgJgRNonrel,
        PrefMeasure::SimpleRet,
        PrefMeasure::PairRet,
        PrefMeasure::AvgJgRet,
        PrefMeasure::AvgJgRNonrelRet,
        PrefMeasure::SimpleImp,
        PrefMeasure::PairImp,
        PrefMeasure::AvgJgImp,
    ];

    /// trec_eval's name.
    pub fn name(self) -> &'static str {
        match self {
            PrefMeasure::NumPossible => "prefs_num_prefs_poss",
            PrefMeasure::NumFulfilled => "prefs_num_prefs_ful",
            PrefMeasure::NumFulfilledRet => "prefs_num_prefs_ful_ret",
            PrefMeasure::Simple => "prefs_simp",
            PrefMeasure::Pair => "prefs_pair",
            PrefMeasure::AvgJg => "prefs_avgjg",
            PrefMeasure::AvgJgRNonrel => "prefs_avgjg_Rnonrel",
            PrefMeasure::SimpleRet => "prefs_simp_ret",
            PrefMeasure::PairRet => "prefs_pair_ret",
            PrefMeasure::AvgJgRet => "prefs_avgjg_ret",
            PrefMeasure::AvgJgRNonrelRet => "prefs_avgjg_Rnonrel_ret",
            PrefMeasure::SimpleImp => "prefs_simp_imp",
            PrefMeasure::PairImp => "prefs_pair_imp",
            PrefMeasure::AvgJgImp => "prefs_avgjg_imp",
        }
    }

    /// The measure named `name` (trec_eval's name).
    pub fn from_name(name: &str) -> Option<PrefMeasure> {
        PrefMeasure::ALL.into_iter().find(|m| m.name() == name)
    }

    /// How the value is computed, for a reader of the results.
    /// "Possible" preferences are those the judgments state; one is
    /// "fulfilled" when the ranking puts the preferred document first, or
    /// retrieves it and not the other ("implied").
    pub fn explanation(self) -> &'static str {
        match self {
            PrefMeasure::NumPossible => "The number of preferences the judgments state (each group's, added), whether or not the run retrieved their documents. Summed over queries.",
            PrefMeasure::NumFulfilled => "The number of preferences the ranking fulfils: both documents retrieved with the preferred one first, or only the preferred one retrieved. Summed over queries.",
            PrefMeasure::NumFulfilledRet => "The number of preferences between two retrieved documents that the ranking fulfils (the preferred one ranked first). Summed over queries.",
            PrefMeasure::Simple => "Fulfilled preferences / all stated preferences, every group's added together (a preference between two unretrieved documents counts as unfulfilled). 0 when none is stated.",
            PrefMeasure::Pair => "For each pair of judged documents some group orders: the fraction of the groups that order it whose preference the ranking fulfils; then the mean over pairs (pairs of two unretrieved documents count 0).",
            PrefMeasure::AvgJg => "Per judgment group (assessor): fulfilled / stated preferences; then the mean over the groups.",
            PrefMeasure::AvgJgRNonrel => "As prefs_avgjg, but each group counts only as many non-relevant documents as it has relevant ones (like bpref): with R relevant and N non-relevant documents, R ≥ N adds R·(R−N) preferences over imagined non-relevant documents, and R < N keeps only the first R non-relevant ones.",
            PrefMeasure::SimpleRet => "Fulfilled / stated preferences, counting only preferences between two retrieved documents.",
            PrefMeasure::PairRet => "As prefs_pair, over pairs of two retrieved documents only.",
            PrefMeasure::AvgJgRet => "As prefs_avgjg, counting only preferences between two retrieved documents.",
            PrefMeasure::AvgJgRNonrelRet => "As prefs_avgjg_Rnonrel, with the retrieved relevant and non-relevant documents only.",
            PrefMeasure::SimpleImp => "Fulfilled / stated preferences, counting those with at least one retrieved document (between two retrieved ones, and implied ones); preferences between two unretrieved documents are left out.",
            PrefMeasure::PairImp => "As prefs_pair, over pairs with at least one retrieved document.",
            PrefMeasure::AvgJgImp => "As prefs_avgjg, counting preferences with at least one retrieved document.",
        }
    }

    /// A count, summed over queries (the others are averaged).
    pub fn is_count(self) -> bool {
        matches!(
            self,
            PrefMeasure::NumPossible | PrefMeasure::NumFulfilled | PrefMeasure::NumFulfilledRet
        )
    }

    /// The value for one query's counts.
    pub fn compute(self, c: &PrefCounts) -> f64 {
        let total = |f: &dyn Fn(&GroupCounts) -> usize| c.groups.iter().map(f).sum::<usize>();
        let ratio = |scope: Scope| {
            let poss = total(&|g| g.possible(scope));
            if poss > 0 {
                total(&|g| g.fulfilled(scope)) as f64 / poss as f64
            } else {
                0.0
            }
        };
        // Σ over groups of fulfilled/possible (groups with none possible
        // add nothing), over the number of groups; 0 unless the sum is
        // positive (so a NaN, possible in Rnonrel's 0/0, gives 0).
        let per_group = |each: &dyn Fn(&GroupCounts) -> Option<f64>| {
            let sum: f64 = c.groups.iter().filter_map(each).sum();
            if sum > 0.0 {
                sum / c.groups.len() as f64
            } else {
                0.0
            }
        };
        let avg = |scope: Scope| {
            per_group(&|g| {
                let poss = g.possible(scope);
                (poss > 0).then(|| g.fulfilled(scope) as f64 / poss as f64)
            })
        };
        let r_nonrel = |retrieved_only: bool| {
            per_group(&|g| {
                let (ful, poss) = g.r_nonrel(c.judged, c.judged_ret, retrieved_only);
                Some(ful / poss)
            })
        };
        match self {
            PrefMeasure::NumPossible => total(&|g| g.possible(Scope::All)) as f64,
            PrefMeasure::NumFulfilled => total(&|g| g.fulfilled(Scope::All)) as f64,
            PrefMeasure::NumFulfilledRet => total(&|g| g.fulfilled(Scope::Retrieved)) as f64,
            PrefMeasure::Simple => ratio(Scope::All),
            PrefMeasure::SimpleRet => ratio(Scope::Retrieved),
            PrefMeasure::SimpleImp => ratio(Scope::Implied),
            PrefMeasure::Pair => c.pair_ratio(c.judged, true),
            PrefMeasure::PairRet => c.pair_ratio(c.judged_ret, false),
            PrefMeasure::PairImp => c.pair_ratio(c.judged, false),
            PrefMeasure::AvgJg => avg(Scope::All),
            PrefMeasure::AvgJgRet => avg(Scope::Retrieved),
            PrefMeasure::AvgJgImp => avg(Scope::Implied),
            PrefMeasure::AvgJgRNonrel => r_nonrel(false),
            PrefMeasure::AvgJgRNonrelRet => r_nonrel(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::preferences::parse_prefs;

    fn counts(prefs: &str, ranked: &[&str]) -> PrefCounts {
        let p = parse_prefs("p", prefs);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        PrefCounts::new(&p.queries["q"], ranked).unwrap()
    }

    fn value(m: PrefMeasure, c: &PrefCounts) -> f64 {
        m.compute(c)
    }

    #[test]
    fn one_subgroup_prefers_every_higher_level() {
        // Levels 6 (d4), 3 (d1), 2 (d2, d6), 0 (d3, d5): 5 + 4 + 2·2 = 13
        // preferences (trec_eval's documented example).
        let text = "q u s d1 3\nq u s d2 2\nq u s d3 0\nq u s d4 6\nq u s d5 0\nq u s d6 2\n";
        let c = counts(text, &[]);
        assert_eq!(value(PrefMeasure::NumPossible, &c), 13.0);
        assert_eq!(value(PrefMeasure::NumFulfilled, &c), 0.0);
        // Retrieved in the ideal order, every preference is fulfilled.
        let ideal = counts(text, &["d4", "d1", "d2", "d6", "d3", "d5"]);
        assert_eq!(value(PrefMeasure::NumFulfilledRet, &ideal), 13.0);
        assert_eq!(value(PrefMeasure::Simple, &ideal), 1.0);
    }

    #[test]
    fn subgroups_are_closed_under_transitivity() {
        // sub1: 1 > 2 > 3; sub2: 2 > 4. Closure adds 1 > 4: 5 preferences
        // (trec_eval's documented transitivity example).
        let c = counts(
            "q u a d1 3\nq u a d2 2\nq u a d3 1\nq u b d2 5\nq u b d4 4\n",
            &[],
        );
        assert_eq!(value(PrefMeasure::NumPossible, &c), 5.0);
        // A cycle across subgroups is refused.
        let p = parse_prefs("p", "q u a d1 2\nq u a d2 1\nq u b d2 2\nq u b d1 1\n");
        assert!(PrefCounts::new(&p.queries["q"], &[]).is_err());
    }

    /// d1 relevant; d2, d3 not: preferences 1 > 2 and 1 > 3. Ranking d2, d1:
    /// 1 > 2 is between retrieved documents and failed; 1 > 3 is implied
    /// (d3 not retrieved) and fulfilled.
    #[test]
    fn retrieved_implied_and_all_scopes() {
        let c = counts("q u s d1 1\nq u s d2 0\nq u s d3 0\n", &["d2", "d1"]);
        assert_eq!(value(PrefMeasure::Simple, &c), 0.5);
        assert_eq!(value(PrefMeasure::SimpleRet, &c), 0.0);
        assert_eq!(value(PrefMeasure::SimpleImp, &c), 0.5);
        assert_eq!(value(PrefMeasure::AvgJg, &c), 0.5);
        // Pairs: (d2, d1) failed, (d1, d3) fulfilled: 1/2; _ret only the first.
        assert_eq!(value(PrefMeasure::Pair, &c), 0.5);
        assert_eq!(value(PrefMeasure::PairRet, &c), 0.0);
        // Rnonrel: R = 1 < N = 2, so only the first non-relevant document
        // (d2, number 0) stays; d1 (number 1) after it fails 1 > 2, and
        // trec_eval also compares the non-relevant class with itself.
        assert_eq!(value(PrefMeasure::AvgJgRNonrel, &c), 0.0);
        assert_eq!(value(PrefMeasure::NumFulfilledRet, &c), 0.0);
    }

    #[test]
    fn groups_and_pairs_average_differently() {
        // Group a: d1 > d2. Group b: d2 > d1 > d3 (three preferences).
        // Ranking d1, d2, d3: a fulfils 1 of 1; b fails d2 > d1, fulfils
        // d2 > d3 and d1 > d3: 2 of 3.
        let c = counts(
            "q a s d1 1\nq a s d2 0\nq b s d2 2\nq b s d1 1\nq b s d3 0\n",
            &["d1", "d2", "d3"],
        );
        // simp: 3 of 4 preferences; avgjg: (1 + 2/3) / 2 = 5/6.
        assert_eq!(value(PrefMeasure::Simple, &c), 0.75);
        assert!((value(PrefMeasure::AvgJg, &c) - 5.0 / 6.0).abs() < 1e-15);
        // pair: (d1, d2) one group of two for d1, (d1, d3) and (d2, d3)
        // all for the earlier: (1/2 + 1 + 1) / 3 = 5/6.
        assert!((value(PrefMeasure::Pair, &c) - 5.0 / 6.0).abs() < 1e-15);
        assert_eq!(value(PrefMeasure::NumPossible, &c), 4.0);
    }
}
