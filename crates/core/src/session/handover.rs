//! How a shard comes by the qrels' judgments: it reads and parses the
//! qrels itself, or the first shard, having parsed them, hands them over as
//! bytes ([`qrels_to_bytes`]) for the others, which then read no qrels at
//! all (the page's workers: one parse of the qrels per evaluation, not one
//! per worker).

use crate::formats::qrels_bytes::{qrels_to_bytes, QrelsBytes};
use crate::formats::trec::{Qrels, QueryQrels};
use crate::measures::EvalContext;

/// What [`evaluate_shard_handing`](super::shards::evaluate_shard_handing)
/// does about the qrels.
pub enum QrelsHandover<'a> {
    /// Reads and parses them.
    Parse,
    /// Reads and parses them (the first shard), and gives their judgments
    /// as bytes once parsed, before reading any run; never called when
    /// there are no qrels to parse, or they could not be read.
    Give(&'a mut dyn FnMut(Vec<u8>)),
    /// The judgments as given by the first shard (other shards): no qrels
    /// are read. Bytes that are not such judgments are set aside and the
    /// qrels read as with [`Parse`](QrelsHandover::Parse); the first shard
    /// always reads them (it reports their problems).
    Given(&'a [u8]),
}

impl QrelsHandover<'_> {
    /// The judgments given to this shard, if any (never to the first).
    pub(super) fn given(&self, first: bool) -> Option<QrelsBytes<'_>> {
        match self {
            QrelsHandover::Given(bytes) if !first => QrelsBytes::read(bytes).ok(),
            _ => None,
        }
    }

    /// Hands `qrels` over, if asked to, and returns the bytes given (the
    /// giving shard looks its judgments up in them too).
    pub(super) fn give(&mut self, qrels: &Qrels<'_>) -> Option<Vec<u8>> {
        if let QrelsHandover::Give(give) = self {
            let bytes = qrels_to_bytes(qrels);
            give(bytes.clone());
            return Some(bytes);
        }
        None
    }
}

/// Where a shard looks judgments up.
pub(super) enum ShardJudgments<'a> {
    /// Qrels it parsed.
    Parsed(&'a Qrels<'a>),
    /// Judgments handed over.
    Given(&'a QrelsBytes<'a>),
}

impl<'a> ShardJudgments<'a> {
    /// The judgments of query `qid`, if judged.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub(super) fn query(&self, qid: &str) -> Option<std::borrow::Cow<'_, QueryQrels<'a>>> {
        match self {
            ShardJudgments::Parsed(q) => q.queries.get(qid).map(std::borrow::Cow::Borrowed),
            ShardJudgments::Given(t) => t.query(qid).map(std::borrow::Cow::Owned),
        }
    }

    /// The measures' context, as [`EvalContext::from_qrels`] makes it.
    pub(super) fn context(&self) -> EvalContext {
        match self {
            ShardJudgments::Parsed(q) => EvalContext::from_qrels(q),
            ShardJudgments::Given(t) => EvalContext::with_max_grade(t.max_grade()),
        }
    }

    /// Parsed qrels (made from the judgments when handed over).
    pub(super) fn qrels(&self) -> std::borrow::Cow<'_, Qrels<'a>> {
        match self {
            ShardJudgments::Parsed(q) => std::borrow::Cow::Borrowed(*q),
            ShardJudgments::Given(t) => std::borrow::Cow::Owned(t.to_qrels()),
        }
    }
}
