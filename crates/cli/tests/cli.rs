//! `ranklab eval` as a user runs it: output, exit codes, located messages.

use std::path::PathBuf;
use std::process::{Command, Output};

fn write(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ranklab-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn ranklab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ranklab"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

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
    assert!(text(&out.stderr).contains("expected QRELS and RUN, got 1 file argument(s)"));
    let out = ranklab(&[]);
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
