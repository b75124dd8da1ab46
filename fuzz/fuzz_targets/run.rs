//! The run parser and evaluation: no panic, and streaming the lines gives
//! exactly the output of evaluating the whole text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::measures::trec_names::MeasureRequest;
use ranklab_core::session::{evaluate_whole_text, RunStream};
use ranklab_core::{
    format_trec_rows, parse_qrels, Conventions, EvalContext, MissingQueries, TrecOutput,
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
    let mut stream = RunStream::new("run", &qrels, &items, conventions);
    for line in text.lines() {
        stream.push_line(line);
    }
    let streamed = stream.finish();
    let options = TrecOutput {
        per_query: true,
        digits: 6,
        runid: "r",
        zscores: None,
        tie_range: false,
    };
    if !streamed.ungrouped {
        assert_eq!(streamed.errors, whole.errors);
        assert_eq!(
            format_trec_rows(&items, streamed.rows, &options),
            format_trec_rows(&items, whole.rows, &options)
        );
    }
});
