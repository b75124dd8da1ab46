//! A teacher's set in a link: its text packed as shared states are
//! ([`pack`]: DEFLATE, URL-safe base64), after `?set=`, so
//! a set travels by mail or chat, or sits in a bookmark on a USB stick.

use crate::model::share::{pack, unpack};
use crate::shared::address::{query_parts, rewrite_query};

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
/// cannot be read, in plain words (the decoder's own message says nothing
/// to a teacher).
pub fn from_address() -> Option<Result<String, String>> {
    let search = gloo::utils::window().location().search().ok()?;
    let body = query_parts(&search).find_map(|p| p.strip_prefix(PARAM))?;
    let text = unpack(body, 1 << 20)
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok());
    Some(text.ok_or_else(|| {
        "The exercise set in this link could not be read: the link is incomplete or damaged, perhaps cut short when it was copied. Ask for the link again, or for the set's file; the set opened before is shown instead.".to_string()
    }))
}

/// Takes the set out of this page's address (another set was opened), so
/// a reload keeps the set opened last, not the link's.
pub fn forget_in_address() {
    rewrite_query(|p| !p.starts_with(PARAM), None);
}
