//! Measure names in ir_measures style, `Base(key=value,...)@cut`, with
//! Ranklab's own parameters where ir_measures has none. `Display` and
//! `FromStr` of [`Metric`] round-trip.

use std::fmt;
use std::str::FromStr;

use super::average_precision::ApNormalization;
use super::name_parts::MetricNameError;
use super::name_parts::{split_name, Name, NameProblem};
use super::ndcg::{Discount, GainKind, Gains};
use super::rbp::RbpGain;
use super::{
    average_precision, bpref, err, gain_g, interpolated, ndcg, precision, rank_statistics, rbp,
    recall, reciprocal_rank, set_based, Metric,
};

fn cut(f: &mut fmt::Formatter<'_>, k: &Option<usize>) -> fmt::Result {
    match k {
        Some(k) => write!(f, "@{k}"),
        None => Ok(()),
    }
}

fn gains_params(g: &Gains) -> String {
    let mut parts = Vec::new();
    if g.kind == GainKind::Exponential {
        parts.push("dcg='exp-log2'".to_string());
    }
    if !g.overrides.is_empty() {
        let list: Vec<String> = g
            .overrides
            .iter()
            .map(|(l, v)| format!("{l}={v}"))
            .collect();
        parts.push(format!("gains='{}'", list.join(";")));
    }
    parts.join(",")
}

fn with_params(f: &mut fmt::Formatter<'_>, base: &str, params: &str) -> fmt::Result {
    if params.is_empty() {
        write!(f, "{base}")
    } else {
        write!(f, "{base}({params})")
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Metric::*;
        match self {
            NumRet => write!(f, "NumRet"),
            NumRel => write!(f, "NumRel"),
            NumRelRet => write!(f, "NumRelRet"),
            NumNonrelJudgedRet => write!(f, "NumNonRelJudgedRet"),
            P { k } => write!(f, "P@{k}"),
            R { k } => write!(f, "R@{k}"),
            RR { k } => {
                write!(f, "RR")?;
                cut(f, k)
            }
            AP { k, norm } => {
                write!(f, "AP")?;
                if *norm == ApNormalization::RelevantRetrieved {
                    write!(f, "(norm='found')")?;
                }
                cut(f, k)
            }
            GmAP => write!(f, "gmAP"),
            NDCG { k, gains, discount } | DCG { k, gains, discount } => {
                let mut params = gains_params(gains);
                match discount {
                    Discount::Log { base } if *base == 2.0 => {}
                    Discount::Log { base } => {
                        if !params.is_empty() {
                            params.push(',');
                        }
                        params.push_str(&format!("base={base}"));
                    }
                    Discount::Reciprocal => {
                        if !params.is_empty() {
                            params.push(',');
                        }
                        params.push_str("discount='1/rank'");
                    }
                    Discount::Power { exponent, offset } => {
                        if !params.is_empty() {
                            params.push(',');
                        }
                        params.push_str(&format!("discount='power',s={exponent}"));
                        if *offset != 0.0 {
                            params.push_str(&format!(",offset={offset}"));
                        }
                    }
                }
                let name = if matches!(self, DCG { .. }) {
                    "DCG"
                } else {
                    "nDCG"
                };
                with_params(f, name, &params)?;
                cut(f, k)
            }
            Rprec => write!(f, "Rprec"),
            RprecMult { multiple } => write!(f, "Rprec(mult={multiple})"),
            SetP => write!(f, "SetP"),
            RelativeP { k } => write!(f, "RelP@{k}"),
            SetRelativeP => write!(f, "SetRelP"),
            SetRecall => write!(f, "SetR"),
            Success { k } => write!(f, "Success@{k}"),
            SetAP => write!(f, "SetAP"),
            InfAP => write!(f, "infAP"),
            Bpref => write!(f, "Bpref"),
            GmBpref => write!(f, "gmBpref"),
            IPrec { recall } => write!(f, "IPrec@{recall}"),
            ElevenPointAverage { levels } => {
                if levels.as_slice() == super::interpolated::ELEVEN_LEVELS {
                    write!(f, "11ptAvg")
                } else {
                    let l: Vec<String> = levels.iter().map(|x| x.to_string()).collect();
                    write!(f, "11ptAvg(levels='{}')", l.join(";"))
                }
            }
            BinG => write!(f, "binG"),
            G { gains } => with_params(f, "G", &gains_params(gains)),
            NdcgRel { gains } => with_params(f, "nDCG_rel", &gains_params(gains)),
            Rndcg { gains } => with_params(f, "Rndcg", &gains_params(gains)),
            TrecRbp { p, gains } => {
                let g = gains_params(gains);
                let sep = if g.is_empty() { "" } else { "," };
                write!(f, "trec_rbp(p={p}{sep}{g})")
            }
            TrecRbpResid { p } if *p == 0.9 => write!(f, "trec_rbp_resid"),
            TrecRbpResid { p } => write!(f, "trec_rbp_resid(p={p})"),
            Utility {
                coefficients: [a, b, c, d],
            } => write!(f, "Utility(a={a},b={b},c={c},d={d})"),
            SetF { beta } => write!(f, "SetF(beta={beta})"),
            Unjudged { k } => write!(f, "Unj@{k}"),
            Judged { k } => write!(f, "Judged@{k}"),
            ERR { k, gmax } => {
                write!(f, "ERR")?;
                if let Some(g) = gmax {
                    write!(f, "(gmax={g})")?;
                }
                cut(f, k)
            }
            ErrSigmoid { k, alpha, beta } => {
                write!(f, "ERR(stop='sigmoid',alpha={alpha},beta={beta})")?;
                cut(f, k)
            }
            RBP { p, gain } => match gain {
                RbpGain::GradeOverMax => write!(f, "RBP(p={p})"),
                RbpGain::Binary => write!(f, "RBP(p={p},rel=1)"),
            },
            RBPResidual { p } => write!(f, "RBP_resid(p={p})"),
            MeanRank { k } => {
                write!(f, "MR")?;
                cut(f, k)
            }
            FRP { k } => {
                write!(f, "FRP")?;
                cut(f, k)
            }
            AR => write!(f, "AR"),
            F1 { k } => write!(f, "F1@{k}"),
            KendallTau => write!(f, "KendallTau"),
            GAP { gmax: None } => write!(f, "GAP"),
            GAP { gmax: Some(g) } => write!(f, "GAP(gmax={g})"),
        }
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

/// A family's reader of names: the measure a name of its stands for, or
/// `None` for another family's.
type Reader = fn(&Name<'_>) -> Result<Option<Metric>, NameProblem>;

/// Each family's reader of names (a base belongs to one family), tried in turn.
const READERS: [Reader; 13] = [
    precision::read_name,
    recall::read_name,
    reciprocal_rank::read_name,
    average_precision::read_name,
    ndcg::read_name,
    err::read_name,
    rbp::read_name,
    set_based::read_name,
    rank_statistics::read_name,
    bpref::read_name,
    interpolated::read_name,
    gain_g::read_name,
    read_count_name,
];

fn parse_metric(s: &str) -> Result<Metric, NameProblem> {
    let n = split_name(s)?;
    for read in READERS {
        if let Some(m) = read(&n)? {
            return Ok(m);
        }
    }
    Err(NameProblem::Known)
}

/// The counts' names (`NumRet`, `NumRel`, ...): the counts of `Metric`
/// itself, computed in `measures/mod.rs`.
fn read_count_name(n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
    use Metric::*;
    Ok(Some(match n.base.as_str() {
        "numret" => NumRet,
        "numrel" => NumRel,
        "numrelret" => NumRelRet,
        "numnonreljudgedret" => NumNonrelJudgedRet,
        _ => return Ok(None),
    }))
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
