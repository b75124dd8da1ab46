//! The app's one door to the core: every name of [`ranklab_core`] the app
//! uses is listed below (the pipeline of [`ranklab_core::session`], the
//! plain value types views name, the quick format's editing), and no other
//! file of `src/` names the core (scripts/check_imports.py checks it). This
//! module adds only what the page itself needs: finding the judged ranking
//! behind a value (for its explanation) and printing values. Views only
//! render; they never compute a metric.

pub use ranklab_core::exercise::random::{draw, Difficulty};
pub use ranklab_core::exercise::set::{parse_set, ExerciseSet};
pub use ranklab_core::exercise::{ColumnCheck, Exercise, Verdict, TOLERANCE};
pub use ranklab_core::measures::average_precision::ApNormalization;
pub use ranklab_core::measures::err::StopProbability;
pub use ranklab_core::measures::ndcg::{Discount, GainKind, Gains};
pub use ranklab_core::measures::rbp::RbpGain;
pub use ranklab_core::session::exports;
pub use ranklab_core::session::{
    beaten, block_on, by_kind, byte_size, causes, compare_presets, cutoff_curve, describe_files,
    evaluate_files, evaluate_shard, evaluate_streamed, evaluate_typed, file_roles, find_query,
    finish, is_unread_file, judge_typed, judgment_queries_note, letter, most_different,
    paired_values, parse_typed, query_set_note, statistics, stop_weights, system_ranks, BigFile,
    ByteSource, ByteSourceRead, Cause, EvalOptions, FileInfo, Flip, FoundQuery, JudgmentReading,
    JudgmentTable, LoadedFile, PairedValue, PresetRow, Progress, QueryResult, Ready, Shard,
    ShardReply, Source, SourceResults, SystemResult, TieReport, Ungrouped, Warning, WideQuery,
    BIG_FILE_BYTES, HEAD_BYTES, SHOWN_RANKS,
};
pub use ranklab_core::stats::{Correction, StatsOptions, StatsReport, SystemStats, Test};
pub use ranklab_core::tie_orders;
pub use ranklab_core::{
    add_query, append_block, binary_at, check_query_id, check_system_name, delete_system, explain,
    f4, format_query_line, format_system, plural, remove_lines, rename_system, replace_line,
    trec_text_kind, unused_query_id, unused_system_name, Aggregation, Conventions, DuplicatePolicy,
    EvalContext, Explanation, InputFormat, InputKind, JudgedRanking, Metric, MissingQueries,
    ParseError, Preset, QuickInput, QuickQuery, Rel, TieBreak, TieOrders, TieRange, MAX_ORDERS,
};

/// A value as the tables print it: 4 decimals, like trec_eval.
pub fn format_value(v: f64) -> String {
    ranklab_core::f4(v)
}

/// The systems that have numbers to show (at least one query evaluated),
/// in their order.
pub fn with_queries(systems: &[SystemResult]) -> Vec<&SystemResult> {
    systems.iter().filter(|s| !s.queries.is_empty()).collect()
}
