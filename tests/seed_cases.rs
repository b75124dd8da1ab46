//! Every worked example of the seed articles is a loadable case whose
//! values, computed by the app's own pipeline (settings -> measures ->
//! evaluation), equal the independent recomputation in
//! `../shared/seed_examples.json`, and whose stated values are the
//! article's.

use ranklab_app::model::example::{agrees, Check, CASES};
use ranklab_app::shared::evaluation::{evaluate_typed, parse_typed};
use ranklab_core::{explain, f4, EvalContext};
use serde_json::Value;

/// Seed examples that are per-rank terms of a worked calculation, not
/// values of a measure: checked against the explanations below.
const EXPLANATION_ONLY: [&str; 2] = ["s003_err_ex2_contrib", "s004_err_stop_probs"];

fn seeds() -> Vec<Value> {
    let path = format!(
        "{}/../shared/seed_examples.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("../shared beside the repo");
    serde_json::from_str::<Value>(&text)
        .expect("valid JSON")
        .as_array()
        .expect("a list")
        .clone()
}

/// The part of a (possibly multi-valued) seed value a check names.
fn part<'v>(value: &'v Value, part: &str) -> &'v Value {
    part.split('.')
        .filter(|p| !p.is_empty())
        .fold(value, |v, p| match p.parse::<usize>() {
            Ok(i) => &v[i],
            Err(_) => &v[p],
        })
}

fn computed(case_id: &str, c: &Check) -> f64 {
    let case = CASES.iter().find(|x| x.id == case_id).unwrap();
    let settings = case.settings();
    let (measures, problems) = settings.measures();
    assert!(problems.is_empty(), "{case_id}: {problems:?}");
    let input = parse_typed(case.text);
    assert!(input.errors.is_empty(), "{case_id}: {:?}", input.errors);
    let part = evaluate_typed(&input, &measures, &settings.eval_options());
    let j = measures
        .iter()
        .position(|m| m.to_string() == c.measure)
        .unwrap_or_else(|| panic!("{case_id}: no measure {}", c.measure));
    let s = part.systems.iter().find(|s| s.name == c.system).unwrap();
    match c.query {
        None => s.means[j],
        Some(q) => s.queries.iter().find(|r| r.id == q).unwrap().values[j],
    }
}

#[test]
fn every_seed_example_is_a_case_with_the_correct_value() {
    for seed in seeds() {
        let id = seed["id"].as_str().unwrap();
        if EXPLANATION_ONLY.contains(&id) {
            continue;
        }
        let checks: Vec<(&str, &Check)> = CASES
            .iter()
            .flat_map(|case| case.checks.iter().map(move |c| (case.id, c)))
            .filter(|(_, c)| c.seed == id)
            .collect();
        assert!(!checks.is_empty(), "seed example {id} has no case");
        for (case_id, c) in checks {
            let want = part(&seed["recomputed_value"], c.part).as_f64().unwrap();
            let stated = part(&seed["stated_value"], c.part).as_f64().unwrap();
            let got = computed(case_id, c);
            assert!(
                (got - want).abs() < 1e-9,
                "{id} {}: {got} vs {want}",
                c.part
            );
            assert_eq!(c.stated.parse::<f64>().unwrap(), stated, "{id} {}", c.part);
        }
    }
}

#[test]
fn wrong_article_values_are_marked_as_differing() {
    // Article 004's ERR (0.936) and 003's ranking B (7.92 for 2, 1, 3) are wrong.
    for (case_id, seed, system) in [
        ("004-err", "s004_err", "A"),
        ("003-ndcg", "s003_ndcg_B", "B as stated"),
    ] {
        let case = CASES.iter().find(|x| x.id == case_id).unwrap();
        let c = case
            .checks
            .iter()
            .find(|c| c.seed == seed && c.system == system)
            .unwrap();
        assert!(!agrees(computed(case_id, c), c.stated), "{case_id}");
        assert!(!case.note.is_empty());
    }
    assert!(agrees(0.70727, "0.7073") && agrees(0.9964, "0.996") && !agrees(0.9964, "0.99"));
}

/// The ERR explanation's per-rank column `col` for system `system` of a case.
fn err_column(case_id: &str, system: &str, measure: &str, col: usize) -> Vec<String> {
    let case = CASES.iter().find(|x| x.id == case_id).unwrap();
    let settings = case.settings();
    let input = parse_typed(case.text);
    let q = &input
        .systems
        .iter()
        .find(|s| s.name == system)
        .unwrap()
        .queries[0];
    let ctx = EvalContext {
        max_grade: input.max_grade().unwrap(),
        ..EvalContext::default()
    };
    let e = explain(
        &measure.parse().unwrap(),
        &q.judged(settings.relevance_level),
        &ctx,
    );
    e.rows.iter().map(|r| r[col].clone()).collect()
}

#[test]
fn explanations_show_the_seed_per_rank_values() {
    let seeds = seeds();
    let seed = |id: &str| seeds.iter().find(|s| s["id"] == id).unwrap().clone();
    // Article 004: P(stop at i) for grades 3 2 3 1 0 (the article's ranks 3 and 4 are wrong).
    let want: Vec<String> = seed("s004_err_stop_probs")["recomputed_value"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| f4(v.as_f64().unwrap()))
        .collect();
    assert_eq!(err_column("004-err", "A", "ERR(gmax=3)@5", 4), want);
    // Article 003: the grade-8 document's term at rank 1 and at rank 5.
    let c = seed("s003_err_ex2_contrib")["recomputed_value"].clone();
    assert_eq!(
        err_column("003-err2", "Best at rank 1", "ERR(gmax=8)@5", 5)[0],
        f4(c["rank1"].as_f64().unwrap())
    );
    assert_eq!(
        err_column("003-err2", "Best at rank 5", "ERR(gmax=8)@5", 5)[4],
        f4(c["rank5"].as_f64().unwrap())
    );
}
