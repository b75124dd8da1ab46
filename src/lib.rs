//! Ranklab's web app: a thin yew UI over `ranklab-core`.
//!
//! Data flows one way: the text the user types (state) -> the core parses
//! and evaluates it (view model) -> components render tables and messages.
#![forbid(unsafe_code)]

pub mod app;
pub mod components;
pub mod example;
pub mod files_model;
pub mod persist;
pub mod state;
pub mod view_model;
