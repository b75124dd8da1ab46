//! Lines out of bytes that arrive in chunks (a file read piece by piece).

use std::borrow::Cow;

#[cfg(vectors16)]
mod newlines;

/// The offsets of the line feeds of `bytes`, in order: a bit mask of
/// sixty-four bytes at a time where the target has vectors of sixteen
/// bytes ([`newlines::Newlines`]: SSE2, NEON, SIMD128), `memchr`'s search
/// elsewhere.
#[cfg_attr(speed_marks, optimize(speed))]
pub(crate) fn newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    #[cfg(vectors16)]
    return newlines::Newlines::new(bytes);
    #[cfg(not(vectors16))]
    return memchr::memchr_iter(b'\n', bytes);
}

/// The UTF-8 byte order mark, U+FEFF's three bytes, which some editors
/// (Windows Notepad, Excel's "CSV UTF-8") write at the start of a file.
pub const BYTE_ORDER_MARK: &str = "\u{feff}";

/// A file's text without the byte order mark it may start with.
///
/// The convention everywhere a file is read, whole or as a stream: a mark
/// at the very start is the encoding's, not the text's, as the WHATWG
/// Encoding Standard's UTF-8 decode reads it (a browser's `File.text()`
/// drops it). trec_eval and pytrec_eval keep it, as the first characters
/// of the first query's id (`\u{feff}101`), so with a mark on only one of
/// the qrels and the run, their first query is not matched. A mark
/// anywhere else is a character of the line it is on.
pub fn without_byte_order_mark(text: &str) -> &str {
    text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text)
}

/// Splits a byte stream into lines, the way [`str::lines`] splits a whole
/// text: `\n` ends a line, a last line without one still counts, and no
/// empty line follows a final `\n`. Chunk boundaries may fall anywhere,
/// inside a line or inside a multi-byte character. Bytes that are not
/// UTF-8 become U+FFFD, so a parser reports them at their line and column
/// instead of the whole file being refused. A stream read from a file's
/// first byte loses the byte order mark it starts with
/// ([`without_byte_order_mark`]); its bytes are still counted in the
/// first line's.
#[derive(Debug)]
pub struct ByteLines {
    carry: Vec<u8>,
    /// The first line has not been given yet, and the stream started at
    /// the file's first byte (where a byte order mark may be).
    at_file_start: bool,
}

impl ByteLines {
    /// A splitter with nothing pending, for a stream that starts at byte
    /// `offset` of its file.
    pub fn from_offset(offset: u64) -> Self {
        ByteLines {
            carry: Vec::new(),
            at_file_start: offset == 0,
        }
    }

    /// Takes the next chunk and calls `each` with every line it completes
    /// and the number of bytes it took in the input (its `\n` included),
    /// which differs from the text's length where bytes were not UTF-8.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn push(&mut self, bytes: &[u8], mut each: impl FnMut(&str, usize)) {
        self.push_checked(bytes, |line, raw| each(&lossy(line), raw));
    }

    /// Ends the stream: the last line if it had no `\n`.
    pub fn finish(&mut self, mut each: impl FnMut(&str, usize)) {
        self.finish_checked(|line, raw| each(&lossy(line), raw));
    }

    /// [`ByteLines::push`] for a reader that refuses bytes that are not
    /// UTF-8 (the command line, as trec_eval's input must be text): each
    /// line comes as its text, or as its bytes where they are not UTF-8.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn push_checked(&mut self, bytes: &[u8], mut each: impl FnMut(Line<'_>, usize)) {
        if self.at_file_start {
            return self.push_first(bytes, each);
        }
        let mut rest = bytes;
        if !self.carry.is_empty() {
            match memchr::memchr(b'\n', rest) {
                Some(end) => {
                    self.carry.extend_from_slice(&rest[..end]);
                    each(checked(&self.carry), self.carry.len() + 1);
                    self.carry.clear();
                    rest = &rest[end + 1..];
                }
                None => {
                    self.carry.extend_from_slice(rest);
                    return;
                }
            }
        }
        let Some(last) = memchr::memrchr(b'\n', rest) else {
            self.carry.extend_from_slice(rest);
            return;
        };
        let body = &rest[..last];
        match simdutf8::basic::from_utf8(body) {
            // The usual case: checked at once with SIMD, split with a SIMD
            // byte search (the hot path of big runs).
            Ok(body) => {
                let mut start = 0;
                for end in newlines(body.as_bytes()) {
                    each(Ok(&body[start..end]), end - start + 1);
                    start = end + 1;
                }
                each(Ok(&body[start..]), body.len() - start + 1);
            }
            Err(_) => {
                for line in body.split(|&b| b == b'\n') {
                    each(checked(line), line.len() + 1);
                }
            }
        }
        self.carry.extend_from_slice(&rest[last + 1..]);
    }

    /// The file's first line is gathered whole, so that a byte order mark
    /// split between chunks is still found; then the rest goes the usual
    /// way.
    #[cold]
    fn push_first(&mut self, bytes: &[u8], mut each: impl FnMut(Line<'_>, usize)) {
        let Some(end) = memchr::memchr(b'\n', bytes) else {
            self.carry.extend_from_slice(bytes);
            return;
        };
        self.carry.extend_from_slice(&bytes[..end]);
        self.first_line(|line, raw| each(line, raw + 1));
        self.push_checked(&bytes[end + 1..], each);
    }

    /// Gives the first line (held in `carry`) without its byte order mark.
    fn first_line(&mut self, each: impl FnOnce(Line<'_>, usize)) {
        self.at_file_start = false;
        let mark = BYTE_ORDER_MARK.as_bytes();
        let skip = if self.carry.starts_with(mark) {
            mark.len()
        } else {
            0
        };
        each(checked(&self.carry[skip..]), self.carry.len());
        self.carry.clear();
    }

    /// [`ByteLines::finish`] for [`ByteLines::push_checked`].
    pub fn finish_checked(&mut self, mut each: impl FnMut(Line<'_>, usize)) {
        if self.at_file_start {
            if !self.carry.is_empty() {
                self.first_line(each);
            }
            return;
        }
        if !self.carry.is_empty() {
            each(checked(&self.carry), self.carry.len());
            self.carry.clear();
        }
    }
}

/// A line as [`ByteLines::push_checked`] gives it: its text, or its bytes
/// where they are not UTF-8.
pub type Line<'a> = Result<&'a str, &'a [u8]>;

#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn checked(bytes: &[u8]) -> Line<'_> {
    std::str::from_utf8(bytes).map_err(|_| bytes)
}

/// Bytes that are not UTF-8 become U+FFFD.
fn lossy(line: Line<'_>) -> Cow<'_, str> {
    match line {
        Ok(text) => Cow::Borrowed(text),
        Err(bytes) => String::from_utf8_lossy(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(chunks: &[&[u8]]) -> Vec<String> {
        let mut out = Vec::new();
        let mut bytes = 0;
        let mut s = ByteLines::from_offset(0);
        for c in chunks {
            s.push(c, |l, n| {
                out.push(l.to_string());
                bytes += n;
            });
        }
        s.finish(|l, n| {
            out.push(l.to_string());
            bytes += n;
        });
        assert_eq!(
            bytes,
            chunks.iter().map(|c| c.len()).sum::<usize>(),
            "every byte counted once"
        );
        out
    }

    #[test]
    fn any_chunking_gives_the_lines_of_the_whole_text() {
        let whole = "q1 Q0 é 1 2 t\r\n\nq2 Q0 ü 1 1 t\nlast";
        let expected: Vec<String> = whole
            .lines()
            .map(|l| l.trim_end_matches('\r').to_string())
            .collect();
        let bytes = whole.as_bytes();
        for size in 1..=bytes.len() {
            let chunks: Vec<&[u8]> = bytes.chunks(size).collect();
            let got: Vec<String> = split(&chunks)
                .into_iter()
                .map(|l| l.trim_end_matches('\r').to_string())
                .collect();
            assert_eq!(got, expected, "chunks of {size} bytes");
        }
    }

    #[test]
    fn a_final_newline_adds_no_empty_line() {
        assert_eq!(split(&[b"a\nb\n"]), vec!["a", "b"]);
        assert_eq!(split(&[b"a\n", b"\n"]), vec!["a", ""]);
        assert!(split(&[b""]).is_empty());
    }

    #[test]
    fn checked_lines_give_the_bytes_that_are_not_utf8() {
        let mut got = Vec::new();
        let mut s = ByteLines::from_offset(0);
        let owned = |l: Line<'_>| l.map(str::to_string).map_err(<[u8]>::to_vec);
        for c in [&b"a\n\xf0\x9f"[..], b"\x98\x98\n\xf0\x9f\x98x\nz"] {
            s.push_checked(c, |l, n| got.push((owned(l), n)));
        }
        s.finish_checked(|l, n| got.push((owned(l), n)));
        assert_eq!(
            got,
            vec![
                (Ok("a".to_string()), 2),
                (Ok("\u{1f618}".to_string()), 5),
                (Err(b"\xf0\x9f\x98x".to_vec()), 5),
                (Ok("z".to_string()), 1),
            ]
        );
    }

    /// Lines and bytes counted of `whole` split in chunks of `size`, read
    /// from byte `offset` of its file.
    fn lines_from(offset: u64, whole: &[u8], size: usize) -> (Vec<Line<'static>>, usize) {
        let (mut out, mut bytes) = (Vec::new(), 0);
        let mut s = ByteLines::from_offset(offset);
        let mut keep = |l: Line<'_>, n: usize| {
            out.push(
                l.map(|t| &*t.to_string().leak())
                    .map_err(|b| &*b.to_vec().leak()),
            );
            bytes += n;
        };
        for c in whole.chunks(size) {
            s.push_checked(c, &mut keep);
        }
        s.finish_checked(&mut keep);
        (out, bytes)
    }

    #[test]
    fn a_byte_order_mark_starting_a_file_is_dropped_however_it_is_chunked() {
        let whole = "\u{feff}q1 0 d1 1\nq1 0 d2 0";
        for size in 1..=whole.len() {
            let (lines, bytes) = lines_from(0, whole.as_bytes(), size);
            assert_eq!(
                lines,
                [Ok("q1 0 d1 1"), Ok("q1 0 d2 0")],
                "chunks of {size}"
            );
            assert_eq!(bytes, whole.len(), "the mark's bytes are counted");
        }
        // A file that is only the mark, with or without a line feed.
        assert_eq!(lines_from(0, b"\xef\xbb\xbf", 1), (vec![Ok("")], 3));
        assert_eq!(lines_from(0, b"\xef\xbb\xbf\n", 2), (vec![Ok("")], 4));
        // A first line that is not UTF-8 loses the mark too.
        assert_eq!(
            lines_from(0, b"\xef\xbb\xbfa\xff\nb\n", 3),
            (vec![Err(&b"a\xff"[..]), Ok("b")], 8)
        );
    }

    #[test]
    fn a_byte_order_mark_past_the_start_of_the_file_is_text() {
        // A stream read from the middle of a file, and a mark on a later
        // line, keep it: only the encoding's own mark is dropped.
        let (lines, _) = lines_from(12, "\u{feff}q 0 d 1\n".as_bytes(), 4);
        assert_eq!(lines, [Ok("\u{feff}q 0 d 1")]);
        let (lines, _) = lines_from(0, "a\n\u{feff}b\n".as_bytes(), 5);
        assert_eq!(lines, [Ok("a"), Ok("\u{feff}b")]);
        assert_eq!(without_byte_order_mark("\u{feff}\u{feff}x"), "\u{feff}x");
        assert_eq!(without_byte_order_mark("x\u{feff}"), "x\u{feff}");
    }

    #[test]
    fn bytes_that_are_not_utf8_become_replacement_characters() {
        assert_eq!(split(&[b"a\xff", b"b\n"]), vec!["a\u{fffd}b"]);
        assert_eq!(split(&[b"x\n\xffy\nz\n"]), vec!["x", "\u{fffd}y", "z"]);
    }
}
