//! Small helpers over the page's DOM.

use wasm_bindgen::JsCast;

/// Moves the keyboard focus to the element with this id, if there is one.
pub fn focus_by_id(id: &str) {
    if let Some(el) = gloo::utils::document().get_element_by_id(id) {
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
}
