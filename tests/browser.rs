//! wasm-bindgen tests in headless Chromium: the app mounts, computes the
//! example data with the core, and shows it.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use ranklab_app::app::App;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn root() -> web_sys::Element {
    let document = gloo::utils::document();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

#[wasm_bindgen_test]
async fn app_mounts_and_shows_the_demo_mrr() {
    gloo::utils::window()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear()
        .unwrap();
    let host = root();
    yew::Renderer::<App>::with_root(host.clone()).render();
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    // The demo's BM25: first relevant at ranks 1, 3, 1, 1, 6, 1: MRR 0.75 by hand.
    let cell = host
        .query_selector("td[data-system='BM25'][data-measure='RR'] .value")
        .unwrap()
        .expect("the RR cell is rendered");
    assert_eq!(cell.text_content().unwrap(), "0.7500");
    let value: f64 = cell.get_attribute("data-value").unwrap().parse().unwrap();
    assert_eq!(value, 0.75);
}

/// A big file's stream stops near where its reader expects to stop, and
/// reads on past it when asked (a shard's last query runs long), from any
/// offset, to the file's end.
#[wasm_bindgen_test]
async fn a_blob_stream_stops_near_its_end_and_reads_on() {
    use ranklab_app::big_files::blob_reading::open_blob;
    let bytes: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(&bytes[..]));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).unwrap();
    for (from, near) in [
        (0, 1_000),
        (1_234, 50_000),
        (70_000, 0),
        (299_999, 10),
        (300_000, 1),
        (5, 1 << 40),
    ] {
        let mut source = open_blob(&blob, from);
        source.stop_near(near);
        let mut read = Vec::new();
        let mut buf = vec![0; 4096];
        loop {
            let n = source.read(&mut buf).await.unwrap();
            if n == 0 {
                break;
            }
            read.extend_from_slice(&buf[..n]);
        }
        assert_eq!(
            read,
            bytes[from as usize..],
            "from {from}, stopping near {near}"
        );
    }
}
