//! What a person must know about numbers that were computed: each warning
//! is a kind with its data (files, queries, counts, the convention that
//! applied), so a view can group, count or link them; its English is
//! written here, once, in `Display`, for the page, the exports and the
//! command line alike.

use std::fmt;

use super::files::byte_size;
use super::switch::Switch;
use crate::error::{Expected, FieldLayout, JsonPlace, PrefContradiction};
use crate::exercise::mistakes::Mistake;
use crate::measures::ndcg::GainKind;
use crate::measures::{MetricNameError, NameProblem, NumberOf, KNOWN_NAMES};
use crate::{plural, DuplicatePolicy, MissingQueries, TieBreak};

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
}

impl fmt::Display for FieldLayout {
    /// e.g. "4 fields `qid iter docid grade`".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FieldLayout::Qrels => "4 fields `qid iter docid grade`",
            FieldLayout::Run => "6 fields `qid Q0 docid rank score tag`",
            FieldLayout::Preferences => "5 fields `qid group subgroup docid level`",
            FieldLayout::ZScores => "4 fields `qid measure mean stddev`",
        })
    }
}

impl fmt::Display for JsonPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonPlace::QueriesObject => f.write_str("`{` opening the object of queries"),
            JsonPlace::QueryId => f.write_str("a query id in double quotes"),
            JsonPlace::QueryIdOnce => f.write_str("each query id once in the object"),
            JsonPlace::ColonAfterQuery => f.write_str("`:` after the query id"),
            JsonPlace::QueryDocuments => f.write_str("`{` opening the query's documents"),
            JsonPlace::DocumentId => f.write_str("a document id in double quotes"),
            JsonPlace::DocumentIdOnce { qid } => write!(f, "each document id once in query {qid}"),
            JsonPlace::ColonAfterDocument => f.write_str("`:` after the document id"),
            JsonPlace::AfterNumber => f.write_str("`,` or `}` after the number"),
            JsonPlace::AfterDocuments => f.write_str("`,` or `}` after the query's documents"),
            JsonPlace::NoEscapes => f.write_str("an id without escape sequences (`\\`)"),
            JsonPlace::ClosingQuote => f.write_str("a closing `\"` on the same line"),
            JsonPlace::Number => f.write_str("a number (JSON numbers only; no quotes, no null)"),
            JsonPlace::EndAfterBrace => f.write_str("end of the file after the closing `}`"),
        }
    }
}

impl fmt::Display for PrefContradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrefContradiction::TwoLevels { docid, group } => {
                write!(
                    f,
                    "document {docid} has two levels in one subgroup of group {group}"
                )
            }
            PrefContradiction::RelevantAndNot { docid, group } => write!(
                f,
                "document {docid} is both relevant and non-relevant (level 0) in group {group}"
            ),
            PrefContradiction::Cycle { group } => write!(
                f,
                "group {group} prefers two documents each to the other (its subgroups contradict)"
            ),
        }
    }
}

/// What an exercise with ties asks for.
const AVERAGED: &str = "the value is the average over every order of each tied group.";

impl fmt::Display for Mistake {
    /// What the wrong answer suggests, and what the definition says.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mistake::LogBase { used } => write!(
                f,
                "These are the discounts with log base {}: the discount is 1 / log₂(rank + 1), base 2 (rank 1 gets 1, rank 2 gets 0.6309).",
                if (*used - 10.0).abs() < 1e-9 { "10".to_string() } else { "e (the natural log)".to_string() }
            ),
            Mistake::Gain { used: GainKind::Exponential } => f.write_str(
                "That is the exponential gain 2^grade − 1: this exercise uses the linear gain, gain = grade.",
            ),
            Mistake::Gain { used: GainKind::Linear } => f.write_str(
                "That is the linear gain, gain = grade: this exercise uses the exponential gain 2^grade − 1.",
            ),
            Mistake::ApOverRetrieved => f.write_str(
                "You divided by the number of documents retrieved: AP divides the sum of P@rank at the relevant ranks by the number of relevant documents.",
            ),
            Mistake::UnretrievedForgotten => f.write_str(
                "You left out the relevant documents the system did not retrieve (the grades after the bar |): they count among the relevant documents.",
            ),
            Mistake::IdealWithoutUnretrieved => f.write_str(
                "You made the ideal ranking from the retrieved documents only: the relevant documents the system did not retrieve (the grades after the bar |) belong in it too.",
            ),
            Mistake::ErrWithoutReach => f.write_str(
                "You summed Rᵢ / i: ERR weighs each rank by the chance of reaching it, ∏ (1 − Rⱼ) over the ranks above, so P(stop at i) = Rᵢ · ∏ (1 − Rⱼ).",
            ),
            Mistake::TieListedOrder => write!(
                f,
                "That is the value of the order the tied documents are listed in: tied documents have no order, so {AVERAGED}"
            ),
            Mistake::TieBestOrder => write!(
                f,
                "That is the value with the tied documents in their best order (relevant first): {AVERAGED}"
            ),
            Mistake::TieWorstOrder => write!(
                f,
                "That is the value with the tied documents in their worst order (relevant last): {AVERAGED}"
            ),
            Mistake::PrecisionOverRetrieved => f.write_str(
                "You divided by the documents retrieved: P@k always divides by k, even when fewer than k are retrieved.",
            ),
        }
    }
}

impl fmt::Display for Expected {
    /// What follows "expected" in a located message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Expected::*;
        match self {
            Fields { layout, count } => write!(f, "{layout} (this line has {count})"),
            QrelsGrade => f.write_str("an integer relevance grade in field 4"),
            RunRank => f.write_str("an integer rank in field 4"),
            RunScore => f.write_str("a numeric score in field 5 (e.g. 12.5, -3.2e-05, 2E+01)"),
            JudgedOnce { qid, first_line } => write!(
                f,
                "each docid judged once per query (query {qid} judged it on line {first_line})"
            ),
            JudgedOnceInGroup { group, qid, first_line } => write!(
                f,
                "each docid judged once per query and judgment group (group {group} judged it for query {qid} on line {first_line})"
            ),
            DocidOnce { qid, first_line } => write!(
                f,
                "each docid once per query (query {qid} lists it on line {first_line} already; choose keep-first or keep-last to accept it)"
            ),
            PreferenceOnce { first_line } => write!(
                f,
                "each docid once per query, group and subgroup (listed on line {first_line})"
            ),
            PreferenceLevel => f.write_str("a number (the preference level) in field 5"),
            PreferenceRepeat { qid, docid, keep_all } => write!(
                f,
                "each docid once per query (query {qid} lists docid {docid} again{})",
                if *keep_all {
                    "; a document has one place in a preference ranking, so keep-all does not apply"
                } else {
                    ""
                }
            ),
            ConsistentPreferences { qid, problem } => {
                write!(f, "consistent preferences for query {qid}: {problem}")
            }
            ValuesLine => f.write_str("`system query value`"),
            FiniteValue => f.write_str("a finite number as the value (e.g. 0.25)"),
            OneValue { system, query, first_line } => write!(
                f,
                "one value per system and query (system `{system}`, query `{query}` has one on line {first_line} already)"
            ),
            ZMean => f.write_str("a number (the mean)"),
            ZStdDev => f.write_str("a number (the standard deviation)"),
            ClosedQuote => f.write_str(
                "a quoted field closed on its line by `\"` (a field cannot span lines, and a quote inside it is written `\"\"`)",
            ),
            HeaderFields { needed, tab, count } => write!(
                f,
                "{needed} `{}`-separated fields as the header names (this line has {count})",
                if *tab { "\\t" } else { "," }
            ),
            NoQuote => f.write_str("a query, document or number without `\"` inside it"),
            IntegerGrade => f.write_str("an integer relevance grade"),
            TableJudgedOnce { qid } => write!(f, "each document judged once per query {qid}"),
            IntegerRank => f.write_str("an integer rank"),
            NumericScore => f.write_str("a numeric score"),
            TableHeader { qrels: true } => f.write_str(
                "a header naming query, doc and relevance columns (e.g. `query_id,doc_id,relevance`)",
            ),
            TableHeader { qrels: false } => f.write_str(
                "a header naming query, doc and score or rank columns (e.g. `query_id,doc_id,score`)",
            ),
            Json(place) => write!(f, "{place}"),
            NewQueryId { system, first_line, qid } => write!(
                f,
                "a query id not used before in system `{system}` (line {first_line} has `{qid}`)"
            ),
            QueryIdNoSpaces => f.write_str("a query id without spaces before `:`"),
            ClosingBracket => f.write_str("`]` closing the system name"),
            SystemName => f.write_str("a system name inside `[ ]`"),
            NothingAfterName => f.write_str("nothing after the system name (or a `#` comment)"),
            OneBar => f.write_str("a grade (only one `|` per line)"),
            UnretrievedGrade => {
                f.write_str("a grade of a judged, unretrieved document (integer >= 0, R or N)")
            }
            RepeatCount => f.write_str("a repeat count (a whole number) after `*`"),
            RepeatRange { max } => write!(f, "a repeat count from 1 to {max}"),
            Grade => f.write_str("a grade: an integer, R, N or ? (optionally TOKEN*COUNT)"),
            WholeFile { limit, size } => write!(
                f,
                "a file of at most {} here (this one is {}): a qrels file, a JSON or TSV run, or a TREC run whose lines are not grouped by query is read whole; a TREC run grouped by query (all lines of a query together, as trec_eval writes them) is streamed at any size",
                byte_size(*limit),
                byte_size(*size)
            ),
            Readable { why } => write!(
                f,
                "a readable file: the browser could not read it ({why}); load it again"
            ),
            GroupedOrSmall { limit, size } => write!(
                f,
                "the lines of each query together (this query came back after others), or a file of at most {} to read whole (this one is {}); sort the run by query id first, e.g. sort -s -k1,1 run > sorted-run",
                byte_size(*limit),
                byte_size(*size)
            ),
            TrecRunFor { preferences, judgments, kind } => write!(
                f,
                "a TREC run (qid Q0 docid rank score tag): runs are read as trec_eval reads them against {} ({judgments}); this one is a {kind}",
                if *preferences { "preference judgments" } else { "judgment groups" }
            ),
            NotText => f.write_str("a text file (TREC qrels or run, ranx JSON, TSV or CSV); this one holds binary data (a NUL byte here), so none of it is read"),
            UnknownFormat => f.write_str("TREC qrels (qid iter docid grade), a TREC run (qid Q0 docid rank score tag), ranx JSON, or a TSV/CSV header naming query, doc and relevance or score columns"),
            ExerciseStart => f.write_str("a title: line, an exercise: line (such as exercise: AP) or a comment starting with # before the first exercise"),
            ExerciseMeasure => f.write_str("a measure to compute by hand: P@k, R@k, RR, AP, DCG@k, nDCG@k or ERR@k (as in exercise: nDCG@5)"),
            TieRanks => f.write_str("tied ranks as ranges within the ranking, such as ties: 2-3, 5-7 (each range two ranks or more, none overlapping)"),
            TieMeasure => f.write_str("a measure whose average over the orders of tied documents is exact (P@k, R@k, RR, AP, DCG@k, nDCG@k or RBP; not ERR)"),
            ExerciseRanking => f.write_str("a ranking after the exercise: line (grades in rank order, as in q1: 1 0 2 | 1)"),
            OneRanking { first_line } => write!(f, "a note: line or the next exercise: line (this exercise's ranking is on line {first_line})"),
        }
    }
}

impl fmt::Display for NumberOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberOf::Cutoff => f.write_str("the cutoff after @"),
            NumberOf::RecallLevel => f.write_str("a recall level"),
            NumberOf::TheRecallLevel => f.write_str("the recall level"),
            NumberOf::Param(key) => f.write_str(key),
        }
    }
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::measures::NameProblem::*;
        match self {
            ClosingParen => f.write_str("`)` closing the parameters"),
            KeyValue => f.write_str("parameters written key=value, as in RBP(p=0.8)"),
            GainPair => f.write_str("gains='1=3;2=9'"),
            GainGrade => f.write_str("integer grades in gains='1=3;2=9'"),
            GainValue => f.write_str("numeric gains in gains='1=3;2=9'"),
            GainParam { key, value } => write!(
                f,
                "no parameter `{key}={value}` here (dcg='exp-log2', gains='1=3;2=9')"
            ),
            Number { of, found } => write!(f, "a number for {of}, found `{found}`"),
            Param { key, allowed } => write!(
                f,
                "no parameter `{key}` here (allowed: {})",
                if allowed.is_empty() {
                    "none".to_string()
                } else {
                    allowed.join(", ")
                }
            ),
            Cutoff { name } => write!(f, "a cutoff, as in {name}@10"),
            NoCutoff { base } => write!(f, "no cutoff on {base}"),
            Norm { found } => write!(f, "norm='R' or norm='found', found `{found}`"),
            LogBase { found } => write!(f, "a logarithm base above 1, found `{found}`"),
            PowerExponent => f.write_str("a power discount's exponent s above 0"),
            PowerOffset => f.write_str("a power discount's offset of 0 or more"),
            OneDiscount => f.write_str("one discount: base=B (1/log_B(rank+1)), discount='1/rank', or discount='power' with s=S (and offset=O): 1/(rank+O)^S"),
            Alpha => f.write_str("alpha=A (the sigmoid's steepness)"),
            Beta => f.write_str("beta=B (the grade stopping half the users)"),
            SigmoidParams => f.write_str("alpha above 0 and a finite beta"),
            ErrStop => f.write_str("ERR(gmax=G) for (2^g − 1)/2^G, or ERR(stop='sigmoid',alpha=A,beta=B) for 1/(1 + e^(−A(g − B)))"),
            Persistence => f.write_str("p between 0 and 1 (exclusive of 1)"),
            RbpRel { found } => write!(f, "rel=1 (binary) or no rel (graded), found `{found}`"),
            RecallLevel => f.write_str("a recall level, as in IPrec@0.1"),
            Known => write!(f, "a known measure ({KNOWN_NAMES})"),
        }
    }
}

impl fmt::Display for MetricNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read measure `{}`: expected {}",
            self.name, self.expected
        )
    }
}

impl fmt::Display for Switch {
    /// e.g. "tie order: file order (cwl_eval, ranx) instead of docid
    /// descending (trec_eval)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pair =
            |what: &str, to: &str, from: &str| write!(f, "{what}: {to} instead of {from}");
        match self {
            Switch::TieOrder(to, from) => pair("tie order", to.label(), from.label()),
            Switch::Scores(to, from) => pair("scores", to.label(), from.label()),
            Switch::MissingQueries(to, from) => {
                pair("queries missing from the run", to.label(), from.label())
            }
            Switch::Duplicates(to, from) => pair("a repeated docid", to.label(), from.label()),
            Switch::JudgedScope(to, from) => {
                pair("ideal and relevant count", to.label(), from.label())
            }
            Switch::Depth(n) => write!(f, "only the first {n} ranks evaluated"),
            Switch::Definition(m) => write!(f, "the measure defined as {m}"),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::RepeatedDocid { line, docid, more } => {
                let more = match more {
                    0 => String::new(),
                    n => format!(" ({n} more repeats)"),
                };
                write!(
                    f,
                    "No numbers: line {line} repeats docid `{docid}` in one query, and the duplicates setting is \"refuse\" (as trec_eval){more}. Choose keep-first or keep-last in Settings to evaluate it."
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "run1: 2 queries of the qrels missing from the run (q2, q3); left out (trec_eval)."
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
