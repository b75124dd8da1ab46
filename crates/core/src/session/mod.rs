//! One evaluation pipeline for every front end: the page, its workers and
//! tests call it, so a number cannot take a different path depending on
//! where it came from.
//!
//! Inputs are the typed rankings ([`parse_typed`]) and the loaded files
//! ([`LoadedFile`]: held as text, or big and read through an opener the
//! caller provides), the measures, and [`EvalOptions`] (the conventions
//! and the grade scale). Out come per-system, per-query results with typed
//! warnings and located errors ([`SourceResults`]). Big TREC runs are split into
//! shards ([`evaluate_shard`]) whose replies [`finish`] puts together, and
//! one query's whole ranking is found again for its explanation
//! ([`find_query`]). The same data under every tool's preset, and the
//! conventions behind a disagreement, come from the same pipeline
//! ([`compare_presets`], [`causes`]), as do the statistics of a results
//! table ([`statistics`]) and, with the `serde` feature, its exports
//! (`exports`: CSV, JSON, Markdown, LaTeX, trec_eval's text).
//!
//! There is one whole-run reader, [`ShardLines`](shard_lines::ShardLines): the page's workers and
//! the command line's threads are its shards (each thread reads its own
//! byte range of the run; the workers are dealt pieces of it as they
//! finish the last, see [`Deal`]), cut the lines into the same query chunks
//! ([`QueryChunker`](stream::QueryChunker), [`judge_chunk`](stream::judge_chunk)) and put the
//! parts together the same way ([`join`](shard_lines::join), [`tally`](stream::tally)). Only what each query is scored into differs:
//! the page's [`QueryResult`], or trec_eval's rows ([`ChunkEvaluator`],
//! [`read_trec_run`]). A run that is not grouped by query is judged whole
//! by the same [`judge`](crate::pipeline::judge::judge) as the page's files
//! ([`evaluate_whole_text`]).

mod chart_data;
mod compare;
mod dealing;
#[cfg(feature = "serde")]
pub mod exports;
/// The results' exports: they need the `serde` feature, without which this
/// module holds nothing (so the core's face names it either way).
#[cfg(not(feature = "serde"))]
pub mod exports {}
mod files;
mod find;
mod handover;
mod judgment_groups;
mod judgment_table;
mod preferences;
mod reading;
mod rehearsal;
mod results;
mod roles;
mod run_names;
mod run_warnings;
mod runs;
mod shard_lines;
mod shards;
mod significance;
mod stream;
mod switch;
mod ties;
mod trec_judgments;
mod typed;
mod warning;
mod withheld;

pub use chart_data::{cutoff_curve, paired_values, stop_weights, system_ranks, PairedValue};
pub use compare::{causes, compare_presets, most_different, Cause, PresetRow};
pub use dealing::{Deal, Dealer, DealtPart, NextPiece, RunDealing};
pub use files::{BigFile, LoadedFile, BIG_FILE_BYTES, HEAD_BYTES};
pub use find::{find_query, FindProblem, FoundQuery};
pub use handover::QrelsHandover;
pub use judgment_groups::evaluate_judgment_groups;
pub use judgment_table::{JudgmentReading, JudgmentTable};
pub use preferences::evaluate_preferences;
pub use reading::{block_on, ByteSource, ByteSourceRead, Progress, Ready};
pub use rehearsal::rehearse;
pub use results::{
    best_means, bold_caption, means_comparable, query_set_note, FileInfo, QueryResult, Source,
    SourceResults, SystemResult, SHOWN_RANKS,
};
pub use roles::{describe_files, file_roles, is_unread_file};
pub use run_names::name_runs;
pub use run_warnings::lookalike_query_ids;
pub use runs::evaluate_files;
pub use runs::tie_effect;
pub use shard_lines::{read_trec_run, Shard, TrecRead, Ungrouped};
pub use shards::{
    evaluate_shard, evaluate_shard_handing, evaluate_streamed, finish, ShardReply, Sharing,
};
pub use significance::{
    any_significant, beaten, letter, marks_testable, statistics, t_past_unit_bounds, T_PAST_BOUNDS,
};
pub use stream::{evaluate_whole_text, ChunkEvaluator, StreamResult};
pub use ties::{Flip, TieReport, WideQuery, WIDEST_QUERIES};
pub use trec_judgments::judgment_queries_note;
pub use typed::{evaluate_typed, judge_typed, parse_typed};
pub use warning::{by_kind, Warning};
pub use withheld::{about_shown, LeftOut, Withheld};

use crate::conventions::Conventions;

/// What an evaluation needs besides its measures: the conventions, and the
/// grade scale grades are checked against.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalOptions {
    /// Ties, missing queries, duplicates, relevance level, ...
    pub conventions: Conventions,
    /// The largest grade of the scale in use: larger grades are flagged.
    pub scale_max: i64,
    /// Also read plain TREC qrels as preference judgments (trec_eval's
    /// `-R qrels_prefs`: field 2 names the group, higher grades preferred)
    /// and show trec_eval's preference measures for them.
    pub qrels_as_preferences: bool,
}

impl Default for EvalOptions {
    /// trec_eval's conventions (missing queries left out) and grades 0 to 3.
    fn default() -> Self {
        EvalOptions {
            conventions: Conventions::default(),
            scale_max: 3,
            qrels_as_preferences: false,
        }
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use crate::measures::Metric;

    /// A file of trec_eval's test data (`../shared/trec_eval_tests/`).
    pub fn shared(name: &str) -> String {
        let path = format!(
            "{}/../../../shared/trec_eval_tests/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(path).expect("../shared beside the repo")
    }

    /// A file held whole as text.
    pub fn file(name: &str, text: &str) -> super::LoadedFile {
        super::LoadedFile::whole(name, text)
    }

    /// Qrels and two runs: run1 ties a relevant and a non-relevant document
    /// at the top of q1 (RR 1/2 in trec_eval's order, [1/2, 1] over tie
    /// orders; q2 1), run2 ranks them apart, the non-relevant one first.
    pub fn tied_runs() -> Vec<super::LoadedFile> {
        vec![
            file("qrels.txt", "q1 0 a 1\nq1 0 b 0\nq2 0 x 1\n"),
            file(
                "run1.txt",
                "q1 Q0 a 1 1 r1\nq1 Q0 b 2 1 r1\nq2 Q0 x 1 1 r1\n",
            ),
            file(
                "run2.txt",
                "q1 Q0 b 1 2 r2\nq1 Q0 a 2 1 r2\nq2 Q0 x 1 1 r2\n",
            ),
        ]
    }

    /// The app's default measures: RR, AP, nDCG@10, P@10, R@10.
    pub fn default_metrics() -> Vec<Metric> {
        ["RR", "AP", "nDCG@10", "P@10", "R@10"]
            .iter()
            .map(|n| n.parse().expect("a measure name"))
            .collect()
    }
}
