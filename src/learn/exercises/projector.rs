//! Projector mode: the working shown row by row, then the answer, driven
//! by the keys, a presenter's clicker, a click or a tap, and its own
//! back and next buttons.

use wasm_bindgen::JsCast;

use yew::prelude::*;

use crate::shared::address::{is_projector, query_parts, rewrite_query};
use crate::shared::dom::focus_after_render;
use crate::shared::door::{set_aside_for_projector, Door};

/// Projector mode: whether it is on (from the start with `?projector` in
/// the address), the rows of the working shown, and the pane, focused when
/// the mode starts so the keys reach it.
#[derive(Clone)]
pub(super) struct Projector {
    pub(super) on: UseStateHandle<bool>,
    pub(super) shown: UseStateHandle<usize>,
    pub(super) pane: NodeRef,
    /// The door the address named beside `?projector`, which this one
    /// replaced, until the note that says so is closed.
    pub(super) set_aside: UseStateHandle<Option<Door>>,
}

/// `step`: the step of the working shown at first (a reload's place).
#[hook]
pub(super) fn use_projector(step: usize) -> Projector {
    let on = use_state(|| {
        gloo::utils::window()
            .location()
            .search()
            .is_ok_and(|q| query_parts(&q).any(is_projector))
    });
    let shown = use_state(|| step);
    let pane = use_node_ref();
    let set_aside = use_state(set_aside_for_projector);
    {
        let pane = pane.clone();
        let first = use_mut_ref(|| true);
        use_effect_with(*on, move |on| {
            keep_in_address(*on);
            let started = !std::mem::replace(&mut *first.borrow_mut(), false);
            let mut behind = Vec::new();
            if *on {
                if let Some(el) = pane.cast::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                    behind = make_inert_around(&el);
                }
            } else if started {
                // Left: back to the button that enters the mode again.
                focus_after_render(&["[data-testid=exercise-projector]"]);
            }
            move || {
                for el in behind {
                    let _ = el.remove_attribute("inert");
                }
            }
        });
    }
    Projector {
        on,
        shown,
        pane,
        set_aside,
    }
}

/// The page behind projector mode's view made inert, so Tab and a screen
/// reader stay in the view, which covers the screen: every element beside
/// the view or beside one of its ancestors, up to the body's children.
/// Those made inert here (not those that were already) are returned, to be
/// made live again when the mode ends.
fn make_inert_around(view: &web_sys::Element) -> Vec<web_sys::Element> {
    let mut made = Vec::new();
    let mut node = view.clone();
    while let Some(parent) = node.parent_element() {
        let mut child = parent.first_element_child();
        while let Some(c) = child {
            if c != node && !c.has_attribute("inert") {
                let _ = c.set_attribute("inert", "");
                made.push(c.clone());
            }
            child = c.next_element_sibling();
        }
        if parent.tag_name().eq_ignore_ascii_case("body") {
            break;
        }
        node = parent;
    }
    made
}

/// In projector mode opened by an address that named another door too
/// (`?projector#files`): which door opened, why, and a way to the other
/// one (its link leaves projector mode), until it is closed.
pub(super) fn set_aside_note(p: &Projector) -> Html {
    let Some(door) = (*p.set_aside).filter(|_| *p.on) else {
        return Html::default();
    };
    let close = {
        let set_aside = p.set_aside.clone();
        Callback::from(move |_: MouseEvent| set_aside.set(None))
    };
    html! {
        <p class="door-note" role="status" data-testid="projector-door-note">
            { format!("This address asks for projector mode, which is part of Learn, so Learn opened instead of {}. ", door.label()) }
            <a href={ format!("#{}", door.slug()) } data-testid="projector-door-link">{ format!("Leave projector mode and open {}", door.label()) }</a>
            <button type="button" data-testid="projector-door-close" onclick={ close }>{ "Close" }</button>
        </p>
    }
}

/// Keeps projector mode in the address (`?projector`, beside any other
/// part of the query, such as a teacher's `set=`): a reload, which a
/// classroom's browser often gets, comes back in the mode it was in.
fn keep_in_address(on: bool) {
    rewrite_query(|p| !is_projector(p), on.then_some("projector"));
}

/// Where projector mode moves: a step of the working, or past its ends
/// the next or previous exercise of the set (when one is worked through:
/// where, and how many), which starts at its ranking.
fn go(p: &Projector, steps: usize, set: &Option<(UseStateHandle<usize>, usize)>, forward: bool) {
    let shown = (*p.shown).min(steps);
    let exercise = |delta: isize| {
        let Some((at, n)) = set else { return false };
        let next = **at as isize + delta;
        let inside = (0..*n as isize).contains(&next);
        if inside {
            at.set(next as usize);
            p.shown.set(0);
        }
        inside
    };
    if forward {
        if shown < steps {
            p.shown.set(shown + 1);
        } else if !show_the_rest(&p.pane) {
            exercise(1);
        }
    } else if shown > 0 {
        p.shown.set(shown - 1);
    } else if exercise(-1) {
        // One step back from an exercise's ranking is the answer of the
        // one before (its steps are counted when it is shown).
        p.shown.set(usize::MAX);
    }
}

/// On an answer taller than the window (its first view keeps the ranking
/// in sight under the bar), the next step shows the rest of it before the
/// next exercise: nDCG's ideal ranking and value were left below the edge.
/// Whether there was more to show.
fn show_the_rest(pane: &NodeRef) -> bool {
    let Some(pane) = pane.cast::<web_sys::Element>() else {
        return false;
    };
    let last = pane
        .query_selector("[data-testid=exercise]")
        .ok()
        .flatten()
        .and_then(|e| e.last_element_child());
    let Some(below) = last.map(|l| below_view(&l, &pane)).filter(|&b| b > 1.0) else {
        return false;
    };
    let bar = pane
        .query_selector(".projector-bar")
        .ok()
        .flatten()
        .map_or(0.0, |b| b.get_bounding_client_rect().height());
    scroll_view_by(
        &pane,
        below
            .min(f64::from(pane.client_height()) - bar - 16.0)
            .max(1.0),
    );
    true
}

/// After a step of projector mode is drawn (`step` 0: an exercise's
/// ranking; then `rows` of its steps table shown, then its `answer`): the
/// keys kept with the view, and the view scrolled to the step.
pub(super) fn after_step(exercise: &NodeRef, step: usize, rows: usize, answer: bool) {
    let Some(root) = exercise.cast::<web_sys::Element>() else {
        return;
    };
    let Some(pane) = root.closest(".exercise-pane").ok().flatten() else {
        return;
    };
    keep_keys(&pane);
    if step == 0 {
        // A new exercise starts at the top, under the projector's
        // buttons: the window's top and the projector view's (which
        // scrolls by itself, and kept the last exercise's place).
        gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0);
        pane.set_scroll_top(0);
    } else {
        bring_on_screen(&root, &pane, rows, answer);
    }
}

/// The step just shown (the steps table's last row shown, or the answer,
/// the exercise's last part) scrolled on screen where it fell below the
/// edge: a clicker's next step out of sight seemed to do nothing. The view
/// moves no further than keeps the ranking's top under the bar: the room
/// reads the step against the ranking, and a long answer put the cards
/// under the bar; the rest comes with the next step ([`show_the_rest`]).
fn bring_on_screen(root: &web_sys::Element, pane: &web_sys::Element, rows: usize, answer: bool) {
    let shown = if answer {
        root.last_element_child()
    } else {
        let row = format!("[data-testid=exercise-steps] tbody tr:nth-child({rows})");
        root.query_selector(&row).ok().flatten()
    };
    let Some(below) = shown.map(|s| below_view(&s, pane)).filter(|&b| b > 0.0) else {
        return;
    };
    let top = |selector: &str| {
        let el = pane.query_selector(selector).ok().flatten()?;
        Some(el.get_bounding_client_rect())
    };
    let room = match (top(".exercise-ranking"), top(".projector-bar")) {
        (Some(ranking), Some(bar)) => (ranking.top() - bar.bottom()).max(0.0),
        _ => below,
    };
    let by = below.min(room);
    if by > 0.0 {
        scroll_view_by(pane, by);
    }
}

/// The keys reach the view after every step: a click on a steps table
/// focused its scroll box, which the next exercise removed, and the focus
/// fell to the page, out of the keys' reach.
fn keep_keys(pane: &web_sys::Element) {
    let inside = gloo::utils::document()
        .active_element()
        .is_some_and(|a| pane.contains(Some(&a)));
    if !inside {
        if let Some(pane) = pane.dyn_ref::<web_sys::HtmlElement>() {
            let _ = pane.focus();
        }
    }
}

/// How far `el`'s bottom is below the view's (negative: above it).
fn below_view(el: &web_sys::Element, pane: &web_sys::Element) -> f64 {
    el.get_bounding_client_rect().bottom() - pane.get_bounding_client_rect().bottom()
}

/// The view scrolled down `by` pixels, smoothly.
fn scroll_view_by(pane: &web_sys::Element, by: f64) {
    let how = web_sys::ScrollToOptions::new();
    how.set_top(by);
    how.set_behavior(web_sys::ScrollBehavior::Smooth);
    pane.scroll_by_with_scroll_to_options(&how);
}

/// Whether a key or click is meant for a control (a button, a link, a
/// field), not for stepping.
fn on_control(e: &Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| {
            el.closest("button, a, input, select, textarea, label")
                .ok()
                .flatten()
        })
        .is_some()
}

/// The keys of projector mode, as keyboards and presenters' clickers send
/// them: PageDown, ↓, Space and Enter step forward, PageUp, ↑ and
/// Backspace back (past the answer: the next exercise's ranking; before
/// the ranking: the previous exercise's answer); → and ← go to the next or
/// previous exercise; Esc leaves.
pub(super) fn projector_keys(
    p: &Projector,
    steps: usize,
    set: Option<(UseStateHandle<usize>, usize)>,
) -> Callback<KeyboardEvent> {
    let p = p.clone();
    Callback::from(move |e: KeyboardEvent| {
        if !*p.on {
            return;
        }
        let key = e.key();
        // Enter and Space on a focused button press it.
        if matches!(key.as_str(), "Enter" | " ") && on_control(&e) {
            return;
        }
        match key.as_str() {
            "PageDown" | "ArrowDown" | " " | "Enter" => go(&p, steps, &set, true),
            "PageUp" | "ArrowUp" | "Backspace" => go(&p, steps, &set, false),
            "ArrowRight" | "ArrowLeft" => {
                if let Some((at, n)) = &set {
                    let next = **at as isize + if key == "ArrowRight" { 1 } else { -1 };
                    if !(0..*n as isize).contains(&next) {
                        return;
                    }
                    at.set(next as usize);
                    p.shown.set(0);
                }
            }
            "Escape" => p.on.set(false),
            _ => return,
        }
        e.prevent_default();
    })
}

/// A click or a tap on the exercise in projector mode steps forward.
pub(super) fn projector_click(
    p: &Projector,
    steps: usize,
    set: Option<(UseStateHandle<usize>, usize)>,
) -> Callback<MouseEvent> {
    let p = p.clone();
    Callback::from(move |e: MouseEvent| {
        if *p.on && !on_control(&e) {
            go(&p, steps, &set, true);
        }
    })
}

/// Projector mode's own controls: back and next, and where the working is
/// (`rows` of the steps, then the answer: `steps` in all) and of what
/// (`measure`, the exercise's, and its value, shown at the answer: the room
/// sees the bar stay on top while the task's sentence scrolls away).
pub(super) fn projector_bar(
    p: &Projector,
    rows: usize,
    steps: usize,
    set: Option<(UseStateHandle<usize>, usize)>,
    measure: Option<(String, String)>,
) -> Html {
    let button = |forward: bool| {
        let (p, set) = (p.clone(), set.clone());
        Callback::from(move |_: MouseEvent| go(&p, steps, &set, forward))
    };
    let shown = *p.shown;
    let place = if shown == 0 {
        "The ranking".to_string()
    } else if shown <= rows {
        format!("Row {shown} of {rows}")
    } else {
        // The value itself: the bar stays on screen while a long working
        // (nDCG's ideal ranking) runs below its edge.
        match &measure {
            Some((_, value)) => format!("The answer: {value}"),
            None => "The answer".to_string(),
        }
    };
    let exercise = set
        .as_ref()
        .map(|(at, n)| format!("Exercise {} of {n} · ", **at + 1))
        .unwrap_or_default();
    let measure = measure.map(|(m, _)| format!("{m} · ")).unwrap_or_default();
    let first = shown == 0 && set.as_ref().is_none_or(|(at, _)| **at == 0);
    let last = shown >= steps && set.as_ref().is_none_or(|(at, n)| **at + 1 >= *n);
    html! {
        <>
            <button type="button" class="projector-step" data-testid="projector-prev" onclick={ button(false) } disabled={ first }>{ "← Step back" }</button>
            <button type="button" class="projector-step" data-testid="projector-next" onclick={ button(true) } disabled={ last }>{ "Next step →" }</button>
            <span class="projector-place" data-testid="projector-keys" aria-live="polite">
                { format!("{exercise}{measure}{place}") }
                <span class="projector-help keys">{ "Click, PageDown, ↓ or Space: next · PageUp or ↑: back · → ←: next or previous exercise · Esc leaves" }</span>
                <span class="projector-help touch">{ "Tap the exercise: next" }</span>
            </span>
        </>
    }
}
