//! Ranklab's web app: a thin yew UI over `ranklab-core`.
//!
//! Data flows one way: what the user types, loads and chooses (state) ->
//! the core parses and evaluates it (evaluation) -> components render
//! tables and messages.
#![forbid(unsafe_code)]

pub mod app;
pub mod blob_reading;
pub mod blobs;
pub mod charts;
pub mod components;
pub mod dom;
pub mod download;
pub mod embed;
pub mod embed_block;
pub mod embed_host;
pub mod embed_page;
pub mod evaluated_text;
pub mod evaluation;
pub mod example;
pub mod exercise_link;
pub mod exercise_progress;
pub mod file_results;
pub mod files_job;
pub mod idb;
pub mod offline;
pub mod panic_notice;
pub mod persist;
pub mod query_lookup;
pub mod results_pane;
pub mod same_rc;
pub mod session_file;
pub mod settings;
pub mod share;
pub mod significance;
pub mod startup;
pub mod state;
pub mod text_selection;
pub mod use_comparison;
pub mod use_evaluation;
pub mod use_page_actions;
pub mod use_saved;
pub mod use_selection;
pub mod worker;
