//! Per-query tie ranges: for one measure, each query whose value depends on
//! the order of tied documents, one bar per system for its value as ranked
//! and a whisker from its lowest to its highest value over those orders.
//! Drawn by the comparison chart's grouped bars (queries as groups).

use super::comparison::{comparison_svg, Comparison, Labels};
use super::{Interval, Size, Theme};
use crate::shared::evaluation::{SystemResult, TieRange};

/// The most queries the chart draws (the widest first beyond that).
pub const CHART_QUERIES: usize = 40;

/// What the chart draws for one measure.
#[derive(Debug, Clone, PartialEq)]
pub struct TieChart {
    /// The queries drawn (groups), widest range first.
    pub queries: Vec<String>,
    /// `values[q][s]`: query q's value for shown system s as ranked (NaN
    /// where the system lacks the query).
    pub values: Vec<Vec<f64>>,
    /// `ranges[q][s]`: its range where it spreads.
    pub ranges: Vec<Vec<Interval>>,
    /// Queries whose value spreads for some shown system (drawn up to
    /// [`CHART_QUERIES`]).
    pub spread: usize,
    /// Queries of the shown systems in all.
    pub queries_in_all: usize,
}

/// The chart's data for measure `j`: the queries whose value spreads for
/// some shown system (`shown`: indexes into `systems`), at most
/// [`CHART_QUERIES`] of them, the widest first.
pub fn tie_chart(systems: &[SystemResult], shown: &[usize], j: usize) -> TieChart {
    let mut widest: Vec<(f64, &str)> = Vec::new();
    for &i in shown {
        for q in systems[i].queries.iter() {
            if let Some(r) = q.range(j).filter(TieRange::is_spread) {
                match widest.iter_mut().find(|w| w.1 == q.id) {
                    Some(w) => w.0 = w.0.max(r.width()),
                    None => widest.push((r.width(), &q.id)),
                }
            }
        }
    }
    // The widest first, picked one by one (no sort: less code in the page).
    let mut picked = Vec::new();
    while picked.len() < CHART_QUERIES {
        let Some(at) =
            (0..widest.len()).reduce(|a, b| if widest[b].0 > widest[a].0 { b } else { a })
        else {
            break;
        };
        picked.push(widest.remove(at));
    }
    let spread = picked.len() + widest.len();
    let widest = picked;
    let mut chart = TieChart {
        queries: widest.iter().map(|w| w.1.to_string()).collect(),
        values: Vec::new(),
        ranges: Vec::new(),
        spread,
        queries_in_all: shown
            .iter()
            .flat_map(|&i| systems[i].queries.iter().map(|q| q.id.as_str()))
            .collect::<std::collections::BTreeSet<&str>>()
            .len(),
    };
    for (_, qid) in &widest {
        let of = |i: usize| systems[i].queries.iter().find(|q| q.id == *qid);
        chart.values.push(
            shown
                .iter()
                .map(|&i| of(i).map_or(f64::NAN, |q| q.values[j]))
                .collect(),
        );
        chart.ranges.push(
            shown
                .iter()
                .map(|&i| {
                    let r = of(i)?.range(j).filter(TieRange::is_spread)?;
                    Some((r.min, r.max))
                })
                .collect(),
        );
    }
    chart
}

/// The chart as SVG.
pub fn tie_ranges_svg(
    measure: &str,
    systems: &[String],
    chart: &TieChart,
    theme: Theme,
    size: Size,
) -> Result<String, String> {
    let title = format!("{measure} per query: as ranked (bar), over tie orders (whisker)");
    comparison_svg(
        &Comparison {
            labels: &Labels {
                title: &title,
                x: "Query",
                y: measure,
                legend: "Systems",
            },
            measures: systems,
            systems: &chart.queries,
            values: &chart.values,
            intervals: Some(&chart.ranges),
        },
        theme,
        size,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::test_support::count;

    #[test]
    fn one_whisker_per_spread_value() {
        let chart = TieChart {
            queries: vec!["q1".into(), "q2".into()],
            values: vec![vec![0.5, 0.6], vec![0.5, 0.7]],
            ranges: vec![
                vec![Some((0.5, 0.8333)), Some((0.2, 0.9))],
                vec![Some((0.5, 1.0)), None],
            ],
            spread: 2,
            queries_in_all: 8,
        };
        let svg = tie_ranges_svg(
            "AP",
            &["A".into(), "B".into()],
            &chart,
            Theme::Light,
            (600, 320),
        )
        .unwrap();
        assert!(svg.contains("AP per query: as ranked (bar)"), "{svg}");
        assert!(svg.contains(">Query<") || svg.contains("Query\n"), "{svg}");
        // Each whisker has two caps, 6 px wide, in the foreground colour,
        // and no dot: the bar's top is the value.
        assert_eq!(caps(&svg).len(), 3 * 2, "{svg}");
        assert_eq!(count(&svg, "<circle"), 2 + 1, "{svg}"); // legend + marker in a bar
    }

    /// The y of each whisker cap (a horizontal 6 px line in the foreground
    /// colour).
    fn caps(svg: &str) -> Vec<i32> {
        let fg =
            "<polyline fill=\"none\" opacity=\"1\" stroke=\"#1D1D1F\" stroke-width=\"1\" points=\"";
        svg.split(fg)
            .skip(1)
            .filter_map(|rest| {
                let points: Vec<i32> = rest[..rest.find('"')?]
                    .split([' ', ','])
                    .filter_map(|n| n.parse().ok())
                    .collect();
                let [x0, y0, x1, y1] = points[..] else {
                    return None;
                };
                (y0 == y1 && x1 - x0 == 6).then_some(y0)
            })
            .collect()
    }

    #[test]
    fn a_marker_too_big_for_its_bar_sits_above_the_whisker() {
        // Two systems; A's value 0.03 spread to 0.3: its bar is a few
        // pixels high. B's bar (0.6) holds its marker.
        let chart = TieChart {
            queries: vec!["q1".into()],
            values: vec![vec![0.03, 0.6]],
            ranges: vec![vec![Some((0.03, 0.3)), None]],
            spread: 1,
            queries_in_all: 1,
        };
        let names = ["A".to_string(), "B".to_string()];
        let svg = tie_ranges_svg("AP", &names, &chart, Theme::Light, (600, 320)).unwrap();
        let top_cap = *caps(&svg).iter().min().unwrap();
        // A's marker (a circle in the foreground colour; the legend's and
        // B's markers are in the background's) is above the whisker's top.
        let marker_y = fg_circles(&svg);
        assert_eq!(marker_y.len(), 1, "{svg}");
        assert!(marker_y[0] < top_cap - 3, "{marker_y:?} {top_cap} {svg}");
        // Alone, A's colour names it: its low bar gets no marker at all.
        let alone = TieChart {
            queries: vec!["q1".into()],
            values: vec![vec![0.03]],
            ranges: vec![vec![Some((0.03, 0.3))]],
            spread: 1,
            queries_in_all: 1,
        };
        let svg = tie_ranges_svg("AP", &names[..1], &alone, Theme::Light, (600, 320)).unwrap();
        assert_eq!(fg_circles(&svg), Vec::<i32>::new(), "{svg}");
    }

    /// The y of each circle filled with the foreground colour.
    fn fg_circles(svg: &str) -> Vec<i32> {
        svg.split("<circle cx=\"")
            .skip(1)
            .filter_map(|c| c.split('>').next())
            .filter(|c| c.contains("fill=\"#1D1D1F\""))
            .filter_map(|c| c.split('"').nth(2)?.parse().ok())
            .collect()
    }
}
