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
    finish, is_unread_file, judge_typed, judgment_queries_note, letter, most_different, name_runs,
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
