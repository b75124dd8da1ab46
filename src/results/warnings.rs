//! Things the user must know about the numbers: queries missing or extra,
//! repeated docids, ties ordered by a convention, grades off the scale.
//! The core gives them as kinds with their data; they are listed grouped
//! by kind, each marked with its kind.

use yew::prelude::*;

use crate::shared::code_text::code_spans;

use crate::shared::evaluation::{by_kind, plural, Warning};
use crate::shared::first_module::FIRST;

/// Props of [`Warnings`].
#[derive(Properties, PartialEq)]
pub struct WarningsProps {
    /// The warnings, in the order the pipeline found them.
    pub warnings: Vec<Warning>,
}

/// A warning's words. The first module holds no files, so it words only
/// the warnings of typed rankings (the files' words stay out of its code).
fn words(w: &Warning) -> String {
    if FIRST {
        w.typed_words()
            .unwrap_or_else(|| w.kind().name().to_string())
    } else {
        w.to_string()
    }
}

/// The warnings, one line per kind: the kind's first warning on one line
/// (its whole text and the kind's others when opened), so a screen of
/// bullets never stands before the numbers.
#[component]
pub fn Warnings(props: &WarningsProps) -> Html {
    if props.warnings.is_empty() {
        return html! {};
    }
    let n = props.warnings.len();
    html! {
        <div class="warnings" data-testid="warnings" role="status">
            <p class="warnings-title"><strong>{ format!("{} to know about these numbers", plural(n, "thing", "things")) }</strong>
                <span class="hint">{ " (open a line for the whole of it)" }</span></p>
            { for by_kind(&props.warnings).into_iter().map(|(kind, group)| {
                let more = group.len() - 1;
                let mut rest = group.into_iter();
                let first = rest.next().map(words).unwrap_or_default();
                html! {
                    <details class="warning-kind" data-kind={ kind.name() }>
                        <summary>
                            <span class="warning-line" data-testid="warning" data-kind={ kind.name() }>{ code_spans(&first) }</span>
                            if more > 0 {
                                <span class="warning-more">{ format!(" and {} more", more) }</span>
                            }
                        </summary>
                        if more > 0 {
                            <ul>
                                { for rest.map(|w| html! {
                                    <li data-testid="warning" data-kind={ kind.name() }>{ code_spans(&words(w)) }</li>
                                }) }
                            </ul>
                        }
                    </details>
                }
            }) }
        </div>
    }
}
