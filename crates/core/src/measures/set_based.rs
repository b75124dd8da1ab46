//! Set measures over the retrieved set as a whole: utility and F
//! (trec_eval `utility`, `set_F`), and the unjudged fraction (`unj`).

use super::name_parts::{number, param, Name, NameProblem, NumberOf};
use super::precision::ratio;
use super::steps::{depth, f4, relevance_note, Explanation};
use super::trec_parts::{doubles, longs, named};
use super::Metric;
use crate::judged::{JudgedRanking, Rel};
use std::fmt;

use super::family::{MeasureFamily, WorkedSteps};
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_cut, trec_plain, TrecName};
use super::EvalContext;

/// Linear utility a·(rel ret) + b·(nonrel ret) + c·(rel not ret) + d·(nonrel
/// not ret), with "nonrel not ret" = docs_in_collection + rel ret − ret − R
/// (trec_eval's `-N`, 0 by default). trec_eval's default is (1, −1, 0, 0).
pub fn utility(r: &JudgedRanking, coefficients: [f64; 4], docs_in_collection: f64) -> f64 {
    let [a, b, c, d] = coefficients;
    let (ret, rel, rel_ret) = (
        r.num_ret() as f64,
        r.num_rel() as f64,
        r.num_rel_ret() as f64,
    );
    a * rel_ret
        + b * (ret - rel_ret)
        + c * (rel - rel_ret)
        + d * (docs_in_collection + rel_ret - ret - rel)
}

/// F_β over the retrieved set: (β + 1)·P·R / (β·P + R) with β the relative
/// importance of recall (trec_eval's `set_F` parameter, default 1). 0 when
/// nothing is retrieved, R = 0 or nothing relevant is retrieved.
pub fn set_f(r: &JudgedRanking, beta: f64) -> f64 {
    let p = ratio(r.num_rel_ret(), r.num_ret());
    let rc = ratio(r.num_rel_ret(), r.num_rel());
    if p == 0.0 || rc == 0.0 {
        return 0.0;
    }
    (beta + 1.0) * p * rc / (beta * p + rc)
}

/// F1@k: harmonic mean of P@k and R@k (0 when both are 0).
pub fn f1_at(r: &JudgedRanking, k: usize) -> f64 {
    let p = super::precision::precision_at(r, k);
    let rc = super::recall::recall_at(r, k);
    if p + rc == 0.0 {
        0.0
    } else {
        2.0 * p * rc / (p + rc)
    }
}

/// Unjudged fraction of the top k (trec_eval `unj_k`): documents absent from
/// the qrels or in them with a negative grade, divided by k (missing ranks
/// count as judged).
pub fn unjudged_at(r: &JudgedRanking, k: usize) -> f64 {
    if k == 0 {
        return 0.0;
    }
    let n = r
        .ranked
        .iter()
        .take(k)
        .filter(|x| !matches!(x, Rel::Judged(_)))
        .count();
    n as f64 / k as f64
}

/// Judged fraction of the top k (ir_measures `Judged@k`): documents in the
/// top k that the qrels list (any grade, negative ones included), divided
/// by the number of documents in the top k, min(k, retrieved) (0 when
/// nothing is retrieved). Unlike trec_eval's `unj_k`, which divides by k
/// and counts negative grades as unjudged.
pub fn judged_at(r: &JudgedRanking, k: usize) -> f64 {
    let top = &r.ranked[..k.min(r.ranked.len())];
    let n = top.iter().filter(|x| !matches!(x, Rel::NotInPool)).count();
    ratio(n, top.len())
}

/// The worked steps of F1@k on `r` (whose value is `value`).
pub(crate) fn explain_f1(k: &usize, r: &JudgedRanking, value: f64, e: &mut Explanation) {
    let found = (0..depth(r, Some(*k))).filter(|&i| r.is_rel(i)).count();
    let p = found as f64 / *k as f64;
    let rr = if r.num_rel() == 0 {
        0.0
    } else {
        found as f64 / r.num_rel() as f64
    };
    e.formula = format!("F1@{k} = 2 · P@{k} · R@{k} / (P@{k} + R@{k})");
    e.lines.push(format!(
        "P@{k} = {}, R@{k} = {}: F1@{k} = {}.",
        f4(p),
        f4(rr),
        f4(value)
    ));
    e.notes.push(relevance_note(r));
}

/// The ranks (1-based) of the top `k` of `r` whose judgment passes `keep`,
/// in words: "ranks 1, 3 and 4", or "none".
fn ranks_where(r: &JudgedRanking, k: usize, keep: impl Fn(&Rel) -> bool) -> (usize, String) {
    let ranks: Vec<String> = r
        .ranked
        .iter()
        .take(k)
        .enumerate()
        .filter(|(_, x)| keep(x))
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    let words = match ranks.len() {
        0 => "none".to_string(),
        1 => format!("rank {}", ranks[0]),
        _ => format!("ranks {}", crate::plural::listed(&ranks)),
    };
    (ranks.len(), words)
}

/// The worked steps of Judged@k (ir_measures' convention: a negative grade
/// is a judgment; the top k is as long as the ranking when shorter) and
/// unj@k (trec_eval's: a negative grade is unjudged; divided by k), each
/// naming how the other counts, so their two values are not read as one.
pub(crate) fn explain_judged(
    k: usize,
    judged: bool,
    r: &JudgedRanking,
    value: f64,
    e: &mut Explanation,
) {
    let negative = r
        .ranked
        .iter()
        .take(k)
        .filter(|x| matches!(x, Rel::Unjudged))
        .count();
    // What each counts, over what, and how the other counts a negative grade.
    let (name, counted, over, listed, other) = if judged {
        (
            "Judged",
            "that the qrels list (any grade, negative ones included) / min({k}, documents retrieved) (ir_measures)",
            k.min(r.ranked.len()),
            "In the qrels",
            "counted as judged, as ir_measures counts it; trec_eval's unj@{k} counts such a document as unjudged, and divides by {k}",
        )
    } else {
        (
            "unj",
            "not in the qrels or in them with a negative grade / {k} (trec_eval)",
            k,
            "Unjudged",
            "counted as unjudged, as trec_eval counts it; ir_measures' Judged@{k} counts such a document as judged",
        )
    };
    let (n, ranks) = ranks_where(r, k, |x| {
        if judged {
            !matches!(x, Rel::NotInPool)
        } else {
            !matches!(x, Rel::Judged(_))
        }
    });
    let with_k = |text: &str| text.replace("{k}", &k.to_string());
    e.formula = format!("{name}@{k} = documents of the top {k} {}", with_k(counted));
    e.lines.push(format!("{listed}: {ranks}."));
    e.lines
        .push(format!("{name}@{k} = {n} / {over} = {}.", f4(value)));
    if negative > 0 {
        e.notes.push(format!(
            "{} with a negative grade {}.",
            crate::plural::plural(negative, "document", "documents"),
            with_k(other)
        ));
    }
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "f1" => F1 { k: n.need_k()? },
            "setf" => SetF {
                beta: number(param(ps, "beta").unwrap_or("1"), NumberOf::Param("beta"))?,
            },
            "unj" => Unjudged { k: n.need_k()? },
            "judged" => Judged { k: n.need_k()? },
            "utility" => {
                let c = |key: &'static str, d| {
                    number::<f64>(param(ps, key).unwrap_or(d), NumberOf::Param(key))
                };
                Utility {
                    coefficients: [c("a", "1")?, c("b", "-1")?, c("c", "0")?, c("d", "0")?],
                }
            }
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
            "utility" => {
                let c = doubles(family, raw, &[1.0, -1.0, 0.0, 0.0], false)?;
                let coefficients: [f64; 4] = c
                    .try_into()
                    .map_err(|_| "measure utility: expected 4 coefficients a,b,c,d".to_string())?;
                push(named(family, raw), Metric::Utility { coefficients });
            }
            "set_F" => {
                let beta = doubles(family, raw, &[1.0], false)?[0];
                push(named(family, raw), Metric::SetF { beta });
            }
            "unj" => {
                for k in longs(family, raw, &[5, 10, 20])? {
                    push(format!("unj_{k}"), Metric::Unjudged { k });
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::SetF { beta } if *beta == 1.0 => trec_plain("set_F"),
            Metric::Utility { coefficients } if *coefficients == [1.0, -1.0, 0.0, 0.0] => {
                trec_plain("utility")
            }
            Metric::Unjudged { k } => trec_cut("unj", *k),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            Utility {
                coefficients: [a, b, c, d],
            } => write!(f, "Utility(a={a},b={b},c={c},d={d})"),
            SetF { beta } => write!(f, "SetF(beta={beta})"),
            Unjudged { k } => write!(f, "Unj@{k}"),
            Judged { k } => write!(f, "Judged@{k}"),
            F1 { k } => write!(f, "F1@{k}"),
            _ => return None,
        })
    }
}

impl WorkedSteps for Family {
    fn explain(
        &self,
        m: &Metric,
        r: &JudgedRanking,
        _ctx: &EvalContext,
        value: f64,
        e: &mut Explanation,
    ) -> bool {
        match m {
            Metric::F1 { k } => explain_f1(k, r, value, e),
            Metric::Judged { k } => explain_judged(*k, true, r, value, e),
            Metric::Unjudged { k } => explain_judged(*k, false, r, value, e),
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod explain_tests {
    use super::*;
    use crate::measures::{EvalContext, Metric};
    use crate::pipeline::explain::explain;

    /// Top 4 of a ranking of 3: judged 2, a negative grade, not in the
    /// qrels. Judged@4 = 2 / 3 (the negative one counts, over the 3
    /// retrieved); unj@4 = 2 / 4 (it does not, over 4).
    #[test]
    fn judged_and_unjudged_explain_their_counts_and_each_other() {
        let r = JudgedRanking::new(
            vec![Rel::Judged(1), Rel::Unjudged, Rel::NotInPool],
            vec![1],
            1,
        );
        let ctx = EvalContext::with_max_grade(Some(1));
        let j = explain(&Metric::Judged { k: 4 }, &r, &ctx);
        assert_eq!(
            j.lines,
            ["In the qrels: ranks 1 and 2.", "Judged@4 = 2 / 3 = 0.6667."]
        );
        assert!(
            j.notes
                .iter()
                .any(|n| n.starts_with("1 document with a negative grade counted as judged")),
            "{:?}",
            j.notes
        );
        let u = explain(&Metric::Unjudged { k: 4 }, &r, &ctx);
        assert_eq!(
            u.lines,
            ["Unjudged: ranks 2 and 3.", "unj@4 = 2 / 4 = 0.5000."]
        );
        assert!(
            u.notes.iter().any(|n| n.contains("counted as unjudged")),
            "{:?}",
            u.notes
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::binary;

    #[test]
    fn by_hand() {
        let r = binary(&[1, 0, 0, 1], 4);
        assert_eq!(utility(&r, [1.0, -1.0, 0.0, 0.0], 0.0), 0.0);
        // P = 1/2, R = 1/2 -> F1 = 1/2.
        assert_eq!(set_f(&r, 1.0), 0.5);
        assert_eq!(f1_at(&r, 4), 0.5);
        assert_eq!(unjudged_at(&r, 5), 0.0);
        // 4 judged of the 4 retrieved (k = 5 is past the list).
        assert_eq!(judged_at(&r, 5), 1.0);
        assert_eq!(judged_at(&binary(&[], 1), 5), 0.0);
    }
}
