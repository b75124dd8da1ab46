//! The typed text the evaluation follows. A short text is evaluated on
//! every keystroke; a long one (over [`AT_ONCE_BYTES`]) only once typing
//! pauses for [`PAUSE_MS`], so a keystroke paints at once instead of
//! waiting for the evaluation, the statistics and the charts of every
//! system. Until the pause the page marks its results as updating: the
//! numbers on screen are those of the text as it was, and it says so.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::{hook, use_effect_with, use_mut_ref, use_state};

/// Texts up to this many bytes are evaluated on every keystroke (the
/// examples and hand-typed rankings: a few milliseconds each).
pub const AT_ONCE_BYTES: usize = 16 * 1024;

/// The pause in typing after which a long text is evaluated.
pub const PAUSE_MS: u32 = 300;

/// The text to evaluate, and whether it lags behind `text` (results are
/// updating). `defer` is false where no typing happens (the form, the
/// files): there the text is followed at once, whatever its length.
#[hook]
pub fn use_evaluated_text(text: Rc<str>, defer: bool) -> (Rc<str>, bool) {
    // What the evaluation has caught up with; kept outside the render
    // state so that following a short text costs no second render.
    let caught_up = use_mut_ref(|| text.clone());
    let wake = use_state(|| 0u32);
    let timer = use_mut_ref(|| None::<Timeout>);
    let at_once = !defer || text.len() <= AT_ONCE_BYTES;
    if at_once {
        *caught_up.borrow_mut() = text.clone();
    }
    {
        let (caught_up, timer) = (caught_up.clone(), timer.clone());
        use_effect_with((text.clone(), at_once), move |(text, at_once)| {
            // Dropping a pending timeout cancels it: the pause starts again.
            timer.borrow_mut().take();
            if !*at_once && *caught_up.borrow() != *text {
                let text = text.clone();
                *timer.borrow_mut() = Some(Timeout::new(PAUSE_MS, move || {
                    *caught_up.borrow_mut() = text;
                    wake.set(*wake + 1);
                }));
            }
        });
    }
    let shown = caught_up.borrow().clone();
    let pending = shown != text;
    (shown, pending)
}
