//! Splitting a short line into fields through a mask of its field spaces:
//! one bit per byte, built eight bytes at a time without a branch per
//! byte, then each field found with two bit counts. The reader's usual
//! line (a run line of about 40 bytes) is split this way; a longer line
//! goes to the byte loop ([`crate::error::split_fields`]).
//!
//! A field space is C's `isspace` set (space and `\t` to `\r`), as in
//! [`crate::error::is_field_space`]; every such byte is ASCII, so the bytes
//! of a multi-byte character are never taken for one.

/// The longest line split by mask.
pub(crate) const MAX_LINE: usize = 64;

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` that is a field space, exactly
/// (adding to 7-bit values never carries into the next byte).
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

/// Eight high bits (one per byte) gathered into the low byte, bit `i` for
/// byte `i`.
fn gather(high_bits: u64) -> u64 {
    ((high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Bit `i` set when byte `i` of `bytes` (at most [`MAX_LINE`]) is a field
/// space, and every bit from `bytes.len()` up set (past the end is space).
fn space_mask(bytes: &[u8]) -> u64 {
    let mut mask = 0;
    let mut words = bytes.chunks_exact(8);
    for (i, word) in (&mut words).enumerate() {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        mask |= gather(space_bytes(word)) << (8 * i);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        // The last bytes, shifted in one by one (no copy into a buffer).
        let word = rest.iter().rev().fold(0u64, |w, &b| w << 8 | u64::from(b));
        mask |= gather(space_bytes(word)) << (bytes.len() - rest.len());
    }
    mask | u64::MAX.checked_shl(bytes.len() as u32).unwrap_or(0)
}

/// The first `N` fields of `line` (at most [`MAX_LINE`] bytes), when it
/// has at least `N`.
pub(crate) fn split_short<const N: usize>(line: &str) -> Option<[&str; N]> {
    let bytes = line.as_bytes();
    debug_assert!(bytes.len() <= MAX_LINE);
    let spaces = space_mask(bytes);
    let mut out = [""; N];
    let mut at = 0u32;
    for field in &mut out {
        let start = at + spaces.checked_shr(at).unwrap_or(u64::MAX).trailing_ones();
        if start as usize >= bytes.len() {
            return None;
        }
        // (A 64-byte line has no bit past its end: the field ends there.)
        at = (start + (spaces >> start).trailing_zeros()).min(bytes.len() as u32);
        *field = &line[start as usize..at as usize];
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_is_a_space_exactly_when_c_says_so() {
        for b in 0..=255u8 {
            let word = u64::from_le_bytes([b'x', b, b'y', 0x80, b, 0xff, b, b]);
            let want = [false, true, false, false, true, false, true, true]
                .map(|at| at && (b == b' ' || (b'\t'..=b'\r').contains(&b)));
            let got = gather(space_bytes(word));
            for (i, w) in want.iter().enumerate() {
                assert_eq!(got >> i & 1 == 1, *w, "byte {b:#x} at {i}");
            }
        }
    }

    #[test]
    fn fields_of_short_lines() {
        assert_eq!(
            split_short::<6>("Q1 Q0 D4779160 1 39.960988 bench"),
            Some(["Q1", "Q0", "D4779160", "1", "39.960988", "bench"])
        );
        assert_eq!(split_short::<2>("  a\t\x0bb  c"), Some(["a", "b"]));
        assert_eq!(split_short::<3>("a b"), None);
        assert_eq!(split_short::<1>(""), None);
        let long = "x".repeat(MAX_LINE);
        assert_eq!(split_short::<1>(&long), Some([long.as_str()]));
        let spaced = format!("{} y", "x".repeat(MAX_LINE - 2));
        assert_eq!(split_short::<2>(&spaced).map(|f| f[1]), Some("y"));
    }
}
