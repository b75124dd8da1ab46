//! Small helpers over the page's DOM.

use wasm_bindgen::JsCast;

/// Moves the keyboard focus to the element with this id, if there is one.
pub fn focus_by_id(id: &str) {
    if let Some(el) = gloo::utils::document().get_element_by_id(id) {
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
}

/// Calls `handler` on each `event` of the window until the returned
/// function is called (an effect's cleanup).
pub fn on_window(event: &'static str, handler: impl Fn() + 'static) -> impl FnOnce() {
    let handler = wasm_bindgen::closure::Closure::<dyn Fn()>::new(handler);
    let window = gloo::utils::window();
    let _ = window.add_event_listener_with_callback(event, handler.as_ref().unchecked_ref());
    move || {
        let _ = window.remove_event_listener_with_callback(event, handler.as_ref().unchecked_ref());
    }
}

/// Whether the element behind `node` has content hidden past its right edge
/// (it scrolls sideways and is not scrolled to the end), kept up to date on
/// resize and scroll; measured again when `deps` change, once laid out.
#[yew::hook]
pub fn use_more_to_the_right<D: PartialEq + 'static>(node: yew::NodeRef, deps: D) -> bool {
    use wasm_bindgen::closure::Closure;
    use yew::prelude::*;
    let more = use_state_eq(|| false);
    {
        let more = more.clone();
        use_effect_with(deps, move |_| {
            let el = node.cast::<web_sys::HtmlElement>();
            let check = {
                let (el, more) = (el.clone(), more.clone());
                move || {
                    if let Some(el) = &el {
                        more.set(el.scroll_width() > el.client_width() + el.scroll_left() + 1);
                    }
                }
            };
            // Not measured here: reading the widths now would lay the page
            // out before the browser does. The observer reports the
            // element once it is laid out (observing starts with a report),
            // before the frame is painted.
            let callback = Closure::<dyn FnMut()>::new(check);
            let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok();
            if let (Some(o), Some(el)) = (&observer, &el) {
                o.observe(el);
                let _ = el
                    .add_event_listener_with_callback("scroll", callback.as_ref().unchecked_ref());
            }
            move || {
                if let Some(o) = observer {
                    o.disconnect();
                }
                if let Some(el) = el {
                    let _ = el.remove_event_listener_with_callback(
                        "scroll",
                        callback.as_ref().unchecked_ref(),
                    );
                }
                drop(callback);
            }
        });
    }
    *more
}

/// Keeps the element behind `node` in sight while it has the focus: when
/// the page's height changes under it (results appearing above a text area
/// as its first line is typed, after it was emptied), the page scrolls just
/// enough to show it again, as it would for a caret. Chromium's own scroll
/// anchoring does not act on a page scrolled to its top.
#[yew::hook]
pub fn use_kept_in_view(node: yew::NodeRef) {
    use wasm_bindgen::closure::Closure;
    use yew::prelude::*;
    use_effect_with((), move |_| {
        let keep = move || {
            let Some(el) = node.cast::<web_sys::Element>() else {
                return;
            };
            let focused = gloo::utils::document().active_element();
            if focused.as_ref() != Some(&el) {
                return;
            }
            let rect = el.get_bounding_client_rect();
            let height = gloo::utils::window()
                .inner_height()
                .ok()
                .and_then(|h| h.as_f64())
                .unwrap_or(0.0);
            if rect.top() < 0.0 || rect.top() > height - 80.0 {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                el.scroll_into_view_with_scroll_into_view_options(&options);
            }
        };
        let callback = Closure::<dyn FnMut()>::new(keep);
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok();
        if let (Some(o), Some(body)) = (&observer, gloo::utils::document().body()) {
            o.observe(&body);
        }
        move || {
            if let Some(o) = observer {
                o.disconnect();
            }
            drop(callback);
        }
    });
}

/// A measure's name with line-break opportunities (`<wbr>`) before `@` and
/// `(` and after `,` and `=`, so a narrow column's header wraps at a
/// sensible place instead of widening the table.
pub fn breakable(name: &str) -> yew::Html {
    use yew::prelude::*;
    let mut parts: Vec<Html> = Vec::new();
    let mut piece = String::new();
    for c in name.chars() {
        if matches!(c, '@' | '(') && !piece.is_empty() {
            parts.push(html! { { std::mem::take(&mut piece) } });
            parts.push(html! { <wbr /> });
        }
        piece.push(c);
        if matches!(c, ',' | '=') {
            parts.push(html! { { std::mem::take(&mut piece) } });
            parts.push(html! { <wbr /> });
        }
    }
    if !piece.is_empty() {
        parts.push(html! { { piece } });
    }
    html! { <>{ for parts }</> }
}
