//! One component per file.

pub mod block_problems;
pub mod chart_kinds;
pub mod charts_panel;
pub mod compare_view;
pub mod copy_button;
pub mod error_list;
pub mod examples_menu;
pub mod explanation;
pub mod export_bar;
pub mod fields;
pub mod files_panel;
pub mod form_editor;
pub mod input_tabs;
pub mod job_status;
pub mod judgment_table;
pub mod page_header;
pub mod partial_input;
pub mod per_query;
pub mod quick_input;
pub mod results_table;
pub mod settings_panel;
pub mod share_bar;
pub mod significance_panel;
pub mod summary_bar;
pub mod typed_problems;
pub mod warnings;
