//! The last line of defence: if any code of the page panics, the wasm
//! module stops for good (the build aborts on panic), so instead of a page
//! that silently stops answering, a notice says what happened and that a
//! reload keeps the user's work (the state is saved on every change).

use std::panic::PanicHookInfo;

use wasm_bindgen::JsCast;

/// Installs the hook that shows [`notice`] on the page at the first panic.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        show(&notice(info));
    }));
}

/// What the page says after a panic: that something broke, with the
/// panic's message (and where, when the build kept it, for a bug report),
/// and that a reload keeps the work.
pub fn notice(info: &PanicHookInfo<'_>) -> String {
    let what = info
        .payload()
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| info.payload().downcast_ref::<String>().cloned())
        .unwrap_or_default();
    // The page's build leaves out where panics happen
    // (`-Zlocation-detail=none`: every location reads `<redacted>:0`), so
    // a location is written only when the build kept one.
    let at = info
        .location()
        .filter(|l| l.line() != 0)
        .map(|l| format!(" at {}:{}", l.file(), l.line()))
        .unwrap_or_default();
    format!("Something broke ({what}{at}). The page cannot go on: reload it, your rankings, files and settings are kept.")
}

fn show(text: &str) {
    web_sys::console::error_1(&text.into());
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = doc.body() else { return };
    let Ok(box_) = doc.create_element("div") else {
        return;
    };
    box_.set_class_name("panic-notice");
    let _ = box_.set_attribute("role", "alert");
    let _ = box_.set_attribute("data-testid", "panic-notice");
    let Ok(p) = doc.create_element("p") else {
        return;
    };
    p.set_text_content(Some(text));
    let _ = box_.append_child(&p);
    // A plain link that reloads: no wasm callback can run any more.
    if let Ok(a) = doc.create_element("a") {
        let _ = a.set_attribute("href", "");
        a.set_text_content(Some("Reload"));
        let _ = box_.append_child(&a);
    }
    let _ = body.insert_before(&box_, body.first_child().as_ref());
    if let Ok(el) = box_.dyn_into::<web_sys::HtmlElement>() {
        let _ = el.set_attribute("tabindex", "-1");
        let _ = el.focus();
    }
}
