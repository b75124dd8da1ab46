//! The quick-format text area.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// Props of [`QuickInput`].
#[derive(Properties, PartialEq)]
pub struct QuickInputProps {
    /// Current text.
    pub value: AttrValue,
    /// Called with the new text on every edit.
    pub on_change: Callback<String>,
    /// Whether the text has located errors (sets `aria-invalid`).
    pub invalid: bool,
}

/// Text area where rankings are typed, one line per query.
#[component]
pub fn QuickInput(props: &QuickInputProps) -> Html {
    let oninput = props
        .on_change
        .reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
    html! {
        <div class="quick-input">
            <label for="quick-input">{ "Rankings (quick format)" }</label>
            <p class="hint" id="quick-input-hint">
                { "One line per query: grades in rank order, e.g. " }
                <code>{ "q1: 3 2 0 1 2" }</code>{ " or " }<code>{ "R N R" }</code>
                { ". After " }<code>{ "|" }</code>{ ": relevant documents that were not retrieved. " }
                <code>{ "[name]" }</code>{ " starts a system." }
            </p>
            <textarea
                id="quick-input"
                data-testid="quick-input"
                aria-describedby="quick-input-hint quick-input-errors"
                aria-invalid={ if props.invalid { "true" } else { "false" } }
                spellcheck="false"
                autocomplete="off"
                rows="16"
                value={ props.value.clone() }
                { oninput }
            />
        </div>
    }
}
