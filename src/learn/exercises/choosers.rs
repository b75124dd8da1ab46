//! Where an exercise comes from: a typed ranking and a measure, a random
//! ranking from a seed, or a teacher's set.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::events::{input_value, select_value};

use crate::learn::exercise_link::{forget_in_address, link};
use crate::learn::exercise_progress::Progress;
use crate::model::state::SavedSet;
use crate::settings::inputs::index_setter;
use crate::shared::copy_button::CopyButton;
use crate::shared::download::download;
use crate::shared::evaluation::{lookalike_note, ExerciseSet, ParseError};

/// The teacher's set that ships with the app.
pub(super) const EXAMPLE_SET: &str = include_str!("../../../static/exercise-set.txt");

/// The measures offered for a typed ranking.
const TYPED_MEASURES: &[&str] = &["AP", "RR", "P@5", "R@5", "nDCG@5", "DCG@5", "ERR@5"];

/// Which typed query and which measure.
pub(super) fn typed_chooser(
    typed: &[(String, &crate::shared::evaluation::QuickQuery)],
    at: &UseStateHandle<usize>,
    measure: &UseStateHandle<String>,
) -> Html {
    let on_query = index_setter(at);
    let on_measure = {
        let measure = measure.clone();
        Callback::from(move |e: Event| measure.set(select_value(&e)))
    };
    html! {
        <p class="exercise-choose">
            <label for="exercise-query">{ "Ranking " }</label>
            <select id="exercise-query" data-testid="exercise-query" onchange={ on_query }>
                { for typed.iter().enumerate().map(|(i, (name, _))| html! { <option value={ i.to_string() } selected={ i == **at }>{ name.clone() }</option> }) }
            </select>
            <label for="exercise-measure">{ " measure " }</label>
            <select id="exercise-measure" data-testid="exercise-measure" onchange={ on_measure }>
                { for TYPED_MEASURES.iter().map(|m| html! { <option value={ *m } selected={ **measure == *m }>{ *m }</option> }) }
            </select>
        </p>
    }
}

/// The seed and difficulty of a random exercise.
pub(super) fn random_chooser(
    seed: &UseStateHandle<u64>,
    graded: &UseStateHandle<bool>,
    tied: &UseStateHandle<bool>,
    depth: &UseStateHandle<usize>,
) -> Html {
    let on_tied = {
        let tied = tied.clone();
        Callback::from(move |_: Event| tied.set(!*tied))
    };
    let on_depth = {
        let depth = depth.clone();
        Callback::from(move |e: Event| depth.set(select_value(&e).parse().unwrap_or(6)))
    };
    let on_seed = {
        let seed = seed.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(v) = input_value(&e).trim().parse() {
                seed.set(v);
            }
        })
    };
    let on_new = {
        let seed = seed.clone();
        Callback::from(move |_: MouseEvent| seed.set(seed.wrapping_add(1)))
    };
    let on_graded = {
        let graded = graded.clone();
        Callback::from(move |_: Event| graded.set(!*graded))
    };
    html! {
        <p class="exercise-choose">
            <label for="exercise-seed">{ "Seed " }</label>
            <input id="exercise-seed" data-testid="exercise-seed" type="number" min="0" value={ seed.to_string() } oninput={ on_seed } />
            <label><input type="checkbox" data-testid="exercise-graded" checked={ **graded } onchange={ on_graded } />{ " graded (0 to 3)" }</label>
            <label><input type="checkbox" data-testid="exercise-tied" checked={ **tied } onchange={ on_tied } />{ " with ties" }</label>
            <label for="exercise-k">{ " k " }</label>
            <select id="exercise-k" data-testid="exercise-k" onchange={ on_depth }>
                { for (4..=10).map(|k| html! { <option value={ k.to_string() } selected={ k == **depth }>{ k }</option> }) }
            </select>
            <button type="button" data-testid="exercise-new" onclick={ on_new }>{ "Another ranking" }</button>
        </p>
    }
}

/// The set being worked through, its text, where the student is, its
/// handout, and opening another set.
pub(super) struct SetState<'a> {
    pub(super) set: &'a Rc<ExerciseSet>,
    /// The set's file name ("example set", "linked set" otherwise).
    pub(super) name: &'a str,
    pub(super) text: &'a str,
    pub(super) at: &'a UseStateHandle<usize>,
    pub(super) handout: &'a UseStateHandle<bool>,
    /// Whether the handout ends with its answers' page.
    pub(super) answers: &'a UseStateHandle<bool>,
    pub(super) on_set: &'a Callback<Option<SavedSet>>,
}

/// The set's title, its exercises (solved ones ticked), and opening a set
/// ([`reset_all_row`] goes below the exercise, away from these controls).
pub(super) fn set_chooser(s: &SetState, progress: &Progress) -> Html {
    let SetState {
        set,
        name,
        text: set_text,
        at,
        handout,
        answers,
        on_set,
    } = *s;
    let on_answers = {
        let answers = answers.clone();
        Callback::from(move |e: Event| {
            answers.set(
                e.target_unchecked_into::<web_sys::HtmlInputElement>()
                    .checked(),
            )
        })
    };
    let on_handout = {
        let handout = handout.clone();
        Callback::from(move |_: MouseEvent| {
            handout.set(true);
            // Once the handout is drawn, the browser's print dialog ("Save
            // as PDF" gives the file).
            gloo::timers::callback::Timeout::new(100, || {
                let _ = gloo::utils::window().print();
            })
            .forget();
        })
    };
    let on_file = {
        let on_set = on_set.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let on_set = on_set.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.name();
                if let Ok(text) = wasm_bindgen_futures::JsFuture::from(file.text()).await {
                    forget_in_address();
                    on_set.emit(Some(SavedSet {
                        name,
                        text: text.as_string().unwrap_or_default(),
                    }));
                }
            });
        })
    };
    let on_example = {
        let on_set = on_set.clone();
        Callback::from(move |_: MouseEvent| {
            forget_in_address();
            on_set.emit(Some(SavedSet {
                name: "example set".into(),
                text: EXAMPLE_SET.into(),
            }));
        })
    };
    // A teacher's start: the example set's file, whose first lines say how
    // a set is written.
    let on_template = Callback::from(|_: MouseEvent| {
        if let Err(problem) = download("ranklab-exercise-set.txt", "text/plain", EXAMPLE_SET) {
            let _ = gloo::utils::window().alert_with_message(&problem);
        }
    });
    let solved = set
        .exercises
        .iter()
        .filter(|e| progress.get(&e.key()).solved)
        .count();
    let step = |delta: isize| {
        let (at, n) = (at.clone(), set.exercises.len());
        Callback::from(move |e: MouseEvent| {
            let next = (*at as isize + delta).clamp(0, n.saturating_sub(1) as isize);
            at.set(next as usize);
            show_stage(&e);
        })
    };
    html! {
        <>
        // The set's title before its controls, and outside them: a phone
        // puts the exercise before the set's list and buttons, and the
        // title stays above the exercise.
        if !set.title.is_empty() {
            <h3 class="exercise-set-title" data-testid="exercise-set-title">{ set.title.clone() }</h3>
        }
        <div class="exercise-set" data-testid="exercise-set">
            <p class="exercise-choose controls">
                <label for="exercise-file">{ "Open a set " }</label>
                <input id="exercise-file" data-testid="exercise-file" type="file" accept=".txt,text/plain" onchange={ on_file }
                    aria-describedby="exercise-set-open" />
                // The file field is emptied once read (so the same file can
                // be opened again): the set open now is named beside it.
                <span class="hint" id="exercise-set-open" data-testid="exercise-set-open">{ format!("Open now: {name}.") }</span>
                <button type="button" data-testid="exercise-example-set" onclick={ on_example }>{ "Example set" }</button>
                <button type="button" data-testid="exercise-template" onclick={ on_template }
                    title="A set is a text file: edit this one (its first lines say how) and open it here">{ "Save the example set to edit" }</button>
            </p>
            if !set.errors.is_empty() {
                // Said to whoever opened the set: a student cannot mend it.
                <div class="field-error set-errors" role="alert">
                    <p>{ "Lines of this set that could not be read (its author can mend them):" }</p>
                    <ul data-testid="exercise-set-errors">
                        { for set.errors.iter().map(located) }
                    </ul>
                </div>
            }
            <p data-testid="exercise-set-progress">{ format!("Solved {solved} of {}", set.exercises.len()) }</p>
            <ol class="exercise-list">
                { for set.exercises.iter().enumerate().map(|(i, e)| {
                    let pick = { let at = at.clone(); Callback::from(move |e: MouseEvent| { at.set(i); show_stage(&e); }) };
                    let done = progress.get(&e.key()).solved;
                    html! {
                        <li>
                            <button type="button" class={ classes!((i == **at).then_some("current")) } aria-current={ (i == **at).then_some("step") }
                                data-testid="exercise-pick" onclick={ pick }>
                                { format!("{}{}", e.metric, if done { " ✓" } else { "" }) }
                            </button>
                        </li>
                    }
                }) }
            </ol>
            <p class="controls exercise-set-controls">
                <button type="button" data-testid="exercise-prev" onclick={ step(-1) } disabled={ **at == 0 }>{ "← Previous exercise" }</button>
                <button type="button" data-testid="exercise-next" onclick={ step(1) } disabled={ **at + 1 >= set.exercises.len() }>{ "Next exercise →" }</button>
                <button type="button" data-testid="exercise-handout" onclick={ on_handout }>{ "Print a handout" }</button>
                // Before the button's print dialog: a handout for a test
                // leaves its answers out.
                <label class="handout-answers-choice">
                    <input type="checkbox" data-testid="handout-with-answers" checked={ **answers } onchange={ on_answers } />
                    { " with the answers on a last page" }
                </label>
                <a data-testid="exercise-set-link" href={ link(set_text) }>{ "Link to this set" }</a>
                <CopyButton text={ link(set_text) } testid="copy-set-link" what="Copy the link" />
            </p>
        </div>
        </>
    }
}

/// Brings the exercise on screen when a control chose another one: the
/// set's own (under the exercise on a phone), or the verdict's Next (at the
/// foot of the exercise before). The new task had opened above the
/// screen's top, and the control seemed to do nothing.
pub(super) fn show_stage(e: &MouseEvent) {
    let stage = e
        .target_dyn_into::<web_sys::Element>()
        .and_then(|b| b.closest(".exercise-pane").ok().flatten())
        .and_then(|pane| pane.query_selector(".exercise-stage").ok().flatten());
    if let Some(stage) = stage.filter(|s| s.get_bounding_client_rect().top() < 0.0) {
        stage.scroll_into_view();
    }
}

/// A problem of a set in plain words: where (file, line, column), what was
/// expected and what was found, quoted.
fn located(e: &ParseError) -> Html {
    let found = if e.found.is_empty() {
        "the end of the line".to_string()
    } else {
        format!("“{}”{}", e.found, lookalike_note(&e.found))
    };
    html! {
        <li data-line={ e.line.to_string() } data-column={ e.column.to_string() }>
            { format!("{}, line {}, column {}: expected {}, found {found}.", e.input, e.line, e.column, e.expected) }
        </li>
    }
}

/// Resetting the set's progress: a row of its own below the exercise, away
/// from the buttons used every minute; it can be undone.
pub(super) fn reset_all_row(progress: &Progress) -> Html {
    html! {
        <p class="controls exercise-danger">
            <button type="button" class="danger" data-testid="exercise-reset-all" onclick={ progress.reset_all() }>{ "Reset all progress" }</button>
            <span class="hint">{ " Forgets what was solved in this set in this browser; it can be undone." }</span>
        </p>
    }
}
