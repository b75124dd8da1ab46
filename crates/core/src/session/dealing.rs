//! How shards share the reading of the streamed runs (big TREC runs).
//!
//! On its own ([`RunDealing::Own`]), a shard reads its byte range of each
//! run, `1/count` of it, as the command line's threads do. The page's
//! workers share two cores with the browser's own threads, so one of them
//! is often slowed, and its half of a run was seen to end 140 to 250 ms
//! after the other's, with the other idle. Dealt ([`RunDealing::Dealt`]),
//! the runs are cut into pieces of about [`PIECE_BYTES`] (a [`Deal`]);
//! shard `i` reads piece `i` first, and as it starts each piece it asks
//! its [`Dealer`] for the one to read after it (handing in the part of the
//! one before), and is given the next piece no shard has taken yet. A
//! slowed shard reads fewer pieces, and the shards end within about a
//! piece of each other. Each piece is read as a shard of
//! its own ([`ShardLines`](super::shard_lines::ShardLines) with the piece
//! as its [`Shard`]), and [`finish`](super::shards::finish) joins the
//! parts in piece order as it joins shards, so the numbers are those of
//! one reading.

use std::future::Future;
use std::pin::Pin;

use crate::error::ParseError;
use crate::formats::inputs::{InputFormat, InputKind};

use super::files::LoadedFile;
use super::roles::file_roles;
use super::shard_lines::{Shard, ShardRun};

/// Bytes of a run in one dealt piece. Smaller pieces even out the shards'
/// ends better; each piece costs a read of [`LOOKBEHIND`] before it, the
/// opening of a stream and a message each way.
///
/// [`LOOKBEHIND`]: super::shard_lines::LOOKBEHIND
pub const PIECE_BYTES: u64 = 8 << 20;

/// Whether a run is streamed (read in chunks, split between shards): a
/// big file in TREC's run format. Other runs are read whole by the first
/// shard.
pub(super) fn streams(file: &LoadedFile, kind: InputKind) -> bool {
    file.big.is_some() && kind.format == InputFormat::Trec
}

/// The pieces the streamed runs are cut into, numbered from 0 run after
/// run: the items a [`Dealer`] hands out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Deal {
    /// Each streamed run's place among the loaded runs, and its pieces.
    runs: Vec<(usize, usize)>,
}

impl Deal {
    /// The streamed runs of `files` cut for `shards` shards into pieces of
    /// about [`PIECE_BYTES`] (at least one piece per shard).
    pub fn of(files: &[LoadedFile], shards: usize) -> Deal {
        Deal::cut(files, shards, PIECE_BYTES)
    }

    /// [`Deal::of`] with pieces of about `piece_bytes`.
    pub fn cut(files: &[LoadedFile], shards: usize, piece_bytes: u64) -> Deal {
        let runs = file_roles(files)
            .runs
            .iter()
            .enumerate()
            .filter(|(_, (f, k))| streams(f, *k))
            .map(|(at, (f, _))| {
                let pieces = f.bytes().div_ceil(piece_bytes.max(1)) as usize;
                (at, pieces.max(shards).max(1))
            })
            .collect();
        Deal { runs }
    }

    /// Pieces in all.
    pub fn len(&self) -> usize {
        self.runs.iter().map(|&(_, n)| n).sum()
    }

    /// Whether there is no streamed run.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// Item `item`: the run's place among the loaded runs, and which piece
    /// of it.
    pub fn item(&self, mut item: usize) -> Option<(usize, Shard)> {
        for &(run, count) in &self.runs {
            if item < count {
                return Some((run, Shard { index: item, count }));
            }
            item -= count;
        }
        None
    }
}

/// One dealt piece, read.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct DealtPart {
    /// The run's place among the loaded runs.
    pub run: usize,
    /// Which piece of it.
    pub piece: Shard,
    /// Its queries, or why the run could not be read there.
    pub part: Result<ShardRun, ParseError>,
}

/// What a shard waits on for its next piece.
pub type NextPiece<'a> = Pin<Box<dyn Future<Output = Option<usize>> + 'a>>;

/// Hands out the pieces of a [`Deal`] (the page, between its workers).
/// A shard asks for its next piece as it starts reading one, so that the
/// answer is there when it ends: the page's thread, busy drawing, answers
/// late, and a shard that waited for it after each piece sat idle.
pub trait Dealer {
    /// Takes the part of the piece a shard read last (none as it starts
    /// its first) and asks for the piece to read after the one it starts
    /// now: the next item of the deal no shard has taken, or `None` when
    /// all are taken. The shard awaits the answer once it has read the
    /// piece it starts.
    fn ask(&mut self, done: Option<DealtPart>) -> NextPiece<'_>;

    /// Takes the part of the shard's last piece (it asks for no other).
    fn hand_in(&mut self, done: DealtPart);
}

/// How a shard comes by the parts of the streamed runs it reads.
pub enum RunDealing<'a> {
    /// It reads its own byte range of each ([`Shard::range`]).
    Own,
    /// It reads item `shard.index` of `deal`, then each item `dealer`
    /// gives it ([`Dealer::ask`]), and hands each part to `dealer`: its
    /// reply has no part of a streamed run.
    Dealt {
        /// The pieces (the same for every shard).
        deal: Deal,
        /// Who hands them out.
        dealer: &'a mut dyn Dealer,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::files::BigFile;

    fn big(name: &str, bytes: u64) -> LoadedFile {
        LoadedFile {
            name: name.into(),
            text: "q Q0 d 1 1 t\n".into(),
            big: Some(BigFile {
                key: name.into(),
                bytes,
            }),
        }
    }

    #[test]
    fn runs_are_cut_into_pieces_numbered_run_after_run() {
        let files = [
            LoadedFile::whole("qrels", "q 0 d 1\n"),
            big("one", 270_000_000),
            LoadedFile::whole("small", "q Q0 d 1 1 t\n"),
            big("two", 40 << 20),
        ];
        let deal = Deal::of(&files, 2);
        // 270 MB in 8 MiB pieces is 32.19: 33 pieces; 40 MiB is 5.
        assert_eq!(deal.len(), 38);
        let piece = |index, count| Some(Shard { index, count });
        assert_eq!(deal.item(0), piece(0, 33).map(|p| (0, p)));
        assert_eq!(deal.item(32), piece(32, 33).map(|p| (0, p)));
        // The small run (place 1) is read whole: not dealt.
        assert_eq!(deal.item(33), piece(0, 5).map(|p| (2, p)));
        assert_eq!(deal.item(37), piece(4, 5).map(|p| (2, p)));
        assert_eq!(deal.item(38), None);
        // At least a piece per shard, however small the run.
        let deal = Deal::of(&files[..2], 40);
        assert_eq!(deal.len(), 40);
        assert!(Deal::of(&files[..1], 2).is_empty());
        assert_eq!(Deal::of(&files[..1], 2).item(0), None);
    }

    #[test]
    fn pieces_cover_the_run_without_gap_or_overlap() {
        let bytes = 270_000_001;
        let deal = Deal::of(
            &[LoadedFile::whole("qrels", "q 0 d 1\n"), big("run", bytes)],
            2,
        );
        let mut at = 0;
        for item in 0..deal.len() {
            let (_, piece) = deal.item(item).unwrap();
            let (begin, end) = piece.range(bytes);
            assert_eq!(begin, at);
            assert!(end - begin <= PIECE_BYTES, "{piece:?}");
            at = end;
        }
        assert_eq!(at, bytes);
    }
}
