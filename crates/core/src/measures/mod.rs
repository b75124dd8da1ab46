//! Measures: one module per family, and [`Metric`], the single-valued
//! measure with its parameters that names round-trip through.
//!
//! Each family module holds plain total functions from a
//! [`JudgedRanking`] to `f64`; their doc comments give the formula, the
//! definition followed and the edge cases.

pub mod average_precision;
pub mod ndcg;
pub mod precision;
pub mod recall;
pub mod reciprocal_rank;
#[cfg(test)]
pub(crate) mod test_support;

use std::fmt;

use crate::judged::JudgedRanking;
use average_precision::ApNormalization;
use ndcg::{Discount, GainKind, Gains};

/// A single-valued measure of one query, with its parameters.
///
/// `Display` prints the ir_measures-style name (`P@5`, `nDCG@10`, `AP`,
/// `RR`), which [`Metric::from_str`](std::str::FromStr) reads back.
#[derive(Debug, Clone, PartialEq)]
pub enum Metric {
    /// Precision at k ([`precision::precision_at`]).
    P {
        /// Cutoff.
        k: usize,
    },
    /// Recall at k ([`recall::recall_at`]).
    R {
        /// Cutoff.
        k: usize,
    },
    /// Reciprocal rank, optionally cut at k ([`reciprocal_rank::reciprocal_rank`]).
    RR {
        /// Cutoff, `None` for the whole list.
        k: Option<usize>,
    },
    /// Average precision, optionally cut at k ([`average_precision::average_precision`]).
    AP {
        /// Cutoff, `None` for the whole list.
        k: Option<usize>,
        /// Denominator of AP@k.
        norm: ApNormalization,
    },
    /// nDCG, optionally cut at k ([`ndcg::ndcg`]) with log2 discount.
    NDCG {
        /// Cutoff, `None` for the whole list.
        k: Option<usize>,
        /// Gain of each grade.
        gains: Gains,
    },
}

impl Metric {
    /// Value of the measure for one query.
    pub fn compute(&self, r: &JudgedRanking) -> f64 {
        match self {
            Metric::P { k } => precision::precision_at(r, *k),
            Metric::R { k } => recall::recall_at(r, *k),
            Metric::RR { k } => reciprocal_rank::reciprocal_rank(r, *k),
            Metric::AP { k, norm } => average_precision::average_precision(r, *k, *norm),
            Metric::NDCG { k, gains } => ndcg::ndcg(r, *k, gains, Discount::LOG2),
        }
    }
}

fn write_cut(f: &mut fmt::Formatter<'_>, k: &Option<usize>) -> fmt::Result {
    match k {
        Some(k) => write!(f, "@{k}"),
        None => Ok(()),
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Metric::P { k } => write!(f, "P@{k}"),
            Metric::R { k } => write!(f, "R@{k}"),
            Metric::RR { k } => {
                write!(f, "RR")?;
                write_cut(f, k)
            }
            Metric::AP { k, norm } => {
                write!(f, "AP")?;
                if *norm == ApNormalization::RelevantRetrieved {
                    write!(f, "(norm='found')")?;
                }
                write_cut(f, k)
            }
            Metric::NDCG { k, gains } => {
                write!(f, "nDCG")?;
                if gains.kind == GainKind::Exponential {
                    write!(f, "(dcg='exp-log2')")?;
                }
                write_cut(f, k)
            }
        }
    }
}

/// Why a measure name did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetricNameError {
    /// The name as given.
    pub name: String,
    /// What was expected.
    pub expected: String,
}

impl fmt::Display for MetricNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown measure `{}`: expected {}",
            self.name, self.expected
        )
    }
}

impl std::error::Error for MetricNameError {}

impl std::str::FromStr for Metric {
    type Err = MetricNameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |expected: &str| MetricNameError {
            name: s.to_string(),
            expected: expected.to_string(),
        };
        let t = s.trim();
        let (head, cut) = match t.rsplit_once('@') {
            Some((h, c)) => {
                let k: usize = c
                    .parse()
                    .map_err(|_| err("a whole-number cutoff after `@`"))?;
                (h, Some(k))
            }
            None => (t, None),
        };
        let (base, params) = match head.split_once('(') {
            Some((b, rest)) => {
                let p = rest
                    .strip_suffix(')')
                    .ok_or_else(|| err("`)` closing the parameters"))?;
                (b, Some(p))
            }
            None => (head, None),
        };
        let need_k = || cut.ok_or_else(|| err("a cutoff, as in P@10"));
        match (base.to_ascii_lowercase().as_str(), params) {
            ("p", None) => Ok(Metric::P { k: need_k()? }),
            ("r" | "recall", None) => Ok(Metric::R { k: need_k()? }),
            ("rr" | "mrr", None) => Ok(Metric::RR { k: cut }),
            ("ap" | "map", None) => Ok(Metric::AP {
                k: cut,
                norm: ApNormalization::TotalRelevant,
            }),
            ("ap" | "map", Some(p)) if p.replace(' ', "") == "norm='found'" => Ok(Metric::AP {
                k: cut,
                norm: ApNormalization::RelevantRetrieved,
            }),
            ("ndcg", None) => Ok(Metric::NDCG {
                k: cut,
                gains: Gains::linear(),
            }),
            ("ndcg", Some(p)) if p.replace(' ', "") == "dcg='exp-log2'" => Ok(Metric::NDCG {
                k: cut,
                gains: Gains::exponential(),
            }),
            _ => Err(err(
                "one of P@k, R@k, RR, RR@k, AP, AP@k, nDCG, nDCG@k, nDCG(dcg='exp-log2')@k",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "P@5",
            "R@1000",
            "RR",
            "RR@10",
            "AP",
            "AP@5",
            "AP(norm='found')@5",
            "nDCG",
            "nDCG@10",
            "nDCG(dcg='exp-log2')@10",
        ] {
            let m: Metric = name.parse().unwrap();
            assert_eq!(m.to_string(), name);
        }
        assert_eq!("MRR".parse::<Metric>().unwrap().to_string(), "RR");
        assert!("P".parse::<Metric>().is_err());
        assert!("foo@3".parse::<Metric>().is_err());
        assert!("P@x".parse::<Metric>().is_err());
    }
}
