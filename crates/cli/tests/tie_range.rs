//! `ranklab eval --tie-range` and `ranklab ties`: values worked by hand
//! from the definitions.

mod common;

use std::process::Output;

use common::{ranklab, text, write};

fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

/// q1: a (grade 1) and c (grade 2) relevant, b and d not; R = 2.
const QRELS: &str = "q1 0 a 1\nq1 0 b 0\nq1 0 c 2\nq1 0 d 0\nq2 0 x 1\nq2 0 y 0\n";
/// run1 ties a with b and c with d; q2 ties x with y.
const RUN1: &str = "q1 Q0 a 1 1.0 r1\nq1 Q0 b 2 1.0 r1\nq1 Q0 c 3 0.5 r1\nq1 Q0 d 4 0.5 r1\nq2 Q0 x 1 3 r1\nq2 Q0 y 2 3 r1\n";
/// run2 has no ties.
const RUN2: &str =
    "q1 Q0 a 1 3 r2\nq1 Q0 b 2 2.0 r2\nq1 Q0 c 3 1 r2\nq2 Q0 y 1 3 r2\nq2 Q0 x 2 2 r2\n";

#[test]
fn tie_range_lines_follow_each_measure() {
    let q = write("0-qrels", QRELS);
    let r = write("0-run1", RUN1);
    let out = ranklab(&[
        "eval",
        "-q",
        "-m",
        "map",
        "-m",
        "P.1",
        "--tie-range",
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // trec_eval orders ties by docid descending: q1 is b a d c, N R N R:
    // AP = (1/2 + 2/4) / 2 = 0.5. Best a b c d (R N R N): (1 + 2/3) / 2 =
    // 0.8333; worst b a d c (as given). q2: y x gives 0.5, x y gives 1.
    // The mean ranges over [mean of minima, mean of maxima].
    let expected = "\
map                   \tq1\t0.5000
map_tiemin            \tq1\t0.5000
map_tiemax            \tq1\t0.8333
P_1                   \tq1\t0.0000
P_1_tiemin            \tq1\t0.0000
P_1_tiemax            \tq1\t1.0000
map                   \tq2\t0.5000
map_tiemin            \tq2\t0.5000
map_tiemax            \tq2\t1.0000
P_1                   \tq2\t0.0000
P_1_tiemin            \tq2\t0.0000
P_1_tiemax            \tq2\t1.0000
map                   \tall\t0.5000
map_tiemin            \tall\t0.5000
map_tiemax            \tall\t0.9167
P_1                   \tall\t0.0000
P_1_tiemin            \tall\t0.0000
P_1_tiemax            \tall\t1.0000
";
    assert_eq!(stdout(&out), expected);
}

#[test]
fn a_run_without_ties_has_point_ranges() {
    let q = write("1-qrels", QRELS);
    let r = write("1-run2", RUN2);
    let out = ranklab(&[
        "eval",
        "-m",
        "map",
        "--tie-range",
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    // q1: a R, b N, c R: (1 + 2/3) / 2; q2: y N, x R: 1/2. Mean 0.6667.
    assert_eq!(
        stdout(&out),
        "map                   \tall\t0.6667\nmap_tiemin            \tall\t0.6667\nmap_tiemax            \tall\t0.6667\n"
    );
}

#[test]
fn tie_range_refuses_z_scores() {
    let q = write("2-qrels", QRELS);
    let r = write("2-run1", RUN1);
    let z = write("2-z", "q1 map 0.5 0.1\n");
    let out = ranklab(&[
        "eval",
        "--tie-range",
        "-Z",
        z.to_str().unwrap(),
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not combine with -Z"));
}

/// infAP has no proved sort: 40 tied documents of four kinds have far more
/// orders than are tried, so its range is refused, loudly, and the other
/// measures keep theirs.
#[test]
fn a_range_too_costly_to_find_is_refused_not_guessed() {
    let mut qrels = String::new();
    let mut run = String::new();
    for i in 0..40 {
        match i % 4 {
            0 => qrels.push_str(&format!("q1 0 d{i} 1\n")),
            1 => qrels.push_str(&format!("q1 0 d{i} 0\n")),
            2 => qrels.push_str(&format!("q1 0 d{i} -1\n")),
            _ => {}
        }
        run.push_str(&format!("q1 Q0 d{i} {} 1.0 r\n", i + 1));
    }
    let q = write("3-qrels-big", &qrels);
    let r = write("3-run-big", &run);
    let out = ranklab(&[
        "eval",
        "-m",
        "infAP",
        "-m",
        "recip_rank",
        "--tie-range",
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(!text.contains("infAP_tiemin"), "{text}");
    // 10 relevant among 40: at worst the first comes at rank 31.
    assert!(
        text.contains("recip_rank_tiemin     \tall\t0.0323"),
        "{text}"
    );
    assert!(
        text.contains("recip_rank_tiemax     \tall\t1.0000"),
        "{text}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no tie range for infAP on 1 query (query q1: over 10^19 orders"),
        "{err}"
    );
}

#[test]
fn ties_summarises_runs_and_the_pairs_that_can_flip() {
    let q = write("4-qrels", QRELS);
    let r1 = write("4-run1", RUN1);
    let r2 = write("4-run2", RUN2);
    let out = ranklab(&[
        "ties",
        "-m",
        "map",
        q.to_str().unwrap(),
        r1.to_str().unwrap(),
        r2.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let r1 = r1.to_str().unwrap();
    let r2 = r2.to_str().unwrap();
    // run1's map: 0.5 in [0.5, 0.9167]; run2's 0.6667, a point: run1 can
    // come out above run2 or below it.
    assert!(
        text.contains("Pairs that can swap places by tie order alone:"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "  map: {r1} 0.5000 [0.5000, 0.9167] and {r2} 0.6667 [0.6667, 0.6667]"
        )),
        "{text}"
    );
    // q2 is run1's widest query: [0.5, 1].
    assert!(
        text.contains("query q2: [0.5000, 1.0000], width 0.5000"),
        "{text}"
    );
    // 2 queries, both with ties, for run1; none for run2.
    let row = text.lines().find(|l| l.starts_with(r2)).unwrap();
    assert!(
        row.split_whitespace().collect::<Vec<_>>()[1..4] == ["2", "0", "map"],
        "{row}"
    );
}
