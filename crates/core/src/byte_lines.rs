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

/// Splits a byte stream into lines, the way [`str::lines`] splits a whole
/// text: `\n` ends a line, a last line without one still counts, and no
/// empty line follows a final `\n`. Chunk boundaries may fall anywhere,
/// inside a line or inside a multi-byte character. Bytes that are not
/// UTF-8 become U+FFFD, so a parser reports them at their line and column
/// instead of the whole file being refused.
#[derive(Debug, Default)]
pub struct ByteLines {
    carry: Vec<u8>,
}

impl ByteLines {
    /// A splitter with nothing pending.
    pub fn new() -> Self {
        ByteLines::default()
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

    /// [`ByteLines::finish`] for [`ByteLines::push_checked`].
    pub fn finish_checked(&mut self, mut each: impl FnMut(Line<'_>, usize)) {
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
        let mut s = ByteLines::new();
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
        let mut s = ByteLines::new();
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

    #[test]
    fn bytes_that_are_not_utf8_become_replacement_characters() {
        assert_eq!(split(&[b"a\xff", b"b\n"]), vec!["a\u{fffd}b"]);
        assert_eq!(split(&[b"x\n\xffy\nz\n"]), vec!["x", "\u{fffd}y", "z"]);
    }
}
