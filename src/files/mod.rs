//! The files door: qrels and runs loaded (big ones read by workers), their bad lines, statistics, tie ranges and the tools' conventions compared.

pub mod compare_view;
pub mod door;
pub mod files_panel;
pub mod partial_input;
pub mod samples;
pub mod significance_panel;
pub mod tie_range_panel;
pub mod use_comparison;

pub use door::{files_door, files_panels, typed_results_note, FilesDoor, FilesPanels};
