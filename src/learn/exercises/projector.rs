//! Projector mode: the working shown row by row, driven by the keys.

use yew::prelude::*;

/// Projector mode: whether it is on (from the start with `?projector` in
/// the address), the rows of the working shown, and the pane, focused when
/// the mode starts so the keys reach it.
#[derive(Clone)]
pub(super) struct Projector {
    pub(super) on: UseStateHandle<bool>,
    pub(super) shown: UseStateHandle<usize>,
    pub(super) pane: NodeRef,
}

#[hook]
pub(super) fn use_projector() -> Projector {
    let on = use_state(|| {
        gloo::utils::window()
            .location()
            .search()
            .is_ok_and(|q| q.contains("projector"))
    });
    let shown = use_state(|| 0usize);
    let pane = use_node_ref();
    {
        let pane = pane.clone();
        use_effect_with(*on, move |on| {
            if *on {
                if let Some(el) = pane.cast::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        });
    }
    Projector { on, shown, pane }
}

/// The keys of projector mode: ↓/Space and ↑ step through the `rows` of
/// the working, ←/→ through the set (when one is worked through: where,
/// and how many), Esc leaves.
pub(super) fn projector_keys(
    p: &Projector,
    rows: usize,
    set: Option<(UseStateHandle<usize>, usize)>,
) -> Callback<KeyboardEvent> {
    let (projector, shown) = (p.on.clone(), p.shown.clone());
    Callback::from(move |e: KeyboardEvent| {
        if !*projector {
            return;
        }
        let step = |delta: isize| {
            let (at, n) = set.as_ref()?;
            let next = **at as isize + delta;
            (0..*n as isize).contains(&next).then(|| {
                at.set(next as usize);
                shown.set(0);
            })
        };
        match e.key().as_str() {
            "ArrowDown" | " " => shown.set((*shown + 1).min(rows)),
            "ArrowUp" => shown.set(shown.saturating_sub(1)),
            "ArrowRight" => {
                if step(1).is_none() {
                    return;
                }
            }
            "ArrowLeft" => {
                if step(-1).is_none() {
                    return;
                }
            }
            "Escape" => projector.set(false),
            _ => return,
        }
        e.prevent_default();
    })
}
