//! The exact fast path for a score written as a plain decimal
//! (`[-+]?digits[.digits]`), the usual spelling in a run file.
//!
//! An integer of at most 15 digits is exact in an f64, and so is a power of
//! ten up to 10^22, so their quotient is the correctly rounded value of the
//! decimal (Clinger 1990), the same bits as `str::parse::<f64>`. A fraction
//! of at most eight digits after an integer part of at most seven is read
//! in one go: padded with zeros to eight digits (which keeps the value:
//! `39.960988` is 3996098800 / 10^8) and turned into a number eight bytes
//! at a time, instead of one multiplication and one branch per digit.

const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Eight ASCII `0` digits.
const ZEROS: u64 = 0x3030_3030_3030_3030;

/// The value of a plain decimal of at most 15 digits, or `None` for any
/// other spelling (for the standard parser).
#[cfg_attr(speed_marks, optimize(speed))]
pub(crate) fn plain_decimal(text: &[u8]) -> Option<f64> {
    plain_decimal_within(text, text.len())
}

/// [`plain_decimal`] of `bytes[..end]`, reading the bytes after `end` (the
/// rest of its line, not part of the number) when that lets the fraction's
/// eight bytes be read as one word instead of one byte at a time.
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
pub(crate) fn plain_decimal_within(bytes: &[u8], end: usize) -> Option<f64> {
    let (negative, sign) = match bytes.first()? {
        b'-' => (true, 1),
        b'+' => (false, 1),
        _ => (false, 0),
    };
    let text = bytes.get(..end)?;
    let digits = text.get(sign..)?;
    let mut mantissa: u64 = 0;
    let mut i = 0;
    while let Some(d) = digits.get(i).map(|b| b.wrapping_sub(b'0')) {
        if d > 9 {
            break;
        }
        mantissa = mantissa * 10 + u64::from(d);
        i += 1;
        if i > 15 {
            return None;
        }
    }
    let whole = i;
    let (mantissa, scale) = match digits.get(i) {
        None => (mantissa, 0),
        Some(b'.') => {
            let fraction = &digits[i + 1..];
            if whole + fraction.len() > 15 || whole + fraction.len() == 0 {
                return None;
            }
            if whole <= 7 && fraction.len() <= 8 {
                let at = sign + i + 1;
                let word = match bytes.get(at..at + 8) {
                    // The fraction's bytes and those after it, the latter
                    // masked off.
                    Some(w) => {
                        let w = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
                        w & u64::MAX
                            .checked_shr(64 - 8 * fraction.len() as u32)
                            .unwrap_or(0)
                    }
                    None => fraction
                        .iter()
                        .rev()
                        .fold(0u64, |w, &b| w << 8 | u64::from(b)),
                };
                let padded = word | ZEROS.checked_shl(8 * fraction.len() as u32).unwrap_or(0);
                (mantissa * 100_000_000 + eight_digits(padded)?, 8)
            } else {
                let mut m = mantissa;
                for &b in fraction {
                    let d = b.wrapping_sub(b'0');
                    if d > 9 {
                        return None;
                    }
                    m = m * 10 + u64::from(d);
                }
                (m, fraction.len())
            }
        }
        Some(_) => return None,
    };
    if whole == 0 && scale == 0 {
        return None;
    }
    // At most 15 digits: below 2^53, so the signed conversion (one
    // instruction, where the unsigned one takes several) is exact.
    let v = mantissa as i64 as f64 / POW10[scale];
    Some(if negative { -v } else { v })
}

/// The number written by eight ASCII digits (the first byte the most
/// significant), or `None` if a byte is not a digit.
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn eight_digits(word: u64) -> Option<u64> {
    const HIGH_NIBBLES: u64 = 0xf0f0_f0f0_f0f0_f0f0;
    let digits =
        word & HIGH_NIBBLES == ZEROS && (word + 0x0606_0606_0606_0606) & HIGH_NIBBLES == ZEROS;
    if !digits {
        return None;
    }
    let x = word - ZEROS;
    let x = (x * 10 + (x >> 8)) & 0x00ff_00ff_00ff_00ff;
    let x = (x * 100 + (x >> 16)) & 0x0000_ffff_0000_ffff;
    Some((x * 10_000 + (x >> 32)) & 0xffff_ffff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_digits_read_as_a_number() {
        let word = |s: &str| u64::from_le_bytes(s.as_bytes().try_into().unwrap());
        assert_eq!(eight_digits(word("12345678")), Some(12_345_678));
        assert_eq!(eight_digits(word("00000000")), Some(0));
        assert_eq!(eight_digits(word("99999999")), Some(99_999_999));
        for bad in ["1234567:", "/1234567", "1234 678", "12345.78"] {
            assert_eq!(eight_digits(word(bad)), None, "{bad}");
        }
    }

    #[test]
    fn plain_decimals_equal_the_standard_parser() {
        for t in [
            "39.960988",
            "0.5",
            "-0.0",
            "+7.",
            ".25",
            "1234567.12345678",
            "12345678.1",
            "0.00000001",
            "9999999.99999999",
            "5",
            "-12",
            "0.123456789",
        ] {
            assert_eq!(
                plain_decimal(t.as_bytes()).map(f64::to_bits),
                t.parse::<f64>().ok().map(f64::to_bits),
                "{t}"
            );
        }
        // Read within a longer line: the bytes after the number change nothing.
        for t in ["39.960988", "-1.5", "+0.12345678", "7.", ".5", "12", "3.25"] {
            for tail in ["", " bench", " 12345678", "99999999"] {
                let line = format!("{t}{tail}");
                assert_eq!(
                    plain_decimal_within(line.as_bytes(), t.len()).map(f64::to_bits),
                    t.parse::<f64>().ok().map(f64::to_bits),
                    "{line:?}"
                );
            }
        }
        for t in [
            "",
            "-",
            ".",
            "+.",
            "1.2.3",
            "1e5",
            "1.5x",
            "12a",
            "1.-5",
            "1234567890123456",
        ] {
            assert_eq!(plain_decimal(t.as_bytes()), None, "{t}");
        }
    }
}
