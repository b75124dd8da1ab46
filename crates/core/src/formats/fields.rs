//! A line's whitespace-separated fields, as every text format reads them.
//!
//! A field space is C's `isspace` set (space and `\t` to `\r`), as
//! trec_eval reads its files; every such byte is ASCII, so the bytes of a
//! multi-byte character are never taken for one, and lines are split as
//! bytes. A short line (a run line of about 40 bytes) is split through a
//! mask of its spaces, one bit per byte, built sixteen bytes at a time with
//! the target's vectors ([`sixteen`]) and eight at a time without them
//! ([`space_bytes`]), each field found with two bit counts; a longer line
//! is walked eight bytes at a time to each field's end.

/// What separates fields: C's `isspace` set (space, tab, line feed,
/// vertical tab, form feed, carriage return), as trec_eval reads its
/// files. One definition for every reader, so the query id a streamed
/// run is grouped by is the one its lines are parsed with. Other spaces
/// (no-break space, ...) belong to the field they are in.
pub(crate) fn is_field_space(c: char) -> bool {
    c == ' ' || ('\t'..='\r').contains(&c)
}

/// The first whitespace-separated field of a line, split as
/// [`first_fields`] splits it (field spaces are ASCII, so a byte scan finds
/// the same field in any UTF-8 text), without walking the rest of the
/// line: the query id a big run is grouped by.
pub(crate) fn first_field(line: &str) -> Option<&str> {
    let bytes = line.as_bytes();
    // The usual run line: a query id of at most seven bytes from the first
    // byte, its end in the line's first word.
    if let Some(word) = bytes.get(..8) {
        let spaces = space_bytes(u64::from_le_bytes(word.try_into().unwrap_or([0; 8])));
        let end = (spaces.trailing_zeros() / 8) as usize;
        if spaces & 0x80 == 0 && end < 8 {
            return Some(&line[..end]);
        }
    }
    let start = bytes.iter().position(|&b| !is_space_byte(b))?;
    Some(&line[start..field_end(bytes, start)])
}

/// The first `N` whitespace-separated fields of a line with their 1-based
/// character columns, and how many fields the line has in all. Allocates
/// nothing: this is the hot path of reading big runs.
///
/// Field spaces are ASCII, so the bytes are split as they come (a byte of a
/// multi-byte character is never a field space) and the columns are made
/// character columns afterwards, only for a line that is not ASCII.
#[cfg_attr(speed_marks, optimize(speed))]
pub(crate) fn first_fields<const N: usize>(line: &str) -> ([(usize, &str); N], usize) {
    let mut out = [(0, ""); N];
    let mut count = 0;
    let bytes = line.as_bytes();
    let mut i = 0;
    loop {
        while i < bytes.len() && is_space_byte(bytes[i]) {
            i += 1;
        }
        if i == bytes.len() {
            break;
        }
        let start = i;
        i = field_end(bytes, i);
        if count < N {
            out[count] = (start, &line[start..i]);
        }
        count += 1;
    }
    let ascii = line.is_ascii();
    for field in out.iter_mut().take(count.min(N)) {
        field.0 = if ascii {
            field.0 + 1
        } else {
            line[..field.0].chars().count() + 1
        };
    }
    (out, count)
}

/// The first `N` whitespace-separated fields of a line, when it has at
/// least `N`: [`first_fields`] without the columns and the count, for the
/// reader's usual line (a line it refuses is split again by
/// [`first_fields`] to name the place).
pub(crate) fn split_fields<const N: usize>(line: &str) -> Option<[&str; N]> {
    if line.len() < SHORT_LINE {
        return short_field_ranges::<N>(line.as_bytes()).map(|r| r.map(|(a, b)| &line[a..b]));
    }
    let bytes = line.as_bytes();
    let mut out = [""; N];
    let mut i = 0;
    for field in &mut out {
        while is_space_byte(*bytes.get(i)?) {
            i += 1;
        }
        let start = i;
        i = field_end(bytes, i);
        *field = &line[start..i];
    }
    Some(out)
}

/// Whether a byte is a field space ([`is_field_space`]).
pub(crate) fn is_space_byte(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// The end of the field starting at `i`: the first field space after it,
/// or the end of the line. Reads eight bytes at a time through
/// [`space_bytes`], the mask's test of a word.
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn field_end(bytes: &[u8], mut i: usize) -> usize {
    while let Some(word) = bytes.get(i..i + 8) {
        let spaces = space_bytes(u64::from_le_bytes(word.try_into().unwrap_or([0; 8])));
        if spaces != 0 {
            return i + (spaces.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    // The line's last bytes.
    while i < bytes.len() && !is_space_byte(bytes[i]) {
        i += 1;
    }
    i
}

/// Splits a line into fields (separated by [`is_field_space`]) with their 1-based
/// character columns.
pub(crate) fn fields_with_columns(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (byte, ch) in line.char_indices() {
        column += 1;
        if is_field_space(ch) {
            if let Some((b, c)) = start.take() {
                out.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &line[b..]));
    }
    out
}

/// Lines shorter than this are split through a mask of their spaces, one
/// bit per byte (the end of the line is a bit of the mask too).
const SHORT_LINE: usize = 64;

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` that is a field space, exactly
/// (adding to 7-bit values never carries into the next byte).
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn space_bytes(word: u64) -> u64 {
    let low = word & LOW7;
    // Bytes equal to 0x20: their XOR with 0x20 is zero.
    let x = (word ^ (ONES * 0x20)) & LOW7;
    let zero = !((x + LOW7) | word | LOW7);
    // Bytes from 0x09 to 0x0d: at least 9 and not at least 14.
    let at_least_9 = low + ONES * (0x80 - 0x09);
    let at_least_14 = low + ONES * (0x80 - 0x0e);
    let control = at_least_9 & !at_least_14 & !word & HIGH;
    zero | control
}

#[cfg(vectors16)]
mod sixteen;

#[cfg(any(not(vectors16), test))]
mod eight;

/// Bit `i` set when byte `i` of `bytes` (shorter than [`SHORT_LINE`]) is
/// a field space, and every bit from `bytes.len()` up set (past the end is
/// space): sixteen bytes at a time where the target has vectors of
/// sixteen bytes ([`sixteen`]: SSE2, NEON, SIMD128), eight elsewhere
/// ([`eight::word_space_mask`]).
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn space_mask(bytes: &[u8]) -> u64 {
    #[cfg(vectors16)]
    return sixteen::space_mask(bytes);
    #[cfg(not(vectors16))]
    return eight::word_space_mask(bytes);
}

/// The byte ranges `[start, end)` of the first `N` fields of a line
/// shorter than [`SHORT_LINE`] bytes, when it has at least `N` (`None`
/// for a longer line). The fields' first bytes and the spaces that end
/// them are two bit sets of [`space_mask`]; each field is then two bit
/// counts, the lowest set bit of each set taken off in turn.
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
pub(crate) fn short_field_ranges<const N: usize>(bytes: &[u8]) -> Option<[(usize, usize); N]> {
    if bytes.len() >= SHORT_LINE {
        return None;
    }
    let field = !space_mask(bytes);
    // A field byte after a space (or first); a space after a field byte
    // (the line's end is a space: bit `len` is set, `len` < 64).
    let mut starts = field & !(field << 1);
    let mut ends = !field & (field << 1);
    let mut out = [(0, 0); N];
    for range in &mut out {
        if starts == 0 {
            return None;
        }
        *range = (
            starts.trailing_zeros() as usize,
            ends.trailing_zeros() as usize,
        );
        starts &= starts - 1;
        ends &= ends - 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_fields_match_fields_with_columns_on_random_lines() {
        // Pieces that meet the word-at-a-time scan at every offset: every
        // field space, control bytes that are not spaces, multi-byte
        // characters, long fields.
        let pieces = [
            " ",
            "\t",
            "\u{b}",
            "\u{c}",
            "\r",
            "\u{1}",
            "\u{1f}",
            "!",
            "a",
            "Q0",
            "D1234567",
            "0.123456789",
            "é",
            "\u{a0}",
            "日本",
            "x\u{1}y",
        ];
        let mut random = crate::test_random::XorShift::new(0x2545_f491_4f6c_dd1du64);
        let mut next = |n: usize| random.below(n);
        for _ in 0..20_000 {
            let line: String = (0..next(24)).map(|_| pieces[next(pieces.len())]).collect();
            let all = fields_with_columns(&line);
            let (first, n) = first_fields::<6>(&line);
            assert_eq!(n, all.len(), "{line:?}");
            assert_eq!(first_field(&line), all.first().map(|f| f.1), "{line:?}");
            for (i, f) in all.iter().take(6).enumerate() {
                assert_eq!(first[i], *f, "{line:?}");
            }
            let six = (n >= 6).then(|| first.map(|f| f.1));
            assert_eq!(split_fields::<6>(&line), six, "{line:?}");
        }
    }

    #[test]
    fn first_fields_match_fields_with_columns() {
        for line in [
            "  ab\tcd  é f",
            "q Q0 d 1 2.5 tag",
            "",
            "a b c d e f g h i",
            "\u{b}2 Q0 c 1 -2 t\u{b}",
            "\u{b}2 Q0 c 1 -2 é\u{b}",
            "a\u{a0}b c",
            "\u{a0}x y",
            " \t\r\u{c}",
            "é",
        ] {
            let all = fields_with_columns(line);
            let (first, n) = first_fields::<4>(line);
            assert_eq!(n, all.len());
            assert_eq!(first_field(line), all.first().map(|f| f.1), "{line:?}");
            for (i, f) in all.iter().take(4).enumerate() {
                assert_eq!(first[i], *f);
            }
        }
    }

    #[test]
    fn fields_carry_character_columns() {
        assert_eq!(
            fields_with_columns("  ab\tcd  é f"),
            vec![(3, "ab"), (6, "cd"), (10, "é"), (12, "f")]
        );
        assert!(fields_with_columns("   ").is_empty());
    }
    #[test]
    fn every_byte_is_a_space_exactly_when_c_says_so() {
        for b in 0..=255u8 {
            let word = u64::from_le_bytes([b'x', b, b'y', 0x80, b, 0xff, b, b]);
            let want = [false, true, false, false, true, false, true, true]
                .map(|at| at && (b == b' ' || (b'\t'..=b'\r').contains(&b)));
            let got = eight::gather(space_bytes(word));
            for (i, w) in want.iter().enumerate() {
                assert_eq!(got >> i & 1 == 1, *w, "byte {b:#x} at {i}");
            }
        }
    }

    #[test]
    fn fields_of_short_lines() {
        assert_eq!(
            split_fields::<6>("Q1 Q0 D4779160 1 39.960988 bench"),
            Some(["Q1", "Q0", "D4779160", "1", "39.960988", "bench"])
        );
        assert_eq!(split_fields::<2>("  a\t\x0bb  c"), Some(["a", "b"]));
        assert_eq!(split_fields::<3>("a b"), None);
        assert_eq!(split_fields::<1>(""), None);
        assert_eq!(short_field_ranges::<2>(b" ab\tc "), Some([(1, 3), (4, 5)]));
        // Every length around the mask's word and line limits.
        for n in 1..=SHORT_LINE + 1 {
            let long = "x".repeat(n);
            assert_eq!(split_fields::<1>(&long), Some([long.as_str()]), "{n}");
            assert_eq!(
                short_field_ranges::<1>(long.as_bytes()).is_some(),
                n < SHORT_LINE
            );
            let spaced = format!("{} y", "x".repeat(n));
            assert_eq!(split_fields::<2>(&spaced).map(|f| f[1]), Some("y"), "{n}");
            let tail = format!("{}\t", "x".repeat(n));
            assert_eq!(split_fields::<1>(&tail), Some([&tail[..n]]), "{n}");
        }
    }
}
