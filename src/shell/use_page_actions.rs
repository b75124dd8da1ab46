//! What the page's own controls do to the whole state: open a session
//! file, load files (a session file among them is opened instead), load an
//! example (asking first when there is work to lose), clear everything; and
//! files dropped anywhere on the page.

use yew::prelude::*;

use crate::calculate::input_tabs::InputView;
use crate::files::files_panel::read_file_list;
use crate::model::example::find;
use crate::model::state::{Action, AppState, LoadedFile};
use crate::settings::Settings;
use crate::shared::door::{go, Door};
use crate::shared::first_module::FIRST;
use crate::shell::handover::{hand_over, Handover};
use crate::shell::saved_work;

/// The page's actions on the state.
pub struct PageActions {
    /// A session file was opened (or could not be read).
    pub on_session: Callback<Result<AppState, String>>,
    /// Files were chosen or dropped.
    pub on_files: Callback<Vec<LoadedFile>>,
    /// An example was chosen.
    pub on_case: Callback<String>,
    /// Everything is cleared.
    pub on_clear: Callback<()>,
    /// The typed text (a TREC file) becomes a loaded file.
    pub on_load_as_file: Callback<()>,
    /// The typed text changed.
    pub on_text: Callback<String>,
    /// A text was pasted as a file.
    pub on_paste: Callback<String>,
    /// A file is removed (by name).
    pub on_remove: Callback<String>,
    /// The settings changed.
    pub on_settings: Callback<Settings>,
    /// Show a typed problem's place in the text.
    pub on_locate: Callback<(usize, usize)>,
}

/// The actions; `generation` counts state replacements (settings fields
/// re-read the state), `link_problem` says what could not be opened.
#[hook]
pub fn use_page_actions(
    state: &UseReducerHandle<AppState>,
    view: &UseStateHandle<InputView>,
    generation: &UseStateHandle<u32>,
    link_problem: &UseStateHandle<Option<String>>,
    locate: &UseStateHandle<Option<(usize, usize)>>,
) -> PageActions {
    let dispatch = |make: fn(String) -> Action| {
        let state = state.clone();
        Callback::from(move |v: String| state.dispatch(make(v)))
    };
    let on_text = use_callback(state.dispatcher(), |v: String, state| {
        state.dispatch(Action::SetText(v))
    });
    let on_paste = dispatch(Action::AddPasted);
    let on_remove = dispatch(Action::RemoveFile);
    let on_locate = {
        let (view, locate) = (view.clone(), locate.clone());
        Callback::from(move |at: (usize, usize)| {
            view.set(InputView::Text);
            go(Door::Calculate);
            locate.set(Some(at));
        })
    };
    let on_settings = use_callback(state.dispatcher(), |s: Settings, state| {
        state.dispatch(Action::SetSettings(s))
    });
    // A session file (opened, dropped or picked as a file) replaces the state.
    let on_session = {
        let (state, generation, link_problem) =
            (state.clone(), generation.clone(), link_problem.clone());
        Callback::from(move |opened: Result<AppState, String>| match opened {
            Ok(s) => {
                state.dispatch(Action::Replace(s));
                generation.set(*generation + 1);
                link_problem.set(None);
            }
            Err(message) => link_problem.set(Some(message)),
        })
    };
    // The first module hands files over to the whole app before reading them.
    let on_files = if FIRST {
        Callback::noop()
    } else {
        let (state, on_session) = (state.clone(), on_session.clone());
        Callback::from(move |files: Vec<LoadedFile>| {
            // Each file is read as a session once; the last session wins.
            let mut opened = None;
            let mut rest = Vec::with_capacity(files.len());
            for f in files {
                match f
                    .big
                    .is_none()
                    .then(|| saved_work::decode(&f.name, &f.text))
                    .flatten()
                {
                    Some(session) => opened = Some(session),
                    None => rest.push(f),
                }
            }
            if let Some(session) = opened {
                on_session.emit(session);
            }
            let files = rest;
            if !files.is_empty() {
                state.dispatch(Action::AddFiles(files));
                go(Door::Files);
            }
        })
    };
    let on_case = {
        let (state, generation) = (state.clone(), generation.clone());
        Callback::from(move |id: String| {
            let Some(case) = find(&id) else { return };
            let confirmed = !state.has_own_work()
                || gloo::utils::window()
                    .confirm_with_message(
                        "Replace your rankings, files and settings with this example?",
                    )
                    .unwrap_or(false);
            if confirmed {
                state.dispatch(Action::LoadCase(id, case.text.to_string(), case.settings()));
                generation.set(*generation + 1);
                go(Door::Calculate);
            }
        })
    };
    let on_clear = {
        let (state, generation) = (state.clone(), generation.clone());
        Callback::from(move |_: ()| {
            state.dispatch(Action::Clear);
            generation.set(*generation + 1);
        })
    };
    let on_load_as_file = {
        let state = state.clone();
        Callback::from(move |_: ()| {
            if FIRST {
                return hand_over(Handover::TextAsFile);
            }
            let text = state.quick_text.to_string();
            state.dispatch(Action::AddPasted(text));
            state.dispatch(Action::SetText(String::new()));
            go(Door::Files);
        })
    };
    PageActions {
        on_text,
        on_paste,
        on_remove,
        on_settings,
        on_locate,
        on_load_as_file,
        on_session,
        on_files,
        on_case,
        on_clear,
    }
}

/// Files dragged over the page: whether they are over it, and its handlers.
pub struct DropZone {
    /// Files are being dragged over the page.
    pub dragging: UseStateHandle<bool>,
    /// Handlers of the page's element.
    pub ondragover: Callback<DragEvent>,
    /// See `ondragover`.
    pub ondragleave: Callback<DragEvent>,
    /// See `ondragover`.
    pub ondrop: Callback<DragEvent>,
}

/// The page as a drop zone handing dropped files to `on_files`.
#[hook]
pub fn use_drop_zone(on_files: Callback<Vec<LoadedFile>>) -> DropZone {
    let dragging = use_state(|| false);
    let ondragover = {
        let dragging = dragging.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if !*dragging {
                dragging.set(true);
                if !FIRST {
                    crate::big_files::files_job::prewarm();
                }
            }
        })
    };
    let ondragleave = {
        let dragging = dragging.clone();
        Callback::from(move |e: DragEvent| {
            // Leaving for a child element is not leaving the page.
            if e.related_target().is_none() {
                dragging.set(false);
            }
        })
    };
    let ondrop = {
        let (dragging, on_files) = (dragging.clone(), on_files.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dragging.set(false);
            if let Some(list) = e.data_transfer().and_then(|d| d.files()) {
                if FIRST {
                    hand_over(Handover::Files(list));
                } else {
                    read_file_list(list, on_files.clone());
                }
            }
        })
    };
    DropZone {
        dragging,
        ondragover,
        ondragleave,
        ondrop,
    }
}
