//! A calculator made by `embed.js` from a block of a documentation page
//! (`index.html?embed&host`): it tells the page it is ready, the page sends
//! the block's text, and the calculator shows it. Only messages from the
//! page that holds the frame are read.
//!
//! | from        | message                                              |
//! |-------------|------------------------------------------------------|
//! | calculator  | `{ranklab: "ready"}` once it can take a block         |
//! | page        | `{ranklab: "block", text, theme}`: the block, and `"dark"` or `"light"` when the page has its own colour switch (`null`: the browser's preference) |
//! | page        | `{ranklab: "theme", theme}` when that switch changes   |
//! | calculator  | `{ranklab: "height", height}` (see [`crate::embed::request`])  |
//!
//! The Embed dialog's preview reads the calculator's height as the
//! snippet's script does in a documentation page ([`use_preview_height`]).

use yew::prelude::*;

use crate::charts::Theme;
use crate::embed::block::Block;
use crate::model::state::AppState;

/// What the page around the frame has sent.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FromHost {
    /// Its block, as read (`None` until one came).
    pub block: Option<Block>,
    /// Its own colour scheme, when it has a switch of its own.
    pub theme: Option<Theme>,
}

/// Puts the page's colour scheme on the document (`data-theme`, which the
/// stylesheet follows), or leaves the browser's; returns it.
pub(crate) fn set_theme(theme: Option<Theme>) -> Option<Theme> {
    let root = gloo::utils::document().document_element()?;
    let _ = match theme {
        Some(t) => root.set_attribute("data-theme", t.name()),
        None => root.remove_attribute("data-theme"),
    };
    theme
}

/// A string field of a message object.
#[cfg(target_arch = "wasm32")]
fn field(data: &wasm_bindgen::JsValue, name: &str) -> Option<String> {
    js_sys::Reflect::get(data, &name.into()).ok()?.as_string()
}

/// In host mode (`enabled`), asks the page for its block and puts each one
/// it sends into `state`; returns what the page sent (the block as read,
/// with its view and problems, and the page's colour scheme).
#[hook]
pub fn use_host_block(enabled: bool, state: UseReducerHandle<AppState>) -> FromHost {
    let block = use_state(FromHost::default);
    {
        let block = block.clone();
        use_effect_with(enabled, move |&enabled| {
            let listener = enabled.then(|| listen(state, block));
            // The listener goes with the effect.
            move || {
                let _listening = listener;
            }
        });
    }
    (*block).clone()
}

/// The window's message listener, removed when dropped.
#[cfg(target_arch = "wasm32")]
struct Listening(wasm_bindgen::closure::Closure<dyn FnMut(web_sys::MessageEvent)>);

#[cfg(target_arch = "wasm32")]
impl Drop for Listening {
    fn drop(&mut self) {
        use wasm_bindgen::JsCast;
        let _ = gloo::utils::window()
            .remove_event_listener_with_callback("message", self.0.as_ref().unchecked_ref());
    }
}

#[cfg(target_arch = "wasm32")]
fn listen(state: UseReducerHandle<AppState>, host: UseStateHandle<FromHost>) -> Option<Listening> {
    use crate::embed::block::read_block;
    use crate::model::state::Action;
    use wasm_bindgen::JsCast;
    let window = gloo::utils::window();
    let parent = window.parent().ok()??;
    let from_parent = parent.clone();
    let on_message = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
        move |e: web_sys::MessageEvent| {
            // Only the page around the frame speaks to it. (A page of another
            // origin is no `Window` of this one: compared as objects.)
            let same = e
                .source()
                .is_some_and(|s| js_sys::Object::is(&s, &from_parent));
            if !same {
                return;
            }
            let data = e.data();
            match field(&data, "ranklab").as_deref() {
                Some("block") => {
                    let text = field(&data, "text").unwrap_or_default();
                    let read = read_block(&text);
                    state.dispatch(Action::Replace(
                        AppState::default()
                            .apply(Action::SetText(read.text.clone()))
                            .apply(Action::SetSettings(read.settings())),
                    ));
                    host.set(FromHost {
                        block: Some(read),
                        theme: set_theme(field(&data, "theme").as_deref().and_then(Theme::named)),
                    });
                }
                Some("theme") => host.set(FromHost {
                    theme: set_theme(field(&data, "theme").as_deref().and_then(Theme::named)),
                    ..(*host).clone()
                }),
                _ => {}
            }
        },
    );
    window
        .add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())
        .ok()?;
    let listener = Listening(on_message);
    let ready = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&ready, &"ranklab".into(), &"ready".into());
    let _ = parent.post_message(&ready, "*");
    Some(listener)
}

/// While the Embed dialog is `shown`, its preview frame (behind `preview`)
/// takes the height its calculator reports, as the snippet's script makes
/// a documentation page's frame do: the preview is what a reader sees.
#[hook]
pub fn use_preview_height(preview: NodeRef, shown: bool) {
    use_effect_with(shown, move |&shown| {
        let listener = shown.then(|| listen_for_height(preview)).flatten();
        // The listener goes with the effect.
        move || {
            let _listening = listener;
        }
    });
}

#[cfg(target_arch = "wasm32")]
fn listen_for_height(preview: NodeRef) -> Option<Listening> {
    use crate::embed::request::HEIGHT_MESSAGE;
    use wasm_bindgen::JsCast;
    let on_message = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
        move |e: web_sys::MessageEvent| {
            let Some(frame) = preview.cast::<web_sys::HtmlElement>() else {
                return;
            };
            let get = |v: &wasm_bindgen::JsValue, k: &str| {
                js_sys::Reflect::get(v, &k.into()).unwrap_or_default()
            };
            // The preview's own calculator, of this page's origin, as the
            // snippet's script checks.
            let frame_window = get(&frame, "contentWindow");
            let from_frame = e
                .source()
                .is_some_and(|s| js_sys::Object::is(&s, &frame_window));
            let ours = Some(e.origin()) == gloo::utils::window().location().origin().ok();
            let data = e.data();
            let height = get(&data, "height").as_f64();
            if from_frame && ours && field(&data, "ranklab").as_deref() == Some(HEIGHT_MESSAGE) {
                if let Some(h) = height {
                    // Over the height chosen (the height before it resizes),
                    // as the script sets it.
                    let _ = js_sys::Reflect::set(
                        &get(&frame, "style"),
                        &"height".into(),
                        &format!("{h}px").into(),
                    );
                }
            }
        },
    );
    gloo::utils::window()
        .add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())
        .ok()?;
    Some(Listening(on_message))
}

/// Native builds (tests) have no frames.
#[cfg(not(target_arch = "wasm32"))]
fn listen_for_height(_preview: NodeRef) -> Option<()> {
    None
}

/// Native builds (tests) have no page around them.
#[cfg(not(target_arch = "wasm32"))]
fn listen(_state: UseReducerHandle<AppState>, _host: UseStateHandle<FromHost>) -> Option<()> {
    set_theme(None);
    None
}
