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
    format_query_line, format_system, is_unread_file, judge_typed, judgment_queries_note, letter,
    lookalike_note, marks_testable, most_different, name_runs, paired_values, parse_set,
    parse_typed, plural, query_set_note, remove_lines, rename_system, replace_line, statistics,
    stop_weights, system_ranks, t_past_unit_bounds, tie_orders, trec_text_kind, unused_query_id,
    unused_system_name, Aggregation, ApNormalization, BigFile, ByteSource, ByteSourceRead, Cause,
    ColumnCheck, Conventions, Correction, Difficulty, Discount, DuplicatePolicy, EvalContext,
    EvalOptions, Exercise, ExerciseSet, Explanation, FileInfo, Flip, FoundQuery, GainKind, Gains,
    InputFormat, InputKind, JudgedRanking, JudgmentReading, JudgmentTable, LeftOut, LoadedFile,
    Metric, MissingQueries, PairedValue, ParseError, Preset, PresetRow, Progress, QrelsHandover,
    QueryResult, QuickInput, QuickQuery, RbpGain, Ready, Rel, Shard, ShardReply, Source,
    SourceResults, StatsOptions, StatsReport, StopProbability, SystemResult, SystemStats, Test,
    TieBreak, TieOrders, TieRange, TieReport, Ungrouped, Verdict, Warning, WideQuery, Withheld,
    BIG_FILE_BYTES, HEAD_BYTES, MAX_ORDERS, SHOWN_RANKS, TOLERANCE, T_PAST_BOUNDS,
};

/// A value as the tables print it: 4 decimals, like trec_eval.
pub fn format_value(v: f64) -> String {
    ranklab_core::f4(v)
}

/// How many decimals show a range's two ends apart: the tables' 4, or
/// more, up to 10, where 4 would print two different ends the same
/// ("0.0235 to 0.0235" says a value depends on tie order and hides by how
/// much). The value inside the range is printed with as many.
pub fn range_digits(min: f64, max: f64) -> usize {
    (4..=10)
        .find(|&d| min == max || format_digits(min, d) != format_digits(max, d))
        .unwrap_or(10)
}

/// `v` with `digits` decimals (4: as [`format_value`] prints it).
pub fn format_digits(v: f64, digits: usize) -> String {
    format!("{v:.digits$}")
}

/// The systems that have numbers to show (at least one query evaluated),
/// in their order.
pub fn with_queries(systems: &[SystemResult]) -> Vec<&SystemResult> {
    systems.iter().filter(|s| !s.queries.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::{format_digits, range_digits};

    #[test]
    fn a_range_gets_the_decimals_that_show_its_ends_apart() {
        assert_eq!(range_digits(0.1, 0.2), 4);
        assert_eq!(range_digits(0.3, 0.3), 4);
        // 0.0235 to 0.0235 at 4 decimals; apart at 5.
        assert_eq!(range_digits(0.02351, 0.02353), 5);
        assert_eq!(format_digits(0.02351, 5), "0.02351");
        assert_eq!(range_digits(0.25, 0.250_000_3), 7);
        // Closer than 10 decimals: 10, the most shown.
        assert_eq!(range_digits(0.5, 0.5 + 1e-13), 10);
        assert_eq!(format_digits(0.5, 4), "0.5000");
    }
}
