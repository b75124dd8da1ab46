//! `ranklab ties QRELS RUN...`: how much each run's means depend on the
//! order of its tied documents, which pairs of runs can swap places by tie
//! order alone, and the queries with the widest ranges.

use std::fmt::Write;

use ranklab_core::measures::trec_names::{MeasureRequest, TrecItem};
use ranklab_core::{
    can_flip, parse_qrels, summary_range, summary_values, Metric, TieRange, TrecRow,
};

use crate::args::{self, EvalArgs};

/// The measures summarised when `-m` is not given.
const DEFAULT_MEASURES: [&str; 4] = ["map", "recip_rank", "ndcg_cut.10", "P.10"];

/// How many of the widest queries are listed per measure.
const WIDEST: usize = 5;

/// One run's rows and where its ties are.
struct RunTies {
    name: String,
    rows: Vec<TrecRow>,
    tied_queries: usize,
}

pub fn run(argv: &[String]) -> Result<String, String> {
    let (opts, runs) = args::parse_ties(argv)?;
    if opts.zscores.is_some() || opts.rel_format.is_some() {
        return Err("ranklab: ties reads plain qrels; it does not take -Z or -R".into());
    }
    let measures: Vec<&str> = if opts.measures.is_empty() {
        DEFAULT_MEASURES.to_vec()
    } else {
        opts.measures.iter().map(String::as_str).collect()
    };
    let request = MeasureRequest::parse(&measures).map_err(|e| format!("ranklab: {e}"))?;
    let mut items = request.items().map_err(|e| format!("ranklab: {e}"))?;
    items.retain(|i| matches!(i, TrecItem::Measure { .. }));
    super::translate_items(opts.preset, &mut items);
    let qrels_text = super::read(&opts.qrels)?;
    let qrels = parse_qrels(&opts.qrels, &qrels_text);
    let mut evaluated = Vec::new();
    for run in &runs {
        let one = EvalArgs {
            run: run.clone(),
            ..opts.clone()
        };
        let result = super::evaluate_run(&one, &qrels, &items)?;
        super::refuse_bad_input(&one, &qrels.errors, &result, None)?;
        super::warn_refused_ranges(run, &items, &result.rows);
        evaluated.push(RunTies {
            name: run.clone(),
            tied_queries: result.tied_queries,
            rows: result.rows,
        });
    }
    Ok(summary(&opts, &items, &evaluated))
}

/// One measure of one run: its mean and the mean's range (`None` when a
/// query's range was refused).
struct Mean {
    value: f64,
    range: Option<TieRange>,
}

fn mean(items: &[TrecItem], metric: &Metric, j: usize, rows: &[TrecRow]) -> Mean {
    let ranges: Option<Vec<TieRange>> = rows
        .iter()
        .map(|r| r.ranges.get(j).and_then(|x| x.ok()))
        .collect();
    Mean {
        value: summary_values(items, rows)[j],
        range: ranges.map(|r| summary_range(metric.aggregation(), &r)),
    }
}

fn summary(opts: &EvalArgs, items: &[TrecItem], runs: &[RunTies]) -> String {
    let d = opts.digits;
    let f = |v: f64| format!("{:.d$}", v + 0.0);
    let measures: Vec<(&str, &Metric)> = items
        .iter()
        .filter_map(|i| match i {
            TrecItem::Measure { name, metric, .. } => Some((name.as_str(), metric)),
            _ => None,
        })
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Tie sensitivity of {} run{} against {} (ties ordered by {}).",
        runs.len(),
        if runs.len() == 1 { "" } else { "s" },
        opts.qrels,
        opts.conventions.tie_break.label()
    );
    let _ = writeln!(
        out,
        "A range runs from the lowest to the highest value over every order of the equally scored documents.\n"
    );
    let width = runs.iter().map(|r| r.name.len()).max().unwrap_or(3).max(3);
    let mwidth = measures.iter().map(|m| m.0.len()).max().unwrap_or(7).max(7);
    let _ = writeln!(
        out,
        "{:<width$}  {:>7}  {:>11}  {:<mwidth$}  {:>9}  {:>9}  {:>9}  {:>9}",
        "run", "queries", "with ties", "measure", "mean", "lowest", "highest", "width"
    );
    let means: Vec<Vec<Mean>> = runs
        .iter()
        .map(|r| {
            measures
                .iter()
                .enumerate()
                .map(|(j, (_, m))| mean(items, m, j, &r.rows))
                .collect()
        })
        .collect();
    for (r, run_means) in runs.iter().zip(&means) {
        for ((name, _), m) in measures.iter().zip(run_means) {
            let (lo, hi, w) = match m.range {
                Some(x) => (f(x.min), f(x.max), f(x.width())),
                None => ("refused".into(), "refused".into(), "-".into()),
            };
            let _ = writeln!(
                out,
                "{:<width$}  {:>7}  {:>11}  {:<mwidth$}  {:>9}  {:>9}  {:>9}  {:>9}",
                r.name,
                r.rows.len(),
                r.tied_queries,
                name,
                f(m.value),
                lo,
                hi,
                w
            );
        }
    }
    out.push('\n');
    let mut flips = Vec::new();
    for (j, (name, _)) in measures.iter().enumerate() {
        for a in 0..runs.len() {
            for b in a + 1..runs.len() {
                let (ma, mb) = (&means[a][j], &means[b][j]);
                if let (Some(ra), Some(rb)) = (ma.range, mb.range) {
                    if can_flip(ra, rb) {
                        flips.push(format!(
                            "  {name}: {} {} [{}, {}] and {} {} [{}, {}]",
                            runs[a].name,
                            f(ma.value),
                            f(ra.min),
                            f(ra.max),
                            runs[b].name,
                            f(mb.value),
                            f(rb.min),
                            f(rb.max)
                        ));
                    }
                }
            }
        }
    }
    if runs.len() > 1 {
        if flips.is_empty() {
            out.push_str("No pair of runs can swap places on these measures by tie order alone.\n");
        } else {
            out.push_str("Pairs that can swap places by tie order alone:\n");
            for line in flips {
                let _ = writeln!(out, "{line}");
            }
        }
        out.push('\n');
    }
    let mut widest = Vec::new();
    for (j, (name, _)) in measures.iter().enumerate() {
        let mut spread: Vec<(&str, &str, TieRange)> = runs
            .iter()
            .flat_map(|r| {
                r.rows
                    .iter()
                    .filter_map(move |row| match row.ranges.get(j) {
                        Some(Ok(x)) if x.is_spread() => {
                            Some((r.name.as_str(), row.qid.as_str(), *x))
                        }
                        _ => None,
                    })
            })
            .collect();
        spread.sort_by(|a, b| b.2.width().total_cmp(&a.2.width()));
        for (run, qid, x) in spread.into_iter().take(WIDEST) {
            widest.push(format!(
                "  {name:<mwidth$}  {run:<width$}  query {qid}: [{}, {}], width {}",
                f(x.min),
                f(x.max),
                f(x.width())
            ));
        }
    }
    if widest.is_empty() {
        out.push_str("No query's value depends on the order of tied documents.\n");
    } else {
        let _ = writeln!(out, "The widest queries (up to {WIDEST} per measure):");
        for line in widest {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
