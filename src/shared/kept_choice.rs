//! A view's choice (which measure a table shows, which chart is open) kept
//! in this browser, so a reload comes back to the view as it was. Only the
//! full page keeps its choices: an embed starts where its page's block says.

use gloo::storage::{LocalStorage, Storage};
use yew::prelude::*;

/// The choice kept under `key` (a localStorage key), `init` when none is
/// kept or `keep` is false; saved whenever it changes while `keep` is true.
/// Choices are indices (a measure among the table's, a chart among the
/// kinds): a view clamps one past its list, as it does for any choice.
#[hook]
pub fn use_kept_choice(key: &'static str, keep: bool, init: usize) -> UseStateHandle<usize> {
    // Written as plain digits (no JSON: the first module carries no
    // decoder of its own for it).
    let choice = use_state(|| {
        keep.then(|| LocalStorage::raw().get_item(key).ok().flatten())
            .flatten()
            .and_then(|text| text.parse().ok())
            .unwrap_or(init)
    });
    use_effect_with((*choice, keep), move |&(c, keep)| {
        if keep {
            let _ = LocalStorage::raw().set_item(key, &c.to_string());
        }
    });
    choice
}
