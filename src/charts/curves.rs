//! Measure@k curves: one measure's mean over queries at every cutoff
//! k = 1..K, one line per system. Values at different k are different
//! measures: a system can lead at k = 3 and trail at k = 10.

use plotters::prelude::*;

use super::comparison::svg_error;
use super::{colour, upper, Size, Theme};

/// The chart as SVG; `series[s][k-1]` is system s's value at k.
pub fn curves_svg(
    family: &str,
    systems: &[String],
    series: &[Vec<f64>],
    theme: Theme,
    size: Size,
) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let _ = root.fill(&theme.bg());
        let (root, side) = root.split_horizontally(size.0.saturating_sub(super::LEGEND_WIDTH));
        let fg = theme.fg();
        let k_max = series.iter().map(Vec::len).max().unwrap_or(1).max(2);
        let top = upper(series.iter().flatten().copied());
        let Ok(mut chart) = ChartBuilder::on(&root)
            .caption(
                format!("{family}@k for k = 1 to {k_max}"),
                ("sans-serif", 18).into_font().color(&fg),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(1f64..k_max as f64, 0f64..top)
        else {
            return svg_error(size);
        };
        let _ = chart
            .configure_mesh()
            .light_line_style(fg.mix(0.06))
            .bold_line_style(fg.mix(0.14))
            .axis_style(fg)
            .label_style(("sans-serif", 12).into_font().color(&fg))
            .x_label_formatter(&|x| format!("{}", x.round() as usize))
            .x_desc("Cutoff k")
            .y_desc(format!("Mean {family}@k"))
            .draw();
        for (s, values) in series.iter().enumerate() {
            let c = colour(s);
            let pts = values.iter().enumerate().map(|(i, &v)| ((i + 1) as f64, v));
            let _ = chart.draw_series(LineSeries::new(pts, c.stroke_width(2)));
        }
        let items: Vec<_> = systems
            .iter()
            .enumerate()
            .map(|(s, n)| (n.clone(), colour(s), super::Swatch::Line))
            .collect();
        super::legend(&side, "Systems", &items, theme);
        let _ = root.present();
    }
    svg
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
        );
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
    }
}
