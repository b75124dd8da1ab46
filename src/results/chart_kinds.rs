//! What each chart of the panel shows: its title, its drawing (or why it
//! could not be drawn) and its data table, from the systems' values, the
//! core's chart data and the settings. The panel lays out and handles
//! input; the numbers come from the core (`chart_data`).

use yew::prelude::*;

use crate::charts::curves::curves_svg;
use crate::charts::discounts::{
    discounts_svg, gain_curves, lines_svg, standard_curves, Curve, Marks,
};
use crate::charts::distribution::distribution_svg;
use crate::charts::per_measure::{per_measure_svg, PerMeasure, TITLE};
use crate::charts::ranks::ranks_svg;
use crate::charts::scatter::scatter_svg;
use crate::charts::{tag_marks, xml_attr};
use crate::charts::{Interval, Theme};
use crate::settings::{ErrStop, IntervalChoice, NdcgDiscount, Settings};
use crate::shared::evaluation::exports::ShownIntervals;
use crate::shared::evaluation::{
    format_digits, format_value, paired_values, range_digits, stop_weights, system_ranks, Metric,
    StatsReport, StopProbability, SystemResult,
};
use crate::shared::sideways::Sideways;

#[derive(Clone, Copy, PartialEq)]
pub enum Kind {
    Comparison,
    Ranks,
    Curves,
    Distribution,
    Scatter,
    Discounts,
    Gains,
}

impl Kind {
    /// Every kind, in the order of the panel's buttons (a kept choice is
    /// an index into it).
    pub const ALL: [Kind; 7] = [
        Kind::Comparison,
        Kind::Ranks,
        Kind::Curves,
        Kind::Distribution,
        Kind::Scatter,
        Kind::Discounts,
        Kind::Gains,
    ];
}

/// What a chart is drawn from.
pub(crate) struct ChartInputs<'a> {
    /// The settings (cutoffs, gains, discount, ERR, intervals).
    pub settings: &'a Settings,
    /// The statistics of each measure (for intervals).
    pub stats: &'a [StatsReport],
    /// The measures.
    pub measures: &'a [Metric],
    /// The systems with values.
    pub shown: &'a [&'a SystemResult],
    /// Their names.
    pub names: &'a [String],
    /// The measures' names.
    pub measure_names: &'a [String],
    /// The chosen measure.
    pub mi: usize,
    /// The largest cutoff shown.
    pub k_max: usize,
    /// Light or dark.
    pub theme: Theme,
    /// Pixel size.
    pub size: (u32, u32),
    /// The measure family of the Measure@k chart.
    pub family: &'a str,
    /// Each shown system's mean of that family at k = 1..=`k_max`.
    pub curves: &'a [Vec<f64>],
    /// The two systems of the scatter chart (A, B).
    pub pair: (usize, usize),
    /// The query of the ERR stopping chart.
    pub stop_query: usize,
}

/// What a chart is: its title, its SVG (or why it could not be drawn), its
/// data table.
pub(crate) type Chart = (&'static str, Result<String, String>, Html);

/// The chart of one kind.
pub(crate) fn chart_of(kind: Kind, inputs: &ChartInputs<'_>) -> Chart {
    match kind {
        Kind::Comparison => comparison_chart(inputs),
        Kind::Ranks => ranks_chart(inputs),
        Kind::Curves => curves_chart(inputs),
        Kind::Distribution => distribution_chart(inputs),
        Kind::Scatter => scatter_chart(inputs),
        Kind::Discounts => discounts_chart(inputs),
        Kind::Gains => gains_chart(inputs),
    }
}

/// The comparison chart: per measure, each system's mean with the interval
/// of the statistics settings (the t interval when the table shows none)
/// and its range over tie orders where tie order changes it; the data
/// table beside it gives every bound.
fn comparison_chart(inputs: &ChartInputs<'_>) -> Chart {
    let ChartInputs {
        settings,
        stats,
        measures,
        shown,
        names,
        measure_names,
        theme: th,
        size,
        ..
    } = *inputs;
    let values: Vec<Vec<f64>> = shown.iter().map(|s| s.means.clone()).collect();
    // The bootstrap interval when the table shows it, else the t interval.
    let of = ShownIntervals {
        reports: stats,
        bootstrap: settings.stats.interval == IntervalChoice::Bootstrap,
        level: settings.stats.level,
    };
    let intervals: Vec<Vec<Interval>> = (0..shown.len())
        .map(|s| (0..measures.len()).map(|m| of.of(m, s)).collect())
        .collect();
    let ties: Vec<Vec<Interval>> = shown
        .iter()
        .map(|s| {
            measures
                .iter()
                .enumerate()
                .map(|(m, metric)| {
                    s.mean_range(m, metric)
                        .filter(|r| r.is_spread())
                        .map(|r| (r.min, r.max))
                })
                .collect()
        })
        .collect();
    let interval_name = format!(
        "{:.0}% {} interval",
        settings.stats.level * 100.0,
        if of.bootstrap { "bootstrap" } else { "t" }
    );
    let svg = per_measure_svg(
        &PerMeasure {
            measures: measure_names,
            systems: names,
            values: &values,
            intervals: &intervals,
            ties: &ties,
            interval_name: &interval_name,
        },
        th,
        size,
    );
    // The means' marks are the last rects, measure by measure, system by system.
    let tags: Vec<String> = (0..measure_names.len())
        .flat_map(|m| (0..names.len()).map(move |sy| (m, sy)))
        .map(|(m, sy)| {
            format!(
                "data-system=\"{}\" data-measure=\"{m}\" aria-label=\"{}, {}: {}\"",
                xml_attr(&names[sy]),
                xml_attr(&names[sy]),
                xml_attr(&measure_names[m]),
                format_value(values[sy][m])
            )
        })
        .collect();
    let svg = svg.map(|svg| {
        let skip = svg.matches("<rect").count().saturating_sub(tags.len());
        tag_marks(&svg, "<rect", skip, &tags)
    });
    (
        TITLE,
        svg,
        interval_table(
            &interval_name,
            names,
            measure_names,
            &values,
            &intervals,
            &ties,
        ),
    )
}

/// The comparison chart's data: per measure and system, the mean, its
/// interval and its range over tie orders (each bound in a `data-`
/// attribute too, at full precision).
fn interval_table(
    interval_name: &str,
    names: &[String],
    measure_names: &[String],
    values: &[Vec<f64>],
    intervals: &[Vec<Interval>],
    ties: &[Vec<Interval>],
) -> Html {
    let bound = |b: Option<f64>| b.map_or("—".to_string(), format_value);
    // A range over tie orders is as narrow as a tie makes it: both ends
    // with the decimals that tell them apart (up to 10).
    let tie_end = |t: Option<(f64, f64)>, high: bool| {
        t.map_or("—".to_string(), |(lo, hi)| {
            format_digits(if high { hi } else { lo }, range_digits(lo, hi))
        })
    };
    let attr = |b: Option<f64>| b.map(|v| v.to_string());
    // No mean is below 0: an interval that reaches there says how few the
    // queries are, and the caption says so where it is read.
    let below_zero = intervals.iter().flatten().flatten().any(|i| i.0 < 0.0);
    let caption = format!(
        "Means over queries, {interval_name}s, and each mean's lowest and highest over tie orders where tie order changes it{}",
        if below_zero {
            ". An interval below 0 is not a possible mean: it is that wide because the queries are few (see Statistics)"
        } else {
            ""
        }
    );
    html! {
        <details class="chart-data" open=true>
            <summary>{ "Data table" }</summary>
            // The caption above the scrolling box (inside it, it is as wide
            // as the table and cut at the box's edge on a phone), and read
            // with the table by screen readers.
            <p class="table-caption" aria-hidden="true">{ caption.clone() }</p>
            <Sideways label="Chart data" size={ measure_names.len() * names.len() }>
                <table class="results" data-testid="chart-data">
                    <caption class="visually-hidden">{ caption }</caption>
                    <thead><tr>
                        <th scope="col">{ "Measure" }</th><th scope="col">{ "System" }</th>
                        <th scope="col" class="num">{ "Mean" }</th>
                        <th scope="col" class="num">{ "Interval low" }</th><th scope="col" class="num">{ "Interval high" }</th>
                        <th scope="col" class="num">{ "Tie order low" }</th><th scope="col" class="num">{ "Tie order high" }</th>
                    </tr></thead>
                    <tbody>
                        { for measure_names.iter().enumerate().flat_map(|(m, measure)| names.iter().enumerate().map(move |(s, name)| {
                            let iv = intervals[s][m];
                            let tie = ties[s][m];
                            html! {
                                <tr data-testid="chart-row" data-measure={ measure.clone() } data-system={ name.clone() }
                                    data-lo={ attr(iv.map(|i| i.0)) } data-hi={ attr(iv.map(|i| i.1)) }
                                    data-tie-min={ attr(tie.map(|t| t.0)) } data-tie-max={ attr(tie.map(|t| t.1)) }>
                                    <th scope="row">{ measure.clone() }</th>
                                    <td>{ name.clone() }</td>
                                    <td class="num">{ format_value(values[s][m]) }</td>
                                    <td class="num">{ bound(iv.map(|i| i.0)) }</td>
                                    <td class="num">{ bound(iv.map(|i| i.1)) }</td>
                                    <td class="num">{ tie_end(tie, false) }</td>
                                    <td class="num">{ tie_end(tie, true) }</td>
                                </tr>
                            }
                        })) }
                    </tbody>
                </table>
            </Sideways>
        </details>
    }
}

/// The ranks chart.
fn ranks_chart(inputs: &ChartInputs<'_>) -> Chart {
    let ChartInputs {
        measures,
        shown,
        names,
        measure_names,
        theme: th,
        size,
        ..
    } = *inputs;
    let table = system_ranks(shown, measures);
    let svg = ranks_svg(measure_names, names, &table, th, size);
    let rows = names
        .iter()
        .cloned()
        .zip(
            table
                .iter()
                .map(|r| r.iter().map(usize::to_string).collect()),
        )
        .collect();
    (
        "Rank of each system under each measure",
        svg,
        data_table(
            "Rank of each system under each measure (1 = best)".into(),
            measure_names.to_vec(),
            rows,
        ),
    )
}

/// The Measure@k curves.
fn curves_chart(inputs: &ChartInputs<'_>) -> Chart {
    let ChartInputs {
        names,
        k_max,
        theme: th,
        size,
        family,
        curves,
        ..
    } = *inputs;
    let svg = curves_svg(family, names, curves, th, size);
    let cols = (1..=k_max).map(|k| format!("{}@{k}", family)).collect();
    let rows = names.iter().cloned().zip(curves.iter().cloned()).collect();
    (
        "Measure at every cutoff",
        svg,
        data_table(format!("Mean {}@k", family), cols, printed(rows)),
    )
}

/// The per-query distribution of the chosen measure.
fn distribution_chart(inputs: &ChartInputs<'_>) -> Chart {
    let ChartInputs {
        shown,
        names,
        measure_names,
        mi,
        theme: th,
        size,
        ..
    } = *inputs;
    let values: Vec<Vec<f64>> = shown
        .iter()
        .map(|s| s.queries.iter().map(|q| q.values[mi]).collect())
        .collect();
    let svg = distribution_svg(&measure_names[mi], names, &values, th, size);
    let qmax = values.iter().map(Vec::len).max().unwrap_or(0);
    // A column is named by its query where every system has the same query
    // there (as typed or loaded); else by its position.
    let cols = (0..qmax)
        .map(|i| {
            let mut ids = shown.iter().map(|s| s.queries.get(i).map(|q| &q.id));
            match ids.next().flatten() {
                Some(id) if ids.all(|o| o == Some(id)) => id.to_string(),
                _ => format!("#{}", i + 1),
            }
        })
        .collect();
    let rows = names.iter().cloned().zip(values).collect();
    (
        "Per-query distribution",
        svg,
        data_table(
            format!("Per-query {} in query order", measure_names[mi]),
            cols,
            printed(rows),
        ),
    )
}

/// The per-query scatter of two systems.
fn scatter_chart(inputs: &ChartInputs<'_>) -> Chart {
    let ChartInputs {
        shown,
        measure_names,
        mi,
        theme: th,
        size,
        pair,
        ..
    } = *inputs;
    let (ia, ib) = (pair.0.min(shown.len() - 1), pair.1.min(shown.len() - 1));
    let (sa, sb) = (shown[ia], shown[ib]);
    let points = paired_values(sa, sb, mi);
    // A system against itself is no comparison: said in the chart's place.
    let svg = if ia == ib {
        Err(if shown.len() < 2 {
            "A vs B compares two systems, and there is only one: add or load another".to_string()
        } else {
            "A and B are the same system: choose another for B".to_string()
        })
    } else {
        scatter_svg(&measure_names[mi], &sa.name, &sb.name, &points, th, size)
    };
    let tags: Vec<String> = points
            .iter()
            .map(|p| format!(
                "data-system=\"{}\" data-measure=\"{mi}\" data-query=\"{}\" aria-label=\"{}: {} {}, {} {}\"",
                xml_attr(&sa.name), xml_attr(&p.query), xml_attr(&p.query), xml_attr(&sa.name), format_value(p.a), xml_attr(&sb.name), format_value(p.b)
            ))
            .collect();
    let svg = svg.map(|svg| tag_marks(&svg, "<circle", 0, &tags));
    let cols = vec![sa.name.clone(), sb.name.clone()];
    let rows = points
        .iter()
        .map(|p| (p.query.clone(), vec![p.a, p.b]))
        .collect();
    (
        "A against B per query",
        svg,
        // The chart's title, with the names whole.
        data_table(
            format!(
                "{} per query: {} vs {}",
                measure_names[mi], sa.name, sb.name
            ),
            cols,
            printed(rows),
        ),
    )
}

/// The discounts (and ERR's stopping probabilities) chart.
fn discounts_chart(inputs: &ChartInputs<'_>) -> Chart {
    let ChartInputs {
        settings,
        shown,
        theme: th,
        size,
        pair,
        stop_query,
        ..
    } = *inputs;
    let mut curves = standard_curves(20, settings.rbp_p);
    // The discount nDCG uses, when the settings chose another.
    let discount = settings.discount;
    if discount != NdcgDiscount::Log2 && discount != NdcgDiscount::Reciprocal {
        let d = discount.core();
        curves.insert(
            0,
            Curve {
                label: format!("{} (your nDCG)", d.describe().replace(' ', "")),
                weights: (1..=20).map(|r| d.at(r)).collect(),
            },
        );
    }
    // ERR's probability of stopping at each rank, for a query of system A.
    let sys = shown[pair.0.min(shown.len() - 1)];
    if let Some(q) = sys
        .queries
        .get(stop_query.min(sys.queries.len().saturating_sub(1)))
    {
        let gmax = settings.err_gmax.unwrap_or(sys.max_grade);
        let stop_at = match settings.err_stop {
            ErrStop::Exponential => StopProbability::Exponential { gmax },
            ErrStop::Sigmoid { alpha, beta } => StopProbability::Sigmoid { alpha, beta },
        };
        curves.push(Curve {
            label: format!("ERR P(stop), {} {}", sys.name, q.id),
            weights: stop_weights(q, settings.relevance_level, 20, stop_at),
        });
    }
    let svg = discounts_svg("Weight of each rank", &curves, th, size);
    let cols = (1..=20).map(|r| r.to_string()).collect();
    let rows = curves
        .iter()
        .map(|c| (c.label.clone(), c.weights.clone()))
        .collect();
    (
        "Rank discounts",
        svg,
        data_table("Weight at ranks 1 to 20".into(), cols, printed(rows)),
    )
}

/// The gains chart.
fn gains_chart(inputs: &ChartInputs<'_>) -> Chart {
    let ChartInputs {
        settings,
        theme: th,
        size,
        ..
    } = *inputs;
    let max = settings.scale_max.max(1);
    let curves = gain_curves(max);
    // The data table's caption is the title, which a phone's chart shortens.
    let title = format!("Gain of each grade (scale 0 to {max}), as a share of the top grade's");
    let svg = lines_svg(
        &title,
        ("Grade", "Gain / gain of the top grade", "Gains"),
        0,
        &curves,
        Marks::Points,
        th,
        size,
    );
    let cols = (0..=max).map(|g| g.to_string()).collect();
    let rows = curves
        .iter()
        .map(|c| (c.label.clone(), c.weights.clone()))
        .collect();
    ("Gains", svg, data_table(title, cols, printed(rows)))
}

/// A chart's values as its data table prints them: 4 decimals.
fn printed(rows: Vec<(String, Vec<f64>)>) -> Vec<(String, Vec<String>)> {
    rows.into_iter()
        .map(|(name, vals)| (name, vals.into_iter().map(format_value).collect()))
        .collect()
}

/// A chart's data table: a row per series, its cells as printed (ranks
/// are whole numbers, other values [`printed`]).
fn data_table(caption: String, columns: Vec<String>, rows: Vec<(String, Vec<String>)>) -> Html {
    html! {
        <details class="chart-data">
            <summary>{ "Data table" }</summary>
            <p class="table-caption" aria-hidden="true">{ caption.clone() }</p>
            <Sideways label="Chart data" size={ rows.len() * (columns.len() + 1) }>
                <table class="results" data-testid="chart-data">
                    <caption class="visually-hidden">{ caption }</caption>
                    <thead><tr><th scope="col">{ "" }</th>{ for columns.iter().map(|c| html! { <th scope="col" class="num">{ c.clone() }</th> }) }</tr></thead>
                    <tbody>
                        { for rows.iter().map(|(name, vals)| html! {
                            <tr><th scope="row">{ name.clone() }</th>{ for vals.iter().map(|v| html! { <td class="num">{ v.clone() }</td> }) }</tr>
                        }) }
                    </tbody>
                </table>
            </Sideways>
        </details>
    }
}
