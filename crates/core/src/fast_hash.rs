//! The hash maps keyed by short strings (docids, qids): `foldhash`'s fast
//! hasher with a fixed seed. It reads a key eight bytes at a time (the
//! hand-written FNV-1a before it read one byte at a time), and the fixed
//! seed keeps every map's order the same from run to run. Not resistant
//! to adversarial keys, which is fine for files the user chose.

use std::collections::HashMap;

/// The hasher of every [`FastHashMap`]: foldhash, fixed seed.
pub type FastHash = foldhash::fast::FixedState;

/// A `HashMap` hashed with [`FastHash`].
pub type FastHashMap<K, V> = HashMap<K, V, FastHash>;
