//! The results that the calculate and files doors share: the evaluation hook, the table, per-query values, charts, explanations, exports and warnings.

pub mod beside_results;
pub mod chart_kinds;
pub mod charts_panel;
pub mod evaluated_text;
pub mod explanation;
pub mod export_bar;
pub mod job_status;
pub mod judgment_table;
pub mod measure_choice;
pub mod per_query;
pub mod query_lookup;
pub mod results_heading;
pub mod results_pane;
pub mod results_table;
pub mod statistics;
pub mod summary_bar;
pub mod use_evaluation;
pub mod use_selection;
pub mod warnings;
