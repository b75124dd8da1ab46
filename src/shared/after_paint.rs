//! Parts of the results drawn after the frame that shows the values.
//!
//! When a big run's results come in, the results pane is built for the
//! first time: the table, and under it the per-query table, the charts, the
//! tie range and the statistics. Building and laying out those took the
//! page's thread about 150 ms before the frame that showed any value (a
//! 270 MB run, profiled). [`AfterPaint`] draws its children once the page
//! has painted without them, so the values come first and the rest one
//! frame later. Once drawn, they stay: later results update them in place,
//! in the same frame as the values.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Its children, and whether they hold results.
#[derive(Properties, PartialEq)]
pub struct AfterPaintProps {
    pub children: Html,
    /// There are results: when this turns true, the children are drawn a
    /// frame late. Without results they are drawn at once.
    pub results: bool,
}

/// Draws `children` after the next frame has been painted without them,
/// when results come (and at once otherwise).
#[component]
pub fn AfterPaint(props: &AfterPaintProps) -> Html {
    let drawn = use_state(|| false);
    {
        let drawn = drawn.clone();
        use_effect_with(props.results, move |&results| {
            if !results {
                drawn.set(false);
                return;
            }
            // An animation frame's callback runs just before that frame is
            // painted; a task it queues runs after.
            let later = Closure::once_into_js(move || drawn.set(true));
            let frame = Closure::once_into_js(move || {
                let _ = gloo::utils::window()
                    .set_timeout_with_callback_and_timeout_and_arguments_0(
                        later.unchecked_ref(),
                        0,
                    );
            });
            let _ = gloo::utils::window().request_animation_frame(frame.unchecked_ref());
        });
    }
    if *drawn || !props.results {
        props.children.clone()
    } else {
        html! {}
    }
}
