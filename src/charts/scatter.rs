//! A against B per query: each query a point at (A's value, B's value),
//! with the diagonal where they tie. Above the diagonal B is better.

use plotters::prelude::*;

use super::{builder, colour, drew, render, short_name, upper, x_ticks, Size, Swatch, Theme};
use crate::shared::evaluation::PairedValue;
use crate::styled_mesh;

/// The chart as SVG; the points are its only circles, in `points` order.
pub fn scatter_svg(
    measure: &str,
    a: &str,
    b: &str,
    points: &[PairedValue],
    theme: Theme,
    size: Size,
) -> Result<String, String> {
    render(size, theme, |plot, side| {
        let fg = theme.fg();
        let top = upper(points.iter().flat_map(|p| [p.a, p.b]));
        let title = format!(
            "{measure} per query: {} vs {}",
            short_name(a, 20),
            short_name(b, 20)
        );
        let mut chart =
            drew(builder(plot, &title, theme).build_cartesian_2d(0f64..top, 0f64..top))?;
        drew(
            styled_mesh!(chart, theme)
                .x_labels(x_ticks(plot.dim_in_pixel().0))
                .x_desc(format!("{} ({})", short_name(a, 24), measure))
                .y_desc(format!("{} ({})", short_name(b, 24), measure))
                .draw(),
        )?;
        drew(chart.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, 0.0), (top, top)],
            fg.mix(0.5).stroke_width(1),
        ))))?;
        let (ca, cb, tie) = (colour(0), colour(1), fg.mix(0.6));
        drew(chart.draw_series(points.iter().map(|p| {
            let c = if p.b > p.a + 1e-12 {
                cb.filled()
            } else if p.a > p.b + 1e-12 {
                ca.filled()
            } else {
                tie.filled()
            };
            Circle::new((p.a, p.b), 5, c)
        })))?;
        let items = vec![
            (format!("{} better", short_name(a, 16)), ca, Swatch::Box),
            (format!("{} better", short_name(b, 16)), cb, Swatch::Box),
            (
                "tie (on the diagonal)".to_string(),
                RGBColor(128, 128, 128),
                Swatch::Box,
            ),
        ];
        super::legend(side, "Queries", &items, theme)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::test_support::count;

    #[test]
    fn one_circle_per_query_coloured_by_the_winner() {
        let pts = vec![
            PairedValue {
                query: "q1".into(),
                a: 1.0,
                b: 0.5,
            },
            PairedValue {
                query: "q2".into(),
                a: 0.2,
                b: 0.9,
            },
            PairedValue {
                query: "q3".into(),
                a: 0.5,
                b: 0.5,
            },
        ];
        let svg = scatter_svg("RR", "BM25", "Dense", &pts, Theme::Light, (640, 360)).unwrap();
        assert_eq!(count(&svg, "<circle"), 3);
        assert_eq!(count(&svg, "<circle"), count(&svg, "r=\"5\""));
        assert!(
            svg.contains("RR per query: BM25 vs Dense")
                && svg.contains("BM25 (RR)")
                && svg.contains("Dense better")
        );
    }
}
