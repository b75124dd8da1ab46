//! Qrels and run files: file picker, paste, and the list of what was
//! loaded and what each file was taken for. Drops onto the page arrive
//! through [`read_file_list`] too.

use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::big_files::blobs;
use crate::files::samples::sample_files;
use crate::model::state::{byte_size, BigFile, LoadedFile, BIG_FILE_BYTES, HEAD_BYTES};
use crate::shared::dom::refocus_when_lost;
use crate::shared::evaluation::FileInfo;

/// Props of [`FilesPanel`].
#[derive(Properties, PartialEq)]
pub struct FilesPanelProps {
    /// Loaded files.
    pub files: Vec<FileInfo>,
    /// Called with the files read from the picker.
    pub on_files: Callback<Vec<LoadedFile>>,
    /// Called with pasted text.
    pub on_paste: Callback<String>,
    /// Called with the name of a file to remove.
    pub on_remove: Callback<String>,
}

/// Reads a file: whole as text, or for a big one its first lines, its
/// contents staying in the browser's `File` (see [`crate::big_files::blobs`]).
async fn load(f: web_sys::File) -> Option<LoadedFile> {
    let bytes = f.size() as u64;
    if bytes <= BIG_FILE_BYTES {
        let text = JsFuture::from(f.text()).await.ok()?.as_string()?;
        return Some(LoadedFile::whole(f.name(), text));
    }
    let head = f.slice_with_f64_and_f64(0.0, HEAD_BYTES as f64).ok()?;
    let head = JsFuture::from(head.text()).await.ok()?.as_string()?;
    // Only complete lines: the last one may be cut.
    let head = head
        .rfind('\n')
        .map_or(head.as_str(), |end| &head[..=end])
        .to_string();
    let key = blobs::new_key(&f.name());
    let name = f.name();
    blobs::keep(&key, f.into());
    Some(LoadedFile {
        name,
        text: head.into(),
        big: Some(BigFile { key, bytes }),
    })
}

/// Reads every file of a list, then hands them over together.
pub fn read_file_list(list: web_sys::FileList, on_files: Callback<Vec<LoadedFile>>) {
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
    wasm_bindgen_futures::spawn_local(async move {
        let mut loaded = Vec::new();
        for f in files {
            loaded.extend(load(f).await);
        }
        if !loaded.is_empty() {
            on_files.emit(loaded);
        }
    });
}

/// The files panel.
#[component]
pub fn FilesPanel(props: &FilesPanelProps) -> Html {
    // Files may follow: have the workers for big ones loaded by then.
    use_effect_with((), |_| crate::big_files::files_job::prewarm());
    let paste_ref = use_node_ref();
    let onchange = {
        let on_files = props.on_files.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            if let Some(list) = input.files() {
                read_file_list(list, on_files.clone());
            }
            input.set_value("");
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
    let on_samples = {
        let on_files = props.on_files.clone();
        Callback::from(move |_: MouseEvent| {
            on_files.emit(sample_files());
            // The button goes once files are loaded: on to their results.
            refocus_when_lost(&[
                "#results-title",
                "[data-testid=file-list] button",
                "#file-input",
            ]);
        })
    };
    html! {
        <section class="trec-files" aria-labelledby="trec-files-title">
            <h2 id="trec-files-title">{ "Qrels and run files" }</h2>
            <p class="hint">
                { "One qrels file and any number of runs, told apart by their content: TREC (" }
                <code>{ "qid iter docid grade" }</code>{ " / " }<code>{ "qid Q0 docid rank score tag" }</code>
                { "), ranx JSON (" }<code>{ "{\"q1\": {\"d1\": 1.2}}" }</code>
                { "), or TSV/CSV with a header such as " }<code>{ "query_id,doc_id,score" }</code>
                { ". Each run is named by its tag (the last field of a TREC run), or by its file when it has several tags or none. trec_eval's preference judgments (" }<code>{ "qid group subgroup docid level" }</code>
                { ") and judgment groups (qrels judging a docid once per group in field 2) are read too, with trec_eval's measures for them. You can also drop files anywhere on the page." }
            </p>
            <div class="controls">
                <label for="file-input" class="inline">{ "Load files" }</label>
                <input id="file-input" data-testid="file-input" type="file" multiple=true { onchange } />
            </div>
            if props.files.is_empty() {
                // A first try without files of one's own.
                <p class="controls">
                    <button type="button" data-testid="load-samples" onclick={ on_samples }>{ "Try three sample files" }</button>
                    <span class="hint">{ "a qrels and two runs, 8 queries; one run has tied scores" }</span>
                </p>
            }
            <label for="paste-input">{ "Or paste a qrels or run file" }</label>
            <textarea id="paste-input" data-testid="paste-input" ref={ paste_ref } rows="4" spellcheck="false" />
            <div class="controls">
                <button type="button" data-testid="add-pasted" onclick={ on_add_paste }>{ "Add pasted text" }</button>
            </div>
            if !props.files.is_empty() {
                <ul class="file-list" data-testid="file-list">
                    { for props.files.iter().map(|f| {
                        let on_remove = props.on_remove.clone();
                        let n = f.name.clone();
                        let what = match (f.kind, f.used) {
                            (Some(k), true) => k.label().to_string(),
                            (Some(k), false) => format!("{}, not used", k.label()),
                            (None, _) => "not recognised".to_string(),
                        };
                        html! {
                            <li data-file={ f.name.clone() }>
                                <strong>{ f.name.clone() }</strong>{ format!(" — {what}, {}{}", byte_size(f.bytes), if f.big { " (read from disk in chunks)" } else { "" }) }
                                { " " }
                                <button type="button" aria-label={ format!("Remove {}", f.name) }
                                    onclick={ Callback::from(move |_: MouseEvent| on_remove.emit(n.clone())) }>{ "Remove" }</button>
                            </li>
                        }
                    }) }
                </ul>
            }
        </section>
    }
}
