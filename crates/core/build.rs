//! Names the conditions the core is compiled under. `cfg(vectors16)`,
//! the one its vector code depends on, is set where the target has
//! sixteen-byte vectors that `wide` uses (SSE2 on x86-64, NEON on 64-bit
//! ARM, SIMD128 in a wasm build with that feature). The code then says
//! `cfg(vectors16)` instead of repeating the three features at each place
//! that chooses.
//!
//! `cfg(speed_marks)` is declared here and set by no target: scripts/build
//! passes `--cfg speed_marks` to the big-file worker's build where the
//! compiler takes unstable features (the build-std route). That build is
//! optimised for size (opt-level "z", std's `optimize_for_size`), and the
//! functions a big run's every line goes through carry
//! `#[cfg_attr(speed_marks, optimize(speed))]`, so they alone are compiled
//! for speed: the worker is 40 KB smaller gzipped and as fast.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(vectors16)");
    println!("cargo::rustc-check-cfg=cfg(speed_marks)");
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let has = |feature: &str| features.split(',').any(|f| f == feature);
    if has("sse2") || has("simd128") || (arch == "aarch64" && has("neon")) {
        println!("cargo::rustc-cfg=vectors16");
    }
}
