//! Measure names in ir_measures style, `Base(key=value,...)@cut`, with
//! Ranklab's own parameters where ir_measures has none. `Display` and
//! `FromStr` of [`Metric`] round-trip.

use std::fmt;
use std::str::FromStr;

use super::name_parts::{split_name, MetricNameError, NameProblem};
use super::{Metric, MEASURE_FAMILIES};

impl fmt::Display for Metric {
    /// The name its family writes (each family names its own measures).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for family in MEASURE_FAMILIES {
            if let Some(written) = family.write_name(self, f) {
                return written;
            }
        }
        // A measure no family names (names_round_trip fails on one): said
        // so, not written by `Debug` (which the page's and the worker's
        // builds would otherwise carry for every measure's fields).
        f.write_str("(a measure no family names)")
    }
}

impl FromStr for Metric {
    type Err = MetricNameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_metric(s).map_err(|expected| MetricNameError {
            name: s.to_string(),
            expected,
        })
    }
}

fn parse_metric(s: &str) -> Result<Metric, NameProblem> {
    let n = split_name(s)?;
    for family in MEASURE_FAMILIES {
        if let Some(m) = family.read_name(&n)? {
            return Ok(m);
        }
    }
    Err(NameProblem::Known)
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
            "gmAP",
            "nDCG",
            "nDCG@10",
            "nDCG(dcg='exp-log2')@10",
            "DCG@5",
            "DCG(dcg='exp-log2')@5",
            "nDCG(discount='1/rank')@3",
            "nDCG(base=10)@5",
            "nDCG(discount='power',s=1.5)@3",
            "DCG(dcg='exp-log2',discount='power',s=2,offset=1)@5",
            "nDCG(gains='1=3;2=9')",
            "ERR@20",
            "ERR(gmax=4)@20",
            "ERR(stop='sigmoid',alpha=1,beta=2)@10",
            "ERR(stop='sigmoid',alpha=0.5,beta=1.5)",
            "RBP(p=0.8)",
            "RBP(p=0.8,rel=1)",
            "RBP_resid(p=0.8)",
            "GAP",
            "GAP(gmax=3)",
            "Success@10",
            "F1@5",
            "MR",
            "MR@10",
            "FRP",
            "FRP@10",
            "AR",
            "KendallTau",
            "Rprec",
            "Rprec(mult=0.2)",
            "Bpref",
            "gmBpref",
            "infAP",
            "IPrec@0.1",
            "11ptAvg",
            "SetP",
            "SetR",
            "SetAP",
            "SetRelP",
            "RelP@5",
            "SetF(beta=1)",
            "Unj@5",
            "Judged@10",
            "binG",
            "G",
            "nDCG_rel",
            "Rndcg",
            "trec_rbp(p=0.9)",
            "trec_rbp_resid",
            "Utility(a=2,b=-1,c=0,d=0)",
            "NumRet",
            "NumRel",
            "NumRelRet",
            "NumNonRelJudgedRet",
        ] {
            let m: Metric = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(m.to_string(), name);
        }
    }

    #[test]
    fn aliases_and_errors() {
        assert_eq!("MRR".parse::<Metric>().unwrap().to_string(), "RR");
        assert_eq!("Hit@3".parse::<Metric>().unwrap().to_string(), "Success@3");
        assert_eq!("MAP@10".parse::<Metric>().unwrap().to_string(), "AP@10");
        for bad in [
            "P",
            "foo@3",
            "P@x",
            "RBP(p=2)",
            "AP(norm='x')",
            "nDCG(foo=1)",
            "RBP(p=0.8)@5",
            "nDCG(base=1)@5",
            "nDCG(base=-2)@5",
            "nDCG(discount='power',s=0)@5",
            "nDCG(discount='power',offset=-1)@5",
            "nDCG(s=2)@5",
            "nDCG(discount='1/rank',s=2)@5",
            "ERR(stop='sigmoid',alpha=1)@5",
            "ERR(stop='sigmoid',alpha=0,beta=1)@5",
            "ERR(stop='sigmoid',alpha=1,beta=1,gmax=3)@5",
            "ERR(alpha=1,beta=1)@5",
            "ERR(stop='x')@5",
        ] {
            assert!(bad.parse::<Metric>().is_err(), "{bad}");
        }
    }
}
