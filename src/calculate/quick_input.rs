//! The quick-format text area.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::shared::dom::use_kept_in_view;

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

/// Text area where rankings are typed, one line per query. The area holds
/// what is typed: its text is written only when the value comes from
/// elsewhere (the form, an example, a session), so a keystroke in a long
/// text costs no copy of it back into the page.
#[component]
pub fn QuickInput(props: &QuickInputProps) -> Html {
    let area = use_node_ref();
    // What is typed stays in sight when results appear above it.
    use_kept_in_view(area.clone());
    // The text the area holds (as last typed or written): a value equal to
    // it needs no write. None before the first write.
    let held = use_mut_ref(|| None::<String>);
    let oninput = {
        let (held, on_change) = (held.clone(), props.on_change.clone());
        Callback::from(move |e: InputEvent| {
            let text = e.target_unchecked_into::<HtmlTextAreaElement>().value();
            *held.borrow_mut() = Some(text.clone());
            on_change.emit(text);
        })
    };
    {
        let area = area.clone();
        use_effect_with(props.value.clone(), move |value| {
            if held.borrow().as_deref() != Some(value.as_str()) {
                if let Some(el) = area.cast::<HtmlTextAreaElement>() {
                    el.set_value(value);
                    *held.borrow_mut() = Some(value.to_string());
                }
            }
        });
    }
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
                ref={ area }
                { oninput }
            />
        </div>
    }
}
