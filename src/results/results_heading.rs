//! The results' heading: updating while a long text is being typed, and a
//! status sentence for screen readers.

use yew::prelude::*;

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
