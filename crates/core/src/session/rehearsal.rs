//! A rehearsal of a big run's evaluation on a small made-up one, for a
//! worker that waits for files.
//!
//! A browser compiles a WebAssembly module's functions first with a quick
//! compiler, and again with its optimising one once they have run often
//! (V8's Liftoff, then TurboFan). A worker's first big run therefore starts
//! on the slow code, and the recompiling takes CPU from the two workers
//! while they read: in Chromium's trace of a 270 MB drop, 824 ms of wasm
//! compile jobs ran beside the workers, 285 ms of them in the first 200 ms.
//! A worker that rehearses while it waits (the files door is open) makes
//! the code a drop runs hot before the drop.
//!
//! The rehearsal goes the way of a shard of two with a big TREC run: its
//! piece of the qrels parsed into bytes, the other piece's read back, the
//! run streamed line by line, each query ranked, judged and scored with
//! the measures it is given (the worker gives the page's first choice).
//! Its figures are thrown away.

use crate::formats::qrels_bytes::parse_qrels_to_bytes;
use crate::formats::qrels_parts::piece;
use crate::measures::Metric;

use super::dealing::RunDealing;
use super::files::{BigFile, LoadedFile};
use super::handover::QrelsHandover;
use super::reading::{block_on, ByteSource, Ready};
use super::shard_lines::Shard;
use super::shards::{evaluate_shard_handing, ShardReply, Sharing};
use super::EvalOptions;

/// Queries of the made-up run, and documents ranked per query: about a
/// megabyte of run and half as much qrels, as many lines as a tenth of a
/// second of a worker's reading, so that the functions every line goes
/// through run often enough to be optimised, and queries enough for those
/// every query goes through (ranking, measures, the reply's encoding).
const QUERIES: usize = 200;
const RANKED: usize = 150;
/// Documents judged per query: every other ranked one, graded 0 to 2
/// (the qrels' lines are parsed as often as the run's, near enough).
const JUDGED_EVERY: usize = 2;

/// The made-up qrels and run (TREC), as a person's big files would be.
fn made_up() -> (String, String) {
    let mut qrels = String::with_capacity(QUERIES * RANKED / JUDGED_EVERY * 20);
    let mut run = String::with_capacity(QUERIES * RANKED * 36);
    for q in 0..QUERIES {
        for d in 0..RANKED {
            let docid = 1_000_003 * (q + 1) + 7_919 * d;
            if d % JUDGED_EVERY == 0 {
                let grade = (d / JUDGED_EVERY) % 3;
                qrels.push_str(&format!("Q{q:05} 0 D{docid:07} {grade}\n"));
            }
            // Scores fall with the rank, six decimals, as search engines
            // write them.
            let score = 40_000_000 - 12_345 * d;
            let (whole, fraction) = (score / 1_000_000, score % 1_000_000);
            let rank = d + 1;
            run.push_str(&format!(
                "Q{q:05} Q0 D{docid:07} {rank} {whole}.{fraction:06} rehearsal\n"
            ));
        }
    }
    (qrels, run)
}

/// Evaluates the made-up files as the first of two workers would, with
/// `metrics` under `options`: the code a drop runs, run beforehand.
/// Returns what the shard found (its one run streamed), which the worker
/// drops and the tests check.
pub fn rehearse(metrics: &[Metric], options: &EvalOptions) -> ShardReply {
    let (qrels, run) = made_up();
    let big = |key: &str, text: &str| LoadedFile {
        big: Some(BigFile {
            key: key.to_string(),
            bytes: text.len() as u64,
        }),
        ..LoadedFile::whole(key, text)
    };
    let files = [big("rehearsal-qrels", &qrels), big("rehearsal-run", &run)];
    let shard = Shard { index: 0, count: 2 };
    // The other worker's piece of the judgments, as it would give it.
    let (theirs, _) = piece(&qrels, 1, 2);
    let their_bytes = parse_qrels_to_bytes("rehearsal-qrels", theirs).0;
    let mut give = |_: &[u8]| {};
    let sharing = Sharing {
        qrels: QrelsHandover::Pieces {
            give: &mut give,
            gather: Box::pin(std::future::ready(vec![their_bytes])),
        },
        runs: RunDealing::Own,
    };
    let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
        Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from))
    };
    let mut quiet = |_: &_| {};
    block_on(evaluate_shard_handing(
        &files, &mut open, metrics, options, shard, sharing, &mut quiet,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::shards::RunPiece;

    #[test]
    fn the_rehearsal_takes_the_path_of_a_big_run() {
        let metrics: Vec<Metric> = ["RR", "AP", "nDCG@10", "P@10"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let reply = rehearse(&metrics, &EvalOptions::default());
        assert!(reply.base.errors.is_empty(), "{:?}", reply.base.errors);
        // The made-up files are what their writer meant.
        let (qrels, run) = made_up();
        assert!(qrels.starts_with("Q00000 0 D1000003 0\nQ00000 0 D1015841 1\n"));
        assert!(run.starts_with(
            "Q00000 Q0 D1000003 1 40.000000 rehearsal\nQ00000 Q0 D1007922 2 39.987655 rehearsal\n"
        ));
        assert_eq!(qrels.lines().count(), QUERIES * RANKED / JUDGED_EVERY);
        assert_eq!(run.lines().count(), QUERIES * RANKED);
        // The qrels were read in two pieces: the judged queries are all
        // there (from this shard's piece and the other's).
        assert_eq!(reply.qrels_qids.len(), QUERIES);
        // The run was streamed: the queries whose first line starts in
        // the first half of its bytes, each judged with every measure.
        let [RunPiece::Streamed(part)] = &reply.runs[..] else {
            panic!("{:?}", reply.runs.len());
        };
        let starts_in_first_half = (0..QUERIES)
            .filter(|q| run.find(&format!("Q{q:05} ")).unwrap() < run.len() / 2)
            .count();
        assert!(starts_in_first_half >= QUERIES / 2);
        assert_eq!(part.queries.len(), starts_in_first_half);
        for q in &part.queries {
            let result = q.result.as_ref().expect("judged");
            assert_eq!(result.values.len(), metrics.len());
            assert!(result.values.iter().all(|v| (0.0..=1.0).contains(v)));
        }
    }
}
