//! The app's one door to the core: every name of [`ranklab_core`] the app
//! uses is listed below (the session's pipeline, the
//! plain value types views name, the quick format's editing), and no other
//! file of `src/` names the core (scripts/check_imports.py checks it). This
//! module adds only what the page itself needs: finding the judged ranking
//! behind a value (for its explanation) and printing values. Views only
//! render; they never compute a metric.

pub use ranklab_core::{
    add_query, append_block, beaten, binary_at, block_on, by_kind, byte_size, causes,
    check_query_id, check_system_name, compare_presets, cutoff_curve, delete_system,
    describe_files, draw, evaluate_files, evaluate_shard, evaluate_streamed, evaluate_typed,
    explain, exports, f4, file_roles, find_query, finish, format_query_line, format_system,
    is_unread_file, judge_typed, judgment_queries_note, letter, most_different, paired_values,
    parse_set, parse_typed, plural, query_set_note, remove_lines, rename_system, replace_line,
    statistics, stop_weights, system_ranks, tie_orders, trec_text_kind, unused_query_id,
    unused_system_name, Aggregation, ApNormalization, BigFile, ByteSource, ByteSourceRead, Cause,
    ColumnCheck, Conventions, Correction, Difficulty, Discount, DuplicatePolicy, EvalContext,
    EvalOptions, Exercise, ExerciseSet, Explanation, FileInfo, Flip, FoundQuery, GainKind, Gains,
    InputFormat, InputKind, JudgedRanking, JudgmentReading, JudgmentTable, LoadedFile, Metric,
    MissingQueries, PairedValue, ParseError, Preset, PresetRow, Progress, QueryResult, QuickInput,
    QuickQuery, RbpGain, Ready, Rel, Shard, ShardReply, Source, SourceResults, StatsOptions,
    StatsReport, StopProbability, SystemResult, SystemStats, Test, TieBreak, TieOrders, TieRange,
    TieReport, Ungrouped, Verdict, Warning, WideQuery, BIG_FILE_BYTES, HEAD_BYTES, MAX_ORDERS,
    SHOWN_RANKS, TOLERANCE,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::{find, EXAMPLE_QUICK};
    use crate::settings::Settings;

    #[test]
    fn example_data_gives_the_articles_values() {
        let s = Settings::default();
        let (m, _) = s.measures();
        let e = evaluate_typed(
            &parse_typed(find("000-004").unwrap().text),
            &m,
            &s.eval_options(),
        );
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        assert_eq!(e.systems.len(), 3);
        // Article 004: MAP 0.7073; article 000: MRR 5/12 and 13/24.
        assert_eq!(format_value(e.systems[0].means[1]), "0.7073");
        assert_eq!(format_value(e.systems[1].means[0]), "0.4167");
        assert_eq!(format_value(e.systems[2].means[0]), "0.5417");
    }

    #[test]
    fn the_demo_gives_hand_computed_values() {
        let s = Settings::default();
        let (m, _) = s.measures();
        let e = evaluate_typed(&parse_typed(EXAMPLE_QUICK), &m, &s.eval_options());
        assert!(
            e.errors.is_empty() && e.warnings.is_empty(),
            "{:?} {:?}",
            e.errors,
            e.warnings
        );
        // BM25's first relevant ranks: 1, 3, 1, 1, 6, 1 -> MRR (4 + 1/3 + 1/6) / 6 = 0.75.
        assert!((e.systems[0].means[0] - 0.75).abs() < 1e-12);
    }
}
