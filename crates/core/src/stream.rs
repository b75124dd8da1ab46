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
use crate::evaluate::{judge, judge_query, missing_query_ranking};
use crate::measures::trec_names::TrecItem;
use crate::measures::{EvalContext, Metric};
use crate::trec::{is_skipped_line, parse_run, parse_run_from, Qrels};
use crate::trec_output::{item_metrics, trec_row, TrecRow};

/// What a finished stream found.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StreamResult {
    /// One row per evaluated query, in qid order (missing queries included
    /// as zero rows under [`MissingQueries::ScoreZero`]).
    pub rows: Vec<TrecRow>,
    /// The run's tag (from its first data line).
    pub runid: Option<String>,
    /// Qrels queries the run does not have.
    pub missing_queries: Vec<String>,
    /// Run queries the qrels do not have (ignored).
    pub run_only_queries: Vec<String>,
    /// Queries whose equal scores were ordered by the tie convention.
    pub tied_queries: usize,
    /// Duplicate lines dropped under keep-first or keep-last.
    pub duplicates_dropped: usize,
    /// Located problems (bad lines, refused duplicates).
    pub errors: Vec<ParseError>,
    /// The run is not grouped by query: evaluate the whole text instead.
    pub ungrouped: bool,
}

/// A run evaluated as its lines arrive.
#[derive(Debug)]
pub struct RunStream<'q> {
    input: String,
    qrels: &'q Qrels<'q>,
    items: &'q [TrecItem],
    metrics: Vec<Metric>,
    conventions: Conventions,
    context: EvalContext,
    current: Option<String>,
    buffer: String,
    buffer_first_line: usize,
    next_line: usize,
    /// Queries whose lines have ended (a query id seen again means ungrouped).
    done: HashSet<String>,
    /// Queries with at least one parsed line (the others count as missing,
    /// as in the whole-text evaluation).
    present: HashSet<String>,
    result: StreamResult,
    run_only: BTreeSet<String>,
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
            current: None,
            buffer: String::new(),
            buffer_first_line: 1,
            next_line: 1,
            done: HashSet::new(),
            present: HashSet::new(),
            result: StreamResult::default(),
            run_only: BTreeSet::new(),
        }
    }

    /// Overrides the evaluation context (e.g. trec_eval's `-N`).
    pub fn set_context(&mut self, context: EvalContext) {
        self.context = context;
    }

    /// Takes the next line of the run (without its line ending; trailing
    /// `\r`s are ignored, as in the whole-text parser).
    pub fn push_line(&mut self, line: &str) {
        let line = line.trim_end_matches('\r');
        let line_no = self.next_line;
        self.next_line += 1;
        if self.result.ungrouped {
            return;
        }
        if !is_skipped_line(line) {
            let qid = line.split_ascii_whitespace().next().unwrap_or("");
            if self.current.as_deref() != Some(qid) {
                self.flush();
                if self.done.contains(qid) {
                    self.result.ungrouped = true;
                    return;
                }
                self.current = Some(qid.to_string());
                self.buffer_first_line = line_no;
            }
        } else if self.buffer.is_empty() {
            self.buffer_first_line = line_no;
            // A comment before any data line carries nothing to keep.
            if self.current.is_none() {
                return;
            }
        }
        self.buffer.push_str(line);
        self.buffer.push('\n');
    }

    fn flush(&mut self) {
        let Some(qid) = self.current.take() else {
            self.buffer.clear();
            return;
        };
        let run = parse_run_from(&self.input, &self.buffer, self.buffer_first_line);
        self.result.errors.extend(run.errors.iter().cloned());
        if self.result.runid.is_none() {
            self.result.runid = run.runid.map(str::to_string);
        }
        if let Some(entries) = run.queries.get(qid.as_str()) {
            self.present.insert(qid.clone());
            match self.qrels.queries.get(qid.as_str()) {
                None => {
                    self.run_only.insert(qid.clone());
                }
                Some(judgments) => {
                    let outcome =
                        judge_query(&self.input, &qid, judgments, entries, &self.conventions);
                    self.result.errors.extend(outcome.errors);
                    self.result.duplicates_dropped += outcome.duplicates_dropped;
                    self.result.tied_queries += usize::from(outcome.had_ties);
                    if let Some(ranking) = outcome.ranking {
                        let row =
                            trec_row(self.items, &self.metrics, &qid, &ranking, &self.context);
                        self.result.rows.push(row);
                    }
                }
            }
        }
        self.done.insert(qid);
        self.buffer.clear();
    }

    /// Ends the stream: scores the last query, adds missing queries per the
    /// conventions, and sorts rows by qid (byte-wise, as trec_eval).
    pub fn finish(mut self) -> StreamResult {
        self.flush();
        let mut result = self.result;
        if result.ungrouped {
            return result;
        }
        let mut missing: Vec<&str> = self
            .qrels
            .queries
            .keys()
            .copied()
            .filter(|q| !self.present.contains(*q))
            .collect();
        missing.sort_unstable();
        for qid in &missing {
            if self.conventions.missing_queries == MissingQueries::ScoreZero {
                let ranking = missing_query_ranking(&self.qrels.queries[qid], &self.conventions);
                result.rows.push(trec_row(
                    self.items,
                    &self.metrics,
                    qid,
                    &ranking,
                    &self.context,
                ));
            }
        }
        result.missing_queries = missing.into_iter().map(str::to_string).collect();
        result.run_only_queries = self.run_only.into_iter().collect();
        result
            .rows
            .sort_by(|a, b| a.qid.as_bytes().cmp(b.qid.as_bytes()));
        result
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
) -> StreamResult {
    let run = parse_run(input, text);
    let mut judged = judge(qrels, &run, conventions);
    judged.context = context;
    let metrics = item_metrics(items);
    StreamResult {
        rows: judged
            .queries
            .iter()
            .map(|q| trec_row(items, &metrics, q.qid, &q.ranking, &judged.context))
            .collect(),
        runid: run.runid.map(str::to_string),
        missing_queries: judged
            .missing_queries
            .iter()
            .map(|q| q.to_string())
            .collect(),
        run_only_queries: judged
            .run_only_queries
            .iter()
            .map(|q| q.to_string())
            .collect(),
        tied_queries: judged.queries.iter().filter(|q| q.had_ties).count(),
        duplicates_dropped: judged.duplicates_dropped,
        errors: run.errors.into_iter().chain(judged.errors).collect(),
        ungrouped: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::trec_names::MeasureRequest;
    use crate::trec::parse_qrels;
    use crate::trec_output::{format_trec, format_trec_rows, TrecOutput};

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
        let qrels = parse_qrels("qrels", QRELS);
        let items = MeasureRequest::parse(&["map"]).unwrap().items().unwrap();
        let text = "\u{2}\n\u{2}\r\n\r\u{3}\r\r";
        let whole = evaluate_whole_text(
            "run",
            text,
            &qrels,
            &items,
            &Conventions::default(),
            EvalContext::from_qrels(&qrels),
        );
        let mut s = RunStream::new("run", &qrels, &items, Conventions::default());
        for line in text.lines() {
            s.push_line(line);
        }
        let streamed = s.finish();
        assert_eq!(streamed.errors, whole.errors);
        assert_eq!(whole.errors[1].column, 2);
        assert_eq!(whole.errors[2].column, 3);
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
