//! Which orders of tied documents give a measure its best and worst value.
//!
//! A run that gives documents equal scores leaves their order open: every
//! order of every group of equally scored documents is a ranking the run
//! could have meant. For most measures the extremes over all those orders
//! come from sorting each group by one key per document (the measure's
//! [`TieOrder::Key`]): if putting a document of larger key just above one
//! of smaller key never lowers the value (an adjacent swap), then sorting
//! every group largest key first gives the maximum and smallest first the
//! minimum. Bubble sort reaches the sorted order from any order by such
//! swaps, each of which leaves the value no lower, so no order beats it;
//! the same argument the other way gives the minimum. For a measure where
//! larger keys first lower the value (ranks, distances, residuals), the two
//! sorted orders swap roles, so the range is the smaller and the larger of
//! the two.
//!
//! Why each key's swap never lowers its measure (McSherry & Najork, ECIR
//! 2008, discuss the same groups for the expected value):
//! - the grade ([`TieKey::Grade`]), for every measure of binary relevance
//!   (relevant means grade >= the relevance level, so a larger grade is
//!   never less relevant): a relevant document one rank higher raises the
//!   relevant count at every cut-off between the two ranks and changes no
//!   other, and P@k, R@k, RR, AP over R, R-prec, success, F@k, utility,
//!   interpolated precision, bpref (a judged non-relevant document moving
//!   below a relevant one lowers that document's count of non-relevant
//!   above it; unjudged documents count for nothing) and the rank
//!   statistics only grow (or, for ranks, only shrink) with those counts;
//!   Kendall's distance to the ideal loses the inverted pair; the judged
//!   and unjudged counts at k trade one document across k;
//! - the gain ([`TieKey::Gain`]), for DCG, nDCG (whose ideal does not depend
//!   on the order), G and trec_eval's RBP: Σ gain·weight with weights that
//!   never grow down the ranking, so by the rearrangement inequality a larger
//!   gain at the larger weight adds (g₁ − g₂)(w₁ − w₂) >= 0;
//! - the stopping probability ([`TieKey::Stop`]), for ERR: two adjacent
//!   documents at ranks i and i + 1 reached with probability P contribute
//!   P (R₁/i + (1 − R₁) R₂/(i+1)), and everything below them is reached
//!   with P (1 − R₁)(1 − R₂) either way; the larger R first adds
//!   P (R₁ − R₂)(1/i − 1/(i+1)) >= 0;
//! - judged non-relevant ([`TieKey::JudgedNonRelevant`]) for the count of
//!   judged non-relevant documents retrieved, which changes only when a
//!   group crosses the depth cut.
//!
//! Where no key is proved, the orders are enumerated ([`TieOrder::Every`]):
//! infAP (an unjudged document above a relevant one can raise its estimate
//! when unpooled documents sit above both), G (its discount depends on the
//! gain cumulated so far), AP@k and mean rank over the relevant documents
//! found in the top k when k or the depth cut falls inside a group (one more
//! relevant document found at a deep rank lowers their average), Kendall's
//! distance when a group crosses the depth cut (a better document let in
//! at the bottom adds inversions), and every measure when a group crosses
//! the depth cut while the relevant count comes from the retrieved
//! documents (the cut then changes the ideal too) or unjudged documents are
//! dropped after the cut (`-J`: the cut then changes how many are
//! retrieved). Enumeration tries each distinct order once (documents of the
//! same relevance are interchangeable) and refuses past
//! `pipeline::tie_range::MAX_ORDERS`. The brute-force tests of
//! `pipeline::tie_range` check every measure against all permutations.

use super::average_precision::ApNormalization;
use super::ndcg::Gains;
use super::{EvalContext, Metric};
use crate::judged::{Rel, TieLayout};
use crate::measures::err::StopProbability;

/// A per-document key whose sorted orders are a measure's extremes.
#[derive(Debug, Clone, PartialEq)]
pub enum TieKey {
    /// The grade; documents in the pool but unjudged below grade 0, and
    /// documents absent from the qrels below those.
    Grade,
    /// The gain of the grade (0 for an unjudged document).
    Gain(Gains),
    /// ERR's stopping probability of the grade (grade 0 if unjudged).
    Stop(StopProbability),
    /// 1 for a judged non-relevant document, else 0.
    JudgedNonRelevant,
}

impl TieKey {
    /// The key of one document; `level` is the relevance level.
    pub fn of(&self, rel: Rel, level: i64) -> f64 {
        match self {
            TieKey::Grade => match rel {
                Rel::Judged(g) => g as f64,
                Rel::Unjudged => -1.0,
                Rel::NotInPool => -2.0,
            },
            TieKey::Gain(gains) => gains.of(rel),
            TieKey::Stop(stop) => stop.at(rel.grade().unwrap_or(0)).1,
            TieKey::JudgedNonRelevant => {
                f64::from(u8::from(matches!(rel, Rel::Judged(g) if g < level)))
            }
        }
    }
}

/// How a measure's extremes over tie orders are found.
#[derive(Debug, Clone, PartialEq)]
pub enum TieOrder {
    /// Sort every tie group by this key, both ways.
    Key(TieKey),
    /// Try every distinct order of the groups' documents.
    Every,
}

impl Metric {
    /// How the extremes of this measure over the orders of `layout`'s tie
    /// groups are found (see the module's comment for why each is exact).
    pub fn tie_order(&self, layout: &TieLayout, ctx: &EvalContext) -> TieOrder {
        use Metric::*;
        if (layout.retrieved_scope || layout.judged_only) && layout.straddles_cut() {
            return TieOrder::Every;
        }
        let key = match self {
            InfAP | G { .. } => return TieOrder::Every,
            KendallTau if layout.straddles_cut() => return TieOrder::Every,
            MeanRank { k }
            | AP {
                k,
                norm: ApNormalization::RelevantRetrieved,
            } if layout.cut_inside_group(*k) => return TieOrder::Every,
            NumNonrelJudgedRet => TieKey::JudgedNonRelevant,
            NDCG { gains, .. }
            | DCG { gains, .. }
            | NdcgRel { gains }
            | Rndcg { gains }
            | TrecRbp { gains, .. } => TieKey::Gain(gains.clone()),
            ERR { gmax, .. } => TieKey::Stop(StopProbability::Exponential {
                gmax: gmax.unwrap_or(ctx.max_grade),
            }),
            ErrSigmoid { alpha, beta, .. } => TieKey::Stop(StopProbability::Sigmoid {
                alpha: *alpha,
                beta: *beta,
            }),
            // No wildcard: a new measure must say here how its extremes are
            // found (and the brute-force test prove it), or it would get a
            // key nobody checked.
            NumRet
            | NumRel
            | NumRelRet
            | P { .. }
            | R { .. }
            | RR { .. }
            | AP { .. }
            | GmAP
            | Rprec
            | RprecMult { .. }
            | SetP
            | RelativeP { .. }
            | SetRelativeP
            | SetRecall
            | Success { .. }
            | SetAP
            | Bpref
            | GmBpref
            | IPrec { .. }
            | ElevenPointAverage { .. }
            | BinG
            | TrecRbpResid { .. }
            | Utility { .. }
            | SetF { .. }
            | Unjudged { .. }
            | Judged { .. }
            | RBP { .. }
            | RBPResidual { .. }
            | MeanRank { .. }
            | FRP { .. }
            | AR
            | F1 { .. }
            | KendallTau
            | GAP { .. } => TieKey::Grade,
        };
        TieOrder::Key(key)
    }
}
