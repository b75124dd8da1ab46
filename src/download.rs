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
    let link: HtmlAnchorElement = gloo::utils::document()
        .create_element("a")
        .map_err(message)?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = Url::revoke_object_url(&url);
    Ok(())
}
