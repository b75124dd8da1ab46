//! A teacher's set in a link: its text compressed with DEFLATE and written
//! in URL-safe base64 after `?set=` (as shared states are after `#s=`), so
//! a set travels by mail or chat, or sits in a bookmark on a USB stick.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// The query parameter that holds a set.
const PARAM: &str = "set=";

/// The link to `text` as a set, on this page.
pub fn link(text: &str) -> String {
    let location = gloo::utils::window().location();
    let here = format!(
        "{}{}",
        location
            .origin()
            .unwrap_or_default()
            .replace("null", "file://"),
        location.pathname().unwrap_or_default()
    );
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
    format!("{here}?{PARAM}{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The set in this page's address: `None` without one, its text, or why it
/// cannot be read.
pub fn from_address() -> Option<Result<String, String>> {
    let search = gloo::utils::window().location().search().ok()?;
    let body = search
        .trim_start_matches('?')
        .split('&')
        .find_map(|p| p.strip_prefix(PARAM))?;
    let read = || -> Result<String, String> {
        let packed = URL_SAFE_NO_PAD
            .decode(body.trim())
            .map_err(|e| format!("its data is not base64 ({e})"))?;
        let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, 1 << 20)
            .map_err(|e| format!("its data does not decompress ({e:?})"))?;
        String::from_utf8(text).map_err(|_| "its data is not text".to_string())
    };
    Some(read().map_err(|e| {
        format!("The exercise set in this link could not be read: {e}. It may have been cut short when copied; the example set is shown instead.")
    }))
}
