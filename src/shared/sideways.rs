//! A table that may be wider than the screen (a phone's, most often): it
//! scrolls sideways in its own box, and while columns are hidden past the
//! box's right edge a line above it says so, as the results table's does.

use yew::prelude::*;

use crate::shared::dom::use_more_to_the_right;

/// The line above a box whose table has columns hidden to the right
/// (`testid`: its `data-testid`).
pub fn scroll_cue(testid: &'static str) -> Html {
    html! {
        <p class="scroll-cue" data-testid={ testid } aria-hidden="true">{ "More columns to the right: scroll the table sideways →" }</p>
    }
}

/// Props of [`Sideways`].
#[derive(Properties, PartialEq)]
pub struct SidewaysProps {
    /// The box's name for screen readers ("Steps").
    pub label: AttrValue,
    /// How big the table is (its cells, say): the box is measured again
    /// when it changes.
    pub size: usize,
    /// The table.
    pub children: Html,
}

/// The scrolling box, and the line about columns hidden to the right.
#[component]
pub fn Sideways(props: &SidewaysProps) -> Html {
    let node = use_node_ref();
    let more = use_more_to_the_right(node.clone(), props.size);
    html! {
        <>
            if more {
                { scroll_cue("sideways-cue") }
            }
            <div class={ classes!("table-scroll", more.then_some("more-right")) } tabindex="0" role="region"
                aria-label={ props.label.clone() } ref={ node }>
                { props.children.clone() }
            </div>
        </>
    }
}
