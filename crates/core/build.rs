//! Names the one target condition the core's vector code depends on:
//! `cfg(vectors16)` is set where the target has sixteen-byte vectors that
//! `wide` uses (SSE2 on x86-64, NEON on 64-bit ARM, SIMD128 in a wasm build
//! with that feature). The code then says `cfg(vectors16)` instead of
//! repeating the three features at each place that chooses.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(vectors16)");
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let has = |feature: &str| features.split(',').any(|f| f == feature);
    if has("sse2") || has("simd128") || (arch == "aarch64" && has("neon")) {
        println!("cargo::rustc-cfg=vectors16");
    }
}
