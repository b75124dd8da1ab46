//! trec_eval's text output: `%-22s\t%s\t%6.4f` lines, per query (`-q`) and
//! for `all`, in trec_eval's measure order.

use std::fmt::Write;

use crate::evaluate::{per_query_values, summarise, JudgedRun};
use crate::judged::Rel;
use crate::measures::trec_names::TrecItem;
use crate::measures::{Aggregation, Metric};
use crate::zscores::ZScores;

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

/// With `-Z`, trec_eval pads the name to 22 characters and then prefixes
/// the `Z`.
/// Formats the evaluation of `judged` for `items` as trec_eval does.
pub fn format_trec(items: &[TrecItem], judged: &JudgedRun<'_>, options: &TrecOutput<'_>) -> String {
    let metrics: Vec<Metric> = items
        .iter()
        .filter_map(|i| match i {
            TrecItem::Measure { metric, .. } => Some(metric.clone()),
            _ => None,
        })
        .collect();
    let mut rows = per_query_values(judged, &metrics);
    let names: Vec<&str> = items
        .iter()
        .filter_map(|i| match i {
            TrecItem::Measure { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    if let Some(z) = options.zscores {
        for (q, row) in judged.queries.iter().zip(rows.iter_mut()) {
            for (v, name) in row.iter_mut().zip(&names) {
                *v = z.convert(q.qid, name, *v);
            }
        }
    }
    let z = if options.zscores.is_some() { "Z" } else { "" };
    let digits = options.digits;
    let value = |m: &Metric, v: f64| {
        if is_count(m) && options.zscores.is_none() {
            format!("{}", v as i64)
        } else {
            // `+ 0.0` turns a negative zero into 0, so it never prints as -0.0000.
            format!("{:.digits$}", v + 0.0)
        }
    };
    let mut out = String::new();
    if options.per_query {
        for (q, row) in judged.queries.iter().zip(&rows) {
            let mut j = 0;
            for item in items {
                match item {
                    TrecItem::Measure {
                        name,
                        metric,
                        per_query,
                    } => {
                        if *per_query {
                            line(
                                &mut out,
                                &format!("{z}{name:<22}"),
                                q.qid,
                                &value(metric, row[j]),
                            );
                        }
                        j += 1;
                    }
                    TrecItem::Relstring { name, len } => line(
                        &mut out,
                        name,
                        q.qid,
                        &format!("'{}'", relstring(&q.ranking.ranked, *len)),
                    ),
                    TrecItem::Runid | TrecItem::NumQ => {}
                }
            }
        }
    }
    // Z-scores of geometric-mean measures are averaged arithmetically.
    let aggregations: Vec<Aggregation> = metrics
        .iter()
        .map(|m| match (m.aggregation(), options.zscores) {
            (Aggregation::GeometricMean, Some(_)) => Aggregation::Mean,
            (a, _) => a,
        })
        .collect();
    let sums = summarise(&aggregations, &rows);
    let mut j = 0;
    for item in items {
        match item {
            TrecItem::Runid => line(&mut out, "runid", "all", options.runid),
            TrecItem::NumQ if options.zscores.is_some() => line(
                &mut out,
                &format!("Z{:<22}", "num_q"),
                "all",
                &format!("{:.digits$}", judged.queries.len() as f64),
            ),
            TrecItem::NumQ => line(&mut out, "num_q", "all", &judged.queries.len().to_string()),
            TrecItem::Measure { name, metric, .. } => {
                line(
                    &mut out,
                    &format!("{z}{name:<22}"),
                    "all",
                    &value(metric, sums[j]),
                );
                j += 1;
            }
            TrecItem::Relstring { .. } => {}
        }
    }
    out
}
