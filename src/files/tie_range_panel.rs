//! The tie range: how much each value depends on the order of equally
//! scored documents. Each system's mean with its range, the pairs of
//! systems that can swap places by tie order alone, the widest queries
//! (each opens its calculation), and a chart of the per-query ranges. Shown
//! only when some value depends on tie order; the core computes it all
//! ([`TieReport`]).

use std::rc::Rc;

use yew::prelude::*;

use crate::shared::kept_choice::use_kept_choice;

use crate::charts::tie_ranges::{tie_chart, tie_ranges_svg, TieChart};
use crate::results::charts_panel::{chart_size, drawing, theme, use_panel_width};
use crate::results::explanation::Selected;
use crate::shared::dom::use_more_to_the_right;
use crate::shared::evaluation::{
    format_digits, format_value, listed, plural, range_digits, range_ends,
};
use crate::shared::evaluation::{Flip, Metric, SystemResult, TieRange, TieReport};
use crate::shared::evaluation::{TieBreak, MAX_ORDERS};
use crate::shared::same_rc::SameRc;
use crate::shared::sideways::scroll_cue;

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
    let (lo, hi) = range_ends(r.min, r.max);
    format!("{lo} to {hi}")
}

fn range_text_at(r: TieRange, d: usize) -> String {
    format!("{} to {}", format_digits(r.min, d), format_digits(r.max, d))
}

/// The decimals of a column of ranges: as many as its narrowest spread
/// range needs, so that every cell of the column has one precision.
fn column_digits(ranges: impl Iterator<Item = Option<TieRange>>) -> usize {
    ranges
        .flatten()
        .filter(|r| r.is_spread())
        .map(|r| range_digits(r.min, r.max))
        .max()
        .unwrap_or(4)
}

/// A value inside range `r`, with the decimals that show the range.
fn value_in(v: f64, r: Option<TieRange>) -> String {
    format_digits(v, r.map_or(4, |r| range_digits(r.min, r.max)))
}

/// What the panel's parts read.
struct View<'a> {
    systems: &'a [SystemResult],
    report: &'a TieReport,
    /// The measures' names.
    names: Vec<String>,
    /// The measures whose means spread over tie orders.
    spread: Vec<usize>,
    /// Systems with ties, and those a flip involves.
    shown: Vec<usize>,
    /// The means table's scrolling box, and whether columns are hidden to
    /// its right (said above it, as the results table says it).
    scroller: NodeRef,
    more: bool,
    /// The section's width in pixels (the chart's).
    width: u32,
}

impl View<'_> {
    /// The measures neither spread nor refused: one mean for every order.
    fn unmoved(&self) -> Vec<String> {
        (0..self.names.len())
            .filter(|j| {
                !self.spread.contains(j) && self.report.refused.get(*j).is_none_or(|n| *n == 0)
            })
            .map(|j| self.names[j].clone())
            .collect()
    }
}

/// How many of the widest queries are listed before "Show all".
const FIRST_WIDEST: usize = 5;

/// Each shown system's mean and its range, per spread measure.
fn means_table(v: &View) -> Html {
    if v.spread.is_empty() {
        return html! {};
    }
    let digits: Vec<usize> = (0..v.names.len())
        .map(|j| column_digits(v.shown.iter().map(|&i| v.report.means[i][j])))
        .collect();
    // The first mean shown with more decimals than the results table's.
    let finer = v.spread.iter().filter(|&&j| digits[j] > 4).find_map(|&j| {
        v.shown
            .iter()
            .find(|&&i| v.report.means[i][j].is_some_and(|r| r.is_spread()))
            .map(|&i| (i, j))
    });
    let cell = |i: usize, j: usize| {
        let r = v.report.means[i][j];
        html! {
            <td class="num" data-label={ v.names[j].clone() } data-tie-system={ v.systems[i].name.clone() } data-tie-measure={ v.names[j].clone() }
                data-min={ r.map(|r| r.min.to_string()) } data-max={ r.map(|r| r.max.to_string()) }>
                { format_digits(v.systems[i].means[j], digits[j]) }
                <span class="interval">{ match r {
                    Some(r) if r.is_spread() => range_text_at(r, digits[j]),
                    Some(_) => "no tie effect".to_string(),
                    None => "range not computed".to_string(),
                } }</span>
            </td>
        }
    };
    html! {
        <>
        if v.more {
            { scroll_cue("tie-scroll-cue") }
        }
        <div class={ classes!("table-scroll", v.more.then_some("more-right")) } tabindex="0" role="region" aria-label="Means over tie orders" ref={ v.scroller.clone() }>
            <table class="results tie-means stacks" data-testid="tie-means">
                <caption class="visually-hidden">{ "Each mean, and its lowest and highest over the orders of tied documents" }</caption>
                <thead><tr>
                    <th scope="col">{ "System" }</th>
                    <th scope="col" class="num">{ "Queries with ties" }</th>
                    { for v.spread.iter().map(|&j| html! { <th scope="col" class="num">{ v.names[j].clone() }</th> }) }
                </tr></thead>
                <tbody>
                    { for v.shown.iter().map(|&i| html! {
                        <tr>
                            <th scope="row">{ v.systems[i].name.clone() }</th>
                            <td class="num" data-label="Queries with ties">{ format!("{} of {}", v.report.tied_queries[i], v.systems[i].queries.len()) }</td>
                            { for v.spread.iter().map(|&j| cell(i, j)) }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
        if let Some(said) = unmoved_sentence(&v.unmoved()) {
            <p class="hint" data-testid="tie-unmoved">{ said }</p>
        }
        if let Some((i, j)) = finer {
            <p class="hint" data-testid="tie-digits">{ format!(
                "A range that 4 decimals would print with both ends alike gets more, and its mean as many: the results table rounds the same mean to 4 ({} of {} is {} there, {} here).",
                v.names[j], v.systems[i].name, format_value(v.systems[i].means[j]), format_digits(v.systems[i].means[j], digits[j])
            ) }</p>
        }
        </>
    }
}

/// Why a measure has no column: the measures (by name) whose every mean
/// was computed and is the same over tie orders. `None` when each measure
/// has its column or its own refusal note.
fn unmoved_sentence(unmoved: &[String]) -> Option<String> {
    let (verb, them) = match unmoved.len() {
        0 => return None,
        1 => ("has", "it"),
        _ => ("have", "them"),
    };
    Some(format!(
        "{} {verb} one mean whatever the order of tied documents: no column for {them}.",
        listed(unmoved)
    ))
}

/// The pairs of systems that can swap places by tie order alone.
fn flips_list(v: &View) -> Html {
    let report = v.report;
    if report.flips.is_empty() {
        return if v.shown.len() > 1 {
            html! { <p data-testid="tie-no-flips">{ "No pair of systems can swap places by tie order alone." }</p> }
        } else {
            html! {}
        };
    }
    // A system whose mean no order moves is given by its mean alone.
    let side = |i: usize, j: usize| {
        let s = &v.systems[i];
        let r = report.means[i][j];
        match r.filter(TieRange::is_spread) {
            Some(spread) => format!(
                "{} ({}, {})",
                s.name,
                value_in(s.means[j], r),
                range_text(spread)
            ),
            None => format!("{} ({})", s.name, value_in(s.means[j], r)),
        }
    };
    let item = |f: &Flip| {
        html! {
            <li data-measure={ v.names[f.measure].clone() }>
                { format!("{}: {} and {} can come out either way round.", v.names[f.measure],
                    side(f.systems.0, f.measure), side(f.systems.1, f.measure)) }
            </li>
        }
    };
    let n = report.flips.len();
    html! {
        <>
            <h3>{ format!("Pairs that can swap places by tie order alone ({n})") }</h3>
            <ul data-testid="tie-flips">
                { for report.flips.iter().take(FLIPS_LISTED).map(item) }
            </ul>
            // A long list (many measures, many systems) opens on request.
            if n > FLIPS_LISTED {
                <details class="tie-flips-more" data-testid="tie-flips-more">
                    <summary>{ plural(n - FLIPS_LISTED, "more pair", "more pairs") }</summary>
                    <ul>{ for report.flips.iter().skip(FLIPS_LISTED).map(item) }</ul>
                </details>
            }
        </>
    }
}

/// The pairs listed before the rest open on request.
const FLIPS_LISTED: usize = 6;

/// The widest queries, each a button opening its calculation, and the
/// measures whose ranges were refused.
fn widest_list(v: &View, on_select: &Callback<Selected>, all: &UseStateHandle<bool>) -> Html {
    let open = |system: &str, query: &str, measure: usize| {
        let on_select = on_select.clone();
        let target = Selected {
            system: system.to_string(),
            query: Some(query.to_string()),
            measure,
        };
        Callback::from(move |_: MouseEvent| on_select.emit(target.clone()))
    };
    html! {
        <>
            if !v.report.widest.is_empty() {
                <h3>{ "The queries that depend most on tie order" }</h3>
                <ul data-testid="tie-widest">
                    { for v.report.widest.iter().take(if **all { usize::MAX } else { FIRST_WIDEST }).map(|w| {
                        let s = &v.systems[w.system];
                        html! {
                            <li>
                                <button type="button" class="link" data-testid="tie-query"
                                    onclick={ open(&s.name, &w.query, w.measure) }>
                                    { format!("{}, query {}", s.name, w.query) }
                                </button>
                                { format!(": {} is {} as ranked, {} over tie orders.", v.names[w.measure], value_in(w.value, Some(w.range)), range_text(w.range)) }
                            </li>
                        }
                    }) }
                </ul>
                if v.report.widest.len() > FIRST_WIDEST {
                    <button type="button" class="link" data-testid="tie-widest-all" aria-expanded={ all.to_string() }
                        onclick={ { let all = all.clone(); Callback::from(move |_: MouseEvent| all.set(!*all)) } }>
                        { if **all { "Show the first few".to_string() } else { format!("Show all {}", v.report.widest.len()) } }
                    </button>
                }
            }
            { for v.report.refused.iter().enumerate().filter(|(_, n)| **n > 0).map(|(j, n)| html! {
                <p class="warning-note" role="note" data-testid="tie-refused">
                    { format!("{}: the range of {} is not computed: their tied documents allow more than {MAX_ORDERS} distinct orders, and {} has no proved sort that reaches its extremes, so its mean has no range either.",
                        v.names[j], plural(*n, "query", "queries"), v.names[j]) }
                </p>
            }) }
        </>
    }
}

/// Which queries the chart draws, and why not the others.
fn which_queries(chart: &TieChart, measure: &str) -> String {
    let drawn = if chart.queries.len() < chart.spread {
        format!("the {} widest of the {}", chart.queries.len(), chart.spread)
    } else {
        format!("the {}", chart.spread)
    };
    let others = chart.queries_in_all.saturating_sub(chart.spread);
    let rest = match others {
        0 => String::new(),
        1 => format!("; the other one has one {measure} whatever the order"),
        n => format!("; the other {n} have one {measure} whatever the order"),
    };
    format!(
        "Drawn: {drawn} of {} whose {measure} changes with the order of tied documents{rest}.",
        plural(chart.queries_in_all, "query", "queries")
    )
}

/// The per-query chart of measure `j`'s ranges, with its data table.
fn chart_figure(v: &View, j: usize) -> Html {
    let shown_names: Vec<String> = v.shown.iter().map(|&i| v.systems[i].name.clone()).collect();
    let chart = tie_chart(v.systems, &v.shown, j);
    let size = chart_size(v.width, shown_names.len());
    let svg = tie_ranges_svg(&v.names[j], &shown_names, &chart, theme(), size);
    let cell = |x: Option<f64>| {
        x.filter(|x| x.is_finite())
            .map_or("—".to_string(), format_value)
    };
    html! {
        <figure class="chart" data-testid="tie-chart">
            <div class="chart-svg" role="img" aria-label={ format!("{} per query over the orders of tied documents; its data table follows", v.names[j]) }>
                { drawing(svg) }
            </div>
            <figcaption>
                <p class="hint" data-testid="tie-chart-which">{ which_queries(&chart, &v.names[j]) }</p>
                <details>
                    <summary>{ format!("Data: {}", plural(chart.queries.len(), "query", "queries")) }</summary>
                    <table class="results">
                        <thead><tr><th scope="col">{ "System" }</th><th scope="col">{ "Query" }</th>
                            <th scope="col" class="num">{ "As ranked" }</th><th scope="col" class="num">{ "Lowest" }</th>
                            <th scope="col" class="num">{ "Highest" }</th></tr></thead>
                        <tbody>
                            { for chart.queries.iter().enumerate().flat_map(|(q, query)| shown_names.iter().enumerate().map(move |(s, name)| (q, query, s, name))).map(|(q, query, s, name)| {
                                let r = chart.ranges[q][s];
                                html! {
                                    <tr><td>{ name.clone() }</td><td>{ query.clone() }</td>
                                        <td class="num">{ cell(Some(chart.values[q][s])) }</td>
                                        <td class="num">{ cell(r.map(|r| r.0).or(Some(chart.values[q][s]))) }</td>
                                        <td class="num">{ cell(r.map(|r| r.1).or(Some(chart.values[q][s]))) }</td></tr>
                                }
                            }) }
                        </tbody>
                    </table>
                </details>
            </figcaption>
        </figure>
    }
}

/// The panel (nothing when no value depends on tie order).
#[component]
pub fn TieRangePanel(props: &TieRangePanelProps) -> Html {
    // The files door only, never in an embed: kept across reloads.
    let chosen = use_kept_choice("ranklab.view.tie-measure", true, 0);
    let all_widest = use_state(|| false);
    let scroller = use_node_ref();
    let more = use_more_to_the_right(
        scroller.clone(),
        (props.measures.clone(), props.systems.clone()),
    );
    // The chart is drawn at the section's width, as the charts panel
    // draws its own: a phone's chart is not a wide one scaled down.
    let section = use_node_ref();
    let width = use_panel_width(&section);
    let report = &props.report;
    if !report.matters() {
        return html! {};
    }
    let systems = &props.systems;
    let v = View {
        systems,
        report,
        names: props.measures.iter().map(ToString::to_string).collect(),
        spread: (0..props.measures.len())
            .filter(|&j| report.spread.get(j).copied().unwrap_or(false))
            .collect(),
        shown: (0..systems.len())
            .filter(|&i| {
                !systems[i].queries.is_empty()
                    && (report.tied_queries[i] > 0
                        || report
                            .flips
                            .iter()
                            .any(|f| f.systems.0 == i || f.systems.1 == i))
            })
            .collect(),
        scroller,
        more,
        width,
    };
    let mi = v.spread.get(*chosen).or(v.spread.first()).copied();
    let on_measure = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            chosen.set(value.parse().unwrap_or(0));
        })
    };
    html! {
        <section class="tie-range" id="tie-range" aria-labelledby="tie-range-title" data-testid="tie-range" ref={ section }>
            <h2 id="tie-range-title">{ "Tie range" }</h2>
            <p class="hint">
                { format!("Some runs give documents equal scores, so their order is open; the values above put them in one order ({}). ", props.ties.label()) }
                { "Here is each value's lowest and highest over every order of the tied documents: how much a result owes to how its ties happened to be broken." }
            </p>
            { means_table(&v) }
            { flips_list(&v) }
            { widest_list(&v, &props.on_select, &all_widest) }
            if let Some(j) = mi {
                if v.spread.len() > 1 {
                    <label for="tie-chart-measure">{ "Chart of " }</label>
                    <select id="tie-chart-measure" data-testid="tie-chart-measure" onchange={ on_measure }>
                        { for v.spread.iter().enumerate().map(|(k, &m)| html! { <option value={ k.to_string() } selected={ m == j }>{ v.names[m].clone() }</option> }) }
                    </select>
                }
                { chart_figure(&v, j) }
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(drawn: usize, spread: usize, queries_in_all: usize) -> TieChart {
        TieChart {
            queries: (0..drawn).map(|q| format!("q{q}")).collect(),
            values: Vec::new(),
            ranges: Vec::new(),
            spread,
            queries_in_all,
        }
    }

    #[test]
    fn a_measure_without_a_column_is_named_with_why() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(unmoved_sentence(&[]), None);
        assert_eq!(
            unmoved_sentence(&names(&["RR"])).as_deref(),
            Some("RR has one mean whatever the order of tied documents: no column for it.")
        );
        assert_eq!(
            unmoved_sentence(&names(&["P@10", "R@10"])).as_deref(),
            Some("P@10 and R@10 have one mean whatever the order of tied documents: no column for them.")
        );
    }

    #[test]
    fn the_chart_says_which_queries_it_draws() {
        for ((drawn, spread, all, measure), said) in [
            ((6, 6, 8, "AP"), "Drawn: the 6 of 8 queries whose AP changes with the order of tied documents; the other 2 have one AP whatever the order."),
            ((1, 1, 2, "RR"), "Drawn: the 1 of 2 queries whose RR changes with the order of tied documents; the other one has one RR whatever the order."),
            ((40, 57, 300, "nDCG@10"), "Drawn: the 40 widest of the 57 of 300 queries whose nDCG@10 changes with the order of tied documents; the other 243 have one nDCG@10 whatever the order."),
            ((1, 1, 1, "AP"), "Drawn: the 1 of 1 query whose AP changes with the order of tied documents."),
        ] {
            assert_eq!(which_queries(&chart(drawn, spread, all), measure), said);
        }
    }
}
