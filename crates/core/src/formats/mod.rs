//! Every file and text format the core reads, each with located errors:
//! TREC qrels and runs, the quick format (and its editing), TSV/CSV, ranx
//! JSON, judgment groups, preferences, `-Z` z-scores, and which of them a
//! text is; a line's fields (`fields.rs`) and the numbers in them
//! (`numbers.rs`), read the same way by every format. Formats know nothing of
//! evaluation: they turn text into values.

#[cfg(test)]
mod choices_bench;
pub(crate) mod fields;
pub(crate) mod inputs;
pub(crate) mod numbers;
pub(crate) mod preferences;
pub(crate) mod qrels_bytes;
pub(crate) mod qrels_jg;
pub(crate) mod qrels_parts;
pub(crate) mod quick;
pub(crate) mod quick_edit;
pub(crate) mod ranx_json;
pub(crate) mod table_text;
pub(crate) mod trec;
pub(crate) mod zscores;
