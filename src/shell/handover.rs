//! The first module's hand-over to the whole app.
//!
//! `scripts/build` builds the page twice: the whole app (`ranklab-app`)
//! and the first module (`ranklab-first`, see
//! [`crate::shared::first_module`]). The page's loader (written into
//! index.html by `scripts/first_module.py`) starts the first module unless
//! the address needs the whole app ([`needs_whole`]: the same test).
//!
//! When the reader reaches for something the first module lacks, it hands
//! over ([`hand_over`]): it ends its own app and starts the whole one, which
//! reads the same saved state, opens the door the address names and does
//! what was asked ([`crate::shell::use_handover`]): files dropped, a session
//! file opened, the typed text loaded as a file.

use std::cell::RefCell;

use js_sys::{Function, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::{hook, use_effect_with};

use crate::embed::request::is_embedded;
use crate::model::share;
use crate::shared::door::Door;
use crate::shell::persist;

/// What the whole app is asked to do once it starts.
pub enum Handover {
    /// Only open (the address says where).
    Open,
    /// Load these files (dropped on the page).
    Files(web_sys::FileList),
    /// Open this session file (Open session…).
    Session(web_sys::File),
    /// Load the typed text as a file (a TREC file typed where rankings go).
    TextAsFile,
    /// Open the Embed panel (Embed…): its snippet, choices and preview are
    /// the whole app's, which a first visit does not load for them.
    Embed,
}

/// Where the hand-over waits for the whole app (a property of `window`).
const PENDING: &str = "ranklabHandover";
/// The loader's function that starts the whole app.
const START_WHOLE: &str = "ranklabWhole";

thread_local! {
    static END_APP: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
}

/// Keeps how to end the first module's app (its handle's `destroy`), for
/// [`hand_over`].
pub fn keep_app(end: impl FnOnce() + 'static) {
    END_APP.with(|a| *a.borrow_mut() = Some(Box::new(end)));
}

/// Whether the page needs the whole app: a docs page's calculator or an
/// embed link, a shared link, a door other than calculate (a teacher's set
/// and projector mode open the learn door), or files saved in this browser.
/// The page's loader makes the same test before fetching either module.
pub fn needs_whole() -> bool {
    let location = gloo::utils::window().location();
    let hash = location.hash().unwrap_or_default();
    let search = location.search().unwrap_or_default();
    is_embedded(&search, &hash)
        || persist::files_marked()
        || hash.starts_with(share::PREFIX)
        || Door::from_address(&hash, &search).is_some_and(|d| d != Door::Calculate)
}

/// Starts the whole app, which then does `what`: the loader fetches and
/// compiles it while the first module's app stays on the page (with a
/// status line), then ends that app and starts the whole one. The state
/// the page keeps is already saved (each change is saved as it is made).
pub fn hand_over(what: Handover) {
    let window = gloo::utils::window();
    let pending = Object::new();
    let (key, value): (&str, JsValue) = match what {
        Handover::Open => ("open", JsValue::TRUE),
        Handover::Files(list) => ("files", list.into()),
        Handover::Session(file) => ("session", file.into()),
        Handover::TextAsFile => ("textAsFile", JsValue::TRUE),
        Handover::Embed => ("embed", JsValue::TRUE),
    };
    let _ = Reflect::set(&pending, &key.into(), &value);
    let _ = Reflect::set(&window, &PENDING.into(), &pending);
    let end_first = || {
        if let Some(end) = END_APP.with(|a| a.borrow_mut().take()) {
            end();
        }
    };
    match Reflect::get(&window, &START_WHOLE.into()).map(JsCast::dyn_into::<Function>) {
        Ok(Ok(start)) => {
            let _ = start.call1(&window, &Closure::once_into_js(end_first));
        }
        // No loader to ask (the module started some other way): reloading
        // starts the whole app from the same address and saved state.
        _ => {
            end_first();
            let _ = window.location().reload();
        }
    }
}

/// What the first module handed over, taken (once).
pub fn take_pending() -> Option<Handover> {
    let window = gloo::utils::window();
    let pending = Reflect::get(&window, &PENDING.into()).ok()?;
    if pending.is_undefined() {
        return None;
    }
    let _ = Reflect::delete_property(&window, &PENDING.into());
    let field = |k: &str| {
        Reflect::get(&pending, &k.into())
            .ok()
            .filter(|v| !v.is_undefined())
    };
    if let Some(list) = field("files").and_then(|v| v.dyn_into().ok()) {
        return Some(Handover::Files(list));
    }
    if let Some(file) = field("session").and_then(|v| v.dyn_into().ok()) {
        return Some(Handover::Session(file));
    }
    if field("textAsFile").is_some() {
        return Some(Handover::TextAsFile);
    }
    if field("embed").is_some() {
        return Some(Handover::Embed);
    }
    Some(Handover::Open)
}

/// Whether the first module handed over to open the Embed panel (read,
/// not taken: the share bar, and the header's menu it lies in, open with
/// it, before the hand-over is taken). Never in the first module itself,
/// which has no Embed panel.
pub fn embed_handed_over() -> bool {
    if crate::shared::first_module::FIRST {
        return false;
    }
    let window = gloo::utils::window();
    Reflect::get(&window, &PENDING.into())
        .and_then(|p| Reflect::get(&p, &"embed".into()))
        .is_ok_and(|v| v.is_truthy())
}

/// Hands over (to open the address) once `needed` holds.
#[hook]
pub fn use_hand_over_when(needed: bool) {
    use_effect_with(needed, |needed| {
        if *needed {
            hand_over(Handover::Open);
        }
    });
}
