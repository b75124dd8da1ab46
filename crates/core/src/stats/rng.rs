//! A small, seeded, portable random number generator, so every resampling
//! result is reproducible from its seed on any platform (native or wasm).
//!
//! xoshiro256** (Blackman & Vigna, "Scrambled linear pseudorandom number
//! generators", 2018), its state filled from the seed by SplitMix64 as the
//! authors recommend.

/// The generator.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        Rng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias
    /// (Lemire's multiply-and-reject method; 32-bit arithmetic when `n`
    /// fits, which is much faster in WebAssembly than 128-bit).
    pub fn below(&mut self, n: usize) -> usize {
        if let Ok(n32) = u32::try_from(n) {
            let n64 = u64::from(n32);
            let threshold = n32.wrapping_neg() % n32;
            loop {
                let m = (self.next_u64() >> 32) * n64;
                if (m as u32) >= threshold {
                    return (m >> 32) as usize;
                }
            }
        }
        let n = n as u64;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            let low = m as u64;
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 64) as usize;
            }
        }
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_uniform_draws() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
        let mut r = Rng::new(1);
        let mut counts = [0usize; 6];
        for _ in 0..60_000 {
            counts[r.below(6)] += 1;
        }
        // Each face within 5 standard deviations of 10,000.
        assert!(
            counts
                .iter()
                .all(|&c| (c as f64 - 10_000.0).abs() < 5.0 * 91.3),
            "{counts:?}"
        );
        let heads = (0..10_000).filter(|_| r.coin()).count();
        assert!((heads as f64 - 5000.0).abs() < 250.0);
    }
}
