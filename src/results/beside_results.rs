//! The layout of a door that evaluates (calculate, files): its input, with
//! why the work could not be kept in this browser, and the settings in one
//! column, the results beside them (on a phone, stacked).

use yew::prelude::*;

/// What a door lays beside its results.
pub struct BesideResults {
    /// The input section's name for screen readers.
    pub label: &'static str,
    /// The door's input and its problems.
    pub input: Html,
    /// Why the work could not be kept in this browser.
    pub save_problem: Option<String>,
    /// The settings panel.
    pub settings: Html,
    /// The results pane.
    pub results: Html,
}

/// Lays a door out: input and settings, beside the results.
pub fn beside_results(b: BesideResults) -> Html {
    html! {
        <main class="layout" id="main">
            <section class="input-pane" aria-label={ b.label }>
                { b.input }
                if let Some(p) = b.save_problem {
                    <p class="field-error" role="alert">{ p }</p>
                }
            </section>
            <section class="settings-pane" aria-label="Settings">{ b.settings }</section>
            { b.results }
        </main>
    }
}
