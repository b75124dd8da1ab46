//! The page's header (the way to skip to the results, the title, the
//! examples, sharing and saving, what a link could not open, the overlay
//! of files being dropped) and the results' heading (updating while a long
//! text is being typed, a status sentence for screen readers).

use std::rc::Rc;

use yew::prelude::*;

use crate::shared::dom::focus_by_id;
use crate::shell::door::{door_nav, Door};
use crate::shell::examples_menu::ExamplesMenu;
use crate::shell::share_bar::ShareBar;
use crate::shell::state::AppState;

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
    /// Files are being dragged over the page.
    pub dragging: bool,
}

/// The page's header (a plain function: it keeps no state of its own).
pub fn page_header(props: &PageHeaderProps) -> Html {
    let skip_to_results = Callback::from(|e: MouseEvent| {
        e.prevent_default();
        focus_by_id("results-title");
    });
    let on_load = props.on_case.clone();
    let on_clear = props.on_clear.clone();
    let on_session = props.on_session.clone();
    let state = props.state.clone();
    let link_problem = props.link_problem.clone();
    let dragging = props.dragging;
    html! {
        <>
            <a class="skip-link" href="#results-title" data-testid="skip-to-results" onclick={ skip_to_results }>{ "Skip to results" }</a>
            <header class="page-header">
                <div class="brand">
                    <h1>{ "Ranklab" }</h1>
                    <p class="tagline">{ "Ranking metrics computed in your browser, offline." }</p>
                </div>
                { door_nav(props.door, "door-nav", false) }
                <ExamplesMenu { on_load } />
                <ShareBar { state } { on_clear } { on_session } />
            </header>
            if let Some(p) = link_problem {
                <p class="field-error banner" role="alert" data-testid="link-error">{ p }</p>
            }
            if dragging {
                <div class="drop-overlay" aria-hidden="true">{ "Drop qrels and run files to load them" }</div>
            }
        </>
    }
}

/// What the results' heading shows.
pub struct ResultsHeadingProps {
    /// The numbers are those of the text before the last keystrokes.
    pub updating: bool,
    /// One sentence for screen readers.
    pub status: String,
}

/// The results' heading.
pub fn results_heading(props: &ResultsHeadingProps) -> Html {
    let updating = props.updating;
    let status = props.status.clone();
    html! {
        <>
                    <h2 id="results-title" tabindex="-1">{ "Results" }
                        if updating {
                            <span class="updating-badge" data-testid="results-updating"
                                title="The numbers below are those of the text before your last keystrokes: a long text is evaluated when typing pauses.">
                                { "updating…" }
                            </span>
                        }
                    </h2>
                    <p class="visually-hidden" role="status" data-testid="results-status">{ status }</p>
        </>
    }
}
