//! Evaluation of loaded files read in chunks, for files too big to hold as
//! text (see [`super::files::BIG_FILE_BYTES`]).
//!
//! A big TREC run is read piece by piece: its bytes are cut into lines
//! ([`ByteLines`]), the lines into one chunk per query ([`QueryChunker`](super::stream::QueryChunker)),
//! and each query is judged and scored as soon as its lines end, so memory
//! holds one query's lines and the results, not the file. A run that is not
//! grouped by query, a big JSON or TSV run and the qrels are read whole, up
//! to [`WHOLE_TEXT_LIMIT`]; beyond it the file gets a located message
//! instead of a crashed tab. Files held as text are evaluated as in
//! [`evaluate_files`](super::evaluate_files). This module does
//! no I/O itself: the caller opens each file as a [`ByteSource`] (a `Blob`'s
//! stream in the browser's worker, a byte slice in tests) and hears of the
//! progress.
//!
//! [`ByteSource`]: super::reading::ByteSource

use std::future::Future;
use std::pin::Pin;

use crate::error::Expected;

use super::dealing::{streams, DealtPart, RunDealing};
use super::files::LoadedFile;
use super::handover::{split_qrels, tables, QrelsHandover, ShardJudgments};
use super::judgment_table::JudgmentReading;
use super::reading::{read_whole, unreadable, Meter, Open, Progress, READ_CHUNK, WHOLE_TEXT_LIMIT};
use super::results::{QueryResult, SourceResults};
use super::roles::{check_grade_scale, describe_files, file_roles};
use super::runs::{add_run, RunOutcome};
use super::shard_lines::{join, ShardLines};
use super::shard_lines::{ScoredQuery, Shard, ShardRun, Ungrouped};
use super::stream::{judge_chunk_against, tally, QueryChunk};
use super::trec_judgments::evaluate_judgment_table;
use super::warning::Warning;
use super::EvalOptions;
use crate::byte_lines::ByteLines;
use crate::conventions::{Conventions, MissingQueries};
use crate::error::ParseError;
use crate::formats::inputs::{parse_qrels_as, parse_run_as, InputKind};
use crate::measures::{EvalContext, Metric};
use crate::pipeline::evaluate::query_values;
use crate::pipeline::judge::{judge, missing_query_ranking};

/// What became of one run in one shard.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub enum RunPiece {
    /// Evaluated whole (by shard 0).
    Whole(RunOutcome),
    /// Could not be evaluated (shard 0 says why).
    Failed(ParseError),
    /// This shard's part of a streamed run.
    Streamed(ShardRun),
    /// Left to shard 0.
    Elsewhere,
    /// Streamed in dealt pieces, whose parts went to the dealer
    /// ([`RunDealing::Dealt`]).
    Dealt,
}

/// What one shard found.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ShardReply {
    /// Shard 0: the files, the qrels' problems and warnings (no runs yet).
    pub base: SourceResults,
    /// One piece per run, in load order.
    pub runs: Vec<RunPiece>,
    /// Shard 0: the qrels' query ids.
    pub qrels_qids: Vec<String>,
    /// Shard 0, when missing queries score 0: the row of every qrels query
    /// as if the run lacked it.
    pub zero_rows: Vec<QueryResult>,
    /// Largest grade of the judgments.
    pub max_grade: i64,
    /// The other shards, when each parsed its piece of the qrels: that
    /// piece's problems (lines numbered in the whole qrels), which the
    /// first shard's follow.
    pub qrels_errors: Vec<ParseError>,
}

/// How far past its range a shard expects to read for its last query's
/// lines (a query of a thousand lines takes 40-60 KB): the page's stream
/// of a piece stops there (it reads on for a longer query). A browser's
/// stream reads ahead, and what it read past a piece was read for nothing:
/// with each piece's stream running to the file's end, the workers' CPU
/// on a 270 MB run was 2.78 s against 2.42 s before the runs were dealt
/// (medians of eight alternating pairs); cut here, 2.80 against 2.83 s.
const PAST_THE_END: u64 = 256 << 10;

struct RunJob<'a> {
    /// The buffer a streamed run is read into: one for every piece a
    /// shard reads (a dealt shard reads many).
    buffer: std::cell::RefCell<Vec<u8>>,
    judgments: ShardJudgments<'a>,
    conventions: &'a Conventions,
    context: EvalContext,
    metrics: &'a [Metric],
}

impl RunJob<'_> {
    #[cfg_attr(speed_marks, optimize(speed))]
    fn score(&self, name: &str, chunk: &QueryChunk) -> ScoredQuery {
        let judged = self.judgments.query(&chunk.qid);
        judge_chunk_against(name, judged.as_deref(), self.conventions, chunk).map(|r| {
            let values = query_values(&r, &self.context, self.metrics);
            QueryResult::new(chunk.qid.clone(), values, &r, false).with_ranges(
                self.metrics,
                &r,
                &self.context,
            )
        })
    }

    /// Streams the shard's part of a run.
    async fn stream(
        &self,
        file: &LoadedFile,
        open: &mut Open<'_>,
        meter: &mut Meter<'_>,
        shard: Shard,
    ) -> Result<ShardRun, ParseError> {
        let (begin, end) = shard.range(file.bytes());
        let score = |chunk: &QueryChunk| self.score(&file.name, chunk);
        let mut state = ShardLines::new(&score, &file.name, shard, file.bytes());
        let mut reader = open(file, state.at());
        // The range, and its last query's lines past it.
        reader.stop_near(end.saturating_add(PAST_THE_END));
        // Taken while it reads (given back at the end), so no borrow is
        // held across a read's wait.
        let mut buf = std::mem::take(&mut *self.buffer.borrow_mut());
        buf.resize(READ_CHUNK, 0);
        let mut lines = ByteLines::from_offset(state.at());
        let (read_before, queries_before) = (meter.now.bytes_read, meter.now.queries);
        while !state.done() {
            let n = reader
                .read(&mut buf)
                .await
                .map_err(|e| unreadable(file, &e.to_string()))?;
            if n == 0 {
                break;
            }
            lines.push(&buf[..n], |line, raw| state.line(line, raw));
            meter.now.queries = queries_before + state.queries();
            meter.now.bytes_read = read_before + state.at().clamp(begin, end) - begin;
            meter.read(0);
        }
        if !state.done() {
            lines.finish(|line, raw| state.line(line, raw));
        }
        *self.buffer.borrow_mut() = buf;
        Ok(state.finish())
    }

    /// A run read whole (not grouped by query, or not TREC).
    fn whole(&self, file: &LoadedFile, kind: InputKind, text: &str) -> RunOutcome {
        let run = parse_run_as(kind.format, &file.name, text);
        let judged = judge(&self.judgments.qrels(), &run, self.conventions);
        let mut out = RunOutcome::from_judged(&file.name, run.runid, &judged, self.metrics);
        out.several_tags = run.several_tags;
        out.errors.splice(0..0, run.errors.iter().cloned());
        ParseError::sort_by_line(&mut out.errors);
        out
    }
}

/// How a shard shares its work with the other shards (the page's
/// workers). Alone ([`Sharing::alone`]), it parses the qrels whole and
/// reads its own byte range of each streamed run.
pub struct Sharing<'a> {
    /// How it comes by the qrels' judgments.
    pub qrels: QrelsHandover<'a>,
    /// How it comes by the parts of the streamed runs it reads.
    pub runs: RunDealing<'a>,
}

impl Sharing<'_> {
    /// Parsing the qrels whole, reading its own byte range of each run.
    pub fn alone() -> Self {
        Sharing {
            qrels: QrelsHandover::Parse,
            runs: RunDealing::Own,
        }
    }
}

/// Evaluates one shard's share of the files (see [`Shard`]), reading big
/// files in chunks through `open` and telling `tell` how far it got after
/// each chunk. [`finish`] puts the shards' replies together. Its reads are
/// awaited: run it with [`block_on`](super::block_on) over sources that
/// never wait.
pub async fn evaluate_shard(
    files: &[LoadedFile],
    open: &mut Open<'_>,
    metrics: &[Metric],
    options: &EvalOptions,
    shard: Shard,
    tell: &mut dyn FnMut(&Progress),
) -> ShardReply {
    let alone = Sharing::alone();
    evaluate_shard_handing(files, open, metrics, options, shard, alone, tell).await
}

/// [`evaluate_shard`], sharing the work as `sharing` says (each shard
/// parsing its piece of the qrels and gathering the others', the runs'
/// pieces dealt as shards finish them): the results are the same.
///
/// The evaluation comes boxed, so that its code is compiled once however
/// many places await it (the worker's requests and its rehearsal, see
/// [`rehearse`](super::rehearse)): awaited as it is, each place had a copy.
pub fn evaluate_shard_handing<'a>(
    files: &'a [LoadedFile],
    open: &'a mut Open<'_>,
    metrics: &'a [Metric],
    options: &'a EvalOptions,
    shard: Shard,
    sharing: Sharing<'a>,
    tell: &'a mut dyn FnMut(&Progress),
) -> Pin<Box<dyn Future<Output = ShardReply> + 'a>> {
    Box::pin(handing(files, open, metrics, options, shard, sharing, tell))
}

/// [`evaluate_shard_handing`]'s work.
async fn handing(
    files: &[LoadedFile],
    open: &mut Open<'_>,
    metrics: &[Metric],
    options: &EvalOptions,
    shard: Shard,
    sharing: Sharing<'_>,
    tell: &mut dyn FnMut(&Progress),
) -> ShardReply {
    let Sharing {
        qrels: handover,
        runs: mut dealing,
    } = sharing;
    let first = shard.index == 0;
    let mut reply = ShardReply::default();
    let roles = file_roles(files);
    if first {
        describe_files(files, &roles, &mut reply.base);
    }
    if let Some((j, reading)) = roles.judgment_table(options) {
        // Preference and judgment-group measures read each run whole, in
        // the first shard only.
        if first {
            judgment_table_shard(j, reading, &roles.runs, open, options, &mut reply.base).await;
        }
        if reading != JudgmentReading::QrelsAsPreferences {
            return reply;
        }
    }
    let Some((qrels_file, qrels_kind)) = roles.qrels else {
        if !roles.runs.is_empty() && first {
            reply.base.warnings.push(Warning::NoQrels);
        }
        return reply;
    };
    let mut meter = Meter {
        now: Progress {
            file: qrels_file.name.clone(),
            bytes_total: roles
                .runs
                .iter()
                .map(|&(f, k)| match (streams(f, k), first) {
                    (true, _) => {
                        let (b, e) = shard.range(f.bytes());
                        e - b
                    }
                    (false, true) => f.bytes(),
                    (false, false) => 0,
                })
                .sum::<u64>()
                + if first { qrels_file.bytes() } else { 0 },
            ..Progress::default()
        },
        tell,
    };
    let mut quiet = |_: &Progress| {};
    let mut qrels_meter = Meter {
        now: Progress::default(),
        tell: &mut quiet,
    };
    let qrels_text = match read_whole(
        qrels_file,
        open,
        if first { &mut meter } else { &mut qrels_meter },
    )
    .await
    {
        Ok(t) => t,
        Err(e) => {
            reply.base.errors.push(e);
            return reply;
        }
    };
    let mut gathered = Vec::new();
    let (name, format) = (&qrels_file.name, qrels_kind.format);
    let split = split_qrels(name, format, &qrels_text, shard, handover, &mut gathered).await;
    // The pieces' judgments, or (not split, or the pieces do not join)
    // the whole text parsed.
    let pieces = split.as_ref().and_then(|_| tables(&gathered, shard.count));
    let whole = pieces
        .is_none()
        .then(|| parse_qrels_as(format, name, &qrels_text));
    let (judgments, errors) = match (pieces, &whole, &split) {
        (Some(tables), _, Some(errors)) => (ShardJudgments::Pieces(tables), errors),
        (_, Some(qrels), _) => (ShardJudgments::Parsed(qrels), &qrels.errors),
        _ => unreachable!("parsed whole when not split"),
    };
    let split = matches!(judgments, ShardJudgments::Pieces(_));
    let conventions = options.conventions;
    let job = RunJob {
        buffer: Default::default(),
        context: judgments.context(),
        judgments,
        conventions: &conventions,
        metrics,
    };
    reply.max_grade = job.context.max_grade;
    if !first && split {
        // This shard's piece's problems; the first shard reports the rest.
        reply.qrels_errors = errors.clone();
    }
    if first {
        reply.base.errors.extend(errors.iter().cloned());
        let largest = job.judgments.max_grade();
        check_grade_scale(&mut reply.base, &qrels_file.name, largest, options);
        let qids = job.judgments.qids();
        if conventions.missing_queries == MissingQueries::ScoreZero {
            reply.zero_rows = qids
                .iter()
                .filter_map(|qid| Some((qid, job.judgments.query(qid)?)))
                .map(|(qid, judged)| {
                    let r = missing_query_ranking(&judged, &conventions);
                    let values = query_values(&r, &job.context, metrics);
                    QueryResult::new(qid.to_string(), values, &r, true)
                })
                .collect();
        }
        reply.qrels_qids = qids.into_iter().map(str::to_string).collect();
    }
    for &(file, kind) in &roles.runs {
        meter.now.file = file.name.clone();
        let whole_run = |read: Result<String, ParseError>| match read {
            Ok(text) => RunPiece::Whole(job.whole(file, kind, &text)),
            Err(e) => RunPiece::Failed(e),
        };
        let piece = if streams(file, kind) && matches!(dealing, RunDealing::Dealt { .. }) {
            RunPiece::Dealt
        } else if streams(file, kind) {
            let before = meter.now.bytes_read;
            match job.stream(file, open, &mut meter, shard).await {
                Err(e) if first => RunPiece::Failed(e),
                Err(_) => RunPiece::Elsewhere,
                // One shard: an ungrouped run is read whole here.
                Ok(part) if part.ungrouped && shard.count == 1 => {
                    let line = part.lines;
                    meter.now.bytes_read = before;
                    match whole_run(read_whole(file, open, &mut meter).await) {
                        RunPiece::Failed(mut e) => {
                            e.line = line;
                            e.expected = Box::new(Expected::GroupedOrSmall {
                                limit: WHOLE_TEXT_LIMIT,
                                size: file.bytes(),
                            });
                            e.found.clear();
                            RunPiece::Failed(e)
                        }
                        whole => whole,
                    }
                }
                Ok(part) => RunPiece::Streamed(part),
            }
        } else if first {
            whole_run(read_whole(file, open, &mut meter).await)
        } else {
            RunPiece::Elsewhere
        };
        reply.runs.push(piece);
    }
    if let RunDealing::Dealt { deal, dealer } = &mut dealing {
        let mut item = (shard.index < deal.len()).then_some(shard.index);
        let mut done = None;
        while let Some((run, piece)) = item.and_then(|i| deal.item(i)) {
            // The next piece is asked for now and awaited once this one is read.
            let next = dealer.ask(done.take());
            let (file, _) = roles.runs[run];
            meter.now.file = file.name.clone();
            let part = job.stream(file, open, &mut meter, piece).await;
            item = next.await;
            done = Some(DealtPart { run, piece, part });
        }
        if let Some(last) = done {
            dealer.hand_in(last);
        }
    }
    reply
}

/// The first shard's work when the judgments are preferences or judgment
/// groups: the judgments and every run read whole, then the table of
/// their measures.
async fn judgment_table_shard(
    judgments: &LoadedFile,
    reading: JudgmentReading,
    runs: &[(&LoadedFile, InputKind)],
    open: &mut Open<'_>,
    options: &EvalOptions,
    part: &mut SourceResults,
) {
    let mut quiet = |_: &Progress| {};
    let mut meter = Meter {
        now: Progress::default(),
        tell: &mut quiet,
    };
    let jtext = match read_whole(judgments, open, &mut meter).await {
        Ok(t) => t,
        Err(e) => return part.errors.push(e),
    };
    let mut texts = Vec::new();
    for &(f, k) in runs {
        match read_whole(f, open, &mut meter).await {
            Ok(t) => texts.push((f.name.as_str(), t, k)),
            Err(e) => part.errors.push(e),
        }
    }
    let borrowed: Vec<(&str, &str, InputKind)> =
        texts.iter().map(|(n, t, k)| (*n, t.as_str(), *k)).collect();
    evaluate_judgment_table((&judgments.name, &jtext, reading), &borrowed, options, part);
}

/// Puts the shards' replies (in shard order) and the dealt pieces' parts
/// (in any order; none when each shard read its own range) together into
/// the page's results: each streamed run's parts joined (line numbers
/// running on), missing queries per the conventions, runs in load order.
pub fn finish(
    mut replies: Vec<ShardReply>,
    dealt: Vec<DealtPart>,
    metrics: &[Metric],
    options: &EvalOptions,
) -> Result<SourceResults, Ungrouped> {
    let mut dealt = dealt;
    // Each run's pieces in order, a run's last piece first out.
    dealt.sort_by_key(|d| std::cmp::Reverse((d.run, d.piece.index)));
    let mut pieces: Vec<Vec<RunPiece>> = replies
        .iter_mut()
        .map(|r| std::mem::take(&mut r.runs))
        .collect();
    let Some(first) = replies.first_mut() else {
        return Ok(SourceResults::default());
    };
    let mut part = std::mem::take(&mut first.base);
    // The qrels' problems, piece by piece (the first shard's are in its
    // base, last there).
    for r in replies.iter_mut().skip(1) {
        part.errors.append(&mut r.qrels_errors);
    }
    for k in 0..pieces[0].len() {
        match std::mem::replace(&mut pieces[0][k], RunPiece::Elsewhere) {
            RunPiece::Whole(outcome) => add_run(&mut part, outcome, metrics, options),
            RunPiece::Failed(e) => part.errors.push(e),
            RunPiece::Elsewhere => {}
            RunPiece::Streamed(mine) => {
                let parts = std::iter::once(mine).chain(pieces[1..].iter_mut().map(|p| {
                    match p
                        .get_mut(k)
                        .map(|x| std::mem::replace(x, RunPiece::Elsewhere))
                    {
                        Some(RunPiece::Streamed(p)) => p,
                        _ => ShardRun {
                            ungrouped: true,
                            ..ShardRun::default()
                        },
                    }
                }));
                let outcome = joined(parts.collect(), &replies[0], options)?;
                add_run(&mut part, outcome, metrics, options);
            }
            RunPiece::Dealt => match dealt_parts(&mut dealt, k)? {
                Ok(parts) => {
                    let outcome = joined(parts, &replies[0], options)?;
                    add_run(&mut part, outcome, metrics, options);
                }
                Err(e) => part.errors.push(e),
            },
        }
    }
    Ok(part)
}

/// Run `run`'s dealt parts, in piece order, taken off the end of `dealt`
/// (sorted by [`finish`]): every piece once, or [`Ungrouped`] (read it
/// again with one shard); or the first piece's problem that kept the run
/// from being read.
fn dealt_parts(
    dealt: &mut Vec<DealtPart>,
    run: usize,
) -> Result<Result<Vec<ShardRun>, ParseError>, Ungrouped> {
    let mut parts = Vec::new();
    while dealt.last().is_some_and(|d| d.run == run) {
        parts.extend(dealt.pop());
    }
    let whole = parts.first().map_or(0, |d| d.piece.count);
    let every_piece_once = parts.iter().enumerate().all(|(i, d)| {
        d.piece
            == Shard {
                index: i,
                count: whole,
            }
    });
    if parts.len() != whole || whole == 0 || !every_piece_once {
        return Err(Ungrouped);
    }
    Ok(parts.into_iter().map(|d| d.part).collect())
}

/// A streamed run's parts (in file order) joined and put together.
fn joined(
    parts: Vec<ShardRun>,
    first: &ShardReply,
    options: &EvalOptions,
) -> Result<RunOutcome, Ungrouped> {
    let name = parts.first().map(|p| p.name.clone()).unwrap_or_default();
    let queries = join(parts)?.queries;
    Ok(assemble(&name, queries, first, options))
}

/// Puts a streamed run's queries together as [`judge`] does: missing
/// queries per the conventions, queries in qid order, problems in file
/// order.
fn assemble(
    name: &str,
    queries: Vec<ScoredQuery>,
    first: &ShardReply,
    options: &EvalOptions,
) -> RunOutcome {
    let t = tally(queries);
    let missing = t.lacking(first.qrels_qids.iter().map(String::as_str));
    let present = &t.present;
    let zero_rows: Vec<QueryResult> = first
        .zero_rows
        .iter()
        .filter(|r| !present.contains(&r.id))
        .cloned()
        .collect();
    let mut out = RunOutcome {
        name: name.to_string(),
        max_grade: first.max_grade,
        queries: t.results,
        run_only_queries: t.run_only_queries,
        repeated_lines: t.repeated_lines,
        tied_queries: t.tied_queries,
        errors: t.errors,
        refused: t.refused,
        runid: t.runid,
        several_tags: t.several_tags,
        ..RunOutcome::default()
    };
    if options.conventions.missing_queries == MissingQueries::ScoreZero && !out.refused {
        out.queries.extend(zero_rows);
    }
    out.missing_queries = missing.into_iter().map(str::to_string).collect();
    out.queries
        .sort_by(|a, b| a.id.as_bytes().cmp(b.id.as_bytes()));
    out
}

/// Evaluates every run against the first qrels file with one shard.
pub async fn evaluate_streamed(
    files: &[LoadedFile],
    open: &mut Open<'_>,
    metrics: &[Metric],
    options: &EvalOptions,
    tell: &mut dyn FnMut(&Progress),
) -> SourceResults {
    let reply = evaluate_shard(files, open, metrics, options, Shard::WHOLE, tell).await;
    finish(vec![reply], Vec::new(), metrics, options).expect("one shard reads ungrouped runs whole")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conventions::{DuplicatePolicy, MissingQueries};
    use crate::session::evaluate_files;
    use crate::session::files::BigFile;
    use crate::session::test_support::shared;
    use crate::session::warning::Refusal;

    use crate::session::dealing::{Deal, Dealer, NextPiece};
    use crate::session::reading::{block_on, ByteSource, ByteSourceRead, Ready};
    use crate::session::shard_lines::LOOKBEHIND;
    use std::cell::RefCell;
    use std::future::Future;
    use std::pin::Pin;
    use std::task::{Context, Poll, Waker};

    /// Hands out a few bytes per read, so lines and characters straddle
    /// the reads, and makes every read wait once, as a browser's stream
    /// does.
    struct Trickle(Vec<u8>, usize);

    impl ByteSource for Trickle {
        fn read<'a>(&'a mut self, buf: &'a mut [u8]) -> ByteSourceRead<'a> {
            let mut waited = false;
            Box::pin(std::future::poll_fn(move |cx| {
                if !waited {
                    waited = true;
                    cx.waker().wake_by_ref();
                    return Poll::Pending;
                }
                let n = buf.len().min(7).min(self.0.len() - self.1);
                buf[..n].copy_from_slice(&self.0[self.1..self.1 + n]);
                self.1 += n;
                Poll::Ready(Ok(n))
            }))
        }
    }

    /// Polls `future` until it is done (its reads wait, so [`block_on`]
    /// would refuse it).
    fn wait_for<F: Future>(future: F) -> F::Output {
        let mut future = std::pin::pin!(future);
        let mut cx = Context::from_waker(Waker::noop());
        loop {
            if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
                return out;
            }
        }
    }

    #[test]
    #[should_panic(expected = "a source waited")]
    fn block_on_refuses_a_source_that_waits() {
        let files = [
            big("qrels", "q 0 d 1\n", 40 << 20),
            big("run", "q Q0 d 1 1 t\n", 40 << 20),
        ];
        let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
            Box::new(Trickle(f.text.as_bytes().to_vec(), from as usize))
        };
        block_on(evaluate_streamed(
            &files,
            &mut open,
            &metrics(),
            &EvalOptions::default(),
            &mut |_| {},
        ));
    }

    fn big(name: &str, text: &str, bytes: u64) -> LoadedFile {
        LoadedFile {
            name: name.into(),
            text: text.into(),
            big: Some(BigFile {
                key: name.into(),
                bytes,
            }),
        }
    }

    fn streamed(files: &[LoadedFile], options: &EvalOptions) -> (SourceResults, Vec<Progress>) {
        let mut seen = Vec::new();
        let metrics = metrics();
        let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
            Box::new(Trickle(f.text.as_bytes().to_vec(), from as usize))
        };
        let part = wait_for(evaluate_streamed(
            files,
            &mut open,
            &metrics,
            options,
            &mut |p| seen.push(p.clone()),
        ));
        (part, seen)
    }

    /// The files evaluated by `count` shards, put together.
    fn sharded(
        files: &[LoadedFile],
        options: &EvalOptions,
        count: usize,
    ) -> Result<SourceResults, Ungrouped> {
        let metrics = metrics();
        let replies: Vec<ShardReply> = (0..count)
            .map(|index| {
                let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
                    Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from))
                };
                block_on(evaluate_shard(
                    files,
                    &mut open,
                    &metrics,
                    options,
                    Shard { index, count },
                    &mut |_| {},
                ))
            })
            .collect();
        finish(replies, Vec::new(), &metrics, options)
    }

    #[test]
    fn preference_judgments_with_a_big_run_are_read_whole_once() {
        use crate::session::test_support::{file, shared};
        let files = [
            file("prefs.test", &shared("prefs.test")),
            big(
                "prefs.results.test",
                &shared("prefs.results.test"),
                40 << 20,
            ),
        ];
        let whole = crate::session::evaluate_files(
            &[
                files[0].clone(),
                file("prefs.results.test", &shared("prefs.results.test")),
            ],
            &metrics(),
            &EvalOptions::default(),
        );
        for count in [1, 3] {
            let part = sharded(&files, &EvalOptions::default(), count).unwrap();
            assert!(part.errors.is_empty(), "{:?}", part.errors);
            assert_eq!(part.judgment_table, whole.judgment_table, "{count} shards");
        }
        assert_eq!(whole.judgment_table.unwrap().systems.len(), 1);
    }

    /// A seeded run of a few megabytes (several shards' lookbehind) with
    /// comments, blank lines, a bad line and queries of very different
    /// sizes, one of them longer than a shard's range.
    fn long_run() -> (String, String) {
        let mut x: u64 = 7;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let (mut run, mut qrels) = (String::new(), String::new());
        for q in 0..400 {
            let docs = if q == 150 { 60_000 } else { 20 + next(300) };
            if q % 37 == 0 {
                run.push_str("# a comment between queries\n\n");
            }
            for d in 0..docs {
                run.push_str(&format!(
                    "q{q:03} Q0 d{d} {} {}.{} t\n",
                    d + 1,
                    docs - d,
                    next(10)
                ));
                if q == 250 && d == 3 {
                    run.push_str("q250 Q0 oops 5 not-a-score t\n");
                }
            }
            for k in 0..30 {
                qrels.push_str(&format!("q{q:03} 0 d{} {}\n", (k * 13 + q) % 400, next(4)));
            }
        }
        qrels.push_str("q999 0 dx 1\n");
        (run, qrels)
    }

    #[test]
    fn shards_together_give_what_one_reading_gives() {
        let (run, qrels) = long_run();
        assert!(run.len() as u64 > 3 * LOOKBEHIND, "{} bytes", run.len());
        for missing in [MissingQueries::Skip, MissingQueries::ScoreZero] {
            let s = settings(missing);
            let whole = [
                LoadedFile::whole("qrels", qrels.clone()),
                LoadedFile::whole("run", run.clone()),
            ];
            let expected = evaluate_files(&whole, &metrics(), &s);
            assert_eq!(expected.errors.len(), 1);
            let files = [
                LoadedFile::whole("qrels", qrels.clone()),
                big("run", &run, run.len() as u64),
            ];
            for count in 1..=5 {
                let part = sharded(&files, &s, count).unwrap();
                assert_eq!(part.systems, expected.systems, "{count} shards");
                assert_eq!(part.errors, expected.errors, "{count} shards");
                assert_eq!(part.warnings, expected.warnings, "{count} shards");
            }
        }
    }

    /// What reaches the shards of the pieces given (a test may spoil it).
    type Deliver = fn(Vec<Vec<u8>>) -> Vec<Vec<u8>>;

    /// How one shard gives its piece.
    type Give<'a> = Box<dyn FnMut(&[u8]) + 'a>;

    /// The other shards' pieces for shard `index`, once all were given
    /// (what the page does between its workers), changed by `deliver`.
    struct GatherAll<'a> {
        given: &'a RefCell<Vec<Option<Vec<u8>>>>,
        index: usize,
        deliver: Deliver,
    }

    impl Future for GatherAll<'_> {
        type Output = Vec<Vec<u8>>;
        fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Vec<Vec<u8>>> {
            let given = self.given.borrow();
            let others = given
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != self.index)
                .map(|(_, piece)| piece.clone());
            match (given.iter().all(Option::is_some), others.collect()) {
                (true, Some(others)) => Poll::Ready((self.deliver)(others)),
                _ => Poll::Pending,
            }
        }
    }

    /// The dealt pieces as the page keeps them: the next item no shard
    /// has taken, and the parts read.
    struct Table {
        next: usize,
        len: usize,
        parts: Vec<DealtPart>,
    }

    /// One shard's dealer: it takes the part and gives the next item
    /// after a wait (so the other shards run meanwhile, as workers do).
    struct TableDealer<'a>(&'a RefCell<Table>);

    impl Dealer for TableDealer<'_> {
        fn hand_in(&mut self, done: DealtPart) {
            self.0.borrow_mut().parts.push(done);
        }

        fn ask(&mut self, done: Option<DealtPart>) -> NextPiece<'_> {
            let mut table = self.0.borrow_mut();
            table.parts.extend(done);
            let item = (table.next < table.len).then_some(table.next);
            table.next += 1;
            let mut waited = false;
            Box::pin(std::future::poll_fn(move |_| {
                if std::mem::replace(&mut waited, true) {
                    Poll::Ready(item)
                } else {
                    Poll::Pending
                }
            }))
        }
    }

    /// The files evaluated by `count` shards at once, each parsing its
    /// piece of the qrels and gathering every shard's through `deliver`,
    /// polled in turn as the page's workers run side by side, the runs
    /// read in dealt pieces of about `piece_bytes` when given; with the
    /// count of qrels problems that shards other than the first reported
    /// (none unless the pieces were used), and of the dealt parts.
    fn in_pieces(
        files: &[LoadedFile],
        options: &EvalOptions,
        count: usize,
        deliver: Deliver,
        piece_bytes: Option<u64>,
    ) -> (SourceResults, usize, usize) {
        let metrics = metrics();
        let deal = piece_bytes.map(|b| Deal::cut(files, count, b));
        let table = RefCell::new(Table {
            next: count,
            len: deal.as_ref().map_or(0, Deal::len),
            parts: Vec::new(),
        });
        let mut dealers: Vec<TableDealer<'_>> = (0..count).map(|_| TableDealer(&table)).collect();
        let given = RefCell::new(vec![None; count]);
        let mut gives: Vec<Give<'_>> = (0..count)
            .map(|i| {
                let given = &given;
                Box::new(move |bytes: &[u8]| given.borrow_mut()[i] = Some(bytes.to_vec())) as Box<_>
            })
            .collect();
        let mut opens: Vec<_> = (0..count)
            .map(|_| {
                |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
                    Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from))
                }
            })
            .collect();
        let mut tells: Vec<_> = (0..count).map(|_| |_: &Progress| {}).collect();
        let mut shards: Vec<Pin<Box<dyn Future<Output = ShardReply> + '_>>> = gives
            .iter_mut()
            .zip(opens.iter_mut())
            .zip(tells.iter_mut())
            .zip(dealers.iter_mut())
            .enumerate()
            .map(|(index, (((give, open), tell), dealer))| {
                let handover = QrelsHandover::Pieces {
                    give: &mut **give,
                    gather: Box::pin(GatherAll {
                        given: &given,
                        index,
                        deliver,
                    }),
                };
                let shard = Shard { index, count };
                let sharing = Sharing {
                    qrels: handover,
                    runs: match &deal {
                        Some(deal) => RunDealing::Dealt {
                            deal: deal.clone(),
                            dealer,
                        },
                        None => RunDealing::Own,
                    },
                };
                Box::pin(evaluate_shard_handing(
                    files, open, &metrics, options, shard, sharing, tell,
                )) as Pin<Box<dyn Future<Output = ShardReply> + '_>>
            })
            .collect();
        let mut replies: Vec<Option<ShardReply>> = vec![None; count];
        let mut cx = Context::from_waker(Waker::noop());
        for _ in 0..1000 {
            for (reply, shard) in replies.iter_mut().zip(shards.iter_mut()) {
                if reply.is_none() {
                    if let Poll::Ready(r) = shard.as_mut().poll(&mut cx) {
                        *reply = Some(r);
                    }
                }
            }
            if replies.iter().all(Option::is_some) {
                drop(shards);
                let replies: Vec<ShardReply> = replies.into_iter().flatten().collect();
                let others = replies[1..].iter().map(|r| r.qrels_errors.len()).sum();
                let parts = std::mem::take(&mut table.borrow_mut().parts);
                let dealt = parts.len();
                let part = finish(replies, parts, &metrics, options).unwrap();
                return (part, others, dealt);
            }
        }
        panic!("the shards never finished");
    }

    /// `qrels` with a bad line, a grade above the others and a problem
    /// in each part of it.
    fn qrels_with_problems(qrels: &str) -> String {
        let lines: Vec<&str> = qrels.lines().collect();
        let (a, b) = lines.split_at(lines.len() / 3);
        let (b, c) = b.split_at(b.len() / 2);
        format!(
            "q001 0 d1 x\n{}\nq100 0 d1\n{}\nq200 0 d2 1 extra\n{}\nq002 0 dz 9\n",
            a.join("\n"),
            b.join("\n"),
            c.join("\n")
        )
    }

    #[test]
    fn judgments_parsed_in_pieces_give_what_one_parse_gives() {
        let (run, qrels) = long_run();
        let qrels = qrels_with_problems(&qrels);
        for missing in [MissingQueries::Skip, MissingQueries::ScoreZero] {
            let s = settings(missing);
            let files = [
                big("qrels", &qrels, qrels.len() as u64),
                big("run", &run, run.len() as u64),
            ];
            let expected = sharded(&files, &s, 1).unwrap();
            // The qrels' three problems, located in the whole file, then the run's.
            let lines: Vec<usize> = expected.errors.iter().map(|e| e.line).collect();
            assert_eq!(lines.len(), 4, "{lines:?}");
            assert_eq!(
                (expected.errors[0].line, expected.errors[0].column),
                (1, 11)
            );
            for count in 1..=5 {
                let (part, others, _) = in_pieces(&files, &s, count, |others| others, None);
                assert_eq!(others > 0, count > 1, "{count} shards");
                assert!(!part.systems[0].queries.is_empty());
                assert_eq!(part.systems, expected.systems, "{count} shards");
                assert_eq!(part.errors, expected.errors, "{count} shards");
                assert_eq!(part.warnings, expected.warnings, "{count} shards");
            }
        }
    }

    #[test]
    fn runs_dealt_in_pieces_give_what_one_reading_gives() {
        let (run, qrels) = long_run();
        let qrels = qrels_with_problems(&qrels);
        let files = [
            big("qrels", &qrels, qrels.len() as u64),
            big("run", &run, run.len() as u64),
            LoadedFile::whole("small", "q001 Q0 d1 1 3 s\nq001 Q0 d2 2 2 s\n"),
            big("again", &run, run.len() as u64),
        ];
        // Pieces smaller than a query (q150's 60,000 lines) and than the
        // lookbehind, larger than it, and one per shard.
        for (missing, count, piece_bytes) in [
            (MissingQueries::Skip, 2, 150_000),
            (MissingQueries::ScoreZero, 3, 700_000),
            (MissingQueries::Skip, 1, 700_000),
            (MissingQueries::ScoreZero, 4, 1 << 30),
        ] {
            let s = settings(missing);
            let expected = sharded(&files, &s, 1).unwrap();
            assert_eq!(expected.systems.len(), 3);
            let deal = Deal::cut(&files, count, piece_bytes);
            let (part, _, dealt) = in_pieces(&files, &s, count, |others| others, Some(piece_bytes));
            let case = format!("{count} shards, pieces of {piece_bytes} bytes");
            assert_eq!(dealt, deal.len(), "{case}");
            assert!(dealt >= 2 * count, "{case}");
            assert_eq!(part.systems, expected.systems, "{case}");
            assert_eq!(part.errors, expected.errors, "{case}");
            assert_eq!(part.warnings, expected.warnings, "{case}");
        }
    }

    #[test]
    fn dealt_parts_missing_or_twice_ask_for_one_reading_and_a_failed_one_is_told() {
        let piece = |run, index, count| DealtPart {
            run,
            piece: Shard { index, count },
            part: Ok(ShardRun::default()),
        };
        let sorted = |mut parts: Vec<DealtPart>| {
            parts.sort_by_key(|d| std::cmp::Reverse((d.run, d.piece.index)));
            parts
        };
        let mut all = sorted(vec![
            piece(2, 1, 2),
            piece(0, 1, 2),
            piece(0, 0, 2),
            piece(2, 0, 2),
        ]);
        assert_eq!(dealt_parts(&mut all, 0).unwrap().unwrap().len(), 2);
        assert_eq!(dealt_parts(&mut all, 2).unwrap().unwrap().len(), 2);
        assert!(all.is_empty());
        for parts in [
            vec![piece(0, 1, 3), piece(0, 0, 3)],
            vec![piece(0, 0, 2), piece(0, 0, 2)],
            vec![piece(0, 0, 2), piece(0, 1, 2), piece(0, 1, 2)],
            vec![piece(0, 0, 1), piece(0, 1, 2)],
            vec![],
        ] {
            let mut parts = sorted(parts);
            assert_eq!(dealt_parts(&mut parts, 0), Err(Ungrouped));
        }
        let file = LoadedFile::whole("run", "");
        let unreadable = |index: usize| super::unreadable(&file, &format!("piece {index}"));
        let mut parts = vec![piece(0, 0, 3), piece(0, 1, 3), piece(0, 2, 3)];
        parts[1].part = Err(unreadable(1));
        parts[2].part = Err(unreadable(2));
        let mut parts = sorted(parts);
        assert_eq!(dealt_parts(&mut parts, 0), Ok(Err(unreadable(1))));
    }

    #[test]
    fn a_docid_judged_in_two_pieces_is_placed_by_one_parse() {
        let (run, qrels) = long_run();
        // q000's first judgment again at the end: in another piece.
        let first = qrels.lines().next().unwrap();
        assert!(first.starts_with("q000 "));
        let qrels = format!("{qrels}{first}\n");
        let s = settings(MissingQueries::Skip);
        let files = [
            big("qrels", &qrels, qrels.len() as u64),
            big("run", &run, run.len() as u64),
        ];
        let expected = sharded(&files, &s, 1).unwrap();
        let repeat = &expected.errors[0];
        assert_eq!(repeat.line, qrels.lines().count());
        assert!(matches!(
            *repeat.expected,
            Expected::JudgedOnce { first_line: 1, .. }
        ));
        for count in 2..=4 {
            let (part, others, _) = in_pieces(&files, &s, count, |others| others, None);
            assert_eq!(
                others, 0,
                "{count} shards: the first reports the whole parse's"
            );
            assert_eq!(part.systems, expected.systems, "{count} shards");
            assert_eq!(part.errors, expected.errors, "{count} shards");
        }
    }

    #[test]
    fn pieces_that_do_not_read_or_do_not_come_are_set_aside() {
        let (run, qrels) = long_run();
        let qrels = qrels_with_problems(&qrels);
        let files = [
            big("qrels", &qrels, qrels.len() as u64),
            big("run", &run, run.len() as u64),
        ];
        let s = settings(MissingQueries::ScoreZero);
        let expected = sharded(&files, &s, 1).unwrap();
        let spoilt: [Deliver; 3] = [
            |_| Vec::new(),
            |mut others| {
                others[1] = b"not judgments".to_vec();
                others
            },
            |mut others| {
                others.pop();
                others
            },
        ];
        for deliver in spoilt {
            let (part, others, _) = in_pieces(&files, &s, 3, deliver, None);
            assert_eq!(others, 0);
            assert_eq!(part.systems, expected.systems);
            assert_eq!(part.errors, expected.errors);
            assert_eq!(part.warnings, expected.warnings);
        }
    }

    #[test]
    fn a_query_in_two_shards_asks_for_one_reading() {
        let (run, qrels) = long_run();
        // q010's lines again at the end: the run is not grouped.
        let again: String = run
            .lines()
            .filter(|l| l.starts_with("q010 "))
            .map(|l| format!("{l}\n"))
            .collect();
        let run = format!("{run}{again}");
        // Its lines repeat q010's docids: keep the last so there are numbers
        // to compare (under "refuse" the run has none, tested in the core).
        let mut s = settings(MissingQueries::Skip);
        s.conventions.duplicates = DuplicatePolicy::KeepLast;
        let files = [
            LoadedFile::whole("qrels", qrels.clone()),
            big("run", &run, run.len() as u64),
        ];
        assert_eq!(sharded(&files, &s, 3), Err(Ungrouped));
        let whole = [
            LoadedFile::whole("qrels", qrels),
            LoadedFile::whole("run", run.clone()),
        ];
        let expected = evaluate_files(&whole, &metrics(), &s);
        assert!(expected.systems[0].queries.len() > 10);
        assert_eq!(sharded(&files, &s, 1).unwrap().systems, expected.systems);
    }

    fn settings(missing: MissingQueries) -> EvalOptions {
        EvalOptions {
            conventions: crate::conventions::Conventions {
                missing_queries: missing,
                ..crate::conventions::Conventions::default()
            },
            ..EvalOptions::default()
        }
    }

    /// The measures of the streamed tests: the app's defaults and a few
    /// more at other depths.
    fn metrics() -> Vec<Metric> {
        [
            "RR",
            "AP",
            "nDCG@10",
            "P@10",
            "R@10",
            "R@1000",
            "P@5",
            "ERR@20",
            "RBP(p=0.8)",
        ]
        .iter()
        .map(|n| n.parse().expect("a measure name"))
        .collect()
    }

    #[test]
    fn streamed_files_give_what_whole_texts_give() {
        let (run, qrels) = (shared("results.test"), shared("qrels.test"));
        for missing in [MissingQueries::Skip, MissingQueries::ScoreZero] {
            let s = settings(missing);
            let whole = [
                LoadedFile::whole("qrels.test", qrels.clone()),
                LoadedFile::whole("results.test", run.clone()),
            ];
            let expected = evaluate_files(&whole, &metrics(), &s);
            let files = [
                big("qrels.test", &qrels, qrels.len() as u64),
                big("results.test", &run, run.len() as u64),
            ];
            let (part, seen) = streamed(&files, &s);
            assert!(!expected.systems[0].queries.is_empty());
            assert_eq!(part.systems, expected.systems);
            assert_eq!(part.warnings, expected.warnings);
            assert_eq!(part.errors, expected.errors);
            let last = seen.last().unwrap();
            assert_eq!(last.bytes_read, (run.len() + qrels.len()) as u64);
            assert_eq!(last.bytes_total, last.bytes_read);
            assert!(seen.len() > 100, "progress after each read");
            let evaluated = part.systems[0]
                .queries
                .iter()
                .filter(|q| !q.missing)
                .count();
            assert!(seen.iter().any(|p| p.queries > 0 && p.queries < evaluated));
        }
    }

    #[test]
    fn a_byte_order_mark_starting_a_file_changes_no_number_on_any_path() {
        // trec_eval keeps the mark in the first query's id, so with a mark
        // on the qrels only, its first query is judged as unjudged; every
        // path here drops it, as the browser's decoding does.
        let (run, qrels) = (shared("results.test"), shared("qrels.test"));
        let marked = |text: &str| format!("\u{feff}{text}");
        let s = settings(MissingQueries::Skip);
        let plain = [
            LoadedFile::whole("qrels.test", qrels.clone()),
            LoadedFile::whole("results.test", run.clone()),
        ];
        let expected = evaluate_files(&plain, &metrics(), &s);
        assert!(!expected.systems[0].queries.is_empty());
        let whole = [
            LoadedFile::whole("qrels.test", marked(&qrels)),
            LoadedFile::whole("results.test", marked(&run)),
        ];
        assert_eq!(
            evaluate_files(&whole, &metrics(), &s).systems,
            expected.systems
        );
        let big_files = [
            big("qrels.test", &marked(&qrels), qrels.len() as u64 + 3),
            big("results.test", &marked(&run), run.len() as u64 + 3),
        ];
        let (part, _) = streamed(&big_files, &s);
        assert_eq!(part.systems, expected.systems, "streamed");
        assert!(part.errors.is_empty(), "{:?}", part.errors);
        for count in 1..=3 {
            let part = sharded(&big_files, &s, count).unwrap();
            assert_eq!(part.systems, expected.systems, "{count} shards");
        }
    }

    #[test]
    fn a_streamed_run_with_several_tags_is_seen_as_a_whole_one_is() {
        let qrels = shared("qrels.test");
        let one = shared("results.test");
        // The last line's tag changed: two tags in the file.
        let cut = one.trim_end().rfind(char::is_whitespace).unwrap();
        let two = format!("{} other\n", &one[..cut]);
        for (run, several) in [(one, false), (two, true)] {
            let s = settings(MissingQueries::Skip);
            let whole = [
                LoadedFile::whole("qrels.test", qrels.clone()),
                LoadedFile::whole("results.test", run.clone()),
            ];
            let expected = evaluate_files(&whole, &metrics(), &s);
            assert_eq!(expected.systems[0].several_tags, several);
            let files = [
                big("qrels.test", &qrels, qrels.len() as u64),
                big("results.test", &run, run.len() as u64),
            ];
            let (part, _) = streamed(&files, &s);
            assert_eq!(part.systems, expected.systems);
        }
    }

    #[test]
    fn an_ungrouped_run_is_read_whole_or_refused_at_its_line() {
        let qrels = "q1 0 a 1\nq1 0 b 0\nq2 0 c 1\n";
        let run = "q1 Q0 a 1 2 t\nq2 Q0 c 1 2 t\nq1 Q0 b 2 1 t\n";
        let s = settings(MissingQueries::Skip);
        let whole = [
            LoadedFile::whole("qrels", qrels),
            LoadedFile::whole("run", run),
        ];
        let expected = evaluate_files(&whole, &metrics(), &s);
        let (part, _) = streamed(
            &[
                LoadedFile::whole("qrels", qrels),
                big("run", run, run.len() as u64),
            ],
            &s,
        );
        assert_eq!(part.systems, expected.systems);
        // The same run said to be beyond the whole-text limit.
        let (part, _) = streamed(
            &[
                LoadedFile::whole("qrels", qrels),
                big("run", run, WHOLE_TEXT_LIMIT + 1),
            ],
            &s,
        );
        assert!(part.systems.is_empty());
        let e = &part.errors[0];
        assert_eq!((e.input.as_str(), e.line), ("run", 3));
        assert!(
            e.expected.to_string().contains("sort -s -k1,1"),
            "{}",
            e.expected
        );
    }

    #[test]
    fn bad_lines_of_a_streamed_run_keep_their_place() {
        let qrels = "q1 0 a 1\nq2 0 c 1\n";
        let run = "q1 Q0 a 1 2 t\nq1 Q0 b two 1 t\nq2 Q0 c 1 x t\n";
        let s = settings(MissingQueries::Skip);
        let expected = evaluate_files(
            &[
                LoadedFile::whole("qrels", qrels),
                LoadedFile::whole("run", run),
            ],
            &metrics(),
            &s,
        );
        let (part, _) = streamed(
            &[
                LoadedFile::whole("qrels", qrels),
                big("run", run, run.len() as u64),
            ],
            &s,
        );
        assert_eq!(part.errors, expected.errors);
        assert_eq!(
            part.errors.iter().map(|e| e.line).collect::<Vec<_>>(),
            vec![2, 3]
        );
        assert_eq!(part.systems, expected.systems);
    }

    #[test]
    fn a_streamed_run_none_of_whose_lines_reads_is_refused_as_a_whole_one_is() {
        // Every line lacks its tag: none reads. Read whole, such a run is
        // refused with its lines' problems under either convention (under
        // -c its queries would otherwise be zeros, a system that retrieved
        // nothing); streamed, sharded or dealt in pieces, the same.
        let qrels = "q1 0 a 1\nq2 0 c 1\n";
        let run = "q1 Q0 a 1 2\nq1 Q0 b 2 1\nq2 Q0 c 1 3\n";
        for missing in [MissingQueries::Skip, MissingQueries::ScoreZero] {
            let s = settings(missing);
            let whole = [
                LoadedFile::whole("qrels", qrels),
                LoadedFile::whole("run", run),
            ];
            let expected = evaluate_files(&whole, &metrics(), &s);
            // A refused row's means are NaN, which no NaN equals: the rows
            // are compared by what else they hold.
            let rows = |part: &SourceResults| -> Vec<_> {
                part.systems
                    .iter()
                    .map(|r| {
                        assert!(r.means.iter().all(|m| m.is_nan()));
                        (
                            r.name.clone(),
                            r.refused.clone(),
                            r.queries.len(),
                            r.max_grade,
                        )
                    })
                    .collect()
            };
            let want = vec![("run".to_string(), Some(Refusal::NoReadableLines), 0, 1)];
            assert_eq!(rows(&expected), want, "{missing:?}");
            assert_eq!(expected.errors.len(), 3);
            let files = [
                LoadedFile::whole("qrels", qrels),
                big("run", run, run.len() as u64),
            ];
            let (part, _) = streamed(&files, &s);
            assert_eq!(rows(&part), want, "{missing:?}");
            assert_eq!(part.errors, expected.errors, "{missing:?}");
            let part = sharded(&files, &s, 2).unwrap();
            assert_eq!(rows(&part), want, "{missing:?}");
            let (part, _, _) = in_pieces(&files, &s, 2, |others| others, Some(16));
            assert_eq!(rows(&part), want, "{missing:?}");
            assert_eq!(part.errors, expected.errors, "{missing:?}");
        }
    }

    #[test]
    fn big_qrels_beyond_the_limit_get_a_message() {
        let s = settings(MissingQueries::Skip);
        let (part, _) = streamed(
            &[
                big("qrels", "q1 0 a 1\n", WHOLE_TEXT_LIMIT + 1),
                LoadedFile::whole("run", "q1 Q0 a 1 1 t\n"),
            ],
            &s,
        );
        assert!(part.systems.is_empty());
        assert!(
            part.errors[0]
                .expected
                .to_string()
                .contains("at most 192.0 MB"),
            "{}",
            part.errors[0].expected
        );
    }
}
