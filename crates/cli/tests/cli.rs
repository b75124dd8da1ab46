//! `ranklab eval` as a user runs it: output, exit codes, located messages.

mod common;

use common::{ranklab, text, write};

const QRELS: &str = "q1 0 a 1\nq1 0 b 0\nq1 0 c 2\nq2 0 x 1\n";

#[test]
fn prints_trec_eval_lines_and_warns_on_stderr() {
    let q = write("qrels1", QRELS);
    let r = write(
        "run1",
        "q1 Q0 b 1 2 tag\nq1 Q0 a 2 1 tag\nq3 Q0 z 1 1 tag\n",
    );
    let out = ranklab(&[
        "eval",
        "-m",
        "map",
        "-m",
        "P.2",
        "--digits",
        "6",
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    // q1: a (relevant) at rank 2, c (grade 2) not retrieved: AP = (1/2) / 2.
    assert_eq!(
        text(&out.stdout),
        "map                   \tall\t0.250000\nP_2                   \tall\t0.500000\n"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "1 qrels query without results left out of the means (use -c to score them 0): q2"
        ),
        "{err}"
    );
    assert!(
        err.contains("1 run query without judgments ignored: q3"),
        "{err}"
    );
    assert!(!err.contains("leading zeros"), "{err}");
}

#[test]
fn query_ids_spelled_otherwise_are_pointed_out() {
    let q = write("qrels-spelled", QRELS);
    let r = write("run-spelled", "Q1 Q0 a 1 2 tag\nq02 Q0 x 1 1 tag\n");
    let out = ranklab(&[
        "eval",
        "-m",
        "map",
        "-c",
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("run-spelled: its query Q1 is written q1 in the judgments, and 1 more query is too: ids are compared exactly"),
        "{err}"
    );
}

#[test]
fn a_run_whose_docids_meet_no_judgment_is_said_to() {
    // Upper-case docids against lower-case qrels: every value is 0, and
    // the reason is given. One judged document (a non-relevant b) in the
    // first 100 ranks of one query, or the missing queries alone, is not
    // such a run.
    let q = write("qrels-unmet", QRELS);
    let warned = |run: &str, args: &[&str]| {
        let r = write("run-unmet", run);
        let mut all = vec!["eval", "-m", "map"];
        all.extend_from_slice(args);
        all.extend([q.to_str().unwrap(), r.to_str().unwrap()]);
        let out = ranklab(&all);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stderr)
            .contains("run-unmet: none of its documents in the first 100 ranks of any query is in")
    };
    let upper = "q1 Q0 A 1 2 t\nq1 Q0 B 2 1 t\nq2 Q0 X 1 1 t\n";
    assert!(warned(upper, &[]));
    assert!(warned(upper, &["-c"]));
    assert!(warned("q1 Q0 A 1 2 t\n", &["-c"]), "q2 missing, q1 unmet");
    assert!(!warned(
        "q1 Q0 A 1 2 t\nq1 Q0 b 2 1 t\nq2 Q0 X 1 1 t\n",
        &[]
    ));
    assert!(!warned("q1 Q0 A 1 2 t\nq2 Q0 x 1 1 t\n", &[]));
    // The judged document at rank 101 is past the ranks looked at.
    let deep: String = (1..=100)
        .map(|i| format!("q1 Q0 n{i} {i} {} t\n", 1000 - i))
        .chain(["q1 Q0 b 101 1 t\n".to_string()])
        .collect();
    assert!(warned(&deep, &[]));
    let found: String = deep.replace("q1 Q0 b 101", "q1 Q0 a 101");
    assert!(!warned(&found, &[]), "a relevant document retrieved");
}

#[test]
fn bad_lines_are_located_and_exit_1() {
    let q = write("qrels2", QRELS);
    let r = write("run2", "q1 Q0 a 1 2 tag\nq1 Q0 b 2 high tag\n");
    let out = ranklab(&["eval", q.to_str().unwrap(), r.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("run2:2:11: expected a numeric score in field 5 (e.g. 12.5, -3.2e-05, 2E+01), found `high`"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn duplicates_are_refused_unless_asked() {
    let q = write("qrels3", QRELS);
    let r = write("run3", "q1 Q0 a 1 2 tag\nq1 Q0 a 2 1 tag\n");
    let out = ranklab(&[
        "eval",
        "-m",
        "num_ret",
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains(
        "run3:2:1: expected each docid once per query (query q1 lists it on line 1 already"
    ));
    let out = ranklab(&[
        "eval",
        "--duplicates",
        "keep-first",
        "-m",
        "num_ret",
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "num_ret               \tall\t1\n");
}

#[test]
fn usage_errors_say_what_to_do() {
    let out = ranklab(&["eval", "-m", "nosuch", "a", "b"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read measure `nosuch`"));
    let out = ranklab(&["eval", "only-one-file"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("expected QRELS and RUN, got 1 file argument(s)"));
    let out = ranklab(&[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("usage: ranklab eval"));
}

#[test]
fn invalid_utf8_names_the_line() {
    let q = write("qrels4", QRELS);
    let dir = q.parent().unwrap().to_path_buf();
    let r = dir.join("run4");
    std::fs::write(&r, b"q1 Q0 a 1 2 tag\nq1 Q0 \xff 2 1 tag\n").unwrap();
    let out = ranklab(&["eval", q.to_str().unwrap(), r.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("run4:2: cannot read this line"), "{err}");
}

#[test]
fn presets_follow_the_tools_on_a_tie() {
    // PEERS.md, disagreement 3: a relevant document tied with a non-relevant
    // one. trec_eval orders ties by docid descending (b, then a): RR 0.5;
    // ranx keeps file order (a, then b): RR 1.
    let q = write("qrels-tie", "q1 0 a 1\nq1 0 b 0\n");
    let r = write("run-tie", "q1 Q0 a 1 5 t\nq1 Q0 b 2 5 t\n");
    let rr = |preset: &str| {
        let out = ranklab(&[
            "eval",
            "-m",
            "recip_rank",
            "--preset",
            preset,
            q.to_str().unwrap(),
            r.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert!(
        rr("trec_eval").starts_with("recip_rank            \tall\t0.5000"),
        "{}",
        rr("trec_eval")
    );
    assert!(
        rr("ranx").starts_with("recip_rank            \tall\t1.0000"),
        "{}",
        rr("ranx")
    );
    let bad = ranklab(&[
        "eval",
        "--preset",
        "nope",
        q.to_str().unwrap(),
        r.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(text(&bad.stderr).contains("--preset takes trec_eval, trec_eval-c, pytrec_eval, ir_measures, ranx, elinor, scikit-learn, cwl_eval, gdeval, textbook, found `nope`"));
    // cwl_eval's AP divides by the relevant documents retrieved: a run that finds
    // 1 of 2 relevant documents at rank 1 has AP 1/2 by trec_eval and 1 by cwl_eval.
    let q2 = write("qrels-cwl", "q1 0 a 1\nq1 0 c 1\n");
    let r2 = write("run-cwl", "q1 Q0 a 1 5 t\nq1 Q0 b 2 4 t\n");
    let cwl = ranklab(&[
        "eval",
        "-m",
        "map",
        "--preset",
        "cwl_eval",
        q2.to_str().unwrap(),
        r2.to_str().unwrap(),
    ]);
    assert!(
        text(&cwl.stdout).starts_with("AP(norm='found')      \tall\t1.0000"),
        "{}",
        text(&cwl.stdout)
    );
}

#[test]
fn stats_json_escapes_names_and_refuses_a_repeated_value() {
    let f = write(
        "stats-names",
        "a\"b q1 0.5\na\"b q2 0.25\nc\\d q1 0.75\nc\\d q2 0.5\n",
    );
    let out = ranklab(&["stats", f.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let names: Vec<&str> = json["systems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a\"b", "c\\d"]);
    assert_eq!(json["pairs"][0]["a"], "a\"b");
    assert_eq!(json["systems"][0]["n"], 2);
    assert_eq!(json["systems"][0]["mean"], 0.375);

    let f = write("stats-repeat", "A q1 0.5\nA q2 0.25\nA q1 0.5\n");
    let out = ranklab(&["stats", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains(":3:1: expected one value per system and query (system `A`, query `q1` has one on line 1 already), found `A q1 0.5`"),
        "{err}"
    );
}

#[test]
fn judgment_groups_are_averaged_and_formats_are_not_mixed() {
    // Hand values (see session::judgment_groups): q1 judged by a and b.
    // a: d1, d3 relevant -> AP 5/6; b: d2, d4 relevant -> AP 1/4; mean 13/24.
    let q = write(
        "qrels_jg",
        "q1 a d1 1\nq1 a d3 1\nq1 a d2 0\nq1 b d2 1\nq1 b d4 1\n",
    );
    let r = write("run_jg", "q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d3 3 1 r\n");
    let (q, r) = (q.to_str().unwrap(), r.to_str().unwrap());
    let out = ranklab(&["eval", "-R", "qrels_jg", "--digits", "6", q, r]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // Without -m, trec_eval's qrels_jg set.
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "runid                 \tall\tr");
    assert_eq!(lines[1], "num_q                 \tall\t1");
    assert_eq!(
        lines[2],
        format!("map_avgjg             \tall\t{:.6}", 13.0 / 24.0)
    );
    // P@5: a retrieved 2 of its relevant (2/5), b 1 (1/5): mean 0.3.
    assert!(
        stdout.contains("P_avgjg_5             \tall\t0.300000"),
        "{stdout}"
    );
    assert!(stdout.contains("Rprec_mult_avgjg_2.00 \tall"), "{stdout}");
    // The measures of one format with the other's judgments are refused.
    let out = ranklab(&["eval", "-R", "qrels_jg", "-m", "map", q, r]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("-R qrels_jg judgments are read by map_avgjg"));
    let out = ranklab(&["eval", "-m", "map_avgjg", q, r]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("give qrels_jg judgments with -R qrels_jg"));
    let out = ranklab(&[
        "eval",
        "-R",
        "qrels_jg",
        "-m",
        "map_avgjg",
        "-m",
        "P.5",
        q,
        r,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("P read plain qrels and cannot be printed with map_avgjg"),
        "{err}"
    );
    let out = ranklab(&["eval", "-R", "trec", q, r]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("-R takes qrels, qrels_jg, prefs or qrels_prefs"));
}

#[test]
fn preferences_are_read_and_their_conventions_enforced() {
    // d1 relevant, d2 and d3 not; the run ranks d2 before d1 and misses d3:
    // a > b failed among retrieved, d1 > d3 implied and fulfilled.
    let p = write("prefs", "q1 u s d1 1\nq1 u s d2 0\nq1 u s d3 0\n");
    let r = write("run_prefs", "q1 Q0 d2 1 2 r\nq1 Q0 d1 2 1 r\n");
    let (p, r) = (p.to_str().unwrap(), r.to_str().unwrap());
    let out = ranklab(&[
        "eval",
        "-R",
        "prefs",
        "-m",
        "prefs_simp",
        "-m",
        "prefs_simp_ret",
        "-m",
        "prefs_num_prefs_poss",
        p,
        r,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "prefs_num_prefs_poss  \tall\t2\nprefs_simp            \tall\t0.5000\nprefs_simp_ret        \tall\t0.0000\n"
    );
    // Without -m: all_prefs, runid and num_q first.
    let out = ranklab(&["eval", "-R", "prefs", p, r]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("runid                 \tall\tr\nnum_q                 \tall\t1\n"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 16);
    let out = ranklab(&["eval", "-R", "prefs", "--ties", "docid-asc", p, r]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--ties, --float32 and presets do not apply"));
    let out = ranklab(&["eval", "-m", "prefs_simp", p, r]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("give them with -R prefs or -R qrels_prefs"));
    let out = ranklab(&["eval", "-R", "prefs", "-m", "map", p, r]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("read by the prefs_* measures"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn an_empty_run_under_the_ir_measures_preset_scores_every_query_0() {
    // ir_measures' TestPytrecEval.test_empty: its qrels (queries 0 and 1)
    // against an empty run give P@5 = 0 for both queries (and ir_measures
    // itself agrees in tests/differential/ir_measures_check.py).
    let q = write(
        "qrels-test-empty",
        "0 0 D0 0\n0 0 D1 1\n0 0 D2 1\n0 0 D3 2\n0 0 D4 0\n1 0 D0 1\n1 0 D3 2\n1 0 D5 2\n",
    );
    let r = write("empty-run", "");
    let (q, r) = (q.to_str().unwrap(), r.to_str().unwrap());
    let out = ranklab(&["eval", "-q", "--preset", "ir_measures", "-m", "P@5", q, r]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "P@5                   \t0\t0.0000\nP@5                   \t1\t0.0000\nP@5                   \tall\t0.0000\n"
    );
    assert!(
        text(&out.stderr).contains("no result lines: evaluated as a system that retrieved nothing")
    );
    // trec_eval's conventions leave the queries out: nothing to evaluate.
    let out = ranklab(&["eval", "-m", "P.5", q, r]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("line 1: no result lines"));
}
