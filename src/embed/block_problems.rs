//! The problems of a documentation page's calculator block, each where it
//! is in the block (see [`crate::embed::block`]): shown inside the
//! calculator, never a blank box.

use yew::prelude::*;

use crate::embed::block::BlockProblem;
use crate::shared::code_text::code_spans;

/// Props of [`BlockProblems`].
#[derive(Properties, PartialEq)]
pub struct BlockProblemsProps {
    /// The block's problems.
    pub problems: Vec<BlockProblem>,
}

/// The list, or nothing.
#[component]
pub fn BlockProblems(props: &BlockProblemsProps) -> Html {
    if props.problems.is_empty() {
        return html! {};
    }
    html! {
        <div class="errors" role="alert" data-testid="block-problems">
            <p>{ format!("This calculator's block has {}:", crate::shared::evaluation::plural(props.problems.len(), "problem", "problems")) }</p>
            <ul>
                { for props.problems.iter().map(|p| html! {
                    <li>{ format!("line {}, column {}: expected ", p.line, p.column) }{ code_spans(&p.message) }</li>
                }) }
            </ul>
        </div>
    }
}
