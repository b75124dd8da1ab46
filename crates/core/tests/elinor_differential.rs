//! Differential test against elinor 0.4 (a Rust IR-evaluation crate from
//! crates.io) on seeded corpora with tied scores and graded labels.
//!
//! Agreeing conventions: ties by docid ascending (elinor's order,
//! `TieBreak::DocIdAscending`), every run query present in the qrels and
//! every qrels query in the run (elinor refuses the first and silently skips
//! the second), grades >= 0. Known disagreements are asserted, not hidden:
//! for a query with no relevant document elinor gives nDCG 1 (trec_eval and
//! Ranklab 0) and F1 NaN (Ranklab 0).

use std::fmt::Write;

use elinor::{Metric as E, PredRelStoreBuilder, TrueRelStoreBuilder};
use ranklab_core::evaluate_whole_text;
use ranklab_core::{parse_qrels, EvalContext, Preset};
use ranklab_core::{MeasureRequest, TrecItem};

/// xorshift64*: a tiny seeded generator so the corpora are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A corpus as TREC texts and as elinor records.
struct Corpus {
    qrels: String,
    run: String,
    trues: Vec<(String, String, u32)>,
    preds: Vec<(String, String, f64)>,
}

fn corpus(seed: u64) -> Corpus {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let (mut qrels, mut run) = (String::new(), String::new());
    let (mut trues, mut preds) = (Vec::new(), Vec::new());
    for q in 0..30 {
        let qid = format!("q{q:02}");
        let no_relevant = q % 7 == 3;
        // The query's run lines, shuffled before they are written: file
        // order must not be docid order, or the tie convention is untested.
        let mut lines: Vec<String> = Vec::new();
        for d in 0..60 {
            // Docids of different lengths (d7, d42): byte order is not
            // numeric order.
            let doc = format!("d{d}");
            if rng.below(3) == 0 {
                let grade = if no_relevant {
                    0
                } else {
                    [0, 0, 1, 2, 3][rng.below(5) as usize]
                };
                writeln!(qrels, "{qid} 0 {doc} {grade}").unwrap();
                trues.push((qid.clone(), doc.clone(), grade));
            }
            if rng.below(2) == 0 {
                // Scores with one decimal: many ties.
                let score = rng.below(30) as f64 / 10.0;
                lines.push(format!("{qid} Q0 {doc} 0 {score} elinor\n"));
                preds.push((qid.clone(), doc, score));
            }
        }
        for i in (1..lines.len()).rev() {
            lines.swap(i, rng.below(i as u64 + 1) as usize);
        }
        run.extend(lines);
        // Every query has a judged document and a retrieved one.
        writeln!(qrels, "{qid} 0 z{q} 0").unwrap();
        trues.push((qid.clone(), format!("z{q}"), 0));
        writeln!(run, "{qid} Q0 y{q} 0 0.05 elinor").unwrap();
        preds.push((qid, format!("y{q}"), 0.05));
    }
    Corpus {
        qrels,
        run,
        trues,
        preds,
    }
}

#[test]
fn agrees_with_elinor_per_query() {
    // (Ranklab name, elinor metric)
    let pairs: Vec<(&str, E)> = vec![
        ("P@5", E::Precision { k: 5 }),
        ("R@10", E::Recall { k: 10 }),
        ("F1@5", E::F1 { k: 5 }),
        ("Success@3", E::Success { k: 3 }),
        ("Rprec", E::RPrecision),
        ("AP", E::AP { k: 0 }),
        ("AP@10", E::AP { k: 10 }),
        ("RR", E::RR { k: 0 }),
        ("RR@5", E::RR { k: 5 }),
        ("Bpref", E::Bpref),
        ("nDCG@10", E::NDCG { k: 10 }),
        ("nDCG", E::NDCG { k: 0 }),
        ("nDCG(dcg='exp-log2')@10", E::NDCGBurges { k: 10 }),
    ];
    let conventions = Preset::Elinor.conventions();
    let mut compared = 0;
    let mut no_relevant_differences = 0;
    for seed in 0..5 {
        let Corpus {
            qrels: qrels_text,
            run: run_text,
            trues,
            preds,
        } = corpus(seed);
        let qrels = parse_qrels("qrels", &qrels_text);
        let names: Vec<&str> = pairs.iter().map(|(n, _)| *n).collect();
        let items = MeasureRequest::parse(&names).unwrap().items().unwrap();
        let ours = evaluate_whole_text(
            "run",
            &run_text,
            &qrels,
            &items,
            &conventions,
            EvalContext::from_qrels(&qrels),
            false,
        );
        assert!(ours.errors.is_empty(), "{:?}", ours.errors);

        let mut b = TrueRelStoreBuilder::new();
        for (q, d, g) in &trues {
            b.add_record(q.clone(), d.clone(), *g).unwrap();
        }
        let true_rels = b.build();
        let mut b = PredRelStoreBuilder::new();
        for (q, d, s) in &preds {
            b.add_record(q.clone(), d.clone(), (*s).into()).unwrap();
        }
        let pred_rels = b.build();

        // Column of each measure (trec_eval family names such as Rprec come first).
        let column = |name: &str| {
            items
                .iter()
                .filter_map(|i| match i {
                    TrecItem::Measure { name, .. } => Some(name.as_str()),
                    _ => None,
                })
                .position(|n| n == name)
                .unwrap()
        };
        for (name, metric) in &pairs {
            let j = column(name);
            let peer = elinor::evaluate(&true_rels, &pred_rels, *metric).unwrap();
            for row in &ours.rows {
                let theirs = peer.scores()[&row.qid];
                let mine = row.values[j];
                let no_relevant = !qrels.queries[row.qid.as_str()].values().any(|&g| g >= 1);
                if no_relevant && name.starts_with("nDCG") {
                    // Differs by convention: elinor scores 1, we score 0 (as trec_eval, ranx).
                    assert_eq!((mine, theirs), (0.0, 1.0), "{name} {}", row.qid);
                    no_relevant_differences += 1;
                    continue;
                }
                if no_relevant && name.starts_with("F1") {
                    // Differs by convention: elinor's 0/0 is NaN, we score 0.
                    assert!(mine == 0.0 && theirs.is_nan(), "{name} {}", row.qid);
                    no_relevant_differences += 1;
                    continue;
                }
                assert!(
                    (mine - theirs).abs() <= 1e-9,
                    "seed {seed} {} {name}: ranklab {mine}, elinor {theirs}",
                    row.qid
                );
                compared += 1;
            }
        }
    }
    eprintln!("elinor agreement: {compared} per-query values within 1e-9, {no_relevant_differences} convention differences asserted");
    assert!(compared > 1500, "compared {compared}");
    assert!(
        no_relevant_differences > 0,
        "the corpora include queries without relevant documents"
    );
}
