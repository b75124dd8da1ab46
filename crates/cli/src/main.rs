//! `ranklab`: a trec_eval-compatible command line over Ranklab's core.
//!
//! ```text
//! ranklab eval [-q] [-c] [-l N] [-M N] [-N N] [-m MEASURE]... [--digits N]
//!              [--ties trec_eval|docid-asc|file-order|rank-column] [--float32]
//!              [--duplicates refuse|keep-first|keep-last] QRELS RUN
//! ```
//! Prints exactly what trec_eval 10 prints for trec_eval measures
//! (`%-22s\t%s\t%6.4f`), and Ranklab's measures (`nDCG@10`, `ERR@20`) under
//! their own names. Exits 1 with located messages on bad input.
#![forbid(unsafe_code)]

mod args;

use std::process::ExitCode;

use ranklab_core::measures::trec_names::MeasureRequest;
use ranklab_core::{
    format_trec, judge, parse_qrels, parse_run, parse_zscores, MissingQueries, TrecOutput,
};

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(&argv) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(1)
        }
    }
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("ranklab: cannot read {path}: {e}"))
}

fn run(argv: &[String]) -> Result<String, String> {
    let opts = args::parse(argv)?;
    let request = MeasureRequest::parse(&opts.measures).map_err(|e| format!("ranklab: {e}"))?;
    let items = request.items().map_err(|e| format!("ranklab: {e}"))?;
    let qrels_text = read(&opts.qrels)?;
    let run_text = read(&opts.run)?;
    let qrels = parse_qrels(&opts.qrels, &qrels_text);
    let run = parse_run(&opts.run, &run_text);
    let mut problems: Vec<String> = qrels
        .errors
        .iter()
        .chain(&run.errors)
        .map(|e| e.to_string())
        .collect();
    let z_text = match &opts.zscores {
        Some(path) => Some(read(path)?),
        None => None,
    };
    let zscores = match (&opts.zscores, &z_text) {
        (Some(path), Some(text)) => Some(parse_zscores(path, text)),
        _ => None,
    };
    if let Some(z) = &zscores {
        problems.extend(z.errors.iter().map(|e| e.to_string()));
    }
    let mut judged = judge(&qrels, &run, &opts.conventions);
    judged.context.docs_in_collection = opts.docs_in_collection;
    problems.extend(judged.errors.iter().map(|e| e.to_string()));
    if !problems.is_empty() {
        let n = problems.len();
        problems.truncate(20);
        let more = if n > 20 {
            format!("\n... and {} more", n - 20)
        } else {
            String::new()
        };
        return Err(format!(
            "ranklab: {n} problem(s) in the input:\n{}{more}",
            problems.join("\n")
        ));
    }
    if judged.queries.is_empty() {
        return Err(
            "ranklab: no query has both judgments and results (do the query ids match?)".into(),
        );
    }
    if opts.conventions.missing_queries == MissingQueries::Skip
        && !judged.missing_queries.is_empty()
        && !opts.quiet
    {
        eprintln!(
            "ranklab: warning: {} qrels quer{} without results left out of the means (use -c to score them 0): {}",
            judged.missing_queries.len(),
            if judged.missing_queries.len() == 1 { "y" } else { "ies" },
            judged.missing_queries.iter().take(10).copied().collect::<Vec<_>>().join(" ")
        );
    }
    let output = TrecOutput {
        per_query: opts.per_query,
        digits: opts.digits,
        runid: run.runid.unwrap_or(""),
        zscores: zscores.as_ref(),
    };
    Ok(format_trec(&items, &judged, &output))
}
