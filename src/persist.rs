//! Keeps the state across reloads and closed tabs: text and settings in
//! localStorage (synchronous, read before the first render), file texts in
//! IndexedDB (no 5 MB limit), read back asynchronously.

use gloo::storage::{LocalStorage, Storage};

use crate::settings::Settings;
use crate::state::{AppState, LoadedFile};

/// localStorage key of text and settings.
pub const STORAGE_KEY: &str = "ranklab.state.v2";
/// The first version's key (text, one k, files), read once to migrate.
pub const OLD_KEY: &str = "ranklab.state.v1";
/// IndexedDB key of the files.
pub const FILES_KEY: &str = "files";

#[derive(serde::Deserialize)]
struct OldState {
    quick_text: String,
    k: usize,
    #[serde(default)]
    files: Vec<LoadedFile>,
}

/// The saved state without its files (see [`load_files`]), or the default
/// (example data) when nothing is saved or it cannot be read. A state saved
/// by the first version is migrated, files included.
pub fn load() -> AppState {
    if let Ok(s) = LocalStorage::get::<AppState>(STORAGE_KEY) {
        return s;
    }
    match LocalStorage::get::<OldState>(OLD_KEY) {
        Ok(old) => AppState {
            quick_text: old.quick_text,
            files: old.files,
            settings: Settings {
                cutoffs: vec![old.k],
                ..Settings::default()
            },
            case: None,
        },
        Err(_) => AppState::default(),
    }
}

/// Saves text and settings; returns a message when the browser refuses
/// (quota, private mode), so the page can say so instead of losing work
/// silently.
pub fn save(state: &AppState) -> Result<(), String> {
    let light = AppState {
        files: Vec::new(),
        ..state.clone()
    };
    LocalStorage::set(STORAGE_KEY, light)
        .map_err(|e| format!("could not save to this browser's storage: {e}"))?;
    LocalStorage::delete(OLD_KEY);
    Ok(())
}

/// The saved files (empty when none are saved).
pub async fn load_files() -> Result<Vec<LoadedFile>, String> {
    match crate::idb::get(FILES_KEY).await? {
        Some(json) => {
            serde_json::from_str(&json).map_err(|e| format!("saved files unreadable: {e}"))
        }
        None => Ok(Vec::new()),
    }
}

/// Saves the files.
pub async fn save_files(files: &[LoadedFile]) -> Result<(), String> {
    let json = serde_json::to_string(files).map_err(|e| e.to_string())?;
    crate::idb::put(FILES_KEY, &json).await
}
