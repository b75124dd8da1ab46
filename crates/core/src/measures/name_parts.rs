//! A measure name's parts, `Base(key=value,...)@cut`, and what the reader
//! expected when a name does not read: each family's module reads its own
//! bases from these parts (its `read_name`), `names.rs` tries them in turn.

use std::fmt;
use std::str::FromStr;

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

/// A measure name cut into its parts: the base in lower case, the
/// parameters in order, the text after `@` and the cutoff it reads as.
pub(crate) struct Name<'a> {
    /// The name as given, trimmed (for messages).
    pub full: &'a str,
    /// The base, lower case (`ndcg`, `p`, `rbp_resid`).
    pub base: String,
    /// `key=value` pairs, quotes taken off the values.
    pub params: Vec<(&'a str, &'a str)>,
    /// The text after `@`.
    pub cut: Option<&'a str>,
    /// The cutoff after `@` (`IPrec@0.1`'s is a recall level, not a cutoff).
    pub k: Option<usize>,
}

impl Name<'_> {
    /// The cutoff, which this measure needs.
    pub(crate) fn need_k(&self) -> Result<usize, NameProblem> {
        self.k.ok_or_else(|| NameProblem::Cutoff {
            name: self.full.to_string(),
        })
    }

    /// Nothing after `@`, which this measure takes none of.
    pub(crate) fn no_cut(&self) -> Result<(), NameProblem> {
        if self.cut.is_some() {
            Err(NameProblem::NoCutoff {
                base: self.base.clone(),
            })
        } else {
            Ok(())
        }
    }
}

/// Cuts `s` into its [`Name`] parts.
pub(crate) fn split_name(s: &str) -> Result<Name<'_>, NameProblem> {
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
    let base = base.trim().to_ascii_lowercase();
    let k = match cut {
        Some(c) if base != "iprec" => Some(number(c, NumberOf::Cutoff)?),
        _ => None,
    };
    Ok(Name {
        full: t,
        base,
        params,
        cut,
        k,
    })
}

/// A number of a name, or what it was for.
pub(crate) fn number<T: FromStr>(v: &str, of: NumberOf) -> Result<T, NameProblem> {
    v.parse().map_err(|_| NameProblem::Number {
        of,
        found: v.to_string(),
    })
}

/// The value of parameter `key`.
pub(crate) fn param<'a>(params: &[(&'a str, &'a str)], key: &str) -> Option<&'a str> {
    params.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// Every parameter among `allowed`.
pub(crate) fn only(params: &[(&str, &str)], allowed: &[&'static str]) -> Result<(), NameProblem> {
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

/// `@k` after a name, when there is a cutoff.
pub(crate) fn cut(f: &mut fmt::Formatter<'_>, k: &Option<usize>) -> fmt::Result {
    match k {
        Some(k) => write!(f, "@{k}"),
        None => Ok(()),
    }
}

/// `base(params)`, or `base` without parameters.
pub(crate) fn with_params(f: &mut fmt::Formatter<'_>, base: &str, params: &str) -> fmt::Result {
    if params.is_empty() {
        write!(f, "{base}")
    } else {
        write!(f, "{base}({params})")
    }
}
