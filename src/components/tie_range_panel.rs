//! The tie range: how much each value depends on the order of equally
//! scored documents. Each system's mean with its range, the pairs of
//! systems that can swap places by tie order alone, the widest queries
//! (each opens its calculation), and a chart of the per-query ranges. Shown
//! only when some value depends on tie order; the core computes it all
//! ([`TieReport`]).

use std::rc::Rc;

use yew::prelude::*;

use crate::charts::tie_ranges::{range_bars, tie_ranges_svg};
use crate::components::charts_panel::theme;
use crate::components::explanation::Selected;
use crate::evaluation::{format_value, plural, Metric, SystemResult, TieRange, TieReport};
use crate::evaluation::{TieBreak, MAX_ORDERS};
use crate::same_rc::SameRc;

/// Props of [`TieRangePanel`].
#[derive(Properties, PartialEq)]
pub struct TieRangePanelProps {
    /// The measures, in column order.
    pub measures: Rc<Vec<Metric>>,
    /// Every system (the report's indexes are into this list).
    pub systems: SameRc<Vec<SystemResult>>,
    /// The tie report.
    pub report: SameRc<TieReport>,
    /// The tie convention that chose the order shown.
    pub ties: TieBreak,
    /// Opens a value's calculation.
    pub on_select: Callback<Selected>,
}

fn range_text(r: TieRange) -> String {
    format!("{} to {}", format_value(r.min), format_value(r.max))
}

/// The panel (nothing when no value depends on tie order).
#[component]
pub fn TieRangePanel(props: &TieRangePanelProps) -> Html {
    let report = &props.report;
    let spread: Vec<usize> = (0..props.measures.len())
        .filter(|&j| report.spread.get(j).copied().unwrap_or(false))
        .collect();
    let chosen = use_state(|| 0usize);
    if !report.matters() {
        return html! {};
    }
    let systems = &props.systems;
    let names: Vec<String> = props.measures.iter().map(ToString::to_string).collect();
    // Systems with ties, and those a flip involves.
    let shown: Vec<usize> = (0..systems.len())
        .filter(|&i| {
            !systems[i].queries.is_empty()
                && (report.tied_queries[i] > 0
                    || report
                        .flips
                        .iter()
                        .any(|f| f.systems.0 == i || f.systems.1 == i))
        })
        .collect();
    let mi = spread.get(*chosen).or(spread.first()).copied();
    let chart = mi.map(|j| {
        let shown_names: Vec<String> = shown.iter().map(|&i| systems[i].name.clone()).collect();
        let bars = range_bars(systems, &shown, j);
        let svg = tie_ranges_svg(&names[j], &shown_names, &bars, theme(), (720, 340));
        (j, svg, bars)
    });
    let on_measure = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            chosen.set(v.parse().unwrap_or(0));
        })
    };
    let open = |system: &str, query: &str, measure: usize| {
        let on_select = props.on_select.clone();
        let target = Selected {
            system: system.to_string(),
            query: Some(query.to_string()),
            measure,
        };
        Callback::from(move |_: MouseEvent| on_select.emit(target.clone()))
    };
    html! {
        <section class="tie-range" id="tie-range" aria-labelledby="tie-range-title" data-testid="tie-range">
            <h2 id="tie-range-title">{ "Tie range" }</h2>
            <p class="hint">
                { format!("Some runs give documents equal scores, so their order is open; the values above put them in one order ({}). ", props.ties.label()) }
                { "Here is each value's lowest and highest over every order of the tied documents: how much a result owes to how its ties happened to be broken." }
            </p>
            if !spread.is_empty() {
                <div class="table-scroll" tabindex="0" role="region" aria-label="Means over tie orders">
                    <table class="results tie-means" data-testid="tie-means">
                        <caption class="visually-hidden">{ "Each mean, and its lowest and highest over the orders of tied documents" }</caption>
                        <thead><tr>
                            <th scope="col">{ "System" }</th>
                            <th scope="col" class="num">{ "Queries with ties" }</th>
                            { for spread.iter().map(|&j| html! { <th scope="col" class="num">{ names[j].clone() }</th> }) }
                        </tr></thead>
                        <tbody>
                            { for shown.iter().map(|&i| html! {
                                <tr>
                                    <th scope="row">{ systems[i].name.clone() }</th>
                                    <td class="num">{ format!("{} of {}", report.tied_queries[i], systems[i].queries.len()) }</td>
                                    { for spread.iter().map(|&j| {
                                        let r = report.means[i][j];
                                        html! {
                                            <td class="num" data-system={ systems[i].name.clone() } data-measure={ names[j].clone() }
                                                data-min={ r.map(|r| r.min.to_string()) } data-max={ r.map(|r| r.max.to_string()) }>
                                                { format_value(systems[i].means[j]) }
                                                <span class="interval">{ match r {
                                                    Some(r) if r.is_spread() => format!("{} to {}", format_value(r.min), format_value(r.max)),
                                                    Some(_) => "no tie effect".to_string(),
                                                    None => "range not computed".to_string(),
                                                } }</span>
                                            </td>
                                        }
                                    }) }
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            }
            if !report.flips.is_empty() {
                <h3>{ "Pairs that can swap places by tie order alone" }</h3>
                <ul data-testid="tie-flips">
                    { for report.flips.iter().map(|f| {
                        let (a, b) = (&systems[f.systems.0], &systems[f.systems.1]);
                        let r = |i: usize| report.means[i][f.measure].map(range_text).unwrap_or_default();
                        html! {
                            <li data-measure={ names[f.measure].clone() }>
                                { format!("{}: {} ({}, {}) and {} ({}, {}) can come out either way round.",
                                    names[f.measure], a.name, format_value(a.means[f.measure]), r(f.systems.0),
                                    b.name, format_value(b.means[f.measure]), r(f.systems.1)) }
                            </li>
                        }
                    }) }
                </ul>
            } else if shown.len() > 1 {
                <p data-testid="tie-no-flips">{ "No pair of systems can swap places by tie order alone." }</p>
            }
            if !report.widest.is_empty() {
                <h3>{ "The queries that depend most on tie order" }</h3>
                <ul data-testid="tie-widest">
                    { for report.widest.iter().map(|w| {
                        let s = &systems[w.system];
                        html! {
                            <li>
                                <button type="button" class="link" data-testid="tie-query"
                                    onclick={ open(&s.name, &w.query, w.measure) }>
                                    { format!("{}, query {}", s.name, w.query) }
                                </button>
                                { format!(": {} is {} as ranked, {} over tie orders.", names[w.measure], format_value(w.value), range_text(w.range)) }
                            </li>
                        }
                    }) }
                </ul>
            }
            { for report.refused.iter().enumerate().filter(|(_, n)| **n > 0).map(|(j, n)| html! {
                <p class="warning-note" role="note" data-testid="tie-refused">
                    { format!("{}: the range of {} is not computed: their tied documents allow more than {MAX_ORDERS} distinct orders, and {} has no proved sort that reaches its extremes, so its mean has no range either.",
                        names[j], plural(*n, "query", "queries"), names[j]) }
                </p>
            }) }
            if let Some((j, svg, bars)) = chart {
                if spread.len() > 1 {
                    <label for="tie-chart-measure">{ "Chart of " }</label>
                    <select id="tie-chart-measure" data-testid="tie-chart-measure" onchange={ on_measure }>
                        { for spread.iter().enumerate().map(|(k, &m)| html! { <option value={ k.to_string() } selected={ m == j }>{ names[m].clone() }</option> }) }
                    </select>
                }
                <figure class="chart" data-testid="tie-chart">
                    <div class="chart-svg" role="img" aria-label={ format!("{} per query over the orders of tied documents; its data table follows", names[j]) }>
                        { match svg {
                            Ok(svg) => Html::from_html_unchecked(AttrValue::from(svg)),
                            Err(e) => html! {
                                <p class="field-error" role="alert" data-testid="chart-error">
                                    { format!("This chart could not be drawn ({e}); its data table follows.") }
                                </p>
                            },
                        } }
                    </div>
                    <figcaption>
                        <details>
                            <summary>{ format!("Data: {} bars", bars.len()) }</summary>
                            <table class="results">
                                <thead><tr><th scope="col">{ "System" }</th><th scope="col">{ "Query" }</th>
                                    <th scope="col" class="num">{ "As ranked" }</th><th scope="col" class="num">{ "Lowest" }</th>
                                    <th scope="col" class="num">{ "Highest" }</th></tr></thead>
                                <tbody>
                                    { for bars.iter().map(|b| html! {
                                        <tr><td>{ systems[shown[b.system]].name.clone() }</td><td>{ b.query.clone() }</td>
                                            <td class="num">{ format_value(b.value) }</td><td class="num">{ format_value(b.range.0) }</td>
                                            <td class="num">{ format_value(b.range.1) }</td></tr>
                                    }) }
                                </tbody>
                            </table>
                        </details>
                    </figcaption>
                </figure>
            }
        </section>
    }
}
