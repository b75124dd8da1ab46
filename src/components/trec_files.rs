//! TREC qrels and run files: load by file picker or paste, see each run's
//! trec_eval measures. Files are told apart by their columns.

use ranklab_core::TrecKind;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::files_model::FilesEvaluated;
use crate::view_model::format_value;

/// Props of [`TrecFiles`].
#[derive(Properties, PartialEq)]
pub struct TrecFilesProps {
    /// What the core computed from the loaded files.
    pub evaluated: FilesEvaluated,
    /// Called with (name, text) of files read from the picker.
    pub on_files: Callback<Vec<(String, String)>>,
    /// Called with pasted text.
    pub on_paste: Callback<String>,
    /// Called with the name of a file to remove.
    pub on_remove: Callback<String>,
}

/// Reads every chosen file as text, then hands them over together.
fn read_files(input: &HtmlInputElement, on_files: Callback<Vec<(String, String)>>) {
    let Some(list) = input.files() else { return };
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
    input.set_value("");
    wasm_bindgen_futures::spawn_local(async move {
        let mut loaded = Vec::new();
        for f in files {
            if let Ok(text) = JsFuture::from(f.text()).await {
                loaded.push((f.name(), text.as_string().unwrap_or_default()));
            }
        }
        if !loaded.is_empty() {
            on_files.emit(loaded);
        }
    });
}

fn kind_label(kind: Option<TrecKind>) -> &'static str {
    match kind {
        Some(TrecKind::Qrels) => "qrels",
        Some(TrecKind::Run) => "run",
        None => "not recognised",
    }
}

/// The TREC files panel.
#[component]
pub fn TrecFiles(props: &TrecFilesProps) -> Html {
    let paste_ref = use_node_ref();
    let onchange = {
        let on_files = props.on_files.clone();
        Callback::from(move |e: Event| {
            read_files(
                &e.target_unchecked_into::<HtmlInputElement>(),
                on_files.clone(),
            )
        })
    };
    let on_add_paste = {
        let paste_ref = paste_ref.clone();
        let on_paste = props.on_paste.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = paste_ref.cast::<HtmlTextAreaElement>() {
                on_paste.emit(area.value());
                area.set_value("");
            }
        })
    };
    let e = &props.evaluated;
    html! {
        <section class="trec-files" aria-labelledby="trec-files-title">
            <h2 id="trec-files-title">{ "TREC files" }</h2>
            <p class="hint">
                { "One qrels file (" }<code>{ "qid iter docid grade" }</code>{ ") and any number of runs (" }
                <code>{ "qid Q0 docid rank score tag" }</code>
                { "), told apart by their columns. Evaluated as trec_eval does: score descending, ties by docid descending, queries without results left out." }
            </p>
            <div class="controls">
                <label for="file-input" class="inline">{ "Load files" }</label>
                <input id="file-input" data-testid="file-input" type="file" multiple=true { onchange } />
            </div>
            <label for="paste-input">{ "Or paste a qrels or run file" }</label>
            <textarea id="paste-input" data-testid="paste-input" ref={ paste_ref } rows="4" spellcheck="false" />
            <div class="controls">
                <button type="button" data-testid="add-pasted" onclick={ on_add_paste }>{ "Add pasted text" }</button>
            </div>
            if !e.kinds.is_empty() {
                <ul class="file-list" data-testid="file-list">
                    { for e.kinds.iter().map(|(name, kind)| {
                        let on_remove = props.on_remove.clone();
                        let n = name.clone();
                        html! {
                            <li data-file={ name.clone() }>
                                <strong>{ name.clone() }</strong>{ format!(" — {}", kind_label(*kind)) }
                                { " " }
                                <button type="button" aria-label={ format!("Remove {name}") }
                                    onclick={ Callback::from(move |_: MouseEvent| on_remove.emit(n.clone())) }>{ "Remove" }</button>
                            </li>
                        }
                    }) }
                </ul>
            }
            if !e.errors.is_empty() {
                <div class="errors" role="alert" data-testid="file-errors">
                    <p>{ format!("{} problem(s); the lines concerned are left out:", e.errors.len()) }</p>
                    <ul>
                        { for e.errors.iter().take(50).map(|err| html! {
                            <li>
                                <strong>{ format!("{}, line {}, column {}: ", err.input, err.line, err.column) }</strong>
                                { format!("expected {}, found {}", err.expected,
                                    if err.found.is_empty() { "the end of the line".to_string() } else { format!("`{}`", err.found) }) }
                            </li>
                        }) }
                    </ul>
                </div>
            }
            { for e.notes.iter().map(|n| html! { <p class="note" data-testid="file-note">{ n.clone() }</p> }) }
            if !e.runs.is_empty() {
                <table class="results" data-testid="trec-results">
                    <caption>{ format!("Runs against {}", e.qrels.clone().unwrap_or_default()) }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "Run" }</th>
                            <th scope="col" class="num">{ "num_q" }</th>
                            { for e.measures.iter().map(|m| html! { <th scope="col" class="num">{ m.clone() }</th> }) }
                        </tr>
                    </thead>
                    <tbody>
                        { for e.runs.iter().map(|run| html! {
                            <tr>
                                <th scope="row">{ run.name.clone() }</th>
                                <td class="num" data-system={ run.name.clone() } data-measure="num_q">{ run.num_q }</td>
                                { for e.measures.iter().zip(&run.values).map(|(m, v)| html! {
                                    <td class="num" data-system={ run.name.clone() } data-measure={ m.clone() } data-value={ v.to_string() }>
                                        { format_value(*v) }
                                    </td>
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            }
        </section>
    }
}
