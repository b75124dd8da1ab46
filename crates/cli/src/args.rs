//! Command-line arguments in trec_eval's style (`-q`, `-c`, `-l2`, `-M100`,
//! `-mall_trec`, `-m P.5,10`) plus Ranklab's long options.

use ranklab_core::JudgmentReading;
use ranklab_core::{Conventions, MissingQueries, Preset, ScorePrecision};

/// The parsed command line of `ranklab eval` (not the core's
/// `session::EvalOptions`, which say what one evaluation is asked).
#[derive(Debug, Clone, PartialEq)]
pub struct EvalArgs {
    pub per_query: bool,
    pub measures: Vec<String>,
    pub digits: usize,
    pub conventions: Conventions,
    pub docs_in_collection: f64,
    pub quiet: bool,
    pub zscores: Option<String>,
    pub qrels: String,
    pub run: String,
    /// The tool whose measure definitions apply too (`--preset`).
    pub preset: Option<Preset>,
    /// How the judgments are read (`-R`): `None` for plain qrels (the
    /// default), else judgment groups, preferences or qrels read as
    /// preferences.
    pub rel_format: Option<JudgmentReading>,
    /// Print each measure's tie range too (`--tie-range`).
    pub tie_range: bool,
}

pub const USAGE: &str =
    "usage: ranklab eval [-q] [-c] [-J] [-l N] [-M N] [-N N] [-R FORMAT] [-m MEASURE]... [--digits N]
                    [--ties trec_eval|docid-asc|file-order|rank-column|listed|average] [--float32]
                    [--duplicates refuse|keep-first|keep-last|keep-all] [--preset NAME] [--tie-range] [--quiet] QRELS RUN
       ranklab ties [the same options] QRELS RUN...

  -q            print each query's values before the summary
  -c            score qrels queries missing from the run as 0 and count them
  -J            evaluate judged documents only: unjudged ones are removed and
                the judged ones move up (after -M)
  -l N          smallest grade that is relevant (default 1)
  -M N          evaluate only the first N ranked documents of each query
  -N N          documents in the collection (utility's d coefficient)
  -m MEASURE    trec_eval names (map, P.5,10, ndcg_cut.10, all_trec, official)
                or Ranklab names (nDCG@10, ERR@20, RBP(p=0.8), MR, FRP@10)
  -R FORMAT     the judgments' format: qrels (default); qrels_jg (judgment
                groups in field 2, for map_avgjg, P_avgjg, Rprec_mult_avgjg);
                prefs (`qid group subgroup docid level`) or qrels_prefs (qrels
                read as preferences), for the prefs_* measures (all_prefs)
  -Z FILE       print z-scores against the means and deviations in FILE
                (lines `qid measure mean stddev`)
  --ties T      order of tied scores (default trec_eval: docid descending);
                average: expected value over tie orders for DCG, nDCG, P, R, RBP, AP, RR
  --tie-range   after each measure's line, <name>_tiemin and <name>_tiemax: its
                lowest and highest value over every order of the equally scored
                documents (per query with -q, and for all)
  --digits N    decimals to print (default 4, as trec_eval)
  --preset NAME a peer tool's conventions (order, score precision, missing queries,
                duplicates, judgments) and measure definitions: trec_eval, trec_eval-c,
                pytrec_eval, ir_measures, ranx, elinor, scikit-learn, cwl_eval, gdeval,
                textbook (flags after it override its conventions)

`ranklab ties` prints how much each run's means depend on the order of its tied
documents (default measures map, recip_rank, ndcg_cut_10, P_10; -m to choose),
which pairs of runs can swap places by tie order alone, and the widest queries.

Where the output differs from trec_eval 10 on purpose (fractional ndcg gains, -nan,
comment lines, -c's fake document, half-read numbers, ...), and why: the README's
table \"Where Ranklab and trec_eval differ on purpose\".";

fn value<'a>(
    flag: &str,
    attached: &'a str,
    rest: &mut impl Iterator<Item = &'a String>,
) -> Result<&'a str, String> {
    if !attached.is_empty() {
        return Ok(attached);
    }
    rest.next()
        .map(String::as_str)
        .ok_or_else(|| format!("ranklab: {flag} needs a value\n{USAGE}"))
}

fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("ranklab: {flag} expects a number, found `{v}`"))
}

/// `ranklab eval`'s arguments.
pub fn parse(argv: &[String]) -> Result<EvalArgs, String> {
    let (o, files) = parse_options(argv)?;
    match <[String; 2]>::try_from(files) {
        Ok([qrels, run]) => Ok(EvalArgs { qrels, run, ..o }),
        Err(files) => Err(format!(
            "ranklab: expected QRELS and RUN, got {} file argument(s)\n{USAGE}",
            files.len()
        )),
    }
}

/// `ranklab ties`' arguments: the options (with the first run as `run`)
/// and every run.
pub fn parse_ties(argv: &[String]) -> Result<(EvalArgs, Vec<String>), String> {
    let (o, mut files) = parse_options(argv)?;
    if files.len() < 2 {
        return Err(format!(
            "ranklab: expected QRELS and at least one RUN, got {} file argument(s)\n{USAGE}",
            files.len()
        ));
    }
    let runs = files.split_off(1);
    let qrels = files.remove(0);
    Ok((
        EvalArgs {
            qrels,
            run: runs[0].clone(),
            tie_range: true,
            ..o
        },
        runs,
    ))
}

fn parse_options(argv: &[String]) -> Result<(EvalArgs, Vec<String>), String> {
    let mut it = argv.iter();
    match it.next().map(String::as_str) {
        Some("eval" | "ties") => {}
        Some("-h" | "--help" | "help") | None => return Err(USAGE.to_string()),
        Some(other) => return Err(format!("ranklab: unknown command `{other}`\n{USAGE}")),
    }
    let mut o = EvalArgs {
        per_query: false,
        measures: Vec::new(),
        digits: 4,
        conventions: Conventions::default(),
        docs_in_collection: 0.0,
        quiet: false,
        zscores: None,
        qrels: String::new(),
        run: String::new(),
        preset: None,
        rel_format: None,
        tie_range: false,
    };
    let mut files = Vec::new();
    while let Some(arg) = it.next() {
        let a = arg.as_str();
        if let Some(long) = a.strip_prefix("--") {
            let (name, attached) = long.split_once('=').unwrap_or((long, ""));
            match name {
                "digits" => o.digits = number("--digits", value("--digits", attached, &mut it)?)?,
                "float32" => o.conventions.score_precision = ScorePrecision::F32,
                "quiet" => o.quiet = true,
                "tie-range" => o.tie_range = true,
                "preset" => {
                    let v = value("--preset", attached, &mut it)?;
                    let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                    let preset = Preset::from_name(v).ok_or_else(|| {
                        format!("ranklab: --preset takes {}, found `{v}`", names.join(", "))
                    })?;
                    // A preset sets how runs are ordered and counted; -l and -M stay as given.
                    let c = preset.conventions();
                    o.conventions = Conventions {
                        relevance_level: o.conventions.relevance_level,
                        max_docs: o.conventions.max_docs.or(c.max_docs),
                        judged_only: o.conventions.judged_only,
                        ..c
                    };
                    o.preset = Some(preset);
                }
                "ties" => {
                    o.conventions.tie_break = value("--ties", attached, &mut it)?
                        .parse()
                        .map_err(|e| format!("ranklab: --{e}"))?;
                }
                "duplicates" => {
                    o.conventions.duplicates = value("--duplicates", attached, &mut it)?
                        .parse()
                        .map_err(|e| format!("ranklab: --{e}"))?;
                }
                "help" => return Err(USAGE.to_string()),
                _ => return Err(format!("ranklab: unknown option --{name}\n{USAGE}")),
            }
        } else if a.len() > 1 && a.starts_with('-') {
            let flag = &a[..2];
            let attached = &a[2..];
            match flag {
                "-q" => o.per_query = true,
                "-c" => o.conventions.missing_queries = MissingQueries::ScoreZero,
                "-J" => o.conventions.judged_only = true,
                "-l" => {
                    o.conventions.relevance_level = number("-l", value("-l", attached, &mut it)?)?
                }
                "-M" => {
                    o.conventions.max_docs = Some(number("-M", value("-M", attached, &mut it)?)?)
                }
                "-N" => o.docs_in_collection = number("-N", value("-N", attached, &mut it)?)?,
                "-Z" => o.zscores = Some(value("-Z", attached, &mut it)?.to_string()),
                "-R" => {
                    o.rel_format = match value("-R", attached, &mut it)? {
                        "qrels" => None,
                        "qrels_jg" => Some(JudgmentReading::JudgmentGroups),
                        "prefs" => Some(JudgmentReading::Preferences),
                        "qrels_prefs" => Some(JudgmentReading::QrelsAsPreferences),
                        other => {
                            return Err(format!(
                        "ranklab: -R takes qrels, qrels_jg, prefs or qrels_prefs, found `{other}`"
                    ))
                        }
                    }
                }
                "-m" => o.measures.push(value("-m", attached, &mut it)?.to_string()),
                "-h" => return Err(USAGE.to_string()),
                _ => return Err(format!("ranklab: unknown option {a}\n{USAGE}")),
            }
        } else {
            files.push(arg.clone());
        }
    }
    Ok((o, files))
}
