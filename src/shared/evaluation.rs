//! The app's one door to the core: every name of [`ranklab_core`] the app
//! uses is listed below (the session's pipeline, the
//! plain value types views name, the quick format's editing), and no other
//! file of `src/` names the core (scripts/check_imports.py checks it). This
//! module adds only what the page itself needs: finding the judged ranking
//! behind a value (for its explanation) and printing values. Views only
//! render; they never compute a metric.

pub use ranklab_core::{
    about_shown, add_query, any_significant, append_block, beaten, best_means, binary_at, block_on,
    bold_caption, by_kind, byte_size, causes, check_query_id, check_system_name, compare_presets,
    cutoff_curve, delete_system, describe_files, draw, evaluate_files, evaluate_shard_handing,
    evaluate_streamed, evaluate_typed, explain, exports, f4, file_roles, find_query, finish,
    format_digits, format_query_line, format_system, is_unread_file, judge_typed,
    judgment_queries_note, letter, listed, lookalike_note, marks_testable, most_different,
    name_runs, paired_values, parse_set, parse_typed, plural, query_set_note, range_digits,
    range_ends, rehearse, remove_lines, rename_system, replace_line, statistics, stop_weights,
    system_ranks, t_past_unit_bounds, thousands, tie_orders, trec_text_kind, unused_query_id,
    unused_system_name, Aggregation, ApNormalization, BigFile, ByteSource, ByteSourceRead, Cause,
    ColumnCheck, Conventions, Correction, Deal, Dealer, DealtPart, Difficulty, Discount,
    DuplicatePolicy, EvalContext, EvalOptions, Exercise, ExerciseSet, Explanation, FileInfo,
    FindProblem, Flip, FoundQuery, GainKind, Gains, InputFormat, InputKind, JudgedRanking,
    JudgmentReading, JudgmentTable, LeftOut, LoadedFile, Metric, MissingQueries, NextPiece,
    PairedValue, ParseError, Preset, PresetRow, Progress, QrelsHandover, QueryResult, QuickInput,
    QuickQuery, RbpGain, Ready, Rel, RunDealing, Shard, ShardReply, Sharing, Source, SourceResults,
    StatsOptions, StatsReport, StopProbability, SystemResult, SystemStats, Test, TieBreak,
    TieOrders, TieRange, TieReport, Ungrouped, Verdict, Warning, WideQuery, Withheld,
    BIG_FILE_BYTES, HEAD_BYTES, MAX_ORDERS, SHOWN_RANKS, TOLERANCE, T_PAST_BOUNDS,
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
