//! The cutoff k used by nDCG@k, P@k and R@k.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::state::{parse_k, K_RANGE};

/// Props of [`CutoffField`].
#[derive(Properties, PartialEq)]
pub struct CutoffFieldProps {
    /// The k in use.
    pub k: usize,
    /// Called with the field's raw text on every edit.
    pub on_change: Callback<String>,
}

/// Number field for k, with a message while the typed text is not a valid k.
#[component]
pub fn CutoffField(props: &CutoffFieldProps) -> Html {
    let raw = use_state(|| props.k.to_string());
    let problem = parse_k(&raw).err();
    let oninput = {
        let raw = raw.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |e: InputEvent| {
            let text = e.target_unchecked_into::<HtmlInputElement>().value();
            raw.set(text.clone());
            on_change.emit(text);
        })
    };
    html! {
        <div class="cutoff-field">
            <label for="cutoff-k">{ "Cutoff k" }</label>
            <input
                id="cutoff-k"
                data-testid="cutoff-k"
                type="number"
                min={ K_RANGE.0.to_string() }
                max={ K_RANGE.1.to_string() }
                value={ (*raw).clone() }
                aria-invalid={ if problem.is_some() { "true" } else { "false" } }
                { oninput }
            />
            <span class="hint">{ format!("used by nDCG@k, P@k and R@k (now {})", props.k) }</span>
            if let Some(p) = problem {
                <p class="field-error" role="alert">{ p }</p>
            }
        </div>
    }
}
