//! Located problems of an input: file (when several inputs share the
//! list), line, column, what was expected and what was found.

use ranklab_core::ParseError;
use yew::prelude::*;

/// Most problems listed (the count says how many there are).
pub const MAX_LISTED: usize = 50;

/// Props of [`ErrorList`].
#[derive(Properties, PartialEq)]
pub struct ErrorListProps {
    /// Problems to show, in input order.
    pub errors: Vec<ParseError>,
    /// Element id (inputs point at it with `aria-describedby`).
    pub id: AttrValue,
    /// `data-testid` of the list.
    pub testid: AttrValue,
    /// Whether to name the input of each problem (files).
    #[prop_or_default]
    pub name_inputs: bool,
    /// When set, each location is a button that shows it in the text.
    #[prop_or_default]
    pub on_locate: Option<Callback<(usize, usize)>>,
}

/// Shows each problem; the other lines still count.
#[component]
pub fn ErrorList(props: &ErrorListProps) -> Html {
    if props.errors.is_empty() {
        return html! { <div id={ props.id.clone() }></div> };
    }
    let n = props.errors.len();
    html! {
        <div id={ props.id.clone() } class="errors" data-testid={ props.testid.clone() } role="alert">
            <p>{ format!("{n} problem{} found; the lines concerned are left out and everything else is evaluated.",
                if n == 1 { "" } else { "s" }) }</p>
            <ul>
                { for props.errors.iter().take(MAX_LISTED).map(|e| html! {
                    <li data-line={ e.line.to_string() } data-column={ e.column.to_string() }>
                        <strong>
                            if props.name_inputs { { format!("{}, ", e.input) } }
                            { match &props.on_locate {
                                Some(cb) => {
                                    let (cb, at) = (cb.clone(), (e.line, e.column));
                                    html! {
                                        <button type="button" class="locate" data-testid="locate"
                                            title="Show this place in the text"
                                            onclick={ Callback::from(move |_: MouseEvent| cb.emit(at)) }>
                                            { format!("Line {}, column {}", e.line, e.column) }
                                        </button>
                                    }
                                }
                                None => html! { { format!("Line {}, column {}", e.line, e.column) } },
                            } }
                            { ": " }
                        </strong>
                        { format!("expected {}, found {}", e.expected,
                            if e.found.is_empty() { "the end of the line".to_string() } else { format!("`{}`", e.found) }) }
                    </li>
                }) }
            </ul>
            if n > MAX_LISTED {
                <p>{ format!("… and {} more.", n - MAX_LISTED) }</p>
            }
        </div>
    }
}
