//! The benchmark behind four choices of the run reader (run by
//! `scripts/bench-parsing`, not by the test run): on the lines of a real run
//! file it times, in one invocation and alternating, each way a run line's
//! line ends, fields, score and docid hash could be found, and prints each way's time
//! per line and its ratio to the reader's own way.
//!
//! - line ends: the reader's line-feed mask (`crate::byte_lines`) against
//!   `memchr_iter` over the same block;
//! - fields: the reader's space mask ([`super::fields::split_fields`])
//!   against `memchr`'s SIMD iterators over the line (`memchr2_iter` for
//!   spaces and tabs, after `memchr3` rules out `\v`, `\f` and `\r`), and
//!   against the same `memchr3_iter` over the whole block (spaces, tabs
//!   and line ends found in one pass);
//! - scores: [`super::numbers::plain_score_in`] against the standard library's
//!   `str::parse::<f64>` and the `fast-float2` crate (all give the same
//!   bits: checked here on every line);
//! - hashes: `rustc-hash`'s `FxHasher` (the reader's
//!   [`crate::fast_hash::FastHash`]) against `foldhash` (the reader's
//!   hasher before it) and FNV-1a, a byte at a time (before that).

use std::hash::{BuildHasher, Hasher};
use std::time::Instant;

use super::fields::split_fields;
use super::numbers::plain_score_in;
use crate::fast_hash::FastHash;

/// Rounds of each way (the median is printed).
const ROUNDS: usize = 7;

/// FNV-1a, 64 bits, a byte at a time.
struct Fnv(u64);

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

fn memchr_fields<const N: usize>(line: &str) -> Option<[&str; N]> {
    let bytes = line.as_bytes();
    if memchr::memchr3(0x0b, 0x0c, b'\r', bytes).is_some() {
        return split_fields::<N>(line);
    }
    let mut out = [""; N];
    let (mut k, mut start) = (0, 0);
    for end in memchr::memchr2_iter(b' ', b'\t', bytes).chain([bytes.len()]) {
        if end > start {
            out[k] = &line[start..end];
            k += 1;
            if k == N {
                return Some(out);
            }
        }
        start = end + 1;
    }
    None
}

/// Nanoseconds per line of `f` over `lines`, median of [`ROUNDS`]
/// (each way's rounds alternate with the others').
fn time_ways(lines: usize, ways: &mut [(&str, &mut dyn FnMut() -> u64)]) -> Vec<f64> {
    let mut times = vec![Vec::new(); ways.len()];
    let mut sink = 0u64;
    for _ in 0..ROUNDS {
        for (i, (_, way)) in ways.iter_mut().enumerate() {
            let t = Instant::now();
            sink = sink.wrapping_add(way());
            times[i].push(t.elapsed().as_nanos() as f64 / lines as f64);
        }
    }
    assert_ne!(sink, 1, "(keeps the work)");
    times
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        })
        .collect()
}

fn report(what: &str, names: &[&str], ns: &[f64]) {
    println!("{what}:");
    for (name, t) in names.iter().zip(ns) {
        println!("  {name:<44} {t:7.2} ns/line  {:5.2}x", t / ns[0]);
    }
}

#[test]
#[ignore = "a benchmark: scripts/bench-parsing runs it on a run file"]
fn run_line_choices() {
    let path = std::env::var("RANKLAB_BENCH_RUN").expect("RANKLAB_BENCH_RUN: a run file");
    let text = std::fs::read_to_string(&path).expect("a readable UTF-8 run file");
    let lines: Vec<&str> = text.lines().collect();
    let n = lines.len();
    println!("{path}: {n} lines, {} bytes", text.len());

    // Line ends.
    let names = ["line-feed mask (the reader)", "memchr_iter"];
    let ns = time_ways(
        n,
        &mut [
            (names[0], &mut || {
                crate::byte_lines::newlines(text.as_bytes()).fold(0, |a, p| a ^ p as u64)
            }),
            (names[1], &mut || {
                memchr::memchr_iter(b'\n', text.as_bytes()).fold(0, |a, p| a ^ p as u64)
            }),
        ],
    );
    report("line ends of a block", &names, &ns);

    // Fields.
    let docid_len = |f: Option<[&str; 6]>| f.map_or(0, |f| f[2].len() as u64);
    let names = [
        "space mask (the reader)",
        "memchr2_iter per line",
        "memchr3_iter over the block",
    ];
    let ns = time_ways(
        n,
        &mut [
            (names[0], &mut || {
                lines.iter().map(|l| docid_len(split_fields(l))).sum()
            }),
            (names[1], &mut || {
                lines.iter().map(|l| docid_len(memchr_fields(l))).sum()
            }),
            (names[2], &mut || {
                memchr::memchr3_iter(b' ', b'\t', b'\n', text.as_bytes())
                    .fold(0u64, |a, p| a ^ p as u64)
            }),
        ],
    );
    report("fields of a run line", &names, &ns);

    // Scores: the same bits every way.
    // Each score with its line: the reader reads it within its line.
    let scores: Vec<(&str, &str)> = lines
        .iter()
        .filter_map(|l| split_fields::<6>(l).map(|f| (*l, f[4])))
        .collect();
    let reader = |(line, s): &(&str, &str)| {
        let at = s.as_ptr() as usize - line.as_ptr() as usize;
        plain_score_in(line.as_bytes(), at, at + s.len())
    };
    for pair in &scores {
        let s = pair.1;
        let want = s.parse::<f64>().ok().map(f64::to_bits);
        assert_eq!(reader(pair).map(f64::to_bits).or(want), want, "{s}");
        assert_eq!(
            fast_float2::parse::<f64, _>(s).ok().map(f64::to_bits),
            want,
            "{s}"
        );
    }
    let bits = |v: Option<f64>| v.map_or(0, f64::to_bits);
    let names = [
        "plain_score_in (the reader)",
        "str::parse::<f64>",
        "fast-float2",
    ];
    let ns = time_ways(
        n,
        &mut [
            (names[0], &mut || {
                scores
                    .iter()
                    .map(|pair| bits(reader(pair)))
                    .fold(0, u64::wrapping_add)
            }),
            (names[1], &mut || {
                scores
                    .iter()
                    .map(|(_, s)| bits(s.parse().ok()))
                    .fold(0, u64::wrapping_add)
            }),
            (names[2], &mut || {
                scores
                    .iter()
                    .map(|(_, s)| bits(fast_float2::parse(s).ok()))
                    .fold(0, u64::wrapping_add)
            }),
        ],
    );
    report("a run line's score", &names, &ns);

    // Docid hashes.
    let docids: Vec<&str> = lines
        .iter()
        .filter_map(|l| split_fields::<6>(l).map(|f| f[2]))
        .collect();
    let (fx, fold) = (FastHash::default(), foldhash::fast::FixedState::default());
    let names = [
        "rustc-hash (the reader)",
        "foldhash",
        "FNV-1a, a byte at a time",
    ];
    let ns = time_ways(
        n,
        &mut [
            (names[0], &mut || {
                docids
                    .iter()
                    .map(|d| fx.hash_one(d))
                    .fold(0, u64::wrapping_add)
            }),
            (names[1], &mut || {
                docids
                    .iter()
                    .map(|d| fold.hash_one(d))
                    .fold(0, u64::wrapping_add)
            }),
            (names[2], &mut || {
                docids
                    .iter()
                    .map(|d| {
                        let mut h = Fnv::default();
                        h.write(d.as_bytes());
                        h.finish()
                    })
                    .fold(0, u64::wrapping_add)
            }),
        ],
    );
    report("a docid's hash", &names, &ns);
}
