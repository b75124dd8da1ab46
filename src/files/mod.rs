//! The files door: qrels and runs loaded (big ones read by workers), their bad lines, statistics, tie ranges and the tools' conventions compared.

pub mod blob_reading;
pub mod blobs;
pub mod compare_view;
pub mod door;
pub mod file_results;
pub mod files_job;
pub mod files_panel;
pub mod job_status;
pub mod partial_input;
pub mod significance_panel;
pub mod tie_range_panel;
pub mod use_comparison;
pub mod worker;

pub use door::{files_door, FilesDoor};
