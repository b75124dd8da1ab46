//! A copy button beside a snippet, named for what it copies: puts the text on the clipboard and says
//! so, or, where the browser refuses (no permission, an insecure page),
//! says to select the text and copy it by hand.

use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// Props of [`CopyButton`].
#[derive(Properties, PartialEq)]
pub struct CopyButtonProps {
    /// What the button copies.
    pub text: AttrValue,
    /// The button's `data-testid`.
    pub testid: AttrValue,
    /// The button's words, naming what it copies ("Copy the snippet"): a
    /// phone's menu showed "Copy link" above a plain "Copy".
    pub what: AttrValue,
}

/// What the last click did.
#[derive(Clone, Copy, PartialEq)]
enum Copied {
    Not,
    Done,
    Refused,
}

/// The button, and a short status after it.
#[component]
pub fn CopyButton(props: &CopyButtonProps) -> Html {
    let copied = use_state(|| Copied::Not);
    {
        // A new text has not been copied yet.
        let copied = copied.clone();
        use_effect_with(props.text.clone(), move |_| copied.set(Copied::Not));
    }
    let onclick = {
        let (text, copied) = (props.text.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            let promise = gloo::utils::window()
                .navigator()
                .clipboard()
                .write_text(&text);
            let copied = copied.clone();
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(match JsFuture::from(promise).await {
                    Ok(_) => Copied::Done,
                    Err(_) => Copied::Refused,
                });
            });
        })
    };
    html! {
        <span class="copy">
            <button type="button" data-testid={ props.testid.clone() } { onclick }>{ props.what.clone() }</button>
            <span class="copy-status" role="status">{ match *copied {
                Copied::Not => "",
                Copied::Done => "Copied.",
                Copied::Refused => "The browser did not allow copying: select the text and press Ctrl+C (⌘C).",
            } }</span>
        </span>
    }
}
