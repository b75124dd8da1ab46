//! `ranklab`: a trec_eval-compatible command line over Ranklab's core.
//!
//! ```text
//! ranklab eval [-q] [-c] [-l N] [-M N] [-N N] [-m MEASURE]... [--digits N]
//!              [--ties trec_eval|docid-asc|file-order|rank-column] [--float32]
//!              [--duplicates refuse|keep-first|keep-last|keep-all] QRELS RUN
//! ranklab stats [--test T] [--correction C] [--seed S] ... FILE
//! ```
//! `eval` prints exactly what trec_eval 10 prints for trec_eval measures
//! (`%-22s\t%s\t%6.4f`), and Ranklab's measures (`nDCG@10`, `ERR@20`) under
//! their own names. Exits 1 with located messages on bad input.
#![forbid(unsafe_code)]

mod args;
mod stats_cmd;
mod ties_cmd;

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::process::ExitCode;

use ranklab_core::Judgments;
use ranklab_core::RbpGain;
use ranklab_core::{
    evaluate_judgment_groups, evaluate_preferences, evaluate_whole_text, read_trec_run,
    ChunkEvaluator, JudgmentReading, StreamResult, TrecRead,
};
use ranklab_core::{
    format_trec_rows, item_metrics, parse_prefs, parse_qrels_in_parts, parse_qrels_jg,
    parse_qrels_prefs, parse_zscores, EvalContext, Metric, MissingQueries, ParseError, Preset,
    Qrels, ScorePrecision, TieBreak, TrecOutput, TrecRow, ZScores, FIRST_RANKS, MAX_ORDERS,
};
use ranklab_core::{lookalike_query_ids, without_byte_order_mark, Warning};
use ranklab_core::{MeasureRequest, TrecItem};

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

/// The text of the file `path`, without the byte order mark it may start
/// with (the core's convention, [`without_byte_order_mark`]).
fn read(path: &str) -> Result<String, String> {
    let mut text =
        std::fs::read_to_string(path).map_err(|e| format!("ranklab: cannot read {path}: {e}"))?;
    text.drain(..text.len() - without_byte_order_mark(&text).len());
    Ok(text)
}

/// Bytes of run each reading thread takes at least: a small run is read by
/// one thread.
const SHARD_BYTES: u64 = 4 << 20;

/// Threads to read `bytes` bytes with: one per core, up to 8, and one per
/// [`SHARD_BYTES`] at least.
fn threads_for(bytes: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    cores.clamp(1, 8).min(bytes / SHARD_BYTES).max(1) as usize
}

/// Evaluates the run file with the core's whole-run reader: in bounded
/// memory when it is grouped by query (the usual case), one reading
/// thread per core, each reading, judging and scoring its own byte range
/// of the file; read whole otherwise. `judged` is
/// [`EvalContext::from_qrels`] of `qrels`, which the caller has made.
fn evaluate_run(
    opts: &args::EvalArgs,
    qrels: &Qrels<'_>,
    items: &[TrecItem],
    judged: EvalContext,
) -> Result<StreamResult, String> {
    let context = EvalContext {
        docs_in_collection: opts.docs_in_collection,
        ..judged
    };
    let metrics = item_metrics(items);
    let evaluator = ChunkEvaluator {
        input: &opts.run,
        qrels,
        items,
        metrics: &metrics,
        conventions: &opts.conventions,
        context: &context,
        tie_range: opts.tie_range,
    };
    let cannot = |e: std::io::Error| format!("ranklab: cannot read {}: {e}", opts.run);
    let whole = |text: &str| {
        evaluate_whole_text(
            &opts.run,
            text,
            qrels,
            items,
            &opts.conventions,
            context,
            opts.tie_range,
        )
    };
    let read = if std::fs::metadata(&opts.run).map_err(cannot)?.is_file() {
        let bytes = std::fs::metadata(&opts.run).map_err(cannot)?.len();
        let shards = threads_for(bytes);
        let open = |at: u64| {
            let mut file = File::open(&opts.run)?;
            file.seek(SeekFrom::Start(at))?;
            Ok(file)
        };
        read_trec_run(&evaluator, bytes, shards, &open).map_err(cannot)?
    } else {
        // A pipe can be read once: hold its bytes, then read them as a file.
        let mut bytes = Vec::new();
        File::open(&opts.run)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(cannot)?;
        let open = |at: u64| Ok(&bytes[at as usize..]);
        match read_trec_run(&evaluator, bytes.len() as u64, 1, &open).map_err(cannot)? {
            TrecRead::Ungrouped => return Ok(whole(&text_of(&opts.run, bytes)?)),
            read => read,
        }
    };
    match read {
        TrecRead::Rows(result) => Ok(result),
        TrecRead::NotText(line) => Err(not_text(&opts.run, line)),
        TrecRead::Ungrouped => {
            let bytes = std::fs::read(&opts.run).map_err(cannot)?;
            Ok(whole(&text_of(&opts.run, bytes)?))
        }
    }
}

fn not_text(path: &str, line: usize) -> String {
    format!("ranklab: {path}:{line}: cannot read this line: stream did not contain valid UTF-8")
}

/// The text of the file `path`, its first line that is not UTF-8 named.
fn text_of(path: &str, bytes: Vec<u8>) -> Result<String, String> {
    // (Its byte order mark is dropped by `evaluate_whole_text`, which
    // reads it.)
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count();
        not_text(path, line)
    })
}

fn run(argv: &[String]) -> Result<String, String> {
    match argv.first().map(String::as_str) {
        Some("stats") => return stats_cmd::run(&argv[1..]),
        Some("ties") => return ties_cmd::run(argv),
        _ => {}
    }
    let opts = args::parse(argv)?;
    if opts.tie_range && (opts.zscores.is_some() || opts.rel_format.is_some()) {
        return Err("ranklab: --tie-range gives the ranges of values over plain qrels; it does not combine with -Z or -R".into());
    }
    let mut request = MeasureRequest::parse(&opts.measures).map_err(|e| format!("ranklab: {e}"))?;
    let wanted = match opts.rel_format {
        None => Judgments::Qrels,
        Some(JudgmentReading::JudgmentGroups) => {
            request = request.or_judgment_group_default(!opts.measures.is_empty());
            Judgments::Groups
        }
        Some(JudgmentReading::Preferences | JudgmentReading::QrelsAsPreferences) => {
            request = request.or_preference_default(!opts.measures.is_empty());
            Judgments::Preferences
        }
    };
    let needed = request.judgments().map_err(|e| format!("ranklab: {e}"))?;
    if needed != wanted {
        return Err(match needed {
            Judgments::Groups => "ranklab: map_avgjg, P_avgjg and Rprec_mult_avgjg average over judgment groups: give qrels_jg judgments with -R qrels_jg".into(),
            Judgments::Preferences => "ranklab: the prefs_* measures read preference judgments: give them with -R prefs or -R qrels_prefs".into(),
            Judgments::Qrels if wanted == Judgments::Groups => "ranklab: -R qrels_jg judgments are read by map_avgjg, P_avgjg and Rprec_mult_avgjg (-m qrels_jg) only".into(),
            Judgments::Qrels => "ranklab: preference judgments are read by the prefs_* measures (-m all_prefs) only".into(),
        });
    }
    if wanted == Judgments::Preferences {
        let c = &opts.conventions;
        if c.tie_break != TieBreak::TrecEval || c.score_precision != ScorePrecision::F64 {
            return Err("ranklab: preference measures order equal scores by docid ascending, as trec_eval's preference code does; --ties, --float32 and presets do not apply to them".into());
        }
    }
    let mut items = request.items().map_err(|e| format!("ranklab: {e}"))?;
    translate_items(opts.preset, &mut items);
    let z_text = match &opts.zscores {
        Some(path) => Some(read(path)?),
        None => None,
    };
    let zscores = match (&opts.zscores, &z_text) {
        (Some(path), Some(text)) => Some(parse_zscores(path, text)),
        _ => None,
    };
    let qrels_text = read(&opts.qrels)?;
    if opts.rel_format == Some(JudgmentReading::JudgmentGroups) {
        let groups = parse_qrels_jg(&opts.qrels, &qrels_text);
        let run_text = read(&opts.run)?;
        let result = evaluate_judgment_groups(
            &opts.run,
            &run_text,
            &groups,
            &items,
            &opts.conventions,
            opts.docs_in_collection,
        );
        return report(
            &opts,
            &items,
            &groups.errors,
            result,
            zscores.as_ref(),
            None,
        );
    }
    if wanted == Judgments::Preferences {
        let prefs = if opts.rel_format == Some(JudgmentReading::Preferences) {
            parse_prefs(&opts.qrels, &qrels_text)
        } else {
            parse_qrels_prefs(&opts.qrels, &qrels_text)
        };
        let run_text = read(&opts.run)?;
        let result = evaluate_preferences(
            &opts.run,
            &run_text,
            &opts.qrels,
            &prefs,
            &items,
            &opts.conventions,
        );
        return report(&opts, &items, &prefs.errors, result, zscores.as_ref(), None);
    }
    let qrels = parse_qrels_in_parts(
        &opts.qrels,
        &qrels_text,
        threads_for(qrels_text.len() as u64),
    );
    let judged = EvalContext::from_qrels(&qrels);
    let max_grade = judged.max_grade;
    let result = evaluate_run(&opts, &qrels, &items, judged)?;
    report(
        &opts,
        &items,
        &qrels.errors,
        result,
        zscores.as_ref(),
        Some(max_grade),
    )
}

/// Under a preset, the tool's own definition of each measure, printed under
/// its Ranklab name when it differs.
fn translate_items(preset: Option<Preset>, items: &mut [TrecItem]) {
    let Some(preset) = preset else {
        return;
    };
    for item in items {
        if let TrecItem::Measure { name, metric, .. } = item {
            let translated = preset.translate(metric);
            if translated != *metric {
                *name = translated.to_string();
                *metric = translated;
            }
        }
    }
}

/// Says what went wrong or what to know (to stderr), and formats the
/// rows; `max_grade`: the qrels' largest grade, for the note on gmax.
fn report(
    opts: &args::EvalArgs,
    items: &[TrecItem],
    qrels_errors: &[ParseError],
    result: StreamResult,
    zscores: Option<&ZScores>,
    max_grade: Option<i64>,
) -> Result<String, String> {
    refuse_bad_input(opts, qrels_errors, &result, zscores)?;
    warn(opts, items, &result, max_grade);
    let output = TrecOutput {
        per_query: opts.per_query,
        digits: opts.digits,
        runid: result.runid.as_deref().unwrap_or(""),
        zscores,
        tie_range: opts.tie_range,
    };
    Ok(format_trec_rows(items, result.rows, &output))
}

/// Fails with located messages when the input has problems, the run has no
/// result line, or no query can be evaluated.
fn refuse_bad_input(
    opts: &args::EvalArgs,
    qrels_errors: &[ParseError],
    result: &StreamResult,
    zscores: Option<&ZScores>,
) -> Result<(), String> {
    let mut problems: Vec<String> = qrels_errors
        .iter()
        .chain(&result.errors)
        .map(|e| e.to_string())
        .collect();
    if let Some(z) = zscores {
        problems.extend(z.errors.iter().map(|e| e.to_string()));
    }
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
    // No result line at all (an empty file, or comments only): a system
    // that retrieved nothing. With missing queries scored 0 (-c, and the
    // presets of ir_measures, ranx and trec_eval-c) every qrels query
    // scores 0, as trec_eval -c and ir_measures score it; without, no
    // query can be evaluated, and trec_eval fails too.
    if result.runid.is_none() && opts.conventions.missing_queries != MissingQueries::ScoreZero {
        return Err(format!(
            "ranklab: {}: line 1: no result lines (expected `qid Q0 docid rank score tag` lines): with queries the run lacks left out, no query can be evaluated; -c scores every qrels query 0, as for a system that retrieved nothing",
            opts.run
        ));
    }
    if result.rows.is_empty() {
        return Err(
            "ranklab: no query has both judgments and results (do the query ids match?)".into(),
        );
    }
    Ok(())
}

/// The warnings and notes of an evaluation, to stderr.
fn warn(opts: &args::EvalArgs, items: &[TrecItem], result: &StreamResult, max_grade: Option<i64>) {
    if result.runid.is_none() && !opts.quiet {
        eprintln!(
            "ranklab: warning: {}: no result lines: evaluated as a system that retrieved nothing (every qrels query scores 0)",
            opts.run
        );
    }
    if opts.tie_range {
        warn_refused_ranges(&opts.run, items, &result.rows);
    }
    let missing = &result.missing_queries;
    if opts.conventions.missing_queries == MissingQueries::Skip
        && !missing.is_empty()
        && !opts.quiet
    {
        eprintln!(
            "ranklab: warning: {} qrels quer{} without results left out of the means (use -c to score them 0): {}",
            missing.len(),
            if missing.len() == 1 { "y" } else { "ies" },
            missing.iter().take(10).cloned().collect::<Vec<_>>().join(" ")
        );
    }
    if !result.run_only_queries.is_empty() && !opts.quiet {
        let n = result.run_only_queries.len();
        eprintln!(
            "ranklab: warning: {n} run quer{} without judgments ignored: {}",
            if n == 1 { "y" } else { "ies" },
            result
                .run_only_queries
                .iter()
                .take(10)
                .cloned()
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    let pairs = lookalike_query_ids(&result.run_only_queries, missing);
    if !pairs.is_empty() && !opts.quiet {
        let run = opts.run.clone();
        eprintln!(
            "ranklab: warning: {}",
            Warning::LookalikeQueryIds { run, pairs }
        );
    }
    // Every query of the run meets none of the judgments (the page's
    // nothing-judged warning): the zeros are the ids', not the system's.
    let judges_nothing = |r: &TrecRow| r.judges_nothing || missing.contains(&r.qid);
    if result.rows.iter().any(|r| r.judges_nothing)
        && result.rows.iter().all(judges_nothing)
        && !opts.quiet
    {
        eprintln!(
            "ranklab: warning: {}: none of its documents in the first {FIRST_RANKS} ranks of any query is in {}, and it retrieves nothing relevant: every value is 0 because its docids do not meet the judgments' (another collection, or ids written differently?)",
            opts.run, opts.qrels
        );
    }
    // ERR and graded RBP depend on the maximum grade: always say which one.
    let uses_qrels_gmax = items.iter().any(|i| {
        matches!(
            i,
            TrecItem::Measure {
                metric: Metric::ERR { gmax: None, .. }
                    | Metric::RBP {
                        gain: RbpGain::GradeOverMax,
                        ..
                    },
                ..
            }
        )
    });
    if let (true, false, Some(max_grade)) = (uses_qrels_gmax, opts.quiet, max_grade) {
        eprintln!(
            "ranklab: note: ERR and graded RBP use gmax = {max_grade}, the largest grade in {} (set ERR(gmax=N) to choose)",
            opts.qrels
        );
    }
    if opts.conventions.tie_break == TieBreak::Average && !opts.quiet {
        eprintln!("ranklab: note: --ties average averages DCG, nDCG, P@k, R@k, RBP, AP and RR over tie orders; other measures use trec_eval's order within ties");
    }
}

/// A measure whose range a query's ties make too costly to find exactly
/// gets no range lines (for that query, and no `all` range): said here,
/// never guessed.
fn warn_refused_ranges(run: &str, items: &[TrecItem], rows: &[TrecRow]) {
    let names: Vec<&str> = items
        .iter()
        .filter_map(|i| match i {
            TrecItem::Measure { name, .. } | TrecItem::Preference { name, .. } => {
                Some(name.as_str())
            }
            _ => None,
        })
        .collect();
    for (j, name) in names.iter().enumerate() {
        let refused: Vec<(&str, u64)> = rows
            .iter()
            .filter_map(|r| match r.ranges.get(j) {
                Some(Err(e)) => Some((r.qid.as_str(), e.orders)),
                _ => None,
            })
            .collect();
        if let Some(&(qid, orders)) = refused.first() {
            eprintln!(
                "ranklab: warning: {run}: no tie range for {name} on {} quer{} (query {qid}: {} orders of its tied documents, more than the {MAX_ORDERS} tried; {name} has no proved sort), nor for its mean",
                refused.len(),
                if refused.len() == 1 { "y" } else { "ies" },
                if orders == u64::MAX { "over 10^19".to_string() } else { orders.to_string() },
            );
        }
    }
}
