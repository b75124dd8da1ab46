//! What an input or a select of the exercise panel holds, from its event.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The chosen option's value of the select that sent `e`.
pub(super) fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// The text of the input that sent `e`.
pub(super) fn input_value(e: &InputEvent) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
}
