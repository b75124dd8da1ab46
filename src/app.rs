//! The root component: owns the state, saves it, evaluates it, lays out
//! the page.

use yew::prelude::*;

use crate::components::cutoff_field::CutoffField;
use crate::components::error_list::ErrorList;
use crate::components::query_tables::QueryTables;
use crate::components::quick_input::QuickInput;
use crate::components::results_table::ResultsTable;
use crate::components::trec_files::TrecFiles;
use crate::example::EXAMPLE_QUICK;
use crate::files_model::evaluate_files;
use crate::persist;
use crate::state::{Action, AppState};
use crate::view_model::evaluate;

/// The whole page.
#[component]
pub fn App() -> Html {
    let state = use_reducer(persist::load);
    let save_problem = use_state(|| None::<String>);
    {
        let save_problem = save_problem.clone();
        use_effect_with((*state).clone(), move |s: &AppState| {
            save_problem.set(persist::save(s).err());
        });
    }
    let evaluated = use_memo((*state).clone(), evaluate);
    let files_evaluated = use_memo((state.files.clone(), state.k), |(files, k)| {
        evaluate_files(files, *k)
    });
    let on_files = {
        let state = state.clone();
        Callback::from(move |files: Vec<(String, String)>| state.dispatch(Action::AddFiles(files)))
    };
    let on_paste = {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(Action::AddPasted(text)))
    };
    let on_remove = {
        let state = state.clone();
        Callback::from(move |name: String| state.dispatch(Action::RemoveFile(name)))
    };

    let on_text = {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(Action::SetText(text)))
    };
    let on_k = {
        let state = state.clone();
        Callback::from(move |raw: String| state.dispatch(Action::SetK(raw)))
    };
    let on_example = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            // Replacing typed work needs the user's consent.
            let text = state.quick_text.trim();
            let unchanged = text.is_empty() || text == EXAMPLE_QUICK.trim();
            let confirmed = unchanged
                || gloo::utils::window()
                    .confirm_with_message("Replace the rankings you typed with the example data?")
                    .unwrap_or(false);
            if confirmed {
                state.dispatch(Action::LoadExample);
            }
        })
    };

    html! {
        <>
            <header class="page-header">
                <h1>{ "Ranklab" }</h1>
                <p class="tagline">{ "Ranking metrics (MRR, MAP, nDCG, P@k, R@k) computed in your browser, offline." }</p>
            </header>
            <main class="layout">
                <section class="input-pane" aria-label="Input">
                    <QuickInput value={ state.quick_text.clone() } on_change={ on_text } invalid={ !evaluated.errors.is_empty() } />
                    <div class="controls">
                        <CutoffField k={ state.k } on_change={ on_k } />
                        <button type="button" data-testid="load-example" onclick={ on_example }>{ "Load example data" }</button>
                    </div>
                    <ErrorList errors={ evaluated.errors.clone() } />
                    if let Some(p) = (*save_problem).clone() {
                        <p class="field-error" role="alert">{ p }</p>
                    }
                </section>
                <section class="results-pane" aria-label="Results" aria-live="polite">
                    <h2>{ "Results" }</h2>
                    <ResultsTable table={ evaluated.table.clone() } />
                    <QueryTables table={ evaluated.table.clone() } />
                    <TrecFiles evaluated={ (*files_evaluated).clone() } { on_files } { on_paste } { on_remove } />
                    <p class="conventions">
                        { "Conventions: relevant means grade ≥ 1; AP and recall divide by all relevant documents of the query (including those after |); nDCG uses linear gain, 1/log2(rank+1) discount and an ideal list from all judged grades; P@k divides by k even when fewer than k documents are listed." }
                    </p>
                </section>
            </main>
        </>
    }
}
