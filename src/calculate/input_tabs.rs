//! The input tabs (Form, Text): which one is shown, kept in this
//! browser, and the tab buttons with arrow-key movement between them.

use gloo::storage::{LocalStorage, Storage};
use yew::prelude::*;

use crate::shared::dom::focus_by_id;

/// localStorage key of the chosen input tab.
const VIEW_KEY: &str = "ranklab.view";

/// The input views.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum InputView {
    /// The form editor.
    Form,
    /// The quick text.
    Text,
}

impl InputView {
    /// The tab's element id, `tab-` and the variant's name (its `id`
    /// attribute; the panel names it in `aria-labelledby`).
    fn tab_id(self) -> &'static str {
        match self {
            InputView::Form => "tab-Form",
            InputView::Text => "tab-Text",
        }
    }
}

/// The shown input view: an embed starts on the compact text of its
/// rankings (the form takes a whole frame), the full page on the view last
/// used, which is saved when it changes.
#[hook]
pub fn use_input_view(embed: bool) -> UseStateHandle<InputView> {
    let view = use_state(|| {
        if embed {
            InputView::Text
        } else {
            LocalStorage::get::<InputView>(VIEW_KEY).unwrap_or(InputView::Form)
        }
    });
    {
        let v = *view;
        use_effect_with(v, move |v| {
            if !embed {
                let _ = LocalStorage::set(VIEW_KEY, v);
            }
        });
    }
    view
}

/// The button of tab `v` (`id` its test id).
pub fn tab_button(
    view: &UseStateHandle<InputView>,
    v: InputView,
    label: &'static str,
    id: &'static str,
) -> Html {
    let selected = **view == v;
    let onclick = {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| view.set(v))
    };
    let onkeydown = {
        let view = view.clone();
        Callback::from(move |e: KeyboardEvent| {
            let order = [InputView::Form, InputView::Text];
            let i = order.iter().position(|x| *x == v).unwrap_or(0);
            let next = match e.key().as_str() {
                "ArrowRight" | "ArrowLeft" => order[(i + 1) % 2],
                _ => return,
            };
            e.prevent_default();
            view.set(next);
            focus_by_id(next.tab_id());
        })
    };
    html! {
        <button type="button" role="tab" id={ v.tab_id() } data-testid={ id }
            aria-selected={ selected.to_string() } aria-controls="input-panel"
            tabindex={ if selected { "0" } else { "-1" } } { onclick } { onkeydown }>{ label }</button>
    }
}

/// The tab list (`tabs`, its buttons) over the panel of the shown `view`.
pub fn tabbed(tabs: Html, view: InputView, panel: Html) -> Html {
    html! {
        <>
            <div role="tablist" aria-label="Input mode" class="tabs">
                { tabs }
            </div>
            <div id="input-panel" role="tabpanel" aria-labelledby={ view.tab_id() }>
                { panel }
            </div>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ids are the ones `tab-{:?}` wrote (before they stopped hanging on
    /// how the wasm builds' `-Zfmt-debug` writes `{:?}`).
    #[test]
    fn tab_ids_name_the_variant() {
        for v in [InputView::Form, InputView::Text] {
            assert_eq!(v.tab_id(), format!("tab-{v:?}"));
        }
    }
}
