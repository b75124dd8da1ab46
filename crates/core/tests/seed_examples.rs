//! Every worked example of the seed articles (`../shared/seed_examples.json`)
//! recomputed by the core and compared with the independently recomputed
//! value in that file. The examples whose article value is wrong are checked
//! to differ from the article at the article's own precision.

use ranklab_core::precision_at;
use ranklab_core::recall_at;
use ranklab_core::reciprocal_rank;
use ranklab_core::{average_precision, ApNormalization};
use ranklab_core::{dcg, ideal_dcg, ndcg, Discount, Gains};
use ranklab_core::{err, err_steps};
use ranklab_core::{JudgedRanking, Rel};
use serde_json::{json, Value};

fn seed_file() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seed_examples.json"
    );
    let text = std::fs::read_to_string(path).expect("../shared/seed_examples.json beside the repo");
    serde_json::from_str(&text).expect("valid JSON")
}

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_i64().expect("integer"))
        .collect()
}

fn graded(grades: &[i64], extra: &[i64]) -> JudgedRanking {
    JudgedRanking::new(
        grades.iter().map(|&g| Rel::Judged(g)).collect(),
        grades.iter().chain(extra).copied(),
        1,
    )
}

/// Binary list with `num_rel` relevant documents overall.
fn binary(flags: &[i64], num_rel: usize) -> JudgedRanking {
    let found = flags.iter().filter(|&&f| f == 1).count();
    graded(flags, &vec![1; num_rel.saturating_sub(found)])
}

fn first_at(rank: usize) -> JudgedRanking {
    let mut f = vec![0; rank];
    f[rank - 1] = 1;
    binary(&f, 1)
}

fn ap(r: &JudgedRanking) -> f64 {
    average_precision(r, None, ApNormalization::TotalRelevant)
}

fn mrr(ranks: &[i64]) -> f64 {
    ranks
        .iter()
        .map(|&k| reciprocal_rank(&first_at(k as usize), None))
        .sum::<f64>()
        / ranks.len() as f64
}

fn uint(v: &Value) -> usize {
    v.as_u64().expect("whole number") as usize
}

/// Our value for an example, in the shape of its `recomputed_value`.
fn compute(id: &str, input: &Value) -> Value {
    let lin = Gains::linear();
    let exp = Gains::exponential();
    let d = Discount::LOG2;
    let grades = |key: &str| graded(&ints(&input[key]), &[]);
    let gmax = || input["max_grade"].as_i64().expect("max_grade");
    match id {
        "s000_mrr_A" | "s000_mrr_B" | "s002_mrr_3q" => {
            json!(mrr(&ints(&input["first_relevant_ranks"])))
        }
        "s000_ndcg_sklearn" | "s000_ndcg_linear" => {
            json!(ndcg(&grades("ranked_grades"), None, &lin, d))
        }
        "s000_ndcg_exp" => json!(ndcg(&grades("ranked_grades"), None, &exp, d)),
        "s001_p_at_5" | "s001_r_at_5" => {
            let mut flags = vec![1; uint(&input["relevant_in_top5"])];
            flags.resize(5, 0);
            let r = binary(&flags, uint(&input["num_relevant_total"]));
            json!(if id == "s001_p_at_5" {
                precision_at(&r, 5)
            } else {
                recall_at(&r, 5)
            })
        }
        "s001_p_at_10_two_rel" => {
            let values: Vec<f64> = input["relevant_positions"]
                .as_array()
                .expect("positions")
                .iter()
                .map(|pos| {
                    let mut f = vec![0; 10];
                    for p in ints(pos) {
                        f[p as usize - 1] = 1;
                    }
                    precision_at(&binary(&f, 2), 10)
                })
                .collect();
            assert_eq!(values[0], values[1], "P@10 cannot tell the two cases apart");
            json!(values[0])
        }
        "s001_ap_at_5_Q1" | "s001_ap_at_5_Q2" => {
            let f = ints(&input["binary_ranked"]);
            let r = binary(&f, f.iter().filter(|&&x| x == 1).count());
            json!(average_precision(
                &r,
                Some(5),
                ApNormalization::RelevantRetrieved
            ))
        }
        "s002_rr_rank9_rank10" => json!(ints(&input["ranks"])
            .iter()
            .map(|&k| reciprocal_rank(&first_at(k as usize), None))
            .collect::<Vec<_>>()),
        "s002_ap_R3" | "s003_ap_RNRNR" | "s004_ap_A" | "s004_ap_B" | "s004_map_Q1"
        | "s004_map_Q2" | "s004_map_Q3" => json!(ap(&binary(
            &ints(&input["binary_ranked"]),
            uint(&input["num_relevant"])
        ))),
        "s002_dcg5_exp" => json!(dcg(&grades("ranked_grades"), Some(5), &exp, d)),
        "s002_idcg5_exp" => json!(ideal_dcg(&grades("ideal_grades"), Some(5), &exp, d)),
        "s002_ndcg5_exp" => json!(ndcg(&grades("ranked_grades"), Some(5), &exp, d)),
        "s003_rr_rank2" => json!(reciprocal_rank(&first_at(uint(&input["rank"])), None)),
        "s003_ap_single_rel" => json!(ints(&input["rank_of_single_relevant"])
            .iter()
            .map(|&k| ap(&first_at(k as usize)))
            .collect::<Vec<_>>()),
        "s003_err_ex1" | "s003_err_ex2_rank1" | "s003_err_ex2_rank5" | "s004_err" => {
            json!(err(&grades("ranked_grades"), None, gmax()))
        }
        "s003_err_ex2_R_values" => {
            let steps = err_steps(&grades("grades"), None, gmax());
            json!(steps.iter().map(|s| s.satisfaction).collect::<Vec<_>>())
        }
        "s004_err_stop_probs" => {
            let steps = err_steps(&grades("ranked_grades"), None, gmax());
            json!(steps.iter().map(|s| s.stop).collect::<Vec<_>>())
        }
        "s003_err_ex2_contrib" => {
            let lists = input["ranked_grades"].as_array().expect("two lists");
            let a = err_steps(&graded(&ints(&lists[0]), &[]), None, gmax());
            let b = err_steps(&graded(&ints(&lists[1]), &[]), None, gmax());
            let (rank1, rank5) = (a[0].contribution, b[4].contribution);
            json!({ "rank1": rank1, "rank5": rank5, "drop_factor": rank1 / rank5 })
        }
        "s003_ndcg_A" => {
            let r = grades("ranked_grades");
            json!({ "DCG": dcg(&r, None, &exp, d), "IDCG": ideal_dcg(&r, None, &exp, d), "nDCG": ndcg(&r, None, &exp, d) })
        }
        "s003_ndcg_B" => {
            let r = grades("ranked_grades_as_stated");
            json!({ "DCG": dcg(&r, None, &exp, d), "nDCG": ndcg(&r, None, &exp, d) })
        }
        "s003_discount_table" => {
            let ranks = ints(&input["r"]);
            json!({
                "log": ranks.iter().map(|&r| Discount::LOG2.at(r as usize)).collect::<Vec<_>>(),
                "linear": ranks.iter().map(|&r| Discount::Reciprocal.at(r as usize)).collect::<Vec<_>>(),
            })
        }
        "s004_dcg5_linear" => json!(dcg(&grades("ranked_grades"), Some(5), &lin, d)),
        "s004_ndcg5_linear" => json!(ndcg(&grades("ranked_grades"), Some(5), &lin, d)),
        "s004_idcg5_linear" => json!(ideal_dcg(&grades("ideal_grades"), Some(5), &lin, d)),
        "s004_map" => {
            let queries = input["queries"].as_array().expect("queries");
            let rels = ints(&input["num_relevant"]);
            let sum: f64 = queries
                .iter()
                .zip(&rels)
                .map(|(q, &n)| ap(&binary(&ints(q), n as usize)))
                .sum();
            json!(sum / queries.len() as f64)
        }
        other => panic!("seed example {other} has no test: add it"),
    }
}

fn assert_close(id: &str, ours: &Value, want: &Value) {
    match (ours, want) {
        (Value::Number(a), Value::Number(b)) => {
            let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            assert!(
                (a - b).abs() <= 1e-12 * b.abs().max(1.0),
                "{id}: ours {a}, recomputed {b}"
            );
        }
        (Value::Array(a), Value::Array(b)) => {
            assert_eq!(a.len(), b.len(), "{id}: length");
            for (x, y) in a.iter().zip(b) {
                assert_close(id, x, y);
            }
        }
        (Value::Object(a), Value::Object(b)) => {
            for (k, y) in b {
                let x = a.get(k).unwrap_or_else(|| panic!("{id}: no {k}"));
                assert_close(&format!("{id}.{k}"), x, y);
            }
        }
        _ => panic!("{id}: shapes differ: {ours} vs {want}"),
    }
}

#[test]
fn every_seed_example_is_reproduced() {
    let examples = seed_file();
    let examples = examples.as_array().expect("a list of examples");
    assert!(examples.len() >= 30, "all examples are read");
    for e in examples {
        let id = e["id"].as_str().expect("id");
        let ours = compute(id, &e["input"]);
        assert_close(id, &ours, &e["recomputed_value"]);
    }
}

#[test]
fn the_two_wrong_article_values_are_not_reproduced() {
    let examples = seed_file();
    let find = |id: &str| {
        examples
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == id)
            .unwrap()
            .clone()
    };
    // Article 004's ERR example states 0.936; the cascade gives 0.9215.
    let e = find("s004_err");
    let ours = compute("s004_err", &e["input"]).as_f64().unwrap();
    assert_eq!(e["stated_value"].as_f64(), Some(0.936));
    assert_eq!(format!("{ours:.4}"), "0.9215");
    // Article 003's nDCG(B) states 7.92 / 0.84, the values of another ranking.
    let e = find("s003_ndcg_B");
    let ours = compute("s003_ndcg_B", &e["input"]);
    assert_eq!(e["stated_value"]["nDCG"].as_f64(), Some(0.84));
    assert_eq!(format!("{:.2}", ours["nDCG"].as_f64().unwrap()), "0.76");
    assert_eq!(format!("{:.2}", ours["DCG"].as_f64().unwrap()), "7.13");
}
