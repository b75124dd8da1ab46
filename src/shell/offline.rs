//! Registers the service worker (`sw.js`) that keeps the app for offline
//! use; only over http(s), where browsers allow service workers.

/// Registers `sw.js` next to the page; failures are left to the browser's
/// console (the app works without it, only not offline).
pub fn register_service_worker() {
    let window = gloo::utils::window();
    let protocol = window.location().protocol().unwrap_or_default();
    if protocol == "http:" || protocol == "https:" {
        let _ = window.navigator().service_worker().register("sw.js");
    }
}
