//! How ranks are weighted: nDCG's 1/log2(r+1) discount, the 1/r discount,
//! RBP's p^(r−1) and, for the current ranking, ERR's probability of
//! stopping at each rank (articles 002 and 003).

use plotters::prelude::*;

use super::{
    builder, colour, draw_point, drew, name_legend, render, whole_ticks, Size, Swatch, Theme,
};
use crate::styled_mesh;

/// One named curve over ranks 1..=n.
pub struct Curve {
    /// Legend label.
    pub label: String,
    /// Weight at rank 1, 2, ...
    pub weights: Vec<f64>,
}

/// The standard discount curves up to `ranks`, and RBP's with `p`.
pub fn standard_curves(ranks: usize, p: f64) -> Vec<Curve> {
    let r = 1..=ranks;
    vec![
        Curve {
            label: "1/log2(r+1) (nDCG)".into(),
            weights: r.clone().map(|r| 1.0 / ((r + 1) as f64).log2()).collect(),
        },
        Curve {
            label: "1/r".into(),
            weights: r.clone().map(|r| 1.0 / r as f64).collect(),
        },
        Curve {
            label: format!("p^(r−1), p = {p} (RBP)"),
            weights: r.map(|r| p.powi(r as i32 - 1)).collect(),
        },
    ]
}

/// Gains of grades 0..=max: linear g and exponential 2^g − 1, each divided
/// by its value at `max` so both fit one axis (articles 000 and 002).
pub fn gain_curves(max: i64) -> Vec<Curve> {
    let max = max.max(1);
    let lin = |g: i64| g as f64 / max as f64;
    let exp = |g: i64| ((g as f64).exp2() - 1.0) / ((max as f64).exp2() - 1.0);
    vec![
        Curve {
            label: "linear g".into(),
            weights: (0..=max).map(lin).collect(),
        },
        Curve {
            label: "exponential 2^g − 1".into(),
            weights: (0..=max).map(exp).collect(),
        },
    ]
}

/// The chart as SVG: weight against rank, from rank 1.
pub fn discounts_svg(
    title: &str,
    curves: &[Curve],
    theme: Theme,
    size: Size,
) -> Result<String, String> {
    lines_svg(
        title,
        ("Rank r", "Weight", "Weights"),
        1,
        curves,
        Marks::Lines,
        theme,
        size,
    )
}

/// How values are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marks {
    /// Joined by lines (curves over many ranks).
    Lines,
    /// One point per whole number (a few discrete grades: nothing lies
    /// between them).
    Points,
}

/// Curves over whole numbers from `x0` (rank 1, or grade 0) with values
/// in [0, 1]; `labels` are the x axis, y axis and legend titles.
pub fn lines_svg(
    title: &str,
    labels: (&str, &str, &str),
    x0: usize,
    curves: &[Curve],
    marks: Marks,
    theme: Theme,
    size: Size,
) -> Result<String, String> {
    render(size, theme, |plot, side| {
        let len = curves.iter().map(|c| c.weights.len()).max().unwrap_or(1);
        let last = (x0 + len.max(2) - 1) as f64;
        let mut chart =
            drew(builder(plot, title, theme).build_cartesian_2d(x0 as f64..last, 0f64..1.05f64))?;
        // Whole numbers only, each once (never "0 1 1 2 2").
        drew(
            styled_mesh!(chart, theme)
                .x_labels(whole_ticks(plot.dim_in_pixel().0, len.clamp(2, 21)))
                .x_label_formatter(&|x| {
                    if (x - x.round()).abs() < 1e-9 {
                        format!("{}", x.round() as usize)
                    } else {
                        String::new()
                    }
                })
                .x_desc(labels.0)
                .y_desc(labels.1)
                .draw(),
        )?;
        for (i, c) in curves.iter().enumerate() {
            let pts = c
                .weights
                .iter()
                .enumerate()
                .map(|(r, &w)| ((r + x0) as f64, w));
            match marks {
                Marks::Lines => {
                    drew(chart.draw_series(LineSeries::new(pts, colour(i).stroke_width(2))))
                        .map(|_| ())?
                }
                Marks::Points => {
                    for p in pts {
                        draw_point(chart.plotting_area(), i, p, colour(i))?;
                    }
                }
            }
        }
        let names: Vec<String> = curves.iter().map(|c| c.label.clone()).collect();
        let swatch = match marks {
            Marks::Lines => Swatch::Line,
            Marks::Points => Swatch::Point,
        };
        name_legend(side, labels.2, &names, swatch, theme)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::test_support::count;

    #[test]
    fn the_article_003_discount_values_and_one_line_per_curve() {
        let c = standard_curves(50, 0.8);
        // Article 003's table: 1/log2(r+1) at r = 2, 5, 10: 0.63, 0.39, 0.29; 1/r at 50: 0.02.
        assert!((c[0].weights[1] - 0.6309).abs() < 1e-4 && (c[0].weights[4] - 0.3869).abs() < 1e-4);
        assert!((c[0].weights[9] - 0.2891).abs() < 1e-4 && (c[1].weights[49] - 0.02).abs() < 1e-12);
        let svg = discounts_svg("Discounts", &c, Theme::Light, (600, 320)).unwrap();
        for c in ["#0072B2", "#E69F00", "#009E73"] {
            let line = format!("stroke=\"{c}\" stroke-width=\"2\"");
            let entry = format!("stroke=\"{c}\" stroke-width=\"3\"");
            assert_eq!(count(&svg, &line), 1, "{c}: its curve");
            assert_eq!(count(&svg, &entry), 1, "{c}: its legend entry");
        }
        // The RBP label is wider than the legend column: it wraps, whole.
        let texts: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| t.split('>').nth(1)?.split('<').next())
            .map(str::trim)
            .collect();
        for label in [
            "p^(r−1), p = 0.8",
            "(RBP)",
            "1/log2(r+1)",
            "(nDCG)",
            "Rank r",
        ] {
            assert!(texts.contains(&label), "{label}: {texts:?}");
        }
        // Gains of grades 0..3: linear 0, 1/3, 2/3, 1; exponential 0, 1/7, 3/7, 1.
        let g = gain_curves(3);
        assert_eq!(g[0].weights, [0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0]);
        assert_eq!(g[1].weights, [0.0, 1.0 / 7.0, 3.0 / 7.0, 1.0]);
        let svg = lines_svg(
            "Gains",
            ("Grade", "Gain", "Gains"),
            0,
            &g,
            Marks::Points,
            Theme::Dark,
            (600, 320),
        )
        .unwrap();
        assert!(
            svg.contains(">\nexponential\n</text>")
                && svg.contains(">\n2^g − 1\n</text>")
                && svg.contains("Grade"),
            "{svg}"
        );
        // One point per grade and curve, no line; the grades labelled once each.
        // Circles for the first curve, triangles for the second, and the
        // legend's entries the same shapes (no box).
        assert_eq!(count(&svg, "<circle"), 4 + 1, "{svg}");
        assert_eq!(count(&svg, "<polygon"), 4 + 1, "{svg}");
        assert_eq!(count(&svg, "<rect"), 1, "the background only: {svg}");
        let joined = lines_svg(
            "Gains",
            ("Grade", "Gain", "Gains"),
            0,
            &g,
            Marks::Lines,
            Theme::Dark,
            (600, 320),
        )
        .unwrap();
        // Drawn with lines, each curve adds a polyline and a line swatch in
        // the legend (points have point swatches).
        assert_eq!(count(&joined, "<polyline"), count(&svg, "<polyline") + 4);
        for g in ["0", "1", "2", "3"] {
            assert_eq!(
                count(&svg, &format!(">\n{g}\n</text>")),
                1,
                "grade {g} labelled once"
            );
        }
    }
}
