//! A against B per query: each query a point at (A's value, B's value),
//! with the diagonal where they tie. Above the diagonal B is better.

use plotters::prelude::*;

use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{
    builder, colour, drew, render, short_name, upper, x_ticks, Size, Swatch, Theme, LABEL_PX,
};
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
        let (ca, cb, tie) = (colour(0), colour(1), theme.tie());
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
        // Queries at one point are drawn one on another: their count is
        // written beside them ("×3"), towards the plot's middle.
        let middle = plot.dim_in_pixel().0 as i32 / 2;
        let font = ("sans-serif", LABEL_PX).into_font().color(&fg);
        for (at, n) in coincident(points) {
            let (x, y) = chart.backend_coord(&at);
            let (dx, h) = if x > middle {
                (-8, HPos::Right)
            } else {
                (8, HPos::Left)
            };
            let style = font.clone().pos(Pos::new(h, VPos::Center));
            drew(plot.draw(&Text::new(format!("×{n}"), (x + dx, y), style)))?;
        }
        let items = vec![
            (format!("{} better", short_name(a, 16)), ca, Swatch::Box),
            (format!("{} better", short_name(b, 16)), cb, Swatch::Box),
            ("tie (on the diagonal)".to_string(), tie, Swatch::Box),
        ];
        super::legend(side, "Queries", &items, theme)?;
        Ok(())
    })
}

/// The points where more than one query lies (equal values), each with
/// how many: the points' values sorted, equal ones counted (a run's
/// thousands of queries are not compared pair by pair).
fn coincident(points: &[PairedValue]) -> Vec<((f64, f64), usize)> {
    let mut at: Vec<(u64, u64)> = points
        .iter()
        .map(|p| (p.a.to_bits(), p.b.to_bits()))
        .collect();
    at.sort_unstable();
    at.chunk_by(|x, y| x == y)
        .filter(|same| same.len() > 1)
        .map(|same| {
            (
                (f64::from_bits(same[0].0), f64::from_bits(same[0].1)),
                same.len(),
            )
        })
        .collect()
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

    /// Three queries at (1, 1) and two at (0.5, 0.5): one circle each, on
    /// one another, and their counts beside them; the ties' swatch is the
    /// ties' points' colour.
    #[test]
    fn queries_at_one_point_are_counted() {
        let at = |query: &str, a: f64, b: f64| PairedValue {
            query: query.into(),
            a,
            b,
        };
        let pts = vec![
            at("q1", 1.0, 1.0),
            at("q2", 0.5, 0.5),
            at("q3", 1.0, 1.0),
            at("q4", 0.2, 0.9),
            at("q5", 1.0, 1.0),
            at("q6", 0.5, 0.5),
        ];
        let svg = scatter_svg("RR", "BM25", "Dense", &pts, Theme::Light, (640, 360)).unwrap();
        assert_eq!(count(&svg, "<circle"), 6);
        assert!(svg.contains("\n×3\n") && svg.contains("\n×2\n"), "{svg}");
        assert_eq!(count(&svg, "×"), 2, "{svg}");
        let grey = "fill=\"#777779\"";
        assert_eq!(count(&svg, grey), 5 + 1, "{svg}"); // the points and the swatch
    }
}
