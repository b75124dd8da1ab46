//! Per-query tie ranges: for one measure, each query whose value depends on
//! the order of tied documents, as a bar from the lowest to the highest
//! value over those orders, with the value as ranked marked on it; one
//! colour and marker per system, side by side within a query.

use plotters::prelude::*;

use super::{
    builder, colour, draw_marker, drew, name_legend, render, short, upper, Size, Swatch, Theme,
};
use crate::evaluation::{SystemResult, TieRange};
use crate::styled_mesh;

/// The most queries the chart draws (the widest first beyond that).
pub const CHART_QUERIES: usize = 40;

/// One query's bar: its system (index into the chart's systems), its id,
/// its value as ranked and its range.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeBar {
    /// The system's index.
    pub system: usize,
    /// The query id.
    pub query: String,
    /// The value as ranked.
    pub value: f64,
    /// Lowest and highest value over the tie orders.
    pub range: (f64, f64),
}

/// The bars of the chart for measure `j`: each spread query of each
/// system, queries in their first system's order, at most
/// [`CHART_QUERIES`] queries (the widest).
pub fn range_bars(systems: &[SystemResult], shown: &[usize], j: usize) -> Vec<RangeBar> {
    let mut widest: Vec<(f64, &str)> = Vec::new();
    for &i in shown {
        for q in &systems[i].queries {
            if let Some(r) = q.range(j).filter(TieRange::is_spread) {
                match widest.iter_mut().find(|w| w.1 == q.id) {
                    Some(w) => w.0 = w.0.max(r.width()),
                    None => widest.push((r.width(), &q.id)),
                }
            }
        }
    }
    widest.sort_by(|a, b| b.0.total_cmp(&a.0));
    widest.truncate(CHART_QUERIES);
    let mut out = Vec::new();
    for (slot, &i) in shown.iter().enumerate() {
        for q in &systems[i].queries {
            if !widest.iter().any(|w| w.1 == q.id) {
                continue;
            }
            if let Some(r) = q.range(j).filter(TieRange::is_spread) {
                out.push(RangeBar {
                    system: slot,
                    query: q.id.clone(),
                    value: q.values[j],
                    range: (r.min, r.max),
                });
            }
        }
    }
    out
}

/// The chart as SVG; `bars` in the order drawn (queries along the x axis,
/// a query's systems side by side).
pub fn tie_ranges_svg(
    measure: &str,
    systems: &[String],
    bars: &[RangeBar],
    theme: Theme,
    size: Size,
) -> Result<String, String> {
    render(size, theme, |plot, side| {
        let mut queries: Vec<&str> = Vec::new();
        for b in bars {
            if !queries.contains(&b.query.as_str()) {
                queries.push(&b.query);
            }
        }
        let n_q = queries.len().max(1);
        let top = upper(bars.iter().map(|b| b.range.1));
        let title = format!("{measure} per query over the orders of tied documents");
        let mut chart = drew(
            builder(plot, &title, theme).build_cartesian_2d(-0.5f64..(n_q as f64 - 0.5), 0f64..top),
        )?;
        let names: Vec<String> = queries.iter().map(|q| q.to_string()).collect();
        drew(
            styled_mesh!(chart, theme)
                .disable_x_mesh()
                .x_labels(n_q.min(20))
                .x_label_formatter(&move |x| {
                    names
                        .get(x.round() as usize)
                        .map_or(String::new(), |n| short(n, 10))
                })
                .x_desc("Query (bar: lowest to highest; mark: as ranked)")
                .y_desc(measure.to_string())
                .draw(),
        )?;
        let n_s = systems.len().max(1) as f64;
        for b in bars {
            let q = queries.iter().position(|q| *q == b.query).unwrap_or(0) as f64;
            // The query's systems share 0.7 of its slot, side by side.
            let x = q - 0.35 + 0.7 * (b.system as f64 + 0.5) / n_s;
            let c = colour(b.system);
            drew(chart.draw_series(std::iter::once(PathElement::new(
                vec![(x, b.range.0), (x, b.range.1)],
                c.stroke_width(4),
            ))))?;
            draw_marker(plot, b.system, chart.backend_coord(&(x, b.value)), c)?;
        }
        name_legend(side, "Systems", systems, Swatch::MarkedBox, theme)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::test_support::count;

    #[test]
    fn one_bar_and_one_mark_per_query_and_system() {
        let bar = |system, query: &str, value, range| RangeBar {
            system,
            query: query.into(),
            value,
            range,
        };
        let svg = tie_ranges_svg(
            "AP",
            &["A".into(), "B".into()],
            &[
                bar(0, "q1", 0.5, (0.5, 0.8333)),
                bar(1, "q1", 0.6, (0.2, 0.9)),
                bar(0, "q2", 0.5, (0.5, 1.0)),
            ],
            Theme::Light,
            (600, 320),
        )
        .unwrap();
        assert_eq!(count(&svg, "stroke-width=\"4\""), 3, "{svg}");
        // A's two marks and its legend entry are circles; B's one and its entry triangles.
        assert_eq!(count(&svg, "<circle"), 3, "{svg}");
        assert_eq!(count(&svg, "<polygon"), 2, "{svg}");
        assert!(svg.contains("AP per query over the orders of tied documents"));
    }
}
