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
