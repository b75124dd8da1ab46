//! The English of a measure name's problems: what follows "expected" when
//! a name cannot be read ([`MetricNameError`]).

use std::fmt;

use super::{MetricNameError, NameProblem, NumberOf, KNOWN_NAMES};

impl fmt::Display for NumberOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberOf::Cutoff => f.write_str("the cutoff after @"),
            NumberOf::RecallLevel => f.write_str("a recall level"),
            NumberOf::TheRecallLevel => f.write_str("the recall level"),
            NumberOf::Param(key) => f.write_str(key),
        }
    }
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::measures::NameProblem::*;
        match self {
            ClosingParen => f.write_str("`)` closing the parameters"),
            KeyValue => f.write_str("parameters written key=value, as in RBP(p=0.8)"),
            GainPair => f.write_str("gains='1=3;2=9'"),
            GainGrade => f.write_str("integer grades in gains='1=3;2=9'"),
            GainValue => f.write_str("numeric gains in gains='1=3;2=9'"),
            GainParam { key, value } => write!(
                f,
                "no parameter `{key}={value}` here (dcg='exp-log2', gains='1=3;2=9')"
            ),
            Number { of, found } => write!(f, "a number for {of}, found `{found}`"),
            Param { key, allowed } => write!(
                f,
                "no parameter `{key}` here (allowed: {})",
                if allowed.is_empty() {
                    "none".to_string()
                } else {
                    allowed.join(", ")
                }
            ),
            Cutoff { name } => write!(f, "a cutoff, as in {name}@10"),
            NoCutoff { base } => write!(f, "no cutoff on {base}"),
            Norm { found } => write!(f, "norm='R' or norm='found', found `{found}`"),
            LogBase { found } => write!(f, "a logarithm base above 1, found `{found}`"),
            PowerExponent => f.write_str("a power discount's exponent s above 0"),
            PowerOffset => f.write_str("a power discount's offset of 0 or more"),
            OneDiscount => f.write_str("one discount: base=B (1/log_B(rank+1)), discount='1/rank', or discount='power' with s=S (and offset=O): 1/(rank+O)^S"),
            Alpha => f.write_str("alpha=A (the sigmoid's steepness)"),
            Beta => f.write_str("beta=B (the grade stopping half the users)"),
            SigmoidParams => f.write_str("alpha above 0 and a finite beta"),
            ErrStop => f.write_str("ERR(gmax=G) for (2^g − 1)/2^G, or ERR(stop='sigmoid',alpha=A,beta=B) for 1/(1 + e^(−A(g − B)))"),
            Persistence => f.write_str("p between 0 and 1 (exclusive of 1)"),
            RbpRel { found } => write!(f, "rel=1 (binary) or no rel (graded), found `{found}`"),
            RecallLevel => f.write_str("a recall level, as in IPrec@0.1"),
            Known => write!(f, "a known measure ({KNOWN_NAMES})"),
        }
    }
}

impl fmt::Display for MetricNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read measure `{}`: expected {}",
            self.name, self.expected
        )
    }
}
