//! Grouped bars with interval whiskers: the tie ranges' chart (groups of
//! queries, a bar per system). The comparison of systems per measure is
//! `per_measure`.

use plotters::prelude::*;

use super::{
    builder, colour, draw_marker, drew, label_chars, label_every, name_legend, render, short_name,
    upper, Interval, Size, Swatch, Theme,
};
use crate::styled_mesh;

/// The words of a grouped-bar chart.
pub struct Labels<'a> {
    /// The title.
    pub title: &'a str,
    /// The x axis (what the groups are).
    pub x: &'a str,
    /// The y axis.
    pub y: &'a str,
    /// The legend's heading (what the bars are).
    pub legend: &'a str,
}

/// Data of the comparison chart (and of any grouped-bar chart: the tie
/// ranges' chart groups queries and bars systems).
pub struct Comparison<'a> {
    /// Its words.
    pub labels: &'a Labels<'a>,
    /// Measure names (bars, legend).
    pub measures: &'a [String],
    /// System names (groups).
    pub systems: &'a [String],
    /// `values[s][m]`: system s, measure m.
    pub values: &'a [Vec<f64>],
    /// `intervals[s][m]` (drawn as whiskers, with no dot: the bar's top
    /// is the value) when known.
    pub intervals: Option<&'a [Vec<Interval>]>,
}

/// System `s`'s interval for measure `m`, where it has one.
fn interval(d: &Comparison, s: usize, m: usize) -> Interval {
    d.intervals?.get(s)?.get(m).copied().flatten()
}

/// The chart as SVG.
pub fn comparison_svg(d: &Comparison, theme: Theme, size: Size) -> Result<String, String> {
    render(size, theme, |plot, side| {
        let n_s = d.systems.len().max(1);
        let n_m = d.measures.len().max(1);
        let whisker_tops = d
            .intervals
            .into_iter()
            .flatten()
            .flatten()
            .flatten()
            .map(|(_, hi)| *hi);
        let top = upper(d.values.iter().flatten().copied().chain(whisker_tops));
        let fg = theme.fg();
        let mut chart = drew(
            builder(plot, d.labels.title, theme).build_cartesian_2d(0f64..n_s as f64, 0f64..top),
        )?;
        let systems = d.systems.to_vec();
        // Names cut to their group's width; the data table under the
        // chart has them whole. Too many groups for a label each (a tie
        // chart's 40 queries): every other one, or every third, with the
        // room of the places between.
        let px = plot.dim_in_pixel().0;
        let shortest = d
            .systems
            .iter()
            .map(|s| s.chars().count())
            .min()
            .unwrap_or(1);
        let every = label_every(px, n_s, shortest.clamp(1, 3));
        let chars = label_chars(px, n_s.div_ceil(every), 18);
        drew(
            styled_mesh!(chart, theme)
                .disable_x_mesh()
                .x_labels(n_s * 2 + 1)
                .x_label_formatter(&move |x| {
                    let i = x.floor() as usize;
                    if (x - x.floor() - 0.5).abs() < 1e-6 && i < systems.len() && i % every == 0 {
                        short_name(&systems[i], chars)
                    } else {
                        String::new()
                    }
                })
                .x_desc(d.labels.x)
                .y_desc(d.labels.y)
                .draw(),
        )?;
        let width = 0.8 / n_m as f64;
        for m in 0..d.measures.len() {
            let c = colour(m);
            let bars = d.values.iter().enumerate().map(|(s, row)| {
                let x0 = s as f64 + 0.1 + m as f64 * width;
                Rectangle::new([(x0, 0.0), (x0 + width * 0.9, row[m].max(0.0))], c.filled())
            });
            drew(chart.draw_series(bars))?;
            // The series' marker in each bar, or above the bar and its
            // whisker when the bar is too low to hold it: a mark that names
            // the series, never placed where it could be read as a value.
            // With one series the colour names it: a low bar has no marker.
            for (s, row) in d.values.iter().enumerate() {
                let v = row[m].max(0.0);
                let x = s as f64 + 0.1 + m as f64 * width + width * 0.45;
                let (px, top) = chart.backend_coord(&(x, v));
                let (_, bottom) = chart.backend_coord(&(x, 0.0));
                let (y, ink) = if bottom - top >= 14 {
                    (top + 7, theme.bg())
                } else if n_m == 1 {
                    continue;
                } else {
                    let hi = interval(d, s, m).map_or(v, |(_, hi)| hi.max(v));
                    (chart.backend_coord(&(x, hi)).1 - 8, fg)
                };
                draw_marker(plot, m, (px, y), ink)?;
            }
            // Each whisker: a stem from the interval's low end to its high
            // end, with a cap at each end.
            for s in 0..d.values.len() {
                let Some((lo, hi)) = interval(d, s, m) else {
                    continue;
                };
                let x = s as f64 + 0.1 + m as f64 * width + width * 0.45;
                let (px, low) = chart.backend_coord(&(x, lo.max(0.0)));
                let (_, high) = chart.backend_coord(&(x, hi));
                let ink = fg.stroke_width(1);
                for line in [
                    [(px, low), (px, high)],
                    [(px - 3, low), (px + 3, low)],
                    [(px - 3, high), (px + 3, high)],
                ] {
                    drew(plot.draw(&PathElement::new(line, ink)))?;
                }
            }
        }
        name_legend(side, d.labels.legend, d.measures, Swatch::MarkedBox, theme)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::test_support::count;

    /// Words for a chart of measures grouped by system.
    const MEASURES_BY_SYSTEM: Labels<'static> = Labels {
        title: "Measures by system",
        x: "System",
        y: "Mean over queries",
        legend: "Measures",
    };

    #[test]
    fn series_that_share_a_colour_differ_in_marker() {
        // 9 measures, 7 colours: measures 0 and 7 share blue; their markers
        // (shape i mod 4) are a circle and a cross.
        let measures: Vec<String> = (0..9).map(|i| format!("M{i}")).collect();
        let systems = vec!["A".to_string()];
        let values = vec![vec![0.5; 9]];
        let svg = comparison_svg(
            &Comparison {
                labels: &MEASURES_BY_SYSTEM,
                measures: &measures,
                systems: &systems,
                values: &values,
                intervals: None,
            },
            Theme::Light,
            (800, 400),
        )
        .unwrap();
        // Circles: shapes 0 (measures 0, 4, 8), in the bars and the legend.
        assert_eq!(count(&svg, "<circle"), 6, "{svg}");
        // Triangles and diamonds: measures 1, 2, 5, 6.
        assert_eq!(count(&svg, "<polygon"), 8);
        // Blue: the bars and legend boxes of measures 0 and 7.
        assert_eq!(count(&svg, "fill=\"#0072B2\""), 4);
    }

    #[test]
    fn bars_legend_whiskers_and_labels() {
        let measures = vec!["RR".to_string(), "AP".to_string(), "nDCG@10".to_string()];
        let systems = vec!["BM25".to_string(), "Dense <x>".to_string()];
        let values = vec![vec![0.75, 0.55, 0.6], vec![0.8, 0.66, 0.79]];
        let intervals = vec![
            vec![Some((0.5, 1.0)); 3],
            vec![None, Some((0.4, 0.9)), None],
        ];
        let svg = comparison_svg(
            &Comparison {
                labels: &MEASURES_BY_SYSTEM,
                measures: &measures,
                systems: &systems,
                values: &values,
                intervals: Some(&intervals),
            },
            Theme::Light,
            (640, 360),
        )
        .unwrap();
        // 6 bars + 3 legend swatches + background and legend box.
        assert_eq!(count(&svg, "fill=\"#0072B2\""), 3, "{svg}");
        assert_eq!(count(&svg, "fill=\"#E69F00\""), 3);
        for label in [
            "Measures by system",
            "Mean over queries",
            "System",
            "BM25",
            "Dense &lt;x&gt;",
            "nDCG@10",
        ] {
            assert!(svg.contains(label), "missing {label}");
        }
        // Axis up to 1 for measures in [0, 1]: the top tick is 1.0.
        assert!(svg.contains(">\n1.0\n<") || svg.contains(">1.0<"), "{svg}");
        let dark = comparison_svg(
            &Comparison {
                labels: &MEASURES_BY_SYSTEM,
                measures: &measures,
                systems: &systems,
                values: &values,
                intervals: None,
            },
            Theme::Dark,
            (640, 360),
        )
        .unwrap();
        assert!(dark.contains("#202227") && dark.contains("#ECECF0"));
    }

    #[test]
    fn too_many_groups_for_a_label_each_label_every_other_one() {
        // A tie chart's 30 queries (ids 411 to 440) in an 805 px chart: a
        // label each would run together ("411412413…"); every other one has
        // room, whole.
        let measures = vec!["A".to_string(), "B".to_string()];
        let queries: Vec<String> = (411..441).map(|q| q.to_string()).collect();
        let values = vec![vec![0.5, 0.6]; 30];
        let svg = comparison_svg(
            &Comparison {
                labels: &MEASURES_BY_SYSTEM,
                measures: &measures,
                systems: &queries,
                values: &values,
                intervals: None,
            },
            Theme::Light,
            (805, 360),
        )
        .unwrap();
        let drawn = |q: &str| count(&svg, &format!(">\n{q}\n</text>"));
        for (i, q) in queries.iter().enumerate() {
            assert_eq!(drawn(q), usize::from(i % 2 == 0), "{q}");
        }
    }
}
