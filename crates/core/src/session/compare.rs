//! "Why do the tools disagree?": the same data evaluated under each tool's
//! preset, and for a value that differs from trec_eval's, the conventions
//! that make the difference, found by switching them one at a time.

use std::collections::HashMap;

use super::files::LoadedFile;
use super::runs::evaluate_files;
use super::switch::Switch;
use super::typed::evaluate_typed;
use super::EvalOptions;
use crate::conventions::Conventions;
use crate::formats::quick::QuickInput;
use crate::measures::Metric;
use crate::pipeline::evaluate::summaries;
use crate::presets::Preset;

/// Per-query values of one system: (query id, one value per measure).
pub type QueryValues = Vec<(String, Vec<f64>)>;

/// Every system's per-query values under `conventions`, typed systems
/// first, then runs: the one pipeline ([`evaluate_typed`],
/// [`evaluate_files`]), keeping the systems that have queries.
pub fn values_under(
    input: &QuickInput,
    files: &[LoadedFile],
    metrics: &[Metric],
    conventions: &Conventions,
) -> Vec<(String, QueryValues)> {
    let options = EvalOptions {
        conventions: *conventions,
        scale_max: i64::MAX,
        qrels_as_preferences: false,
    };
    let typed = evaluate_typed(input, metrics, &options);
    let from_files = evaluate_files(files, metrics, &options);
    typed
        .systems
        .into_iter()
        .chain(from_files.systems)
        .filter(|s| !s.queries.is_empty())
        .map(|s| {
            let rows = std::sync::Arc::unwrap_or_clone(s.queries)
                .into_iter()
                .map(|q| (q.id, q.values))
                .collect();
            (s.name, rows)
        })
        .collect()
}

/// One preset's means: `means[s][m]`.
#[derive(Debug, Clone, PartialEq)]
pub struct PresetRow {
    /// The preset.
    pub preset: Preset,
    /// The measures as this tool defines them.
    pub measures: Vec<Metric>,
    /// Per system, per measure.
    pub means: Vec<Vec<f64>>,
}

/// The measure (an index into the measures of `rows`) on which the tools
/// differ most, and by how much: the largest |mean under a preset − mean
/// under trec_eval's| over presets and systems (a value one tool defines
/// and another does not counts as a difference of 1). `None` when every
/// tool gives every system the same means.
pub fn most_different(rows: &[PresetRow]) -> Option<(usize, f64)> {
    let reference = rows.first()?;
    let measures = reference.means.first().map_or(0, Vec::len);
    let mut best: Option<(usize, f64)> = None;
    for m in 0..measures {
        let mut spread: f64 = 0.0;
        for row in &rows[1..] {
            for (mine, theirs) in row.means.iter().zip(&reference.means) {
                let (a, b) = (mine[m], theirs[m]);
                let d = if a.is_nan() || b.is_nan() {
                    if a.is_nan() == b.is_nan() {
                        0.0
                    } else {
                        1.0
                    }
                } else {
                    (a - b).abs()
                };
                spread = spread.max(d);
            }
        }
        if spread > 1e-12 && best.is_none_or(|(_, d)| spread > d) {
            best = Some((m, spread));
        }
    }
    best
}

/// The means of every system under every preset (trec_eval first). A
/// system one preset cannot evaluate (a run without result lines where
/// queries a run lacks are left out) has NaN means under it, so each
/// column is one system under every preset.
pub fn compare_presets(
    input: &QuickInput,
    files: &[LoadedFile],
    metrics: &[Metric],
    level: i64,
) -> (Vec<String>, Vec<PresetRow>) {
    // Per preset: its measures and each system it evaluates.
    type Evaluated = (Preset, Vec<Metric>, Vec<(String, QueryValues)>);
    let evaluated: Vec<Evaluated> = Preset::ALL
        .iter()
        .map(|&p| {
            let measures: Vec<Metric> = metrics.iter().map(|m| p.translate(m)).collect();
            let conventions = Conventions {
                relevance_level: level,
                ..p.conventions()
            };
            let systems = values_under(input, files, &measures, &conventions);
            (p, measures, systems)
        })
        .collect();
    let mut names: Vec<String> = Vec::new();
    for (_, _, systems) in &evaluated {
        for (n, _) in systems {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    let rows = evaluated
        .into_iter()
        .map(|(preset, measures, systems)| {
            let means = names
                .iter()
                .map(|name| match systems.iter().find(|(n, _)| n == name) {
                    Some((_, rows)) => {
                        let v: Vec<Vec<f64>> = rows.iter().map(|(_, v)| v.clone()).collect();
                        summaries(&measures, &v)
                    }
                    None => vec![f64::NAN; measures.len()],
                })
                .collect();
            PresetRow {
                preset,
                measures,
                means,
            }
        })
        .collect();
    (names, rows)
}

/// One convention on which a preset differs from trec_eval, and the
/// queries whose value it alone changes.
#[derive(Debug, Clone, PartialEq)]
pub struct Cause {
    /// What was switched.
    pub convention: Switch,
    /// (query, trec_eval's value, value with only this switched).
    pub queries: Vec<(String, f64, f64)>,
    /// trec_eval's mean with only this convention switched.
    pub mean: f64,
}

/// Switches each convention (and the measure definition) of `preset` into
/// trec_eval's, one at a time, and reports which change the value of
/// `metric` for `system`.
pub fn causes(
    input: &QuickInput,
    files: &[LoadedFile],
    metric: &Metric,
    system: &str,
    preset: Preset,
    level: i64,
) -> Vec<Cause> {
    let base = Conventions {
        relevance_level: level,
        ..Preset::TrecEval.conventions()
    };
    let t = Conventions {
        relevance_level: level,
        ..preset.conventions()
    };
    // Each convention of the preset alone in trec_eval's, where they differ.
    let mut switches: Vec<(Switch, Conventions, Metric)> = Switch::between(&t, &base)
        .into_iter()
        .map(|what| {
            let c = what.apply(base);
            (what, c, metric.clone())
        })
        .collect();
    let translated = preset.translate(metric);
    if translated != *metric {
        switches.push((Switch::Definition(translated.clone()), base, translated));
    }
    let reference = per_query(input, files, metric, &base, system);
    switches
        .into_iter()
        .map(|(convention, c, m)| {
            let changed = per_query(input, files, &m, &c, system);
            let queries = reference
                .iter()
                .filter_map(|(q, v)| {
                    let w = changed.get(q).copied().unwrap_or(0.0);
                    ((w - v).abs() > 1e-12).then(|| (q.clone(), *v, w))
                })
                .chain(
                    changed
                        .iter()
                        .filter(|(q, _)| !reference.contains_key(*q))
                        .map(|(q, w)| (q.clone(), f64::NAN, *w)),
                )
                .collect();
            let vals: Vec<Vec<f64>> = changed.values().map(|v| vec![*v]).collect();
            let mean = summaries(std::slice::from_ref(&m), &vals)[0];
            Cause {
                convention,
                queries,
                mean,
            }
        })
        .collect()
}

fn per_query(
    input: &QuickInput,
    files: &[LoadedFile],
    metric: &Metric,
    c: &Conventions,
    system: &str,
) -> HashMap<String, f64> {
    values_under(input, files, std::slice::from_ref(metric), c)
        .into_iter()
        .find(|(n, _)| n == system)
        .map(|(_, rows)| rows.into_iter().map(|(q, v)| (q, v[0])).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::parse_typed;
    use crate::session::test_support::file;

    #[test]
    fn a_run_one_preset_cannot_evaluate_keeps_its_column() {
        // An empty run: refused under trec_eval (queries it lacks left
        // out), every query 0 under ir_measures; the runs after it keep
        // their columns under every preset.
        let files = [
            file("q", "q1 0 a 1\nq2 0 b 1\n"),
            file("empty.run", ""),
            file("r", "q1 Q0 a 1 1 t\nq2 Q0 c 1 1 t\n"),
        ];
        let m: Vec<Metric> = vec!["AP".parse().unwrap()];
        let (names, rows) = compare_presets(&parse_typed(""), &files, &m, 1);
        assert_eq!(names, ["r", "empty.run"]);
        let row = |p: Preset| rows.iter().find(|r| r.preset == p).unwrap();
        assert_eq!(row(Preset::TrecEval).means[0], vec![0.5]);
        assert!(row(Preset::TrecEval).means[1][0].is_nan());
        assert_eq!(row(Preset::IrMeasures).means[0], vec![0.5]);
        assert_eq!(row(Preset::IrMeasures).means[1], vec![0.0]);
    }

    #[test]
    fn the_measure_where_tools_differ_most_is_found() {
        // A tie (a, b scored equal) with a relevant: RR differs by 1/2
        // between trec_eval (b first) and file order (a first); P@10 is the
        // same under every order.
        let files = [
            file("qrels", "q1 0 a 1\nq1 0 b 0\n"),
            file("run", "q1 Q0 a 1 5 t\nq1 Q0 b 2 5 t\n"),
        ];
        let metrics: Vec<Metric> = ["P@10", "RR"].iter().map(|m| m.parse().unwrap()).collect();
        let (_, rows) = compare_presets(&parse_typed(""), &files, &metrics, 1);
        assert_eq!(most_different(&rows), Some((1, 0.5)));
        let (_, same) = compare_presets(&parse_typed(""), &files, &metrics[..1], 1);
        assert_eq!(most_different(&same), None);
    }

    #[test]
    fn a_tie_makes_ranx_and_trec_eval_disagree_on_rr() {
        let files = [
            file("qrels", "q1 0 a 1\nq1 0 b 0\n"),
            file("run", "q1 Q0 a 1 5 t\nq1 Q0 b 2 5 t\n"),
        ];
        let rr: Metric = "RR".parse().unwrap();
        let (names, rows) = compare_presets(&parse_typed(""), &files, std::slice::from_ref(&rr), 1);
        assert_eq!(names, ["run"]);
        let mean = |p: Preset| rows.iter().find(|r| r.preset == p).unwrap().means[0][0];
        // trec_eval: b before a (docid descending): RR 1/2; ranx, file order: a first, RR 1.
        assert_eq!(mean(Preset::TrecEval), 0.5);
        assert_eq!(mean(Preset::Ranx), 1.0);
        assert_eq!(mean(Preset::Elinor), 1.0);
        let c = causes(&parse_typed(""), &files, &rr, "run", Preset::Ranx, 1);
        let tie = c
            .iter()
            .find(|c| c.convention.to_string().starts_with("tie order"))
            .unwrap();
        assert_eq!(tie.queries, [("q1".to_string(), 0.5, 1.0)]);
        assert_eq!(
            tie.convention.to_string(),
            "tie order: file order (cwl_eval, ranx) instead of docid descending (trec_eval)"
        );
        // The other switches of the ranx preset do not change this query.
        assert!(c
            .iter()
            .filter(|c| !c.convention.to_string().starts_with("tie order"))
            .all(|c| c.queries.is_empty()));
    }

    #[test]
    fn textbook_ap_at_k_is_named_as_the_measure_definition() {
        let input = parse_typed("q1: R N R N N | R");
        let ap5: Metric = "AP@5".parse().unwrap();
        let c = causes(&input, &[], &ap5, "A", Preset::Textbook, 1);
        assert_eq!(c.len(), 1);
        assert_eq!(
            c[0].convention.to_string(),
            "the measure defined as AP(norm='found')@5"
        );
        // (1 + 2/3) / 3 = 0.5556 by trec_eval; / 2 = 0.8333 over relevant found.
        let (q, a, b) = &c[0].queries[0];
        assert_eq!(q, "q1");
        assert!((a - 5.0 / 9.0).abs() < 1e-12 && (b - 5.0 / 6.0).abs() < 1e-12);
    }
}
