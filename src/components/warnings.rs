//! Things the user must know about the numbers: queries missing or extra,
//! repeated docids, ties ordered by a convention, grades off the scale.

use yew::prelude::*;

/// Props of [`Warnings`].
#[derive(Properties, PartialEq)]
pub struct WarningsProps {
    /// One sentence each.
    pub warnings: Vec<String>,
}

/// The list of warnings (nothing when there are none).
#[component]
pub fn Warnings(props: &WarningsProps) -> Html {
    if props.warnings.is_empty() {
        return html! {};
    }
    html! {
        <div class="warnings" data-testid="warnings" role="status">
            <p><strong>{ format!("{} to know about these numbers:", ranklab_core::plural(props.warnings.len(), "thing", "things")) }</strong></p>
            <ul>
                { for props.warnings.iter().map(|w| html! { <li data-testid="warning">{ w.clone() }</li> }) }
            </ul>
        </div>
    }
}
