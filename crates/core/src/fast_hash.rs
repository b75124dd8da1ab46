//! A small, fast hasher for short string keys (docids, qids): FNV-1a 64.
//! Not resistant to adversarial keys, which is fine for evaluating files the
//! user chose; it is several times faster than SipHash on docids.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a, 64 bits.
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A `HashMap` with [`Fnv`] hashing.
pub type FnvHashMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;
