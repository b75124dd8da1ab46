//! The run parser and evaluation: no panic, and the whole-run reader, with
//! one to three shards, gives exactly the output of evaluating the whole
//! text (problems included, with their lines).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::MeasureRequest;
use ranklab_core::{evaluate_whole_text, read_trec_run, ChunkEvaluator, TrecRead};
use ranklab_core::{
    format_trec_rows, item_metrics, parse_qrels, Conventions, EvalContext, MissingQueries,
    TrecOutput,
};

const QRELS: &str = "1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 a -1\n2 0 d 3\n3 0 e 0\n";

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let qrels = parse_qrels("qrels", QRELS);
    let items = MeasureRequest::parse(&["all_trec", "nDCG@3", "ERR@3"])
        .unwrap()
        .items()
        .unwrap();
    let conventions = Conventions {
        missing_queries: if data.len() % 2 == 0 {
            MissingQueries::ScoreZero
        } else {
            MissingQueries::Skip
        },
        ..Conventions::default()
    };
    let whole = evaluate_whole_text(
        "run",
        &text,
        &qrels,
        &items,
        &conventions,
        EvalContext::from_qrels(&qrels),
        false,
    );
    let options = TrecOutput {
        per_query: true,
        digits: 6,
        runid: "r",
        zscores: None,
        tie_range: false,
    };
    let metrics = item_metrics(&items);
    let context = EvalContext::from_qrels(&qrels);
    let evaluator = ChunkEvaluator {
        input: "run",
        qrels: &qrels,
        items: &items,
        metrics: &metrics,
        conventions: &conventions,
        context: &context,
        tie_range: false,
    };
    let bytes = text.as_bytes();
    // One to three shards, by the input's length (a thread costs much
    // under the sanitizer; the input's length varies as much as its bytes).
    {
        let shards = 1 + (data.len() / 2) % 3;
        let open = |at: u64| Ok(&bytes[at as usize..]);
        match read_trec_run(&evaluator, bytes.len() as u64, shards, &open).unwrap() {
            TrecRead::Rows(streamed) => {
                assert_eq!(streamed.errors, whole.errors);
                assert_eq!(
                    format_trec_rows(&items, streamed.rows, &options),
                    format_trec_rows(&items, whole.rows.clone(), &options)
                );
            }
            TrecRead::NotText(line) => panic!("line {line} of a text is not text"),
            TrecRead::Ungrouped => {}
        }
    }
});
