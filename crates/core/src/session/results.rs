//! The results every front end shows: per system, per query, with the
//! files that took part, typed warnings and located problems.

use super::warning::{Lacking, QuerySets};
use crate::error::ParseError;
use crate::formats::inputs::InputKind;
use crate::judged::{JudgedRanking, Rel};
use crate::measures::{EvalContext, Metric};
use crate::pipeline::tie_range::{exact_summary_range_of, tie_ranges, TieRange};

/// Ranks of a query kept for display.
pub const SHOWN_RANKS: usize = 100;

/// Where a system came from.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Typed in the form or the quick text.
    Typed,
    /// A run file (its name).
    File,
}

/// One query of one system.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct QueryResult {
    /// Query id.
    pub id: String,
    /// One value per measure.
    pub values: Vec<f64>,
    /// The first [`SHOWN_RANKS`] ranked documents' relevance.
    #[cfg_attr(feature = "serde", serde(with = "rel_codes"))]
    pub ranking: Vec<Rel>,
    /// Documents retrieved.
    pub num_ret: usize,
    /// Relevant documents in the judgments.
    pub num_rel: usize,
    /// Relevant documents retrieved.
    pub num_rel_ret: usize,
    /// Scored 0 because the run lacks it (missing-query policy).
    pub missing: bool,
    /// Judged documents per grade (for measures at other cutoffs).
    pub levels: Vec<(i64, usize)>,
    /// The tie range of each value, where the query's documents tie
    /// (`None`: no ties, each range is its value); an entry is `None` where
    /// the range was too costly to find exactly ([`crate::pipeline::tie_range::TooManyOrders`]).
    /// Always written: the workers' compact messages skip no field.
    #[cfg_attr(feature = "serde", serde(default))]
    pub ranges: Option<Vec<Option<TieRange>>>,
    /// The groups of equal score among the shown ranks: 0-based, half-open
    /// (see [`crate::judged::TieLayout::shown_groups`]); empty where no
    /// documents tie.
    #[cfg_attr(feature = "serde", serde(default))]
    pub ties: Vec<(u32, u32)>,
}

impl QueryResult {
    /// The result of one judged query (its first ranks kept).
    pub fn new(id: String, values: Vec<f64>, r: &JudgedRanking, missing: bool) -> Self {
        QueryResult {
            id,
            values,
            ranking: r.ranked.iter().take(SHOWN_RANKS).copied().collect(),
            num_ret: r.num_ret(),
            num_rel: r.num_rel(),
            num_rel_ret: r.num_rel_ret(),
            missing,
            levels: r.level_counts.iter().map(|(&g, &n)| (g, n)).collect(),
            ranges: None,
            ties: match &r.tie_layout {
                Some(l) => l.shown_groups(SHOWN_RANKS),
                None => Vec::new(),
            },
        }
    }

    /// The same result with the tie range of each value, where `r` (the
    /// ranking it was made from, scored with `metrics`) has ties.
    pub fn with_ranges(mut self, metrics: &[Metric], r: &JudgedRanking, ctx: &EvalContext) -> Self {
        if r.tie_layout.is_some() {
            self.ranges = Some(
                tie_ranges(metrics, r, ctx, &self.values)
                    .into_iter()
                    .map(Result::ok)
                    .collect(),
            );
        }
        self
    }

    /// The tie range of value `j` (`None` when it was refused).
    pub fn range(&self, j: usize) -> Option<TieRange> {
        match &self.ranges {
            None => Some(TieRange::point(self.values[j])),
            Some(ranges) => ranges[j],
        }
    }
}

/// Whether the means of `systems` can be ranked against each other: every
/// one of them with numbers has the same queries. Means over different
/// queries are not ranked (no "best" is set in bold): a system can lead
/// by having been spared the hard queries (see [`query_set_note`]).
pub fn means_comparable(systems: &[&SystemResult]) -> bool {
    query_sets(systems.iter().copied()).is_none()
}

/// What a table's caption says of its bold means: [`BEST_IN_BOLD`] where
/// one is set in bold, [`NO_BEST_IN_BOLD`] where the systems' queries
/// differ, nothing for fewer than two systems.
pub fn bold_caption(systems: &[&SystemResult]) -> Option<&'static str> {
    if systems.iter().filter(|s| !s.queries.is_empty()).count() < 2 {
        None
    } else if means_comparable(systems) {
        Some(BEST_IN_BOLD)
    } else {
        Some(NO_BEST_IN_BOLD)
    }
}

/// The caption of a table with its best means in bold.
pub const BEST_IN_BOLD: &str = "The best of each column in bold.";

/// The caption of a table whose systems' means are over different queries.
pub const NO_BEST_IN_BOLD: &str =
    "No mean in bold: the systems' means are over different queries, which no best can be chosen among.";

/// Each measure's best mean among `systems` (highest, or lowest where
/// lower is better, over the finite ones), which the results table and
/// its Markdown and LaTeX exports set in bold; `None` for every measure
/// with fewer than two systems, where no mean is best of several, and
/// where their queries differ ([`means_comparable`]). Equal means are each
/// the best.
pub fn best_means(measures: &[Metric], systems: &[&SystemResult]) -> Vec<Option<f64>> {
    if !means_comparable(systems) {
        return vec![None; measures.len()];
    }
    measures
        .iter()
        .enumerate()
        .map(|(j, m)| {
            let vals = systems
                .iter()
                .filter_map(|s| s.means.get(j).copied())
                .filter(|v| v.is_finite());
            if systems.len() < 2 {
                None
            } else if m.higher_is_better() {
                vals.reduce(f64::max)
            } else {
                vals.reduce(f64::min)
            }
        })
        .collect()
}

/// One system: per-query values and their summaries.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct SystemResult {
    /// Name (the `[name]` of the text, or the run's file name).
    pub name: String,
    /// Typed or from a file.
    pub source: Source,
    /// Queries in evaluation order, shared by the system's copies: a
    /// front end that copies its systems (the page joins the typed ones
    /// and the files' at each change, to name them) does not copy
    /// thousands of queries with them.
    pub queries: std::sync::Arc<Vec<QueryResult>>,
    /// Summary of each measure (mean for all but counts).
    pub means: Vec<f64>,
    /// Largest grade of the judgments it was evaluated with (ERR's default max grade).
    pub max_grade: i64,
    /// Why this run has no numbers at all (a repeated docid under the
    /// "refuse" policy, located): shown in its row of the results.
    #[cfg_attr(feature = "serde", serde(default))]
    pub refused: Option<super::warning::Refusal>,
    /// A run file's tag (trec_eval's `runid`), where its format has one.
    #[cfg_attr(feature = "serde", serde(default))]
    pub runid: Option<String>,
    /// The run file's lines carry several tags (so no one tag names it).
    #[cfg_attr(feature = "serde", serde(default))]
    pub several_tags: bool,
    /// The file a run was read from, once [`super::name_runs`] has named
    /// it (by its tag, see there); `None` for typed systems.
    #[cfg_attr(feature = "serde", serde(default))]
    pub file: Option<String>,
}

impl SystemResult {
    /// The range of summary `j` (aggregated as `metric` is) over the tie
    /// orders of every query: `None` when a query's range was refused.
    pub fn mean_range(&self, j: usize, metric: &Metric) -> Option<TieRange> {
        exact_summary_range_of(
            metric.aggregation(),
            self.queries.iter().map(|q| q.range(j)),
        )
    }

    /// Whether any query's documents tie.
    pub fn has_ties(&self) -> bool {
        self.queries.iter().any(|q| q.ranges.is_some())
    }
}

impl QueryResult {
    /// The judged ranking of the first [`SHOWN_RANKS`] ranks: exact for any
    /// measure at a cutoff up to [`SHOWN_RANKS`].
    pub fn head(&self, relevance_level: i64) -> JudgedRanking {
        let judged = self
            .levels
            .iter()
            .flat_map(|&(g, n)| std::iter::repeat_n(g, n));
        JudgedRanking::new(self.ranking.clone(), judged, relevance_level)
    }
}

/// A ranking's relevance as one short string between threads (a worker's
/// results are mostly rankings): one character per rank, `.` for a
/// document outside the judgments, `?` for one judged "unjudged" (a
/// negative grade), `0`-`9` for a grade, and a larger grade in braces
/// (`{12}`). A list of numbers took the page 70 ms to read for the 270 MB
/// benchmark run's 7,000 queries.
#[cfg(feature = "serde")]
pub(crate) mod rel_codes {
    use crate::judged::Rel;
    use serde::de::Visitor;
    use serde::{Deserializer, Serializer};

    /// The string of a ranking.
    pub(crate) fn encode(ranking: &[Rel]) -> String {
        let mut out = String::with_capacity(ranking.len());
        for r in ranking {
            match r {
                Rel::NotInPool => out.push('.'),
                Rel::Unjudged => out.push('?'),
                Rel::Judged(g @ 0..=9) => out.push(char::from(b'0' + *g as u8)),
                Rel::Judged(g) => {
                    out.push('{');
                    out.push_str(&g.to_string());
                    out.push('}');
                }
            }
        }
        out
    }

    /// The ranking of a string made by [`encode`], or what is wrong at
    /// which character.
    pub(crate) fn decode(text: &str) -> Result<Vec<Rel>, String> {
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            out.push(match bytes[i] {
                b'.' => Rel::NotInPool,
                b'?' => Rel::Unjudged,
                b @ b'0'..=b'9' => Rel::Judged(i64::from(b - b'0')),
                b'{' => {
                    let close = text[i..]
                        .find('}')
                        .ok_or_else(|| format!("a `}}` after character {}", i + 1))?;
                    let grade = text[i + 1..i + close]
                        .parse::<i64>()
                        .ok()
                        .filter(|g| *g >= 0)
                        .ok_or_else(|| format!("a grade in braces at character {}", i + 1))?;
                    i += close;
                    Rel::Judged(grade)
                }
                _ => return Err(format!("a relevance code at character {}", i + 1)),
            });
            i += 1;
        }
        Ok(out)
    }

    pub fn serialize<S: Serializer>(ranking: &[Rel], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&encode(ranking))
    }

    /// The ranking of a string of codes, read where the message holds it
    /// (no string of its own per query: the page reads thousands of
    /// rankings as a worker's results arrive).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Rel>, D::Error> {
        d.deserialize_str(Codes)
    }

    /// Reads the codes as a string, whole.
    struct Codes;

    impl Visitor<'_> for Codes {
        type Value = Vec<Rel>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a ranking's relevance codes")
        }

        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Vec<Rel>, E> {
            decode(text).map_err(|e| E::custom(format!("expected {e}")))
        }
    }

    #[cfg(test)]
    #[test]
    fn codes_round_trip() {
        let r = vec![
            Rel::Judged(0),
            Rel::NotInPool,
            Rel::Unjudged,
            Rel::Judged(3),
            Rel::Judged(9),
            Rel::Judged(10),
            Rel::Judged(1234),
        ];
        let json = serde_json::to_string(&encode(&r)).unwrap();
        assert_eq!(json, r#""0.?39{10}{1234}""#);
        let back = deserialize(&mut serde_json::Deserializer::from_str(&json)).unwrap();
        assert_eq!(back, r);
        assert_eq!(decode(""), Ok(vec![]));
        for bad in ["x", "{12", "{-3}", "{}", "1{a}"] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }
}

/// A loaded file and what it was taken for.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct FileInfo {
    /// File name.
    pub name: String,
    /// Its format and role (`None`: not recognised).
    pub kind: Option<InputKind>,
    /// Whether it took part (a second qrels does not).
    pub used: bool,
    /// Size in bytes.
    pub bytes: u64,
    /// Kept on disk and read in chunks (see [`super::files::BIG_FILE_BYTES`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub big: bool,
}

/// Results of one source (typed text or files).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SourceResults {
    /// Systems in input order.
    pub systems: Vec<SystemResult>,
    /// Located problems.
    pub errors: Vec<ParseError>,
    /// What the user must know (missing queries, ties, scale, ...).
    pub warnings: Vec<super::warning::Warning>,
    /// The loaded files (files part only).
    pub files: Vec<FileInfo>,
    /// The runs' values when the judgments are preferences or judgment
    /// groups (whose measures are their own; `systems` is then empty).
    #[cfg_attr(feature = "serde", serde(default))]
    pub judgment_table: Option<super::judgment_table::JudgmentTable>,
}

impl SourceResults {
    /// The problems of the lines of files that were read and used (qrels
    /// and runs): what numbers computed anyway would silently leave out.
    /// A refused repeat is not one (its run gets no numbers at all), nor is
    /// a file that was not read (binary, or of no known format), which
    /// changes no number.
    pub fn bad_lines(&self) -> Vec<ParseError> {
        let read = |name: &str| {
            self.files
                .iter()
                .any(|f| f.name == name && f.used && f.kind.is_some())
        };
        self.errors
            .iter()
            .filter(|e| !e.is_duplicate_refusal() && read(&e.input))
            .cloned()
            .collect()
    }

    /// What the loaded files lack before they can give a number: judgments
    /// without a run, or runs without judgments; `None` when both are
    /// there, or no file was read.
    pub fn lack(&self) -> Option<FilesLack> {
        let read = || self.files.iter().filter(|f| f.used);
        let of = |judgments: bool| {
            read()
                .filter(|f| f.kind.is_some_and(|k| k.role.is_judgments() == judgments))
                .map(|f| f.name.clone())
                .collect::<Vec<_>>()
        };
        let (judgments, runs) = (of(true), of(false));
        match (judgments.is_empty(), runs.is_empty()) {
            (false, true) => Some(FilesLack::Runs { judgments }),
            (true, false) => Some(FilesLack::Judgments { runs }),
            _ => None,
        }
    }
}

/// What loaded files lack before they give numbers (see
/// [`SourceResults::lack`]); its English is its `Display`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilesLack {
    /// Judgments are loaded (these files), no run.
    Runs {
        /// The judgments' file names.
        judgments: Vec<String>,
    },
    /// Runs are loaded (these files), no judgments.
    Judgments {
        /// The runs' file names.
        runs: Vec<String>,
    },
}

impl std::fmt::Display for FilesLack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FilesLack::Runs { judgments } => write!(
                f,
                "{} loaded: a run file is needed too (TREC: qid Q0 docid rank score tag), or rankings typed under Calculate.",
                named(judgments)
            ),
            FilesLack::Judgments { runs } => write!(
                f,
                "{} loaded: {} judgments are needed too, a qrels file (TREC: qid 0 docid grade).",
                named(runs),
                if runs.len() == 1 { "its" } else { "their" }
            ),
        }
    }
}

/// "a.txt is" or "a.txt and b.txt are".
fn named(names: &[String]) -> String {
    match names {
        [] => "Nothing is".to_string(),
        [_] => format!("{} is", crate::plural::listed(names)),
        _ => format!("{} are", crate::plural::listed(names)),
    }
}

/// What the results must say when the systems' means are not over the same
/// queries, whatever the cause (typed systems with other queries, queries
/// missing from a run and skipped, a run covering other topics): each
/// system that lacks some of the queries the others have, with what it
/// lacks. `None` when every system with numbers has the same queries.
pub fn query_set_note(systems: &[SystemResult]) -> Option<QuerySets> {
    query_sets(systems.iter())
}

/// [`query_set_note`] of any list of systems.
fn query_sets<'s>(systems: impl Iterator<Item = &'s SystemResult>) -> Option<QuerySets> {
    use std::collections::BTreeSet;
    let shown: Vec<&SystemResult> = systems.filter(|s| !s.queries.is_empty()).collect();
    if shown.len() < 2 {
        return None;
    }
    let sets: Vec<BTreeSet<&str>> = shown
        .iter()
        .map(|s| s.queries.iter().map(|q| q.id.as_str()).collect())
        .collect();
    let all: BTreeSet<&str> = sets.iter().flatten().copied().collect();
    let lacking: Vec<Lacking> = shown
        .iter()
        .zip(&sets)
        .filter(|(_, set)| set.len() < all.len())
        .map(|(s, set)| Lacking {
            system: s.name.clone(),
            has: set.len(),
            lacks: all.difference(set).map(|q| q.to_string()).collect(),
        })
        .collect();
    (!lacking.is_empty()).then_some(QuerySets {
        queries: all.len(),
        lacking,
    })
}

#[cfg(test)]
mod tests {
    use crate::session::test_support::{default_metrics, file};
    use crate::session::{evaluate_files, evaluate_typed, parse_typed, EvalOptions};

    #[test]
    fn no_best_is_chosen_among_means_over_different_queries() {
        use super::{best_means, bold_caption, BEST_IN_BOLD, NO_BEST_IN_BOLD};
        let m = default_metrics();
        let eval = |text: &str| evaluate_typed(&parse_typed(text), &m, &EvalOptions::default());
        // Same queries: RR 1 against 1/2, the first in bold.
        let same = eval("[a]\nq1: R\n[b]\nq1: N R\n");
        let systems: Vec<_> = same.systems.iter().collect();
        assert_eq!(best_means(&m, &systems)[0], Some(1.0));
        assert_eq!(bold_caption(&systems), Some(BEST_IN_BOLD));
        // b also has q2 (RR 1): its mean 3/4 is over other queries than a's 1.
        let other = eval("[a]\nq1: R\n[b]\nq1: N R\nq2: R\n");
        let systems: Vec<_> = other.systems.iter().collect();
        assert!(best_means(&m, &systems).iter().all(Option::is_none));
        assert_eq!(bold_caption(&systems), Some(NO_BEST_IN_BOLD));
        // One system: no caption about bold at all.
        assert_eq!(bold_caption(&systems[..1]), None);
    }

    /// Equal scores: d4 d3 d2 at 2.0 and d6 d5 at 1.0 (docid descending
    /// orders each group, trec_eval's convention), d3 and d6 not judged.
    #[test]
    fn the_shown_ranks_tie_groups_follow_the_cut_and_the_judged_only_filter() {
        let qrels = file(
            "qrels.txt",
            "q1 0 d1 1\nq1 0 d2 0\nq1 0 d4 1\nq1 0 d5 2\nq1 0 d7 1\n",
        );
        let run = file(
            "run.txt",
            "q1 Q0 d1 1 3.0 t\nq1 Q0 d2 2 2.0 t\nq1 Q0 d3 3 2.0 t\nq1 Q0 d4 4 2.0 t\n\
             q1 Q0 d5 5 1.0 t\nq1 Q0 d6 6 1.0 t\nq1 Q0 d7 7 0.5 t\n",
        );
        let ties = |change: fn(&mut EvalOptions)| {
            let mut opts = EvalOptions::default();
            change(&mut opts);
            let r = evaluate_files(&[qrels.clone(), run.clone()], &default_metrics(), &opts);
            r.systems[0].queries[0].ties.clone()
        };
        // Ranks d1 d4 d3 d2 d6 d5 d7: groups at ranks 2-4 and 5-6.
        assert_eq!(ties(|_| {}), [(1, 4), (4, 6)]);
        // Cut at 5: d5 is below the cut, d6 alone above it, no group.
        assert_eq!(ties(|o| o.conventions.max_docs = Some(5)), [(1, 4)]);
        // Judged only: d1 d4 d2 d5 d7; d4 and d2 tie, d5 stands alone.
        assert_eq!(ties(|o| o.conventions.judged_only = true), [(1, 3)]);
        // No equal scores, no groups.
        let apart = file("run.txt", "q1 Q0 d1 1 3.0 t\nq1 Q0 d2 2 2.0 t\n");
        let r = evaluate_files(
            &[qrels.clone(), apart],
            &default_metrics(),
            &EvalOptions::default(),
        );
        assert!(r.systems[0].queries[0].ties.is_empty());
    }

    #[test]
    fn what_files_lack_before_numbers_is_named() {
        use super::FilesLack;
        let opts = EvalOptions::default();
        let qrels = file("qrels.txt", "q1 0 d1 1\n");
        let run = file("run.txt", "q1 Q0 d1 1 2.0 t\n");
        let lack = |files: &[_]| evaluate_files(files, &default_metrics(), &opts).lack();
        assert_eq!(
            lack(std::slice::from_ref(&qrels)),
            Some(FilesLack::Runs {
                judgments: vec!["qrels.txt".into()]
            })
        );
        assert_eq!(
            lack(std::slice::from_ref(&run)).map(|l| l.to_string()).as_deref(),
            Some("run.txt is loaded: its judgments are needed too, a qrels file (TREC: qid 0 docid grade).")
        );
        assert_eq!(lack(&[qrels, run]), None);
        assert_eq!(lack(&[]), None);
    }

    #[test]
    fn bad_lines_are_those_of_files_read_and_used() {
        let files = [
            file("qrels", "q1 0 d1 1\nq1 0 d2 high\n"),
            file("run", "q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 x t\n"),
            // Binary: not read at all, so it leaves nothing out of a number.
            file("a.out", "\u{7f}ELF\0\0 q1 Q0 d 1 2 t\n"),
        ];
        let part = evaluate_files(&files, &default_metrics(), &EvalOptions::default());
        let bad = part.bad_lines();
        let at: Vec<(&str, usize)> = bad.iter().map(|e| (e.input.as_str(), e.line)).collect();
        assert_eq!(at, [("qrels", 2), ("run", 2)], "{:?}", part.errors);
        assert!(part.errors.iter().any(|e| e.input == "a.out"));
        // A refused repeat is not a bad line: its run gets no numbers at all.
        let repeat = evaluate_files(
            &[
                file("qrels", "q1 0 d1 1\n"),
                file("run", "q1 Q0 d1 1 2.0 t\nq1 Q0 d1 2 1.0 t\n"),
            ],
            &default_metrics(),
            &EvalOptions::default(),
        );
        assert!(
            repeat.errors.iter().any(|e| e.is_duplicate_refusal()),
            "{:?}",
            repeat.errors
        );
        assert_eq!(repeat.bad_lines(), []);
    }
}
