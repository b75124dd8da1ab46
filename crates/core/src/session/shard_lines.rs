//! Which lines of a big run one shard takes: the lines of the queries
//! whose first line starts in its byte range. A shard starts reading a
//! little before its range ([`LOOKBEHIND`]) to learn
//! which query is in progress there (that query belongs to the shard
//! before), and reads past its end to finish its last query.

use super::results::QueryResult;
use super::stream::{line_qid, ChunkOutcome, QueryChunk, QueryChunker};

/// Bytes a shard reads before its range to learn which query is in
/// progress there.
pub const LOOKBEHIND: u64 = 1 << 20;

/// One query of a streamed run, judged and scored. Line numbers count from
/// the first line of the shard's part of the file.
pub type ScoredQuery = ChunkOutcome<QueryResult>;

/// One shard's part of a streamed run.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ShardRun {
    /// The run's name.
    pub name: String,
    /// Its queries, in file order.
    pub queries: Vec<ScoredQuery>,
    /// Lines of the file in the shard's part (to number the next part's).
    pub lines: usize,
    /// A query came back after others: the run must be read whole.
    pub ungrouped: bool,
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
pub(super) struct ShardLines<'s> {
    /// Judges and scores one query's chunk.
    score: &'s dyn Fn(&QueryChunk) -> ScoredQuery,
    begin: u64,
    end: u64,
    /// Byte offset of the next line.
    at: u64,
    phase: Phase,
    drop_first: bool,
    /// Query id of the last data line before the range.
    previous: Option<String>,
    /// Query id of the last data line taken.
    current: String,
    chunker: QueryChunker,
    out: ShardRun,
}

impl<'s> ShardLines<'s> {
    /// A shard of the run `name` that owns the byte range `(begin, end)`;
    /// `first`: it is shard 0, which owns from the start. It is to read
    /// from byte [`at`](Self::at).
    pub(super) fn new(
        score: &'s dyn Fn(&QueryChunk) -> ScoredQuery,
        name: &str,
        (begin, end): (u64, u64),
        first: bool,
    ) -> Self {
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
            current: String::new(),
            chunker: QueryChunker::new(),
            out: ShardRun {
                name: name.to_string(),
                ..ShardRun::default()
            },
        }
    }

    /// Byte offset of the next line it expects (before the first line:
    /// where to start reading).
    pub(super) fn at(&self) -> u64 {
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
    pub(super) fn finish(mut self) -> ShardRun {
        if !self.out.ungrouped {
            if let Some(chunk) = self.chunker.finish() {
                self.out.queries.push((self.score)(&chunk));
            }
        }
        self.out
    }

    /// Takes the next line of the file (`raw`: its length in bytes with
    /// its line ending).
    pub(super) fn line(&mut self, line: &str, raw: usize) {
        let start = self.at;
        self.at += raw as u64;
        if std::mem::take(&mut self.drop_first) || self.phase == Phase::Done {
            return;
        }
        let qid = line_qid(line);
        if self.phase == Phase::Before {
            if start < self.begin {
                if let Some(q) = qid {
                    self.previous = Some(q.to_string());
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
        if let Some(q) = qid {
            if start >= self.end && q != self.current {
                self.phase = Phase::Done;
                return;
            }
            if q != self.current {
                self.current = q.to_string();
            }
        }
        self.out.lines += 1;
        if let Some(chunk) = self.chunker.push_split_line(line, qid) {
            self.out.queries.push((self.score)(&chunk));
        }
        if self.chunker.ungrouped() {
            self.out.ungrouped = true;
            self.phase = Phase::Done;
        }
    }
}
