//! Measure names in ir_measures style, `Base(key=value,...)@cut`, with
//! Ranklab's own parameters where ir_measures has none. `Display` and
//! `FromStr` of [`Metric`] round-trip.

use std::fmt;
use std::str::FromStr;

use super::average_precision::ApNormalization;
use super::ndcg::{Discount, GainKind, Gains};
use super::rbp::RbpGain;
use super::Metric;

mod message;

/// Why a measure name did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetricNameError {
    /// The name as given.
    pub name: String,
    /// What was expected.
    pub expected: NameProblem,
}

/// What the measure-name reader expected, as a kind with its data (its
/// English is written once, in `Display`, in `names/message.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameProblem {
    /// `)` closing the parameters.
    ClosingParen,
    /// Parameters written key=value.
    KeyValue,
    /// A gain override written grade=gain.
    GainPair,
    /// An integer grade in a gain override.
    GainGrade,
    /// A numeric gain in a gain override.
    GainValue,
    /// A parameter nDCG's gains do not take.
    GainParam {
        /// Its key.
        key: String,
        /// Its value.
        value: String,
    },
    /// A number for a parameter.
    Number {
        /// Which: the cutoff, a recall level, or a parameter's key.
        of: NumberOf,
        /// What was written.
        found: String,
    },
    /// A parameter this measure does not take.
    Param {
        /// Its key.
        key: String,
        /// The ones it takes.
        allowed: Vec<&'static str>,
    },
    /// A cutoff after the name.
    Cutoff {
        /// The name as written.
        name: String,
    },
    /// No cutoff on this measure.
    NoCutoff {
        /// The measure's base name.
        base: String,
    },
    /// AP's normalisation.
    Norm {
        /// What was written.
        found: String,
    },
    /// A logarithm base above 1.
    LogBase {
        /// What was written.
        found: String,
    },
    /// A power discount's exponent above 0.
    PowerExponent,
    /// A power discount's offset of 0 or more.
    PowerOffset,
    /// One discount.
    OneDiscount,
    /// The sigmoid's alpha.
    Alpha,
    /// The sigmoid's beta.
    Beta,
    /// Alpha above 0 and a finite beta.
    SigmoidParams,
    /// ERR's stopping probability.
    ErrStop,
    /// RBP's persistence between 0 and 1.
    Persistence,
    /// RBP's rel.
    RbpRel {
        /// What was written.
        found: String,
    },
    /// A recall level after `@`.
    RecallLevel,
    /// A known measure.
    Known,
}

/// What a number in a measure name is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberOf {
    /// The cutoff after `@`.
    Cutoff,
    /// A recall level of 11ptAvg's levels.
    RecallLevel,
    /// The recall level of IPrec.
    TheRecallLevel,
    /// The parameter of this key.
    Param(&'static str),
}

impl std::error::Error for MetricNameError {}

/// Names accepted by `FromStr`, for messages and pickers.
pub const KNOWN_NAMES: &str = "P@k, R@k, RR, RR@k, AP, AP@k, AP(norm='found')@k, nDCG, nDCG@k, \
nDCG(dcg='exp-log2')@k, nDCG(discount='1/rank')@k, nDCG(base=10)@k, nDCG(discount='power',s=1.5)@k, DCG@k, \
ERR@k, ERR(gmax=4)@k, ERR(stop='sigmoid',alpha=1,beta=2)@k, RBP(p=0.8), RBP(p=0.8,rel=1), \
RBP_resid(p=0.8), Hit@k, Success@k, F1@k, MR, MR@k, FRP, FRP@k, AR, GAP, GAP(gmax=3), KendallTau, Rprec, Bpref, infAP, \
IPrec@0.1, 11ptAvg, Judged@k, Unj@k, SetP, SetR, SetAP, SetF, gmAP, gmBpref, NumRet, NumRel, NumRelRet";

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

struct Parsed<'a> {
    base: String,
    params: Vec<(&'a str, &'a str)>,
    cut: Option<&'a str>,
}

fn split_name(s: &str) -> Result<Parsed<'_>, NameProblem> {
    let t = s.trim();
    let (head, cut) = match t.rfind('@') {
        Some(i) if !t[i..].contains(')') => (&t[..i], Some(t[i + 1..].trim())),
        _ => (t, None),
    };
    let (base, params) = match head.find('(') {
        Some(i) => {
            let inner = head[i + 1..]
                .strip_suffix(')')
                .ok_or(NameProblem::ClosingParen)?;
            let mut params = Vec::new();
            for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let (k, v) = part.split_once('=').ok_or(NameProblem::KeyValue)?;
                params.push((k.trim(), v.trim().trim_matches('\'').trim_matches('"')));
            }
            (&head[..i], params)
        }
        None => (head, Vec::new()),
    };
    Ok(Parsed {
        base: base.trim().to_ascii_lowercase(),
        params,
        cut,
    })
}

fn parse_gains(params: &[(&str, &str)]) -> Result<Gains, NameProblem> {
    let mut g = Gains::linear();
    for &(k, v) in params {
        match (k, v) {
            ("dcg", "exp-log2") => g.kind = GainKind::Exponential,
            ("dcg", "log2") => g.kind = GainKind::Linear,
            ("gains", list) => {
                for pair in list.split(';').filter(|p| !p.is_empty()) {
                    let (l, x) = pair.split_once('=').ok_or(NameProblem::GainPair)?;
                    let l: i64 = l.trim().parse().map_err(|_| NameProblem::GainGrade)?;
                    let x: f64 = x.trim().parse().map_err(|_| NameProblem::GainValue)?;
                    g.overrides.push((l, x));
                }
            }
            ("base" | "discount" | "s" | "offset", _) => {}
            _ => {
                return Err(NameProblem::GainParam {
                    key: k.to_string(),
                    value: v.to_string(),
                })
            }
        }
    }
    Ok(g)
}

fn number<T: FromStr>(v: &str, of: NumberOf) -> Result<T, NameProblem> {
    v.parse().map_err(|_| NameProblem::Number {
        of,
        found: v.to_string(),
    })
}

fn param<'a>(params: &[(&'a str, &'a str)], key: &str) -> Option<&'a str> {
    params.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

fn only(params: &[(&str, &str)], allowed: &[&'static str]) -> Result<(), NameProblem> {
    for (k, _) in params {
        if !allowed.contains(k) {
            return Err(NameProblem::Param {
                key: k.to_string(),
                allowed: allowed.to_vec(),
            });
        }
    }
    Ok(())
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
    use Metric::*;
    let p = split_name(s)?;
    let k_opt: Option<usize> = match p.cut {
        Some(c) if p.base != "iprec" => Some(number(c, NumberOf::Cutoff)?),
        _ => None,
    };
    let need_k = || {
        k_opt.ok_or_else(|| NameProblem::Cutoff {
            name: s.trim().to_string(),
        })
    };
    let no_cut = || {
        if p.cut.is_some() {
            Err(NameProblem::NoCutoff {
                base: p.base.clone(),
            })
        } else {
            Ok(())
        }
    };
    let ps = &p.params;
    let m = match p.base.as_str() {
        "p" | "precision" => {
            only(ps, &[])?;
            P { k: need_k()? }
        }
        "r" | "recall" => {
            only(ps, &[])?;
            R { k: need_k()? }
        }
        "rr" | "mrr" => {
            only(ps, &[])?;
            RR { k: k_opt }
        }
        "ap" | "map" => {
            only(ps, &["norm"])?;
            let norm = match param(ps, "norm") {
                None | Some("R") => ApNormalization::TotalRelevant,
                Some("found") => ApNormalization::RelevantRetrieved,
                Some(v) => {
                    return Err(NameProblem::Norm {
                        found: v.to_string(),
                    })
                }
            };
            AP { k: k_opt, norm }
        }
        "ndcg" | "dcg" => {
            only(ps, &["dcg", "gains", "base", "discount", "s", "offset"])?;
            let power = param(ps, "s").is_some() || param(ps, "offset").is_some();
            let discount = match (param(ps, "base"), param(ps, "discount")) {
                (Some(b), None) if !power => {
                    let base: f64 = number(b, NumberOf::Param("base"))?;
                    if !(base > 1.0 && base.is_finite()) {
                        return Err(NameProblem::LogBase {
                            found: b.to_string(),
                        });
                    }
                    Discount::Log { base }
                }
                (None, Some("1/rank")) if !power => Discount::Reciprocal,
                (None, Some("log2") | None) if !power => Discount::LOG2,
                (None, Some("power")) => {
                    let exponent: f64 =
                        number(param(ps, "s").unwrap_or("1"), NumberOf::Param("s"))?;
                    let offset: f64 = number(
                        param(ps, "offset").unwrap_or("0"),
                        NumberOf::Param("offset"),
                    )?;
                    if !(exponent > 0.0 && exponent.is_finite()) {
                        return Err(NameProblem::PowerExponent);
                    }
                    if !(offset >= 0.0 && offset.is_finite()) {
                        return Err(NameProblem::PowerOffset);
                    }
                    Discount::Power { exponent, offset }
                }
                _ => return Err(NameProblem::OneDiscount),
            };
            let (k, gains) = (k_opt, parse_gains(ps)?);
            if p.base == "dcg" {
                DCG { k, gains, discount }
            } else {
                NDCG { k, gains, discount }
            }
        }
        "err" => {
            only(ps, &["gmax", "stop", "alpha", "beta"])?;
            match param(ps, "stop") {
                None | Some("exp")
                    if param(ps, "alpha").is_none() && param(ps, "beta").is_none() =>
                {
                    let gmax = param(ps, "gmax")
                        .map(|v| number(v, NumberOf::Param("gmax")))
                        .transpose()?;
                    ERR { k: k_opt, gmax }
                }
                Some("sigmoid") if param(ps, "gmax").is_none() => {
                    let alpha: f64 = number(
                        param(ps, "alpha").ok_or(NameProblem::Alpha)?,
                        NumberOf::Param("alpha"),
                    )?;
                    let beta: f64 = number(
                        param(ps, "beta").ok_or(NameProblem::Beta)?,
                        NumberOf::Param("beta"),
                    )?;
                    if !(alpha > 0.0 && alpha.is_finite() && beta.is_finite()) {
                        return Err(NameProblem::SigmoidParams);
                    }
                    ErrSigmoid {
                        k: k_opt,
                        alpha,
                        beta,
                    }
                }
                _ => return Err(NameProblem::ErrStop),
            }
        }
        "rbp" => {
            only(ps, &["p", "rel"])?;
            no_cut()?;
            let pv: f64 = number(param(ps, "p").unwrap_or("0.8"), NumberOf::Param("p"))?;
            if !(0.0..1.0).contains(&pv) {
                return Err(NameProblem::Persistence);
            }
            let gain = match param(ps, "rel") {
                None => RbpGain::GradeOverMax,
                Some("1") => RbpGain::Binary,
                Some(v) => {
                    return Err(NameProblem::RbpRel {
                        found: v.to_string(),
                    })
                }
            };
            RBP { p: pv, gain }
        }
        "rbp_resid" => {
            only(ps, &["p"])?;
            no_cut()?;
            RBPResidual {
                p: number(param(ps, "p").unwrap_or("0.8"), NumberOf::Param("p"))?,
            }
        }
        "hit" | "success" => {
            only(ps, &[])?;
            Success { k: need_k()? }
        }
        "f1" => F1 { k: need_k()? },
        "mr" => MeanRank { k: k_opt },
        "frp" => FRP { k: k_opt },
        "ar" | "mar" => {
            no_cut()?;
            AR
        }
        "gap" => {
            only(ps, &["gmax"])?;
            no_cut()?;
            GAP {
                gmax: param(ps, "gmax")
                    .map(|v| number(v, NumberOf::Param("gmax")))
                    .transpose()?,
            }
        }
        "kendalltau" => {
            no_cut()?;
            KendallTau
        }
        "rprec" => match param(ps, "mult") {
            Some(m) => RprecMult {
                multiple: number(m, NumberOf::Param("mult"))?,
            },
            None => Rprec,
        },
        "bpref" => Bpref,
        "gmbpref" => GmBpref,
        "infap" => InfAP,
        "gmap" => GmAP,
        "iprec" => IPrec {
            recall: number(
                p.cut.ok_or(NameProblem::RecallLevel)?,
                NumberOf::TheRecallLevel,
            )?,
        },
        "11ptavg" => match param(ps, "levels") {
            Some(l) => ElevenPointAverage {
                levels: l
                    .split(';')
                    .map(|x| number(x.trim(), NumberOf::RecallLevel))
                    .collect::<Result<_, _>>()?,
            },
            None => ElevenPointAverage {
                levels: super::interpolated::ELEVEN_LEVELS.to_vec(),
            },
        },
        "setp" => SetP,
        "setr" => SetRecall,
        "setap" => SetAP,
        "setrelp" => SetRelativeP,
        "relp" => RelativeP { k: need_k()? },
        "setf" => SetF {
            beta: number(param(ps, "beta").unwrap_or("1"), NumberOf::Param("beta"))?,
        },
        "unj" => Unjudged { k: need_k()? },
        "judged" => Judged { k: need_k()? },
        "bing" => BinG,
        "g" => G {
            gains: parse_gains(ps)?,
        },
        "ndcg_rel" => NdcgRel {
            gains: parse_gains(ps)?,
        },
        "rndcg" => Rndcg {
            gains: parse_gains(ps)?,
        },
        "numret" => NumRet,
        "numrel" => NumRel,
        "numrelret" => NumRelRet,
        "numnonreljudgedret" => NumNonrelJudgedRet,
        "utility" => {
            let c = |key: &'static str, d| {
                number::<f64>(param(ps, key).unwrap_or(d), NumberOf::Param(key))
            };
            Utility {
                coefficients: [c("a", "1")?, c("b", "-1")?, c("c", "0")?, c("d", "0")?],
            }
        }
        "trec_rbp" => {
            let pv = number(param(ps, "p").unwrap_or("0.9"), NumberOf::Param("p"))?;
            let rest: Vec<(&str, &str)> = ps.iter().copied().filter(|(k, _)| *k != "p").collect();
            TrecRbp {
                p: pv,
                gains: parse_gains(&rest)?,
            }
        }
        "trec_rbp_resid" => TrecRbpResid {
            p: number(param(ps, "p").unwrap_or("0.9"), NumberOf::Param("p"))?,
        },
        _ => return Err(NameProblem::Known),
    };
    Ok(m)
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
