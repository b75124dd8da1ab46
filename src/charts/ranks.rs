//! Where the measures rank the systems differently: for each measure, each
//! system's rank (1 = best), one line per system across the measures.
//! A measure that reverses a pair of systems the first measure puts in
//! order is marked `≠` on the axis, and the points of the systems it
//! reverses are drawn in the alert colour; systems a measure ties share a
//! rank and are marked `=`: a tie is not a disagreement.

use plotters::prelude::*;

use super::{
    builder, colour, draw_marker, drew, label_chars, name_legend, render, short, Size, Swatch,
    Theme,
};
use crate::styled_mesh;

/// Whether system `s` is in a pair that measure `m` orders the other way
/// round from measure 0 (both measures putting the two apart).
pub fn reversed(rank_table: &[Vec<usize>], m: usize, s: usize) -> bool {
    let a = &rank_table[s];
    rank_table
        .iter()
        .any(|b| (a[0] < b[0] && a[m] > b[m]) || (a[0] > b[0] && a[m] < b[m]))
}

/// Whether measure `m` reverses some pair of systems measure 0 orders.
pub fn disagrees(rank_table: &[Vec<usize>], m: usize) -> bool {
    (0..rank_table.len()).any(|s| reversed(rank_table, m, s))
}

/// Whether measure `m` ties some systems (gives them one rank).
pub fn ties(rank_table: &[Vec<usize>], m: usize) -> bool {
    rank_table
        .iter()
        .enumerate()
        .any(|(s, a)| rank_table.iter().skip(s + 1).any(|b| a[m] == b[m]))
}

/// The chart as SVG; `rank_table[s][m]` is system s's rank under measure m.
pub fn ranks_svg(
    measures: &[String],
    systems: &[String],
    rank_table: &[Vec<usize>],
    theme: Theme,
    size: Size,
) -> Result<String, String> {
    render(size, theme, |plot, side| {
        let n_m = measures.len().max(1);
        let n_s = systems.len().max(1);
        let mut chart = drew(
            builder(
                plot,
                "Rank of each system under each measure (1 = best)",
                theme,
            )
            .build_cartesian_2d(-0.5f64..(n_m as f64 - 0.5), (n_s as f64 + 0.5)..0.5f64),
        )?;
        let flagged: Vec<bool> = (0..measures.len())
            .map(|m| disagrees(rank_table, m))
            .collect();
        let tied: Vec<bool> = (0..measures.len()).map(|m| ties(rank_table, m)).collect();
        let names = measures.to_vec();
        let marks = flagged.clone();
        let chars = label_chars(plot.dim_in_pixel().0, n_m, 16);
        drew(
            styled_mesh!(chart, theme)
                .disable_x_mesh()
                .x_labels(n_m)
                .y_labels(n_s)
                .x_label_formatter(&move |x| {
                    let i = x.round() as usize;
                    match names.get(i) {
                        Some(n) => {
                            let mark = match (marks[i], tied[i]) {
                                (true, true) => " ≠ =",
                                (true, false) => " ≠",
                                (false, true) => " =",
                                (false, false) => "",
                            };
                            format!(
                                "{}{mark}",
                                short(n, chars.saturating_sub(mark.chars().count()).max(3))
                            )
                        }
                        None => String::new(),
                    }
                })
                .y_label_formatter(&|y| format!("{}", y.round() as usize))
                .x_desc("Measure (≠: reverses systems the first orders; =: ties systems)")
                .y_desc("Rank")
                .draw(),
        )?;
        let alert = theme.alert();
        for (s, row) in rank_table.iter().enumerate().take(systems.len()) {
            let c = colour(s);
            let pts: Vec<(f64, f64)> = row
                .iter()
                .enumerate()
                .map(|(m, &r)| (m as f64, r as f64))
                .collect();
            drew(chart.draw_series(LineSeries::new(pts.clone(), c.stroke_width(3))))?;
            // Each system's marker beside its colour (colours repeat past
            // seven systems); where a measure reverses this system and
            // another, its point is in the alert colour.
            for &(x, y) in &pts {
                if reversed(rank_table, x as usize, s) {
                    drew(chart.draw_series(std::iter::once(Circle::new(
                        (x, y),
                        7,
                        alert.filled(),
                    ))))?;
                } else {
                    draw_marker(plot, s, chart.backend_coord(&(x, y)), c)?;
                }
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
    fn a_tie_is_not_a_disagreement() {
        // RR ties A and B at rank 1; AP puts A first, C last under both:
        // no pair is reversed. nDCG puts C first: it reverses C with A and
        // B, but not A with B.
        let table = vec![vec![1, 1, 2], vec![1, 2, 2], vec![3, 3, 1]];
        assert!(!disagrees(&table, 1) && ties(&table, 0) && !ties(&table, 1));
        assert!(disagrees(&table, 2));
        assert!(reversed(&table, 2, 0) && reversed(&table, 2, 2));
        let svg = ranks_svg(
            &["RR".into(), "AP".into(), "nDCG".into()],
            &["A".into(), "B".into(), "C".into()],
            &table,
            Theme::Light,
            (700, 320),
        )
        .unwrap();
        assert!(
            svg.contains("RR =") && svg.contains("nDCG ≠") && !svg.contains("AP ≠"),
            "{svg}"
        );
        // Alert points: nDCG's three (each system is in a reversed pair).
        assert_eq!(count(&svg, "fill=\"#D55E00\""), 3);
    }

    #[test]
    fn ranks_and_disagreement() {
        // MRR says A > B; nDCG says B > A (article 000's point).
        let table = vec![vec![1, 2], vec![2, 1]];
        assert!(!disagrees(&table, 0) && disagrees(&table, 1));
        let svg = ranks_svg(
            &["RR".into(), "nDCG".into()],
            &["A".into(), "B".into()],
            &table,
            Theme::Light,
            (600, 320),
        )
        .unwrap();
        assert!(
            svg.contains("nDCG ≠") && svg.contains(">RR<") || svg.contains("\nRR\n"),
            "{svg}"
        );
        // Two lines (plus two legend lines), four points, two of them
        // alert-coloured; the others carry their system's marker, as in the
        // legend: A's circle, B's triangle.
        assert_eq!(count(&svg, "fill=\"#D55E00\""), 2);
        assert_eq!(count(&svg, "<circle"), 2 + 2);
        assert_eq!(count(&svg, "<polygon"), 2);
    }
}
