//! What a person must know about numbers that were computed: each warning
//! is a kind with its data (files, queries, counts, the convention that
//! applied), so a view can group, count or link them; its English is
//! written here, once, in `Display`, for the page, the exports and the
//! command line alike.

use std::fmt;

use crate::conventions::{DuplicatePolicy, MissingQueries, TieBreak};
use crate::plural::plural;

/// One warning about computed numbers.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// Runs were loaded without judgments.
    NoQrels,
    /// A second judgments file was loaded; the first one is used.
    SecondJudgments {
        /// The file left unused.
        file: String,
        /// It holds plain qrels (else preferences or judgment groups).
        qrels: bool,
        /// The judgments file that is used.
        used: String,
    },
    /// The judgments use grades above the page's grade scale.
    GradesAboveScale {
        /// The judgments file.
        file: String,
        /// Its largest grade.
        max_grade: i64,
        /// The scale's maximum.
        scale_max: i64,
    },
    /// A typed query uses a grade above the grade scale.
    TypedGradeAboveScale {
        /// The system.
        system: String,
        /// The query.
        query: String,
        /// Its line in the typed text.
        line: usize,
        /// The largest grade above the scale.
        grade: i64,
        /// The scale's maximum.
        scale_max: i64,
    },
    /// Two systems' means are over different queries.
    DifferentQueries {
        /// The system lacking queries.
        system: String,
        /// The system that has them.
        other: String,
        /// The queries `system` lacks.
        lacking: Vec<String>,
    },
    /// Judged queries a run has no result for.
    MissingQueries {
        /// The run.
        run: String,
        /// The queries, sorted.
        queries: Vec<String>,
        /// What was done with them.
        convention: MissingQueries,
    },
    /// A run's queries that have no judgments (ignored).
    QueriesWithoutJudgments {
        /// The run.
        run: String,
        /// The queries, sorted.
        queries: Vec<String>,
    },
    /// Lines repeating a docid within a query (dropped or counted).
    RepeatedDocids {
        /// The run.
        run: String,
        /// Lines concerned.
        lines: usize,
        /// The duplicates setting that applied.
        policy: DuplicatePolicy,
    },
    /// Queries with equal scores, ordered by the tie setting.
    Ties {
        /// The run.
        run: String,
        /// Queries with ties.
        tied: usize,
        /// Queries evaluated.
        of: usize,
        /// The tie setting that applied.
        tie_break: TieBreak,
    },
    /// Preference measures order ties their own way.
    PreferenceTies,
    /// A run file without result lines (empty, or blank and comment lines
    /// only), evaluated as a system that retrieved nothing.
    NoResultLines {
        /// The run file.
        file: String,
    },
    /// Query ids of the run and of the judgments that differ only in case
    /// or in leading zeros (`Q01` and `q1`), left unmatched: ids are
    /// compared exactly, as trec_eval compares them.
    LookalikeQueryIds {
        /// The run.
        run: String,
        /// Each run id with the judgments' id it looks like, in the run's
        /// id order.
        pairs: Vec<(String, String)>,
    },
    /// A run scores 0 everywhere because nothing it ranks is judged: no
    /// document of its first `first` ranks of each query is in the
    /// judgments and it retrieves none of their relevant documents, or
    /// (preferences, `first` is `None`) it fulfils none of them, not even
    /// implied. Said aloud, as it is what a run and judgments of two
    /// collections give, or judgments whose docids were read from another
    /// column (a qrels line with a fifth field is read as a preference).
    NothingJudged {
        /// The run.
        run: String,
        /// The queries it was evaluated on.
        queries: usize,
        /// The ranks looked at in each query (`None`: preferences).
        first: Option<usize>,
    },
}

/// Why a run gets no numbers at all.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// A docid is repeated within a query and repeats are refused (as
    /// trec_eval refuses them): the first repeat's line and docid, and how
    /// many more repeats there are.
    RepeatedDocid {
        /// Line of the first refused repeat.
        line: usize,
        /// The docid.
        docid: String,
        /// The query that lists it twice, and the line that listed it first
        /// (none for a preference ranking's repeat).
        query: Option<(String, usize)>,
        /// Further refused repeats.
        more: usize,
    },
    /// A docid is repeated and repeats are refused; where is not known.
    RepeatedDocidUnlocated,
    /// The judgments a table of preference or judgment-group measures
    /// needs have problems.
    BrokenJudgments,
    /// A query's preferences contradict each other.
    ContradictoryPreferences,
    /// The run file has no result lines and queries the run lacks are left
    /// out: no query is left to evaluate (trec_eval fails so without -c).
    NoResultLines,
    /// None of the run file's result lines could be read (each is among
    /// the file problems).
    NoReadableLines,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::RepeatedDocid {
                line,
                docid,
                query,
                more,
            } => {
                let more = match more {
                    0 => String::new(),
                    n => format!(" ({n} more repeats)"),
                };
                let query = match query {
                    Some((qid, first)) => format!("query {qid}, which listed it on line {first}"),
                    None => "one query".to_string(),
                };
                write!(
                    f,
                    "No numbers: line {line} repeats docid `{docid}` in {query}, and the duplicates setting is \"refuse\" (as trec_eval){more}. Choose \"keep the first line\" or \"keep the last line\" for repeated docids in Settings to evaluate it."
                )
            }
            Refusal::RepeatedDocidUnlocated => write!(
                f,
                "No numbers: the run repeats a docid and the duplicates setting is \"refuse\"."
            ),
            Refusal::BrokenJudgments => write!(
                f,
                "No values: the judgments have problems (see the file problems)."
            ),
            Refusal::ContradictoryPreferences => write!(
                f,
                "No values: the preferences of a query contradict each other (see the file problems)."
            ),
            Refusal::NoReadableLines => write!(
                f,
                "No numbers: none of its result lines could be read (see the file problems)."
            ),
            Refusal::NoResultLines => write!(
                f,
                "No numbers: the file has no result lines from line 1 on (expected `qid Q0 docid rank score tag`), and queries a run lacks are left out, so no query is left (trec_eval fails so too). Score them 0 in Settings (trec_eval -c) to evaluate it as a system that retrieved nothing."
            ),
        }
    }
}

/// The kinds of [`Warning`], for grouping and counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)] // each names the variant of Warning it stands for
pub enum WarningKind {
    NoQrels,
    SecondJudgments,
    GradesAboveScale,
    TypedGradeAboveScale,
    DifferentQueries,
    MissingQueries,
    QueriesWithoutJudgments,
    RepeatedDocids,
    Ties,
    PreferenceTies,
    NoResultLines,
    LookalikeQueryIds,
    NothingJudged,
}

impl WarningKind {
    /// A short name for the kind (a `data-kind` attribute, a group's title).
    pub fn name(self) -> &'static str {
        match self {
            WarningKind::NoQrels => "no-qrels",
            WarningKind::SecondJudgments => "second-judgments",
            WarningKind::GradesAboveScale => "grades-above-scale",
            WarningKind::TypedGradeAboveScale => "typed-grade-above-scale",
            WarningKind::DifferentQueries => "different-queries",
            WarningKind::MissingQueries => "missing-queries",
            WarningKind::QueriesWithoutJudgments => "queries-without-judgments",
            WarningKind::RepeatedDocids => "repeated-docids",
            WarningKind::Ties => "ties",
            WarningKind::PreferenceTies => "preference-ties",
            WarningKind::NoResultLines => "no-result-lines",
            WarningKind::LookalikeQueryIds => "lookalike-query-ids",
            WarningKind::NothingJudged => "nothing-judged",
        }
    }
}

impl Warning {
    /// Its kind.
    pub fn kind(&self) -> WarningKind {
        match self {
            Warning::NoQrels => WarningKind::NoQrels,
            Warning::SecondJudgments { .. } => WarningKind::SecondJudgments,
            Warning::GradesAboveScale { .. } => WarningKind::GradesAboveScale,
            Warning::TypedGradeAboveScale { .. } => WarningKind::TypedGradeAboveScale,
            Warning::DifferentQueries { .. } => WarningKind::DifferentQueries,
            Warning::MissingQueries { .. } => WarningKind::MissingQueries,
            Warning::QueriesWithoutJudgments { .. } => WarningKind::QueriesWithoutJudgments,
            Warning::RepeatedDocids { .. } => WarningKind::RepeatedDocids,
            Warning::Ties { .. } => WarningKind::Ties,
            Warning::PreferenceTies => WarningKind::PreferenceTies,
            Warning::NoResultLines { .. } => WarningKind::NoResultLines,
            Warning::LookalikeQueryIds { .. } => WarningKind::LookalikeQueryIds,
            Warning::NothingJudged { .. } => WarningKind::NothingJudged,
        }
    }

    /// The names of the systems it is about, to read or to rename (none
    /// for a warning about files or judgments).
    pub fn systems_mut(&mut self) -> Vec<&mut String> {
        match self {
            Warning::MissingQueries { run, .. }
            | Warning::QueriesWithoutJudgments { run, .. }
            | Warning::RepeatedDocids { run, .. }
            | Warning::Ties { run, .. }
            | Warning::LookalikeQueryIds { run, .. }
            | Warning::NothingJudged { run, .. } => vec![run],
            Warning::DifferentQueries { system, other, .. } => vec![system, other],
            _ => Vec::new(),
        }
    }
}

/// Warnings grouped by kind: kinds in the order they first appear, each
/// kind's warnings in their order.
pub fn by_kind(warnings: &[Warning]) -> Vec<(WarningKind, Vec<&Warning>)> {
    let mut out: Vec<(WarningKind, Vec<&Warning>)> = Vec::new();
    for w in warnings {
        match out.iter_mut().find(|(k, _)| *k == w.kind()) {
            Some((_, group)) => group.push(w),
            None => out.push((w.kind(), vec![w])),
        }
    }
    out
}

/// Systems whose means are over fewer queries than the others'.
#[derive(Debug, Clone, PartialEq)]
pub struct QuerySets {
    /// Queries of all the systems together.
    pub queries: usize,
    /// Each system lacking some of them.
    pub lacking: Vec<Lacking>,
}

/// A system and the queries it lacks.
#[derive(Debug, Clone, PartialEq)]
pub struct Lacking {
    /// The system.
    pub system: String,
    /// How many of the queries it has.
    pub has: usize,
    /// The ones it lacks, sorted.
    pub lacks: Vec<String>,
}

impl fmt::Display for QuerySets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let each: Vec<String> = self
            .lacking
            .iter()
            .map(|l| {
                format!(
                    "{} has {} of the {} (lacks {})",
                    l.system,
                    l.has,
                    plural(self.queries, "query", "queries"),
                    ids(&l.lacks)
                )
            })
            .collect();
        write!(
            f,
            "The means are over different queries: {}. Compare them with care; the statistics use the queries the systems share.",
            each.join("; ")
        )
    }
}

/// Queries, counted and listed: "3 queries (301, 302, 303)".
#[derive(Debug, Clone, PartialEq)]
pub struct QueryList(pub Vec<String>);

impl fmt::Display for QueryList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({})",
            plural(self.0.len(), "query", "queries"),
            ids(&self.0)
        )
    }
}

/// Up to five items, comma-separated, then how many more.
pub(super) fn listed(items: &[&str]) -> String {
    let shown: Vec<&str> = items.iter().take(5).copied().collect();
    let more = items.len().saturating_sub(5);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

fn ids(queries: &[String]) -> String {
    let q: Vec<&str> = queries.iter().map(String::as_str).collect();
    listed(&q)
}

/// The words of the warnings typed rankings give (a grade above the
/// scale, systems over different queries), shared by [`Warning`]'s
/// `Display` and [`Warning::typed_words`].
struct TypedWords<'a>(&'a Warning);

impl fmt::Display for TypedWords<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Warning::TypedGradeAboveScale {
                system,
                query,
                line,
                grade,
                scale_max,
            } => write!(
                f,
                "{system}, {query} (line {line}): grade {grade} is above the grade scale's maximum {scale_max}."
            ),
            Warning::DifferentQueries {
                system,
                other,
                lacking,
            } => write!(
                f,
                "{system} has no {} that {other} has ({}): their means are over different queries.",
                if lacking.len() == 1 {
                    "query"
                } else {
                    "queries"
                },
                ids(lacking)
            ),
            _ => Ok(()),
        }
    }
}

impl Warning {
    /// Its words if typed rankings can give it, else `None` (a warning
    /// about files). The page's first module, which never holds files,
    /// words its warnings with this alone, so that the files' words are
    /// not part of its code.
    pub fn typed_words(&self) -> Option<String> {
        matches!(
            self,
            Warning::TypedGradeAboveScale { .. } | Warning::DifferentQueries { .. }
        )
        .then(|| TypedWords(self).to_string())
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::NoQrels => {
                write!(f, "Add a qrels file: runs are evaluated against its judgments.")
            }
            Warning::SecondJudgments { file, qrels, used } => write!(
                f,
                "{file} is a second {} file and is not used (the first one, {used}, is).",
                if *qrels { "qrels" } else { "judgments" }
            ),
            Warning::GradesAboveScale {
                file,
                max_grade,
                scale_max,
            } => write!(
                f,
                "{file} has grades up to {max_grade}, above the grade scale's maximum {scale_max}."
            ),
            Warning::TypedGradeAboveScale { .. } | Warning::DifferentQueries { .. } => {
                TypedWords(self).fmt(f)
            }
            Warning::MissingQueries {
                run,
                queries,
                convention,
            } => write!(
                f,
                "{run}: {} of the qrels missing from the run ({}); {}.",
                plural(queries.len(), "query", "queries"),
                ids(queries),
                convention.label()
            ),
            Warning::QueriesWithoutJudgments { run, queries } => write!(
                f,
                "{run}: {} without judgments ignored ({}).",
                plural(queries.len(), "query", "queries"),
                ids(queries)
            ),
            Warning::RepeatedDocids { run, lines, policy } => write!(
                f,
                "{run}: {} of repeated docids {} ({}).",
                plural(*lines, "line", "lines"),
                if *policy == DuplicatePolicy::KeepAll {
                    "counted as further documents"
                } else {
                    "dropped"
                },
                policy.label()
            ),
            Warning::Ties {
                run,
                tied,
                of,
                tie_break,
            } => write!(
                f,
                "{run}: equal scores in {tied} of {of} queries, ordered by the tie setting: {}.",
                tie_break.label()
            ),
            Warning::PreferenceTies => write!(
                f,
                "Preference measures order equal scores by docid ascending, as trec_eval's preference code does; the tie setting applies to the other measures only."
            ),
            Warning::NoResultLines { file } => write!(
                f,
                "{file} has no result lines: it is evaluated as a system that retrieved nothing."
            ),
            Warning::LookalikeQueryIds { run, pairs } => {
                if let Some((ours, theirs)) = pairs.first() {
                    write!(f, "{run}: its query {ours} is written {theirs} in the judgments")?;
                }
                if pairs.len() > 1 {
                    match pairs.len() - 1 {
                        1 => f.write_str(", and 1 more query is too")?,
                        more => write!(f, ", and {more} more queries are too")?,
                    }
                }
                f.write_str(": ids are compared exactly, as by trec_eval, so such a query is not evaluated. Write its id alike in both files.")
            }
            Warning::NothingJudged {
                run,
                queries,
                first,
            } => {
                let queries = plural(*queries, "query", "queries");
                match first {
                    Some(n) => write!(
                        f,
                        "{run}: none of the documents it ranks first (up to {n} in each of its {queries}) is judged"
                    )?,
                    None => write!(
                        f,
                        "{run}: it fulfils none of the judgments' preferences in its {queries}"
                    )?,
                }
                f.write_str(", so its values are 0. Are the run and the judgments of the same collection, with the docids in the column their format expects (qrels: the third of 4 fields; a line of 5 fields is read as a preference, its docid fourth)?")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_warnings_have_their_words_apart_and_file_warnings_none() {
        let typed = [
            Warning::TypedGradeAboveScale {
                system: "A".into(),
                query: "q1".into(),
                line: 2,
                grade: 5,
                scale_max: 3,
            },
            Warning::DifferentQueries {
                system: "A".into(),
                other: "B".into(),
                lacking: vec!["q2".into()],
            },
        ];
        assert_eq!(
            typed[0].typed_words().as_deref(),
            Some("A, q1 (line 2): grade 5 is above the grade scale's maximum 3.")
        );
        for w in &typed {
            assert_eq!(w.typed_words(), Some(w.to_string()));
        }
        let file = Warning::NoResultLines { file: "r".into() };
        assert_eq!(file.typed_words(), None);
        assert!(!file.to_string().is_empty());
    }

    #[test]
    fn grouped_by_kind_in_order_of_first_appearance() {
        let ties = |run: &str| Warning::Ties {
            run: run.into(),
            tied: 1,
            of: 1,
            tie_break: TieBreak::TrecEval,
        };
        let list = [ties("a"), Warning::NoQrels, ties("b")];
        let groups = by_kind(&list);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].0, WarningKind::Ties);
        assert_eq!(groups[0].1, vec![&list[0], &list[2]]);
        assert_eq!(groups[1].1, vec![&list[1]]);
    }

    #[test]
    fn each_kind_reads_as_before_and_keeps_its_data() {
        let w = Warning::MissingQueries {
            run: "run1".into(),
            queries: vec!["q2".into(), "q3".into()],
            convention: MissingQueries::Skip,
        };
        assert_eq!(w.kind(), WarningKind::MissingQueries);
        assert_eq!(
            w.to_string(),
            "run1: 2 queries of the qrels missing from the run (q2, q3); left out (trec_eval 9, pytrec_eval)."
        );
        let t = Warning::Ties {
            run: "r".into(),
            tied: 1,
            of: 3,
            tie_break: TieBreak::TrecEval,
        };
        assert_eq!(
            t.to_string(),
            "r: equal scores in 1 of 3 queries, ordered by the tie setting: docid descending (trec_eval)."
        );
        let d = Warning::RepeatedDocids {
            run: "r".into(),
            lines: 1,
            policy: DuplicatePolicy::KeepAll,
        };
        assert!(d
            .to_string()
            .starts_with("r: 1 line of repeated docids counted as further documents ("));
    }
}
