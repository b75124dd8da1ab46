//! Shared links (`#s=` fragments): no panic on any fragment; a state that
//! opens evaluates as the page would (the quick text, the files held as
//! text, the statistics) without a panic, and links the app makes open to
//! the same state. The input is either a fragment itself (starting with
//! `#`) or a JSON state the target packs into a link, so the fuzzer reaches
//! the state's fields and not only the base64 and DEFLATE layers.
#![no_main]

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use libfuzzer_sys::fuzz_target;
use ranklab_app::model::share::{decode, encode, PREFIX};
use ranklab_app::results::statistics::statistics;
use ranklab_core::{evaluate_files, evaluate_typed, parse_typed};

fuzz_target!(|data: &[u8]| {
    let fragment = if data.first() == Some(&b'#') {
        String::from_utf8_lossy(data).into_owned()
    } else {
        let packed = miniz_oxide::deflate::compress_to_vec(data, 1);
        format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(packed))
    };
    let Some(Ok(state)) = decode(&fragment) else {
        return;
    };
    let settings = &state.settings;
    let (metrics, _) = settings.measures();
    let options = settings.eval_options();
    let typed = evaluate_typed(&parse_typed(&state.quick_text), &metrics, &options);
    let files = evaluate_files(&state.files, &metrics, &options);
    for part in [&typed, &files] {
        if part.systems.len() <= 4 {
            let _ = statistics(&part.systems, &metrics, &settings.stats);
        }
    }
    if let Ok(again) = encode(&state) {
        assert_eq!(decode(&again), Some(Ok(state)));
    }
});
