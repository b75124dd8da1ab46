//! Numbers in the text formats: scores, ranks and any other field read
//! with a located error. Plain decimals go the exact fast way of
//! [`decimal`], C's hexadecimal floats (which trec_eval's `atof` reads)
//! through [`hex_float`], every other spelling through the standard parser.

mod decimal;
mod hex_float;

use crate::error::{Expected, ParseError};

/// Parses a score: plain decimals such as `12.345678` or `-0.5` take the
/// exact fast path of [`decimal`]; every other spelling
/// (`2E+01`, `inf`, long mantissas) goes to the standard parser, and C's
/// hexadecimal spelling (`0x1.8p+1`, which trec_eval's `atof` reads) to
/// [`hex_float`]. All give the correctly rounded f64.
pub(crate) fn parse_score(text: &str) -> Option<f64> {
    if let Some(v) = decimal::plain_decimal(text.as_bytes()) {
        return Some(v);
    }
    text.parse()
        .ok()
        .or_else(|| hex_float::parse_hex_float(text))
}

/// Parses one `(column, text)` field, or returns a located error saying what
/// was expected there.
pub(crate) fn parse_field<T: std::str::FromStr>(
    input: &str,
    line: usize,
    (column, text): (usize, &str),
    expected: Expected,
) -> Result<T, ParseError> {
    text.parse()
        .map_err(|_| ParseError::new(input, line, column, expected, text))
}

/// A run line's rank as `str::parse::<i64>` reads it, with a short way for
/// plain digits ([`plain_rank`]).
pub(crate) fn parse_rank(text: &str) -> Option<i64> {
    plain_rank(text.as_bytes()).or_else(|| text.parse().ok())
}

/// A rank written as 1 to 18 plain digits (no sign), read in one pass:
/// the digits are added up as they are checked. `None` for any other
/// spelling, which [`parse_rank`] gives to the standard parser.
pub(crate) fn plain_rank(bytes: &[u8]) -> Option<i64> {
    if !(1..=18).contains(&bytes.len()) {
        return None;
    }
    let mut n = 0i64;
    for &b in bytes {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n = n * 10 + i64::from(d);
    }
    Some(n)
}

/// A score written as a plain decimal, read from its bytes by
/// [`decimal`]: [`parse_score`]'s fast way, `None` for any other spelling.
/// The field `start..end` of a line's bytes is read, and the bytes past
/// the field when that is faster ([`decimal::plain_decimal_within`]).
pub(crate) fn plain_score_in(line: &[u8], start: usize, end: usize) -> Option<f64> {
    decimal::plain_decimal_within(line.get(start..)?, end.checked_sub(start)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_parse_as_the_standard_parser_parses_them() {
        for text in [
            "0",
            "1",
            "007",
            "+5",
            "-3",
            "",
            "1.0",
            "999999999999999999",
            "9999999999999999999",
            "-9223372036854775808",
            "12a",
            " 1",
            "१",
        ] {
            assert_eq!(parse_rank(text), text.parse::<i64>().ok(), "{text:?}");
        }
    }

    #[test]
    fn fast_scores_equal_the_standard_parser() {
        for t in [
            "0",
            "1.000",
            "12.345678",
            "-3.5",
            "+2.25",
            "0.1",
            "30.9156102",
            "999999999999999",
            "123456789.123456",
            "0.000000000000000000001",
            "2E+01",
            "-3.2e-05",
            "10e-1",
            "1234567890123456789",
            ".5",
            "5.",
            "inf",
            "-0",
            "1.0000000000000000000001",
        ] {
            assert_eq!(
                parse_score(t).map(f64::to_bits),
                t.parse::<f64>().ok().map(f64::to_bits),
                "{t}"
            );
        }
        for t in ["", "-", ".", "1.2.3", "abc", "1e", "--1"] {
            assert_eq!(parse_score(t).is_some(), t.parse::<f64>().is_ok(), "{t}");
        }
    }

    proptest::proptest! {
        #[test]
        fn fast_scores_equal_the_standard_parser_on_any_decimal(t in "[-+]?[0-9]{0,20}(\\.[0-9]{0,25})?([eE][-+]?[0-9]{1,3})?") {
            proptest::prop_assert_eq!(
                parse_score(&t).map(f64::to_bits),
                t.parse::<f64>().ok().map(f64::to_bits)
            );
        }
    }
}
