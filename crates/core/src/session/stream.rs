//! Evaluating a run one query at a time, in bounded memory.
//!
//! TREC runs are almost always grouped by query. A [`QueryChunker`] takes
//! lines one at a time (this module does no I/O), keeps only the current
//! query's text, and hands out each query's lines as soon as they end; a
//! [`ChunkEvaluator`] judges and scores such a chunk for trec_eval's output
//! and [`tally`] puts the chunks' outcomes together. The reader that feeds
//! them is [`super::shard_lines`]. If a query id comes back after other
//! queries, the run is not grouped and the caller evaluates the whole text
//! at once instead ([`evaluate_whole_text`]: same numbers, more memory).

use std::collections::{BTreeSet, HashSet};

use crate::byte_lines::without_byte_order_mark;
use crate::conventions::{Conventions, MissingQueries};
use crate::error::ParseError;
use crate::formats::trec::{is_skipped_line, parse_run, parse_run_line, Qrels, QueryQrels};
use crate::judged::JudgedRanking;
use crate::measures::trec_names::TrecItem;
use crate::measures::{EvalContext, Metric};
use crate::pipeline::judge::{judge, judge_query, missing_query_ranking};
use crate::pipeline::trec_output::{item_metrics, trec_row, TrecRow};

/// What a finished stream found.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StreamResult {
    /// One row per evaluated query, in qid order (missing queries included
    /// as zero rows under [`MissingQueries::ScoreZero`]).
    pub rows: Vec<TrecRow>,
    /// The run's tag (from its last data line, as trec_eval reads it).
    pub runid: Option<String>,
    /// Qrels queries the run does not have.
    pub missing_queries: Vec<String>,
    /// Run queries the qrels do not have (ignored).
    pub run_only_queries: Vec<String>,
    /// Queries whose equal scores were ordered by the tie convention.
    pub tied_queries: usize,
    /// Duplicate lines dropped under keep-first or keep-last.
    pub repeated_lines: usize,
    /// Located problems (bad lines, refused duplicates).
    pub errors: Vec<ParseError>,
    /// The run repeats a docid under [`DuplicatePolicy::Refuse`]: it gets no
    /// numbers (`rows` is empty), as in trec_eval.
    ///
    /// [`DuplicatePolicy::Refuse`]: crate::conventions::DuplicatePolicy::Refuse
    pub refused: bool,
}

/// All data lines of one query, in file order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct QueryChunk {
    /// Query id (field 1 of every line).
    pub qid: String,
    /// The lines, concatenated.
    pub text: String,
    /// (start, end, 1-based line number) of each line in `text`.
    pub lines: Vec<(usize, usize, usize)>,
}

/// The query id of a run line (its first field), `None` for a blank or
/// comment line.
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
pub fn line_qid(line: &str) -> Option<&str> {
    if is_skipped_line(line) {
        None
    } else {
        // The parser's own field spaces, so a chunk's qid is its lines' qid.
        crate::formats::fields::first_field(line)
    }
}

/// A line without the carriage returns that end it (a CRLF file's lines).
/// The usual line has none: its last byte is looked at directly, since
/// `str::ends_with` with a `char` pattern is a call of its own in the
/// worker's size-built std (3% of a worker's time on the benchmark run).
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn without_carriage_returns(line: &str) -> &str {
    if line.as_bytes().last() == Some(&b'\r') {
        line.trim_end_matches('\r')
    } else {
        line
    }
}

/// Groups a run's lines into one [`QueryChunk`] per query, as they arrive.
#[derive(Debug, Default)]
pub struct QueryChunker {
    current: QueryChunk,
    /// A finished chunk given back ([`QueryChunker::give_back`]): the next
    /// query's lines go into its buffers instead of new ones.
    spare: Option<QueryChunk>,
    next_line: usize,
    done: HashSet<String>,
    ungrouped: bool,
    /// The current query id's bytes as a little-endian word, and the mask
    /// of its bytes, when a line continuing the query can be known by its
    /// first word ([`QueryChunker::continues`]); the mask is 0 otherwise.
    qid_word: u64,
    qid_mask: u64,
}

impl QueryChunker {
    /// A chunker at line 1.
    pub fn new() -> Self {
        QueryChunker {
            next_line: 1,
            ..QueryChunker::default()
        }
    }

    /// Takes the next line (without its line ending; trailing `\r`s are
    /// ignored, as in the whole-text parser). Returns the previous query's
    /// chunk when this line starts a new query.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn push_line(&mut self, line: &str) -> Option<QueryChunk> {
        self.push_split_line(line, line_qid(line))
    }

    /// [`QueryChunker::push_line`] for a caller that has already found the
    /// line's query id with [`line_qid`].
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn push_split_line(&mut self, line: &str, qid: Option<&str>) -> Option<QueryChunk> {
        let line = without_carriage_returns(line);
        let line_no = self.next_line;
        self.next_line += 1;
        let qid = qid.filter(|_| !self.ungrouped)?;
        let mut finished = None;
        if self.current.qid != qid || self.current.lines.is_empty() {
            if !self.current.lines.is_empty() {
                self.done.insert(self.current.qid.clone());
                let next = match self.spare.take() {
                    Some(mut spare) => {
                        spare.text.clear();
                        spare.lines.clear();
                        spare
                    }
                    // Queries of one run tend to have as many lines: the
                    // next chunk starts at this one's size.
                    None => QueryChunk {
                        text: String::with_capacity(self.current.text.len()),
                        lines: Vec::with_capacity(self.current.lines.len()),
                        ..QueryChunk::default()
                    },
                };
                finished = Some(std::mem::replace(&mut self.current, next));
            }
            if self.done.contains(qid) {
                self.ungrouped = true;
                return finished;
            }
            self.current.qid.clear();
            self.current.qid.push_str(qid);
            self.note_qid_word();
        }
        self.append(line, line_no);
        finished
    }

    /// Appends a line of the current query, numbered `line_no`.
    #[inline]
    #[cfg_attr(speed_marks, optimize(speed))]
    fn append(&mut self, line: &str, line_no: usize) {
        let start = self.current.text.len();
        self.current.text.push_str(line);
        self.current
            .lines
            .push((start, self.current.text.len(), line_no));
    }

    /// Sets the word [`QueryChunker::continues`] compares lines with: a
    /// query id shorter than eight bytes whose first byte is an ASCII
    /// graphic other than `#` (so that a line starting with it is never a
    /// comment or blank line, [`is_skipped_line`]).
    #[inline]
    #[cfg_attr(speed_marks, optimize(speed))]
    fn note_qid_word(&mut self) {
        let qid = self.current.qid.as_bytes();
        (self.qid_word, self.qid_mask) = match qid.first() {
            Some(&b) if qid.len() < 8 && b.is_ascii_graphic() && b != b'#' => {
                let mut word = [0u8; 8];
                word[..qid.len()].copy_from_slice(qid);
                (u64::from_le_bytes(word), u64::MAX >> (64 - 8 * qid.len()))
            }
            _ => (0, 0),
        };
    }

    /// Whether `line` is a data line of the query being read: its first
    /// bytes are the current query id and a field space follows, so its
    /// first field ([`line_qid`]) is that id. Known from the line's first
    /// word (false when that cannot tell: the caller then splits the line).
    #[inline]
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn continues(&self, line: &str) -> bool {
        let bytes = line.as_bytes();
        match bytes.get(..8) {
            Some(word) if self.qid_mask != 0 && !self.ungrouped => {
                let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
                (word ^ self.qid_word) & self.qid_mask == 0
                    && crate::formats::fields::is_space_byte(bytes[self.current.qid.len()])
            }
            _ => false,
        }
    }

    /// [`QueryChunker::push_line`] for a line that [`continues`] the
    /// current query.
    ///
    /// [`continues`]: QueryChunker::continues
    #[inline]
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn push_continuing(&mut self, line: &str) {
        debug_assert!(self.continues(line));
        let line = without_carriage_returns(line);
        let line_no = self.next_line;
        self.next_line += 1;
        self.append(line, line_no);
    }

    /// Takes back a chunk it handed out, once its reader is done with it:
    /// its buffers hold the next query's lines (no allocation per query).
    pub fn give_back(&mut self, chunk: QueryChunk) {
        self.spare = Some(chunk);
    }

    /// The query id of the last data line taken ("" before the first).
    pub fn current_qid(&self) -> &str {
        &self.current.qid
    }

    /// Ends the input: the last chunk, if any.
    pub fn finish(&mut self) -> Option<QueryChunk> {
        (self.qid_word, self.qid_mask) = (0, 0);
        (!self.current.lines.is_empty()).then(|| std::mem::take(&mut self.current))
    }

    /// Whether a query id came back after other queries (the run is not
    /// grouped; chunks after that point are not produced).
    pub fn ungrouped(&self) -> bool {
        self.ungrouped
    }
}

/// What one query chunk gave: `T` is its judged ranking ([`JudgedChunk`])
/// or its scored row ([`ChunkResult`]).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct ChunkOutcome<T> {
    /// Query id.
    pub qid: String,
    /// Its ranking or row (none if no line parsed, the qrels lack the
    /// query, or its duplicates were refused).
    pub result: Option<T>,
    /// At least one line parsed.
    pub present: bool,
    /// The qrels do not have this query.
    pub run_only: bool,
    /// The tag of its last parsed line.
    pub tag: Option<String>,
    /// Some parsed line has another tag than the one before it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub several_tags: bool,
    /// Ties ordered by convention.
    pub had_ties: bool,
    /// Duplicate lines dropped.
    pub repeated_lines: usize,
    /// Its duplicates were refused: the whole run gets no numbers.
    #[cfg_attr(feature = "serde", serde(default))]
    pub refused: bool,
    /// Located problems.
    pub errors: Vec<ParseError>,
    /// Line number of its first line (results are merged in file order).
    pub first_line: usize,
}

impl<T> ChunkOutcome<T> {
    /// A query with nothing read yet: no result, no line parsed.
    pub fn empty(qid: &str, first_line: usize) -> Self {
        ChunkOutcome {
            qid: qid.to_string(),
            result: None,
            present: false,
            run_only: false,
            tag: None,
            several_tags: false,
            had_ties: false,
            repeated_lines: 0,
            refused: false,
            errors: Vec::new(),
            first_line,
        }
    }

    /// The same outcome with its result transformed (a ranking scored).
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> ChunkOutcome<U> {
        ChunkOutcome {
            qid: self.qid,
            result: self.result.map(f),
            present: self.present,
            run_only: self.run_only,
            tag: self.tag,
            several_tags: self.several_tags,
            had_ties: self.had_ties,
            repeated_lines: self.repeated_lines,
            refused: self.refused,
            errors: self.errors,
            first_line: self.first_line,
        }
    }
}

/// A query chunk parsed and judged, not yet scored.
pub type JudgedChunk = ChunkOutcome<JudgedRanking>;
/// A query chunk scored for trec_eval's output.
pub type ChunkResult = ChunkOutcome<TrecRow>;

/// Everything a chunk is evaluated against.
#[derive(Debug, Clone, Copy)]
pub struct ChunkEvaluator<'q> {
    /// The run's name in messages.
    pub input: &'q str,
    /// Judgments.
    pub qrels: &'q Qrels<'q>,
    /// What to print.
    pub items: &'q [TrecItem],
    /// [`item_metrics`] of `items`.
    pub metrics: &'q [Metric],
    /// Conventions.
    pub conventions: &'q Conventions,
    /// Facts the measures need.
    pub context: &'q EvalContext,
    /// Give each row its tie ranges ([`trec_row_with_ranges`]).
    pub tie_range: bool,
}

/// Parses and judges one query chunk of the run named `input` against
/// `qrels`: the part of [`ChunkEvaluator::evaluate`] that does not depend
/// on the measures, for callers that score the ranking themselves.
#[cfg_attr(speed_marks, optimize(speed))]
pub fn judge_chunk(
    input: &str,
    qrels: &Qrels<'_>,
    conventions: &Conventions,
    chunk: &QueryChunk,
) -> JudgedChunk {
    judge_chunk_against(
        input,
        qrels.queries.get(chunk.qid.as_str()),
        conventions,
        chunk,
    )
}

/// [`judge_chunk`] given the chunk's query's judgments (`None` when the
/// qrels do not judge it) instead of the qrels.
#[cfg_attr(speed_marks, optimize(speed))]
pub fn judge_chunk_against(
    input: &str,
    judgments: Option<&QueryQrels<'_>>,
    conventions: &Conventions,
    chunk: &QueryChunk,
) -> JudgedChunk {
    let mut out = JudgedChunk::empty(&chunk.qid, chunk.lines.first().map_or(0, |l| l.2));
    let mut entries = Vec::with_capacity(chunk.lines.len());
    let mut last_tag = None;
    for &(start, end, line_no) in &chunk.lines {
        match parse_run_line(input, line_no, &chunk.text[start..end]) {
            Ok(l) => {
                out.several_tags |= last_tag.is_some_and(|t| t != l.tag);
                last_tag = Some(l.tag);
                entries.push(l.entry);
            }
            Err(e) => out.errors.push(e),
        }
    }
    out.tag = last_tag.map(str::to_string);
    out.present = !entries.is_empty();
    if !out.present {
        return out;
    }
    let Some(judgments) = judgments else {
        out.run_only = true;
        return out;
    };
    let outcome = judge_query(input, &chunk.qid, judgments, &entries, conventions);
    out.refused = outcome.refused();
    out.errors.extend(outcome.errors);
    out.repeated_lines = outcome.repeated_lines;
    out.had_ties = outcome.had_ties;
    out.result = outcome.ranking;
    out
}

impl ChunkEvaluator<'_> {
    /// Parses, judges and scores one query.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn evaluate(&self, chunk: &QueryChunk) -> ChunkResult {
        judge_chunk(self.input, self.qrels, self.conventions, chunk)
            .map(|r| self.row(&chunk.qid, &r))
    }

    #[cfg_attr(speed_marks, optimize(speed))]
    fn row(&self, qid: &str, r: &JudgedRanking) -> TrecRow {
        let row = trec_row(self.items, self.metrics, qid, r, self.context);
        if self.tie_range {
            row.with_ranges(self.metrics, r, self.context)
        } else {
            row
        }
    }

    /// Puts chunk results (in any order) together: file order for errors
    /// and the run tag, missing queries per the conventions, rows in qid
    /// order.
    pub fn assemble(&self, chunks: Vec<ChunkResult>) -> StreamResult {
        let t = tally(chunks);
        let missing = t.lacking(self.qrels.queries.keys().copied());
        let mut result = StreamResult {
            rows: t.results,
            runid: t.runid,
            repeated_lines: t.repeated_lines,
            tied_queries: t.tied_queries,
            errors: t.errors,
            run_only_queries: t.run_only_queries,
            refused: t.refused,
            ..StreamResult::default()
        };
        if self.conventions.missing_queries == MissingQueries::ScoreZero && !t.refused {
            for qid in &missing {
                let ranking = missing_query_ranking(&self.qrels.queries[qid], self.conventions);
                result.rows.push(self.row(qid, &ranking));
            }
        }
        result.missing_queries = missing.into_iter().map(str::to_string).collect();
        result
            .rows
            .sort_by(|a, b| a.qid.as_bytes().cmp(b.qid.as_bytes()));
        result
    }
}

/// Query chunks' outcomes put together, before the queries the run lacks
/// are added: what [`ChunkEvaluator::assemble`] and other assemblers of
/// chunked runs (the app's workers) share.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally<T> {
    /// The chunks' results, in file order.
    pub results: Vec<T>,
    /// The tag of the last parsed line (trec_eval's `runid`).
    pub runid: Option<String>,
    /// Some parsed line has another tag than the one before it.
    pub several_tags: bool,
    /// Query ids with at least one parsed line.
    pub present: HashSet<String>,
    /// Run queries the qrels lack, sorted.
    pub run_only_queries: Vec<String>,
    /// Duplicate lines dropped.
    pub repeated_lines: usize,
    /// Queries whose ties were ordered by convention.
    pub tied_queries: usize,
    /// Located problems in file order (a line's own problems keep their order).
    pub errors: Vec<ParseError>,
    /// Some chunk's duplicates were refused: `results` is empty, the run
    /// gets no numbers.
    pub refused: bool,
}

impl<T> Tally<T> {
    /// Which of `qids` (the qrels' queries) no chunk had a line for, sorted
    /// byte-wise: the queries the run lacks.
    pub fn lacking<'q>(&self, qids: impl IntoIterator<Item = &'q str>) -> Vec<&'q str> {
        let mut out: Vec<&str> = qids
            .into_iter()
            .filter(|q| !self.present.contains(*q))
            .collect();
        out.sort_unstable();
        out
    }
}

/// Puts chunk outcomes (in any order) together in file order.
pub fn tally<T>(mut chunks: Vec<ChunkOutcome<T>>) -> Tally<T> {
    chunks.sort_by_key(|c| c.first_line);
    let mut t = Tally {
        results: Vec::with_capacity(chunks.len()),
        runid: None,
        several_tags: false,
        present: HashSet::new(),
        run_only_queries: Vec::new(),
        repeated_lines: 0,
        tied_queries: 0,
        errors: Vec::new(),
        refused: false,
    };
    let mut run_only = BTreeSet::new();
    for c in chunks {
        // Chunks are a grouped run's queries in file order: the last one
        // with a tag holds the last line read, whose tag trec_eval prints.
        t.several_tags |=
            c.several_tags || matches!((&t.runid, &c.tag), (Some(a), Some(b)) if a != b);
        if c.tag.is_some() {
            t.runid = c.tag;
        }
        t.errors.extend(c.errors);
        t.refused |= c.refused;
        t.repeated_lines += c.repeated_lines;
        t.tied_queries += usize::from(c.had_ties);
        if c.run_only {
            run_only.insert(c.qid.clone());
        }
        if c.present {
            t.present.insert(c.qid);
        }
        t.results.extend(c.result);
    }
    t.run_only_queries = run_only.into_iter().collect();
    ParseError::sort_by_line(&mut t.errors);
    if t.refused {
        t.results.clear();
    }
    t
}

/// The same result from a whole run text at once: for runs that are not
/// grouped by query (every line is kept in memory). A byte order mark
/// starting `text` is dropped, as a stream drops it
/// ([`without_byte_order_mark`]).
pub fn evaluate_whole_text(
    input: &str,
    text: &str,
    qrels: &Qrels<'_>,
    items: &[TrecItem],
    conventions: &Conventions,
    context: EvalContext,
    tie_range: bool,
) -> StreamResult {
    let run = parse_run(input, without_byte_order_mark(text));
    let mut judged = judge(qrels, &run, conventions);
    judged.context = context;
    let metrics = item_metrics(items);
    let ctx = &judged.context;
    StreamResult {
        rows: judged
            .queries
            .iter()
            .map(|q| {
                let row = trec_row(items, &metrics, q.qid, &q.ranking, ctx);
                if tie_range {
                    row.with_ranges(&metrics, &q.ranking, ctx)
                } else {
                    row
                }
            })
            .collect(),
        runid: run.runid.map(str::to_string),
        missing_queries: judged.missing_query_ids(),
        run_only_queries: judged.run_only_query_ids(),
        tied_queries: judged.tied_queries(),
        repeated_lines: judged.repeated_lines,
        refused: judged.refused,
        errors: {
            // Problems in file order, as the streamed evaluation gives them.
            let mut errors: Vec<ParseError> = run.errors.into_iter().chain(judged.errors).collect();
            ParseError::sort_by_line(&mut errors);
            errors
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_continuing_line_is_one_whose_query_id_is_the_current_one() {
        let pieces = [
            "q1", "q10", "Q1", " ", "\t", "\r", "\u{b}", "#", "é", "\u{a0}", "1234567", "x", "",
        ];
        let mut random = crate::test_random::XorShift::new(0x2545_f491_4f6c_dd1du64);
        let mut next = |n: usize| random.below(n);
        let mut continued = 0;
        for first in ["q1 Q0 d 1 2 t", "1234567 Q0 d 1 2 t", "#c", "é1 Q0 d 1 2 t"] {
            for _ in 0..5_000 {
                let mut chunker = QueryChunker::new();
                chunker.push_line(first);
                let line: String = (0..next(6)).map(|_| pieces[next(pieces.len())]).collect();
                if chunker.continues(&line) {
                    continued += 1;
                    assert_eq!(line_qid(&line), Some(chunker.current_qid()), "{line:?}");
                    assert!(chunker.push_line(&line).is_none());
                }
            }
        }
        assert!(continued > 100, "{continued}");
        let mut chunker = QueryChunker::new();
        chunker.push_line("q1 Q0 a 1 2 t");
        assert!(chunker.continues("q1\tQ0 b 2 1 t"));
        assert!(!chunker.continues("q10 Q0 b 2 1 t"));
        assert!(!chunker.continues("q1"));
        chunker.finish();
        assert!(!chunker.continues("q1 Q0 b 2 1 t"));
    }
}
