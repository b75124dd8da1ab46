//! Buckley's experimental G and binG measures (trec_eval 10, `m_G.c`,
//! `m_binG.c`, 4/10/2008).
//!
//! binG = (1/R) Σ_{relevant retrieved d} 1 / log2(2 + n_d), n_d the number of
//! non-relevant retrieved documents above d.
//!
//! G: the document at rank i adds gain_i / log2(2 + cost_i − sum_i), where
//! sum_i is the results' cumulated gain through i and cost_i the ideal
//! cumulated gain through i with each position costing at least 1; G is the
//! total divided by the ideal total gain (0 when that is 0).

use super::name_parts::{with_params, Name, NameProblem};
use super::ndcg::{gain_pairs, gains_params, Gains};
use super::trec_parts::named;
use super::Metric;
use crate::judged::JudgedRanking;
use std::fmt;

use super::family::MeasureFamily;
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_plain, TrecName};

/// binG as defined above; 0 when nothing relevant is retrieved.
pub fn bin_g(r: &JudgedRanking) -> f64 {
    let mut rel_so_far = 0usize;
    let mut sum = 0.0;
    for (i, rel) in r.rel_flags().enumerate() {
        if rel {
            rel_so_far += 1;
            sum += 1.0 / ((3 + i - rel_so_far) as f64).log2();
        }
    }
    if rel_so_far == 0 {
        0.0
    } else {
        sum / r.num_rel() as f64
    }
}

/// G with the given gains (trec_eval's default: gain = grade).
pub fn g(r: &JudgedRanking, gains: &Gains) -> f64 {
    let ideal = gains.ideal(r);
    let ideal_total: f64 = ideal.iter().sum();
    let mut sum_results = 0.0;
    let mut sum_cost = 0.0;
    let mut total = 0.0;
    for (i, &rel) in r.ranked.iter().enumerate() {
        let gain = gains.of(rel);
        sum_results += gain;
        let ideal_gain = ideal.get(i).copied().unwrap_or(0.0);
        sum_cost += ideal_gain.max(1.0);
        if gain != 0.0 {
            total += gain / (2.0 + sum_cost - sum_results).log2();
        }
    }
    if ideal_total > 0.0 {
        total / ideal_total
    } else {
        0.0
    }
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "bing" => BinG,
            "g" => G {
                gains: super::ndcg::read_gains(ps)?,
            },
            _ => return Ok(None),
        }))
    }

    fn expand_trec(
        &self,
        family: &str,
        raw: Option<&str>,
        push: &mut dyn FnMut(String, Metric),
    ) -> Result<bool, String> {
        match family {
            "binG" => push(family.into(), Metric::BinG),
            "G" => push(
                named(family, raw),
                Metric::G {
                    gains: gain_pairs(family, raw)?,
                },
            ),
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::BinG => trec_plain("binG"),
            Metric::G { gains } if *gains == Gains::linear() => trec_plain("G"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            BinG => write!(f, "binG"),
            G { gains } => with_params(f, "G", &gains_params(gains)),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::binary;

    #[test]
    fn bin_g_by_hand() {
        // R N R, R = 2: 1/log2(2) + 1/log2(3).
        let r = binary(&[1, 0, 1], 2);
        assert!((bin_g(&r) - (1.0 + 1.0 / 3f64.log2()) / 2.0).abs() < 1e-15);
        // Binary gains: G equals binG when every ideal gain is 1.
        assert!((g(&r, &Gains::linear()) - bin_g(&r)).abs() < 1e-15);
    }
}
