//! The measure choices of the settings that are more than a number: nDCG's
//! gain and discount, ERR's stopping probability, the measure families.

use crate::shared::evaluation::Discount;
use serde::{Deserialize, Serialize};

/// nDCG's discount as the settings hold it (the core's [`Discount`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum NdcgDiscount {
    /// 1 / log2(rank + 1), the standard.
    Log2,
    /// 1 / log_base(rank + 1).
    Log {
        /// The base (> 1).
        base: f64,
    },
    /// 1 / rank.
    Reciprocal,
    /// 1 / rank^exponent (Zipf-like, article 004).
    Power {
        /// The exponent (> 0).
        exponent: f64,
    },
}

impl NdcgDiscount {
    /// The core discount.
    pub fn core(self) -> Discount {
        match self {
            NdcgDiscount::Log2 => Discount::LOG2,
            NdcgDiscount::Log { base } => Discount::Log { base },
            NdcgDiscount::Reciprocal => Discount::Reciprocal,
            NdcgDiscount::Power { exponent } => Discount::Power {
                exponent,
                offset: 0.0,
            },
        }
    }
}

impl std::fmt::Display for NdcgDiscount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NdcgDiscount::Log2 => write!(f, "log2"),
            NdcgDiscount::Log { base } => write!(f, "log {base}"),
            NdcgDiscount::Reciprocal => write!(f, "1/rank"),
            NdcgDiscount::Power { exponent } => write!(f, "power {exponent}"),
        }
    }
}

/// Reads the nDCG discount field: `log2`, `log B` (B > 1), `1/rank`, or
/// `power S` (S > 0) for 1/rank^S.
pub fn parse_discount(raw: &str) -> Result<NdcgDiscount, String> {
    let words: Vec<&str> = raw.split_whitespace().collect();
    let number = |w: &str| w.parse::<f64>().ok().filter(|x| x.is_finite());
    match words.as_slice() {
        ["log2"] | [] => Ok(NdcgDiscount::Log2),
        ["1/rank"] => Ok(NdcgDiscount::Reciprocal),
        ["ln"] => Ok(NdcgDiscount::Log {
            base: std::f64::consts::E,
        }),
        ["log", b] if number(b).is_some_and(|b| b > 1.0) => Ok(match number(b) {
            Some(2.0) => NdcgDiscount::Log2,
            Some(base) => NdcgDiscount::Log { base },
            None => unreachable!("checked"),
        }),
        ["power", s] if number(s).is_some_and(|s| s > 0.0) => Ok(NdcgDiscount::Power {
            exponent: number(s).unwrap_or(1.0),
        }),
        _ => Err("log2, log B (B above 1), ln, 1/rank, or power S (S above 0) for 1/rank^S".into()),
    }
}

/// How ERR turns a grade into the probability that the user stops.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum ErrStop {
    /// (2^g − 1) / 2^gmax (Chapelle et al.).
    Exponential,
    /// 1 / (1 + e^(−α (g − β))) (article 004).
    Sigmoid {
        /// Steepness α (> 0).
        alpha: f64,
        /// Midpoint β.
        beta: f64,
    },
}

impl std::fmt::Display for ErrStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ErrStop::Exponential => write!(f, "exp"),
            ErrStop::Sigmoid { alpha, beta } => write!(f, "sigmoid {alpha} {beta}"),
        }
    }
}

/// Reads the ERR stopping field: `exp`, or `sigmoid A B` (A > 0).
pub fn parse_err_stop(raw: &str) -> Result<ErrStop, String> {
    let words: Vec<&str> = raw.split_whitespace().collect();
    let number = |w: &str| w.parse::<f64>().ok().filter(|x| x.is_finite());
    match words.as_slice() {
        ["exp"] | [] => Ok(ErrStop::Exponential),
        ["sigmoid", a, b] => match (number(a), number(b)) {
            (Some(alpha), Some(beta)) if alpha > 0.0 => Ok(ErrStop::Sigmoid { alpha, beta }),
            _ => Err("sigmoid A B: a steepness A above 0 and a midpoint grade B".into()),
        },
        _ => Err("exp for (2^g − 1)/2^max, or sigmoid A B for 1/(1 + e^(−A(g − B)))".into()),
    }
}

/// Measure families offered as check boxes (the ones with a cutoff are
/// shown at every chosen cutoff).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Family {
    /// Reciprocal rank (MRR as a mean).
    RR,
    /// Average precision (MAP as a mean).
    AP,
    /// nDCG@k.
    NDCG,
    /// ERR@k.
    ERR,
    /// RBP with residual.
    RBP,
    /// Precision at k.
    P,
    /// Recall at k.
    R,
    /// Hit (Success) at k.
    Hit,
    /// AP@k divided by the relevant documents retrieved in the top k.
    APFound,
    /// F1 at k.
    F1,
}

impl Family {
    /// The headline comparison, checked at first: MRR, MAP, nDCG@k and
    /// ERR@k, with P@k and R@k.
    pub const HEADLINE: &'static [Family] = &[
        Family::RR,
        Family::AP,
        Family::NDCG,
        Family::ERR,
        Family::P,
        Family::R,
    ];

    /// All families in the order of the table's columns.
    pub const ALL: [Family; 10] = [
        Family::RR,
        Family::AP,
        Family::NDCG,
        Family::ERR,
        Family::RBP,
        Family::P,
        Family::R,
        Family::Hit,
        Family::APFound,
        Family::F1,
    ];

    /// Its name in ids (`family-` and this): the variant's name, as
    /// settings save it.
    pub fn key(self) -> &'static str {
        match self {
            Family::RR => "RR",
            Family::AP => "AP",
            Family::NDCG => "NDCG",
            Family::ERR => "ERR",
            Family::RBP => "RBP",
            Family::P => "P",
            Family::R => "R",
            Family::Hit => "Hit",
            Family::APFound => "APFound",
            Family::F1 => "F1",
        }
    }

    /// What its measures compute, in a sentence or two for someone who
    /// meets them first (the Learn door lists the headline ones); the
    /// worked steps of each value give the whole calculation.
    pub fn brief(self) -> &'static str {
        match self {
            Family::RR => "1 divided by the rank of the first relevant document (0 when none is retrieved). MRR is its mean over the queries: only the first hit counts.",
            Family::AP => "At the rank of each relevant document, the share of the documents so far that are relevant; these summed and divided by the query's number of relevant documents, found or not. MAP is its mean over the queries: every relevant document counts, an early one most.",
            Family::NDCG => "Each of the top k documents' gain (its grade, or 2^grade − 1) divided by log2(rank + 1), summed (DCG), then divided by that sum for the best possible order of the query's judged documents: 1 is a perfect order.",
            Family::ERR => "A reader goes down the list and stops at each document with a chance that grows with its grade ((2^grade − 1) / 2^top grade): ERR is the expected value of 1 / the rank where they stop.",
            Family::RBP => "A reader goes on from each rank to the next with probability p: each rank's relevance weighted by (1 − p) × p^(rank − 1), summed.",
            Family::P => "The share of the top k documents that are relevant.",
            Family::R => "The share of the query's relevant documents that are in the top k.",
            Family::Hit => "1 when a relevant document is in the top k, else 0.",
            Family::APFound => "AP over the top k, divided by the relevant documents found there instead of all the query's.",
            Family::F1 => "The harmonic mean of P@k and R@k.",
        }
    }

    /// Label of its check box.
    pub fn label(self) -> &'static str {
        match self {
            Family::RR => "RR (MRR)",
            Family::AP => "AP (MAP)",
            Family::NDCG => "nDCG@k",
            Family::ERR => "ERR@k",
            Family::RBP => "RBP",
            Family::P => "P@k",
            Family::R => "R@k",
            Family::Hit => "Hit@k",
            Family::APFound => "AP@k over relevant found",
            Family::F1 => "F1@k",
        }
    }
}
