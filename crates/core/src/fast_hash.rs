//! The hash maps keyed by short strings (docids, qids): `rustc-hash`'s
//! `FxHasher`, which has no seed, so every map's order is the same from run
//! to run. Not resistant to adversarial keys, which is fine for files the
//! user chose.
//!
//! Chosen over `foldhash` (the hasher before) for the page's worker: there
//! `foldhash` keeps a 128-bit state, which wasm32 handles in several 64-bit
//! steps, where `FxHasher` works in the pointer's 32 bits. Built both ways
//! and loaded alternately six times each in one invocation, the 270 MB
//! benchmark run took 1,533 ms against 1,717 ms from the change event to
//! MAP on screen, and 2.54 against 2.75 CPU seconds (medians). Natively it
//! is no slower: `ranklab eval` on the same run, six alternating runs,
//! 0.395 s against 0.425 s (medians), the same output byte for byte.
//! `scripts/bench-parsing` compares the two hashers per docid natively.

use std::collections::HashMap;

/// The hasher of every [`FastHashMap`]: `FxHasher`, no seed.
pub type FastHash = rustc_hash::FxBuildHasher;

/// A `HashMap` hashed with [`FastHash`].
pub type FastHashMap<K, V> = HashMap<K, V, FastHash>;
