//! The comparison chart a paper can print: one small panel per measure
//! (small multiples, as the forest plots of IR papers compare systems on
//! one measure at a time), each system a row with its mean (the measure's
//! marker), the interval of the statistics settings (a whisker with end
//! caps) and, where the order of tied documents changes the mean, its
//! lowest and highest value over those orders (a hollow box). Measures
//! differ by colour, by marker shape and by their panel's title; systems
//! are named on their rows; so the chart reads in greyscale too.

use plotters::prelude::*;
use plotters::style::RGBColor;

use super::svg_canvas::{text_size, SvgCanvas};
use super::{colour, drew, short, upper, Drawn, Interval, Size, Theme};

/// What the chart shows.
pub struct PerMeasure<'a> {
    /// Measure names (one panel each).
    pub measures: &'a [String],
    /// System names (one row each, in every panel).
    pub systems: &'a [String],
    /// `values[s][m]`: system s's mean of measure m.
    pub values: &'a [Vec<f64>],
    /// `intervals[s][m]`: its interval, when known.
    pub intervals: &'a [Vec<Interval>],
    /// `ties[s][m]`: its range over tie orders, where tie order changes it.
    pub ties: &'a [Vec<Interval>],
    /// What the intervals are ("95% t interval").
    pub interval_name: &'a str,
}

/// The chart's title.
pub const TITLE: &str = "Systems per measure";

/// Number of marker shapes: with 7 colours, each of the first 56
/// measures has its own pair of colour and shape.
const SHAPES: usize = 8;

/// The labels' font size, as the other charts' labels (drawn at 12.6 px:
/// see the canvas, [`SvgCanvas`]).
const LABEL: u32 = 14;

/// Height of a system's row and of a panel's title and axis, in pixels.
const ROW: u32 = 26;
/// Half the height of a tie range's box: it stands 4 px above and below
/// a mean's marker.
const TIE_HALF: i32 = 9;
const PANEL_TITLE: u32 = 26;
const PANEL_AXIS: u32 = 34;
/// Height of the chart's title and key above the panels: the key in one
/// line, or stacked in three (the interval, the tie orders, the arrow).
const HEAD: u32 = 62;
const HEAD_STACKED: u32 = 104;

/// Whether the key is stacked at `width`: its one line (the longest
/// interval's name with the arrow's note, then the tie orders' box) takes
/// about 790 px at 14 px.
fn stacked_key(width: u32) -> bool {
    width < 800
}

/// Panels per row for a chart `width` pixels wide.
fn columns(width: u32, measures: usize) -> usize {
    let fit = if width < 600 {
        1
    } else if width < 980 {
        2
    } else {
        3
    };
    fit.min(measures.max(1))
}

/// The chart's size at `width` for `measures` panels of `systems` rows.
pub fn per_measure_size(width: u32, measures: usize, systems: usize) -> Size {
    let cols = columns(width, measures);
    let rows = measures.max(1).div_ceil(cols) as u32;
    let panel = PANEL_TITLE + ROW * systems.max(1) as u32 + PANEL_AXIS;
    let head = if stacked_key(width) {
        HEAD_STACKED
    } else {
        HEAD
    };
    (width, head + rows * panel + 8)
}

/// Draws measure `m`'s marker at `at` (radius about `r`), filled with
/// `fill` and outlined with `line`.
pub fn draw_shape<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    m: usize,
    at: (i32, i32),
    r: i32,
    fill: RGBColor,
    line: RGBColor,
) -> Drawn {
    let (x, y) = at;
    let w = (r / 2).max(2);
    let points: Vec<(i32, i32)> = match m % SHAPES {
        0 => {
            drew(area.draw(&Circle::new(at, r, fill.filled())))?;
            return drew(area.draw(&Circle::new(at, r, line.stroke_width(1)))).map(|_| ());
        }
        // Triangle up, square, diamond, triangle down.
        1 => vec![(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)],
        2 => vec![
            (x - r, y - r),
            (x + r, y - r),
            (x + r, y + r),
            (x - r, y + r),
        ],
        3 => vec![
            (x, y - r - 2),
            (x + r + 2, y),
            (x, y + r + 2),
            (x - r - 2, y),
        ],
        4 => vec![(x - r - 1, y - r), (x + r + 1, y - r), (x, y + r + 1)],
        // Plus.
        5 => vec![
            (x - w, y - r - 1),
            (x + w, y - r - 1),
            (x + w, y - w),
            (x + r + 1, y - w),
            (x + r + 1, y + w),
            (x + w, y + w),
            (x + w, y + r + 1),
            (x - w, y + r + 1),
            (x - w, y + w),
            (x - r - 1, y + w),
            (x - r - 1, y - w),
            (x - w, y - w),
        ],
        // Triangle left, hourglass.
        6 => vec![(x - r - 1, y), (x + r, y - r - 1), (x + r, y + r + 1)],
        _ => vec![
            (x - r, y - r - 1),
            (x + r, y - r - 1),
            (x, y),
            (x + r, y + r + 1),
            (x - r, y + r + 1),
            (x, y),
        ],
    };
    drew(area.draw(&Polygon::new(points.clone(), fill.filled())))?;
    let mut outline = points;
    outline.push(outline[0]);
    drew(area.draw(&PathElement::new(outline, line.stroke_width(1)))).map(|_| ())
}

/// Where a value goes on a panel's axis from `x0` to `x1` (0 to `top`).
/// The end of measure `m`'s axis: 1 for a measure in [0, 1], else past
/// its largest mean or tie range end ([`upper`]); an interval that leaves
/// the axis is cut at the edge.
fn axis_top(d: &PerMeasure, m: usize) -> f64 {
    upper((0..d.systems.len()).flat_map(|s| {
        let tie = d.ties[s][m].into_iter().flat_map(|(a, b)| [a, b]);
        std::iter::once(d.values[s][m]).chain(tie)
    }))
}

/// Whether some interval goes on past an end of its measure's axis.
fn any_cut(d: &PerMeasure) -> bool {
    (0..d.measures.len()).any(|m| {
        let top = axis_top(d, m);
        d.intervals
            .iter()
            .any(|row| row[m].is_some_and(|(lo, hi)| lo < 0.0 || hi > top))
    })
}

fn to_px(v: f64, top: f64, x0: i32, x1: i32) -> i32 {
    let t = (v / top).clamp(0.0, 1.0);
    x0 + ((x1 - x0) as f64 * t).round() as i32
}

/// The chart as SVG. The mean markers are followed, after everything
/// else, by one transparent `<rect>` per mean (measure by measure, system
/// by system), for the page to make clickable.
pub fn per_measure_svg(d: &PerMeasure, theme: Theme, size: Size) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SvgCanvas::with_string(&mut svg, size).into_drawing_area();
        drew(root.fill(&theme.bg()))?;
        draw(&root, d, theme, size)?;
        drew(root.present())?;
    }
    Ok(svg)
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    d: &PerMeasure,
    theme: Theme,
    (width, _): Size,
) -> Drawn {
    let fg = theme.fg();
    let text = |px: u32| ("sans-serif", px).into_font().color(&fg);
    let stacked = stacked_key(width);
    drew(root.draw(&Text::new(TITLE, (12, 8), text(20))))?;
    // The key: what each mark is.
    let key_y = 42;
    let x = 14;
    drew(root.draw(&PathElement::new(
        vec![(x, key_y), (x + 22, key_y)],
        fg.stroke_width(2),
    )))?;
    for cap in [x, x + 22] {
        drew(root.draw(&PathElement::new(
            vec![(cap, key_y - 5), (cap, key_y + 5)],
            fg.stroke_width(2),
        )))?;
    }
    let cut = any_cut(d);
    let interval_key = if cut && !stacked {
        format!("{} (an arrow: it goes on past the axis)", d.interval_name)
    } else {
        d.interval_name.to_string()
    };
    let key_width = text_size(&interval_key, f64::from(LABEL)).0 as i32;
    drew(root.draw(&Text::new(interval_key, (x + 30, key_y - 8), text(LABEL))))?;
    let (bx, by) = if stacked {
        (14, key_y + 22)
    } else {
        (x + 30 + key_width + 16, key_y)
    };
    drew(root.draw(&Rectangle::new(
        [(bx, by - 5), (bx + 22, by + 5)],
        fg.stroke_width(1),
    )))?;
    drew(root.draw(&Text::new(
        "lowest to highest over tie orders",
        (bx + 30, by - 8),
        text(LABEL),
    )))?;
    if cut && stacked {
        let note = "An arrow: it goes on past the axis";
        drew(root.draw(&Text::new(note, (14, key_y + 36), text(LABEL))))?;
    }
    let head = if stacked { HEAD_STACKED } else { HEAD } as i32;
    let cols = columns(width, d.measures.len());
    let panel_w = (width as i32 - 8) / cols as i32;
    let panel_h = (PANEL_TITLE + ROW * d.systems.len().max(1) as u32 + PANEL_AXIS) as i32;
    let longest = d
        .systems
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(4);
    // System names take up to 40% of a panel (about 7.5 px a character).
    let name_chars = longest.min(((panel_w as f64 * 0.4) / 7.5) as usize).max(4);
    let name_w = (name_chars as f64 * 7.5) as i32 + 14;
    let mut hits = Vec::new();
    for (m, measure) in d.measures.iter().enumerate() {
        let left = 4 + (m % cols) as i32 * panel_w;
        let top_y = head + (m / cols) as i32 * panel_h;
        let x0 = left + name_w;
        let x1 = left + panel_w - 18;
        let c = colour(m);
        // The panel's title: the measure's marker and name.
        draw_shape(root, m, (left + 12, top_y + 11), 5, c, fg)?;
        drew(
            root.draw(&Text::new(
                short(measure, ((panel_w - 30) / 8).max(6) as usize),
                (left + 24, top_y + 2),
                ("sans-serif", 18)
                    .into_font()
                    .style(FontStyle::Bold)
                    .color(&fg),
            )),
        )?;
        let top = axis_top(d, m);
        let rows_y0 = top_y + PANEL_TITLE as i32;
        let axis_y = rows_y0 + ROW as i32 * d.systems.len() as i32 + 4;
        // Grid lines and ticks at 0, ¼, ½, ¾ and the top (0, ½ and the top
        // on a narrow panel).
        let ticks: &[f64] = if x1 - x0 < 220 {
            &[0.0, 0.5, 1.0]
        } else {
            &[0.0, 0.25, 0.5, 0.75, 1.0]
        };
        for &t in ticks {
            let px = to_px(t * top, top, x0, x1);
            drew(root.draw(&PathElement::new(
                vec![(px, rows_y0), (px, axis_y)],
                fg.mix(0.14).stroke_width(1),
            )))?;
            let label = if top == 1.0 {
                format!("{t}")
            } else {
                format!("{:.2}", t * top)
            };
            let half = 4 * label.chars().count() as i32;
            drew(root.draw(&Text::new(label, (px - half, axis_y + 6), text(LABEL))))?;
        }
        drew(root.draw(&PathElement::new(
            vec![(x0, axis_y), (x1, axis_y)],
            fg.stroke_width(1),
        )))?;
        for (s, name) in d.systems.iter().enumerate() {
            let y = rows_y0 + ROW as i32 * s as i32 + ROW as i32 / 2;
            drew(root.draw(&Text::new(
                short(name, name_chars),
                (left + 4, y - 8),
                text(LABEL),
            )))?;
            if let Some((lo, hi)) = d.ties[s][m] {
                // Taller than the mean's marker (radius 5), so that a range
                // narrower than the marker still shows above and below it.
                let (a, b) = (to_px(lo, top, x0, x1), to_px(hi, top, x0, x1));
                let corners = [(a, y - TIE_HALF), (b.max(a + 2), y + TIE_HALF)];
                drew(root.draw(&Rectangle::new(corners, c.mix(0.18).filled())))?;
                drew(root.draw(&Rectangle::new(corners, fg.stroke_width(1))))?;
            }
            if let Some((lo, hi)) = d.intervals[s][m] {
                let (a, b) = (to_px(lo, top, x0, x1), to_px(hi, top, x0, x1));
                drew(root.draw(&PathElement::new(vec![(a, y), (b, y)], fg.stroke_width(2))))?;
                // A cap where the interval ends on the axis; where it goes
                // on past an end, an arrowhead pointing on.
                for (at, inside, on) in [(a, lo >= 0.0, -1), (b, hi <= top, 1)] {
                    let mark = if inside {
                        vec![(at, y - 5), (at, y + 5)]
                    } else {
                        vec![(at - 6 * on, y - 5), (at, y), (at - 6 * on, y + 5)]
                    };
                    drew(root.draw(&PathElement::new(mark, fg.stroke_width(2))))?;
                }
            }
            let v = d.values[s][m];
            let px = to_px(v.max(0.0), top, x0, x1);
            draw_shape(root, m, (px, y), 5, c, fg)?;
            hits.push((px, y));
        }
    }
    // The clickable marks: one transparent box over each mean, drawn last.
    for (px, y) in hits {
        drew(root.draw(&Rectangle::new(
            [(px - 8, y - 8), (px + 8, y + 8)],
            // Not quite transparent: a fully transparent shape is not drawn.
            theme.bg().mix(0.01).filled(),
        )))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::test_support::count;

    fn chart(width: u32, theme: Theme) -> String {
        let measures = vec!["RR".to_string(), "AP".to_string(), "nDCG@10".to_string()];
        let systems = vec!["bm25".to_string(), "llmjudge <x>".to_string()];
        let values = vec![vec![0.75, 0.55, 0.6], vec![0.8, 0.666, 0.79]];
        let intervals = vec![
            vec![Some((0.5, 1.0)), Some((0.4, 0.7)), None],
            vec![Some((0.6, 0.95)), Some((0.5, 0.8)), Some((0.7, 0.85))],
        ];
        let ties = vec![vec![None; 3], vec![None, Some((0.566, 0.802)), None]];
        let d = PerMeasure {
            measures: &measures,
            systems: &systems,
            values: &values,
            intervals: &intervals,
            ties: &ties,
            interval_name: "95% t interval",
        };
        let size = per_measure_size(width, 3, 2);
        per_measure_svg(&d, theme, size).unwrap()
    }

    #[test]
    fn panels_name_measures_and_systems_and_show_intervals_and_tie_ranges() {
        let svg = chart(900, Theme::Light);
        for label in [
            TITLE,
            "95% t interval",
            "lowest to highest over tie orders",
            "RR",
            "AP",
            "nDCG@10",
            "bm25",
            "llmjudge &lt;x&gt;",
        ] {
            assert!(svg.contains(label), "missing {label}: {svg}");
        }
        // Measure 0 is a circle (its title and 2 means), measures 1 and 2
        // polygons (a triangle and a square: title and 2 means each).
        assert_eq!(count(&svg, "<circle"), 2 * 3, "{svg}");
        assert_eq!(count(&svg, "<polygon"), 2 * 3);
        // The background, the key's box, one tie range (fill and outline)
        // and 6 transparent marks, last.
        assert_eq!(count(&svg, "<rect"), 1 + 1 + 2 + 6);
        // The tie range's box stands above and below the marker in it
        // (radius 5): its fill and outline are 18 px tall.
        let tall = format!("height=\"{}\"", 2 * TIE_HALF);
        assert_eq!(count(&svg, &tall), 2, "{svg}");
        assert!(svg
            .trim_end()
            .trim_end_matches("</svg>")
            .trim_end()
            .ends_with("/>"));
        // No text under 12.6 px (14 px asked for).
        for size in svg.split("font-size=\"").skip(1) {
            let px: f64 = size.split('"').next().unwrap().parse().unwrap();
            assert!(px >= 12.6 - 1e-9, "{px}");
        }
        // Two panels a row at 900 px, one on a phone (taller, its key
        // stacked).
        assert_eq!(per_measure_size(900, 3, 2).1, HEAD + 2 * (26 + 52 + 34) + 8);
        assert_eq!(
            per_measure_size(360, 3, 2).1,
            HEAD_STACKED + 3 * (26 + 52 + 34) + 8
        );
        let dark = chart(360, Theme::Dark);
        assert!(dark.contains("#202227") && dark.contains("#ECECF0"));
    }

    #[test]
    fn an_interval_past_the_axis_ends_in_an_arrow_the_key_explains() {
        let measures = vec!["RR".to_string()];
        let systems = vec!["a".to_string(), "b".to_string()];
        let values = vec![vec![0.4], vec![0.7]];
        let ties = vec![vec![None], vec![None]];
        let svg_at = |intervals: &[Vec<Interval>], width: u32| {
            let d = PerMeasure {
                measures: &measures,
                systems: &systems,
                values: &values,
                intervals,
                ties: &ties,
                interval_name: "95% t interval",
            };
            per_measure_svg(&d, Theme::Light, per_measure_size(width, 1, 2)).unwrap()
        };
        let svg = |intervals: &[Vec<Interval>]| svg_at(intervals, 900);
        // Within the axis: two caps each, no arrow, and the key as before.
        let inside = svg(&[vec![Some((0.2, 0.6))], vec![Some((0.5, 0.9))]]);
        assert!(!inside.contains("an arrow"), "{inside}");
        // b's interval leaves both ends (a t interval on few queries).
        let cut = svg(&[vec![Some((0.2, 0.6))], vec![Some((-0.3, 1.4))]]);
        assert!(
            cut.contains("95% t interval (an arrow: it goes on past the axis)"),
            "{cut}"
        );
        // An arrowhead is a path of three points, a cap one of two.
        let three = |svg: &str| {
            svg.split("points=\"")
                .skip(1)
                .filter(|p| p.split('"').next().unwrap().split_whitespace().count() == 3)
                .count()
        };
        assert_eq!(three(&cut), three(&inside) + 2, "{cut}");
        // On a phone the key is stacked: the note is a line of its own,
        // and every line of the key ends inside the chart.
        let phone = svg_at(&[vec![Some((0.2, 0.6))], vec![Some((-0.3, 1.4))]], 360);
        assert!(
            phone.contains(">\nAn arrow: it goes on past the axis\n<"),
            "{phone}"
        );
        assert!(phone.contains(">\n95% t interval\n<"), "{phone}");
        for line in ["95% t interval", "lowest to highest over tie orders"] {
            assert!(44 + text_size(line, f64::from(LABEL)).0 < 360, "{line}");
        }
    }

    #[test]
    fn eight_measures_have_eight_shapes() {
        // Each shape draws differently: a circle, then polygons with 3, 4,
        // 4 (a diamond), 3, 12, 3 and 6 corners.
        let mut corners = Vec::new();
        for m in 0..SHAPES {
            let mut svg = String::new();
            {
                let root = SvgCanvas::with_string(&mut svg, (40, 40)).into_drawing_area();
                draw_shape(&root, m, (20, 20), 5, colour(m), Theme::Light.fg()).unwrap();
                root.present().unwrap();
            }
            corners.push(if svg.contains("<circle") {
                0
            } else {
                let p = svg.split("points=\"").nth(1).unwrap();
                p.split('"').next().unwrap().split_whitespace().count()
            });
        }
        assert_eq!(corners, [0, 3, 4, 4, 3, 12, 3, 6]);
    }
}
