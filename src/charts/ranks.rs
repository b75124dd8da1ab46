//! Where the measures rank the systems differently: for each measure, each
//! system's rank (1 = best), one line per system across the measures.
//! A measure that reverses a pair of systems the first measure puts in
//! order is marked `≠` on the axis, and the points of the systems it
//! reverses are ringed in the alert colour (the legend says so); systems a
//! measure ties share a rank and are marked `=`: a tie is not a
//! disagreement.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{
    builder, colour, draw_marker, drew, label_chars, legend, name_items, render, short, Size,
    Swatch, Theme, CHAR_EM, LABEL_PX,
};

/// The most characters of a measure's label, its marks included.
const LABEL_MOST: usize = 16;

/// The x axis area's depth beside upright labels: the ticks and the
/// axis's name.
const ROTATED_AREA: u32 = 34;
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
        let flagged: Vec<bool> = (0..measures.len())
            .map(|m| disagrees(rank_table, m))
            .collect();
        let tied: Vec<bool> = (0..measures.len()).map(|m| ties(rank_table, m)).collect();
        let labels: Vec<String> = measures
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let mark = match (flagged[i], tied[i]) {
                    (true, true) => " ≠ =",
                    (true, false) => " ≠",
                    (false, true) => " =",
                    (false, false) => "",
                };
                format!("{}{mark}", short(n, LABEL_MOST - mark.chars().count()))
            })
            .collect();
        // Labels that do not fit side by side (a phone's chart) are set
        // upright, read downwards, in an axis area as deep as the longest;
        // the axis's name then says the marks in short.
        let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let upright = longest > label_chars(plot.dim_in_pixel().0, n_m, LABEL_MOST);
        let first = measures
            .first()
            .map_or_else(|| "the first".to_string(), |m| short(m, LABEL_MOST));
        let mut b = builder(
            plot,
            "Rank of each system under each measure (1 = best)",
            theme,
        );
        if upright {
            b.x_label_area_size(ROTATED_AREA + (longest as f64 * LABEL_PX * CHAR_EM) as u32);
        }
        let mut chart =
            drew(b.build_cartesian_2d(-0.5f64..(n_m as f64 - 0.5), (n_s as f64 + 0.5)..0.5f64))?;
        drew(
            styled_mesh!(chart, theme)
                .disable_x_mesh()
                .x_labels(n_m)
                .y_labels(n_s)
                .x_label_formatter(&|x| match labels.get(x.round() as usize) {
                    Some(l) if !upright => l.clone(),
                    _ => String::new(),
                })
                .y_label_formatter(&|y| format!("{}", y.round() as usize))
                .x_desc(if upright {
                    "Measure (≠ reverses, = ties)".to_string()
                } else {
                    format!("Measure (≠: reverses a pair {first} puts in order; =: ties systems)")
                })
                .y_desc("Rank")
                .draw(),
        )?;
        if upright {
            // Each label from just under its tick, downwards (the mesh
            // would centre it on the tick, half of it in the plot).
            let style = ("sans-serif", LABEL_PX)
                .into_font()
                .color(&theme.fg())
                .transform(FontTransform::Rotate90)
                .pos(Pos::new(HPos::Left, VPos::Center));
            for (m, label) in labels.iter().enumerate() {
                let (x, y) = chart.backend_coord(&(m as f64, n_s as f64 + 0.5));
                drew(plot.draw(&Text::new(label.clone(), (x, y + 8), style.clone())))?;
            }
        }
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
            // another, the marker is ringed in the alert colour, so the
            // point still says whose it is.
            for &(x, y) in &pts {
                let at = chart.backend_coord(&(x, y));
                if reversed(rank_table, x as usize, s) {
                    drew(plot.draw(&Circle::new(at, 8, alert.stroke_width(3))))?;
                }
                draw_marker(plot, s, at, c)?;
            }
        }
        let mut items = name_items(systems, Swatch::MarkedLine);
        if flagged.iter().any(|&f| f) {
            items.push((format!("order differs from {first}"), alert, Swatch::Ring));
        }
        legend(side, "Systems", &items, theme)?;
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
        // Alert rings: nDCG's three (each system is in a reversed pair),
        // and the legend's, which says what they mean.
        assert_eq!(count(&svg, "stroke=\"#D55E00\""), 3 + 1);
        assert!(
            svg.contains("\norder differs\n") && svg.contains("\nfrom RR\n"),
            "{svg}"
        );
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
        // Two lines (plus two legend lines), four points, each with its
        // system's marker as in the legend (A's circle, B's triangle); the
        // two under nDCG ringed in the alert colour, as is the legend's
        // entry for the rings.
        assert_eq!(count(&svg, "stroke=\"#D55E00\""), 2 + 1);
        assert_eq!(count(&svg, "<circle"), 2 + 1 + 2 + 1);
        assert_eq!(count(&svg, "<polygon"), 2 + 1);
        assert!(svg.contains("reverses a pair RR puts in order"), "{svg}");
    }

    /// Six measures on a phone's chart (366 px, legend beside): side by
    /// side their names would be cut to "nD…"; upright, each is whole with
    /// its marks, and the axis's name fits.
    #[test]
    fn labels_too_wide_side_by_side_are_set_upright_and_whole() {
        let names: Vec<String> = ["RR", "AP", "nDCG@10", "ERR@10", "P@10", "R@100"]
            .map(String::from)
            .to_vec();
        let table = vec![vec![3; 6], vec![1; 6], vec![2, 2, 2, 2, 1, 1]];
        let svg = ranks_svg(
            &names,
            &[
                "BM25".into(),
                "BM25 + reranker".into(),
                "Dense retriever".into(),
            ],
            &table,
            Theme::Light,
            (366, 520),
        )
        .unwrap();
        for label in ["nDCG@10", "ERR@10", "P@10 =", "R@100 ="] {
            assert!(svg.contains(&format!("\n{label}\n")), "{label}: {svg}");
        }
        assert_eq!(count(&svg, "rotate(90,"), 6, "{svg}");
        assert!(svg.contains("\nMeasure (≠ reverses, = ties)\n"), "{svg}");
        // Wide, the same labels stand side by side.
        let wide = ranks_svg(
            &names,
            &["A".into(), "B".into(), "C".into()],
            &table,
            Theme::Light,
            (900, 420),
        )
        .unwrap();
        assert_eq!(count(&wide, "rotate(90,"), 0, "{wide}");
    }
}
