//! How a shard comes by the qrels' judgments. Alone, it reads and parses
//! the qrels ([`QrelsHandover::Parse`]). Among several (the page's
//! workers, [`QrelsHandover::Pieces`]), each reads the qrels' text but
//! parses only its piece of it, cut after a line feed near each `1/count`
//! of the bytes as [`parse_qrels_in_parts`](crate::parse_qrels_in_parts)
//! cuts it, straight into the bytes it gives ([`parse_qrels_to_bytes`]),
//! and gathers every shard's. The judgments are then looked up in the
//! pieces' tables, and each shard reports its own piece's problems, so the
//! qrels are parsed once per evaluation, by all the shards at once.
//!
//! A query with a docid judged in two pieces is a repeat only the whole
//! text can place (which line came first); then, as when a piece does not
//! read, every shard parses the whole text, as one shard would: the
//! answer is that of one parse either way.

use std::future::Future;
use std::pin::Pin;

use crate::error::ParseError;
use crate::fast_hash::FastHashMap;
use crate::formats::inputs::InputFormat;
use crate::formats::qrels_bytes::{parse_qrels_to_bytes, QrelsBytes};
use crate::formats::qrels_parts::piece;
use crate::formats::trec::{Qrels, QueryQrels};
use crate::measures::EvalContext;

use super::roles::max_grade;
use super::shard_lines::Shard;

/// Every other shard's piece of the qrels as bytes, in shard order, once
/// all were given (an empty list when one was not: each shard then parses
/// the whole text). A shard keeps its own piece: it is not sent back.
pub type Gather<'a> = Pin<Box<dyn Future<Output = Vec<Vec<u8>>> + 'a>>;

/// What [`evaluate_shard_handing`](super::shards::evaluate_shard_handing)
/// does about the qrels.
pub enum QrelsHandover<'a> {
    /// Reads and parses them whole.
    Parse,
    /// Reads them, parses this shard's piece, gives the piece's judgments
    /// through `give`, then awaits the other shards' from `gather`. TREC
    /// qrels only: others are parsed whole, and nothing is given.
    Pieces {
        /// Takes this shard's piece as bytes (a copy: the shard keeps it).
        give: &'a mut dyn FnMut(&[u8]),
        /// Brings the other shards' pieces.
        gather: Gather<'a>,
    },
}

/// This shard's piece of the qrels `text` (named `input`, in `format`),
/// parsed and given, and every shard's gathered into `gathered`, when
/// `handover` asks for pieces and the qrels are TREC: the piece's problems
/// (lines numbered in the whole text). `None`: nothing was split, parse
/// the text whole.
pub(super) async fn split_qrels(
    input: &str,
    format: InputFormat,
    text: &str,
    shard: Shard,
    handover: QrelsHandover<'_>,
    gathered: &mut Vec<Vec<u8>>,
) -> Option<Vec<ParseError>> {
    let QrelsHandover::Pieces { give, gather } = handover else {
        return None;
    };
    if format != InputFormat::Trec {
        return None;
    }
    let (mine, lines_before) = piece(text, shard.index, shard.count);
    let (bytes, mut errors) = parse_qrels_to_bytes(input, mine);
    for e in &mut errors {
        e.shift_lines(lines_before);
    }
    give(&bytes);
    *gathered = gather.await;
    // This shard's own piece in its place, when every other one came (a
    // list of another length is refused by `tables`).
    if gathered.len() + 1 == shard.count {
        gathered.insert(shard.index, bytes);
    }
    Some(errors)
}

/// The pieces' tables, when there are `count` of them, each reads, and no
/// query judges a docid in two of them.
pub(super) fn tables(gathered: &[Vec<u8>], count: usize) -> Option<Vec<QrelsBytes<'_>>> {
    if gathered.len() != count {
        return None;
    }
    let tables: Vec<QrelsBytes<'_>> = gathered
        .iter()
        .map(|b| QrelsBytes::read(b).ok())
        .collect::<Option<_>>()?;
    // The queries judged in more than one piece (those the cuts split).
    let mut pieces_of: FastHashMap<&str, usize> = FastHashMap::default();
    for t in &tables {
        for qid in t.qids() {
            *pieces_of.entry(qid).or_default() += 1;
        }
    }
    for (qid, _) in pieces_of.iter().filter(|(_, &n)| n > 1) {
        let mut seen = QueryQrels::default();
        for judged in tables.iter().filter_map(|t| t.query(qid)) {
            let before = seen.len() + judged.len();
            seen.extend(judged);
            if seen.len() != before {
                return None;
            }
        }
    }
    Some(tables)
}

/// Where a shard looks judgments up.
pub(super) enum ShardJudgments<'a> {
    /// Qrels it parsed whole.
    Parsed(&'a Qrels<'a>),
    /// Every piece's table, no docid of a query in two of them.
    Pieces(Vec<QrelsBytes<'a>>),
}

impl<'a> ShardJudgments<'a> {
    /// The judgments of query `qid`, if judged.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub(super) fn query(&self, qid: &str) -> Option<std::borrow::Cow<'_, QueryQrels<'a>>> {
        match self {
            ShardJudgments::Parsed(q) => q.queries.get(qid).map(std::borrow::Cow::Borrowed),
            ShardJudgments::Pieces(tables) => {
                let mut found = tables.iter().filter_map(|t| t.query(qid));
                let mut judged = found.next()?;
                for more in found {
                    judged.extend(more);
                }
                Some(std::borrow::Cow::Owned(judged))
            }
        }
    }

    /// The judged query ids, sorted bytewise.
    pub(super) fn qids(&self) -> Vec<&str> {
        let mut qids: Vec<&str> = match self {
            ShardJudgments::Parsed(q) => q.queries.keys().copied().collect(),
            ShardJudgments::Pieces(tables) => tables.iter().flat_map(|t| t.qids()).collect(),
        };
        qids.sort_unstable();
        qids.dedup();
        qids
    }

    /// The largest grade judged (0 when none), as [`max_grade`] reads it
    /// off parsed qrels.
    pub(super) fn max_grade(&self) -> i64 {
        match self {
            ShardJudgments::Parsed(q) => max_grade(q),
            ShardJudgments::Pieces(tables) => pieces_max_grade(tables).unwrap_or(0),
        }
    }

    /// The measures' context, as [`EvalContext::from_qrels`] makes it.
    pub(super) fn context(&self) -> EvalContext {
        match self {
            ShardJudgments::Parsed(q) => EvalContext::from_qrels(q),
            ShardJudgments::Pieces(tables) => EvalContext::with_max_grade(pieces_max_grade(tables)),
        }
    }

    /// Parsed qrels (made from the pieces' tables when split).
    pub(super) fn qrels(&self) -> std::borrow::Cow<'_, Qrels<'a>> {
        match self {
            ShardJudgments::Parsed(q) => std::borrow::Cow::Borrowed(*q),
            ShardJudgments::Pieces(tables) => {
                let mut all = Qrels::default();
                for t in tables {
                    for (qid, judged) in t.to_qrels().queries {
                        all.queries.entry(qid).or_default().extend(judged);
                    }
                }
                std::borrow::Cow::Owned(all)
            }
        }
    }
}

/// The largest grade of the pieces' tables, if any.
fn pieces_max_grade(tables: &[QrelsBytes<'_>]) -> Option<i64> {
    tables.iter().filter_map(|t| t.max_grade()).max()
}
