//! Per-query distribution: each system's per-query values of one measure as
//! a strip of points (spread sideways by a fixed pattern so equal values
//! stay visible), with the mean as a bar. MRR alone hides this (article 000).

use plotters::prelude::*;

use super::{
    builder, colour, draw_marker, drew, label_chars, name_legend, render, short_name, upper, Size,
    Swatch, Theme,
};
use crate::styled_mesh;

/// A fixed sideways offset in [-0.25, 0.25] for the i-th point.
fn spread(i: usize) -> f64 {
    // Golden-ratio sequence: even, deterministic, no clumps.
    let x = (i as f64 * 0.618_033_988_749_895).fract();
    (x - 0.5) * 0.5
}

/// The chart as SVG; `values[s]` are system s's per-query values.
pub fn distribution_svg(
    measure: &str,
    systems: &[String],
    values: &[Vec<f64>],
    theme: Theme,
    size: Size,
) -> Result<String, String> {
    render(size, theme, |plot, side| {
        let n_s = systems.len().max(1);
        let top = upper(values.iter().flatten().copied());
        let fg = theme.fg();
        let title = format!("Per-query {measure} (bar: mean)");
        let mut chart = drew(
            builder(plot, &title, theme).build_cartesian_2d(-0.5f64..(n_s as f64 - 0.5), 0f64..top),
        )?;
        let names = systems.to_vec();
        // Names cut to their place's width; the legend beside and the
        // data table under the chart have them whole.
        let chars = label_chars(plot.dim_in_pixel().0, n_s, 18);
        drew(
            styled_mesh!(chart, theme)
                .disable_x_mesh()
                .x_labels(n_s)
                .x_label_formatter(&move |x| {
                    names
                        .get(x.round() as usize)
                        .map_or(String::new(), |n| short_name(n, chars))
                })
                .x_desc("System")
                .y_desc(format!("{measure} per query"))
                .draw(),
        )?;
        for (s, vals) in values.iter().enumerate() {
            // Each system's points carry its marker as well as its colour, so
            // systems past the seventh (whose colours repeat) stay apart.
            let c = colour(s);
            for (i, &v) in vals.iter().enumerate() {
                draw_marker(plot, s, chart.backend_coord(&(s as f64 + spread(i), v)), c)?;
            }
            if !vals.is_empty() {
                let mean = vals.iter().sum::<f64>() / vals.len() as f64;
                drew(chart.draw_series(std::iter::once(PathElement::new(
                    vec![(s as f64 - 0.32, mean), (s as f64 + 0.32, mean)],
                    fg.stroke_width(3),
                ))))?;
            }
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
    fn one_point_per_query_and_a_mean_bar_per_system() {
        let svg = distribution_svg(
            "RR",
            &["A".into(), "B".into()],
            &[vec![1.0, 0.5, 0.5], vec![0.1, 1.0]],
            Theme::Light,
            (600, 320),
        )
        .unwrap();
        // A's three points and its legend entry are circles; B's two and its entry triangles.
        assert_eq!(count(&svg, "<circle"), 4, "{svg}");
        assert_eq!(count(&svg, "<polygon"), 3, "{svg}");
        assert_eq!(count(&svg, "stroke-width=\"3\""), 2);
        assert!(svg.contains("Per-query RR (bar: mean)") && svg.contains("RR per query"));
        assert!((spread(1) - spread(2)).abs() > 0.05);
    }
}
