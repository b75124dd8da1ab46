//! Text whose `backticked` parts are code: the core's messages quote what
//! a reader is to write (`q1:`, `]`) between backticks; the page shows
//! those parts as code instead of the backticks themselves.

use yew::prelude::*;

/// `text` in one `<span>`, each part between two backticks as `<code>`;
/// as it is when its backticks do not pair up (a quoted name holding one,
/// say). The one element keeps the parts, whose number changes with the
/// text, out of the list of its siblings.
pub fn code_spans(text: &str) -> Html {
    if text.matches('`').count() % 2 == 1 {
        return html! { <span>{ text.to_string() }</span> };
    }
    html! {
        <span>
            { for text.split('`').enumerate().map(|(i, part)| match i % 2 {
                1 => html! { <code>{ part.to_string() }</code> },
                _ => html! { { part.to_string() } },
            }) }
        </span>
    }
}
