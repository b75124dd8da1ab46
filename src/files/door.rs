//! The files door's layout: the qrels and runs (pick, drop or paste) with
//! their problems, then the settings (a folded section on a phone), beside
//! the results with the files' job, the tie range, statistics and the
//! tools' conventions compared.

use std::rc::Rc;

use yew::prelude::*;

use crate::files::compare_view::CompareView;
use crate::files::significance_panel::SignificancePanel;
use crate::results::beside_results::{beside_results, BesideResults};
use crate::results::use_evaluation::Evaluation;
use crate::settings::unread::UnreadChange;
use crate::settings::Settings;
use crate::shared::same_rc::SameRc;

use crate::files::files_panel::FilesPanel;
use crate::model::state::LoadedFile;
use crate::shared::error_list::ErrorList;
use crate::shared::evaluation::{FileInfo, ParseError, Withheld};

/// What the files door shows.
pub struct FilesDoor {
    /// The loaded files.
    pub files: Vec<FileInfo>,
    /// The files' problems.
    pub errors: Vec<ParseError>,
    /// Whose numbers the files' bad lines withhold, if any.
    pub withheld: Option<Withheld>,
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
    beside_results(BesideResults {
        label: "Files",
        input: html! {
            <>
                <div id="input-panel">
                    <FilesPanel files={ d.files } on_files={ d.on_files } on_paste={ d.on_paste } on_remove={ d.on_remove } />
                </div>
                <ErrorList errors={ d.errors } id="file-errors" testid="file-errors" name_inputs=true withheld={ d.withheld.clone() } />
            </>
        },
        save_problem: d.save_problem,
        settings: d.settings,
        results: d.results,
    })
}

/// Above the results of a files door with no files, while rankings typed
/// under Calculate give results: says whose results they are, so that
/// they are not taken for the files' (nothing when files are loaded or
/// nothing was typed).
pub fn typed_results_note(files_loaded: bool, typed_systems: usize, demo: bool) -> Html {
    if files_loaded || typed_systems == 0 {
        return html! {};
    }
    let next = if demo {
        "Load a qrels file and one or more runs: their results take the demo's place."
    } else {
        "Load a qrels file and one or more runs to evaluate them beside these."
    };
    html! {
        <p class="source-note" data-testid="typed-results-note">
            { "No files are loaded yet: the results below are those of the rankings typed under Calculate. " }{ next }
        </p>
    }
}

/// What the files door's own panels read.
pub struct FilesPanels<'a> {
    /// The finished values.
    pub ev: &'a Evaluation,
    /// The settings (the statistics panel changes them).
    pub settings: &'a Settings,
    /// The files, to compare conventions on.
    pub files: Rc<Vec<LoadedFile>>,
    /// The tie range panel.
    pub tie_range: Html,
    /// Settings fields re-read the state when it is replaced.
    pub generation: u32,
    /// The settings changed.
    pub on_settings: Callback<Settings>,
    /// A settings field's text stopped or started reading.
    pub on_unread: Callback<UnreadChange>,
}

/// The files door's own panels in the results: the tie range after the
/// explanation; statistics and the tools' conventions compared after the
/// charts.
pub fn files_panels(p: FilesPanels) -> (Html, Html) {
    let ev = p.ev;
    let measures = ev.request.metrics.clone();
    // The conventions are compared on the files the numbers come from.
    let files = match &ev.withheld {
        Some(w) => Rc::new(
            p.files
                .iter()
                .filter(|f| !w.covers_file(&f.name))
                .cloned()
                .collect(),
        ),
        None => p.files,
    };
    // No system to compare (every file withheld): no statistics panel,
    // whose settings would act on nothing.
    let after_charts = html! {
        <>
            if !ev.systems.is_empty() {
            <SignificancePanel key={ p.generation } settings={ p.settings.clone() } on_change={ p.on_settings } on_unread={ p.on_unread }
                measures={ measures.clone() } systems={ ev.systems.clone() } stats={ SameRc(ev.stats.reports.clone()) } millis={ ev.stats.millis } />
            }
            <CompareView input={ SameRc(ev.typed.input.clone()) } { files } { measures } level={ p.settings.relevance_level } />
        </>
    };
    (p.tie_range, after_charts)
}
