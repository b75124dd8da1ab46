//! The tests' seeded random numbers: Marsaglia's xorshift64 ("Xorshift
//! RNGs", 2003), enough to draw many varied inputs the same way each run.

/// A xorshift64 generator; its seed must not be zero.
pub(crate) struct XorShift(u64);

impl XorShift {
    pub(crate) fn new(seed: u64) -> Self {
        XorShift(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn bits(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        self.0 = s;
        s
    }

    /// A number below `n` (at least 1).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.bits() % n as u64) as usize
    }
}
