//! The charts' drawing backend: plotters' SVG writer, with the size of a
//! text estimated from a sans-serif font's advance widths instead of
//! measured by the browser.
//!
//! Plotters measures a text in a browser by putting it in the page and
//! reading its size back, which makes the browser lay the whole page out
//! first. After a big run's results arrive, that layout took several
//! hundred milliseconds before the first chart could be drawn (the title's
//! size, asked by `ChartBuilder::build_cartesian_2d`). An estimate needs no
//! page, is the same natively and in a browser, and is all plotters uses a
//! size for: room for titles and labels, and not letting tick labels overlap.

use plotters::prelude::{DrawingBackend, SVGBackend};
use plotters_backend::{
    text_anchor, BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
    FontFamily, FontStyle, FontTransform,
};

/// Plotters' SVG writer writes a text's `font-size` as its size divided by
/// 1.24 (a 14 px label came out 11.3 px, small beside the page's text).
/// The canvas gives it a size that comes out at nine tenths of the size a
/// chart asked for (14 px: 12.6 px): the faces a browser picks for
/// `sans-serif` (DejaVu Sans on Linux) are about a tenth wider than the
/// advances [`text_size`] estimates with, so a text drawn at nine tenths
/// takes about the room its size was estimated at.
const SVG_FONT_SCALE: f64 = 1.24 * 0.9;

/// A text style drawn at nine tenths of its size by plotters' SVG writer
/// (see [`SVG_FONT_SCALE`]).
struct AtItsSize<'s, S>(&'s S);

impl<S: BackendTextStyle> BackendTextStyle for AtItsSize<'_, S> {
    type FontError = S::FontError;

    fn color(&self) -> BackendColor {
        self.0.color()
    }

    fn size(&self) -> f64 {
        self.0.size() * SVG_FONT_SCALE
    }

    fn transform(&self) -> FontTransform {
        self.0.transform()
    }

    fn style(&self) -> FontStyle {
        self.0.style()
    }

    fn anchor(&self) -> text_anchor::Pos {
        self.0.anchor()
    }

    fn family(&self) -> FontFamily<'_> {
        self.0.family()
    }

    fn layout_box(&self, text: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        self.0.layout_box(text)
    }

    fn draw<E, DrawFunc: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        draw: DrawFunc,
    ) -> Result<Result<(), E>, Self::FontError> {
        self.0.draw(text, pos, draw)
    }
}

/// Plotters' SVG writer with estimated text sizes (see the module).
pub struct SvgCanvas<'a>(SVGBackend<'a>);

impl<'a> SvgCanvas<'a> {
    /// A canvas of `size` pixels that writes its SVG into `buf`.
    pub fn with_string(buf: &'a mut String, size: (u32, u32)) -> Self {
        SvgCanvas(SVGBackend::with_string(buf, size))
    }
}

/// Advance width of a character in thousandths of the font size, as in
/// the common sans-serif faces (Helvetica's and Arial's metrics); a
/// character outside ASCII counts as 600, a wide (East Asian) one as 1000.
pub fn advance(c: char) -> u32 {
    match c {
        ' ' | '!' | ',' | '.' | '/' | ':' | ';' | 'I' | 'f' | 't' | '[' | ']' | '\\' => 278,
        'i' | 'j' | 'l' | '\'' | '|' => 222,
        '-' | '(' | ')' | 'r' | '`' | '{' | '}' => 333,
        '"' => 355,
        '*' => 389,
        '^' => 469,
        'J' | 'c' | 'k' | 's' | 'v' | 'x' | 'y' | 'z' => 500,
        '0'..='9'
        | '$'
        | '#'
        | '?'
        | '_'
        | 'a'
        | 'b'
        | 'd'
        | 'e'
        | 'g'
        | 'h'
        | 'n'
        | 'o'
        | 'p'
        | 'q'
        | 'u'
        | 'L' => 556,
        '+' | '<' | '=' | '>' | '~' => 584,
        'F' | 'T' | 'Z' => 611,
        'A' | 'B' | 'E' | 'K' | 'P' | 'S' | 'V' | 'X' | 'Y' | '&' => 667,
        'C' | 'D' | 'H' | 'N' | 'R' | 'U' | 'w' => 722,
        'G' | 'O' | 'Q' => 778,
        'M' | 'm' => 833,
        '%' => 889,
        'W' => 944,
        '@' => 1015,
        c if c.is_ascii() => 556,
        // CJK, Hangul and the full-width forms.
        '\u{1100}'..='\u{115F}'
        | '\u{2E80}'..='\u{A4CF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FF00}'..='\u{FF60}' => 1000,
        _ => 600,
    }
}

/// Width and height in pixels of `text` in a font of `size` pixels: the sum
/// of its characters' advances, and one line (1.15 times the size, the
/// usual "normal" line height), as the browser measured them.
pub fn text_size(text: &str, size: f64) -> (u32, u32) {
    let thousandths: u32 = text.chars().map(advance).sum();
    (
        (f64::from(thousandths) * size / 1000.0).ceil() as u32,
        (size * 1.15).ceil() as u32,
    )
}

type Drawn<E> = Result<(), DrawingErrorKind<E>>;

impl DrawingBackend for SvgCanvas<'_> {
    type ErrorType = <SVGBackend<'static> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Drawn<Self::ErrorType> {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Drawn<Self::ErrorType> {
        self.0.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn<Self::ErrorType> {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Drawn<Self::ErrorType> {
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Drawn<Self::ErrorType> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Drawn<Self::ErrorType> {
        self.0.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Drawn<Self::ErrorType> {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Drawn<Self::ErrorType> {
        self.0.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Drawn<Self::ErrorType> {
        self.0.draw_text(text, &AtItsSize(style), pos)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        Ok(text_size(text, style.size()))
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        (w, h): (u32, u32),
        src: &[u8],
    ) -> Drawn<Self::ErrorType> {
        self.0.blit_bitmap(pos, (w, h), src)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_written_at_nine_tenths_of_the_size_it_was_given() {
        use plotters::prelude::*;
        let mut svg = String::new();
        {
            let root = SvgCanvas::with_string(&mut svg, (200, 100)).into_drawing_area();
            root.draw_text(
                "0.25",
                &("sans-serif", 14).into_font().color(&BLACK),
                (10, 10),
            )
            .unwrap();
            root.present().unwrap();
        }
        let size: f64 = svg
            .split("font-size=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!((size - 12.6).abs() < 1e-9, "{svg}");
    }

    #[test]
    fn a_text_is_as_wide_as_its_characters_advances() {
        // "0.25": three digits (556 each) and a full stop (278) at 14 px.
        assert_eq!(text_size("0.25", 14.0), (28, 17));
        assert_eq!(text_size("", 20.0), (0, 23));
        // Wide characters count a whole size each.
        assert_eq!(text_size("検索", 10.0).0, 20);
        assert!(text_size("WWW", 14.0).0 > text_size("iii", 14.0).0 * 3);
    }
}
