//! Systems x measures: each measure summarised over each system's queries.

use std::rc::Rc;

use ranklab_core::Metric;
use yew::prelude::*;

use crate::evaluation::{format_value, Source, SystemResult};

/// Props of [`ResultsTable`].
#[derive(Properties, PartialEq)]
pub struct ResultsTableProps {
    /// Measures, in column order.
    pub measures: Rc<Vec<Metric>>,
    /// Systems: typed ones first, then runs.
    pub systems: Rc<Vec<SystemResult>>,
}

/// The summary table. Each value cell carries `data-system`,
/// `data-measure` and `data-value` (full precision) for tests and exports;
/// the best value of each column is marked.
#[component]
pub fn ResultsTable(props: &ResultsTableProps) -> Html {
    let systems: Vec<&SystemResult> = props
        .systems
        .iter()
        .filter(|s| !s.queries.is_empty())
        .collect();
    if systems.is_empty() {
        return html! {
            <p class="empty" data-testid="results-empty">
                { "No rankings yet: add a system in the form, type a line such as " }<code>{ "q1: 3 2 0 1 2" }</code>
                { " in the text, or load a qrels file and a run." }
            </p>
        };
    }
    let best: Vec<Option<f64>> = props
        .measures
        .iter()
        .enumerate()
        .map(|(j, m)| {
            let vals = systems.iter().map(|s| s.means[j]).filter(|v| v.is_finite());
            if systems.len() < 2 {
                None
            } else if m.higher_is_better() {
                vals.fold(None, |a: Option<f64>, v| Some(a.map_or(v, |a| a.max(v))))
            } else {
                vals.fold(None, |a: Option<f64>, v| Some(a.map_or(v, |a| a.min(v))))
            }
        })
        .collect();
    html! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="Results table">
        <table class="results" data-testid="results">
            <caption>{ "Each measure over each system's queries (mean; counts summed). Best in bold." }</caption>
            <thead>
                <tr>
                    <th scope="col">{ "System" }</th>
                    <th scope="col" class="num">{ "Queries" }</th>
                    { for props.measures.iter().map(|m| html! { <th scope="col" class="num">{ m.to_string() }</th> }) }
                </tr>
            </thead>
            <tbody>
                { for systems.iter().map(|s| html! {
                    <tr>
                        <th scope="row">
                            { s.name.clone() }
                            if s.source == Source::File { <span class="source">{ " (file)" }</span> }
                        </th>
                        <td class="num" data-system={ s.name.clone() } data-measure="num_q">{ s.queries.len() }</td>
                        { for props.measures.iter().zip(&s.means).zip(&best).map(|((m, v), b)| html! {
                            <td class={ classes!("num", (*b == Some(*v)).then_some("best")) }
                                data-system={ s.name.clone() }
                                data-measure={ m.to_string() }
                                data-value={ v.to_string() }>
                                { format_value(*v) }
                            </td>
                        }) }
                    </tr>
                }) }
            </tbody>
        </table>
        </div>
    }
}
