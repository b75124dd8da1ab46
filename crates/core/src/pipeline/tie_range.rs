//! The tie range: the lowest and highest value a measure takes over every
//! order of a query's equally scored documents, and what follows for means
//! and comparisons.
//!
//! The groups are those of the tie convention in force (equal scores at the
//! score precision, or equal rank columns), taken before the depth cut, so
//! an order that brings a tied document into the evaluated list counts too.
//! Per query the range is exact: found by sorting each group by the
//! measure's key, or by trying every distinct order where no key is proved
//! (see `measures::tie_order`). Queries are independent, so a mean over
//! queries ranges from the mean of the minima to the mean of the maxima
//! (likewise a sum or a geometric mean: each is increasing in every value).

use crate::judged::{JudgedRanking, Rel, TieLayout};
use crate::measures::tie_order::{TieKey, TieOrder};
use crate::measures::{aggregate, Aggregation, EvalContext, Metric};

use super::evaluate::trec_value;

/// How many distinct orders one query's measure may be tried in before the
/// range is refused rather than guessed.
pub const MAX_ORDERS: u64 = 50_000;

/// The lowest and highest value over the orders of tied documents.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TieRange {
    /// Lowest value.
    pub min: f64,
    /// Highest value.
    pub max: f64,
}

impl TieRange {
    /// A range of one value (no ties, or ties that do not matter).
    pub fn point(v: f64) -> TieRange {
        TieRange { min: v, max: v }
    }

    /// Whether the range holds more than one value.
    pub fn is_spread(&self) -> bool {
        self.max > self.min
    }

    /// max − min.
    pub fn width(&self) -> f64 {
        self.max - self.min
    }
}

/// A range that could not be found exactly: the measure has no proved key
/// and its tie groups allow more distinct orders than [`MAX_ORDERS`].
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyOrders {
    /// Distinct orders of the groups (saturating).
    pub orders: u64,
}

/// The extremes of `metric` over the tie orders of `r` (a point when `r`
/// has no tie groups). Undefined values count as 0, as trec_eval prints them.
pub fn tie_range(
    metric: &Metric,
    r: &JudgedRanking,
    ctx: &EvalContext,
) -> Result<TieRange, TooManyOrders> {
    match tie_orders(metric, r, ctx) {
        Some(orders) => orders.range,
        None => Ok(TieRange::point(trec_value(metric.compute(r, ctx)))),
    }
}

/// The tie range of each of `metrics` on one query, whose values (as
/// trec_eval prints them) are `values`: a query without ties gets its
/// values as points, and the two sorted orders of each key are judged once
/// for all the measures that share the key.
pub fn tie_ranges(
    metrics: &[Metric],
    r: &JudgedRanking,
    ctx: &EvalContext,
    values: &[f64],
) -> Vec<Result<TieRange, TooManyOrders>> {
    let Some(layout) = r.tie_layout.as_deref() else {
        return values.iter().map(|&v| Ok(TieRange::point(v))).collect();
    };
    let mut sorted: Vec<(TieKey, JudgedRanking, JudgedRanking)> = Vec::new();
    let level = r.relevance_level;
    metrics
        .iter()
        .map(|m| match m.tie_order(layout, ctx) {
            TieOrder::Key(key) => {
                let at = match sorted.iter().position(|s| s.0 == key) {
                    Some(at) => at,
                    None => {
                        let high = layout.ranking(layout.sorted_by(&|x| key.of(x, level), true), r);
                        let low = layout.ranking(layout.sorted_by(&|x| key.of(x, level), false), r);
                        sorted.push((key, high, low));
                        sorted.len() - 1
                    }
                };
                let a = trec_value(m.compute(&sorted[at].1, ctx));
                let b = trec_value(m.compute(&sorted[at].2, ctx));
                Ok(TieRange {
                    min: a.min(b),
                    max: a.max(b),
                })
            }
            TieOrder::Every => tie_range(m, r, ctx),
        })
        .collect()
}

/// One query's tie orders for one measure, for its explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct TieOrders {
    /// The groups of equally scored documents, as 1-based first and last
    /// ranks (before the depth cut).
    pub groups: Vec<(usize, usize)>,
    /// The range, or why it was not found.
    pub range: Result<TieRange, TooManyOrders>,
    /// The relevance of every document (before the depth cut) in an order
    /// giving the lowest value, and in one giving the highest (empty when
    /// the range was refused).
    pub lowest: Vec<Rel>,
    /// See `lowest`.
    pub highest: Vec<Rel>,
}

/// The tie orders of `r` for `metric`: its groups, its range and an order
/// reaching each end (`None` when no documents tie).
pub fn tie_orders(metric: &Metric, r: &JudgedRanking, ctx: &EvalContext) -> Option<TieOrders> {
    let layout = r.tie_layout.as_deref()?;
    let value = |rels: &[Rel]| trec_value(metric.compute(&layout.ranking(rels.to_vec(), r), ctx));
    let groups = layout.groups.iter().map(|g| (g.start + 1, g.end)).collect();
    let (range, lowest, highest) = match metric.tie_order(layout, ctx) {
        TieOrder::Key(key) => {
            let level = r.relevance_level;
            let a = layout.sorted_by(&|x| key.of(x, level), true);
            let b = layout.sorted_by(&|x| key.of(x, level), false);
            let (va, vb) = (value(&a), value(&b));
            let range = TieRange {
                min: va.min(vb),
                max: va.max(vb),
            };
            if va >= vb {
                (Ok(range), b, a)
            } else {
                (Ok(range), a, b)
            }
        }
        TieOrder::Every => {
            let orders = distinct_orders(layout);
            if orders > MAX_ORDERS {
                (Err(TooManyOrders { orders }), Vec::new(), Vec::new())
            } else {
                let mut range = TieRange {
                    min: f64::INFINITY,
                    max: f64::NEG_INFINITY,
                };
                let (mut lowest, mut highest) = (Vec::new(), Vec::new());
                each_order(layout, |rels| {
                    let v = value(rels);
                    if v < range.min {
                        range.min = v;
                        lowest = rels.to_vec();
                    }
                    if v > range.max {
                        range.max = v;
                        highest = rels.to_vec();
                    }
                });
                (Ok(range), lowest, highest)
            }
        }
    };
    Some(TieOrders {
        groups,
        range,
        lowest,
        highest,
    })
}

/// Orders a relevance value totally, so equal documents sort together.
fn rank_of(rel: Rel) -> (u8, i64) {
    match rel {
        Rel::NotInPool => (0, 0),
        Rel::Unjudged => (1, 0),
        Rel::Judged(g) => (2, g),
    }
}

/// The number of distinct orders of `layout`'s groups: Π n! / Π c! over
/// the groups, saturating at `u64::MAX`.
pub fn distinct_orders(layout: &TieLayout) -> u64 {
    let mut total: u64 = 1;
    for g in &layout.groups {
        // How many documents of each relevance the group holds.
        let mut classes: Vec<((u8, i64), u64)> = Vec::new();
        for &x in &layout.rels[g.clone()] {
            match classes.iter_mut().find(|c| c.0 == rank_of(x)) {
                Some(c) => c.1 += 1,
                None => classes.push((rank_of(x), 1)),
            }
        }
        // Multinomial by multiplying binomials: C(seen + c, c) per class.
        let mut seen: u64 = 0;
        for &(_, c) in &classes {
            let mut binomial: u64 = 1;
            for j in 1..=c {
                // binomial = C(seen + j, j), exact at each step.
                binomial = match binomial.checked_mul(seen + j) {
                    Some(v) => v / j,
                    None => return u64::MAX,
                };
            }
            seen += c;
            total = total.saturating_mul(binomial);
        }
    }
    total
}

/// Calls `f` with every distinct order of `layout`'s documents (each group
/// permuted, the others kept), in no particular order.
fn each_order(layout: &TieLayout, mut f: impl FnMut(&[Rel])) {
    let mut rels = layout.rels.clone();
    for g in &layout.groups {
        sort_rels(&mut rels[g.clone()]);
    }
    // An odometer over the groups: advance the first group to its next
    // permutation; when it wraps (back to sorted), carry to the next.
    loop {
        f(&rels);
        let mut carried = true;
        for g in &layout.groups {
            if next_permutation(&mut rels[g.clone()]) {
                carried = false;
                break;
            }
        }
        if carried {
            return;
        }
    }
}

/// Sorts `v` in the order of [`rank_of`] by counting its few distinct
/// values (no generic sort: the page holds one copy of this code).
fn sort_rels(v: &mut [Rel]) {
    let mut classes: Vec<(Rel, usize)> = Vec::new();
    for &x in v.iter() {
        match classes.iter_mut().find(|c| c.0 == x) {
            Some(c) => c.1 += 1,
            None => {
                let at = classes
                    .iter()
                    .position(|c| rank_of(c.0) > rank_of(x))
                    .unwrap_or(classes.len());
                classes.insert(at, (x, 1));
            }
        }
    }
    let mut i = 0;
    for (x, n) in classes {
        v[i..i + n].fill(x);
        i += n;
    }
}

/// Rearranges `v` into its next distinct permutation in the order of
/// [`rank_of`]; at the last one, sorts it back and returns false.
fn next_permutation(v: &mut [Rel]) -> bool {
    let n = v.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && rank_of(v[i - 1]) >= rank_of(v[i]) {
        i -= 1;
    }
    if i == 0 {
        v.reverse();
        return false;
    }
    let mut j = n - 1;
    while rank_of(v[j]) <= rank_of(v[i - 1]) {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The range of a summary over queries: the aggregation of the minima to
/// that of the maxima (each aggregation grows with every value).
pub fn summary_range(aggregation: Aggregation, ranges: &[TieRange]) -> TieRange {
    let mins: Vec<f64> = ranges.iter().map(|r| r.min).collect();
    let maxs: Vec<f64> = ranges.iter().map(|r| r.max).collect();
    TieRange {
        min: aggregate(aggregation, &mins),
        max: aggregate(aggregation, &maxs),
    }
}

/// [`summary_range`] of per-query ranges, `None` when one is (a refused
/// range leaves its summary without one).
pub fn summary_range_of(
    aggregation: Aggregation,
    ranges: impl IntoIterator<Item = Option<TieRange>>,
) -> Option<TieRange> {
    let ranges: Option<Vec<TieRange>> = ranges.into_iter().collect();
    ranges.map(|r| summary_range(aggregation, &r))
}

/// [`summary_range_of`] with each end summarised without summation noise
/// ([`crate::measures::aggregate_exact`]), as the page's means are.
pub fn exact_summary_range_of(
    aggregation: Aggregation,
    ranges: impl IntoIterator<Item = Option<TieRange>>,
) -> Option<TieRange> {
    let ranges: Option<Vec<TieRange>> = ranges.into_iter().collect();
    ranges.map(|r| {
        let mins: Vec<f64> = r.iter().map(|r| r.min).collect();
        let maxs: Vec<f64> = r.iter().map(|r| r.max).collect();
        TieRange {
            min: crate::measures::aggregate_exact(aggregation, &mins),
            max: crate::measures::aggregate_exact(aggregation, &maxs),
        }
    })
}

/// Whether two systems' order on a measure can change with tie orders
/// alone: each can come out above the other.
pub fn can_flip(a: TieRange, b: TieRange) -> bool {
    a.min < b.max && b.min < a.max && (a.is_spread() || b.is_spread())
}

#[cfg(test)]
mod tests;
