//! The judging stage: from qrels and a run to one judged ranking per query,
//! under explicit [`Conventions`]: lines ordered (ties by the convention),
//! repeats refused or kept, the depth cut, judged-only (`-J`), and every
//! document looked up in the qrels.

use crate::conventions::{
    Conventions, DuplicatePolicy, JudgedScope, MissingQueries, ScorePrecision, TieBreak,
};
use std::cell::RefCell;
use std::hash::BuildHasher;

use hashbrown::hash_table::Entry;
use hashbrown::HashTable;

use crate::error::{Expected, ParseError};
use crate::fast_hash::FastHash;
use crate::formats::trec::{Qrels, QueryQrels, Run, RunEntry};
use crate::judged::{JudgedRanking, Rel, TieLayout};
use crate::measures::EvalContext;

/// One evaluated query.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryJudged<'a> {
    /// Query id.
    pub qid: &'a str,
    /// The judged ranking (empty for a missing query scored 0).
    pub ranking: JudgedRanking,
    /// True when the run had no line for this qrels query.
    pub missing: bool,
    /// True when equal scores had to be ordered by the tie convention.
    pub had_ties: bool,
}

/// Judged rankings of a run, with what the user must be told.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JudgedRun<'a> {
    /// Queries in qid order (byte-wise, as trec_eval sorts them).
    pub queries: Vec<QueryJudged<'a>>,
    /// Qrels queries absent from the run (scored 0 or skipped per convention).
    pub missing_queries: Vec<&'a str>,
    /// Run queries absent from the qrels (ignored, as every tool does).
    pub run_only_queries: Vec<&'a str>,
    /// Located refusals (duplicate docids under [`DuplicatePolicy::Refuse`]).
    pub errors: Vec<ParseError>,
    /// Number of duplicate lines dropped under keep-first or keep-last.
    pub repeated_lines: usize,
    /// The run repeats a docid under [`DuplicatePolicy::Refuse`]: like
    /// trec_eval, the whole run gets no numbers (`queries` is empty, and
    /// `errors` locates each repeat). Never a run with queries left out.
    pub refused: bool,
    /// The facts measures need (max grade of the qrels).
    pub context: EvalContext,
}

/// The score as compared when ordering: rounded to f32 under
/// [`ScorePrecision::F32`], and with −0 made +0 (adding +0.0 does that and
/// changes no other number), because every peer compares scores with `<`
/// and `>`, under which −0 and +0 are equal: `0` and `-0`, or `1e-50` and
/// `-1e-50` read as f32, are a tie broken by the tie rule, never an order.
/// (`total_cmp` alone would put +0 before −0.)
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn score_key(score: f64, precision: ScorePrecision) -> f64 {
    let key = match precision {
        ScorePrecision::F64 => score,
        ScorePrecision::F32 => f64::from(score as f32),
    };
    key + 0.0
}

/// Orders one query's entries per the conventions; returns whether some
/// entries tied and were ordered by the tie rule.
///
/// One comparator for every convention, so that the wasm holds one copy of
/// the (stable) sort instead of one per convention; under
/// [`TieBreak::Listed`] every pair compares equal and the order stays.
#[cfg_attr(speed_marks, optimize(speed))]
fn order<'e, 'a>(entries: &mut [&'e RunEntry<'a>], conventions: &Conventions) -> bool {
    let p = conventions.score_precision;
    let tie_break = conventions.tie_break;
    let compare = |a: &&RunEntry, b: &&RunEntry| {
        let by_score = || score_key(b.score, p).total_cmp(&score_key(a.score, p));
        match tie_break {
            TieBreak::TrecEval | TieBreak::Average => {
                by_score().then_with(|| b.docid.as_bytes().cmp(a.docid.as_bytes()))
            }
            TieBreak::DocIdAscending => {
                by_score().then_with(|| a.docid.as_bytes().cmp(b.docid.as_bytes()))
            }
            TieBreak::FileOrder => by_score(),
            TieBreak::RankColumn => a.rank.cmp(&b.rank),
            TieBreak::Listed => std::cmp::Ordering::Equal,
        }
    };
    // Runs are mostly written in their order already: one pass checks it,
    // and a stable sort would leave such a slice as it is.
    if !entries.is_sorted_by(|a, b| compare(a, b).is_le()) {
        entries.sort_by(compare);
    }
    entries.windows(2).any(|w| tied(w[0], w[1], conventions))
}

/// Whether two entries tie under the conventions: equal scores (at the
/// score precision in force), equal rank columns under
/// [`TieBreak::RankColumn`], never under [`TieBreak::Listed`].
fn tied(a: &RunEntry, b: &RunEntry, conventions: &Conventions) -> bool {
    let p = conventions.score_precision;
    match conventions.tie_break {
        TieBreak::RankColumn => a.rank == b.rank,
        TieBreak::Listed => false,
        _ => score_key(a.score, p) == score_key(b.score, p),
    }
}

/// The groups (two or more entries) of consecutive tied entries, as
/// half-open ranges.
fn tie_runs(entries: &[&RunEntry], conventions: &Conventions) -> Vec<std::ops::Range<usize>> {
    let mut groups = Vec::new();
    let mut start = 0;
    for i in 1..=entries.len() {
        if i == entries.len() || !tied(entries[start], entries[i], conventions) {
            if i - start > 1 {
                groups.push(start..i);
            }
            start = i;
        }
    }
    groups
}

impl EvalContext {
    /// The context of an evaluation against these qrels: the largest grade
    /// in them (at least 1).
    pub fn from_qrels(qrels: &Qrels<'_>) -> EvalContext {
        EvalContext::with_max_grade(
            qrels
                .queries
                .values()
                .flat_map(|q| q.values())
                .copied()
                .max(),
        )
    }

    /// The context of judgments whose largest grade is `max_grade` (`None`
    /// when there is no judgment): that grade, at least 1.
    pub(crate) fn with_max_grade(max_grade: Option<i64>) -> EvalContext {
        EvalContext {
            max_grade: max_grade.unwrap_or(1).max(1),
            ..EvalContext::default()
        }
    }
}

/// One query judged from its run lines.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryOutcome {
    /// The judged ranking (`None` when its duplicates were refused).
    pub ranking: Option<JudgedRanking>,
    /// Whether equal scores had to be ordered by the tie convention.
    pub had_ties: bool,
    /// Duplicate lines dropped under keep-first or keep-last.
    pub repeated_lines: usize,
    /// Located refusals of duplicate docids.
    pub errors: Vec<ParseError>,
}

impl JudgedRun<'_> {
    /// The qrels queries the run lacks, as owned ids.
    pub fn missing_query_ids(&self) -> Vec<String> {
        self.missing_queries.iter().map(|q| q.to_string()).collect()
    }

    /// The run's queries the qrels lack, as owned ids.
    pub fn run_only_query_ids(&self) -> Vec<String> {
        self.run_only_queries
            .iter()
            .map(|q| q.to_string())
            .collect()
    }

    /// How many queries had equal scores ordered by the tie convention.
    pub fn tied_queries(&self) -> usize {
        self.queries.iter().filter(|q| q.had_ties).count()
    }
}

impl ParseError {
    /// This problem is a repeated docid refused under
    /// [`DuplicatePolicy::Refuse`], which leaves its run without numbers.
    pub fn is_duplicate_refusal(&self) -> bool {
        matches!(
            *self.expected,
            Expected::DocidOnce { .. } | Expected::PreferenceRepeat { .. }
        )
    }
}

impl QueryOutcome {
    /// Its duplicates were refused ([`DuplicatePolicy::Refuse`]): the run
    /// it belongs to gets no numbers.
    pub fn refused(&self) -> bool {
        self.ranking.is_none() && !self.errors.is_empty()
    }
}

/// One query's run lines as they are ranked: repeats handled by the
/// duplicate policy, ordered by score and the tie convention, cut at the
/// maximum number of documents.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedEntries<'r, 'a> {
    /// The lines kept, in rank order (empty when a repeat was refused).
    pub kept: Vec<&'r RunEntry<'a>>,
    /// Whether equal scores had to be ordered by the tie convention.
    pub had_ties: bool,
    /// Duplicate lines dropped (or, under keep-all, counted).
    pub repeated_lines: usize,
    /// Located refusals of duplicate docids.
    pub errors: Vec<ParseError>,
    /// The lines the depth cut dropped that tie with the last line kept:
    /// another order of their tie group would have kept them.
    pub tied_below_cut: Vec<&'r RunEntry<'a>>,
}

/// Ranks one query's run lines (see [`RankedEntries`]): what
/// [`judge_query`] judges, and what an explanation lists by docid and
/// score. `run_input` names the run in error messages.
pub fn rank_entries<'r, 'a>(
    run_input: &str,
    qid: &str,
    entries: &'r [RunEntry<'a>],
    conventions: &Conventions,
) -> RankedEntries<'r, 'a> {
    rank_and_grade(run_input, qid, entries, conventions, None).0
}

/// Where `e`, one of `entries`, is among them.
fn position(entries: &[RunEntry], e: &RunEntry) -> usize {
    (e as *const RunEntry as usize - entries.as_ptr() as usize) / std::mem::size_of::<RunEntry>()
}

thread_local! {
    /// The docids of the query being ranked, as places among its kept
    /// lines (each compared by its docid): one table for every query of a
    /// thread, emptied for each, where a table per query cost an
    /// allocation and its first writes each time.
    static SEEN: RefCell<HashTable<usize>> = const { RefCell::new(HashTable::new()) };
}

/// [`rank_entries`], and, given the query's `judgments`, the grade of
/// each line's docid by the line's place in `entries` (`None`: not
/// judged), found by looking each judged docid up among the docids ranked
/// (which the repeats' check has hashed) instead of each ranked docid
/// among the judged ones: a run ranks ten times as many documents as its
/// qrels judge. `None` under keep-all with repeats, where a docid has
/// several lines: then each line is looked up.
#[cfg_attr(speed_marks, optimize(speed))]
fn rank_and_grade<'r, 'a>(
    run_input: &str,
    qid: &str,
    entries: &'r [RunEntry<'a>],
    conventions: &Conventions,
    judgments: Option<&QueryQrels<'_>>,
) -> (RankedEntries<'r, 'a>, Option<Vec<Option<i64>>>) {
    let mut kept: Vec<&'r RunEntry<'a>> = Vec::with_capacity(entries.len());
    let mut repeated = 0;
    let mut errors = Vec::new();
    let grades = SEEN.with_borrow_mut(|seen| {
        // Each docid ranked, as its place in `kept`; the table's buckets
        // are the last query's, emptied.
        let hash = |docid: &str| FastHash::default().hash_one(docid);
        seen.clear();
        seen.reserve(entries.len(), |&i| hash(kept[i].docid));
        for e in entries {
            let h = hash(e.docid);
            let place = seen.entry(h, |&i| kept[i].docid == e.docid, |&i| hash(kept[i].docid));
            match place {
                Entry::Vacant(slot) => {
                    slot.insert(kept.len());
                    kept.push(e);
                }
                Entry::Occupied(mut place) => match conventions.duplicates {
                    // Every line is a document; repeats are only counted
                    // (the docid's place is its last line).
                    DuplicatePolicy::KeepAll => {
                        *place.get_mut() = kept.len();
                        kept.push(e);
                        repeated += 1;
                    }
                    DuplicatePolicy::Refuse => errors.push(ParseError::new(
                        run_input,
                        e.line,
                        1,
                        Expected::DocidOnce {
                            qid: qid.to_string(),
                            first_line: kept[*place.get()].line,
                        },
                        e.docid,
                    )),
                    DuplicatePolicy::KeepFirst => repeated += 1,
                    DuplicatePolicy::KeepLast => {
                        kept[*place.get()] = e;
                        repeated += 1;
                    }
                },
            }
        }
        let one_line_each = conventions.duplicates != DuplicatePolicy::KeepAll || repeated == 0;
        judgments
            .filter(|_| one_line_each && errors.is_empty())
            .map(|judged| {
                let mut at = vec![None; entries.len()];
                for (docid, &grade) in judged {
                    if let Some(&slot) = seen.find(hash(docid), |&i| kept[i].docid == *docid) {
                        at[position(entries, kept[slot])] = Some(grade);
                    }
                }
                at
            })
    });
    let mut out = RankedEntries {
        kept,
        had_ties: false,
        repeated_lines: repeated,
        errors,
        tied_below_cut: Vec::new(),
    };
    if !out.errors.is_empty() {
        out.kept.clear();
        return (out, None);
    }
    out.had_ties = order(&mut out.kept, conventions);
    if let Some(m) = conventions.max_docs.filter(|&m| m < out.kept.len()) {
        if m > 0 && out.had_ties {
            let last = out.kept[m - 1];
            let below = out.kept[m..]
                .iter()
                .take_while(|e| tied(last, e, conventions))
                .count();
            out.tied_below_cut = out.kept[m..m + below].to_vec();
        }
        out.kept.truncate(m);
    }
    (out, grades)
}

/// Orders, deduplicates, cuts and judges one query's run lines.
/// `run_input` names the run in error messages.
#[cfg_attr(speed_marks, optimize(speed))]
pub fn judge_query(
    run_input: &str,
    qid: &str,
    judgments: &QueryQrels<'_>,
    entries: &[RunEntry<'_>],
    conventions: &Conventions,
) -> QueryOutcome {
    let (
        RankedEntries {
            kept,
            had_ties,
            repeated_lines,
            errors,
            tied_below_cut,
        },
        grades,
    ) = rank_and_grade(run_input, qid, entries, conventions, Some(judgments));
    let grade = |e: &RunEntry| match &grades {
        Some(at) => at[position(entries, e)],
        None => judgments.get(e.docid).copied(),
    };
    let mut out = QueryOutcome {
        ranking: None,
        had_ties,
        repeated_lines,
        errors,
    };
    if !out.errors.is_empty() {
        return out;
    }
    let rel = |e: &RunEntry| match grade(e) {
        None => Rel::NotInPool,
        Some(g) if g < 0 => Rel::Unjudged,
        Some(g) => Rel::Judged(g),
    };
    let tie_layout = had_ties.then(|| {
        let mut listed = kept.clone();
        listed.extend_from_slice(&tied_below_cut);
        Box::new(TieLayout {
            rels: listed.iter().map(|e| rel(e)).collect(),
            groups: tie_runs(&listed, conventions),
            cut: conventions.max_docs,
            judged_only: conventions.judged_only,
            retrieved_scope: conventions.judged_scope == JudgedScope::RetrievedOnly,
        })
    });
    let kept = if conventions.judged_only {
        kept.into_iter()
            .filter(|e| grade(e).is_some_and(|g| g >= 0))
            .collect()
    } else {
        kept
    };
    let tie_groups = if conventions.tie_break == TieBreak::Average {
        tie_runs(&kept, conventions)
    } else {
        Vec::new()
    };
    let ranked = kept.iter().map(|e| rel(e)).collect();
    let mut ranking = match conventions.judged_scope {
        JudgedScope::AllJudged => JudgedRanking::new(
            ranked,
            judgments.values().copied(),
            conventions.relevance_level,
        ),
        JudgedScope::RetrievedOnly => {
            let seen: Vec<i64> = ranked.iter().filter_map(|r| r.grade()).collect();
            JudgedRanking::new(ranked, seen, conventions.relevance_level)
        }
    };
    ranking.tie_layout = tie_layout;
    ranking.tie_groups = tie_groups;
    out.ranking = Some(ranking);
    out
}

/// The ranking of a qrels query the run does not have (scored 0 under `-c`).
pub fn missing_query_ranking(
    judgments: &QueryQrels<'_>,
    conventions: &Conventions,
) -> JudgedRanking {
    JudgedRanking::new(
        Vec::new(),
        judgments.values().copied(),
        conventions.relevance_level,
    )
}

/// Looks every ranked document up in the qrels.
pub fn judge<'a>(qrels: &Qrels<'a>, run: &Run<'a>, conventions: &Conventions) -> JudgedRun<'a> {
    let mut out = JudgedRun {
        context: EvalContext::from_qrels(qrels),
        ..JudgedRun::default()
    };
    let mut qids: Vec<&'a str> = qrels.queries.keys().copied().collect();
    qids.sort_unstable();
    let mut run_only: Vec<&'a str> = run
        .queries
        .keys()
        .copied()
        .filter(|q| !qrels.queries.contains_key(q))
        .collect();
    run_only.sort_unstable();
    out.run_only_queries = run_only;
    for qid in qids {
        let judgments = &qrels.queries[qid];
        let Some(entries) = run.queries.get(qid) else {
            out.missing_queries.push(qid);
            if conventions.missing_queries == MissingQueries::ScoreZero {
                out.queries.push(QueryJudged {
                    qid,
                    ranking: missing_query_ranking(judgments, conventions),
                    missing: true,
                    had_ties: false,
                });
            }
            continue;
        };
        let outcome = judge_query(&run.input, qid, judgments, entries, conventions);
        out.refused |= outcome.refused();
        out.errors.extend(outcome.errors);
        out.repeated_lines += outcome.repeated_lines;
        if let Some(ranking) = outcome.ranking {
            out.queries.push(QueryJudged {
                qid,
                ranking,
                missing: false,
                had_ties: outcome.had_ties,
            });
        }
    }
    if out.refused {
        out.queries.clear();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trec::{parse_qrels, parse_run};
    use crate::measures::Metric;
    use crate::pipeline::evaluate::{per_query_values, summaries};

    const QRELS: &str = "q1 0 a 1\nq1 0 b 0\nq1 0 c 2\nq2 0 x 1\nq3 0 z 0\n";

    #[test]
    fn trec_eval_order_breaks_ties_by_docid_descending() {
        let qrels = parse_qrels("qrels", QRELS);
        let run = parse_run(
            "run",
            "q1 Q0 a 1 5 t\nq1 Q0 b 2 5 t\nq1 Q0 d 3 7 t\nq9 Q0 a 1 1 t\n",
        );
        let j = judge(&qrels, &run, &Conventions::default());
        let q1 = &j.queries[0];
        // d (7) first, then b before a (docid descending).
        assert_eq!(
            q1.ranking.ranked,
            vec![Rel::NotInPool, Rel::Judged(0), Rel::Judged(1)]
        );
        assert!(q1.had_ties);
        assert_eq!(j.missing_queries, vec!["q2", "q3"]);
        assert_eq!(j.run_only_queries, vec!["q9"]);
        assert_eq!(j.queries.len(), 1);
        assert_eq!(j.context.max_grade, 2);

        let asc = Conventions {
            tie_break: TieBreak::DocIdAscending,
            ..Conventions::default()
        };
        let j = judge(&qrels, &run, &asc);
        assert_eq!(j.queries[0].ranking.ranked[1], Rel::Judged(1));
        let rank = Conventions {
            tie_break: TieBreak::RankColumn,
            ..Conventions::default()
        };
        let j = judge(&qrels, &run, &rank);
        assert_eq!(j.queries[0].ranking.ranked[0], Rel::Judged(1));
    }

    #[test]
    fn missing_queries_scored_zero_with_c() {
        let qrels = parse_qrels("qrels", QRELS);
        let run = parse_run("run", "q1 Q0 a 1 5 t\n");
        let c = Conventions {
            missing_queries: MissingQueries::ScoreZero,
            ..Conventions::default()
        };
        let j = judge(&qrels, &run, &c);
        assert_eq!(j.queries.len(), 3);
        assert!(j.queries[1].missing);
        let m: Vec<Metric> = vec!["AP".parse().unwrap(), "NumRel".parse().unwrap()];
        let rows = per_query_values(&j, &m);
        // q1: a relevant at 1, c (grade 2) not retrieved: AP = 1/2.
        assert_eq!(rows[0], vec![0.5, 2.0]);
        assert_eq!(rows[1], vec![0.0, 1.0]);
        assert_eq!(summaries(&m, &rows), vec![0.5 / 3.0, 3.0]);
    }

    #[test]
    fn duplicates_refused_or_kept() {
        let qrels = parse_qrels("qrels", QRELS);
        let run = parse_run("r.txt", "q1 Q0 a 1 5 t\nq1 Q0 b 2 4 t\nq1 Q0 a 3 9 t\n");
        let j = judge(&qrels, &run, &Conventions::default());
        assert_eq!(j.errors.len(), 1);
        assert_eq!(j.errors[0].line, 3);
        assert!(j.queries.is_empty());
        let first = Conventions {
            duplicates: DuplicatePolicy::KeepFirst,
            ..Conventions::default()
        };
        let j = judge(&qrels, &run, &first);
        assert_eq!(
            j.queries[0].ranking.ranked,
            vec![Rel::Judged(1), Rel::Judged(0)]
        );
        let last = Conventions {
            duplicates: DuplicatePolicy::KeepLast,
            ..Conventions::default()
        };
        let j = judge(&qrels, &run, &last);
        assert_eq!(
            j.queries[0].ranking.ranked,
            vec![Rel::Judged(1), Rel::Judged(0)]
        );
        assert_eq!(j.repeated_lines, 1);
    }

    #[test]
    fn tie_averaging_takes_the_expected_value() {
        // a (grade 2) and b (grade 0) tie at the top; c (grade 1) follows.
        let qrels = parse_qrels("qrels", "q 0 a 2\nq 0 b 0\nq 0 c 1\n");
        let run = parse_run("run", "q Q0 a 1 5 t\nq Q0 b 2 5 t\nq Q0 c 3 1 t\n");
        let avg = Conventions {
            tie_break: TieBreak::Average,
            ..Conventions::default()
        };
        let j = judge(&qrels, &run, &avg);
        assert_eq!(j.queries[0].ranking.tie_groups, vec![0..2]);
        let m: Vec<Metric> = ["P@1", "nDCG@2", "nDCG"]
            .iter()
            .map(|n| n.parse().unwrap())
            .collect();
        let v = &per_query_values(&j, &m)[0];
        // P@1: a or b first with equal chance -> 1/2.
        assert_eq!(v[0], 0.5);
        // DCG@2 = mean gain 1 at ranks 1 and 2: 1 + 1/log2(3); IDCG@2 = 2 + 1/log2(3).
        let d3 = 1.0 / 3f64.log2();
        assert!((v[1] - (1.0 + d3) / (2.0 + d3)).abs() < 1e-15);
        // Full list: c (grade 1) adds 1/log2(4) = 1/2; the ideal (2, 1, 0) is 2 + 1/log2(3).
        assert!((v[2] - (1.0 + d3 + 0.5) / (2.0 + d3)).abs() < 1e-15);
    }

    #[test]
    fn float32_scores_tie() {
        let qrels = parse_qrels("qrels", "q 0 a 1\nq 0 b 0\n");
        let run = parse_run("run", "q Q0 b 1 30.9156102 t\nq Q0 a 2 30.9156101 t\n");
        let j = judge(&qrels, &run, &Conventions::default());
        assert_eq!(j.queries[0].ranking.ranked[0], Rel::Judged(0));
        let f32c = Conventions {
            score_precision: ScorePrecision::F32,
            ..Conventions::default()
        };
        let j = judge(&qrels, &run, &f32c);
        // Tied as f32: docid descending puts b first as well; with ascending a would lead.
        assert!(j.queries[0].had_ties);
    }

    #[test]
    fn a_refused_duplicate_leaves_the_whole_run_without_numbers() {
        let qrels = parse_qrels("qrels", "q1 0 a 1\nq2 0 b 1\nq3 0 c 1\n");
        let text = "q1 Q0 a 1 3 t\nq2 Q0 b 1 3 t\nq2 Q0 b 2 2 t\nq3 Q0 c 1 1 t\n";
        let run = parse_run("run", text);
        let j = judge(&qrels, &run, &Conventions::default());
        assert!(j.refused);
        assert!(
            j.queries.is_empty(),
            "no query of a refused run is evaluated"
        );
        assert_eq!(j.errors.len(), 1);
        assert_eq!(j.errors[0].line, 3);
        // keep-first and keep-last keep every query.
        for duplicates in [DuplicatePolicy::KeepFirst, DuplicatePolicy::KeepLast] {
            let c = Conventions {
                duplicates,
                ..Conventions::default()
            };
            let j = judge(&qrels, &run, &c);
            assert!(!j.refused && j.errors.is_empty());
            assert_eq!(j.queries.len(), 3);
            assert_eq!(j.repeated_lines, 1);
        }
    }

    #[test]
    fn keep_all_counts_every_line_of_a_repeated_docid() {
        // a (relevant) listed at ranks 1 and 3, c (relevant) at 4: as
        // cwl_eval counts them, P@5 = 3/5 and AP over the relevant found
        // = (1/1 + 2/3 + 3/4) / 3 = 0.8056 (cwl-eval 1.0.12 prints both).
        let qrels = parse_qrels("qrels", "q1 0 a 1\nq1 0 b 0\nq1 0 c 1\n");
        let run = parse_run(
            "run",
            "q1 Q0 a 1 3 t\nq1 Q0 b 2 2 t\nq1 Q0 a 3 1 t\nq1 Q0 c 4 0.5 t\n",
        );
        let c = Conventions {
            tie_break: TieBreak::Listed,
            duplicates: DuplicatePolicy::KeepAll,
            ..Conventions::default()
        };
        let j = judge(&qrels, &run, &c);
        assert_eq!(j.repeated_lines, 1);
        assert!(j.errors.is_empty());
        let m: Vec<Metric> = ["P@5", "AP(norm='found')"]
            .iter()
            .map(|n| n.parse().unwrap())
            .collect();
        let v = &per_query_values(&j, &m)[0];
        assert_eq!(v[0], 0.6);
        assert!((v[1] - (1.0 + 2.0 / 3.0 + 0.75) / 3.0).abs() < 1e-15);
    }

    #[test]
    fn minus_zero_and_plus_zero_tie() {
        // a is relevant. Scores +0 and -0 (written `0` and `-0`, or 1e-50 and
        // -1e-50 read as f32) are equal for trec_eval's `<`/`>`: a tie, broken
        // by docid descending, so b (not relevant) comes first and RR = 1/2.
        // Ordering +0 before -0 would put a first (RR 1).
        let qrels = parse_qrels("qrels", "q 0 a 1\nq 0 b 0\n");
        let rr: Metric = "RR".parse().unwrap();
        let f32c = Conventions {
            score_precision: ScorePrecision::F32,
            ..Conventions::default()
        };
        for (text, conventions) in [
            ("q Q0 a 1 0 t\nq Q0 b 2 -0 t\n", Conventions::default()),
            ("q Q0 a 1 1e-50 t\nq Q0 b 2 -1e-50 t\n", f32c),
        ] {
            let run = parse_run("run", text);
            let j = judge(&qrels, &run, &conventions);
            assert!(j.queries[0].had_ties, "{text}");
            assert_eq!(
                per_query_values(&j, std::slice::from_ref(&rr))[0][0],
                0.5,
                "{text}"
            );
        }
        // As f64, 1e-50 > -1e-50: no tie, a first.
        let run = parse_run("run", "q Q0 a 1 1e-50 t\nq Q0 b 2 -1e-50 t\n");
        let j = judge(&qrels, &run, &Conventions::default());
        assert_eq!(per_query_values(&j, &[rr])[0][0], 1.0);
    }

    /// The judged ranking, each line's grade looked up by its docid (the
    /// definition), against the one `judge_query` makes by looking the
    /// judged docids up among the ranked ones: every duplicate policy, the
    /// depth cut, judged-only, ties, unjudged grades, on seeded queries.
    #[test]
    fn grades_found_through_the_ranked_docids_are_each_lines_own() {
        let mut random = crate::test_random::XorShift::new(11);
        let mut next = |m: u64| random.below(m as usize) as u64;
        let docids: Vec<String> = (0..40).map(|d| format!("d{d}")).collect();
        for case in 0..600 {
            let n = 1 + next(30) as usize;
            let entries: Vec<RunEntry> = (0..n)
                .map(|i| RunEntry {
                    docid: &docids[next(40) as usize],
                    rank: i as i64 + 1,
                    score: next(6) as f64,
                    line: i + 1,
                })
                .collect();
            let mut judgments = QueryQrels::default();
            for _ in 0..next(25) {
                judgments.insert(&docids[next(40) as usize], next(5) as i64 - 1);
            }
            let c = Conventions {
                duplicates: [
                    DuplicatePolicy::Refuse,
                    DuplicatePolicy::KeepFirst,
                    DuplicatePolicy::KeepLast,
                    DuplicatePolicy::KeepAll,
                ][case % 4],
                max_docs: (case % 3 == 0).then(|| next(n as u64 + 2) as usize),
                judged_only: case % 5 == 0,
                ..Conventions::default()
            };
            let out = judge_query("r", "q", &judgments, &entries, &c);
            let ranked = rank_entries("r", "q", &entries, &c);
            let Some(ranking) = out.ranking else {
                assert!(!ranked.errors.is_empty(), "case {case}");
                continue;
            };
            let rel = |e: &&RunEntry| match judgments.get(e.docid) {
                None => Rel::NotInPool,
                Some(&g) if g < 0 => Rel::Unjudged,
                Some(&g) => Rel::Judged(g),
            };
            let expected: Vec<Rel> = ranked
                .kept
                .iter()
                .map(rel)
                .filter(|r| !c.judged_only || matches!(r, Rel::Judged(_)))
                .collect();
            assert_eq!(ranking.ranked, expected, "case {case}");
            if let Some(layout) = &ranking.tie_layout {
                let listed: Vec<Rel> = ranked
                    .kept
                    .iter()
                    .chain(&ranked.tied_below_cut)
                    .map(rel)
                    .collect();
                assert_eq!(layout.rels, listed, "case {case}");
            }
        }
    }
}
