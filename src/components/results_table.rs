//! Systems x measures: the mean of each measure over each system's queries.

use ranklab_core::ResultTable;
use yew::prelude::*;

use crate::view_model::format_value;

/// Props of [`ResultsTable`].
#[derive(Properties, PartialEq)]
pub struct ResultsTableProps {
    /// The evaluated table.
    pub table: ResultTable,
}

/// The summary table. Each value cell carries `data-system`,
/// `data-measure` and `data-value` (full precision) for tests and exports.
#[component]
pub fn ResultsTable(props: &ResultsTableProps) -> Html {
    let t = &props.table;
    if t.systems.iter().all(|s| s.rows.is_empty()) {
        return html! {
            <p class="empty" data-testid="results-empty">
                { "No rankings yet: type one line per query on the left, e.g. " }<code>{ "3 2 0 1 2" }</code>
            </p>
        };
    }
    html! {
        <table class="results" data-testid="results">
            <caption>{ "Mean over each system's queries" }</caption>
            <thead>
                <tr>
                    <th scope="col">{ "System" }</th>
                    <th scope="col" class="num">{ "Queries" }</th>
                    { for t.metrics.iter().map(|m| html! { <th scope="col" class="num">{ m.to_string() }</th> }) }
                </tr>
            </thead>
            <tbody>
                { for t.systems.iter().map(|s| html! {
                    <tr>
                        <th scope="row">{ s.name.clone() }</th>
                        <td class="num" data-system={ s.name.clone() } data-measure="num_q">{ s.rows.len() }</td>
                        { for t.metrics.iter().zip(&s.means).map(|(m, v)| html! {
                            <td class="num"
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
    }
}
