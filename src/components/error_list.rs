//! Located parse errors of the quick text.

use ranklab_core::ParseError;
use yew::prelude::*;

/// Props of [`ErrorList`].
#[derive(Properties, PartialEq)]
pub struct ErrorListProps {
    /// Problems to show, in input order.
    pub errors: Vec<ParseError>,
}

/// Shows each problem with its line and column; the other lines still count.
#[component]
pub fn ErrorList(props: &ErrorListProps) -> Html {
    if props.errors.is_empty() {
        return html! { <div id="quick-input-errors"></div> };
    }
    let n = props.errors.len();
    html! {
        <div id="quick-input-errors" class="errors" data-testid="errors" role="alert">
            <p>{ format!("{n} line{} could not be read and {} left out; the other lines are evaluated.",
                if n == 1 { "" } else { "s" }, if n == 1 { "is" } else { "are" }) }</p>
            <ul>
                { for props.errors.iter().map(|e| html! {
                    <li data-line={ e.line.to_string() } data-column={ e.column.to_string() }>
                        <strong>{ format!("Line {}, column {}: ", e.line, e.column) }</strong>
                        { format!("expected {}, found {}", e.expected,
                            if e.found.is_empty() { "the end of the line".to_string() } else { format!("`{}`", e.found) }) }
                    </li>
                }) }
            </ul>
        </div>
    }
}
