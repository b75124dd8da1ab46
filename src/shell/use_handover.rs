//! The whole app, once it starts, does what the first module handed over
//! ([`crate::shell::handover`]).

use yew::prelude::*;

use crate::files::files_panel::read_file_list;
use crate::shared::first_module::FIRST;
use crate::shell::handover::{take_pending, Handover};
use crate::shell::share_bar::open_session;
use crate::shell::use_page_actions::PageActions;

/// Does, once, what the first module handed over: `actions` do it.
#[hook]
pub fn use_handover(actions: &PageActions) {
    let on_files = actions.on_files.clone();
    let on_session = actions.on_session.clone();
    let on_text_as_file = actions.on_load_as_file.clone();
    use_effect_with((), move |_| {
        if FIRST {
            return;
        }
        match take_pending() {
            Some(Handover::Files(list)) => read_file_list(list, on_files),
            Some(Handover::Session(file)) => open_session(file, on_session),
            Some(Handover::TextAsFile) => on_text_as_file.emit(()),
            // The share bar opened its panel as it was first drawn.
            Some(Handover::Open | Handover::Embed) | None => {}
        }
    });
}
