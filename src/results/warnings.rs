//! Things the user must know about the numbers: queries missing or extra,
//! repeated docids, ties ordered by a convention, grades off the scale.
//! The core gives them as kinds with their data; they are listed grouped
//! by kind, each marked with its kind.

use yew::prelude::*;

use crate::shared::evaluation::{by_kind, Warning};

/// Props of [`Warnings`].
#[derive(Properties, PartialEq)]
pub struct WarningsProps {
    /// The warnings, in the order the pipeline found them.
    pub warnings: Vec<Warning>,
}

/// The list of warnings (nothing when there are none).
#[component]
pub fn Warnings(props: &WarningsProps) -> Html {
    if props.warnings.is_empty() {
        return html! {};
    }
    html! {
        <div class="warnings" data-testid="warnings" role="status">
            <p><strong>{ format!("{} to know about these numbers:", crate::shared::evaluation::plural(props.warnings.len(), "thing", "things")) }</strong></p>
            <ul>
                { for by_kind(&props.warnings).into_iter().flat_map(|(kind, group)| group.into_iter().map(move |w| html! {
                    <li data-testid="warning" data-kind={ kind.name() }>{ w.to_string() }</li>
                })) }
            </ul>
        </div>
    }
}
