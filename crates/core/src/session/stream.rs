//! Evaluating a run line by line, in bounded memory.
//!
//! TREC runs are almost always grouped by query. [`RunStream`] takes lines
//! one at a time (the caller reads the file or the browser's `File` in
//! chunks; this module does no I/O), keeps only the current query's text,
//! and scores each query as soon as its lines end, keeping just its
//! [`TrecRow`]. If a query id comes back after other queries, the run is not
//! grouped: [`StreamResult::ungrouped`] is set and the caller evaluates the
//! whole text at once instead (same numbers, more memory).

use std::collections::{BTreeSet, HashSet};

use crate::conventions::{Conventions, MissingQueries};
use crate::error::ParseError;
use crate::formats::trec::{is_skipped_line, parse_run, parse_run_line, Qrels};
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
    /// [`DuplicatePolicy::Refuse`]: crate::DuplicatePolicy::Refuse
    pub refused: bool,
    /// The run is not grouped by query: evaluate the whole text instead.
    pub ungrouped: bool,
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
pub fn line_qid(line: &str) -> Option<&str> {
    if is_skipped_line(line) {
        None
    } else {
        // The parser's own field spaces, so a chunk's qid is its lines' qid.
        crate::error::first_field(line)
    }
}

/// Groups a run's lines into one [`QueryChunk`] per query, as they arrive.
#[derive(Debug, Default)]
pub struct QueryChunker {
    current: QueryChunk,
    next_line: usize,
    done: HashSet<String>,
    ungrouped: bool,
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
    pub fn push_line(&mut self, line: &str) -> Option<QueryChunk> {
        self.push_split_line(line, line_qid(line))
    }

    /// [`QueryChunker::push_line`] for a caller that has already found the
    /// line's query id with [`line_qid`].
    pub fn push_split_line(&mut self, line: &str, qid: Option<&str>) -> Option<QueryChunk> {
        let line = line.trim_end_matches('\r');
        let line_no = self.next_line;
        self.next_line += 1;
        let qid = qid.filter(|_| !self.ungrouped)?;
        let mut finished = None;
        if self.current.qid != qid || self.current.lines.is_empty() {
            if !self.current.lines.is_empty() {
                self.done.insert(self.current.qid.clone());
                finished = Some(std::mem::take(&mut self.current));
            }
            if self.done.contains(qid) {
                self.ungrouped = true;
                return finished;
            }
            self.current.qid = qid.to_string();
        }
        let start = self.current.text.len();
        self.current.text.push_str(line);
        self.current
            .lines
            .push((start, self.current.text.len(), line_no));
        finished
    }

    /// Ends the input: the last chunk, if any.
    pub fn finish(&mut self) -> Option<QueryChunk> {
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
    /// The same outcome with its result transformed (a ranking scored).
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> ChunkOutcome<U> {
        ChunkOutcome {
            qid: self.qid,
            result: self.result.map(f),
            present: self.present,
            run_only: self.run_only,
            tag: self.tag,
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
pub fn judge_chunk(
    input: &str,
    qrels: &Qrels<'_>,
    conventions: &Conventions,
    chunk: &QueryChunk,
) -> JudgedChunk {
    let mut out = JudgedChunk {
        qid: chunk.qid.clone(),
        result: None,
        present: false,
        run_only: false,
        tag: None,
        had_ties: false,
        repeated_lines: 0,
        refused: false,
        errors: Vec::new(),
        first_line: chunk.lines.first().map_or(0, |l| l.2),
    };
    let mut entries = Vec::with_capacity(chunk.lines.len());
    let mut last_tag = None;
    for &(start, end, line_no) in &chunk.lines {
        match parse_run_line(input, line_no, &chunk.text[start..end]) {
            Ok(l) => {
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
    let Some(judgments) = qrels.queries.get(chunk.qid.as_str()) else {
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
    pub fn evaluate(&self, chunk: &QueryChunk) -> ChunkResult {
        judge_chunk(self.input, self.qrels, self.conventions, chunk)
            .map(|r| self.row(&chunk.qid, &r))
    }

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
    pub fn assemble(&self, chunks: Vec<ChunkResult>, ungrouped: bool) -> StreamResult {
        let t = tally(chunks);
        let missing = t.lacking(self.qrels.queries.keys().copied());
        let mut result = StreamResult {
            ungrouped,
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

/// A run evaluated as its lines arrive, on one thread: a [`QueryChunker`]
/// whose chunks are evaluated at once.
#[derive(Debug)]
pub struct RunStream<'q> {
    input: String,
    qrels: &'q Qrels<'q>,
    items: &'q [TrecItem],
    metrics: Vec<Metric>,
    conventions: Conventions,
    context: EvalContext,
    chunker: QueryChunker,
    results: Vec<ChunkResult>,
}

impl<'q> RunStream<'q> {
    /// A stream over the run named `input`, evaluated against `qrels` for
    /// `items` under `conventions`.
    pub fn new(
        input: &str,
        qrels: &'q Qrels<'q>,
        items: &'q [TrecItem],
        conventions: Conventions,
    ) -> Self {
        RunStream {
            input: input.to_string(),
            qrels,
            items,
            metrics: item_metrics(items),
            conventions,
            context: EvalContext::from_qrels(qrels),
            chunker: QueryChunker::new(),
            results: Vec::new(),
        }
    }

    /// Overrides the evaluation context (e.g. trec_eval's `-N`).
    pub fn set_context(&mut self, context: EvalContext) {
        self.context = context;
    }

    fn evaluator(&self) -> ChunkEvaluator<'_> {
        ChunkEvaluator {
            input: &self.input,
            qrels: self.qrels,
            items: self.items,
            metrics: &self.metrics,
            conventions: &self.conventions,
            context: &self.context,
            tie_range: false,
        }
    }

    /// Takes the next line of the run (without its line ending).
    pub fn push_line(&mut self, line: &str) {
        if let Some(chunk) = self.chunker.push_line(line) {
            let r = self.evaluator().evaluate(&chunk);
            self.results.push(r);
        }
    }

    /// Ends the stream and assembles the result.
    pub fn finish(mut self) -> StreamResult {
        if let Some(chunk) = self.chunker.finish() {
            let r = self.evaluator().evaluate(&chunk);
            self.results.push(r);
        }
        let results = std::mem::take(&mut self.results);
        self.evaluator().assemble(results, self.chunker.ungrouped())
    }
}

/// The same result from a whole run text at once: for runs that are not
/// grouped by query (every line is kept in memory).
pub fn evaluate_whole_text(
    input: &str,
    text: &str,
    qrels: &Qrels<'_>,
    items: &[TrecItem],
    conventions: &Conventions,
    context: EvalContext,
    tie_range: bool,
) -> StreamResult {
    let run = parse_run(input, text);
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
        ungrouped: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trec::parse_qrels;
    use crate::measures::trec_names::MeasureRequest;
    use crate::pipeline::trec_output::{format_trec, format_trec_rows, TrecOutput};

    /// Found by the `run` fuzz target: a line starting with a vertical tab
    /// (a field space for the parser) was grouped under the qid "\x0b2" by
    /// the chunker, so streaming left out a query the whole text had.
    #[test]
    fn streamed_queries_are_split_as_the_parser_splits_them() {
        let text = "1 Q0 a 1 2.0 t\n\u{b}2 Q0 c 1 -2 t\u{b}\n\u{b}3\u{c}Q0 e 1 1 é\n";
        assert_eq!(line_qid("\u{b}2 Q0 c 1 -2 t"), Some("2"));
        let qrels = parse_qrels("qrels", "1 0 a 1\n2 0 c 1\n3 0 e 1\n");
        let items = MeasureRequest::parse(&["map"]).unwrap().items().unwrap();
        let c = Conventions::default();
        let whole = evaluate_whole_text(
            "run",
            text,
            &qrels,
            &items,
            &c,
            EvalContext::from_qrels(&qrels),
            false,
        );
        let mut stream = RunStream::new("run", &qrels, &items, c);
        for line in text.lines() {
            stream.push_line(line);
        }
        let streamed = stream.finish();
        let qids = |r: &StreamResult| r.rows.iter().map(|r| r.qid.clone()).collect::<Vec<_>>();
        assert_eq!(qids(&whole), ["1", "2", "3"]);
        assert_eq!(qids(&streamed), qids(&whole));
        assert!(whole.errors.is_empty(), "{:?}", whole.errors);
    }

    const QRELS: &str = "q1 0 a 1\nq1 0 b 0\nq1 0 c 2\nq2 0 x 1\nq3 0 z 0\nq4 0 y 3\n";
    const RUN: &str = "# comment\nq2 Q0 x 1 2 t\nq2 Q0 w 2 1 t\n\nq1 Q0 b 1 5 t\nq1 Q0 a 2 5 t\nq1 Q0 c 3 1 t\nq9 Q0 a 1 1 t\n";

    fn both(conventions: Conventions, run: &str) -> (String, Option<String>) {
        let qrels = parse_qrels("qrels", QRELS);
        let items = MeasureRequest::parse(&["all_trec"])
            .unwrap()
            .items()
            .unwrap();
        let options = TrecOutput {
            per_query: true,
            digits: 6,
            runid: "t",
            zscores: None,
            tie_range: false,
        };
        let whole = format_trec(
            &items,
            &judge(&qrels, &parse_run("run", run), &conventions),
            &options,
        );
        let mut s = RunStream::new("run", &qrels, &items, conventions);
        for line in run.lines() {
            s.push_line(line);
        }
        let r = s.finish();
        let streamed = (!r.ungrouped).then(|| format_trec_rows(&items, r.rows, &options));
        (whole, streamed)
    }

    #[test]
    fn streaming_equals_whole_text_evaluation() {
        for c in [
            Conventions::default(),
            Conventions {
                missing_queries: MissingQueries::ScoreZero,
                ..Conventions::default()
            },
        ] {
            let (whole, streamed) = both(c, RUN);
            assert_eq!(Some(whole), streamed);
        }
    }

    #[test]
    fn carriage_returns_give_the_same_errors_both_ways() {
        // Found by fuzzing: a last line ending in a lone `\r`.
        let (whole, streamed) = errors_both_ways("\u{2}\n\u{2}\r\n\r\u{3}\r\r");
        assert_eq!(streamed.errors, whole.errors);
        assert_eq!(whole.errors[1].column, 2);
        assert_eq!(whole.errors[2].column, 3);
    }

    /// The run text evaluated whole and streamed line by line (map only).
    fn errors_both_ways(text: &str) -> (StreamResult, StreamResult) {
        let qrels = parse_qrels("qrels", QRELS);
        let items = MeasureRequest::parse(&["map"]).unwrap().items().unwrap();
        let whole = evaluate_whole_text(
            "run",
            text,
            &qrels,
            &items,
            &Conventions::default(),
            EvalContext::from_qrels(&qrels),
            false,
        );
        let mut s = RunStream::new("run", &qrels, &items, Conventions::default());
        for line in text.lines() {
            s.push_line(line);
        }
        (whole, s.finish())
    }

    #[test]
    fn problems_come_in_file_order_both_ways() {
        // Found by fuzzing: a refused duplicate (line 2) before a bad line (line 3).
        let (whole, streamed) = errors_both_ways("q1 Q0 a 1 1 t\nq1 Q0 a 2 0 t\nq1 bad\n");
        let lines: Vec<usize> = whole.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![2, 3]);
        assert_eq!(streamed.errors, whole.errors);
    }

    #[test]
    fn a_refused_duplicate_gives_no_rows_both_ways() {
        // q2 repeats x; q1 and q4 are clean, yet no query may be evaluated.
        let run = "q1 Q0 a 1 1 t\nq2 Q0 x 1 1 t\nq2 Q0 x 2 0 t\nq4 Q0 y 1 1 t\n";
        let (whole, streamed) = errors_both_ways(run);
        for r in [&whole, &streamed] {
            assert!(r.refused);
            assert!(r.rows.is_empty(), "{:?}", r.rows);
            assert_eq!(r.errors.len(), 1);
            assert_eq!(r.errors[0].line, 3);
        }
        // Not even the zero rows of missing queries under -c.
        let qrels = parse_qrels("qrels", QRELS);
        let items = MeasureRequest::parse(&["map"]).unwrap().items().unwrap();
        let c = Conventions {
            missing_queries: MissingQueries::ScoreZero,
            ..Conventions::default()
        };
        let mut s = RunStream::new("run", &qrels, &items, c);
        for line in run.lines() {
            s.push_line(line);
        }
        let r = s.finish();
        assert!(r.refused && r.rows.is_empty());
    }

    #[test]
    fn ungrouped_runs_are_detected() {
        let (_, streamed) = both(
            Conventions::default(),
            "q1 Q0 a 1 1 t\nq2 Q0 x 1 1 t\nq1 Q0 b 2 0 t\n",
        );
        assert_eq!(streamed, None);
    }

    #[test]
    fn errors_keep_their_file_line_numbers() {
        let qrels = parse_qrels("qrels", QRELS);
        let items = MeasureRequest::parse(&["map"]).unwrap().items().unwrap();
        let mut s = RunStream::new("run.txt", &qrels, &items, Conventions::default());
        for line in "q1 Q0 a 1 1 t\n\n# c\nq2 Q0 x 1 oops t\n".lines() {
            s.push_line(line);
        }
        let r = s.finish();
        assert_eq!(r.errors.len(), 1);
        assert_eq!(
            r.errors[0].to_string().split(": expected").next(),
            Some("run.txt:4:11")
        );
        assert_eq!(r.missing_queries, vec!["q2", "q3", "q4"]);
    }
}
