//! trec_eval's text output: `%-22s\t%s\t%6.4f` lines, per query (`-q`) and
//! for `all`, in trec_eval's measure order.
//!
//! Output is made from [`TrecRow`]s, one query's computed values, so a
//! streaming evaluation can drop each ranking as soon as it is scored.

use std::fmt::Write;

use crate::formats::zscores::ZScores;
use crate::judged::{judges_nothing, JudgedRanking, Rel, FIRST_RANKS};
use crate::measures::average_precision::MIN_GEO_MEAN;
use crate::measures::trec_names::TrecItem;
use crate::measures::{Aggregation, EvalContext, Metric};
use crate::pipeline::evaluate::summarise;
use crate::pipeline::evaluate::trec_value;
#[cfg(test)]
use crate::pipeline::judge::JudgedRun;
use crate::pipeline::tie_range::{summary_range, tie_ranges, TieRange, TooManyOrders};

/// Options of the text output.
#[derive(Debug, Clone, PartialEq)]
pub struct TrecOutput<'a> {
    /// Print every query's lines before the summary (`-q`).
    pub per_query: bool,
    /// Decimals of values (trec_eval prints 4).
    pub digits: usize,
    /// The run's tag, printed as `runid`.
    pub runid: &'a str,
    /// Reference statistics: print z-scores instead of values (`-Z`).
    pub zscores: Option<&'a ZScores<'a>>,
    /// After each measure's line, its tie range: `<name>_tiemin` and
    /// `<name>_tiemax` (per query and for `all`), from [`TrecRow::ranges`].
    pub tie_range: bool,
}

/// One query's values for the measures of a list of [`TrecItem`]s.
#[derive(Debug, Clone, PartialEq)]
pub struct TrecRow {
    /// Query id.
    pub qid: String,
    /// One value per `TrecItem::Measure` or `TrecItem::Preference`, in item
    /// order (NaN becomes 0).
    pub values: Vec<f64>,
    /// One string per `TrecItem::Relstring`, in item order.
    pub relstrings: Vec<String>,
    /// The tie range of each value (empty unless asked for, see
    /// [`TrecRow::with_ranges`]).
    pub ranges: Vec<Result<TieRange, TooManyOrders>>,
    /// The query retrieves documents, and its ranking meets none of the
    /// judgments ([`judges_nothing`]).
    pub judges_nothing: bool,
}

/// The measures among `items`, in order.
pub fn item_metrics(items: &[TrecItem]) -> Vec<Metric> {
    items
        .iter()
        .filter_map(|i| match i {
            TrecItem::Measure { metric, .. } => Some(metric.clone()),
            _ => None,
        })
        .collect()
}

/// Computes one query's row; `metrics` is [`item_metrics`] of `items`.
pub fn trec_row(
    items: &[TrecItem],
    metrics: &[Metric],
    qid: &str,
    ranking: &JudgedRanking,
    ctx: &EvalContext,
) -> TrecRow {
    TrecRow {
        qid: qid.to_string(),
        values: metrics
            .iter()
            .map(|m| trec_value(m.compute(ranking, ctx)))
            .collect(),
        relstrings: items
            .iter()
            .filter_map(|i| match i {
                TrecItem::Relstring { len, .. } => Some(relstring(&ranking.ranked, *len)),
                _ => None,
            })
            .collect(),
        ranges: Vec::new(),
        judges_nothing: !ranking.ranked.is_empty()
            && judges_nothing(
                &ranking.ranked[..ranking.ranked.len().min(FIRST_RANKS)],
                ranking.num_rel_ret(),
            ),
    }
}

impl TrecRow {
    /// Adds the tie range of every value: `metrics` and `ranking` are those
    /// the row was made from ([`trec_row`]).
    pub fn with_ranges(
        mut self,
        metrics: &[Metric],
        ranking: &JudgedRanking,
        ctx: &EvalContext,
    ) -> TrecRow {
        self.ranges = tie_ranges(metrics, ranking, ctx, &self.values);
        self
    }
}

/// What the output needs of one valued item (a measure or a preference
/// measure): rows hold one value per such item, in item order.
struct Column<'i> {
    name: &'i str,
    per_query: bool,
    count: bool,
    aggregation: Aggregation,
}

fn columns(items: &[TrecItem]) -> Vec<Column<'_>> {
    items
        .iter()
        .filter_map(|i| match i {
            TrecItem::Measure {
                name,
                metric,
                per_query,
            } => Some(Column {
                name,
                per_query: *per_query,
                count: is_count(metric),
                aggregation: metric.aggregation(),
            }),
            TrecItem::Preference { name, measure } => Some(Column {
                name,
                per_query: true,
                count: measure.is_count(),
                aggregation: if measure.is_count() {
                    Aggregation::Sum
                } else {
                    Aggregation::Mean
                },
            }),
            _ => None,
        })
        .collect()
}

fn is_count(m: &Metric) -> bool {
    matches!(
        m,
        Metric::NumRet | Metric::NumRel | Metric::NumRelRet | Metric::NumNonrelJudgedRet
    )
}

fn line(out: &mut String, name: &str, qid: &str, value: &str) {
    let _ = writeln!(out, "{name:<22}\t{qid}\t{value}");
}

/// The `<name>_tiemin` and `<name>_tiemax` lines of one range.
fn range_lines(
    out: &mut String,
    name: &str,
    qid: &str,
    range: TieRange,
    value: impl Fn(f64) -> String,
) {
    line(out, &format!("{name}_tiemin"), qid, &value(range.min));
    line(out, &format!("{name}_tiemax"), qid, &value(range.max));
}

/// trec_eval's relstring: one character per ranked document.
pub fn relstring(ranked: &[Rel], len: usize) -> String {
    ranked
        .iter()
        .take(len)
        .map(|r| match *r {
            Rel::NotInPool => '-',
            Rel::Unjudged => '.',
            Rel::Judged(g) if g > 9 => '>',
            Rel::Judged(g) => char::from(b'0' + g as u8),
        })
        .collect()
}

/// Formats the evaluation of `judged` for `items` as trec_eval does (the
/// whole-run reference the shards' tests compare with).
#[cfg(test)]
pub(crate) fn format_trec(
    items: &[TrecItem],
    judged: &JudgedRun<'_>,
    options: &TrecOutput<'_>,
) -> String {
    let metrics = item_metrics(items);
    let rows: Vec<TrecRow> = judged
        .queries
        .iter()
        .map(|q| trec_row(items, &metrics, q.qid, &q.ranking, &judged.context))
        .collect();
    format_trec_rows(items, rows, options)
}

/// The summary of `rows` for the valued items of `items` (trec_eval's
/// `all` values): counts summed, geometric-mean measures averaged
/// geometrically, the others averaged.
pub fn summary_values(items: &[TrecItem], rows: &[TrecRow]) -> Vec<f64> {
    let aggregations: Vec<Aggregation> = columns(items).iter().map(|c| c.aggregation).collect();
    let values: Vec<Vec<f64>> = rows.iter().map(|r| r.values.clone()).collect();
    summarise(&aggregations, &values)
}

/// Formats rows (in the order given) as trec_eval does. With `-Z`, values
/// become z-scores and names get a `Z` before the padded name (as trec_eval
/// prints them). A geometric-mean measure (`gm_map`, `gm_bpref`) keeps
/// ln(max(value, 10^-5)) per query, as trec_eval's `m_gm_map.c` does; with
/// `-Z` that logarithm is what is converted, and the summary is e to the
/// mean of the converted values (trec_eval's `te_calc_avg_meas_s_gm`).
pub fn format_trec_rows(
    items: &[TrecItem],
    mut rows: Vec<TrecRow>,
    options: &TrecOutput<'_>,
) -> String {
    let columns = columns(items);
    if let Some(z) = options.zscores {
        for row in rows.iter_mut() {
            for (v, c) in row.values.iter_mut().zip(&columns) {
                let kept = match c.aggregation {
                    Aggregation::GeometricMean => v.max(MIN_GEO_MEAN).ln(),
                    _ => *v,
                };
                *v = z.convert(&row.qid, c.name, kept);
            }
        }
    }
    let z = if options.zscores.is_some() { "Z" } else { "" };
    let digits = options.digits;
    let value = |c: &Column, v: f64| {
        if c.count && options.zscores.is_none() {
            format!("{}", v as i64)
        } else {
            // `+ 0.0` turns a negative zero into 0, so it never prints as -0.0000.
            format!("{:.digits$}", v + 0.0)
        }
    };
    let mut out = String::new();
    if options.per_query {
        for row in &rows {
            let (mut j, mut r) = (0, 0);
            for item in items {
                match item {
                    TrecItem::Measure { .. } | TrecItem::Preference { .. } => {
                        let c = &columns[j];
                        if c.per_query {
                            line(
                                &mut out,
                                &format!("{z}{:<22}", c.name),
                                &row.qid,
                                &value(c, row.values[j]),
                            );
                            if let Some(Ok(range)) = row.ranges.get(j).filter(|_| options.tie_range)
                            {
                                range_lines(&mut out, c.name, &row.qid, *range, |v| value(c, v));
                            }
                        }
                        j += 1;
                    }
                    TrecItem::Relstring { name, .. } => {
                        line(
                            &mut out,
                            name,
                            &row.qid,
                            &format!("'{}'", row.relstrings[r]),
                        );
                        r += 1;
                    }
                    TrecItem::Runid | TrecItem::NumQ => {}
                }
            }
        }
    }
    let aggregations: Vec<Aggregation> = columns
        .iter()
        .map(|c| match (c.aggregation, options.zscores) {
            (Aggregation::GeometricMean, Some(_)) => Aggregation::Mean,
            (a, _) => a,
        })
        .collect();
    // A summary range needs every query's range.
    let summary_ranges: Vec<Option<TieRange>> = (0..columns.len())
        .map(|j| {
            let ranges: Option<Vec<TieRange>> = rows
                .iter()
                .map(|r| r.ranges.get(j).and_then(|x| x.ok()))
                .collect();
            ranges.map(|r| summary_range(aggregations[j], &r))
        })
        .collect();
    let values: Vec<Vec<f64>> = rows.into_iter().map(|r| r.values).collect();
    let num_q = values.len();
    let mut sums = summarise(&aggregations, &values);
    if options.zscores.is_some() && !values.is_empty() {
        for (s, c) in sums.iter_mut().zip(&columns) {
            if c.aggregation == Aggregation::GeometricMean {
                *s = s.exp();
            }
        }
    }
    let mut j = 0;
    for item in items {
        match item {
            TrecItem::Runid => line(&mut out, "runid", "all", options.runid),
            TrecItem::NumQ if options.zscores.is_some() => line(
                &mut out,
                &format!("Z{:<22}", "num_q"),
                "all",
                &format!("{:.digits$}", num_q as f64),
            ),
            TrecItem::NumQ => line(&mut out, "num_q", "all", &num_q.to_string()),
            TrecItem::Measure { .. } | TrecItem::Preference { .. } => {
                let c = &columns[j];
                line(
                    &mut out,
                    &format!("{z}{:<22}", c.name),
                    "all",
                    &value(c, sums[j]),
                );
                if let Some(range) = summary_ranges[j].filter(|_| options.tie_range && num_q > 0) {
                    range_lines(&mut out, c.name, "all", range, |v| value(c, v));
                }
                j += 1;
            }
            TrecItem::Relstring { .. } => {}
        }
    }
    out
}
