//! Charts drawn with plotters into SVG strings: pure functions of the
//! evaluated numbers (rendered natively in tests, inlined by the page).
//! Every chart has a title, axis labels and a legend, uses the Okabe–Ito
//! colour-blind-safe palette, and comes in light and dark.

pub mod comparison;
pub mod curves;
pub mod discounts;
pub mod distribution;
pub mod per_measure;
pub mod ranks;
pub mod scatter;
pub mod svg_canvas;
pub mod tie_ranges;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::RGBColor;
use svg_canvas::SvgCanvas;

pub use crate::shared::system_name::{short, short_name};

/// Okabe & Ito's palette ("Color Universal Design", 2008), without black.
pub const PALETTE: [RGBColor; 7] = [
    RGBColor(0x00, 0x72, 0xB2), // blue
    RGBColor(0xE6, 0x9F, 0x00), // orange
    RGBColor(0x00, 0x9E, 0x73), // bluish green
    RGBColor(0xCC, 0x79, 0xA7), // reddish purple
    RGBColor(0x56, 0xB4, 0xE9), // sky blue
    RGBColor(0xD5, 0x5E, 0x00), // vermillion
    RGBColor(0xF0, 0xE4, 0x42), // yellow
];

/// The i-th series colour.
pub fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// Marker shapes, cycled by series index beside the colours: with 7
/// colours and 4 shapes, each of the first 28 series has its own pair, so
/// series stay apart when colours repeat (and for readers who do not tell
/// the colours apart).
const MARKERS: usize = 4;

/// What drawing a chart gives: nothing, or why it failed (a message shown
/// in the chart's place).
pub type Drawn = Result<(), String>;

/// A drawing step's result with its error as a message.
pub fn drew<T, E: std::fmt::Display>(result: Result<T, E>) -> Result<T, String> {
    result.map_err(|e| e.to_string())
}

/// Draws series `i`'s point of a chart of points at `at` (in `area`'s
/// coordinates): a filled circle for the first series, a triangle's outline
/// for the second, and so on alternately, so that points of two series that
/// coincide both stay visible. A legend entry draws the same shape.
pub fn draw_point<DB: DrawingBackend, CT: CoordTranslate>(
    area: &DrawingArea<DB, CT>,
    i: usize,
    at: CT::From,
    colour: RGBColor,
) -> Drawn {
    if i % 2 == 0 {
        drew(area.draw(&Circle::new(at, 6, colour.filled())))
    } else {
        drew(area.draw(&TriangleMarker::new(at, 5, colour.stroke_width(2))))
    }
}

/// Draws series `i`'s marker centred at pixel `at` of `area`.
pub fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    i: usize,
    at: (i32, i32),
    colour: RGBColor,
) -> Drawn {
    let (x, y) = at;
    let style = colour.filled();
    drew(match i % MARKERS {
        0 => area.draw(&Circle::new(at, 3, style)),
        1 => area.draw(&Polygon::new(
            vec![(x, y - 4), (x + 4, y + 3), (x - 4, y + 3)],
            style,
        )),
        2 => area.draw(&Polygon::new(
            vec![(x, y - 4), (x + 4, y), (x, y + 4), (x - 4, y)],
            style,
        )),
        _ => area
            .draw(&PathElement::new(
                vec![(x - 4, y), (x + 4, y)],
                colour.stroke_width(2),
            ))
            .and_then(|_| {
                area.draw(&PathElement::new(
                    vec![(x, y - 4), (x, y + 4)],
                    colour.stroke_width(2),
                ))
            }),
    })
    .map(|_| ())
}

/// Light or dark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Dark text on light.
    Light,
    /// Light text on dark.
    Dark,
}

impl Theme {
    /// Its name in addresses, messages and choices: `light` or `dark`.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme named `name` (as [`Theme::name`] writes it).
    pub fn named(name: &str) -> Option<Theme> {
        match name {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }

    /// Text and axis colour.
    pub fn fg(self) -> RGBColor {
        match self {
            Theme::Light => RGBColor(0x1d, 0x1d, 0x1f),
            Theme::Dark => RGBColor(0xec, 0xec, 0xf0),
        }
    }

    /// Background.
    pub fn bg(self) -> RGBColor {
        match self {
            Theme::Light => RGBColor(0xff, 0xff, 0xff),
            Theme::Dark => RGBColor(0x20, 0x22, 0x27),
        }
    }

    /// Highlight (rank-order disagreement).
    /// The ties' grey: the foreground at 60% over the background, one
    /// solid colour for a point and its legend swatch.
    pub fn tie(self) -> RGBColor {
        let (RGBColor(fr, fg, fb), RGBColor(br, bg, bb)) = (self.fg(), self.bg());
        let mix = |f: u8, b: u8| ((f64::from(f) * 0.6 + f64::from(b) * 0.4).round()) as u8;
        RGBColor(mix(fr, br), mix(fg, bg), mix(fb, bb))
    }

    pub fn alert(self) -> RGBColor {
        match self {
            Theme::Light => RGBColor(0xD5, 0x5E, 0x00),
            Theme::Dark => RGBColor(0xFF, 0x9E, 0x5E),
        }
    }
}

/// Width of the legend column at the right of each chart.
pub const LEGEND_WIDTH: u32 = 170;

/// The legend column's width in a chart `width` pixels wide: narrower on
/// a phone, so the plot keeps most of the width, but wide enough for 12
/// characters a line: "exponential" (11) whole, where 9 broke it mid-word.
pub fn legend_width(width: u32) -> u32 {
    if width < 560 {
        130
    } else {
        LEGEND_WIDTH
    }
}

/// How a legend entry is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swatch {
    /// A filled box (bars).
    Box,
    /// A filled box with the series' marker (bars that carry markers).
    MarkedBox,
    /// A line with the series' marker (lines that carry markers).
    MarkedLine,
    /// A line (curves).
    Line,
    /// The series' point, as [`draw_point`] draws it (charts of points).
    Point,
    /// A ring (points ringed to single them out).
    Ring,
}

/// Draws a legend (title and one entry per series) into its own column, so
/// it never covers the data.
pub fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    items: &[(String, RGBColor, Swatch)],
    theme: Theme,
) -> Drawn {
    let fg = theme.fg();
    let font = ("sans-serif", 14).into_font().color(&fg);
    // At most 8 px per character of 14 px text: a label never runs past the
    // column's edge; a longer one wraps onto a second line.
    let chars = ((area.dim_in_pixel().0 as usize).saturating_sub(34) / 8).max(6);
    // A phone's narrow column (12 characters a line) takes a third line.
    let most_lines = if chars <= 12 { 3 } else { 2 };
    drew(area.draw(&Text::new(short(title, chars + 3), (8, 44), font.clone())))?;
    let mut y = 66;
    let bottom = area.dim_in_pixel().1 as i32 - 8;
    for (i, (label, colour, swatch)) in items.iter().enumerate() {
        let lines = wrap_label_in(label, chars, most_lines);
        // The chart's height is bounded: what does not fit is counted (the
        // data table under the chart names every series).
        let needed = y + 8 + 16 * (lines.len() as i32 - 1);
        let rest = items.len() - i;
        if needed > bottom || (rest > 1 && needed + 20 > bottom) {
            drew(area.draw(&Text::new(
                format!("+{rest} more"),
                (30, y - 7),
                font.clone(),
            )))?;
            break;
        }
        match swatch {
            Swatch::Box => {
                drew(area.draw(&Rectangle::new([(8, y - 5), (22, y + 5)], colour.filled())))?
            }
            Swatch::MarkedBox => {
                drew(area.draw(&Rectangle::new([(6, y - 7), (24, y + 7)], colour.filled())))?;
                draw_marker(area, i, (15, y), theme.bg())?;
            }
            Swatch::Point => draw_point(area, i, (15, y), *colour)?,
            Swatch::Ring => drew(area.draw(&Circle::new((15, y), 6, colour.stroke_width(2))))?,
            Swatch::Line => drew(area.draw(&PathElement::new(
                vec![(6, y), (24, y)],
                colour.stroke_width(3),
            )))?,
            Swatch::MarkedLine => {
                drew(area.draw(&PathElement::new(
                    vec![(6, y), (24, y)],
                    colour.stroke_width(3),
                )))?;
                draw_marker(area, i, (15, y), *colour)?;
            }
        }
        for (n, line) in lines.iter().enumerate() {
            drew(area.draw(&Text::new(
                line.clone(),
                (30, y - 7 + 16 * n as i32),
                font.clone(),
            )))?;
        }
        y += 20 + 16 * (lines.len() as i32 - 1);
    }
    Ok(())
}

/// A legend label in lines of at most `chars` characters: one line when it
/// fits, else two, broken after `,`, `=` or a space or before `@` or `(`
/// where one falls in the first line (else at the width), the second line
/// shortened with "…" if it is still too long.
pub fn wrap_label(label: &str, chars: usize) -> Vec<String> {
    wrap_label_in(label, chars, 2)
}

/// [`wrap_label`] in at most `lines` lines (at least one), the last one
/// shortened with "…" if the label is still too long: a phone's narrow
/// legend column takes three, where two cut a run's name of 20 characters.
pub fn wrap_label_in(label: &str, chars: usize, lines: usize) -> Vec<String> {
    let all: Vec<char> = label.chars().collect();
    if all.len() <= chars {
        return vec![label.to_string()];
    }
    if lines <= 1 {
        return vec![short(label, chars)];
    }
    let at = (1..=chars.min(all.len() - 1))
        .rev()
        .find(|&i| {
            // After a space or a separator, unless the rest would start
            // with an operator ("2^g" / "− 1"); or before a cutoff or a
            // parenthesis.
            (matches!(all[i - 1], ',' | '=' | ' ') && !matches!(all[i], '−' | '+' | '×'))
                || matches!(all[i], '@' | '(')
        })
        .unwrap_or(chars);
    let first: String = all[..at].iter().collect();
    let rest: String = all[at..].iter().collect();
    let mut out = vec![first.trim_end().to_string()];
    out.extend(wrap_label_in(rest.trim_start(), chars, lines - 1));
    out
}

/// A drawing area of a chart.
pub type Area<'a> = DrawingArea<SvgCanvas<'a>, Shift>;

/// Draws a chart into an SVG string: the background filled, then `draw`
/// gets the plot area and the legend column at its right. A step that
/// fails gives its message instead of a chart.
pub fn render(
    size: Size,
    theme: Theme,
    draw: impl FnOnce(&Area, &Area) -> Drawn,
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SvgCanvas::with_string(&mut svg, size).into_drawing_area();
        drew(root.fill(&theme.bg()))?;
        let (plot, side) = root.split_horizontally(size.0.saturating_sub(legend_width(size.0)));
        draw(&plot, &side)?;
        drew(root.present())?;
    }
    Ok(svg)
}

/// A chart builder with the common title font, margin and label areas.
///
/// The title is centred over the plot area: where it would be wider than
/// that area (a phone's narrow chart), it is set smaller, down to the axis
/// labels' 14 px, and past that shortened with "…" (the chart's data table
/// names it whole), so that it is never cut at the chart's edges.
pub fn builder<'a, 'b>(
    area: &'a Area<'b>,
    title: &str,
    theme: Theme,
) -> ChartBuilder<'a, 'b, SvgCanvas<'b>> {
    let (title, px) = fit_title(title, area.dim_in_pixel().0);
    let mut b = ChartBuilder::on(area);
    b.caption(title, ("sans-serif", px).into_font().color(&theme.fg()))
        .margin(MARGIN)
        .x_label_area_size(X_LABELS)
        .y_label_area_size(Y_LABELS);
    b
}

/// The height of the x axis's label area, in pixels: a line of tick
/// labels and the axis's name under it.
const X_LABELS: u32 = 40;

/// The charts' margin, in pixels.
const MARGIN: u32 = 12;

/// A generous estimate of the advance of one character of the charts'
/// sans-serif, in ems of the size a text is given (titles and names
/// average about 0.43 em in DejaVu Sans, drawn at nine tenths of that
/// size, as a phone's screenshots measure them; more, so that an estimate
/// that fits does fit).
pub const CHAR_EM: f64 = 0.5;

/// The largest and smallest title sizes, in pixels.
const TITLE_PX: (u32, u32) = (20, 14);

/// The size of axis labels, in pixels (as [`styled_mesh`] sets them).
pub const LABEL_PX: f64 = 14.0;

/// A title set to fit `width` pixels: its text (shortened with "…" when
/// even the smallest size is too wide) and its size.
pub fn fit_title(title: &str, width: u32) -> (String, u32) {
    let room = f64::from(width.saturating_sub(2 * MARGIN));
    let chars = title.chars().count().max(1) as f64;
    let (largest, smallest) = TITLE_PX;
    let px = (room / (chars * CHAR_EM))
        .floor()
        .clamp(f64::from(smallest), f64::from(largest));
    let fits = (room / (px * CHAR_EM)).floor() as usize;
    (short(title, fits.max(4)), px as u32)
}

/// How many characters a label may have under each of `slots` equal
/// places along the x axis of a chart `width` pixels wide (its value
/// labels' column taken off), at most `most` and at least 3.
pub fn label_chars(width: u32, slots: usize, most: usize) -> usize {
    let per_slot = slot_px(width, slots);
    // A space's worth between neighbours.
    ((per_slot / (LABEL_PX * CHAR_EM)).floor() as usize)
        .saturating_sub(1)
        .clamp(3, most)
}

/// Every how many of `slots` equal places along the x axis of a chart
/// `width` pixels wide a label of `chars` characters (and a space) has room
/// for: 1 when every place can be labelled, 2 when every other one, and so
/// on. Labels that do not fit are left out, never drawn into each other.
pub fn label_every(width: u32, slots: usize, chars: usize) -> usize {
    let needed = (chars + 1) as f64 * LABEL_PX * CHAR_EM;
    ((needed / slot_px(width, slots)).ceil() as usize).max(1)
}

/// The pixels of each of `slots` equal places along the x axis of a chart
/// `width` pixels wide (its margins and value labels' column taken off).
fn slot_px(width: u32, slots: usize) -> f64 {
    f64::from(width.saturating_sub(2 * MARGIN + Y_LABELS)) / slots.max(1) as f64
}

/// How many value labels an x axis `width` pixels wide has room for (one
/// per 60 pixels, as "0.25" needs), at most 10.
pub fn x_ticks(width: u32) -> usize {
    (width.saturating_sub(2 * MARGIN + Y_LABELS) / 60).clamp(3, 10) as usize
}

/// How many whole-number labels (ranks, "15") an x axis `width` pixels
/// wide has room for (one per 28 pixels), at least 2 and at most `most`.
pub fn whole_ticks(width: u32, most: usize) -> usize {
    ((width.saturating_sub(2 * MARGIN + Y_LABELS) / 28) as usize).clamp(2, most.max(2))
}

/// The width of the y axis's label area, in pixels.
const Y_LABELS: u32 = 50;

/// The mesh of a chart with the common grid, axis and label styles.
#[macro_export]
macro_rules! styled_mesh {
    ($chart:expr, $theme:expr) => {{
        let fg = $theme.fg();
        let mut mesh = $chart.configure_mesh();
        mesh.light_line_style(fg.mix(0.06))
            .bold_line_style(fg.mix(0.14))
            .axis_style(fg)
            .label_style(("sans-serif", 14).into_font().color(&fg));
        mesh
    }};
}

/// A legend with one entry per name, coloured in series order.
pub fn name_legend(
    side: &Area,
    title: &str,
    names: &[String],
    swatch: Swatch,
    theme: Theme,
) -> Drawn {
    legend(side, title, &name_items(names, swatch), theme)
}

/// A legend's entries for `names`, coloured in series order.
pub fn name_items(names: &[String], swatch: Swatch) -> Vec<(String, RGBColor, Swatch)> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), colour(i), swatch))
        .collect()
}

/// An interval (low, high), when known.
pub type Interval = Option<(f64, f64)>;

/// Pixel size of a chart.
pub type Size = (u32, u32);

/// An upper bound for a value axis: 1 for measures in [0, 1], else the
/// largest value with a 10% margin.
pub fn upper(values: impl Iterator<Item = f64>) -> f64 {
    let m = values.filter(|v| v.is_finite()).fold(0.0, f64::max);
    if m <= 1.0 {
        1.0
    } else {
        m * 1.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A phone's plot (256 px beside its legend) has room for 6 ranks'
    /// labels, not 20 that ran into one another ("9101112…"); a wide one
    /// for all 20.
    #[test]
    fn whole_number_labels_are_as_many_as_fit() {
        assert_eq!(whole_ticks(256, 20), 6);
        assert_eq!(whole_ticks(1110, 20), 20);
        assert_eq!(whole_ticks(40, 20), 2);
    }

    #[test]
    fn a_title_is_set_smaller_then_shortened_to_fit_its_width() {
        // 37 characters. Wide: 20 px, whole.
        let title = "RR per query: BM25 vs BM25 + reranker";
        assert_eq!(fit_title(title, 900), (title.to_string(), 20));
        // A narrow plot area (300 px): smaller, whole, within the room.
        let (text, px) = fit_title(title, 300);
        assert_eq!(text, title);
        assert!((14..20).contains(&px), "{px}");
        assert!(37.0 * f64::from(px) * CHAR_EM <= 300.0 - 24.0);
        // A phone's (230 px): 14 px, shortened, the shortened text within the room.
        let (text, px) = fit_title(title, 230);
        assert_eq!(px, 14);
        assert!(text.ends_with('…') && title.starts_with(text.trim_end_matches('…')));
        assert!(text.chars().count() as f64 * 14.0 * CHAR_EM <= 230.0 - 24.0);
    }

    #[test]
    fn axis_labels_get_their_places_width() {
        // 1280 px page: three systems' names whole (18 characters).
        assert_eq!(label_chars(900, 3, 18), 18);
        // A phone: (266 - 74) / 3 = 64 px a place, 7 px a character: 9, less a space.
        assert_eq!(label_chars(266, 3, 18), 8);
        assert_eq!(label_chars(100, 9, 18), 3);
        // 30 queries under a 634 px plot: (634 - 74) / 30 = 18.7 px a place;
        // a 3-character query id and a space take 28 px: every other one.
        assert_eq!(label_every(634, 30, 3), 2);
        assert_eq!(label_every(900, 3, 18), 1);
        // A phone, 15 queries in 266 px: 12.8 px a place, every third.
        assert_eq!(label_every(266, 15, 3), 3);
        assert_eq!(x_ticks(1000), 10);
        assert_eq!(x_ticks(266), 3);
    }

    #[test]
    fn a_failed_step_gives_its_message_instead_of_a_chart() {
        let failed = render((300, 200), Theme::Light, |_, _| Err("out of room".into()));
        assert_eq!(failed, Err("out of room".to_string()));
        let drawn = render((300, 200), Theme::Light, |_, _| Ok(())).unwrap();
        assert!(drawn.starts_with("<svg"));
    }

    #[test]
    fn marks_are_tagged_in_order_after_the_skipped_ones() {
        let svg = "<rect a/><rect b/><rect c/>";
        let tagged = tag_marks(
            svg,
            "<rect",
            1,
            &[format!("data-x=\"{}\"", xml_attr("1\"<"))],
        );
        assert_eq!(
            tagged,
            "<rect a/><rect data-x=\"1&quot;&lt;\" tabindex=\"0\" role=\"button\" b/><rect c/>"
        );
        // One Tab stop per chart: the marks after the first take -1.
        let two = tag_marks("<rect/><rect/>", "<rect", 0, &["a".into(), "b".into()]);
        assert_eq!(untag_marks(&two), "<rect a/><rect b/>");
        assert_eq!(
            two,
            "<rect a tabindex=\"0\" role=\"button\"/><rect b tabindex=\"-1\" role=\"button\"/>"
        );
    }

    #[test]
    fn a_legend_too_long_for_its_chart_counts_what_it_leaves_out() {
        let names: Vec<String> = (0..40).map(|i| format!("system {i}")).collect();
        let svg = render((700, 400), Theme::Light, |_, side| {
            name_legend(side, "Systems", &names, Swatch::Box, Theme::Light)
        })
        .unwrap();
        let shown = (0..40)
            .filter(|i| {
                svg.contains(&format!(">system {i}<")) || svg.contains(&format!("system {i}\n"))
            })
            .count();
        assert!(shown > 5 && shown < 40, "{shown} entries drawn");
        assert!(svg.contains(&format!("+{} more", 40 - shown)), "{svg}");
        // All of them fit a tall enough chart: no count.
        let few = render((700, 400), Theme::Light, |_, side| {
            name_legend(side, "Systems", &names[..5], Swatch::Box, Theme::Light)
        })
        .unwrap();
        assert!(!few.contains("more"));
    }

    #[test]
    fn long_legend_labels_wrap_instead_of_losing_their_end() {
        assert_eq!(wrap_label("ERR(gmax=3)@3", 20), ["ERR(gmax=3)@3"]);
        // A 110 px column holds 9 characters: the cutoff is kept.
        assert_eq!(wrap_label("ERR(gmax=3)@3", 9), ["ERR(gmax=", "3)@3"]);
        assert_eq!(wrap_label("ERR(gmax=3)@3", 12), ["ERR(gmax=3)", "@3"]);
        assert_eq!(
            wrap_label("nDCG(dcg='exp-log2')@10", 12),
            ["nDCG(dcg=", "'exp-log2')…"]
        );
        assert_eq!(wrap_label("BM25 + reranker", 10), ["BM25 +", "reranker"]);
        // A formula's operator stays with its operands, not alone at the
        // start of a line.
        assert_eq!(
            wrap_label("exponential 2^g − 1", 17),
            ["exponential", "2^g − 1"]
        );
        // A phone's column (130 px: 12 characters) keeps the word whole.
        assert_eq!(
            wrap_label_in("exponential 2^g − 1", 12, 3),
            ["exponential", "2^g − 1"]
        );
        assert_eq!(wrap_label("abcdefghijkl", 6), ["abcdef", "ghijkl"]);
        // Three lines where a phone's column allows them: a run's whole name.
        assert_eq!(
            wrap_label_in("bm25-rm3-tuned-v2.run", 9, 3),
            ["bm25-rm3-", "tuned-v2.", "run"]
        );
        assert_eq!(
            wrap_label_in("a very long system name indeed", 9, 3),
            ["a very", "long", "system n…"]
        );
        for label in [
            "ERR(gmax=3)@3",
            "nDCG(dcg='exp-log2')@10",
            "a very long system name indeed",
        ] {
            for chars in 6..30 {
                let lines = wrap_label(label, chars);
                assert!(
                    lines.len() <= 2 && lines.iter().all(|l| l.chars().count() <= chars),
                    "{label} {chars}: {lines:?}"
                );
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    /// Number of occurrences of `needle` in `svg`.
    pub fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }
}

/// Escapes text for an XML attribute.
pub fn xml_attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A chart made by [`tag_marks`] without the marks' roles and tab stops
/// (their data stays): for touch screens, where the tables' values open the
/// same explanations.
pub fn untag_marks(svg: &str) -> String {
    svg.replace(" tabindex=\"0\" role=\"button\"", "")
        .replace(" tabindex=\"-1\" role=\"button\"", "")
}

/// Makes the drawn marks of a chart clickable: the i-th occurrence of
/// `element` (e.g. `<circle`) after the first `skip` gets the attributes
/// `attrs[i]` (already escaped) plus `role="button"` and a roving
/// `tabindex`: the first mark is the chart's one Tab stop (`0`), the others
/// are reached with the arrow keys (`-1`), so a chart of 51 bars costs one
/// Tab press, not 51.
pub fn tag_marks(svg: &str, element: &str, skip: usize, attrs: &[String]) -> String {
    let mut out = String::with_capacity(svg.len() + attrs.len() * 64);
    let mut rest = svg;
    let mut seen = 0usize;
    while let Some(at) = rest.find(element) {
        let end = at + element.len();
        out.push_str(&rest[..end]);
        if seen >= skip {
            if let Some(a) = attrs.get(seen - skip) {
                let tab = if seen == skip { 0 } else { -1 };
                out.push_str(&format!(" {a} tabindex=\"{tab}\" role=\"button\""));
            }
        }
        seen += 1;
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}
