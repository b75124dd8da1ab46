//! A teacher's set in a link: its text packed as shared states are
//! ([`pack`]: DEFLATE, URL-safe base64), after `?set=`, so
//! a set travels by mail or chat, or sits in a bookmark on a USB stick.

use crate::model::share::{pack, unpack};

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
    format!("{here}?{PARAM}{}", pack(text.as_bytes()))
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
        let text = unpack(body, 1 << 20).map_err(|e| format!("its data {e}"))?;
        String::from_utf8(text).map_err(|_| "its data is not text".to_string())
    };
    Some(read().map_err(|e| {
        format!("The exercise set in this link could not be read: {e}. It may have been cut short when copied; the example set is shown instead.")
    }))
}
