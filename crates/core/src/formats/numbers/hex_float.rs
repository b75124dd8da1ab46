//! Hexadecimal floating-point numbers (`0x1.8p+1`), as C's `strtod`/`atof`
//! read them (C99 7.20.1.3) and as trec_eval therefore accepts them in a
//! run's score column; Rust's `f64::from_str` does not read them.
//!
//! Form: optional sign, `0x` or `0X`, hex digits with at most one `.` (at
//! least one digit), then optionally `p` or `P`, an optional sign and decimal
//! digits: the value is the hex mantissa times 2 to that power. The result
//! is correctly rounded (to nearest, ties to even), subnormals included,
//! as glibc's `strtod` rounds it. Text that C would read only in part
//! (`0x`, `0x1p`, `0x1g`) is refused: Ranklab does not half-read numbers.

/// The value of a hexadecimal float spelling, or `None` when `text` is not
/// one in full.
pub(crate) fn parse_hex_float(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.first()? {
        b'-' => (true, &bytes[1..]),
        b'+' => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    let rest = rest
        .strip_prefix(b"0x")
        .or_else(|| rest.strip_prefix(b"0X"))?;
    // Mantissa digits: at most 15 significant hex digits (60 bits) are kept,
    // the others only matter as a sticky bit for rounding.
    let mut mantissa: u64 = 0;
    let mut sticky = false;
    let mut exponent: i64 = 0;
    let mut digits = 0;
    let mut point = false;
    let mut i = 0;
    while i < rest.len() {
        let b = rest[i];
        let value = match b {
            b'.' if !point => {
                point = true;
                i += 1;
                continue;
            }
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => break,
        };
        digits += 1;
        if mantissa >> 56 == 0 {
            mantissa = mantissa << 4 | u64::from(value);
            if point {
                exponent -= 4;
            }
        } else {
            sticky |= value != 0;
            if !point {
                exponent += 4;
            }
        }
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    if i < rest.len() {
        let tail = &rest[i..];
        let tail = tail
            .strip_prefix(b"p")
            .or_else(|| tail.strip_prefix(b"P"))?;
        let (sign, power) = match tail.first()? {
            b'-' => (-1, &tail[1..]),
            b'+' => (1, &tail[1..]),
            _ => (1, tail),
        };
        if power.is_empty() || !power.iter().all(u8::is_ascii_digit) {
            return None;
        }
        // Powers beyond any double saturate; the digits are all checked above.
        let p = power.iter().fold(0i64, |acc, &d| {
            (acc * 10 + i64::from(d - b'0')).min(1 << 20)
        });
        exponent += sign * p;
    }
    let magnitude = round_to_f64(mantissa, sticky, exponent);
    Some(if negative { -magnitude } else { magnitude })
}

/// `(mantissa + a sticky fraction) * 2^exponent`, correctly rounded.
fn round_to_f64(mantissa: u64, sticky: bool, exponent: i64) -> f64 {
    if mantissa == 0 {
        return 0.0;
    }
    // value = m * 2^(e - 64) with m's top bit at position 127.
    let shift = mantissa.leading_zeros();
    let m = u128::from(mantissa << shift) << 64;
    let e = exponent - i64::from(shift);
    // The value lies in [2^top, 2^(top + 1)).
    let top = e + 63;
    if top > 1023 {
        return f64::INFINITY;
    }
    // Bits kept: 53 for normal numbers, fewer below 2^-1022.
    let keep = if top >= -1022 { 53 } else { 53 - (-1022 - top) };
    let drop = 128 - keep; // > 75
    let (kept, up) = if drop > 128 {
        (0u128, false) // below half the smallest subnormal
    } else {
        let kept = if drop == 128 { 0 } else { m >> drop };
        let rest = if drop == 128 {
            m
        } else {
            m & ((1u128 << drop) - 1)
        };
        let half = 1u128 << (drop - 1);
        let up = rest > half || (rest == half && (sticky || kept & 1 == 1));
        (kept, up)
    };
    let kept = kept + u128::from(up);
    // kept < 2^54: exact as f64; scale by 2^(e - 64 + drop) in two exact steps.
    let k = e - 64 + drop;
    let (k1, k2) = (k / 2, k - k / 2);
    (kept as f64) * power_of_two(k1) * power_of_two(k2)
}

/// 2^k for k in the normal range.
fn power_of_two(k: i64) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

#[cfg(test)]
mod tests {
    use super::parse_hex_float;

    // Values worked out by hand from the definition (mantissa x 2^p).
    #[test]
    fn reads_c_hex_floats() {
        assert_eq!(parse_hex_float("0x1p0"), Some(1.0));
        assert_eq!(parse_hex_float("0x1.8p1"), Some(3.0));
        assert_eq!(parse_hex_float("-0X.8"), Some(-0.5));
        assert_eq!(parse_hex_float("+0xA"), Some(10.0));
        assert_eq!(parse_hex_float("0x1.3333333333333p+0"), Some(1.2));
        assert_eq!(parse_hex_float("0x1.999999999999ap-4"), Some(0.1));
        assert_eq!(parse_hex_float("0x10P-4"), Some(1.0));
        assert_eq!(parse_hex_float("0x0p0"), Some(0.0));
        assert_eq!(parse_hex_float("0x1p-1074"), Some(f64::from_bits(1)));
        assert_eq!(parse_hex_float("0x1p-1075"), Some(0.0)); // a tie: to even, 0
        assert_eq!(parse_hex_float("0x1.8p-1075"), Some(f64::from_bits(1)));
        assert_eq!(parse_hex_float("0x1p1024"), Some(f64::INFINITY));
        assert_eq!(parse_hex_float("0x1.fffffffffffffp1023"), Some(f64::MAX));
    }

    #[test]
    fn rounds_to_nearest_even() {
        // 1 + 2^-53 is halfway between 1 and the next double: to even (1).
        assert_eq!(parse_hex_float("0x1.00000000000008p0"), Some(1.0));
        // Just above halfway (a later non-zero digit): up.
        assert_eq!(
            parse_hex_float("0x1.000000000000080000001p0"),
            Some(1.0 + f64::EPSILON)
        );
        // Halfway above an odd last bit: up to even.
        assert_eq!(
            parse_hex_float("0x1.00000000000018p0"),
            Some(1.0 + 2.0 * f64::EPSILON)
        );
        assert_eq!(parse_hex_float("0x1.fffffffffffff8p0"), Some(2.0));
    }

    #[test]
    fn refuses_what_c_reads_only_in_part() {
        for text in [
            "0x", "0x.", "0x1p", "0x1p+", "0x1g", "0x1.2.3", "1.5", "x1", "0x1p1.5",
        ] {
            assert_eq!(parse_hex_float(text), None, "{text}");
        }
    }
}
