//! Per-query values of each system.

use ranklab_core::ResultTable;
use yew::prelude::*;

use crate::view_model::format_value;

/// Props of [`QueryTables`].
#[derive(Properties, PartialEq)]
pub struct QueryTablesProps {
    /// The evaluated table.
    pub table: ResultTable,
}

/// One collapsible per-query table per system.
#[component]
pub fn QueryTables(props: &QueryTablesProps) -> Html {
    let t = &props.table;
    html! {
        <div class="per-query">
            { for t.systems.iter().filter(|s| !s.rows.is_empty()).map(|s| html! {
                <details>
                    <summary>{ format!("{}: per query ({})", s.name, s.rows.len()) }</summary>
                    <table class="results per-query-table" data-testid="per-query" data-system={ s.name.clone() }>
                        <thead>
                            <tr>
                                <th scope="col">{ "Query" }</th>
                                { for t.metrics.iter().map(|m| html! { <th scope="col" class="num">{ m.to_string() }</th> }) }
                            </tr>
                        </thead>
                        <tbody>
                            { for s.rows.iter().map(|row| html! {
                                <tr>
                                    <th scope="row">{ row.query.clone() }</th>
                                    { for row.values.iter().map(|v| html! {
                                        <td class="num" data-value={ v.to_string() }>{ format_value(*v) }</td>
                                    }) }
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </details>
            }) }
        </div>
    }
}
