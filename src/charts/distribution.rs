//! Per-query distribution: each system's per-query values of one measure as
//! a strip of points (spread sideways by a fixed pattern so equal values
//! stay visible), with the mean as a line across it. MRR alone hides this
//! (article 000).
//! A value more queries share than the strip shows apart (RR's 1 and 1/2,
//! say) has its count written beside it ("×62"), as the A vs B chart counts
//! queries at one point.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{
    builder, colour, draw_marker, drew, label_chars, name_legend, render, short_name, upper, Size,
    Swatch, Theme, CHAR_EM, LABEL_PX,
};
use crate::styled_mesh;

/// Pixels a point's marker takes across (each reaches 4 px from its
/// centre).
const MARKER_PX: i32 = 8;

/// The values of `vals` that more than `fit` queries share, with how many
/// (in order of their bits): drawn in one strip, their points run together.
fn crowded(vals: &[f64], fit: usize) -> Vec<(f64, usize)> {
    let mut bits: Vec<u64> = vals.iter().map(|v| v.to_bits()).collect();
    bits.sort_unstable();
    bits.chunk_by(|a, b| a == b)
        .filter(|same| same.len() > fit)
        .map(|same| (f64::from_bits(same[0]), same.len()))
        .collect()
}

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
        let title = format!("Per-query {measure} (line: mean)");
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
        let font = ("sans-serif", LABEL_PX).into_font().color(&fg);
        let beside = font.clone().pos(Pos::new(HPos::Left, VPos::Center));
        let over = font.pos(Pos::new(HPos::Center, VPos::Center));
        for (s, vals) in values.iter().enumerate() {
            // Each system's points carry its marker as well as its colour, so
            // systems past the seventh (whose colours repeat) stay apart.
            let c = colour(s);
            for (i, &v) in vals.iter().enumerate() {
                draw_marker(plot, s, chart.backend_coord(&(s as f64 + spread(i), v)), c)?;
            }
            // Counts, the largest first, each clear of those above and
            // below it: right of the strip where the system's band has
            // room, else on the strip over a patch of background (where
            // its points have run into a line anyway).
            let x = |at: f64| chart.backend_coord(&(s as f64 + at, 0.0)).0;
            let (left, middle, right, band_end) = (x(-0.25), x(0.0), x(0.25), x(0.5));
            let mut counts = crowded(vals, ((right - left) / MARKER_PX).max(1) as usize);
            counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
            let mut placed: Vec<i32> = Vec::new();
            for (v, n) in counts {
                let text = format!("×{n}");
                let width = (text.chars().count() as f64 * LABEL_PX * CHAR_EM).ceil() as i32;
                let y = chart.backend_coord(&(0.0, v)).1;
                if !placed.iter().all(|&p| (p - y).abs() >= LABEL_PX as i32) {
                    continue;
                }
                if right + 3 + width <= band_end {
                    drew(plot.draw(&Text::new(text, (right + 3, y), beside.clone())))?;
                } else if width + 4 <= right - left {
                    let half = (width / 2 + 2, LABEL_PX as i32 / 2 + 1);
                    let patch = [(middle - half.0, y - half.1), (middle + half.0, y + half.1)];
                    drew(plot.draw(&Rectangle::new(patch, theme.bg().mix(0.85).filled())))?;
                    drew(plot.draw(&Text::new(text, (middle, y), over.clone())))?;
                } else {
                    continue;
                }
                placed.push(y);
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
        assert!(svg.contains("Per-query RR (line: mean)") && svg.contains("RR per query"));
        assert!((spread(1) - spread(2)).abs() > 0.05);
        // Three points, side by side in a strip 150 px wide: no count.
        assert_eq!(count(&svg, "×"), 0, "{svg}");
    }

    #[test]
    fn values_too_many_queries_share_are_counted() {
        assert_eq!(
            crowded(&[1.0, 0.5, 1.0, 0.2, 1.0, 0.5], 1),
            [(0.5, 2), (1.0, 3)]
        );
        assert_eq!(crowded(&[1.0, 0.5, 1.0, 0.2, 1.0, 0.5], 2), [(1.0, 3)]);
        assert!(crowded(&[0.3, 0.1, 0.2], 1).is_empty());
        // RR of 60 queries at 1 and 30 at 1/2 for A; B's values all apart.
        let a: Vec<f64> = [vec![1.0; 60], vec![0.5; 30], vec![0.25, 0.2]].concat();
        let b: Vec<f64> = (0..90).map(|i| f64::from(i) / 100.0).collect();
        let names = ["A".to_string(), "B".to_string()];
        let svg =
            distribution_svg("RR", &names, &[a.clone(), b], Theme::Light, (600, 320)).unwrap();
        assert!(svg.contains("\n×60\n") && svg.contains("\n×30\n"), "{svg}");
        assert_eq!(count(&svg, "×"), 2, "{svg}");
        // Three systems on a phone (360 px): no room beside a strip; on it,
        // over a patch each.
        let three: Vec<Vec<f64>> = (0..3).map(|_| a.clone()).collect();
        let names: Vec<String> = (0..3).map(|i| format!("S{i}")).collect();
        let svg = distribution_svg("RR", &names, &three, Theme::Light, (360, 480)).unwrap();
        assert_eq!(count(&svg, "×60"), 3, "{svg}");
        // Ten systems there: no room even on the strip; none is drawn
        // into another system's points.
        let many: Vec<Vec<f64>> = (0..10).map(|_| a.clone()).collect();
        let names: Vec<String> = (0..10).map(|i| format!("S{i}")).collect();
        let svg = distribution_svg("RR", &names, &many, Theme::Light, (360, 480)).unwrap();
        assert_eq!(count(&svg, "×"), 0, "{svg}");
    }
}
