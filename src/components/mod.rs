//! One component per file.

pub mod cutoff_field;
pub mod error_list;
pub mod query_tables;
pub mod quick_input;
pub mod results_table;
pub mod trec_files;
