//! Saving a text as a file, entirely in the browser (a Blob and a link
//! with `download`; nothing is sent anywhere).

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

fn message(e: JsValue) -> String {
    e.as_string()
        .unwrap_or_else(|| "the browser refused the download".into())
}

/// Offers `text` as a file named `name` of type `mime`.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let bag = BlobPropertyBag::new();
    bag.set_type(mime);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &bag).map_err(message)?;
    let url = Url::create_object_url_with_blob(&blob).map_err(message)?;
    let saved = save_link(&url, name);
    // The browser reads the Blob after the click returns: revoked at once,
    // a download could find nothing behind its address. A minute later it
    // has long been read, and the text is freed.
    gloo::timers::callback::Timeout::new(REVOKE_AFTER_MS, move || {
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
    saved
}

/// How long a saved file's address is kept after the click.
const REVOKE_AFTER_MS: u32 = 60_000;

/// Clicks a temporary link that saves `href` as a file named `name`.
fn save_link(href: &str, name: &str) -> Result<(), String> {
    let link: HtmlAnchorElement = gloo::utils::document()
        .create_element("a")
        .map_err(message)?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    link.set_href(href);
    link.set_download(name);
    link.click();
    Ok(())
}

/// Offers an SVG drawing as a PNG file at twice its size: the SVG is drawn
/// on a canvas (from a data URL, which the page's CSP allows for images)
/// and the canvas saved.
pub fn download_png(name: &str, svg: &str, width: u32, height: u32) -> Result<(), String> {
    use base64::Engine;
    use wasm_bindgen::closure::Closure;
    let doc = gloo::utils::document();
    let img: web_sys::HtmlImageElement = doc
        .create_element("img")
        .map_err(message)?
        .dyn_into()
        .map_err(|_| "no image element".to_string())?;
    let name = name.to_string();
    let drawn = img.clone();
    let onload = Closure::once_into_js(move || {
        let doc = gloo::utils::document();
        let Ok(Ok(canvas)) = doc
            .create_element("canvas")
            .map(|c| c.dyn_into::<web_sys::HtmlCanvasElement>())
        else {
            return;
        };
        canvas.set_width(width * 2);
        canvas.set_height(height * 2);
        let Ok(Some(ctx)) = canvas.get_context("2d") else {
            return;
        };
        let Ok(ctx) = ctx.dyn_into::<web_sys::CanvasRenderingContext2d>() else {
            return;
        };
        let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(
            &drawn,
            0.0,
            0.0,
            f64::from(width * 2),
            f64::from(height * 2),
        );
        if let Ok(url) = canvas.to_data_url_with_type("image/png") {
            let _ = save_link(&url, &name);
        }
    });
    img.set_onload(Some(onload.unchecked_ref()));
    let data = base64::engine::general_purpose::STANDARD.encode(svg.as_bytes());
    img.set_src(&format!("data:image/svg+xml;base64,{data}"));
    Ok(())
}
