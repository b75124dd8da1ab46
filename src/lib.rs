//! Ranklab's web app: a thin yew UI over `ranklab-core`.
//!
//! Data flows one way: what the user types, loads and chooses (state) ->
//! the core parses and evaluates it (evaluation) -> components render
//! tables and messages.
#![forbid(unsafe_code)]

pub mod app;
pub mod blobs;
pub mod charts;
pub mod components;
pub mod conventions_compare;
pub mod dom;
pub mod download;
pub mod embed;
pub mod evaluation;
pub mod example;
pub mod exports;
pub mod file_results;
pub mod files_job;
pub mod idb;
pub mod offline;
pub mod panic_notice;
pub mod persist;
pub mod settings;
pub mod share;
pub mod significance;
pub mod state;
pub mod streamed;
pub mod worker;

/// Test data shared by the modules' tests.
#[cfg(test)]
pub(crate) mod test_files {
    /// A file of trec_eval's test data (`../shared/trec_eval_tests/`).
    pub fn shared(name: &str) -> String {
        let path = format!(
            "{}/../shared/trec_eval_tests/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(path).expect("../shared beside the repo")
    }
}
