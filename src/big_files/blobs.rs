//! The contents of big files: the browser's `Blob`s (a `File` is one),
//! kept by key while the page lives. [`crate::shell::persist`] stores them in
//! IndexedDB so they come back after a reload.

use std::cell::RefCell;
use std::collections::HashMap;

use web_sys::Blob;

thread_local! {
    static BLOBS: RefCell<HashMap<String, Blob>> = RefCell::new(HashMap::new());
}

/// A key no other file of this page has used.
pub fn new_key(name: &str) -> String {
    thread_local! {
        static NEXT: RefCell<u64> = const { RefCell::new(0) };
    }
    let n = NEXT.with(|c| {
        *c.borrow_mut() += 1;
        *c.borrow()
    });
    format!("{name}#{}-{n}", js_sys::Date::now() as u64)
}

/// Keeps `blob` under `key`.
pub fn keep(key: &str, blob: Blob) {
    BLOBS.with(|b| b.borrow_mut().insert(key.to_string(), blob));
}

/// The blob kept under `key`.
pub fn get(key: &str) -> Option<Blob> {
    BLOBS.with(|b| b.borrow().get(key).cloned())
}
