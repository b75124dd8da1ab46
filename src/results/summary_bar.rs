//! On a phone the input comes after the results: while a student types, a
//! bar at the top of the screen keeps the first measures of each system in
//! view, so a changed grade shows its effect at once (shown by CSS at
//! phone widths only).

use std::rc::Rc;

use crate::shared::evaluation::Metric;
use yew::prelude::*;

use crate::shared::evaluation::{format_value, with_queries, SystemResult};
use crate::shared::same_rc::SameRc;
use crate::shared::system_name::system_name;

/// Characters of a name the bar shows on a narrow screen (its box is 12
/// characters wide there).
const SUMMARY_NARROW: usize = 11;

/// Measures and systems the bar shows at most.
const MEASURES: usize = 3;
const SYSTEMS: usize = 4;

/// Props of [`SummaryBar`].
#[derive(Properties, PartialEq)]
pub struct SummaryBarProps {
    /// Measures, in the results table's order.
    pub measures: Rc<Vec<Metric>>,
    /// Systems, as the results table lists them.
    pub systems: SameRc<Vec<SystemResult>>,
}

/// The compact summary.
#[component]
pub fn SummaryBar(props: &SummaryBarProps) -> Html {
    let shown: Vec<&SystemResult> = with_queries(&props.systems);
    if shown.is_empty() || props.measures.is_empty() {
        return html! {};
    }
    let n = props.measures.len().min(MEASURES);
    let more = shown.len().saturating_sub(SYSTEMS);
    html! {
        <div class="summary-bar" data-testid="summary-bar" aria-label="Results summary">
            <table>
                <thead><tr>
                    <th scope="col"><a href="#results-title">{ "Results ↑" }</a></th>
                    { for props.measures[..n].iter().map(|m| html! { <th scope="col" class="num">{ m.to_string() }</th> }) }
                </tr></thead>
                <tbody>
                    { for shown.iter().take(SYSTEMS).map(|s| html! {
                        <tr>
                            <th scope="row">{ system_name(&s.name, SUMMARY_NARROW) }</th>
                            { for s.means[..n].iter().zip(&props.measures[..n]).map(|(v, m)| html! {
                                <td class="num" data-summary-system={ s.name.clone() } data-summary-measure={ m.to_string() }>{ format_value(*v) }</td>
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
            if more > 0 {
                <p class="hint">{ format!("and {} more", crate::shared::evaluation::plural(more, "system", "systems")) }</p>
            }
        </div>
    }
}
