//! Putting the cursor on a located problem of the typed text.

use std::rc::Rc;

use yew::prelude::*;

/// Focuses the quick text and selects from (line, column) to the end of
/// that line (JS selection offsets count UTF-16 units).
pub fn select_in_text(text: &str, line: usize, column: usize) {
    use wasm_bindgen::JsCast;
    let Some(area) = gloo::utils::document()
        .get_element_by_id("quick-input")
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    else {
        return;
    };
    let before: usize = text
        .split('\n')
        .take(line - 1)
        .map(|l| l.encode_utf16().count() + 1)
        .sum();
    let this = text.split('\n').nth(line - 1).unwrap_or("");
    let start = before
        + this
            .chars()
            .take(column - 1)
            .map(char::len_utf16)
            .sum::<usize>();
    let end = before + this.encode_utf16().count();
    let _ = area.focus();
    let _ = area.set_selection_range(start as u32, end.max(start) as u32);
}

/// A located problem to select in the text once the Text tab is shown: set
/// it to `Some((line, column))`; it is cleared once selected.
#[hook]
pub fn use_locate(text: Rc<str>) -> UseStateHandle<Option<(usize, usize)>> {
    let locate = use_state(|| None::<(usize, usize)>);
    {
        let locate = locate.clone();
        use_effect_with(*locate, move |at| {
            if let Some((line, column)) = *at {
                select_in_text(&text, line, column);
                locate.set(None);
            }
        });
    }
    locate
}
