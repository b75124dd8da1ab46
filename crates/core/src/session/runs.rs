//! Runs evaluated against the judgments, whole: each run's outcome (its
//! queries, what it lacks, what was dropped or refused) and what the
//! results say of it.

use crate::error::ParseError;
use crate::formats::inputs::{parse_qrels_as, parse_run_as};
use crate::judged::{judges_nothing, FIRST_RANKS};
use crate::measures::Metric;
use crate::pipeline::evaluate::{per_query_values, summaries};
use crate::pipeline::judge::judge;

use super::files::LoadedFile;
use super::judgment_table::JudgmentReading;
use super::results::{QueryResult, Source, SourceResults, SystemResult, SHOWN_RANKS};
use super::roles::{check_grade_scale, describe_files, file_roles, max_grade};
use super::run_warnings::{refusal_reason, tally_warnings};
use super::trec_judgments::evaluate_judgment_table;
use super::warning::{Refusal, Warning};
use super::EvalOptions;

/// One run evaluated against the judgments, however it was read (whole or
/// streamed).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunOutcome {
    /// The run's name (its file name).
    pub name: String,
    /// Queries in qid order (byte-wise), missing ones included when scored 0.
    pub queries: Vec<QueryResult>,
    /// Qrels queries the run lacks.
    pub missing_queries: Vec<String>,
    /// Run queries the qrels lack (ignored).
    pub run_only_queries: Vec<String>,
    /// Repeated docids dropped.
    pub repeated_lines: usize,
    /// Queries whose equal scores were ordered by the tie convention.
    pub tied_queries: usize,
    /// Largest grade of the judgments.
    pub max_grade: i64,
    /// Located problems, in file order.
    pub errors: Vec<ParseError>,
    /// A repeated docid was refused: the run gets no numbers.
    #[cfg_attr(feature = "serde", serde(default))]
    pub refused: bool,
    /// The run's tag (trec_eval's `runid`): the tag column of its last
    /// parsed line, where its format has one.
    #[cfg_attr(feature = "serde", serde(default))]
    pub runid: Option<String>,
    /// Its lines carry several tags (see [`crate::formats::trec::Run::several_tags`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub several_tags: bool,
}

impl RunOutcome {
    /// The outcome of a run judged whole.
    pub fn from_judged(
        name: &str,
        runid: Option<&str>,
        judged: &crate::pipeline::judge::JudgedRun<'_>,
        metrics: &[Metric],
    ) -> Self {
        let rows = per_query_values(judged, metrics);
        RunOutcome {
            name: name.to_string(),
            queries: judged
                .queries
                .iter()
                .zip(rows)
                .map(|(q, v)| {
                    QueryResult::new(q.qid.to_string(), v, &q.ranking, q.missing).with_ranges(
                        metrics,
                        &q.ranking,
                        &judged.context,
                    )
                })
                .collect(),
            missing_queries: judged.missing_query_ids(),
            run_only_queries: judged.run_only_query_ids(),
            repeated_lines: judged.repeated_lines,
            tied_queries: judged.tied_queries(),
            max_grade: judged.context.max_grade,
            errors: judged.errors.clone(),
            refused: judged.refused,
            runid: runid.map(str::to_string),
            several_tags: false,
        }
    }
}

/// A run's row without numbers, and why (`measures` values, each NaN).
fn refused_system(
    name: String,
    why: Refusal,
    measures: usize,
    max_grade: i64,
    (runid, several_tags): (Option<String>, bool),
) -> SystemResult {
    SystemResult {
        name,
        source: Source::File,
        queries: Default::default(),
        means: vec![f64::NAN; measures],
        max_grade,
        refused: Some(why),
        runid,
        several_tags,
        file: None,
    }
}

/// Whether none of a run's result lines could be read: it has problems,
/// and no query of it was read (none evaluated, none that the judgments
/// lack; those it lacks may be rows scored 0). Such a run is refused
/// however it was read, whole or streamed by the workers: it is not a
/// system that retrieved nothing, and its zeros would pass for one's.
fn unread(run: &RunOutcome) -> bool {
    !run.errors.is_empty()
        && run.run_only_queries.is_empty()
        && run.queries.iter().all(|q| q.missing)
}

/// Adds a run's system, problems and warnings to `part`.
pub fn add_run(
    part: &mut SourceResults,
    run: RunOutcome,
    metrics: &[Metric],
    options: &EvalOptions,
) {
    let name = &run.name;
    let refusal = if run.refused {
        Some(refusal_reason(&run.errors).unwrap_or(Refusal::RepeatedDocidUnlocated))
    } else {
        unread(&run).then_some(Refusal::NoReadableLines)
    };
    if let Some(why) = refusal {
        part.systems.push(refused_system(
            run.name,
            why,
            metrics.len(),
            run.max_grade,
            (run.runid, run.several_tags),
        ));
        part.errors.extend(run.errors);
        return;
    }
    part.errors.extend(run.errors);
    let evaluated = run.queries.iter().filter(|q| !q.missing).count();
    let rows: Vec<Vec<f64>> = run.queries.iter().map(|q| q.values.clone()).collect();
    let system = SystemResult {
        name: run.name.clone(),
        source: Source::File,
        means: summaries(metrics, &rows),
        queries: run.queries.into(),
        max_grade: run.max_grade,
        refused: None,
        runid: run.runid,
        several_tags: run.several_tags,
        file: None,
    };
    // A run none of whose first ranks is judged, and that finds nothing
    // relevant, scores 0 everywhere: said, not left as a table of zeros.
    // The command line tests the same ranks (`TrecRow::judges_nothing`).
    const _: () = assert!(SHOWN_RANKS == FIRST_RANKS);
    let scored = || system.queries.iter().filter(|q| !q.missing);
    if scored().any(|q| q.num_ret > 0)
        && scored().all(|q| judges_nothing(&q.ranking, q.num_rel_ret))
    {
        part.warnings.push(Warning::NothingJudged {
            run: name.clone(),
            queries: evaluated,
            first: Some(SHOWN_RANKS),
        });
    }
    // Ties are worth a warning only where their order changes a value
    // shown: the tie panel's test ("no tie effect" where no mean spreads).
    let tied = if tie_effect(&system, metrics) {
        run.tied_queries
    } else {
        0
    };
    tally_warnings(
        part,
        name,
        &run.missing_queries,
        &run.run_only_queries,
        run.repeated_lines,
        (tied, evaluated),
        options,
    );
    part.systems.push(system);
}

/// Whether the order of tied documents changes some mean of `system` on
/// `metrics` (or might: a range too costly to find counts as a change),
/// as the tie panel tells "no tie effect" from a range.
pub fn tie_effect(system: &SystemResult, metrics: &[Metric]) -> bool {
    metrics
        .iter()
        .enumerate()
        .any(|(j, m)| system.mean_range(j, m).is_none_or(|r| r.is_spread()))
}

/// A TREC run file without result lines (empty, or blank and comment lines
/// only) is a system that retrieved nothing: where queries a run lacks
/// score 0 (trec_eval -c, ir_measures, ranx) it is evaluated so, with a
/// warning that says so; where they are left out, no query is left and it
/// is refused, as trec_eval fails without -c. (A run with lines none of
/// which could be read is not empty: [`add_run`] refuses it, however it
/// was read.) Returns whether it was refused (and so added to `part`
/// already).
fn empty_run(
    kind: crate::formats::inputs::InputKind,
    run: &crate::formats::trec::Run<'_>,
    conventions: &crate::conventions::Conventions,
    part: &mut SourceResults,
    (name, measures, max_grade): (&str, usize, i64),
) -> bool {
    let empty = kind.format == crate::formats::inputs::InputFormat::Trec
        && run.query_order.is_empty()
        && run.errors.is_empty();
    if !empty {
        return false;
    }
    if conventions.missing_queries == crate::conventions::MissingQueries::ScoreZero {
        part.warnings.push(Warning::NoResultLines {
            file: name.to_string(),
        });
        return false;
    }
    part.systems.push(refused_system(
        name.to_string(),
        Refusal::NoResultLines,
        measures,
        max_grade,
        (None, false),
    ));
    true
}

/// Evaluates every run file against the first qrels file.
pub fn evaluate_files(
    files: &[LoadedFile],
    metrics: &[Metric],
    options: &EvalOptions,
) -> SourceResults {
    let mut part = SourceResults::default();
    let roles = file_roles(files);
    describe_files(files, &roles, &mut part);
    let table = roles.judgment_table(options);
    let runs = roles.runs;
    let texts: Vec<(&str, &str, crate::formats::inputs::InputKind)> = runs
        .iter()
        .map(|(f, k)| (f.name.as_str(), &*f.text, *k))
        .collect();
    if let Some((j, reading)) = table {
        evaluate_judgment_table((&j.name, &*j.text, reading), &texts, options, &mut part);
        if reading != JudgmentReading::QrelsAsPreferences {
            return part;
        }
    }
    let Some((qrels_file, qrels_kind)) = roles.qrels else {
        if !runs.is_empty() {
            part.warnings.push(Warning::NoQrels);
        }
        for (run, kind) in runs {
            part.errors
                .extend(parse_run_as(kind.format, &run.name, &run.text).errors);
        }
        return part;
    };
    let qrels = parse_qrels_as(qrels_kind.format, &qrels_file.name, &qrels_file.text);
    part.errors.extend(qrels.errors.iter().cloned());
    let largest = max_grade(&qrels);
    check_grade_scale(&mut part, &qrels_file.name, largest, options);
    let conventions = options.conventions;
    for (run_file, kind) in runs {
        let run = parse_run_as(kind.format, &run_file.name, &run_file.text);
        if empty_run(
            kind,
            &run,
            &conventions,
            &mut part,
            (&run_file.name, metrics.len(), largest),
        ) {
            continue;
        }
        let judged = judge(&qrels, &run, &conventions);
        let mut outcome = RunOutcome {
            several_tags: run.several_tags,
            ..RunOutcome::from_judged(&run_file.name, run.runid, &judged, metrics)
        };
        // The lines' problems first, then the judging's: `add_run` tells
        // a run none of whose lines reads by them.
        outcome.errors.splice(0..0, run.errors.iter().cloned());
        add_run(&mut part, outcome, metrics, options);
    }
    part
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conventions::{Conventions, DuplicatePolicy, MissingQueries};
    use crate::session::query_set_note;
    use crate::session::test_support::{default_metrics, file, shared};

    #[test]
    fn trec_eval_test_files_give_trec_eval_values() {
        let s = EvalOptions::default();
        let m = default_metrics();
        let files = [
            file("results.test", &shared("results.test")),
            file("qrels.test", &shared("qrels.test")),
        ];
        let e = evaluate_files(&files, &m, &s);
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        // out.test: map 0.1785, recip_rank 0.4064, P_10 0.3000 over 3 queries.
        let run = &e.systems[0];
        assert_eq!(run.queries.len(), 3);
        assert_eq!(crate::measures::steps::f4(run.means[1]), "0.1785");
        assert_eq!(crate::measures::steps::f4(run.means[0]), "0.4064");
        assert_eq!(crate::measures::steps::f4(run.means[3]), "0.3000");
    }

    /// A qrels line of five fields is read as a preference (docid fourth):
    /// its "docids" 0 and 1 are none of the run's, and every value is 0.
    /// That is said; a run with one judged document in its first ranks, or
    /// one relevant document found, is not warned of.
    #[test]
    fn a_run_whose_first_ranks_are_all_unjudged_is_warned_of() {
        let m = default_metrics();
        let warned = |qrels: &str, run: &str| {
            let files = [file("qrels", qrels), file("a.run", run)];
            let e = evaluate_files(&files, &m, &EvalOptions::default());
            // (A preference table names its runs by file.)
            e.warnings.iter().any(
                |w| matches!(w, Warning::NothingJudged { run, queries: 1, .. } if run.starts_with('a')),
            )
        };
        let run = "101 Q0 D020 1 2.0 a\n101 Q0 D009 2 1.0 a\n";
        assert!(warned("101 0 D020 0 1\n101 0 D009 1 1\n", run));
        assert!(warned("101 0 D999 1\n", run));
        assert!(!warned("101 0 D009 0\n", run));
        assert!(!warned("101 0 D020 1\n", run));
        let said = Warning::NothingJudged {
            run: "a".into(),
            queries: 1,
            first: Some(100),
        }
        .to_string();
        assert!(
            said.starts_with(
                "a: none of the documents it ranks first (up to 100 in each of its 1 query) is judged"
            ),
            "{said}"
        );
    }

    #[test]
    fn query_ids_spelled_otherwise_in_the_run_are_pointed_out() {
        let files = [
            file("qrels", "q1 0 d1 1\nq2 0 d2 1\n301 0 d3 1\n"),
            file(
                "a.run",
                "Q01 Q0 d1 1 2 a\nq2 Q0 d2 1 2 a\n0301 Q0 d3 1 2 a\nq9 Q0 d9 1 1 a\n",
            ),
        ];
        let e = evaluate_files(&files, &default_metrics(), &EvalOptions::default());
        let said: Vec<String> = e
            .warnings
            .iter()
            .filter(|w| matches!(w, Warning::LookalikeQueryIds { .. }))
            .map(Warning::to_string)
            .collect();
        assert_eq!(
            said,
            ["a.run: its query 0301 is written 301 in the judgments, and 1 more query is too: ids are compared exactly, as by trec_eval, so such a query is not evaluated. Write its id alike in both files."]
        );
        // Only q2 is matched: AP 1 over it alone (the other two are left out).
        assert_eq!(
            e.systems[0].queries.iter().filter(|q| !q.missing).count(),
            1
        );
    }

    #[test]
    fn a_run_none_of_whose_lines_reads_is_refused_whatever_the_missing_queries_setting() {
        // Its zeros would pass for a system's that retrieved nothing.
        let files = [
            file("qrels", "q1 0 d1 1\nq2 0 d2 1\n"),
            file("run5.txt", "q1 Q0 d1 1 7.0\nq2 Q0 d2 1 6.0\n"),
        ];
        for missing in [MissingQueries::Skip, MissingQueries::ScoreZero] {
            let options = EvalOptions {
                conventions: Conventions {
                    missing_queries: missing,
                    ..Conventions::default()
                },
                ..EvalOptions::default()
            };
            let e = evaluate_files(&files, &default_metrics(), &options);
            let s = &e.systems[0];
            assert!(s.queries.is_empty(), "{missing:?}");
            assert_eq!(s.refused, Some(Refusal::NoReadableLines), "{missing:?}");
            assert_eq!(
                s.refused.as_ref().unwrap().to_string(),
                "No numbers: none of its result lines could be read (see the file problems)."
            );
            let lines: Vec<usize> = e.errors.iter().map(|p| p.line).collect();
            assert_eq!(lines, [1, 2], "the lines' problems are listed");
            assert!(!e
                .warnings
                .iter()
                .any(|w| matches!(w, Warning::NoResultLines { .. })));
        }
    }

    #[test]
    fn a_run_without_result_lines_retrieved_nothing_where_missing_queries_score_0() {
        // ir_measures' TestPytrecEval.test_empty: its qrels (queries 0 and
        // 1) against an empty run give P@5 = 0 for both queries. trec_eval
        // -c scores a run of comment lines only the same.
        let qrels =
            "0 0 D0 0\n0 0 D1 1\n0 0 D2 1\n0 0 D3 2\n0 0 D4 0\n1 0 D0 1\n1 0 D3 2\n1 0 D5 2\n";
        let m = default_metrics();
        let zero = EvalOptions {
            conventions: crate::presets::Preset::IrMeasures.conventions(),
            ..EvalOptions::default()
        };
        for text in ["", "# nothing\n\n"] {
            let files = [file("qrels", qrels), file("empty.run", text)];
            let e = evaluate_files(&files, &m, &zero);
            assert!(e.errors.is_empty(), "{:?}", e.errors);
            let sys = &e.systems[0];
            assert_eq!(sys.refused, None);
            let ids: Vec<&str> = sys.queries.iter().map(|q| q.id.as_str()).collect();
            assert_eq!(ids, ["0", "1"]);
            assert!(sys
                .queries
                .iter()
                .all(|q| q.values.iter().all(|&v| v == 0.0)));
            assert_eq!(sys.means, vec![0.0; m.len()]);
            assert!(e.warnings.contains(&Warning::NoResultLines {
                file: "empty.run".into()
            }));
            // Where queries a run lacks are left out, no query is left.
            let e = evaluate_files(&files, &m, &EvalOptions::default());
            assert_eq!(e.systems[0].refused, Some(Refusal::NoResultLines));
            assert!(e.systems[0].queries.is_empty());
            assert_eq!(e.systems[0].means.len(), m.len());
        }
    }

    #[test]
    fn a_tie_warning_names_only_runs_whose_values_tie_order_changes() {
        // run1 ties a relevant and a non-relevant document at the top of q1
        // (RR 1/2 or 1); run3 ties two non-relevant documents below its
        // relevant one (no value of the default measures moves).
        let mut files = crate::session::test_support::tied_runs();
        files.push(file(
            "run3.txt",
            "q1 Q0 a 1 3 r3\nq1 Q0 b 2 1 r3\nq1 Q0 c 3 1 r3\nq2 Q0 x 1 1 r3\n",
        ));
        let m = default_metrics();
        let e = evaluate_files(&files, &m, &EvalOptions::default());
        let tied: Vec<&str> = e
            .warnings
            .iter()
            .filter_map(|w| match w {
                Warning::Ties { run, .. } => Some(run.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(tied, ["run1.txt"]);
        let report = crate::session::TieReport::new(&m, &e.systems);
        // The tie panel says the same: run3 has tied queries, no effect.
        assert_eq!(report.tied_queries[2], 1);
        assert!(report.means[2]
            .iter()
            .all(|r| r.is_some_and(|r| !r.is_spread())));
        assert!(tie_effect(&e.systems[0], &m) && !tie_effect(&e.systems[2], &m));
    }

    #[test]
    fn json_and_csv_inputs_warnings_and_conventions() {
        let qrels = file("q.json", r#"{"q1": {"a": 1, "b": 0}, "q2": {"c": 1}}"#);
        let run = file("r.csv", "query,doc,score\nq1,b,2\nq1,a,2\nq1,a,1\nq9,x,1\n");
        let s = EvalOptions {
            conventions: Conventions {
                duplicates: DuplicatePolicy::KeepFirst,
                missing_queries: MissingQueries::ScoreZero,
                ..Conventions::default()
            },
            ..EvalOptions::default()
        };
        let m = default_metrics();
        let e = evaluate_files(&[qrels, run], &m, &s);
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        let sys = &e.systems[0];
        // Tie at score 2: trec_eval's order puts b before a, so RR(q1) = 1/2;
        // q2 is missing and scored 0.
        assert_eq!(sys.queries.len(), 2);
        assert_eq!(sys.queries[0].values[0], 0.5);
        assert!(sys.queries[1].missing);
        assert_eq!(sys.means[0], 0.25);
        let w = e
            .warnings
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            w.contains("r.csv: 1 query of the qrels missing from the run (q2); scored 0"),
            "{w}"
        );
        assert!(
            w.contains("r.csv: 1 query without judgments ignored (q9)"),
            "{w}"
        );
        assert!(
            w.contains("r.csv: 1 line of repeated docids dropped (keep the first line)"),
            "{w}"
        );
        assert!(
            w.contains("r.csv: equal scores in 1 of 1 queries, ordered by the tie setting: docid descending (trec_eval)."),
            "{w}"
        );
    }

    #[test]
    fn a_repeated_line_refuses_the_whole_run_and_the_results_say_why() {
        // trec_eval's results.test with one line repeated (line 2 again at
        // the end of query 301's block): trec_eval refuses the run. Before,
        // query 301 silently vanished and the damaged run looked best.
        let results = shared("results.test");
        let lines: Vec<&str> = results.lines().collect();
        let mut damaged: Vec<&str> = lines.clone();
        damaged.insert(2, lines[1]);
        let damaged = damaged.join("\n") + "\n";
        let files = [
            file("qrels.test", &shared("qrels.test")),
            file("clean", &results),
            file("damaged", &damaged),
        ];
        let s = EvalOptions::default();
        let m = default_metrics();
        let e = evaluate_files(&files, &m, &s);
        let clean = &e.systems[0];
        let bad = &e.systems[1];
        assert_eq!(crate::measures::steps::f4(clean.means[1]), "0.1785");
        assert!(bad.queries.is_empty(), "a refused run has no numbers");
        let why = bad.refused.as_ref().unwrap().to_string();
        assert!(
            why.starts_with("No numbers: line 3 repeats docid `FR940202-2-00151` in query 301, which listed it on line 2,"),
            "{why}"
        );
        assert_eq!(e.errors.len(), 1);
        assert!(e.errors[0].is_duplicate_refusal());
        assert_eq!(e.errors[0].line, 3);
        // keep-first and keep-last keep all three queries.
        for duplicates in [DuplicatePolicy::KeepFirst, DuplicatePolicy::KeepLast] {
            let s = EvalOptions {
                conventions: Conventions {
                    duplicates,
                    ..Conventions::default()
                },
                ..EvalOptions::default()
            };
            let e = evaluate_files(&files, &m, &s);
            assert_eq!(e.systems[1].queries.len(), 3, "{duplicates:?}");
            assert_eq!(e.systems[1].means, e.systems[0].means, "{duplicates:?}");
        }
    }

    #[test]
    fn different_query_sets_are_said_next_to_the_table() {
        let s = EvalOptions::default();
        let m = default_metrics();
        // A run without query 303 and missing queries skipped.
        let results = shared("results.test");
        let short: String = results
            .lines()
            .filter(|l| !l.starts_with("303\t"))
            .map(|l| format!("{l}\n"))
            .collect();
        let files = [
            file("qrels.test", &shared("qrels.test")),
            file("full", &results),
            file("short", &short),
        ];
        let e = evaluate_files(&files, &m, &s);
        assert_eq!(
            query_set_note(&e.systems).map(|n| n.to_string()).as_deref(),
            Some("The means are over different queries: short has 2 of the 3 queries (lacks 303). Compare them with care; the statistics use the queries the systems share.")
        );
        // Scored 0 instead (trec_eval -c): the same queries, no note.
        let s = EvalOptions {
            conventions: Conventions {
                missing_queries: MissingQueries::ScoreZero,
                ..Conventions::default()
            },
            ..EvalOptions::default()
        };
        let e = evaluate_files(&files, &m, &s);
        assert_eq!(query_set_note(&e.systems), None);
    }
}
