//! Runs evaluated against judgments that are not plain qrels: preference
//! judgments (trec_eval's `prefs`) and judgment groups (`qrels_jg`). Their
//! measures are trec_eval's `all_prefs` and `qrels_jg` sets, computed by the
//! same [`evaluate_preferences`] and [`evaluate_judgment_groups`] as the
//! command line (so the page shows the numbers of `ranklab eval -R prefs`
//! and `-R qrels_jg`, which match trec_eval's own test outputs), and shown
//! in a table of their own ([`JudgmentTable`]): the measures of plain
//! qrels do not apply to these judgments.

use crate::conventions::{DuplicatePolicy, TieBreak};
use crate::error::Expected;
use crate::error::ParseError;
use crate::formats::inputs::{InputFormat, InputKind};
use crate::formats::preferences::Preferences;
use crate::formats::qrels_jg::JudgmentGroups;
use crate::measures::preferences::PrefMeasure;
use crate::measures::trec_names::{MeasureRequest, TrecItem};
use crate::pipeline::trec_output::TrecRow;

use super::evaluate_judgment_groups;
use super::judgment_table::{JudgmentMeasure, JudgmentReading, JudgmentSystem, JudgmentTable};
use super::preferences::evaluate_preferences;
use super::results::SourceResults;
use super::run_warnings::{refusal_reason, tally_warnings};
use super::stream::StreamResult;
use super::warning::{QueryList, Refusal, Warning};
use super::EvalOptions;

/// The measures trec_eval computes for these judgments: its `all_prefs`
/// or `qrels_jg` set.
fn items_for(reading: JudgmentReading) -> Vec<TrecItem> {
    let set = if reading.is_preferences() {
        "all_prefs"
    } else {
        "qrels_jg"
    };
    MeasureRequest::parse(&[set])
        .and_then(|r| r.items())
        .expect("trec_eval's own sets parse")
}

/// A measure's formula, for its explanation.
fn formula(item: &TrecItem) -> Option<JudgmentMeasure> {
    match item {
        TrecItem::Preference { name, measure } => Some(JudgmentMeasure {
            name: name.clone(),
            count: measure.is_count(),
            formula: measure.explanation().to_string(),
        }),
        TrecItem::Measure { name, metric, .. } => Some(JudgmentMeasure {
            name: name.clone(),
            count: false,
            formula: format!(
                "{metric} computed with each judgment group's judgments alone, then averaged over the groups that judged the query: (v₁ + … + vₙ) / n for a query judged by n groups. The mean over queries follows, as for every measure."
            ),
        }),
        _ => None,
    }
}

/// Evaluates the TREC runs `runs` (name, text, kind) against the judgments
/// `judgments` (name, text, how it is read), adding the table, the
/// problems and the warnings to `part`.
pub fn evaluate_judgment_table(
    judgments: (&str, &str, JudgmentReading),
    runs: &[(&str, &str, InputKind)],
    options: &EvalOptions,
    part: &mut SourceResults,
) {
    let (jname, jtext, reading) = judgments;
    let items = items_for(reading);
    let mut table = JudgmentTable {
        judgments: jname.to_string(),
        reading,
        measures: items.iter().filter_map(formula).collect(),
        systems: Vec::new(),
    };
    let conventions = &options.conventions;
    let read = match reading {
        JudgmentReading::Preferences => {
            Read::Prefs(crate::formats::preferences::parse_prefs(jname, jtext))
        }
        JudgmentReading::QrelsAsPreferences => {
            Read::Prefs(crate::formats::preferences::parse_qrels_prefs(jname, jtext))
        }
        JudgmentReading::JudgmentGroups => {
            Read::Groups(crate::formats::qrels_jg::parse_qrels_jg(jname, jtext))
        }
    };
    let judgment_errors = match &read {
        Read::Prefs(p) => &p.errors,
        Read::Groups(g) => &g.errors,
    };
    let broken = !judgment_errors.is_empty();
    // Plain qrels read as preferences: their problems are already listed
    // by the qrels' own reading.
    if reading != JudgmentReading::QrelsAsPreferences {
        part.errors.extend(judgment_errors.iter().cloned());
    }
    if reading.is_preferences()
        && (conventions.tie_break != TieBreak::TrecEval
            || conventions.duplicates == DuplicatePolicy::KeepAll)
    {
        part.warnings.push(Warning::PreferenceTies);
    }
    for &(name, text, kind) in runs {
        if kind.format != InputFormat::Trec {
            part.errors.push(ParseError::new(
                name,
                1,
                1,
                Expected::TrecRunFor {
                    preferences: reading.is_preferences(),
                    judgments: jname.to_string(),
                    kind: kind.label().to_string(),
                },
                "",
            ));
            continue;
        }
        let result = match &read {
            Read::Prefs(p) => evaluate_preferences(name, text, jname, p, &items, conventions),
            Read::Groups(g) => evaluate_judgment_groups(name, text, g, &items, conventions, 0.0),
        };
        table
            .systems
            .push(system(name, result, &items, broken, options, part));
    }
    part.judgment_table = Some(table);
}

/// The judgments as read.
enum Read<'a> {
    Prefs(Preferences<'a>),
    Groups(JudgmentGroups<'a>),
}

/// One run's row of the table, its problems and warnings added to `part`.
fn system(
    name: &str,
    result: StreamResult,
    items: &[TrecItem],
    judgments_broken: bool,
    options: &EvalOptions,
    part: &mut SourceResults,
) -> JudgmentSystem {
    let refused = if judgments_broken {
        Some(Refusal::BrokenJudgments)
    } else if let Some(repeat) = refusal_reason(&result.errors) {
        Some(repeat)
    } else if result.refused {
        Some(Refusal::ContradictoryPreferences)
    } else {
        None
    };
    part.errors.extend(result.errors.iter().cloned());
    tally_warnings(
        part,
        name,
        &result.missing_queries,
        &result.run_only_queries,
        result.repeated_lines,
        (result.tied_queries, result.rows.len()),
        options,
    );
    if refused.is_some() {
        return JudgmentSystem {
            name: name.to_string(),
            queries: Vec::new(),
            all: Vec::new(),
            refused,
        };
    }
    // Preferences none of which the run fulfils, in any query, not even
    // implied ones (a retrieved document preferred to one not retrieved):
    // its docids are none of the judgments'. Said, not left as zeros.
    let fulfilled = items.iter().position(|i| {
        matches!(i, TrecItem::Preference { measure, .. } if *measure == PrefMeasure::NumFulfilled)
    });
    if let Some(at) = fulfilled {
        if !result.rows.is_empty() && result.rows.iter().all(|r| r.values.get(at) == Some(&0.0)) {
            part.warnings.push(Warning::NothingJudged {
                run: name.to_string(),
                queries: result.rows.len(),
                first: None,
            });
        }
    }
    let all = crate::pipeline::trec_output::summary_values(items, &result.rows);
    JudgmentSystem {
        name: name.to_string(),
        queries: result
            .rows
            .into_iter()
            .map(|TrecRow { qid, values, .. }| (qid, values))
            .collect(),
        all,
        refused: None,
    }
}

/// The queries a table's values are over (for its caption), sorted.
pub fn judgment_queries_note(table: &JudgmentTable) -> QueryList {
    QueryList(
        table
            .systems
            .iter()
            .flat_map(|s| s.queries.iter().map(|(q, _)| q.clone()))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::Metric;
    use crate::session::test_support::{file, shared};
    use crate::session::{evaluate_files, LoadedFile};

    fn table(files: &[LoadedFile]) -> (SourceResults, JudgmentTable) {
        let m: Vec<Metric> = vec!["AP".parse().unwrap()];
        let mut part = evaluate_files(files, &m, &EvalOptions::default());
        let t = part.judgment_table.take().expect("a judgments table");
        (part, t)
    }

    /// trec_eval's expected `all` line for `name` in `expected`.
    fn expected(out: &str, name: &str) -> String {
        shared(out)
            .lines()
            .find_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.len() == 3 && f[0] == name && f[1] == "all").then(|| f[2].to_string())
            })
            .unwrap_or_else(|| panic!("{name} in {out}"))
    }

    fn shown(t: &JudgmentTable, s: usize, j: usize) -> String {
        let m = &t.measures[j];
        let v = t.systems[s].all[j];
        if m.count {
            format!("{}", v as i64)
        } else {
            format!("{v:.4}")
        }
    }

    #[test]
    fn preference_files_give_trec_eval_values() {
        let files = [
            file("prefs.test", &shared("prefs.test")),
            file("prefs.results.test", &shared("prefs.results.test")),
        ];
        let (part, t) = table(&files);
        assert!(part.errors.is_empty(), "{:?}", part.errors);
        assert!(part.systems.is_empty());
        assert_eq!(t.reading, JudgmentReading::Preferences);
        assert_eq!(t.measures.len(), 14);
        assert_eq!(t.systems.len(), 1);
        for (j, m) in t.measures.iter().enumerate() {
            assert_eq!(
                shown(&t, 0, j),
                expected("out.test.prefs", &m.name),
                "{}",
                m.name
            );
            assert!(!m.formula.is_empty());
        }
    }

    #[test]
    fn judgment_group_files_give_trec_eval_values() {
        let files = [
            file("results.test", &shared("results.test")),
            file("qrels.123", &shared("qrels.123")),
        ];
        let (part, t) = table(&files);
        assert!(part.errors.is_empty(), "{:?}", part.errors);
        assert_eq!(t.reading, JudgmentReading::JudgmentGroups);
        assert_eq!(t.measures[0].name, "map_avgjg");
        assert!(t.measures.iter().any(|m| m.name == "P_avgjg_10"));
        for (j, m) in t.measures.iter().enumerate() {
            assert_eq!(
                shown(&t, 0, j),
                expected("out.test.qrels_jg", &m.name),
                "{}",
                m.name
            );
        }
        assert!(part.files[1].kind.unwrap().label() == "TREC judgment groups");
    }

    #[test]
    fn qrels_read_as_preferences_give_out_test_qrels_prefs() {
        let files = [
            file("qrels.test", &shared("qrels.test")),
            file("results.test", &shared("results.test")),
        ];
        let options = EvalOptions {
            qrels_as_preferences: true,
            ..EvalOptions::default()
        };
        let m: Vec<Metric> = vec!["AP".parse().unwrap()];
        let part = evaluate_files(&files, &m, &options);
        assert!(part.errors.is_empty(), "{:?}", part.errors);
        // The plain qrels' measures are there too: map 0.1785 (out.test).
        assert_eq!(
            crate::measures::steps::f4(part.systems[0].means[0]),
            "0.1785"
        );
        let t = part.judgment_table.expect("a preferences table");
        assert_eq!(t.reading, JudgmentReading::QrelsAsPreferences);
        for (j, m) in t.measures.iter().enumerate() {
            assert_eq!(
                shown(&t, 0, j),
                expected("out.test.qrels_prefs", &m.name),
                "{}",
                m.name
            );
        }
        let off = evaluate_files(&files, &m, &EvalOptions::default());
        assert_eq!(off.judgment_table, None);
    }

    #[test]
    fn a_run_that_is_not_trec_is_refused_by_name() {
        let files = [
            file("p", "q1 a s d1 1\nq1 a s d2 0\n"),
            file("run.json", r#"{"q1": {"d1": 0.5, "d2": 0.25}}"#),
        ];
        let (part, t) = table(&files);
        assert!(t.systems.is_empty());
        assert_eq!(part.errors.len(), 1);
        assert!(part.errors[0]
            .to_string()
            .starts_with("run.json:1:1: expected a TREC run"));
    }

    #[test]
    fn hand_computed_preferences_and_warnings() {
        // One group, one subgroup: d1 (2) > d2 (1) > d3 (0): 3 preferences.
        // Ranking d2, d1 (d3 not retrieved): d1 > d2 unfulfilled; d1 > d3
        // and d2 > d3 fulfilled (implied): prefs_simp = 2/3, and between
        // retrieved documents 0 of 1: prefs_simp_ret = 0.
        let files = [
            file("p", "q1 a s d1 2\nq1 a s d2 1\nq1 a s d3 0\nq2 a s d1 1\n"),
            file("r", "q1 Q0 d2 1 2.0 t\nq1 Q0 d1 2 1.0 t\nq9 Q0 d1 1 1 t\n"),
        ];
        let (part, t) = table(&files);
        assert!(part.errors.is_empty(), "{:?}", part.errors);
        let col = |n: &str| t.measures.iter().position(|m| m.name == n).unwrap();
        let q1 = &t.systems[0].queries[0];
        assert_eq!(q1.0, "q1");
        assert!((q1.1[col("prefs_simp")] - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(q1.1[col("prefs_simp_ret")], 0.0);
        assert_eq!(q1.1[col("prefs_num_prefs_poss")], 3.0);
        // q2 is judged but not in the run; q9 is in the run only.
        let w = part
            .warnings
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            w.contains("r: 1 query of the qrels missing from the run (q2)"),
            "{w}"
        );
        assert!(
            w.contains("r: 1 query without judgments ignored (q9)"),
            "{w}"
        );
    }
}
