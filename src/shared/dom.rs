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

/// After the render an action starts: where the focus was lost (the
/// control that had it was removed, as a button that goes once used, or a
/// view replaced by another), it goes to the first element on the page
/// matching one of `selectors`, in order. Focus a person moved elsewhere
/// is left where it is.
pub fn refocus_when_lost(selectors: &'static [&'static str]) {
    focus_try(selectors, Focus::WhenLost, 0);
}

/// After the render an action starts, the focus goes to the first element
/// matching one of `selectors` (a panel's field the action opened).
pub fn focus_after_render(selectors: &'static [&'static str]) {
    focus_try(selectors, Focus::Always, 0);
}

/// [`focus_after_render`] for a text box read from its start (a snippet
/// to copy): its caret at the first character and its first lines shown,
/// where a focused text box shows its end.
pub fn focus_at_start_after_render(selectors: &'static [&'static str]) {
    focus_try(selectors, Focus::AtStart, 0);
}

/// When and how [`focus_try`] moves the focus.
#[derive(Clone, Copy, PartialEq)]
enum Focus {
    /// Only where it was lost.
    WhenLost,
    /// Wherever it is.
    Always,
    /// Wherever it is, a text box's caret at its start.
    AtStart,
}

/// One try of moving the focus, and more every 50 ms for a second: the
/// render that removes the focused control may come after the first try,
/// and the first of `selectors` is waited for (a door's results are drawn
/// once their evaluation ends) before the others are taken in order.
fn focus_try(selectors: &'static [&'static str], how: Focus, tries: u32) {
    let only_when_lost = how == Focus::WhenLost;
    let delay = if tries == 0 { 0 } else { 50 };
    gloo::timers::callback::Timeout::new(delay, move || {
        let document = gloo::utils::document();
        let lost = document
            .active_element()
            .is_none_or(|a| document.body().is_some_and(|b| a == *b));
        let waiting = tries < 20;
        let found = if only_when_lost && !lost {
            None
        } else {
            let candidates = if waiting {
                &selectors[..selectors.len().min(1)]
            } else {
                selectors
            };
            candidates
                .iter()
                .find_map(|s| document.query_selector(s).ok().flatten())
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        };
        match found {
            Some(el) => {
                let _ = el.focus();
                if let Some(area) = el
                    .dyn_ref::<web_sys::HtmlTextAreaElement>()
                    .filter(|_| how == Focus::AtStart)
                {
                    let _ = area.set_selection_range(0, 0);
                    area.set_scroll_top(0);
                }
            }
            None if waiting => focus_try(selectors, how, tries + 1),
            None => {}
        }
    })
    .forget();
}

/// Keeps the field being typed in on screen when the window changes size
/// (a phone turned to landscape lays the page out again, and the field went
/// hundreds of pixels below the screen): brought to the middle of the
/// screen, clear of a phone's bar of doors at the bottom.
#[yew::hook]
pub fn use_field_kept_in_view_on_resize() {
    yew::use_effect_with((), |_| {
        on_window("resize", || {
            let document = gloo::utils::document();
            let Some(field) = document
                .active_element()
                .filter(|a| matches!(a.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
            else {
                return;
            };
            let r = field.get_bounding_client_rect();
            if r.top() < 0.0 || r.bottom() > window_height() {
                scroll_into_view(&field, web_sys::ScrollLogicalPosition::Center);
            }
        })
    });
}

/// The window's height in CSS pixels (0 where it cannot be read).
fn window_height() -> f64 {
    gloo::utils::window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
}

/// Scrolls the page so that `el` stands at `block` of the screen.
fn scroll_into_view(el: &web_sys::Element, block: web_sys::ScrollLogicalPosition) {
    let how = web_sys::ScrollIntoViewOptions::new();
    how.set_block(block);
    el.scroll_into_view_with_scroll_into_view_options(&how);
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
            if rect.top() < 0.0 || rect.top() > window_height() - 80.0 {
                scroll_into_view(&el, web_sys::ScrollLogicalPosition::Nearest);
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
