//! Ranklab's web app: a thin yew UI over `ranklab-core`.
//!
//! Data flows one way: what the user types, loads and chooses (state) ->
//! the core parses and evaluates it (evaluation) -> components render
//! tables and messages.
#![forbid(unsafe_code)]

pub mod app;
pub mod big_files;
pub mod calculate;
pub mod charts;
pub mod embed;
pub mod files;
pub mod learn;
pub mod model;
pub mod results;
pub mod settings;
pub mod shared;
pub mod shell;
