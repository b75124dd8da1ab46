//! The one whole-run reader: which lines of a grouped run one shard takes,
//! and the shards' parts joined again.
//!
//! A shard takes the lines of the queries whose first line starts in its
//! byte range. It starts reading a little before its range
//! ([`LOOKBEHIND`]) to learn which query is in progress there (that query
//! belongs to the shard before), and reads past its end to finish its last
//! query. The page's workers are its shards (reading a `Blob`, see
//! [`super::shards`]); the command line's threads are its shards (reading
//! the file, see [`ShardLines::read`]). [`join`] puts the parts together
//! in file order, or says the run must be read whole.

use std::io::Read;

use super::results::QueryResult;
use super::stream::{
    line_qid, ChunkEvaluator, ChunkOutcome, QueryChunk, QueryChunker, StreamResult,
};
use crate::byte_lines::{ByteLines, Line};

/// Bytes a shard reads before its range to learn which query is in
/// progress there: the last data line before it, which a run's short lines
/// put a few dozen bytes back. The page's workers read one per dealt piece
/// (see [`super::dealing`]). Where no data line is that close (a comment
/// longer than this), the shard takes the query in progress for a new
/// one, the query turns up in two parts, and [`join`] asks for one reading.
pub const LOOKBEHIND: u64 = 64 << 10;

/// Bytes read at a time by [`ShardLines::read`].
const BLOCK: usize = 1 << 20;

/// Which part of a big TREC run one reader evaluates: `count` readers
/// split a run into byte ranges, and each takes the queries whose first
/// line starts in its range (the one in progress at its start belongs to
/// the reader before). On the page, reader 0 also does everything that is
/// not split.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This reader, from 0.
    pub index: usize,
    /// Readers in all.
    pub count: usize,
}

impl Shard {
    /// One reader doing everything.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The byte range `[begin, end)` this reader owns in a file of `bytes`.
    pub fn range(&self, bytes: u64) -> (u64, u64) {
        let at = |i: usize| bytes * i as u64 / self.count as u64;
        (at(self.index), at(self.index + 1))
    }
}

/// One query of a streamed run, judged and scored for the page. Line
/// numbers count from the first line of the shard's part of the file.
pub type ScoredQuery = ChunkOutcome<QueryResult>;

/// One shard's part of a streamed run: `T` is what each query is scored
/// into (the page's [`QueryResult`], the command line's `TrecRow`).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct ShardRun<T = QueryResult> {
    /// The run's name.
    pub name: String,
    /// Its queries, in file order.
    pub queries: Vec<ChunkOutcome<T>>,
    /// Lines of the file in the shard's part (to number the next part's).
    pub lines: usize,
    /// A query came back after others: the run must be read whole.
    pub ungrouped: bool,
    /// The first of its lines that is not UTF-8 (counted as `lines` are),
    /// when it was read by [`ShardLines::read`], which refuses such lines.
    #[cfg_attr(feature = "serde", serde(default))]
    pub not_text: Option<usize>,
}

impl<T> Default for ShardRun<T> {
    fn default() -> Self {
        ShardRun {
            name: String::new(),
            queries: Vec::new(),
            lines: 0,
            ungrouped: false,
            not_text: None,
        }
    }
}

/// A streamed run's queries cannot be put together: a query id is in two
/// shards' parts or comes back after others. Read it with one shard, or
/// whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ungrouped;

/// The shards' parts of one run joined in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct JoinedRun<T> {
    /// Every query, line numbers counted from the file's first line.
    pub queries: Vec<ChunkOutcome<T>>,
    /// The file's first line that is not UTF-8, if a reader refused one.
    pub not_text: Option<usize>,
}

/// Joins the parts of one run (in shard order): line numbers run on from
/// part to part. A part that found the run ungrouped, or a query id in two
/// parts, gives [`Ungrouped`].
pub fn join<T>(parts: impl IntoIterator<Item = ShardRun<T>>) -> Result<JoinedRun<T>, Ungrouped> {
    let mut out = JoinedRun {
        queries: Vec::new(),
        not_text: None,
    };
    let mut offset = 0;
    for p in parts {
        if p.ungrouped {
            return Err(Ungrouped);
        }
        if let (None, Some(line)) = (out.not_text, p.not_text) {
            out.not_text = Some(offset + line);
        }
        for mut q in p.queries {
            q.first_line += offset;
            for e in &mut q.errors {
                e.shift_lines(offset);
            }
            out.queries.push(q);
        }
        offset += p.lines;
    }
    // A query id twice (in two parts: a part's own chunker refuses one
    // that comes back), found by sorting the ids, not by copying each into
    // a set.
    let mut ids: Vec<&str> = out.queries.iter().map(|q| q.qid.as_str()).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(Ungrouped);
    }
    Ok(out)
}

/// Where a shard is in its part of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before its range: noting the query in progress.
    Before,
    /// In its range, passing over the query in progress at its start.
    Passing,
    /// Evaluating its queries.
    Owning,
    /// Past its range and its last query.
    Done,
}

/// A shard going through the lines of a run.
pub struct ShardLines<'s, T> {
    /// Judges and scores one query's chunk.
    score: &'s dyn Fn(&QueryChunk) -> ChunkOutcome<T>,
    begin: u64,
    end: u64,
    /// Byte offset of the next line.
    at: u64,
    phase: Phase,
    drop_first: bool,
    /// Query id of the last data line before the range.
    previous: Option<String>,
    chunker: QueryChunker,
    out: ShardRun<T>,
}

impl<'s, T> ShardLines<'s, T> {
    /// Shard `shard` of the run `name`, a file of `bytes` bytes, scoring
    /// each query with `score`. It is to read from byte [`at`](Self::at).
    pub fn new(
        score: &'s dyn Fn(&QueryChunk) -> ChunkOutcome<T>,
        name: &str,
        shard: Shard,
        bytes: u64,
    ) -> Self {
        let (begin, end) = shard.range(bytes);
        let first = shard.index == 0;
        // The other shards read a little before their range, from just
        // before a byte so that the first (partial) line can be dropped.
        let (from, phase, drop_first) = match begin.saturating_sub(LOOKBEHIND) {
            _ if first => (0, Phase::Owning, false),
            0 => (0, Phase::Before, false),
            from => (from - 1, Phase::Before, true),
        };
        ShardLines {
            score,
            begin,
            end,
            at: from,
            phase,
            drop_first,
            previous: None,
            chunker: QueryChunker::new(),
            out: ShardRun {
                name: name.to_string(),
                ..ShardRun::default()
            },
        }
    }

    /// Reads its lines from `reader`, which starts at byte
    /// [`at`](Self::at), in blocks, stopping once it has them all. A line
    /// that is not UTF-8 is read as text with U+FFFD in place of its bad
    /// bytes, and the first such line it owns is noted
    /// ([`ShardRun::not_text`]).
    pub fn read(mut self, reader: &mut impl Read) -> std::io::Result<ShardRun<T>> {
        let mut lines = ByteLines::from_offset(self.at);
        // A small part needs no block of a whole MiB.
        let span = self.end.saturating_sub(self.at).max(8 << 10);
        let mut buf = vec![0u8; BLOCK.min(span as usize)];
        while !self.done() {
            let n = match reader.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            lines.push_checked(&buf[..n], |line, raw| self.checked_line(line, raw));
        }
        if !self.done() {
            lines.finish_checked(|line, raw| self.checked_line(line, raw));
        }
        Ok(self.finish())
    }

    fn checked_line(&mut self, line: Line<'_>, raw: usize) {
        match line {
            Ok(text) => self.line(text, raw),
            Err(bytes) => {
                let owned = self.out.lines;
                self.line(&String::from_utf8_lossy(bytes), raw);
                if self.out.lines > owned && self.out.not_text.is_none() {
                    self.out.not_text = Some(self.out.lines);
                }
            }
        }
    }

    /// Byte offset of the next line it expects (before the first line:
    /// where to start reading).
    pub fn at(&self) -> u64 {
        self.at
    }

    /// It has all its lines: reading further is useless.
    pub(super) fn done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// Queries scored so far.
    pub(super) fn queries(&self) -> usize {
        self.out.queries.len()
    }

    /// Its part of the run, its last query scored.
    pub(super) fn finish(mut self) -> ShardRun<T> {
        if !self.out.ungrouped {
            if let Some(chunk) = self.chunker.finish() {
                self.out.queries.push((self.score)(&chunk));
            }
        }
        self.out
    }

    /// Takes the next line of the file (`raw`: its length in bytes with
    /// its line ending).
    #[cfg_attr(speed_marks, optimize(speed))]
    pub(super) fn line(&mut self, line: &str, raw: usize) {
        let start = self.at;
        self.at += raw as u64;
        if std::mem::take(&mut self.drop_first) || self.phase == Phase::Done {
            return;
        }
        // The usual line continues the query being read, known by its
        // first word; any other is split for its query id.
        if self.phase == Phase::Owning && self.chunker.continues(line) {
            self.out.lines += 1;
            self.chunker.push_continuing(line);
            return;
        }
        let qid = line_qid(line);
        if self.phase == Phase::Before {
            if start < self.begin {
                // The one buffer for every line before the range.
                if let Some(q) = qid {
                    let previous = self.previous.get_or_insert_with(String::new);
                    previous.clear();
                    previous.push_str(q);
                }
                return;
            }
            self.phase = Phase::Passing;
        }
        if self.phase == Phase::Passing {
            if start >= self.end {
                self.phase = Phase::Done;
                return;
            }
            match qid {
                Some(q) if self.previous.as_deref() != Some(q) => self.phase = Phase::Owning,
                _ => return,
            }
        }
        // Past its range, a new query is the next shard's.
        if start >= self.end && qid.is_some_and(|q| q != self.chunker.current_qid()) {
            self.phase = Phase::Done;
            return;
        }
        self.out.lines += 1;
        if let Some(chunk) = self.chunker.push_split_line(line, qid) {
            self.out.queries.push((self.score)(&chunk));
            self.chunker.give_back(chunk);
        }
        if self.chunker.ungrouped() {
            self.out.ungrouped = true;
            self.phase = Phase::Done;
        }
    }
}

/// A reader of a run from a byte offset (the command line opens the file
/// and seeks; tests slice a text).
pub type OpenAt<'a, R> = dyn Fn(u64) -> std::io::Result<R> + Sync + 'a;

/// Reads a grouped run of `bytes` bytes named `name` with `count` shards,
/// each on its own thread (the first on the caller's: with one shard no
/// thread is started, as on a target without threads), scoring each query
/// with `score`, and joins the parts ([`join`]).
pub fn read_shards<T: Send, R: Read>(
    score: &(dyn Fn(&QueryChunk) -> ChunkOutcome<T> + Sync),
    name: &str,
    bytes: u64,
    count: usize,
    open: &OpenAt<'_, R>,
) -> std::io::Result<Result<JoinedRun<T>, Ungrouped>> {
    let count = count.max(1);
    let read_one = |index: usize| {
        let lines = ShardLines::new(score, name, Shard { index, count }, bytes);
        let mut reader = open(lines.at())?;
        lines.read(&mut reader)
    };
    let parts: std::io::Result<Vec<ShardRun<T>>> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..count)
            .map(|i| scope.spawn(move || read_one(i)))
            .collect();
        std::iter::once(read_one(0))
            .chain(others.into_iter().map(|h| {
                // A reader that panicked must not silently drop its queries.
                h.join()
                    .unwrap_or_else(|_| Err(std::io::Error::other("a reading thread stopped")))
            }))
            .collect()
    });
    Ok(join(parts?))
}

/// What reading a TREC run with shards gave, for trec_eval's output.
#[derive(Debug, Clone, PartialEq)]
pub enum TrecRead {
    /// Every query, scored and put together.
    Rows(StreamResult),
    /// This line (from 1) is not UTF-8: trec_eval's input must be text.
    NotText(usize),
    /// A query id comes back after others: evaluate the whole text.
    Ungrouped,
}

/// Reads a TREC run of `bytes` bytes with `count` shards ([`read_shards`])
/// and scores it with `evaluator`, as [`evaluate_whole_text`] would score
/// the whole text when the run is grouped by query.
///
/// [`evaluate_whole_text`]: super::stream::evaluate_whole_text
pub fn read_trec_run<R: Read>(
    evaluator: &ChunkEvaluator<'_>,
    bytes: u64,
    count: usize,
    open: &OpenAt<'_, R>,
) -> std::io::Result<TrecRead> {
    let score = |chunk: &QueryChunk| evaluator.evaluate(chunk);
    Ok(
        match read_shards(&score, evaluator.input, bytes, count, open)? {
            Err(Ungrouped) => TrecRead::Ungrouped,
            Ok(JoinedRun {
                not_text: Some(line),
                ..
            }) => TrecRead::NotText(line),
            Ok(run) => TrecRead::Rows(evaluator.assemble(run.queries)),
        },
    )
}

#[cfg(test)]
mod tests;
