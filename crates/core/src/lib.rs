//! Ranklab's metrics core: parsers with located errors, named conventions
//! and information-retrieval measures, with no I/O and no web dependencies.
//!
//! ```
//! use ranklab_core::{evaluate_typed, parse_typed, EvalOptions, Metric};
//!
//! // Article 004's MAP example: three queries, grades in rank order,
//! // relevant documents that were not retrieved after `|`.
//! let input = parse_typed("q1: R R N R R N R N R N\nq2: R N R N R N N R\nq3: N R R N R R");
//! assert!(input.errors.is_empty());
//! let ap: Metric = "AP".parse().unwrap();
//! let part = evaluate_typed(&input, &[ap], &EvalOptions::default());
//! assert_eq!(format!("{:.4}", part.systems[0].means[0]), "0.7073");
//! ```
#![forbid(unsafe_code)]
// The big-file worker's build: for size, but the functions every line of
// a big run goes through for speed (`speed_marks`, see build.rs).
#![cfg_attr(speed_marks, feature(optimize_attribute))]
#![deny(missing_docs)]
// The modules are private (the face is the one `pub use` block below), and
// the public types' docs link to the functions that define them: read these
// docs with `--document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

mod byte_lines;
mod conventions;
mod error;
mod exercise;
mod fast_hash;
mod formats;
mod judged;
mod measures;
mod pipeline;
mod plural;
mod presets;
mod session;
mod stats;
#[cfg(test)]
mod test_random;

// The core's face: every name the programs (the app, the command line), the
// fuzz targets and the tests use, by layer, lowest first. Nothing else is
// public, so the compiler reports what nobody uses.
pub use crate::{
    // text
    byte_lines::without_byte_order_mark,
    // values
    conventions::{Conventions, DuplicatePolicy, MissingQueries, ScorePrecision, TieBreak},
    error::{lookalike_note, ParseError},
    // the stages and their reports
    exercise::random::{draw, Difficulty},
    exercise::set::{parse_set, ExerciseSet},
    exercise::{ColumnCheck, Exercise, Verdict, TOLERANCE},
    // formats
    formats::inputs::{binary_at, trec_text_kind, InputFormat, InputKind},
    formats::preferences::{parse_prefs, parse_qrels_prefs},
    formats::qrels_jg::parse_qrels_jg,
    formats::qrels_parts::parse_qrels_in_parts,
    formats::quick::{parse_quick, QuickInput, QuickQuery},
    formats::quick_edit::{
        add_query, append_block, check_query_id, check_system_name, delete_system,
        format_query_line, format_system, remove_lines, rename_system, replace_line,
        unused_query_id, unused_system_name,
    },
    formats::ranx_json::{parse_json_qrels, parse_json_run},
    formats::table_text::{parse_table_qrels, parse_table_run, FieldSplitter},
    formats::trec::{parse_qrels, Qrels},
    formats::zscores::{parse_zscores, ZScores},
    judged::{JudgedRanking, Rel, FIRST_RANKS},
    // measures
    measures::average_precision::{average_precision, ApNormalization},
    measures::err::{err, err_steps, StopProbability},
    measures::ndcg::{dcg, ideal_dcg, ndcg, Discount, GainKind, Gains},
    measures::precision::precision_at,
    measures::preferences::{PrefCounts, PrefMeasure},
    measures::rbp::RbpGain,
    measures::recall::recall_at,
    measures::reciprocal_rank::reciprocal_rank,
    measures::steps::{f4, format_digits, range_digits, range_ends, Explanation},
    measures::trec_names::{Judgments, MeasureRequest, TrecItem},
    measures::{Aggregation, EvalContext, Metric},
    pipeline::explain::explain,
    pipeline::judge::judge,
    pipeline::tie_range::{tie_orders, TieOrders, TieRange, MAX_ORDERS},
    pipeline::trec_output::{format_trec_rows, item_metrics, summary_values, TrecOutput, TrecRow},
    plural::{byte_size, listed, plural, thousands},
    presets::Preset,
    // session (`exports`: CSV, JSON, Markdown, LaTeX and trec_eval's text of
    // results, with the `serde` feature)
    session::{
        about_shown, any_significant, beaten, best_means, block_on, bold_caption, by_kind, causes,
        compare_presets, cutoff_curve, describe_files, evaluate_files, evaluate_judgment_groups,
        evaluate_preferences, evaluate_shard, evaluate_shard_handing, evaluate_streamed,
        evaluate_typed, evaluate_whole_text, exports, file_roles, find_query, finish,
        is_unread_file, judge_typed, judgment_queries_note, letter, lookalike_query_ids,
        marks_testable, means_comparable, most_different, name_runs, paired_values, parse_typed,
        query_set_note, read_trec_run, rehearse, statistics, stop_weights, system_ranks,
        t_past_unit_bounds, tie_effect, BigFile, ByteSource, ByteSourceRead, Cause, ChunkEvaluator,
        Deal, Dealer, DealtPart, EvalOptions, FileInfo, FindProblem, Flip, FoundQuery,
        JudgmentReading, JudgmentTable, LeftOut, LoadedFile, NextPiece, PairedValue, PresetRow,
        Progress, QrelsHandover, QueryResult, Ready, RunDealing, Shard, ShardReply, Sharing,
        Source, SourceResults, StreamResult, SystemResult, TieReport, TrecRead, Ungrouped, Warning,
        WideQuery, Withheld, BIG_FILE_BYTES, HEAD_BYTES, SHOWN_RANKS, T_PAST_BOUNDS,
        WIDEST_QUERIES,
    },
    stats::{
        bootstrap_p, differences, paired_t, parse_per_query_values, randomized_tukey_hsd, report,
        Correction, Rng, StatsOptions, StatsReport, SystemStats, Test,
    },
};
