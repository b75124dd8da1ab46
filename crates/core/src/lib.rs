//! Ranklab's metrics core: parsers with located errors, named conventions
//! and information-retrieval measures, with no I/O and no web dependencies.
//!
//! ```
//! use ranklab_core::session::{evaluate_typed, parse_typed, EvalOptions};
//! use ranklab_core::Metric;
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
#![deny(missing_docs)]

mod byte_lines;
mod conventions;
mod decimal;
mod error;
pub mod exercise;
mod fast_hash;
mod field_mask;
mod formats;
mod hex_float;
mod judged;
pub mod measures;
mod pipeline;
mod plural;
mod presets;
pub mod session;
pub mod stats;

pub use byte_lines::{ByteLines, Line};
pub use conventions::{
    Conventions, DuplicatePolicy, JudgedScope, MissingQueries, ScorePrecision, TieBreak,
    UnknownName,
};
pub use error::{Expected, FieldLayout, JsonPlace, ParseError, PrefContradiction};
pub use formats::inputs::{
    binary_at, classify_input, parse_qrels_as, parse_run_as, trec_text_kind, InputFormat,
    InputKind, InputRole, BINARY_SNIFF_BYTES,
};
pub use formats::preferences::{parse_prefs, parse_qrels_prefs, PrefJudgment, Preferences};
pub use formats::qrels_jg::{has_judgment_groups, parse_qrels_jg, JudgmentGroups};
pub use formats::qrels_parts::parse_qrels_in_parts;
pub use formats::quick::{
    parse_quick, QuickInput, QuickQuery, QuickSystem, DEFAULT_SYSTEM, MAX_REPEAT,
};
pub use formats::quick_edit::{
    add_query, append_block, check_query_id, check_system_name, delete_system, format_grades,
    format_query_line, format_rel, format_system, insert_after, remove_lines, rename_system,
    replace_line, system_lines, unused_query_id, unused_system_name, REPEAT_FROM,
};
pub use formats::ranx_json::{json_is_qrels, parse_json_qrels, parse_json_run};
pub use formats::table_text::{
    parse_table_qrels, parse_table_run, table_header, FieldSplitter, TableField, TableHeader,
    UnclosedQuote,
};
pub use formats::trec::{
    classify_trec, is_skipped_line, parse_qrels, parse_run, parse_run_from, parse_run_line, Qrels,
    QueryQrels, Run, RunEntry, RunLine, TrecKind,
};
pub use formats::zscores::{parse_zscores, ZScores, MISSING_ZSCORE};
pub use judged::{JudgedRanking, Rel, TieLayout};
pub use measures::{aggregate, Aggregation, EvalContext, Metric, MetricNameError};
pub use pipeline::evaluate::{per_query_values, query_values, summaries, summarise};
pub use pipeline::explain::{explain, f4, Explanation};
pub use pipeline::judge::{
    judge, judge_query, missing_query_ranking, rank_entries, JudgedRun, QueryJudged, QueryOutcome,
    RankedEntries,
};
pub use pipeline::tie_range::{
    can_flip, distinct_orders, exact_summary_range_of, summary_range, summary_range_of, tie_orders,
    tie_range, tie_ranges, TieOrders, TieRange, TooManyOrders, MAX_ORDERS,
};
pub use pipeline::trec_output::{
    format_trec, format_trec_rows, item_metrics, relstring, summary_values, trec_row, trec_value,
    TrecOutput, TrecRow,
};
pub use plural::plural;
pub use presets::Preset;
