//! The counts of a query's documents: retrieved, relevant, relevant
//! retrieved, judged non-relevant retrieved (trec_eval's `num_ret`,
//! `num_rel`, `num_rel_ret`, `num_nonrel_judged_ret`). Summed over queries.

use super::name_parts::{Name, NameProblem};
use super::Metric;
use crate::judged::{JudgedRanking, Rel};
use std::fmt;

use super::family::MeasureFamily;
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_plain, TrecName};

/// Judged non-relevant documents retrieved (grade below the relevance
/// level; unjudged ones are not counted).
pub fn num_nonrel_judged_ret(r: &JudgedRanking) -> f64 {
    r.ranked
        .iter()
        .filter(|x| matches!(x, Rel::Judged(g) if *g < r.relevance_level))
        .count() as f64
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        Ok(Some(match n.base.as_str() {
            "numret" => NumRet,
            "numrel" => NumRel,
            "numrelret" => NumRelRet,
            "numnonreljudgedret" => NumNonrelJudgedRet,
            _ => return Ok(None),
        }))
    }

    fn expand_trec(
        &self,
        family: &str,
        _raw: Option<&str>,
        push: &mut dyn FnMut(String, Metric),
    ) -> Result<bool, String> {
        match family {
            "num_ret" => push(family.into(), Metric::NumRet),
            "num_rel" => push(family.into(), Metric::NumRel),
            "num_rel_ret" => push(family.into(), Metric::NumRelRet),
            "num_nonrel_judged_ret" => push(family.into(), Metric::NumNonrelJudgedRet),
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::NumRet => trec_plain("num_ret"),
            Metric::NumRel => trec_plain("num_rel"),
            Metric::NumRelRet => trec_plain("num_rel_ret"),
            Metric::NumNonrelJudgedRet => trec_plain("num_nonrel_judged_ret"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            NumRet => write!(f, "NumRet"),
            NumRel => write!(f, "NumRel"),
            NumRelRet => write!(f, "NumRelRet"),
            NumNonrelJudgedRet => write!(f, "NumNonRelJudgedRet"),
            _ => return None,
        })
    }
}
