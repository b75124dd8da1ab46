//! The shard reader against the whole text: every split of a run gives
//! what evaluating the whole text gives.

use super::*;
use crate::conventions::{Conventions, MissingQueries};
use crate::formats::trec::parse_qrels;
use crate::formats::trec::{parse_run, Qrels};
use crate::measures::trec_names::{MeasureRequest, TrecItem};
use crate::measures::EvalContext;
use crate::pipeline::judge::judge;
use crate::pipeline::trec_output::{format_trec, format_trec_rows, item_metrics, TrecOutput};
use crate::session::stream::{evaluate_whole_text, line_qid};

const QRELS: &str = "q1 0 a 1\nq1 0 b 0\nq1 0 c 2\nq2 0 x 1\nq3 0 z 0\nq4 0 y 3\n";
const RUN: &str = "# comment\nq2 Q0 x 1 2 t\nq2 Q0 w 2 1 t\n\nq1 Q0 b 1 5 t\nq1 Q0 a 2 5 t\nq1 Q0 c 3 1 t\nq9 Q0 a 1 1 t\n";

/// `text` read by `shards` shards; `None` when the reader finds it
/// ungrouped.
fn sharded(
    text: &str,
    qrels: &Qrels<'_>,
    items: &[TrecItem],
    conventions: &Conventions,
    shards: usize,
) -> TrecRead {
    let metrics = item_metrics(items);
    let context = EvalContext::from_qrels(qrels);
    let evaluator = ChunkEvaluator {
        input: "run",
        qrels,
        items,
        metrics: &metrics,
        conventions,
        context: &context,
        tie_range: false,
    };
    let bytes = text.as_bytes();
    read_trec_run(&evaluator, bytes.len() as u64, shards, &|at| {
        Ok(&bytes[at as usize..])
    })
    .unwrap()
}

fn rows(read: TrecRead) -> StreamResult {
    match read {
        TrecRead::Rows(r) => r,
        other => panic!("not read: {other:?}"),
    }
}

fn map() -> Vec<TrecItem> {
    MeasureRequest::parse(&["map"]).unwrap().items().unwrap()
}

fn whole(text: &str, qrels: &Qrels<'_>, items: &[TrecItem], c: &Conventions) -> StreamResult {
    evaluate_whole_text(
        "run",
        text,
        qrels,
        items,
        c,
        EvalContext::from_qrels(qrels),
        false,
    )
}

/// Found by the `run` fuzz target: a line starting with a vertical tab
/// (a field space for the parser) was grouped under the qid "\x0b2" by
/// the chunker, so streaming left out a query the whole text had.
#[test]
fn streamed_queries_are_split_as_the_parser_splits_them() {
    let text = "1 Q0 a 1 2.0 t\n\u{b}2 Q0 c 1 -2 t\u{b}\n\u{b}3\u{c}Q0 e 1 1 é\n";
    assert_eq!(line_qid("\u{b}2 Q0 c 1 -2 t"), Some("2"));
    let qrels = parse_qrels("qrels", "1 0 a 1\n2 0 c 1\n3 0 e 1\n");
    let c = Conventions::default();
    let whole = whole(text, &qrels, &map(), &c);
    let qids = |r: &StreamResult| r.rows.iter().map(|r| r.qid.clone()).collect::<Vec<_>>();
    assert_eq!(qids(&whole), ["1", "2", "3"]);
    assert!(whole.errors.is_empty(), "{:?}", whole.errors);
    for shards in 1..=4 {
        let streamed = rows(sharded(text, &qrels, &map(), &c, shards));
        assert_eq!(qids(&streamed), qids(&whole), "{shards} shards");
    }
}

/// trec_eval's whole output, per query, from the whole text and from the
/// shard reader with `shards` shards (`None`: found ungrouped).
fn both(conventions: Conventions, run: &str, shards: usize) -> (String, Option<String>) {
    let qrels = parse_qrels("qrels", QRELS);
    let items = MeasureRequest::parse(&["all_trec"])
        .unwrap()
        .items()
        .unwrap();
    let options = TrecOutput {
        per_query: true,
        digits: 6,
        runid: "t",
        zscores: None,
        tie_range: false,
    };
    let whole = format_trec(
        &items,
        &judge(&qrels, &parse_run("run", run), &conventions),
        &options,
    );
    let streamed = match sharded(run, &qrels, &items, &conventions, shards) {
        TrecRead::Rows(r) => Some(format_trec_rows(&items, r.rows, &options)),
        TrecRead::Ungrouped => None,
        TrecRead::NotText(line) => panic!("line {line} is text"),
    };
    (whole, streamed)
}

#[test]
fn every_split_equals_whole_text_evaluation() {
    for c in [
        Conventions::default(),
        Conventions {
            missing_queries: MissingQueries::ScoreZero,
            ..Conventions::default()
        },
    ] {
        for shards in 1..=6 {
            let (whole, streamed) = both(c, RUN, shards);
            assert_eq!(Some(whole), streamed, "{shards} shards");
        }
    }
}

/// A run several times [`LOOKBEHIND`], so shards start reading inside
/// the file (not from its start) and take over queries mid-way.
#[test]
fn a_long_run_split_in_four_equals_the_whole_text() {
    let mut qrels = String::new();
    let mut run = String::new();
    for q in 0..4000 {
        for d in 0..40 {
            if d % 7 == q % 5 {
                qrels.push_str(&format!("q{q} 0 d{d} {}\n", 1 + d % 3));
            }
            run.push_str(&format!(
                "q{q} Q0 d{d} {} {}.{} run\n",
                d + 1,
                90 - d,
                q % 4
            ));
        }
    }
    assert!(run.len() as u64 > 3 * LOOKBEHIND, "{} bytes", run.len());
    let qrels = parse_qrels("qrels", &qrels);
    let items = MeasureRequest::parse(&["map", "ndcg_cut", "recip_rank"])
        .unwrap()
        .items()
        .unwrap();
    let c = Conventions::default();
    let whole = whole(&run, &qrels, &items, &c);
    for shards in [2, 4] {
        assert_eq!(rows(sharded(&run, &qrels, &items, &c, shards)), whole);
    }
}

/// A comment longer than [`LOOKBEHIND`] inside a query, where a shard
/// starts: the shard cannot see the query in progress, and the parts ask
/// for one reading, which gives the whole text's numbers.
#[test]
fn a_comment_longer_than_the_lookbehind_asks_for_one_reading() {
    let mut run = String::new();
    for q in 0..4 {
        for d in 0..20 {
            run.push_str(&format!("q{q} Q0 d{d} {} {} run\n", d + 1, 90 - d));
            if q == 1 && d == 10 {
                let long = "#".repeat(4 * LOOKBEHIND as usize);
                run.push_str(&format!("{long}\n"));
            }
        }
    }
    let qrels = parse_qrels("qrels", "q1 0 d3 1\nq1 0 d15 1\nq2 0 d1 1\n");
    let items = MeasureRequest::parse(&["map"]).unwrap().items().unwrap();
    let c = Conventions::default();
    assert_eq!(
        sharded(&run, &qrels, &items, &c, 2),
        TrecRead::Ungrouped,
        "the second shard starts inside the comment"
    );
    assert_eq!(
        rows(sharded(&run, &qrels, &items, &c, 1)),
        whole(&run, &qrels, &items, &c)
    );
}

#[test]
fn carriage_returns_give_the_same_errors_both_ways() {
    // Found by fuzzing: a last line ending in a lone `\r`.
    let (whole, streamed) = errors_both_ways("\u{2}\n\u{2}\r\n\r\u{3}\r\r");
    for s in streamed {
        assert_eq!(s.errors, whole.errors);
    }
    assert_eq!(whole.errors[1].column, 2);
    assert_eq!(whole.errors[2].column, 3);
}

/// The run text evaluated whole and read by 1 to 3 shards (map only).
fn errors_both_ways(text: &str) -> (StreamResult, Vec<StreamResult>) {
    let qrels = parse_qrels("qrels", QRELS);
    let c = Conventions::default();
    let streamed = (1..=3)
        .map(|n| rows(sharded(text, &qrels, &map(), &c, n)))
        .collect();
    (whole(text, &qrels, &map(), &c), streamed)
}

#[test]
fn problems_come_in_file_order_both_ways() {
    // Found by fuzzing: a refused duplicate (line 2) before a bad line (line 3).
    let (whole, streamed) = errors_both_ways("q1 Q0 a 1 1 t\nq1 Q0 a 2 0 t\nq1 bad\n");
    let lines: Vec<usize> = whole.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![2, 3]);
    for s in streamed {
        assert_eq!(s.errors, whole.errors);
    }
}

#[test]
fn a_refused_duplicate_gives_no_rows_both_ways() {
    // q2 repeats x; q1 and q4 are clean, yet no query may be evaluated.
    let run = "q1 Q0 a 1 1 t\nq2 Q0 x 1 1 t\nq2 Q0 x 2 0 t\nq4 Q0 y 1 1 t\n";
    let (whole, streamed) = errors_both_ways(run);
    for r in std::iter::once(&whole).chain(&streamed) {
        assert!(r.refused);
        assert!(r.rows.is_empty(), "{:?}", r.rows);
        assert_eq!(r.errors.len(), 1);
        assert_eq!(r.errors[0].line, 3);
    }
    // Not even the zero rows of missing queries under -c.
    let qrels = parse_qrels("qrels", QRELS);
    let c = Conventions {
        missing_queries: MissingQueries::ScoreZero,
        ..Conventions::default()
    };
    for shards in 1..=3 {
        let r = rows(sharded(run, &qrels, &map(), &c, shards));
        assert!(r.refused && r.rows.is_empty());
    }
}

#[test]
fn ungrouped_runs_are_detected() {
    let run = "q1 Q0 a 1 1 t\nq2 Q0 x 1 1 t\nq1 Q0 b 2 0 t\n";
    for shards in 1..=3 {
        assert_eq!(both(Conventions::default(), run, shards).1, None);
    }
}

#[test]
fn errors_keep_their_file_line_numbers() {
    let qrels = parse_qrels("qrels", QRELS);
    let text = "q1 Q0 a 1 1 t\n\n# c\nq2 Q0 x 1 oops t\n";
    for shards in 1..=3 {
        let metrics = item_metrics(&map());
        let context = EvalContext::from_qrels(&qrels);
        let items = map();
        let evaluator = ChunkEvaluator {
            input: "run.txt",
            qrels: &qrels,
            items: &items,
            metrics: &metrics,
            conventions: &Conventions::default(),
            context: &context,
            tie_range: false,
        };
        let bytes = text.as_bytes();
        let read = read_trec_run(&evaluator, bytes.len() as u64, shards, &|at| {
            Ok(&bytes[at as usize..])
        });
        let r = rows(read.unwrap());
        assert_eq!(r.errors.len(), 1);
        assert_eq!(
            r.errors[0].to_string().split(": expected").next(),
            Some("run.txt:4:11")
        );
        assert_eq!(r.missing_queries, vec!["q2", "q3", "q4"]);
    }
}

/// A line that is not UTF-8 is named by its line in the file, whichever
/// shard owns it.
#[test]
fn the_first_line_that_is_not_text_is_named_by_its_file_line() {
    let qrels = parse_qrels("qrels", QRELS);
    let mut bytes = b"q1 Q0 a 1 1 t\nq2 Q0 x 1 1 t\n\nq3 Q0 z 1 1 t\n".to_vec();
    bytes.extend_from_slice(b"q4 Q0 \xff 1 1 t\nq4 Q0 y 2 1 \xfe\n");
    let items = map();
    let metrics = item_metrics(&items);
    let context = EvalContext::from_qrels(&qrels);
    let c = Conventions::default();
    let evaluator = ChunkEvaluator {
        input: "run",
        qrels: &qrels,
        items: &items,
        metrics: &metrics,
        conventions: &c,
        context: &context,
        tie_range: false,
    };
    for shards in 1..=5 {
        let read = read_trec_run(&evaluator, bytes.len() as u64, shards, &|at| {
            Ok(&bytes[at as usize..])
        });
        assert_eq!(read.unwrap(), TrecRead::NotText(5), "{shards} shards");
    }
}

#[test]
fn a_query_in_two_parts_is_ungrouped() {
    let part = |qids: &[&str], lines| ShardRun::<()> {
        queries: qids
            .iter()
            .map(|q| ChunkOutcome {
                present: true,
                ..ChunkOutcome::empty(q, 1)
            })
            .collect(),
        lines,
        ..ShardRun::default()
    };
    let joined = join([part(&["a", "b"], 4), part(&["c"], 2)]).unwrap();
    let firsts: Vec<usize> = joined.queries.iter().map(|q| q.first_line).collect();
    assert_eq!(firsts, [1, 1, 5]);
    assert_eq!(join([part(&["a"], 1), part(&["a"], 1)]), Err(Ungrouped));
}

/// Found by the `run` fuzz target once it read with several shards: a
/// refused duplicate named the line of its first listing counted from its
/// shard's first line, not the file's.
#[test]
fn a_duplicate_names_its_first_listing_by_its_file_line() {
    let run = "q1 Q0 a 1 1 t\nq1 Q0 b 2 1 t\nq2 Q0 x 1 1 t\nq4 Q0 y 1 1 t\nq4 Q0 y 2 0 t\n";
    let (whole, streamed) = errors_both_ways(run);
    assert_eq!(
        *whole.errors[0].expected,
        crate::error::Expected::DocidOnce {
            qid: "q4".into(),
            first_line: 4
        }
    );
    for s in streamed {
        assert_eq!(s.errors, whole.errors);
    }
}
