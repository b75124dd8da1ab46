//! The root component: only composes. It starts from
//! [`crate::shell::startup`], keeps the state (saved by
//! [`crate::shell::use_saved`]), hands it to the one door to the core
//! ([`crate::results::use_evaluation`]), wires the page's actions
//! ([`crate::shell::use_page_actions`]) and opens one of the three doors
//! ([`crate::shared::door`]): calculate, files or learn; or, in embed mode,
//! [`crate::embed::page`].

use std::rc::Rc;

use yew::prelude::*;

use crate::calculate::form_editor::FormEditor;
use crate::calculate::input_tabs::{tab_button, tabbed, use_input_view, InputView};
use crate::calculate::quick_input::QuickInput;
use crate::calculate::text_selection::use_locate;
use crate::calculate::typed_problems::{typed_problems, TypedProblemsProps};
use crate::calculate::{calculate_door, CalculateDoor};
use crate::embed::host::use_host_block;
use crate::embed::page::{embed_page, use_report_height, EmbedPage};
use crate::files::partial_input::PartialInput;
use crate::files::tie_range_panel::TieRangePanel;
use crate::files::{files_door, files_panels, typed_results_note, FilesDoor, FilesPanels};
use crate::learn::examples_menu::CaseChecks;
use crate::learn::{learn_door, LearnDoor};
use crate::model::share;
use crate::model::state::Action;
use crate::results::charts_panel::ChartsPanel;
use crate::results::explanation::ExplanationView;
use crate::results::measure_choice::use_measure_choice;
use crate::results::results_pane::{results_pane, ResultsPane, ResultsParts};
use crate::results::results_table::{empty_reason, ResultsTable};
use crate::results::use_evaluation::use_evaluation;
use crate::results::use_selection::use_selection;
use crate::settings::panel::{measure_problems, SettingsPanel};
use crate::settings::unread::{unread_note, Unread};
use crate::shared::dom::use_field_kept_in_view_on_resize;
use crate::shared::door::{door_nav, use_door, Door};
use crate::shared::evaluation::Source;
use crate::shared::first_module::FIRST;
use crate::shared::same_rc::SameRc;
use crate::shell::handover::use_hand_over_when;
use crate::shell::page_header::{page_header, PageHeaderProps};
use crate::shell::shared_link::{link_offer_banner, use_shared_link};
use crate::shell::startup::initial;
use crate::shell::use_handover::use_handover;
use crate::shell::use_page_actions::{use_drop_zone, use_page_actions};
use crate::shell::use_saved::use_saved;

/// The whole page.
#[component]
pub fn App() -> Html {
    let start = use_memo((), |_| initial());
    let embed = start.embed;
    let state = use_reducer(|| start.state.clone());
    // Files loaded last time: the files door is where they are.
    let door = use_door(if start.state.files.is_empty() {
        Door::Calculate
    } else {
        Door::Files
    });
    // A documentation page's block, sent by the page (embed.js).
    let from_host = use_host_block(start.host, state.clone());
    let block = from_host.block.clone();
    let link_problem = use_state(|| start.problem.clone());
    let generation = use_state(|| 0u32);
    let view = use_input_view(embed);
    use_report_height(embed);
    let (selected, on_select, on_close) = use_selection();
    let measure_choice = use_measure_choice(!embed);
    let locate = use_locate(state.quick_text.clone());
    let (save_problem, files_back) = use_saved(&state, embed, start.files_ready);
    // Settings fields whose text does not read, as they report it.
    let unread = use_reducer(Unread::default);
    let on_unread = use_callback(unread.dispatcher(), |change, unread| {
        unread.dispatch(change)
    });

    let ev = use_evaluation(&state, *view == InputView::Text);
    let measure_problems = measure_problems(&ev.request.problems);
    let actions = use_page_actions(&state, &view, &generation, &link_problem, &locate);
    let drop = use_drop_zone(actions.on_files.clone());
    use_handover(&actions);
    use_field_kept_in_view_on_resize();
    let shared_link = use_shared_link(start.offer.clone(), &state, &actions.on_session, *door);
    // The first module opens the calculate door only: it hands the others
    // (and embed mode) over to the whole app.
    let hand_over = FIRST && (embed || *door != Door::Calculate);
    use_hand_over_when(hand_over);
    let tab = |v: InputView, label: &'static str, id: &'static str| tab_button(&view, v, label, id);
    let typed_part = &ev.typed.part;

    let tabs = html! { <>{ tab(InputView::Form, "Form", "tab-form") }{ tab(InputView::Text, "Text", "tab-text") }</> };
    let input_panel = match *view {
        InputView::Text => html! {
            <QuickInput value={ state.quick_text.clone() } on_change={ actions.on_text.clone() } invalid={ !typed_part.errors.is_empty() } />
        },
        InputView::Form => html! {
            <FormEditor text={ state.quick_text.clone() } input={ SameRc(ev.typed.input.clone()) }
                scale_max={ state.settings.scale_max } on_text={ actions.on_text.clone() } />
        },
    };
    let typed_errors = typed_problems(&TypedProblemsProps {
        errors: typed_part.errors.clone(),
        trec_in_text: *ev.trec_in_text,
        on_load_as_file: actions.on_load_as_file.clone(),
        on_locate: actions.on_locate.clone(),
    });
    let results_table = html! {
        <ResultsTable measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } partial={ ev.partial.clone() }
            stats={ SameRc(ev.stats.reports.clone()) } stats_settings={ state.settings.stats } on_select={ on_select.clone() }
            ties={ ev.ties.clone() } why_empty={ empty_reason(ev.from_files.part.lack().map(|l| l.to_string()), typed_part.errors.len()) } />
    };
    let explanation = match (*selected).clone() {
        Some(sel) => html! {
            <ExplanationView selected={ sel } measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } ties={ ev.ties.clone() }
                text={ state.quick_text.clone() } files={ state.files.clone() }
                settings={ state.settings.clone() } request={ ev.request.clone() } on_select={ on_select.clone() } { on_close } />
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
        <ChartsPanel measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } stats={ SameRc(ev.stats.reports.clone()) } settings={ state.settings.clone() } on_select={ on_select.clone() } theme={ from_host.theme.or(start.look.theme) } measure={ measure_choice.clone() } keep={ !embed } />
    };
    if embed && !FIRST {
        let open_full = share::encode(&state)
            .map(|f| format!("./{f}"))
            .unwrap_or_else(|_| "./".into());
        return embed_page(EmbedPage {
            open_full,
            link_problem: (*link_problem).clone(),
            block,
            host: start.host,
            look: start.look,
            results_table,
            explanation,
            charts,
            rankings: html! { <>{ tabbed(tabs, *view, input_panel) }{ typed_errors }</> },
            case_checks,
        });
    }
    let settings_pane = html! {
        <SettingsPanel key={ *generation } settings={ state.settings.clone() } on_change={ actions.on_settings.clone() } { measure_problems } on_unread={ on_unread.clone() } />
    };
    let results =
        |door: Door, partial_view: Html, (after_explanation, after_charts): (Html, Html)| {
            results_pane(ResultsPane {
                door,
                ev: &ev,
                settings: &state.settings,
                on_select: on_select.clone(),
                measure: measure_choice.clone(),
                parts: ResultsParts {
                    unread_settings: unread_note(&unread),
                    partial_view,
                    results_table: results_table.clone(),
                    explanation: explanation.clone(),
                    after_explanation,
                    case_checks: case_checks.clone(),
                    charts: charts.clone(),
                    after_charts,
                },
            })
        };
    let save_problem = (*save_problem).clone();
    // The first module opens no other door: while it hands over, the page
    // keeps its header, with the door asked for, above an empty body.
    let opened = if FIRST { Door::Calculate } else { *door };
    let body = match opened {
        _ if hand_over => html! {},
        Door::Calculate => calculate_door(CalculateDoor {
            metrics: ev.request.metrics.clone(),
            systems: ev.systems.clone(),
            input: tabbed(tabs, *view, input_panel),
            problems: typed_errors,
            save_problem,
            settings: settings_pane,
            results: results(Door::Calculate, html! {}, (html! {}, html! {})),
        }),
        Door::Files => files_door(FilesDoor {
            files: ev.from_files.part.files.clone(),
            errors: ev.from_files.part.errors.clone(),
            withheld: ev.withheld.clone(),
            on_files: actions.on_files.clone(),
            on_paste: actions.on_paste.clone(),
            on_remove: actions.on_remove.clone(),
            save_problem,
            settings: settings_pane,
            results: results(
                Door::Files,
                html! {
                    // One element around the two: as a fragment whose
                    // first part came and went, yew panicked when files
                    // came in ("failed to insert node before next sibling").
                    <div class="files-notes">
                        { typed_results_note(!state.files.is_empty(), ev.systems.iter().filter(|s| s.source == Source::Typed).count(), state.demo_typed()) }
                        <PartialInput bad_lines={ ev.bad_lines.clone() } withheld={ ev.withheld.clone() } on_partial={ ev.on_partial.clone() } on_withhold={ ev.on_withhold.clone() } />
                    </div>
                },
                files_panels(FilesPanels {
                    ev: &ev,
                    settings: &state.settings,
                    files: state.files.clone(),
                    tie_range: html! {
                        <TieRangePanel measures={ ev.request.metrics.clone() } systems={ ev.systems.clone() } report={ ev.ties.clone() }
                            ties={ state.settings.ties } on_select={ on_select.clone() } />
                    },
                    generation: *generation,
                    on_settings: actions.on_settings.clone(),
                    on_unread: on_unread.clone(),
                }),
            ),
        }),
        Door::Learn => learn_door(LearnDoor {
            input: SameRc(ev.typed.input.clone()),
            on_case: actions.on_case.clone(),
            case: state.shown_example(),
            set: state.exercise_set.clone(),
            on_set: {
                let state = state.clone();
                Callback::from(move |set| state.dispatch(Action::OpenSet(set)))
            },
        }),
    };
    let page_state = Rc::new((*state).clone());
    html! {
        <div class={ classes!("page", format!("door-{}", door.slug()), state.files.is_empty().then_some("no-files"), drop.dragging.then_some("dragging")) } ondragover={ drop.ondragover.clone() } ondragleave={ drop.ondragleave.clone() } ondrop={ drop.ondrop.clone() }>
            { page_header(&PageHeaderProps {
                link_offer: link_offer_banner(&shared_link, &page_state, files_back),
                state: page_state,
                door: *door,
                on_case: actions.on_case.clone(),
                on_clear: actions.on_clear.clone(),
                on_session: actions.on_session.clone(),
                link_problem: (*link_problem).clone(),
                dragging: *drop.dragging,
            }) }
            { body }
            { door_nav(*door, "tab-bar", true) }
        </div>
    }
}
