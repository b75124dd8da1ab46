//! Where the line feeds of a block of bytes are, sixteen bytes at a time
//! with the processor's vector instructions (`wide`'s safe vectors: SSE2,
//! NEON or SIMD128), sixty-four bytes to one bit mask, then one bit count
//! per line. A run line is about forty
//! bytes long: a search that starts again after each line feed
//! (`memchr_iter`, which other targets use) pays its start-up per line.

use wide::u8x16;

/// Bit `i` set when byte `i` of the sixty-four is a line feed.
#[inline]
#[cfg_attr(speed_marks, optimize(speed))]
fn feeds64(block: &[u8; 64]) -> u64 {
    let feed = u8x16::splat(b'\n');
    let mut mask = 0;
    for (i, sixteen) in block.chunks_exact(16).enumerate() {
        let v = u8x16::new(sixteen.try_into().unwrap_or([0; 16]));
        let bits = v.cmp_eq(feed).move_mask() as u16;
        mask |= u64::from(bits) << (16 * i);
    }
    mask
}

/// The offsets of the line feeds of `bytes`, in order.
pub(super) struct Newlines<'b> {
    bytes: &'b [u8],
    /// Offset of the sixty-four bytes `mask` is of.
    base: usize,
    /// Their line feeds not yet given.
    mask: u64,
}

impl<'b> Newlines<'b> {
    pub(super) fn new(bytes: &'b [u8]) -> Self {
        let mut out = Newlines {
            bytes,
            base: 0,
            mask: 0,
        };
        out.mask = out.mask_at(0);
        out
    }

    /// The line-feed mask of the sixty-four bytes from `at` (a copy padded
    /// with zeros past the end of `bytes`).
    #[inline]
    #[cfg_attr(speed_marks, optimize(speed))]
    fn mask_at(&self, at: usize) -> u64 {
        match self.bytes.get(at..at + 64) {
            Some(block) => feeds64(block.try_into().unwrap_or(&[0; 64])),
            None => {
                let mut block = [0u8; 64];
                let rest = self.bytes.get(at..).unwrap_or(&[]);
                block[..rest.len()].copy_from_slice(rest);
                feeds64(&block)
            }
        }
    }
}

impl Iterator for Newlines<'_> {
    type Item = usize;

    #[inline]
    #[cfg_attr(speed_marks, optimize(speed))]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            self.base += 64;
            if self.base >= self.bytes.len() {
                return None;
            }
            self.mask = self.mask_at(self.base);
        }
        let at = self.base + self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_line_feeds_as_memchr() {
        let mut random = crate::test_random::XorShift::new(0x9e37_79b9_7f4a_7c15u64);
        let mut next = || random.bits();
        for len in (0..300).chain([1000, 4096, 4097]) {
            for density in [2, 7, 40, 200] {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| match next() % density {
                        0 => b'\n',
                        _ => next() as u8,
                    })
                    .collect();
                let want: Vec<usize> = memchr::memchr_iter(b'\n', &bytes).collect();
                assert_eq!(
                    Newlines::new(&bytes).collect::<Vec<_>>(),
                    want,
                    "{len} {density}"
                );
            }
        }
    }
}
