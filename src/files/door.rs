//! The files door's layout: the qrels and runs (pick, drop or paste) with
//! their problems, then the settings (a folded section on a phone), beside
//! the results with the files' job, the tie range, statistics and the
//! tools' conventions compared.

use yew::prelude::*;

use crate::files::files_panel::FilesPanel;
use crate::shared::error_list::ErrorList;
use crate::shared::evaluation::{FileInfo, ParseError};
use crate::shell::state::LoadedFile;

/// What the files door shows.
pub struct FilesDoor {
    /// The loaded files.
    pub files: Vec<FileInfo>,
    /// The files' problems.
    pub errors: Vec<ParseError>,
    /// Files were picked or dropped.
    pub on_files: Callback<Vec<LoadedFile>>,
    /// Text was pasted as a file.
    pub on_paste: Callback<String>,
    /// A file is removed (by name).
    pub on_remove: Callback<String>,
    /// Why the work could not be kept in this browser.
    pub save_problem: Option<String>,
    /// The settings panel.
    pub settings: Html,
    /// The results pane.
    pub results: Html,
}

/// Lays the files door out.
pub fn files_door(d: FilesDoor) -> Html {
    html! {
        <main class="layout" id="main">
            <section class="input-pane" aria-label="Files">
                <div id="input-panel">
                    <FilesPanel files={ d.files } on_files={ d.on_files } on_paste={ d.on_paste } on_remove={ d.on_remove } />
                </div>
                <ErrorList errors={ d.errors } id="file-errors" testid="file-errors" name_inputs=true />
                if let Some(p) = d.save_problem {
                    <p class="field-error" role="alert">{ p }</p>
                }
            </section>
            <section class="settings-pane" aria-label="Settings">{ d.settings }</section>
            { d.results }
        </main>
    }
}
