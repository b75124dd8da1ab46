//! Discounted cumulative gain family: nDCG, nDCG@k with linear, exponential
//! or per-grade gains and a choice of discount.
//!
//! Järvelin & Kekäläinen (ACM TOIS 20(4), 2002), as computed by trec_eval 10
//! (`m_ndcg.c`, `m_ndcg_cut.c`):
//!
//! DCG@k = Σ_{i=1..k} gain(doc_i) · discount(i), with discount(i) = 1 / log2(i + 1);
//! IDCG@k = the same sum over the ideal list, i.e. the gains of **all judged
//! documents of the query** (retrieved or not) sorted in decreasing order,
//! keeping only positive gains; nDCG@k = DCG@k / IDCG@k, and 0 when IDCG@k = 0
//! (a query with no relevant document scores 0, as in trec_eval and ranx).
//!
//! Unjudged and unpooled documents have gain 0. `k = None` means the whole
//! list (trec_eval's `ndcg`).

use super::name_parts::{cut, number, only, param, with_params, Name, NameProblem, NumberOf};
use super::steps::{depth, f4, grade_text, sum_text, Explanation};
use super::trec_parts::{longs, named, CUTOFFS};
use super::Metric;
use crate::judged::{JudgedRanking, Rel};
use std::fmt;

use super::family::{MeasureFamily, WorkedSteps};
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_cut, trec_plain, TrecName};
use super::EvalContext;

/// How a grade becomes a gain.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GainKind {
    /// gain = grade (trec_eval `ndcg`, ranx `ndcg`, ir_measures `nDCG`).
    Linear,
    /// gain = 2^grade − 1 (Burges et al. 2005; ranx `ndcg_burges`,
    /// ir_measures `nDCG(dcg='exp-log2')`).
    Exponential,
}

/// Gain of each grade: a kind, with optional per-grade overrides as in
/// trec_eval's `ndcg.1=3,2=9` (grades not listed keep the kind's gain).
#[derive(Debug, Clone, PartialEq)]
pub struct Gains {
    /// Default mapping.
    pub kind: GainKind,
    /// `(grade, gain)` overrides.
    pub overrides: Vec<(i64, f64)>,
}

impl Gains {
    /// Linear gains, no overrides (trec_eval's default).
    pub fn linear() -> Self {
        Gains {
            kind: GainKind::Linear,
            overrides: Vec::new(),
        }
    }

    /// Exponential gains 2^g − 1.
    pub fn exponential() -> Self {
        Gains {
            kind: GainKind::Exponential,
            overrides: Vec::new(),
        }
    }

    /// Gain of a judged grade.
    pub fn of_grade(&self, grade: i64) -> f64 {
        if let Some(&(_, g)) = self.overrides.iter().find(|(level, _)| *level == grade) {
            return g;
        }
        match self.kind {
            GainKind::Linear => grade as f64,
            GainKind::Exponential => (grade as f64).exp2() - 1.0,
        }
    }

    /// The gain function in words (for explanations).
    pub fn describe(&self) -> String {
        let base = match self.kind {
            GainKind::Linear => "= grade".to_string(),
            GainKind::Exponential => "= 2^grade − 1".to_string(),
        };
        if self.overrides.is_empty() {
            base
        } else {
            let o: Vec<String> = self
                .overrides
                .iter()
                .map(|(g, v)| format!("{g} → {v}"))
                .collect();
            format!("{base}, except {}", o.join(", "))
        }
    }

    /// Gain of a retrieved document: 0 unless judged.
    pub fn of(&self, rel: Rel) -> f64 {
        rel.grade().map_or(0.0, |g| self.of_grade(g))
    }

    /// The ideal gains: all judged documents' gains, decreasing, positive only.
    pub fn ideal(&self, r: &JudgedRanking) -> Vec<f64> {
        let mut out: Vec<f64> = Vec::new();
        for (&grade, &n) in &r.level_counts {
            let g = self.of_grade(grade);
            if g > 0.0 {
                out.extend(std::iter::repeat_n(g, n));
            }
        }
        largest_first(&mut out);
        out
    }
}

/// Position discount.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Discount {
    /// 1 / log_b(rank + 1); b = 2 is the standard (trec_eval, ranx, sklearn).
    Log {
        /// The logarithm's base.
        base: f64,
    },
    /// 1 / rank (the "linear" discount of article 003's table).
    Reciprocal,
    /// 1 / (rank + offset)^exponent: the power (Zipf-like) decline of
    /// article 004; exponent 1 and offset 0 is [`Discount::Reciprocal`].
    Power {
        /// The exponent s (> 0): larger falls faster.
        exponent: f64,
        /// The offset (≥ 0) added to the rank.
        offset: f64,
    },
}

impl Discount {
    /// The standard discount 1 / log2(rank + 1).
    pub const LOG2: Discount = Discount::Log { base: 2.0 };

    /// The discount in words (for explanations).
    pub fn describe(self) -> String {
        match self {
            Discount::Log { base } => format!("1 / log{base}(rank + 1)"),
            Discount::Reciprocal => "1 / rank".to_string(),
            Discount::Power {
                exponent,
                offset: 0.0,
            } => format!("1 / rank^{exponent}"),
            Discount::Power { exponent, offset } => format!("1 / (rank + {offset})^{exponent}"),
        }
    }

    /// Discount at a 1-based rank: 1 / [`Discount::divisor`].
    pub fn at(self, rank: usize) -> f64 {
        1.0 / self.divisor(rank)
    }

    /// What a gain at a 1-based rank is divided by: log_b(rank + 1), rank,
    /// or (rank + offset)^exponent.
    pub fn divisor(self, rank: usize) -> f64 {
        match self {
            Discount::Log { base: 2.0 } => ((rank + 1) as f64).log2(),
            Discount::Log { base } => ((rank + 1) as f64).log(base),
            Discount::Reciprocal => rank as f64,
            Discount::Power { exponent, offset } => (rank as f64 + offset).powf(exponent),
        }
    }

    /// A gain's part of DCG at a 1-based rank: gain / divisor, a division
    /// as trec_eval (`m_ndcg.c`: `gain / log2(i + 2)`) and ranx compute it,
    /// not a product with the rounded reciprocal, so sums agree to the bit.
    pub fn weigh(self, gain: f64, rank: usize) -> f64 {
        gain / self.divisor(rank)
    }
}

/// DCG@k of the ranking (`k = None`: all retrieved). Under tie averaging
/// each tied document's gain is the mean gain of its group (McSherry &
/// Najork 2008, as scikit-learn's `ndcg_score`).
#[cfg_attr(speed_marks, optimize(speed))]
pub fn dcg(r: &JudgedRanking, k: Option<usize>, gains: &Gains, discount: Discount) -> f64 {
    let depth = k.unwrap_or(usize::MAX);
    r.tie_averaged(|rel| gains.of(rel))
        .into_iter()
        .take(depth)
        .enumerate()
        .map(|(i, g)| {
            if g == 0.0 {
                0.0
            } else {
                discount.weigh(g, i + 1)
            }
        })
        .fold(0.0, |a, b| a + b)
}

/// IDCG@k: DCG of the ideal list built from all judged grades of the query.
pub fn ideal_dcg(r: &JudgedRanking, k: Option<usize>, gains: &Gains, discount: Discount) -> f64 {
    let depth = k.unwrap_or(usize::MAX);
    gains
        .ideal(r)
        .iter()
        .take(depth)
        .enumerate()
        .map(|(i, g)| discount.weigh(*g, i + 1))
        .fold(0.0, |a, b| a + b)
}

/// nDCG@k = DCG@k / IDCG@k, 0 when IDCG@k is 0.
///
/// Exponential gains of very large grades (2^1024 and up) overflow f64;
/// since nDCG does not change when every gain is divided by the same
/// number, such cases are computed with gains divided by 2^(largest grade).
#[cfg_attr(speed_marks, optimize(speed))]
pub fn ndcg(r: &JudgedRanking, k: Option<usize>, gains: &Gains, discount: Discount) -> f64 {
    let ideal = ideal_dcg(r, k, gains, discount);
    let value = if ideal > 0.0 {
        dcg(r, k, gains, discount) / ideal
    } else {
        0.0
    };
    if value.is_finite() {
        return value;
    }
    let top = r.max_grade().unwrap_or(0).max(0) as f64;
    let scaled = |grade: i64| match gains.overrides.iter().find(|(level, _)| *level == grade) {
        Some(&(_, g)) => g * (-top).exp2(),
        None => match gains.kind {
            GainKind::Linear => grade as f64 * (-top).exp2(),
            GainKind::Exponential => (grade as f64 - top).exp2() - (-top).exp2(),
        },
    };
    let depth = k.unwrap_or(usize::MAX);
    let mut ideal_gains: Vec<f64> = r
        .level_counts
        .iter()
        .flat_map(|(&g, &n)| std::iter::repeat_n(scaled(g), n))
        .filter(|&g| g > 0.0)
        .collect();
    largest_first(&mut ideal_gains);
    let sum = |gs: &mut dyn Iterator<Item = f64>| -> f64 {
        gs.take(depth)
            .enumerate()
            .map(|(i, g)| discount.weigh(g, i + 1))
            .fold(0.0, |a, b| a + b)
    };
    let ideal = sum(&mut ideal_gains.into_iter());
    let got = sum(&mut r.ranked.iter().map(|rel| rel.grade().map_or(0.0, scaled)));
    if ideal > 0.0 {
        got / ideal
    } else {
        0.0
    }
}

/// nDCG averaged over relevant documents (trec_eval `ndcg_rel`, experimental).
///
/// With the ideal list of positive gains (length M), the mean over the M
/// positions of "relevant" documents of DCG/IDCG: each retrieved document
/// with positive gain at rank i contributes DCG@i / IDCG@i; each of the
/// M − (retrieved with positive gain) missing ones contributes
/// DCG@n / IDCG (n = retrieved, IDCG over the whole ideal list). 0 when M = 0.
pub fn ndcg_rel(r: &JudgedRanking, gains: &Gains) -> f64 {
    let ideal = gains.ideal(r);
    if ideal.is_empty() {
        return 0.0;
    }
    let (mut dcg_sum, mut idcg_sum, mut sum) = (0.0, 0.0, 0.0);
    let mut found = 0usize;
    for (i, &rel) in r.ranked.iter().enumerate() {
        let gain = gains.of(rel);
        if gain != 0.0 {
            dcg_sum += Discount::LOG2.weigh(gain, i + 1);
        }
        if let Some(&g) = ideal.get(i) {
            idcg_sum += Discount::LOG2.weigh(g, i + 1);
        }
        if gain > 0.0 {
            sum += dcg_sum / idcg_sum;
            found += 1;
        }
    }
    let full_ideal = ideal_dcg(r, None, gains, Discount::LOG2);
    sum += ideal.len().saturating_sub(found) as f64 * dcg_sum / full_ideal;
    if sum > 0.0 {
        sum / ideal.len() as f64
    } else {
        0.0
    }
}

/// nDCG averaged at the R levels (trec_eval `Rndcg`, experimental): nDCG is
/// taken at every rank where the ideal gain changes (the boundaries between
/// grade levels of the ideal list, the last one where it drops to 0) and at
/// the end of the retrieved list if that comes after the ideal list ends;
/// the result is the mean of those values. 0 when R = 0.
pub fn r_ndcg(r: &JudgedRanking, gains: &Gains) -> f64 {
    if r.num_rel() == 0 {
        return 0.0;
    }
    let ideal = gains.ideal(r);
    let at = |i: usize| ideal.get(i).copied().unwrap_or(0.0);
    let n = r.ranked.len();
    let (mut dcg_sum, mut idcg_sum, mut sum) = (0.0, 0.0, 0.0);
    let mut count = 0usize;
    let mut prev = at(0);
    let mut i = 0;
    let take = |dcg: f64, idcg: f64, sum: &mut f64, count: &mut usize| {
        if idcg > 0.0 {
            *sum += dcg / idcg;
            *count += 1;
        }
    };
    while i < n && prev > 0.0 {
        let g = at(i);
        if g != prev {
            take(dcg_sum, idcg_sum, &mut sum, &mut count);
            prev = g;
        }
        dcg_sum += Discount::LOG2.weigh(gains.of(r.ranked[i]), i + 1);
        if g > 0.0 {
            idcg_sum += Discount::LOG2.weigh(g, i + 1);
        }
        i += 1;
    }
    if i < n {
        while i < n {
            dcg_sum += Discount::LOG2.weigh(gains.of(r.ranked[i]), i + 1);
            i += 1;
        }
        take(dcg_sum, idcg_sum, &mut sum, &mut count);
    }
    while prev > 0.0 {
        let g = at(i);
        if g != prev {
            take(dcg_sum, idcg_sum, &mut sum, &mut count);
            prev = g;
        }
        if g > 0.0 {
            idcg_sum += Discount::LOG2.weigh(g, i + 1);
        }
        i += 1;
    }
    if count == 0 {
        0.0
    } else {
        sum / count as f64
    }
}

/// Sorts gains from the largest down (the ideal ranking's order). One
/// function for both ideal rankings, with the comparator the statistics
/// sort with too, so the sort is compiled once: ascending, then reversed
/// (gains that compare equal under `total_cmp` have the same bits, so
/// their order cannot show).
fn largest_first(gains: &mut [f64]) {
    gains.sort_by(f64::total_cmp);
    gains.reverse();
}

/// The worked steps of nDCG and DCG (`normalised`: nDCG) on `r` (whose value is `value`).
pub(crate) fn explain(
    normalised: bool,
    k: &Option<usize>,
    gains: &Gains,
    discount: &Discount,
    r: &JudgedRanking,
    value: f64,
    e: &mut Explanation,
) {
    let d = depth(r, *k);
    e.formula = format!(
        "DCG = Σ gain(gradeᵢ) · discount(i) over ranks i{}; gain {}, discount {}{}",
        k.map_or(String::new(), |k| format!(" ≤ {k}")),
        gains.describe(),
        discount.describe(),
        if normalised {
            "; nDCG = DCG / IDCG, IDCG the DCG of the judged grades sorted best first"
        } else {
            ""
        }
    );
    e.headers = vec![
        "Rank".into(),
        "Grade".into(),
        "Gain".into(),
        "Discount".into(),
        "Gain × discount".into(),
    ];
    let g = r.tie_averaged(|rel| gains.of(rel));
    let mut terms = Vec::new();
    for (i, (&gain, &rel)) in g.iter().zip(&r.ranked).take(d).enumerate() {
        let disc = discount.at(i + 1);
        let term = discount.weigh(gain, i + 1);
        terms.push(term);
        e.rows.push(vec![
            (i + 1).to_string(),
            grade_text(rel),
            f4(gain),
            f4(disc),
            f4(term),
        ]);
    }
    let dcg: f64 = terms.iter().sum();
    e.lines
        .push(format!("DCG = {} = {}.", sum_text(&terms), f4(dcg)));
    if normalised {
        let ideal: Vec<i64> = r.ideal_grades();
        let shown: Vec<String> = ideal
            .iter()
            .take(k.unwrap_or(usize::MAX).min(30))
            .map(ToString::to_string)
            .collect();
        let iterms: Vec<f64> = ideal
            .iter()
            .take(k.unwrap_or(usize::MAX))
            .enumerate()
            .map(|(i, &gr)| discount.weigh(gains.of(Rel::Judged(gr)), i + 1))
            .collect();
        let idcg: f64 = iterms.iter().sum();
        e.lines.push(format!(
            "Ideal list (judged grades, best first): {}.",
            shown.join(" ")
        ));
        e.lines
            .push(format!("IDCG = {} = {}.", sum_text(&iterms), f4(idcg)));
        e.lines.push(if idcg > 0.0 {
            format!("nDCG = {} / {} = {}.", f4(dcg), f4(idcg), f4(value))
        } else {
            "IDCG = 0 (nothing relevant judged): nDCG = 0.".into()
        });
    }
}

/// The gains a name's parameters set (`dcg='exp-log2'`, `gains='1=3;2=9'`;
/// the discount's keys are left to the discount).
pub(crate) fn read_gains(params: &[(&str, &str)]) -> Result<Gains, NameProblem> {
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

/// A trec_eval family's `level=gain` pairs over linear gains (`G`,
/// `ndcg`, `rbp`).
pub(crate) fn gain_pairs(family: &str, raw: Option<&str>) -> Result<Gains, String> {
    let mut g = Gains::linear();
    if let Some(raw) = raw {
        for part in raw.split(',') {
            let (l, x) = part.split_once('=').ok_or_else(|| {
                format!("measure {family}: gains written level=gain, found `{part}`")
            })?;
            let l: i64 = l
                .trim()
                .parse()
                .map_err(|_| format!("measure {family}: integer level, found `{l}`"))?;
            let x: f64 = x
                .trim()
                .parse()
                .map_err(|_| format!("measure {family}: numeric gain, found `{x}`"))?;
            g.overrides.push((l, x));
        }
    }
    Ok(g)
}

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
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
                let (k, gains) = (n.k, read_gains(ps)?);
                if n.base == "dcg" {
                    DCG { k, gains, discount }
                } else {
                    NDCG { k, gains, discount }
                }
            }
            "ndcg_rel" => NdcgRel {
                gains: read_gains(ps)?,
            },
            "rndcg" => Rndcg {
                gains: read_gains(ps)?,
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
            "ndcg" => push(
                named(family, raw),
                Metric::NDCG {
                    k: None,
                    gains: gain_pairs(family, raw)?,
                    discount: Discount::LOG2,
                },
            ),
            "ndcg_rel" => push(
                named(family, raw),
                Metric::NdcgRel {
                    gains: gain_pairs(family, raw)?,
                },
            ),
            "Rndcg" => push(
                named(family, raw),
                Metric::Rndcg {
                    gains: gain_pairs(family, raw)?,
                },
            ),
            "ndcg_cut" => {
                for k in longs(family, raw, CUTOFFS)? {
                    push(
                        format!("ndcg_cut_{k}"),
                        Metric::NDCG {
                            k: Some(k),
                            gains: Gains::linear(),
                            discount: Discount::LOG2,
                        },
                    );
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::NDCG {
                k: None,
                gains,
                discount,
            } if *gains == Gains::linear() && *discount == Discount::LOG2 => trec_plain("ndcg"),
            Metric::NDCG {
                k: Some(k),
                gains,
                discount,
            } if *gains == Gains::linear() && *discount == Discount::LOG2 => {
                trec_cut("ndcg_cut", *k)
            }
            Metric::NdcgRel { gains } if *gains == Gains::linear() => trec_plain("ndcg_rel"),
            Metric::Rndcg { gains } if *gains == Gains::linear() => trec_plain("Rndcg"),
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            NDCG { k, gains, discount } | DCG { k, gains, discount } => (|| {
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
                let name = if matches!(m, DCG { .. }) {
                    "DCG"
                } else {
                    "nDCG"
                };
                with_params(f, name, &params)?;
                cut(f, k)
            })(),
            NdcgRel { gains } => with_params(f, "nDCG_rel", &gains_params(gains)),
            Rndcg { gains } => with_params(f, "Rndcg", &gains_params(gains)),
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
            Metric::NDCG { k, gains, discount } | Metric::DCG { k, gains, discount } => {
                let normalised = matches!(m, Metric::NDCG { .. });
                explain(normalised, k, gains, discount, r, value, e)
            }
            _ => return false,
        }
        true
    }
}

/// The parameters that write `g` (empty for linear gains).
pub(crate) fn gains_params(g: &Gains) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::graded;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// Values: `seed_examples.json` (s000_ndcg_linear, s000_ndcg_exp; scikit-learn,
    /// trec_eval and ranx agree there).
    #[test]
    fn seed_000_linear_and_exponential() {
        let r = graded(&[5, 1, 0, 0, 10], &[]);
        assert!(close(
            ndcg(&r, None, &Gains::linear(), Discount::LOG2),
            0.6956940443813076
        ));
        assert!(close(
            ndcg(&r, None, &Gains::exponential(), Discount::LOG2),
            0.4097384945052588
        ));
    }

    /// Values: `seed_examples.json` (s002_dcg5_exp, s002_idcg5_exp, s002_ndcg5_exp).
    #[test]
    fn seed_002_exponential_at_5() {
        let r = graded(&[3, 2, 0, 1, 2], &[]);
        let e = Gains::exponential();
        assert!(close(
            dcg(&r, Some(5), &e, Discount::LOG2),
            10.484024240491392
        ));
        assert!(close(
            ideal_dcg(&r, Some(5), &e, Discount::LOG2),
            10.823465818787767
        ));
        assert!(close(
            ndcg(&r, Some(5), &e, Discount::LOG2),
            0.9686383655679718
        ));
    }

    /// Values: `seed_examples.json` (s004_dcg5_linear, s004_idcg5_linear, s004_ndcg5_linear).
    #[test]
    fn seed_004_linear_at_5() {
        let r = graded(&[3, 3, 0, 3, 2], &[]);
        let l = Gains::linear();
        assert!(close(
            dcg(&r, Some(5), &l, Discount::LOG2),
            6.958524549403635
        ));
        assert!(close(
            ideal_dcg(&r, Some(5), &l, Discount::LOG2),
            7.254142376861158
        ));
        assert!(close(
            ndcg(&r, Some(5), &l, Discount::LOG2),
            0.9592484111698073
        ));
    }

    /// Values: `seed_examples.json` (s003_ndcg_A, s003_ndcg_B).
    #[test]
    fn seed_003_rankings_a_and_b_as_stated() {
        let e = Gains::exponential();
        let a = graded(&[3, 2, 1], &[]);
        assert!(close(dcg(&a, None, &e, Discount::LOG2), 9.392789260714373));
        assert!(close(ndcg(&a, None, &e, Discount::LOG2), 1.0));
        // The article states ranking B as (2, 1, 3) but prints 7.92 / 0.84,
        // the values of (2, 3, 1). For (2, 1, 3) the values are:
        let b = graded(&[2, 1, 3], &[]);
        assert!(close(dcg(&b, None, &e, Discount::LOG2), 7.130929753571458));
        let nb = ndcg(&b, None, &e, Discount::LOG2);
        assert!(close(nb, 0.7591919243197319));
        assert_ne!(format!("{nb:.2}"), "0.84");
    }

    /// Values: `seed_examples.json` (s003_discount_table: 1/log2(rank + 1)).
    #[test]
    fn seed_003_discount_table() {
        let log: Vec<f64> = [1, 2, 5, 10, 50]
            .iter()
            .map(|&r| Discount::LOG2.at(r))
            .collect();
        let want = [
            1.0,
            0.6309297535714575,
            0.38685280723454163,
            0.2890648263178879,
            0.17629143438888212,
        ];
        for (a, b) in log.iter().zip(want) {
            assert!(close(*a, b));
        }
        assert_eq!(Discount::Reciprocal.at(50), 0.02);
        assert!(close(Discount::Log { base: 10.0 }.at(9), 1.0));
    }

    #[test]
    fn huge_exponential_grades_do_not_overflow() {
        // 2^8888 is infinite in f64; the ranking is ideal, so nDCG is 1.
        let r = graded(&[8888, 0], &[]);
        assert_eq!(ndcg(&r, None, &Gains::exponential(), Discount::LOG2), 1.0);
        let r = graded(&[0, 8888], &[]);
        let v = ndcg(&r, None, &Gains::exponential(), Discount::LOG2);
        assert!((v - 1.0 / 3f64.log2()).abs() < 1e-12);
    }

    #[test]
    fn ideal_uses_unretrieved_judgments_and_overrides() {
        // One relevant document (grade 2) was not retrieved.
        let r = graded(&[1, 0], &[2]);
        let l = Gains::linear();
        let want = 1.0 / (2.0 + 1.0 / 3f64.log2());
        assert!(close(ndcg(&r, None, &l, Discount::LOG2), want));
        let custom = Gains {
            kind: GainKind::Linear,
            overrides: vec![(1, 3.0), (2, 9.0)],
        };
        assert!(close(
            ndcg(&r, None, &custom, Discount::LOG2),
            3.0 / (9.0 + 3.0 / 3f64.log2())
        ));
        assert_eq!(ndcg(&graded(&[0, 0], &[]), None, &l, Discount::LOG2), 0.0);
    }

    /// By hand: grades 3, 0, 2 with 1/rank²: DCG = 3 + 0/4 + 2/9; ideal
    /// 3, 2, 0: IDCG = 3 + 2/4; nDCG = (29/9) / (7/2) = 58/63.
    #[test]
    fn the_power_discount_by_hand() {
        let square = Discount::Power {
            exponent: 2.0,
            offset: 0.0,
        };
        let v = ndcg(&graded(&[3, 0, 2], &[]), None, &Gains::linear(), square);
        assert!((v - 58.0 / 63.0).abs() < 1e-15, "{v}");
        // Exponent 1, offset 0 is the 1/rank discount.
        let one = Discount::Power {
            exponent: 1.0,
            offset: 0.0,
        };
        for rank in 1..20 {
            assert_eq!(one.at(rank), Discount::Reciprocal.at(rank));
        }
        // An offset of 1 with exponent 1: 1/(rank + 1).
        let shifted = Discount::Power {
            exponent: 1.0,
            offset: 1.0,
        };
        assert_eq!(shifted.at(3), 0.25);
        assert_eq!(square.describe(), "1 / rank^2");
    }
}
