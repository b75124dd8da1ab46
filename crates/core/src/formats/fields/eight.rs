//! A line's field-space mask eight bytes at a time, in a 64-bit word, for
//! targets without sixteen-byte vectors (and the tests, which check the
//! vector code against it).

use super::space_bytes;

/// Eight high bits (one per byte) gathered into the low byte, bit `i` for
/// byte `i`.
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
pub(super) fn gather(high_bits: u64) -> u64 {
    ((high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// [`super::space_mask`] eight bytes at a time ([`space_bytes`]). The last bytes
/// of a line of eight or more are read as the word that ends the line
/// (overlapping the word before), not one by one.
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
pub(super) fn word_space_mask(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    let mut mask = 0;
    let mut words = bytes.chunks_exact(8);
    for (i, word) in (&mut words).enumerate() {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        mask |= gather(space_bytes(word)) << (8 * i);
    }
    let rest = words.remainder().len();
    if rest > 0 {
        let last = match bytes.get(n.wrapping_sub(8)..) {
            // The line's last eight bytes: keep the bits of its last `rest`.
            Some(word) => {
                let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
                gather(space_bytes(word)) >> (8 - rest)
            }
            // A line shorter than a word, shifted in byte by byte.
            None => {
                let word = bytes.iter().rev().fold(0u64, |w, &b| w << 8 | u64::from(b));
                gather(space_bytes(word))
            }
        };
        mask |= last << (n - rest);
    }
    mask | u64::MAX.checked_shl(n as u32).unwrap_or(0)
}
