//! Located parse errors.
//!
//! Every error names the input (a file name or "quick input"), the 1-based
//! line and column, what was expected and what was found. Parsers never
//! panic: a bad line becomes one [`ParseError`] and the good lines are kept,
//! so the caller decides whether to stop or to go on with what parsed.

use std::fmt;

use crate::plural::byte_size;

/// What a reader expected at a place where it found something else: a kind
/// with its data. Its English is written once, in its `Display` (below,
/// with those of [`FieldLayout`], [`JsonPlace`] and [`PrefContradiction`]).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// A line's fields (`count` found).
    Fields {
        /// Which kind of line.
        layout: FieldLayout,
        /// How many fields the line has.
        count: usize,
    },
    /// A qrels line's grade (field 4).
    QrelsGrade,
    /// A run line's rank (field 4).
    RunRank,
    /// A run line's score (field 5).
    RunScore,
    /// A qrels docid judged twice for one query.
    JudgedOnce {
        /// The query.
        qid: String,
        /// The line of its first judgment.
        first_line: usize,
    },
    /// A judgment-groups docid judged twice by one group for one query.
    JudgedOnceInGroup {
        /// The group.
        group: String,
        /// The query.
        qid: String,
        /// The line of its first judgment.
        first_line: usize,
    },
    /// A run lists a docid twice for one query (refused: the run gets no numbers).
    DocidOnce {
        /// The query.
        qid: String,
        /// The line that listed it first.
        first_line: usize,
    },
    /// A preference file lists a docid twice in one query, group and subgroup.
    PreferenceOnce {
        /// The line that listed it first.
        first_line: usize,
    },
    /// A preference line's level (field 5).
    PreferenceLevel,
    /// A run lists a docid twice for a query judged by preferences (refused).
    PreferenceRepeat {
        /// The query.
        qid: String,
        /// The docid.
        docid: String,
        /// Under keep-all, which cannot apply to a preference ranking.
        keep_all: bool,
    },
    /// A query's preferences contradict each other.
    ConsistentPreferences {
        /// The query.
        qid: String,
        /// How they contradict.
        problem: PrefContradiction,
    },
    /// A statistics input line (`system query value`).
    ValuesLine,
    /// A statistics input value.
    FiniteValue,
    /// A statistics input with two values for one system and query.
    OneValue {
        /// The system.
        system: String,
        /// The query.
        query: String,
        /// The line of its first value.
        first_line: usize,
    },
    /// A z-score file's mean (field 3).
    ZMean,
    /// A z-score file's standard deviation (field 4).
    ZStdDev,
    /// A TSV/CSV quoted field that does not close on its line.
    ClosedQuote,
    /// A TSV/CSV line with fewer fields than the header names.
    HeaderFields {
        /// How many the header names.
        needed: usize,
        /// Tab-separated (else comma-separated).
        tab: bool,
        /// How many the line has.
        count: usize,
    },
    /// A `"` inside a TSV/CSV query, document or number field.
    NoQuote,
    /// An integer relevance grade (TSV/CSV, ranx JSON).
    IntegerGrade,
    /// A TSV/CSV qrels document judged twice for one query.
    TableJudgedOnce {
        /// The query.
        qid: String,
    },
    /// An integer rank (TSV/CSV).
    IntegerRank,
    /// A numeric score (TSV/CSV, ranx JSON).
    NumericScore,
    /// A TSV/CSV header naming the columns.
    TableHeader {
        /// For qrels (else a run).
        qrels: bool,
    },
    /// A place of a ranx JSON file.
    Json(JsonPlace),
    /// A typed query id used twice in one system.
    NewQueryId {
        /// The system.
        system: String,
        /// The line that used it first.
        first_line: usize,
        /// The query id.
        qid: String,
    },
    /// A typed query id without spaces before `:`.
    QueryIdNoSpaces,
    /// `]` closing a typed system name.
    ClosingBracket,
    /// A typed system name inside `[ ]`.
    SystemName,
    /// Nothing after a typed system name.
    NothingAfterName,
    /// A typed grade where a second `|` stands.
    OneBar,
    /// A typed grade of an unretrieved document.
    UnretrievedGrade,
    /// A typed repeat count after `*`.
    RepeatCount,
    /// A typed repeat count within its bounds.
    RepeatRange {
        /// The largest count.
        max: usize,
    },
    /// A typed grade.
    Grade,
    /// A typed grade, where a line without a colon starts with a word that
    /// reads as a query's name (`q1 1 0 1` meant as `q1: 1 0 1`).
    GradeOrQueryName {
        /// The word, as the name it would be.
        name: String,
    },
    /// A file small enough to read whole (sizes in bytes).
    WholeFile {
        /// The limit.
        limit: u64,
        /// This file's size.
        size: u64,
    },
    /// A file the browser can read.
    Readable {
        /// What the browser said.
        why: String,
    },
    /// A TREC run grouped by query, or small enough to read whole.
    GroupedOrSmall {
        /// The limit for reading whole, in bytes.
        limit: u64,
        /// This file's size.
        size: u64,
    },
    /// A TREC run where preference or judgment-group judgments are loaded.
    TrecRunFor {
        /// Preference judgments (else judgment groups).
        preferences: bool,
        /// The judgments file.
        judgments: String,
        /// What this file was read as (its format's label).
        kind: String,
    },
    /// A text file (this one holds binary data).
    NotText,
    /// A text file (this one is gzip-compressed).
    Gzipped,
    /// A format Ranklab reads.
    UnknownFormat,
    /// An exercise set's `title:`, `exercise:` or comment before its first
    /// exercise.
    ExerciseStart,
    /// A measure an exercise can ask for.
    ExerciseMeasure,
    /// The ranking of the exercise begun on this line.
    ExerciseRanking,
    /// Tied ranks of an exercise: ranges such as `2-3`, within its ranking.
    TieRanks,
    /// A measure with an exact average over tie orders (ERR has none).
    TieMeasure,
    /// One ranking per exercise.
    OneRanking {
        /// The line of the exercise's ranking.
        first_line: usize,
    },
}

/// The field layouts of the line formats.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldLayout {
    /// `qid iter docid grade`.
    Qrels,
    /// `qid Q0 docid rank score tag`.
    Run,
    /// `qid group subgroup docid level`.
    Preferences,
    /// `qid measure mean stddev`.
    ZScores,
}

/// The places of a ranx JSON file where a reader expects something.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonPlace {
    /// `{` opening the object of queries.
    QueriesObject,
    /// A query id in double quotes.
    QueryId,
    /// Each query id once.
    QueryIdOnce,
    /// `:` after a query id.
    ColonAfterQuery,
    /// `{` opening a query's documents.
    QueryDocuments,
    /// A document id in double quotes.
    DocumentId,
    /// Each document id once in a query.
    DocumentIdOnce {
        /// The query.
        qid: String,
    },
    /// `:` after a document id.
    ColonAfterDocument,
    /// `,` or `}` after a number.
    AfterNumber,
    /// `,` or `}` after a query's documents.
    AfterDocuments,
    /// An id without escape sequences.
    NoEscapes,
    /// A closing `"` on the same line.
    ClosingQuote,
    /// A JSON number.
    Number,
    /// The end of the file after the closing `}`.
    EndAfterBrace,
}

/// How a query's preference judgments contradict each other.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrefContradiction {
    /// A document with two levels in one subgroup.
    TwoLevels {
        /// The document.
        docid: String,
        /// The group.
        group: String,
    },
    /// A document both relevant and non-relevant (level 0) in a group.
    RelevantAndNot {
        /// The document.
        docid: String,
        /// The group.
        group: String,
    },
    /// A group preferring two documents each to the other.
    Cycle {
        /// The group.
        group: String,
    },
}

/// One located problem in a text input.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Name of the input: a file name, or a label such as `quick input`.
    pub input: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) where the problem starts.
    pub column: usize,
    /// What the parser expected at that place (boxed: errors are few, and
    /// a small `Result` keeps the parsers' good path fast).
    pub expected: Box<Expected>,
    /// What it found instead (already shortened for display).
    pub found: String,
}

impl ParseError {
    /// Puts located problems in line order; a line's own problems keep
    /// their order (a stable sort). One function for every caller, so the
    /// page's wasm carries one copy of the sort.
    pub fn sort_by_line(errors: &mut [ParseError]) {
        errors.sort_by_key(|e| e.line);
    }

    /// The problems of `errors` that `told` does not hold, in their order
    /// (a problem held once in `told` takes out each of its copies).
    /// Looked up by place, then compared whole: a run of bad lines can have
    /// hundreds of thousands, and comparing each with each (`contains`)
    /// took the page 40 s for 60,000.
    pub fn not_in(errors: &[ParseError], told: &[ParseError]) -> Vec<ParseError> {
        let mut at: crate::fast_hash::FastHashMap<(&str, usize, usize), Vec<&ParseError>> =
            Default::default();
        for e in told {
            at.entry((&e.input, e.line, e.column)).or_default().push(e);
        }
        errors
            .iter()
            .filter(|e| {
                at.get(&(e.input.as_str(), e.line, e.column))
                    .is_none_or(|same_place| !same_place.contains(e))
            })
            .cloned()
            .collect()
    }

    /// Puts located problems in reading order: by line, then by column.
    pub fn sort_by_place(errors: &mut [ParseError]) {
        errors.sort_by_key(|e| (e.line, e.column));
    }

    /// The same problem in a text read `lines` lines further on (a part of
    /// a file numbered from its own first line, put back in the file): its
    /// line and every line its kind names move by `lines`.
    pub fn shift_lines(&mut self, lines: usize) {
        self.line += lines;
        match &mut *self.expected {
            Expected::JudgedOnce { first_line, .. }
            | Expected::JudgedOnceInGroup { first_line, .. }
            | Expected::DocidOnce { first_line, .. }
            | Expected::PreferenceOnce { first_line }
            | Expected::OneValue { first_line, .. }
            | Expected::NewQueryId { first_line, .. }
            | Expected::OneRanking { first_line } => *first_line += lines,
            _ => {}
        }
    }

    /// Builds an error; `found` is shortened to at most 40 characters.
    pub fn new(input: &str, line: usize, column: usize, expected: Expected, found: &str) -> Self {
        let mut shown: String = found.chars().take(40).collect();
        if found.chars().count() > 40 {
            shown.push('…');
        }
        ParseError {
            input: input.to_string(),
            line,
            column,
            expected: Box::new(expected),
            found: shown,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: expected {}, found {}",
            self.input,
            self.line,
            self.column,
            self.expected,
            if self.found.is_empty() {
                "end of line".to_string()
            } else {
                format!("`{}`", self.found)
            }
        )?;
        f.write_str(&lookalike_note(&self.found))
    }
}

/// [`digit_lookalikes`] as a message adds it after what was found:
/// ` (the letter O, not the digit 0)`, or nothing.
pub fn lookalike_note(found: &str) -> String {
    digit_lookalikes(found).map_or(String::new(), |letters| format!(" ({letters})"))
}

/// The letters in `text` that stand where digits go, named for a message,
/// where reading its `O` and `o` as 0 and its `l` and `I` as 1 makes it a
/// plain number (digits, at most one point): in many fonts `1O` reads as
/// 10, and "expected a number, found 1O" then seems to refuse 10. `None`
/// for any other text.
fn digit_lookalikes(text: &str) -> Option<String> {
    let mut named: Vec<&str> = Vec::new();
    let mut points = 0;
    for c in text.chars() {
        let name = match c {
            'O' => "the letter O, not the digit 0",
            'o' => "the letter o, not the digit 0",
            'l' => "the letter l, not the digit 1",
            'I' => "the letter I, not the digit 1",
            '0'..='9' => continue,
            '.' => {
                points += 1;
                continue;
            }
            _ => return None,
        };
        if !named.contains(&name) {
            named.push(name);
        }
    }
    (!named.is_empty() && points <= 1).then(|| named.join("; "))
}

impl std::error::Error for ParseError {}

impl fmt::Display for Expected {
    /// What follows "expected" in a located message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Expected::*;
        match self {
            Fields {
                layout: FieldLayout::Run,
                count: 5,
            } => write!(f, "{} (this line has 5: its tag is missing)", FieldLayout::Run),
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
            PreferenceLevel => f.write_str("a number (the preference level) in field 5: 5 fields make a preference line, `qid group subgroup docid level`; qrels lines have 4"),
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
            Grade => f.write_str("a grade: an integer, R, N or ? (or grade*count for a run of one grade, as `0*5`)"),
            GradeOrQueryName { name } => write!(
                f,
                "a grade: an integer, R, N or ? (to name this line's query, end the name with a colon: `{name}:`)"
            ),
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
            Gzipped => f.write_str("a text file (TREC qrels or run, ranx JSON, TSV or CSV); this one is gzip-compressed, so none of it is read: unpack it first (gunzip)"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_not_told_keep_their_order_and_their_whole_difference() {
        let e = |line, column, found: &str| {
            ParseError::new("f", line, column, Expected::RunRank, found)
        };
        let (a, b, c, b2) = (e(1, 1, "a"), e(2, 3, "b"), e(3, 1, "c"), e(2, 3, "other"));
        let all = [a.clone(), b.clone(), c.clone(), b2.clone(), a.clone()];
        // A problem at a told place but not the same is kept.
        assert_eq!(
            ParseError::not_in(&all, &[b.clone(), a.clone()]),
            vec![c.clone(), b2.clone()]
        );
        assert_eq!(ParseError::not_in(&all, &[]), all.to_vec());
        assert!(ParseError::not_in(&all, &all).is_empty());
        // As `contains` would say, for many.
        let many: Vec<ParseError> = (1..3000).map(|i| e(i, i % 7, "x")).collect();
        let told: Vec<ParseError> = many.iter().step_by(3).cloned().collect();
        let want: Vec<ParseError> = many.iter().filter(|x| !told.contains(x)).cloned().collect();
        assert_eq!(ParseError::not_in(&many, &told), want);
    }

    #[test]
    fn letters_typed_for_digits_are_named() {
        for (text, named) in [
            ("1O", "the letter O, not the digit 0"),
            ("O", "the letter O, not the digit 0"),
            ("0.l5", "the letter l, not the digit 1"),
            (
                "Io",
                "the letter I, not the digit 1; the letter o, not the digit 0",
            ),
        ] {
            assert_eq!(digit_lookalikes(text).as_deref(), Some(named), "{text}");
        }
        // Text that is no number with them read as digits, or has none.
        for text in ["10", "", "DOC10", "x", "1O.O.5", "Q0", "on"] {
            assert_eq!(digit_lookalikes(text), None, "{text}");
        }
        let e = ParseError::new("quick", 2, 3, Expected::Grade, "O");
        assert!(
            e.to_string()
                .ends_with("found `O` (the letter O, not the digit 0)"),
            "{e}"
        );
    }

    #[test]
    fn display_names_input_line_column_expected_and_found() {
        let e = ParseError::new("qrels.txt", 3, 14, Expected::IntegerGrade, "x1");
        assert_eq!(
            e.to_string(),
            "qrels.txt:3:14: expected an integer relevance grade, found `x1`"
        );
        let e = ParseError::new("run", 1, 5, Expected::NumericScore, "");
        assert_eq!(
            e.to_string(),
            "run:1:5: expected a numeric score, found end of line"
        );
        // Each kind's data reaches its sentence.
        let e = ParseError::new(
            "run",
            7,
            1,
            Expected::DocidOnce {
                qid: "q2".into(),
                first_line: 3,
            },
            "d1",
        );
        assert!(e.is_duplicate_refusal());
        assert_eq!(
            e.to_string(),
            "run:7:1: expected each docid once per query (query q2 lists it on line 3 already; choose keep-first or keep-last to accept it), found `d1`"
        );
    }
}
