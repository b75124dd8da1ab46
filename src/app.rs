//! The root component: only composes. It starts from [`crate::shell::startup`],
//! keeps the state (saved by [`crate::shell::use_saved`]), hands it to the one door
//! to the core ([`crate::results::use_evaluation`]), wires the page's actions
//! ([`crate::shell::use_page_actions`]) and lays the views out: the full page, or
//! [`crate::embed::page`] in embed mode, with [`crate::results::results_pane`].

use std::rc::Rc;

use yew::prelude::*;

use crate::calculate::form_editor::FormEditor;
use crate::calculate::input_tabs::{tab_button, tabbed, use_input_view, InputView};
use crate::calculate::quick_input::QuickInput;
use crate::calculate::text_selection::use_locate;
use crate::calculate::typed_problems::{typed_problems, TypedProblemsProps};
use crate::embed::host::use_host_block;
use crate::embed::page::{embed_page, use_report_height, EmbedPage};
use crate::files::files_panel::FilesPanel;
use crate::files::partial_input::PartialInput;
use crate::files::tie_range_panel::TieRangePanel;
use crate::learn::exercises::ExercisePanel;
use crate::results::charts_panel::ChartsPanel;
use crate::results::explanation::{ExplanationView, Selected};
use crate::results::results_pane::{results_pane, ResultsPane};
use crate::results::results_table::ResultsTable;
use crate::results::summary_bar::SummaryBar;
use crate::results::use_evaluation::{use_evaluation, Evaluation};
use crate::results::use_selection::use_selection;
use crate::settings::panel::{measure_problems, SettingsPanel};
use crate::settings::Settings;
use crate::shared::error_list::ErrorList;
use crate::shared::evaluation::SourceResults;
use crate::shared::same_rc::SameRc;
use crate::shell::examples_menu::CaseChecks;
use crate::shell::page_header::{page_header, PageHeaderProps};
use crate::shell::share;
use crate::shell::startup::initial;
use crate::shell::use_page_actions::{use_drop_zone, use_page_actions};
use crate::shell::use_saved::use_saved;

/// The results table and the tie range panel, which read the same values.
fn results_and_ties(
    ev: &Evaluation,
    settings: &Settings,
    on_select: &Callback<Selected>,
) -> (Html, Html) {
    let results_table = html! {
        <ResultsTable measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } partial={ ev.partial }
            stats={ SameRc(ev.stats.0.clone()) } stats_settings={ settings.stats } on_select={ on_select.clone() }
            ties={ ev.ties.clone() } />
    };
    let tie_range = html! {
        <TieRangePanel measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } report={ ev.ties.clone() }
            ties={ settings.ties } on_select={ on_select.clone() } />
    };
    (results_table, tie_range)
}

/// The whole page.
#[component]
pub fn App() -> Html {
    let start = use_memo((), |_| initial());
    let embed = start.embed;
    let state = use_reducer(|| start.state.clone());
    // A documentation page's block, sent by the page (embed.js).
    let from_host = use_host_block(start.host, state.clone());
    let block = from_host.block.clone();
    let link_problem = use_state(|| start.problem.clone());
    let generation = use_state(|| 0u32);
    let view = use_input_view(embed);
    use_report_height(embed);
    let (selected, on_select, on_close) = use_selection();
    let locate = use_locate(state.quick_text.clone());
    let save_problem = use_saved(&state, embed, start.files_ready);

    let ev = use_evaluation(&state, *view == InputView::Text);
    let measure_problems = measure_problems(&ev.request.problems);
    let actions = use_page_actions(&state, &view, &generation, &link_problem, &locate);
    let drop = use_drop_zone(actions.on_files.clone());
    let tab = |v: InputView, label: &'static str, id: &'static str| tab_button(&view, v, label, id);
    let (input, typed_part) = (&ev.typed.0, &ev.typed.1);
    let (files_part, files_ms): (&SourceResults, f64) = (&ev.from_files.part, ev.from_files.millis);
    let n_files = state.files.len();

    // The parts the full page and embed mode share.
    let form_tab = tab(InputView::Form, "Form", "tab-form");
    let text_tab = tab(InputView::Text, "Text", "tab-text");
    let files_tab = tab(
        InputView::Files,
        if n_files == 0 { "Files" } else { "Files •" },
        "tab-files",
    );
    let input_panel = match *view {
        InputView::Text => html! {
            <QuickInput value={ state.quick_text.clone() } on_change={ actions.on_text.clone() } invalid={ !typed_part.errors.is_empty() } />
        },
        InputView::Files if !embed => html! {
            <FilesPanel files={ files_part.files.clone() } on_files={ actions.on_files.clone() } on_paste={ actions.on_paste.clone() } on_remove={ actions.on_remove.clone() } />
        },
        _ => html! {
            <FormEditor text={ state.quick_text.clone() } input={ SameRc(input.clone()) }
                scale_max={ state.settings.scale_max } on_text={ actions.on_text.clone() } />
        },
    };
    let typed_errors = html! {
        { typed_problems(&TypedProblemsProps {
            errors: typed_part.errors.clone(),
            trec_in_text: *ev.trec_in_text,
            on_load_as_file: actions.on_load_as_file.clone(),
            on_locate: actions.on_locate.clone(),
        }) }
    };
    let partial_view = html! {
        <PartialInput bad_lines={ ev.bad_lines.clone() } withheld={ ev.withheld } on_partial={ ev.on_partial.clone() } on_withhold={ ev.on_withhold.clone() } />
    };
    let (results_table, tie_range) = results_and_ties(&ev, &state.settings, &on_select);
    let explanation = match (*selected).clone() {
        Some(sel) => html! {
            <ExplanationView selected={ sel } measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() }
                text={ state.quick_text.clone() } files={ state.files.clone() }
                settings={ state.settings.clone() } on_select={ on_select.clone() } { on_close } />
        },
        None => html! {},
    };
    // The article's values beside Ranklab's describe the example as loaded
    // only: once its text is edited (or files come in) the panel goes.
    let case_checks = match state.case.clone().filter(|_| state.is_unchanged_example()) {
        Some(case) => {
            html! { <CaseChecks { case } measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } /> }
        }
        None => html! {},
    };
    let charts = html! {
        <ChartsPanel measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } stats={ SameRc(ev.stats.0.clone()) } settings={ state.settings.clone() } on_select={ on_select.clone() } theme={ from_host.theme } />
    };
    if embed {
        // The rankings to edit, with their problems.
        let rankings = html! {
            <>
                { tabbed(html! { <>{ form_tab }{ text_tab }</> }, *view, input_panel.clone()) }
                { typed_errors }
            </>
        };
        let open_full = share::encode(&state)
            .map(|f| format!("./{f}"))
            .unwrap_or_else(|_| "./".into());
        return embed_page(EmbedPage {
            open_full,
            link_problem: (*link_problem).clone(),
            block,
            host: start.host,
            results_table,
            explanation,
            charts,
            rankings,
            case_checks,
        });
    }
    html! {
        <div class={ classes!("page", drop.dragging.then_some("dragging")) } ondragover={ drop.ondragover.clone() } ondragleave={ drop.ondragleave.clone() } ondrop={ drop.ondrop.clone() }>
            { page_header(&PageHeaderProps {
                state: Rc::new((*state).clone()),
                on_case: actions.on_case.clone(),
                on_clear: actions.on_clear.clone(),
                on_session: actions.on_session.clone(),
                link_problem: (*link_problem).clone(),
                dragging: *drop.dragging,
            }) }
            <main class="layout">
                <section class="input-pane" aria-label="Input">
                    <SummaryBar measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } />
                    { tabbed(html! { <>{ form_tab }{ text_tab }{ files_tab }</> }, *view, input_panel) }
                    { typed_errors }
                    <ErrorList errors={ files_part.errors.clone() } id="file-errors" testid="file-errors" name_inputs=true />
                    if let Some(p) = (*save_problem).clone() {
                        <p class="field-error" role="alert">{ p }</p>
                    }
                </section>
                <section class="settings-pane" aria-label="Settings">
                    <SettingsPanel key={ *generation } settings={ state.settings.clone() } on_change={ actions.on_settings.clone() } { measure_problems } />
                </section>
                { results_pane(ResultsPane {
                    measures: ev.request.metrics.clone(),
                    systems: ev.systems.clone(),
                    stats: ev.stats.clone(),
                    settings: state.settings.clone(),
                    typed: ev.typed.clone(),
                    files_part: ev.from_files.part.clone(),
                    job: (ev.from_files.status.clone(), ev.from_files.cancel.clone(), ev.from_files.retry.clone()),
                    files_ms,
                    files: if ev.withheld { Rc::new(Vec::new()) } else { state.files.clone() },
                    updating: ev.updating,
                    withheld: ev.withheld,
                    partial: ev.partial,
                    warnings: ev.warnings,
                    judgment_table: ev.judgment_table,
                    generation: *generation,
                    on_settings: actions.on_settings.clone(),
                    on_select: on_select.clone(),
                    partial_view,
                    results_table,
                    explanation,
                    tie_range,
                    case_checks,
                    charts,
                }) }
            </main>
            <ExercisePanel input={ SameRc(input.clone()) } />
        </div>
    }
}
