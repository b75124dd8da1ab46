//! What this browser keeps between visits: the typed text, the settings
//! and the example in localStorage, the files in IndexedDB (restored once,
//! after the first render, when the start did not bring them). Nothing is
//! saved in embed mode. A failure to save or restore is returned as a
//! message to show.

use yew::prelude::*;

use crate::model::state::{Action, AppState};
use crate::shared::first_module::FIRST;
use crate::shell::handover::{hand_over, Handover};
use crate::shell::persist;

/// Restores the files (unless `files_ready`) and saves what changes;
/// returns the last saving or restoring problem, and whether the files
/// are back.
#[hook]
pub fn use_saved(
    state: &UseReducerHandle<AppState>,
    embed: bool,
    files_ready: bool,
) -> (UseStateHandle<Option<String>>, bool) {
    let save_problem = use_state(|| None::<String>);
    let files_ready = use_state(|| files_ready);
    // Files come back from IndexedDB once, after the first render.
    {
        let (state, files_ready, save_problem) =
            (state.clone(), files_ready.clone(), save_problem.clone());
        use_effect_with((), move |_| {
            if !*files_ready && FIRST {
                // Files kept from last time are the whole app's to restore.
                wasm_bindgen_futures::spawn_local(async move {
                    match persist::has_saved_files().await {
                        Ok(true) => hand_over(Handover::Open),
                        Ok(false) => {}
                        Err(e) => save_problem.set(Some(e)),
                    }
                });
            } else if !*files_ready {
                wasm_bindgen_futures::spawn_local(async move {
                    match persist::load_files().await {
                        Ok((files, lost)) => {
                            if !files.is_empty() {
                                state.dispatch(Action::AddFiles(files));
                            }
                            if lost.is_some() {
                                save_problem.set(lost);
                            }
                        }
                        Err(e) => save_problem.set(Some(e)),
                    }
                    files_ready.set(true);
                });
            }
        });
    }
    {
        let save_problem = save_problem.clone();
        // Saved when what localStorage keeps changes (files are saved by
        // the effect below, when they change), never copying the files.
        use_effect_with(
            (
                state.quick_text.clone(),
                state.settings.clone(),
                state.case.clone(),
                state.exercise_set.clone(),
            ),
            move |(text, settings, case, set)| {
                if !embed {
                    save_problem.set(persist::save(text, settings, case, set).err());
                }
            },
        );
    }
    {
        let save_problem = save_problem.clone();
        let ready = *files_ready;
        use_effect_with((state.files.clone(), ready), move |(files, ready)| {
            // (The first module holds no files: it hands them over.)
            if *ready && !embed && !FIRST {
                let files = files.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    if let Err(e) = persist::save_files(&files).await {
                        save_problem.set(Some(format!("files not saved: {e}")));
                    }
                });
            }
        });
    }
    (save_problem, *files_ready)
}
