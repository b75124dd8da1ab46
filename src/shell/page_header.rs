//! The page's header: the way to skip to the results, the title, the
//! doors' links, the examples, sharing and saving, what a link could not
//! open or asks before it replaces, the overlay of files being dropped.

use std::rc::Rc;

use yew::prelude::*;

use crate::learn::examples_menu::ExamplesMenu;
use crate::model::state::AppState;
use crate::shared::dom::focus_by_id;
use crate::shared::door::{door_nav, Door};
use crate::shell::handover::embed_handed_over;
use crate::shell::share_bar::ShareBar;

/// What the page's header shows.
pub struct PageHeaderProps {
    /// The state (to share or save).
    pub state: Rc<AppState>,
    /// The door open now.
    pub door: Door,
    /// An example was chosen.
    pub on_case: Callback<String>,
    /// Everything is cleared.
    pub on_clear: Callback<()>,
    /// A session file was opened (or could not be read).
    pub on_session: Callback<Result<AppState, String>>,
    /// What the link or session file could not open.
    pub link_problem: Option<String>,
    /// A shared link's question (see [`crate::shell::shared_link`]).
    pub link_offer: Html,
    /// Files are being dragged over the page.
    pub dragging: bool,
}

/// The page's header (a plain function: it keeps no state of its own).
pub fn page_header(props: &PageHeaderProps) -> Html {
    // The learn door has no results: its skip link goes to the exercise.
    let (skip_label, skip_target) = match props.door {
        Door::Learn => ("Skip to the exercise", "exercise-title"),
        Door::Calculate | Door::Files => ("Skip to results", "results-title"),
    };
    let skip_to_results = Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        focus_by_id(skip_target);
    });
    let on_load = props.on_case.clone();
    let on_clear = props.on_clear.clone();
    let on_session = props.on_session.clone();
    let state = props.state.clone();
    let link_problem = props.link_problem.clone();
    let dragging = props.dragging;
    html! {
        <>
            <a class="skip-link" href={ format!("#{skip_target}") } data-testid="skip-to-results" onclick={ skip_to_results }>{ skip_label }</a>
            <header class="page-header">
                <div class="brand">
                    <h1>{ "Ranklab" }</h1>
                    <p class="tagline">{ "Ranking metrics computed in your browser, offline." }</p>
                </div>
                { door_nav(props.door, "door-nav", false) }
                <HeaderTools { state } { on_load } { on_clear } { on_session } door={ props.door } />
            </header>
            if let Some(p) = link_problem {
                <p class="field-error banner" role="alert" data-testid="link-error">{ p }</p>
            }
            { props.link_offer.clone() }
            if dragging {
                <div class="drop-overlay" aria-hidden="true">{ "Drop qrels and run files to load them" }</div>
            }
        </>
    }
}

/// Props of [`HeaderTools`].
#[derive(Properties, PartialEq)]
struct HeaderToolsProps {
    state: Rc<AppState>,
    door: Door,
    on_load: Callback<String>,
    on_clear: Callback<()>,
    on_session: Callback<Result<AppState, String>>,
}

/// The examples and the sharing buttons: in the header on a wide screen;
/// on a phone behind one button, so the door's job fills the first screen.
#[component]
fn HeaderTools(props: &HeaderToolsProps) -> Html {
    // Open from the start where a first visit's Embed… handed over to the
    // whole app for its panel, which lies in this menu: on a phone, the
    // tap had otherwise ended on the closed menu.
    let open = use_state(embed_handed_over);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    // On a phone the menu covers the door: what changes the page closes it,
    // so the reader sees what it did.
    fn closing<T: 'static>(open: &UseStateHandle<bool>, then: &Callback<T>) -> Callback<T> {
        let (open, then) = (open.clone(), then.clone());
        Callback::from(move |v| {
            open.set(false);
            then.emit(v);
        })
    }
    let (state, on_load, on_clear, on_session) = (
        props.state.clone(),
        closing(&open, &props.on_load),
        closing(&open, &props.on_clear),
        closing(&open, &props.on_session),
    );
    // The learn door has its own gallery of worked examples, with what
    // each is: the header's menu beside it showed the same list twice.
    let examples = props.door != Door::Learn;
    html! {
        <div class={ classes!("header-tools", open.then_some("open")) }>
            <button type="button" class="tools-toggle" data-testid="header-menu" aria-expanded={ open.to_string() }
                aria-controls="header-tools-menu" onclick={ toggle }>
                { match (*open, examples) {
                    (true, _) => "Close the menu ✕",
                    (false, true) => "Examples, share, save ☰",
                    (false, false) => "Share, save ☰",
                } }
            </button>
            <div class="tools-menu" id="header-tools-menu">
                if examples {
                    <ExamplesMenu { on_load } current={ state.shown_example().map(AttrValue::from) } />
                }
                <ShareBar { state } { on_clear } { on_session } door={ props.door } />
            </div>
        </div>
    }
}
