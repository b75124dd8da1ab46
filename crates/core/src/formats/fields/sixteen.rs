//! A short line's field spaces found sixteen bytes at a time with the
//! processor's vector instructions, through `wide`'s safe vectors (SSE2 on
//! x86-64, NEON on 64-bit ARM, SIMD128 in wasm built with it).
//!
//! Per sixteen bytes: one compare with a space, one test of `\t`..`\r`
//! (a byte minus 9 is at most 4), one move of the bytes' high bits to a
//! 16-bit mask: about a tenth of the instructions of the eight-byte word
//! test ([`super::space_bytes`]), which other targets use.

use wide::u8x16;

/// Bit `i` set when byte `i` of the sixteen is a field space (C's
/// `isspace`: space, and `\t` to `\r`).
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn spaces16(chunk: &[u8]) -> u64 {
    let v = u8x16::new(chunk.try_into().unwrap_or([0; 16]));
    let space = v.cmp_eq(u8x16::splat(b' '));
    // `\t` (9) to `\r` (13): the byte minus 9, wrapping, is at most 4.
    let from_tab = v - u8x16::splat(9);
    let control = from_tab.min(u8x16::splat(4)).cmp_eq(from_tab);
    u64::from((space | control).move_mask() as u16)
}

/// [`super::space_mask`] of a line shorter than 64 bytes: bit `i` set when
/// byte `i` is a field space, every bit from `bytes.len()` up set. A line's
/// last bytes are read as the sixteen that end it (overlapping the ones
/// before); a line shorter than sixteen, from a copy padded with zeros
/// (not spaces).
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
pub(super) fn space_mask(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    let mut mask = 0;
    let mut at = 0;
    while at + 16 <= n {
        mask |= spaces16(&bytes[at..at + 16]) << at;
        at += 16;
    }
    if at < n {
        mask |= if n >= 16 {
            // Bits of bytes n-16.. : keep those of bytes `at`.. .
            (spaces16(&bytes[n - 16..]) >> (at + 16 - n)) << at
        } else {
            let mut padded = [0u8; 16];
            padded[..n].copy_from_slice(bytes);
            spaces16(&padded)
        };
    }
    mask | u64::MAX.checked_shl(n as u32).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_at_a_time_equals_eight_at_a_time() {
        let mut random = crate::test_random::XorShift::new(0x9e37_79b9_7f4a_7c15u64);
        let mut next = || random.bits();
        // Every byte value at every place of lines of every short length.
        for len in 0..64 {
            for _ in 0..400 {
                let line: Vec<u8> = (0..len)
                    .map(|_| match next() % 4 {
                        0 => b' ',
                        1 => 9 + (next() % 5) as u8,
                        _ => next() as u8,
                    })
                    .collect();
                assert_eq!(
                    space_mask(&line),
                    super::super::eight::word_space_mask(&line),
                    "{line:?}"
                );
            }
        }
        for b in 0..=255u8 {
            let want = b == b' ' || (9..=13).contains(&b);
            assert_eq!(space_mask(&[b]) & 1 == 1, want, "byte {b:#x}");
        }
    }
}
