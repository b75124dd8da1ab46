//! Keeps the state across reloads and closed tabs: text and settings in
//! localStorage (synchronous, read before the first render), file texts in
//! IndexedDB (no 5 MB limit), read back asynchronously.

use std::rc::Rc;

use gloo::storage::{LocalStorage, Storage};
use wasm_bindgen::JsCast;

use crate::model::state::{AppState, LoadedFile, SavedSet};
use crate::settings::Settings;

/// localStorage key of text and settings.
pub const STORAGE_KEY: &str = "ranklab.state.v2";
/// The first version's key (text, one k, files), read once to migrate.
pub const OLD_KEY: &str = "ranklab.state.v1";
/// IndexedDB key of the files.
pub const FILES_KEY: &str = "files";
/// localStorage key set to "1" while files are saved in IndexedDB, so the
/// page's loader (scripts/first_module.py) can start the whole app at once
/// for a reader who has files, without waiting for IndexedDB.
pub const FILES_MARK: &str = "ranklab.files";

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
    if let Ok(mut s) = LocalStorage::get::<AppState>(STORAGE_KEY) {
        // Saved by an older version or edited by hand: settings the page
        // would refuse are not used (the text is kept).
        if !s.settings.problems().is_empty() {
            s.settings = Settings::default();
        }
        return s;
    }
    match LocalStorage::get::<OldState>(OLD_KEY) {
        Ok(old) => AppState {
            quick_text: old.quick_text.into(),
            files: Rc::new(old.files),
            settings: Settings {
                cutoffs: vec![old.k],
                ..Settings::default()
            },
            case: None,
            exercise_set: None,
        },
        Err(_) => AppState::default(),
    }
}

/// What localStorage keeps of the state: [`AppState`]'s fields but the
/// files (kept in IndexedDB), borrowed, so saving copies no text.
#[derive(serde::Serialize)]
struct Light<'s> {
    quick_text: &'s str,
    settings: &'s Settings,
    case: &'s Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exercise_set: &'s Option<SavedSet>,
}

/// Saves text and settings (the files are saved apart, by
/// [`save_files`]); returns a message when the browser refuses (quota,
/// private mode), so the page can say so instead of losing work silently.
pub fn save(
    quick_text: &str,
    settings: &Settings,
    case: &Option<String>,
    exercise_set: &Option<SavedSet>,
) -> Result<(), String> {
    let light = Light {
        quick_text,
        settings,
        case,
        exercise_set,
    };
    LocalStorage::set(STORAGE_KEY, light)
        .map_err(|e| format!("could not save to this browser's storage: {e}"))?;
    LocalStorage::delete(OLD_KEY);
    Ok(())
}

/// IndexedDB key of a big file's contents.
fn blob_key(key: &str) -> String {
    format!("blob:{key}")
}

/// The saved files (empty when none are saved), big files' contents put
/// back in [`crate::big_files::blobs`]. A big file whose contents are gone is left out
/// and named in the message.
pub async fn load_files() -> Result<(Vec<LoadedFile>, Option<String>), String> {
    let Some(json) = crate::shell::idb::get(FILES_KEY).await? else {
        return Ok((Vec::new(), None));
    };
    let files: Vec<LoadedFile> =
        serde_json::from_str(&json).map_err(|e| format!("saved files unreadable: {e}"))?;
    let mut kept = Vec::new();
    let mut lost = Vec::new();
    for f in files {
        match &f.big {
            None => kept.push(f),
            Some(big) => match crate::shell::idb::get_value(&blob_key(&big.key)).await {
                Ok(v) if v.is_instance_of::<web_sys::Blob>() => {
                    crate::big_files::blobs::keep(&big.key, v.unchecked_into());
                    kept.push(f);
                }
                _ => lost.push(f.name),
            },
        }
    }
    let problem = (!lost.is_empty()).then(|| {
        format!(
            "{} could not be read back from this browser's storage; load {} again.",
            lost.join(", "),
            if lost.len() == 1 { "it" } else { "them" }
        )
    });
    Ok((kept, problem))
}

/// Whether files are saved, as the mark says (without IndexedDB).
pub fn files_marked() -> bool {
    LocalStorage::raw()
        .get_item(FILES_MARK)
        .ok()
        .flatten()
        .as_deref()
        == Some("1")
}

/// Whether files are saved (without reading them).
pub async fn has_saved_files() -> Result<bool, String> {
    let Some(json) = crate::shell::idb::get(FILES_KEY).await? else {
        return Ok(false);
    };
    let files: Vec<serde::de::IgnoredAny> =
        serde_json::from_str(&json).map_err(|e| format!("saved files unreadable: {e}"))?;
    Ok(!files.is_empty())
}

/// Saves the files: texts as JSON, big files' contents as blobs (each
/// once), and forgets the contents of files no longer loaded.
pub async fn save_files(files: &[LoadedFile]) -> Result<(), String> {
    let json = serde_json::to_string(files).map_err(|e| e.to_string())?;
    crate::shell::idb::put(FILES_KEY, &json).await?;
    if files.is_empty() {
        LocalStorage::delete(FILES_MARK);
    } else {
        let _ = LocalStorage::raw().set_item(FILES_MARK, "1");
    }
    let wanted: Vec<String> = files
        .iter()
        .filter_map(|f| f.big.as_ref().map(|b| blob_key(&b.key)))
        .collect();
    let stored = crate::shell::idb::keys().await?;
    for f in files {
        let Some(big) = &f.big else { continue };
        let key = blob_key(&big.key);
        if !stored.contains(&key) {
            let blob = crate::big_files::blobs::get(&big.key)
                .ok_or_else(|| format!("{} is no longer readable", f.name))?;
            crate::shell::idb::put_value(&key, &blob).await?;
        }
    }
    for key in stored {
        if key.starts_with("blob:") && !wanted.contains(&key) {
            crate::shell::idb::delete(&key).await?;
        }
    }
    Ok(())
}
