//! Measure@k curves: one measure's mean over queries at every cutoff
//! k = 1..K, one line per system. Values at different k are different
//! measures: a system can lead at k = 3 and trail at k = 10.

use plotters::prelude::*;

use super::{builder, colour, draw_marker, drew, name_legend, render, upper, Size, Swatch, Theme};
use crate::styled_mesh;

/// The chart as SVG; `series[s][k-1]` is system s's value at k.
pub fn curves_svg(
    family: &str,
    systems: &[String],
    series: &[Vec<f64>],
    theme: Theme,
    size: Size,
) -> Result<String, String> {
    render(size, theme, |plot, side| {
        let k_max = series.iter().map(Vec::len).max().unwrap_or(1).max(2);
        let top = upper(series.iter().flatten().copied());
        let title = format!("{family}@k for k = 1 to {k_max}");
        let mut chart =
            drew(builder(plot, &title, theme).build_cartesian_2d(1f64..k_max as f64, 0f64..top))?;
        drew(
            styled_mesh!(chart, theme)
                .x_label_formatter(&|x| format!("{}", x.round() as usize))
                .x_desc("Cutoff k")
                .y_desc(format!("Mean {family}@k"))
                .draw(),
        )?;
        // About ten markers a line: the series' shape beside its colour.
        let every = (k_max / 10).max(1);
        for (s, values) in series.iter().enumerate() {
            let pts = values.iter().enumerate().map(|(i, &v)| ((i + 1) as f64, v));
            drew(chart.draw_series(LineSeries::new(pts, colour(s).stroke_width(2))))?;
            for (i, &v) in values.iter().enumerate().step_by(every) {
                let at = chart.backend_coord(&((i + 1) as f64, v));
                draw_marker(plot, s, at, colour(s))?;
            }
        }
        name_legend(side, "Systems", systems, Swatch::MarkedLine, theme)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::test_support::count;

    #[test]
    fn one_line_per_system_with_axis_to_one() {
        let svg = curves_svg(
            "P",
            &["A".into(), "B".into()],
            &[vec![1.0, 0.5, 0.67], vec![0.0, 0.5, 0.33]],
            Theme::Light,
            (600, 320),
        )
        .unwrap();
        assert!(
            svg.contains("P@k for k = 1 to 3")
                && svg.contains("Cutoff k")
                && svg.contains("Mean P@k")
        );
        for c in ["#0072B2", "#E69F00"] {
            let line = format!("stroke=\"{c}\" stroke-width=\"2\"");
            let entry = format!("stroke=\"{c}\" stroke-width=\"3\"");
            assert_eq!(count(&svg, &line), 1, "{c}: its line");
            assert_eq!(count(&svg, &entry), 1, "{c}: its legend entry");
        }
        assert!(svg.contains("Systems"));
        // Markers: A's circles at k = 1, 2, 3 and its legend; B's triangles.
        assert_eq!(count(&svg, "<circle"), 4);
        assert_eq!(count(&svg, "<polygon"), 4);
    }
}
