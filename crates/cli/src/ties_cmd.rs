//! `ranklab ties QRELS RUN...`: how much each run's means depend on the
//! order of its tied documents, which pairs of runs can swap places by tie
//! order alone, and the queries with the widest ranges.

use std::fmt::Write;

use ranklab_core::{parse_qrels_in_parts, summary_values, EvalContext, Metric, TieRange, TrecRow};
use ranklab_core::{MeasureRequest, TrecItem};
use ranklab_core::{TieReport, WIDEST_QUERIES};

use crate::args::{self, EvalArgs};

/// The measures summarised when `-m` is not given.
const DEFAULT_MEASURES: [&str; 4] = ["map", "recip_rank", "ndcg_cut.10", "P.10"];

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
    let qrels = parse_qrels_in_parts(
        &opts.qrels,
        &qrels_text,
        super::threads_for(qrels_text.len() as u64),
    );
    let judged = EvalContext::from_qrels(&qrels);
    let mut evaluated = Vec::new();
    for run in &runs {
        let one = EvalArgs {
            run: run.clone(),
            ..opts.clone()
        };
        let result = super::evaluate_run(&one, &qrels, &items, judged)?;
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
    let metrics: Vec<Metric> = measures.iter().map(|m| m.1.clone()).collect();
    let rows: Vec<&[TrecRow]> = runs.iter().map(|r| r.rows.as_slice()).collect();
    let report = TieReport::of(&metrics, &rows);
    let values: Vec<Vec<f64>> = runs
        .iter()
        .map(|r| summary_values(items, &r.rows))
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
    for (i, r) in runs.iter().enumerate() {
        for (j, (name, _)) in measures.iter().enumerate() {
            let (lo, hi, w) = match report.means[i][j] {
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
                f(values[i][j]),
                lo,
                hi,
                w
            );
        }
    }
    out.push('\n');
    let side = |i: usize, j: usize| {
        let x = report.means[i][j].unwrap_or(TieRange::point(values[i][j]));
        format!(
            "{} {} [{}, {}]",
            runs[i].name,
            f(values[i][j]),
            f(x.min),
            f(x.max)
        )
    };
    if runs.len() > 1 {
        if report.flips.is_empty() {
            out.push_str("No pair of runs can swap places on these measures by tie order alone.\n");
        } else {
            out.push_str("Pairs that can swap places by tie order alone:\n");
            for fl in &report.flips {
                let (a, b) = fl.systems;
                let _ = writeln!(
                    out,
                    "  {}: {} and {}",
                    measures[fl.measure].0,
                    side(a, fl.measure),
                    side(b, fl.measure)
                );
            }
        }
        out.push('\n');
    }
    if report.widest.is_empty() {
        out.push_str("No query's value depends on the order of tied documents.\n");
    } else {
        let _ = writeln!(
            out,
            "The widest queries (up to {WIDEST_QUERIES} per measure):"
        );
        for w in &report.widest {
            let _ = writeln!(
                out,
                "  {:<mwidth$}  {:<width$}  query {}: [{}, {}], width {}",
                measures[w.measure].0,
                runs[w.system].name,
                w.query,
                f(w.range.min),
                f(w.range.max),
                f(w.range.width())
            );
        }
    }
    out
}
