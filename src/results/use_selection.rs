//! Which value's explanation is open: opening one gives it the focus, so
//! keyboard users land on it; closing it gives the focus back to the
//! control that opened it (drilling down inside the explanation keeps the
//! first one). The callbacks keep their identity from render to render, so
//! a keystroke that changes no result re-renders none of the result views.

use yew::prelude::*;

use crate::results::explanation::Selected;
use crate::shared::dom::focus_by_id;

/// The open explanation's target, the callback that opens one and the one
/// that closes it.
#[hook]
pub fn use_selection() -> (
    UseStateHandle<Option<Selected>>,
    Callback<Selected>,
    Callback<()>,
) {
    let selected = use_state(|| None::<Selected>);
    {
        // A new explanation takes the focus, so keyboard users land on it.
        let target = (*selected).clone();
        use_effect_with(target, |t| {
            if t.is_some() {
                focus_by_id("explanation");
            }
        });
    }
    // The control that opened the explanation: closing it gives it the
    // focus back (drilling down inside the explanation keeps the first one).
    let opener = use_mut_ref(|| None::<web_sys::HtmlElement>);
    // The callbacks handed to the result views keep their identity from
    // render to render (use_callback), so a keystroke that changes no
    // result re-renders none of them.
    let on_select = {
        let opener = opener.clone();
        use_callback(selected.setter(), move |s: Selected, selected| {
            let mut o = opener.borrow_mut();
            if o.is_none() {
                use wasm_bindgen::JsCast;
                *o = gloo::utils::document()
                    .active_element()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            }
            selected.set(Some(s))
        })
    };
    let on_close = {
        let opener = opener.clone();
        use_callback(selected.setter(), move |_: (), selected| {
            selected.set(None);
            if let Some(e) = opener.borrow_mut().take() {
                let _ = e.focus();
            }
        })
    };
    (selected, on_select, on_close)
}
