//! The root component: owns the state, restores and saves it, has the core
//! evaluate it, lays out the page.

use std::rc::Rc;

use gloo::storage::{LocalStorage, Storage};
use yew::prelude::*;

use crate::components::block_problems::BlockProblems;
use crate::components::charts_panel::ChartsPanel;
use crate::components::compare_view::CompareView;
use crate::components::error_list::ErrorList;
use crate::components::examples_menu::{CaseChecks, ExamplesMenu};
use crate::components::explanation::{ExplanationView, Selected};
use crate::components::export_bar::ExportBar;
use crate::components::files_panel::{read_file_list, FilesPanel};
use crate::components::form_editor::FormEditor;
use crate::components::job_status::JobStatusView;
use crate::components::judgment_table::JudgmentTableView;
use crate::components::partial_input::PartialInput;
use crate::components::per_query::PerQuery;
use crate::components::quick_input::QuickInput;
use crate::components::results_table::ResultsTable;
use crate::components::settings_panel::SettingsPanel;
use crate::components::share_bar::ShareBar;
use crate::components::significance_panel::SignificancePanel;
use crate::components::summary_bar::SummaryBar;
use crate::components::warnings::Warnings;
use crate::dom::focus_by_id;
use crate::embed::embed_request;
use crate::embed_block::BlockView;
use crate::embed_host::use_host_block;
use crate::evaluated_text::use_evaluated_text;
use crate::evaluation::{evaluate_typed, parse_typed, Part, SystemResult, Warning};
use crate::example::find;
use crate::file_results::use_file_results;
use crate::same_rc::SameRc;
use crate::session_file;
use crate::settings::Settings;
use crate::significance::statistics;
use crate::state::{Action, AppState, LoadedFile};
use crate::{persist, share};

/// localStorage key of the chosen input tab.
const VIEW_KEY: &str = "ranklab.view";

/// Milliseconds since the page started (for the shown computation time).
fn now() -> f64 {
    gloo::utils::window().performance().map_or(0.0, |p| p.now())
}

/// Where the page starts.
struct Start {
    /// The state.
    state: AppState,
    /// Whether the files are already known (no IndexedDB restore needed).
    files_ready: bool,
    /// A message when the URL's state could not be read.
    problem: Option<String>,
    /// Embed mode: calculator and chart only, nothing saved.
    embed: bool,
    /// Made by `embed.js`: the page around it sends the rankings.
    host: bool,
}

/// The state to start from: an embed request's, a shared link's, else the
/// saved one.
fn initial() -> Start {
    let location = gloo::utils::window().location();
    let hash = location.hash().unwrap_or_default();
    let search = location.search().unwrap_or_default();
    if let Some(r) = embed_request(&search, &hash) {
        return Start {
            state: r.state,
            files_ready: true,
            problem: r.problem,
            embed: true,
            host: r.host,
        };
    }
    match share::decode(&hash) {
        Some(Ok(state)) => {
            // The link has been read; reloads use the saved state from now on.
            if let Ok(history) = gloo::utils::window().history() {
                let url = format!("{}{}", location.pathname().unwrap_or_default(), search);
                let _ =
                    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
            }
            Start {
                state,
                files_ready: true,
                problem: None,
                embed: false,
                host: false,
            }
        }
        Some(Err(message)) => {
            let state = persist::load();
            let files_ready = !state.files.is_empty();
            Start {
                state,
                files_ready,
                problem: Some(message),
                embed: false,
                host: false,
            }
        }
        None => {
            let state = persist::load();
            let files_ready = !state.files.is_empty();
            Start {
                state,
                files_ready,
                problem: None,
                embed: false,
                host: false,
            }
        }
    }
}

/// Focuses the quick text and selects from (line, column) to the end of
/// that line (JS selection offsets count UTF-16 units).
fn select_in_text(text: &str, line: usize, column: usize) {
    use wasm_bindgen::JsCast;
    let Some(area) = gloo::utils::document()
        .get_element_by_id("quick-input")
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    else {
        return;
    };
    let before: usize = text
        .split('\n')
        .take(line - 1)
        .map(|l| l.encode_utf16().count() + 1)
        .sum();
    let this = text.split('\n').nth(line - 1).unwrap_or("");
    let start = before
        + this
            .chars()
            .take(column - 1)
            .map(char::len_utf16)
            .sum::<usize>();
    let end = before + this.encode_utf16().count();
    let _ = area.focus();
    let _ = area.set_selection_range(start as u32, end.max(start) as u32);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum InputView {
    Form,
    Text,
    Files,
}

/// The whole page.
/// The results' one-line account of the inputs' problems (the lists stay
/// under the input they locate).
fn problems_note(typed: usize, files: &[ranklab_core::ParseError]) -> String {
    let mut parts = Vec::new();
    if typed > 0 {
        parts.push(format!(
            "{} in the typed rankings (those lines are left out)",
            ranklab_core::plural(typed, "problem", "problems")
        ));
    }
    if !files.is_empty() {
        parts.push(format!(
            "{} in the files ({})",
            ranklab_core::plural(files.len(), "problem", "problems"),
            crate::components::error_list::consequences(files)
        ));
    }
    format!("These results are affected: {}.", parts.join("; "))
}

#[component]
pub fn App() -> Html {
    let start = use_memo((), |_| initial());
    let embed = start.embed;
    let state = use_reducer(|| start.state.clone());
    // A documentation page's block, sent by the page (embed.js).
    let from_host = use_host_block(start.host, state.clone());
    let block = from_host.block.clone();
    let link_problem = use_state(|| start.problem.clone());
    let save_problem = use_state(|| None::<String>);
    let files_ready = use_state(|| start.files_ready);
    let generation = use_state(|| 0u32);
    // An embed starts on the compact text of its rankings (the form takes
    // a whole frame); the full page on the view last used.
    let view = use_state(|| {
        if embed {
            InputView::Text
        } else {
            LocalStorage::get::<InputView>(VIEW_KEY).unwrap_or(InputView::Form)
        }
    });
    // An embed tells the page around it how tall it is.
    use_effect_with(embed, |&embed| {
        if embed {
            crate::embed::report_height();
        }
    });
    let dragging = use_state(|| false);
    let locate = use_state(|| None::<(usize, usize)>);
    let selected = use_state(|| None::<Selected>);
    {
        // A new explanation takes the focus, so keyboard users land on it.
        let target = (*selected).clone();
        use_effect_with(target, |t| {
            if t.is_some() {
                focus_by_id("explanation");
            }
        });
    }
    // The control that opened the explanation: closing it gives it the
    // focus back (drilling down inside the explanation keeps the first one).
    let opener = use_mut_ref(|| None::<web_sys::HtmlElement>);
    // The callbacks handed to the result views keep their identity from
    // render to render (use_callback), so a keystroke that changes no
    // result re-renders none of them.
    let on_select = {
        let opener = opener.clone();
        use_callback(selected.setter(), move |s: Selected, selected| {
            let mut o = opener.borrow_mut();
            if o.is_none() {
                use wasm_bindgen::JsCast;
                *o = gloo::utils::document()
                    .active_element()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            }
            selected.set(Some(s))
        })
    };
    let on_close = {
        let opener = opener.clone();
        use_callback(selected.setter(), move |_: (), selected| {
            selected.set(None);
            if let Some(e) = opener.borrow_mut().take() {
                let _ = e.focus();
            }
        })
    };
    {
        // After the Text tab is shown, put the cursor on the located problem.
        let locate = locate.clone();
        let text = state.quick_text.clone();
        use_effect_with(*locate, move |at| {
            if let Some((line, column)) = *at {
                select_in_text(&text, line, column);
                locate.set(None);
            }
        });
    }

    // Files come back from IndexedDB once, after the first render.
    {
        let (state, files_ready, save_problem) =
            (state.clone(), files_ready.clone(), save_problem.clone());
        use_effect_with((), move |_| {
            if !*files_ready {
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
            ),
            move |(text, settings, case)| {
                if !embed {
                    save_problem.set(persist::save(text, settings, case).err());
                }
            },
        );
    }
    {
        let save_problem = save_problem.clone();
        let ready = *files_ready;
        use_effect_with((state.files.clone(), ready), move |(files, ready)| {
            if *ready && !embed {
                let files = files.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    if let Err(e) = persist::save_files(&files).await {
                        save_problem.set(Some(format!("files not saved: {e}")));
                    }
                });
            }
        });
    }
    {
        let v = *view;
        use_effect_with(v, move |v| {
            if !embed {
                let _ = LocalStorage::set(VIEW_KEY, v);
            }
        });
    }

    let measures = use_memo(state.settings.clone(), |s| {
        let (m, problems) = s.measures();
        (Rc::new(m), problems)
    });
    // A long text is evaluated once typing pauses (see evaluated_text).
    let (evaluated_text, updating) =
        use_evaluated_text(state.quick_text.clone(), *view == InputView::Text);
    let typed = use_memo(
        (evaluated_text, measures.clone(), state.settings.clone()),
        |(text, m, s)| {
            let t0 = now();
            let input = Rc::new(parse_typed(text));
            let part = evaluate_typed(&input, &m.0, &s.eval_options());
            (input, part, now() - t0)
        },
    );
    let from_files = use_file_results(&state.files, &state.settings, measures.0.clone());
    // Numbers from files with bad lines are withheld until the reader
    // chooses to evaluate without those lines (trec_eval refuses such
    // files); the choice holds for those very problems only.
    let partial_ok = use_state(|| None::<Rc<Vec<ranklab_core::ParseError>>>);
    let bad_lines = Rc::new(from_files.part.bad_lines());
    let withheld = !bad_lines.is_empty() && partial_ok.as_deref() != Some(&*bad_lines);
    let partial = (!bad_lines.is_empty() && !withheld).then_some(bad_lines.len());
    // Held by the memo, so a keystroke that changes no result (a long
    // text before its pause) hands the views the same systems.
    let systems = use_memo(
        (
            SameRc(typed.clone()),
            SameRc(from_files.part.clone()),
            withheld,
        ),
        |(SameRc(typed), SameRc(files), withheld)| -> Rc<Vec<SystemResult>> {
            let typed_part = &typed.1;
            let files: &[SystemResult] = if *withheld { &[] } else { &files.systems };
            Rc::new(typed_part.systems.iter().chain(files).cloned().collect())
        },
    );
    let systems: SameRc<Vec<SystemResult>> = SameRc((*systems).clone());
    let stats = use_memo(
        (systems.clone(), measures.clone(), state.settings.stats),
        |(systems, m, st)| {
            let t0 = now();
            let r = Rc::new(statistics(systems, &m.0, st));
            (r, now() - t0)
        },
    );
    let marks_note = state.settings.stats.marks_note();
    let warnings: Vec<Warning> = typed
        .1
        .warnings
        .iter()
        .chain(&from_files.part.warnings)
        .cloned()
        .collect();

    let dispatch = |make: fn(String) -> Action| {
        let state = state.clone();
        Callback::from(move |v: String| state.dispatch(make(v)))
    };
    let on_text = use_callback(state.dispatcher(), |v: String, state| {
        state.dispatch(Action::SetText(v))
    });
    let on_paste = dispatch(Action::AddPasted);
    let on_remove = dispatch(Action::RemoveFile);
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
    let on_files = {
        let (state, view, on_session) = (state.clone(), view.clone(), on_session.clone());
        Callback::from(move |files: Vec<LoadedFile>| {
            // Each file is read as a session once; the last session wins.
            let mut opened = None;
            let mut rest = Vec::with_capacity(files.len());
            for f in files {
                match f
                    .big
                    .is_none()
                    .then(|| session_file::decode(&f.name, &f.text))
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
                view.set(InputView::Files);
            }
        })
    };
    let on_locate = {
        let (view, locate) = (view.clone(), locate.clone());
        Callback::from(move |at: (usize, usize)| {
            view.set(InputView::Text);
            locate.set(Some(at));
        })
    };
    let on_settings = use_callback(state.dispatcher(), |s: Settings, state| {
        state.dispatch(Action::SetSettings(s))
    });
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
    let ondragover = {
        let dragging = dragging.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if !*dragging {
                dragging.set(true);
                crate::files_job::prewarm();
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
                read_file_list(list, on_files.clone());
            }
        })
    };
    let tab = |v: InputView, label: &'static str, id: &'static str| {
        let view = view.clone();
        let selected = *view == v;
        let onclick = {
            let view = view.clone();
            Callback::from(move |_: MouseEvent| view.set(v))
        };
        let onkeydown = {
            let view = view.clone();
            Callback::from(move |e: KeyboardEvent| {
                let order = [InputView::Form, InputView::Text, InputView::Files];
                let i = order.iter().position(|x| *x == v).unwrap_or(0);
                let next = match e.key().as_str() {
                    "ArrowRight" => order[(i + 1) % 3],
                    "ArrowLeft" => order[(i + 2) % 3],
                    _ => return,
                };
                e.prevent_default();
                view.set(next);
                focus_by_id(&format!("tab-{next:?}"));
            })
        };
        html! {
            <button type="button" role="tab" id={ format!("tab-{v:?}") } data-testid={ id }
                aria-selected={ selected.to_string() } aria-controls="input-panel"
                tabindex={ if selected { "0" } else { "-1" } } { onclick } { onkeydown }>{ label }</button>
        }
    };
    let (input, typed_part, typed_ms) = (&typed.0, &typed.1, typed.2);
    let (files_part, files_ms): (&Part, f64) = (&from_files.part, from_files.millis);
    let measure_problems: Vec<(usize, String, String)> = measures
        .1
        .iter()
        .map(|p| (p.column, p.name.clone(), p.message.clone()))
        .collect();
    let n_files = state.files.len();

    // The parts the full page and embed mode share.
    let form_tab = tab(InputView::Form, "Form", "tab-form");
    let text_tab = tab(InputView::Text, "Text", "tab-text");
    let input_panel = match *view {
        InputView::Text => html! {
            <QuickInput value={ state.quick_text.clone() } on_change={ on_text.clone() } invalid={ !typed_part.errors.is_empty() } />
        },
        InputView::Files if !embed => html! {
            <FilesPanel files={ files_part.files.clone() } { on_files } { on_paste } { on_remove } />
        },
        _ => html! {
            <FormEditor text={ state.quick_text.clone() } input={ SameRc(input.clone()) }
                scale_max={ state.settings.scale_max } on_text={ on_text.clone() } />
        },
    };
    // TREC lines typed or pasted where rankings go: offer to load them as
    // a file rather than list every line as a bad grade.
    let trec_in_text = use_memo(
        (state.quick_text.clone(), !typed_part.errors.is_empty()),
        |(text, has_errors)| {
            has_errors
                .then(|| ranklab_core::trec_text_kind(text))
                .flatten()
        },
    );
    let on_load_as_file = {
        let (state, view) = (state.clone(), view.clone());
        Callback::from(move |_: MouseEvent| {
            let text = state.quick_text.to_string();
            state.dispatch(Action::AddPasted(text));
            state.dispatch(Action::SetText(String::new()));
            view.set(InputView::Files);
        })
    };
    let typed_errors = html! {
        <>
            if let Some(kind) = *trec_in_text {
                <p class="notice" role="status" data-testid="trec-in-text">
                    { format!("This text is a {}, not rankings in the quick format. ", kind.label()) }
                    <button type="button" data-testid="load-as-file" onclick={ on_load_as_file }>{ "Load it as a file" }</button>
                </p>
            }
            <ErrorList errors={ typed_part.errors.clone() } id="quick-input-errors" testid="errors" on_locate={ Some(on_locate) } />
        </>
    };
    let judgment_table = files_part
        .judgment_table
        .clone()
        .filter(|_| !withheld)
        .map(Rc::new);
    let on_partial = {
        let (partial_ok, bad_lines) = (partial_ok.clone(), bad_lines.clone());
        Callback::from(move |_: MouseEvent| partial_ok.set(Some(bad_lines.clone())))
    };
    let on_withhold = {
        let partial_ok = partial_ok.clone();
        Callback::from(move |_: MouseEvent| partial_ok.set(None))
    };
    let partial_view = html! {
        <PartialInput bad_lines={ bad_lines.clone() } { withheld } { on_partial } { on_withhold } />
    };
    let results_table = html! {
        <ResultsTable measures={ measures.0.clone() } systems={ systems.clone() } { partial }
            stats={ SameRc(stats.0.clone()) } stats_settings={ state.settings.stats } on_select={ on_select.clone() } />
    };
    let explanation = match (*selected).clone() {
        Some(sel) => html! {
            <ExplanationView selected={ sel } measures={ measures.0.clone() } systems={ systems.clone() }
                text={ state.quick_text.clone() } files={ state.files.clone() }
                settings={ state.settings.clone() } on_select={ on_select.clone() } { on_close } />
        },
        None => html! {},
    };
    // The article's values beside Ranklab's describe the example as loaded
    // only: once its text is edited (or files come in) the panel goes.
    let case_checks = match state.case.clone().filter(|_| state.is_unchanged_example()) {
        Some(case) => {
            html! { <CaseChecks { case } measures={ measures.0.clone() } systems={ systems.clone() } /> }
        }
        None => html! {},
    };
    let charts = html! {
        <ChartsPanel measures={ measures.0.clone() } systems={ systems.clone() } stats={ SameRc(stats.0.clone()) } settings={ state.settings.clone() } on_select={ on_select.clone() } theme={ from_host.theme } />
    };
    if embed {
        // The rankings to edit, with their problems.
        let rankings = html! {
            <>
                <div role="tablist" aria-label="Input mode" class="tabs">
                    { form_tab }
                    { text_tab }
                </div>
                <div id="input-panel" role="tabpanel" aria-labelledby={ format!("tab-{:?}", *view) }>
                    { input_panel }
                </div>
                { typed_errors }
            </>
        };
        let open_full = share::encode(&state)
            .map(|f| format!("./{f}"))
            .unwrap_or_else(|_| "./".into());
        return html! {
            <div class="page embed">
                <div class="embed-bar">
                    <strong>{ "Ranklab" }</strong>
                    <a href={ open_full } target="_blank" rel="noopener" data-testid="open-full">{ "Open in the full calculator ↗" }</a>
                </div>
                if let Some(p) = (*link_problem).clone() {
                    <p class="field-error" role="alert" data-testid="link-error">{ p }</p>
                }
                if let Some(b) = &block {
                    <BlockProblems problems={ b.problems.clone() } />
                }
                if start.host {
                    // A documentation page's calculator: results, chart, then the rankings to edit.
                    if block.as_ref().is_none_or(|b| b.view != BlockView::Chart) {
                        { results_table }
                    }
                    { explanation }
                    if block.as_ref().is_none_or(|b| b.view != BlockView::Table) {
                        { charts }
                    }
                    { rankings }
                } else {
                // Results first: the numbers a page discusses are in view
                // in a frame of 560 px; the rankings follow, compact.
                { results_table }
                { explanation }
                { rankings }
                { charts }
                { case_checks }
                }
            </div>
        };
    }
    // One short sentence for screen readers when the numbers change (the
    // table itself is not a live region: every keystroke would read it all).
    let results_status = if systems.is_empty() {
        "No results yet.".to_string()
    } else {
        format!(
            "Results updated: {}, {}.",
            ranklab_core::plural(systems.len(), "system", "systems"),
            ranklab_core::plural(measures.0.len(), "measure", "measures")
        )
    };
    let skip_to_results = Callback::from(|e: MouseEvent| {
        e.prevent_default();
        focus_by_id("results-title");
    });
    html! {
        <div class={ classes!("page", dragging.then_some("dragging")) } { ondragover } { ondragleave } { ondrop }>
            <a class="skip-link" href="#results-title" data-testid="skip-to-results" onclick={ skip_to_results }>{ "Skip to results" }</a>
            <header class="page-header">
                <div>
                    <h1>{ "Ranklab" }</h1>
                    <p class="tagline">{ "Ranking metrics computed in your browser, offline: type rankings, or load qrels and runs." }</p>
                </div>
                <ExamplesMenu on_load={ on_case } />
                <ShareBar state={ Rc::new((*state).clone()) } { on_clear } on_session={ on_session.clone() } />
            </header>
            if let Some(p) = (*link_problem).clone() {
                <p class="field-error banner" role="alert" data-testid="link-error">{ p }</p>
            }
            if *dragging {
                <div class="drop-overlay" aria-hidden="true">{ "Drop qrels and run files to load them" }</div>
            }
            <main class="layout">
                <section class="input-pane" aria-label="Input">
                    <SummaryBar measures={ measures.0.clone() } systems={ systems.clone() } />
                    <div role="tablist" aria-label="Input mode" class="tabs">
                        { form_tab }
                        { text_tab }
                        { tab(InputView::Files, if n_files == 0 { "Files" } else { "Files •" }, "tab-files") }
                    </div>
                    <div id="input-panel" role="tabpanel" aria-labelledby={ format!("tab-{:?}", *view) }>
                        { input_panel }
                    </div>
                    { typed_errors }
                    <ErrorList errors={ files_part.errors.clone() } id="file-errors" testid="file-errors" name_inputs=true />
                    if let Some(p) = (*save_problem).clone() {
                        <p class="field-error" role="alert">{ p }</p>
                    }
                </section>
                <section class="settings-pane" aria-label="Settings">
                    <SettingsPanel key={ *generation } settings={ state.settings.clone() } on_change={ on_settings.clone() } { measure_problems } />
                </section>
                <section class="results-pane" aria-labelledby="results-title"
                    aria-busy={ updating.to_string() }>
                    <h2 id="results-title" tabindex="-1">{ "Results" }
                        if updating {
                            <span class="updating-badge" data-testid="results-updating"
                                title="The numbers below are those of the text before your last keystrokes: a long text is evaluated when typing pauses.">
                                { "updating…" }
                            </span>
                        }
                    </h2>
                    <p class="visually-hidden" role="status" data-testid="results-status">{ results_status }</p>
                    <JobStatusView status={ from_files.status.clone() } on_cancel={ from_files.cancel.clone() } on_retry={ from_files.retry.clone() } />
                    if !typed_part.errors.is_empty() || (!files_part.errors.is_empty() && !withheld) {
                        <p class="warning-note" data-testid="problems-summary">
                            { problems_note(typed_part.errors.len(), if withheld { &[] } else { &files_part.errors }) }
                            { " " }
                            if !files_part.errors.is_empty() && !withheld { <a href="#file-errors">{ "See the file problems" }</a> }
                            if !files_part.errors.is_empty() && !withheld && !typed_part.errors.is_empty() { { " · " } }
                            if !typed_part.errors.is_empty() { <a href="#quick-input-errors">{ "See the typed problems" }</a> }
                        </p>
                    }
                    <Warnings { warnings } />
                    { partial_view }
                    if !(systems.is_empty() && (judgment_table.is_some() || withheld)) {
                        { results_table }
                    }
                    // On a phone the input follows the whole results pane: one tap away.
                    <a class="to-input" href="#input-panel" data-testid="edit-rankings">{ "Edit the rankings ↓" }</a>
                    if let Some(table) = judgment_table.clone() {
                        <JudgmentTableView { table } />
                    }
                    { explanation }
                    <ExportBar measures={ measures.0.clone() } systems={ systems.clone() } { partial }
                        stats={ state.settings.stats.marks.then(|| SameRc(stats.0.clone())) } marks_note={ marks_note } />
                    { case_checks }
                    <PerQuery measures={ measures.0.clone() } systems={ systems.clone() } { partial } on_select={ on_select.clone() } />
                    { charts }
                    <SignificancePanel key={ *generation } settings={ state.settings.clone() } on_change={ on_settings.clone() }
                        measures={ measures.0.clone() } systems={ systems.clone() } stats={ SameRc(stats.0.clone()) } millis={ stats.1 } />
                    <CompareView input={ SameRc(input.clone()) } files={ if withheld { Rc::new(Vec::new()) } else { state.files.clone() } } measures={ measures.0.clone() } level={ state.settings.relevance_level } />
                    <p class="timing hint" data-testid="eval-ms" data-typed-ms={ typed_ms.to_string() } data-files-ms={ files_ms.to_string() }>
                        { format!("Computed in {:.1} ms (typed rankings) and {:.1} ms (files).", typed_ms, files_ms) }
                    </p>
                </section>
            </main>
        </div>
    }
}
