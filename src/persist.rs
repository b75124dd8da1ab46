//! Keeps the state across reloads in the browser's localStorage.

use gloo::storage::{LocalStorage, Storage};

use crate::state::AppState;

/// localStorage key (versioned so a future format can migrate).
pub const STORAGE_KEY: &str = "ranklab.state.v1";

/// The saved state, or the default (example data) when there is none or it
/// cannot be read.
pub fn load() -> AppState {
    LocalStorage::get(STORAGE_KEY).unwrap_or_default()
}

/// Saves the state; returns a message when the browser refuses (quota,
/// private mode), so the page can say so instead of losing work silently.
pub fn save(state: &AppState) -> Result<(), String> {
    LocalStorage::set(STORAGE_KEY, state)
        .map_err(|e| format!("could not save to this browser's storage: {e}"))
}
