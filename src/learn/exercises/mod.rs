//! "Try it yourself": an exercise from the typed rankings, a random one, or
//! a teacher's set. The value is hidden; the student enters it, or fills in
//! the worked steps column by column, and each is checked by the core
//! (within its tolerance, naming a recognised mistake). A hint reveals one
//! row of the steps at a time. Progress is kept in the browser, per
//! exercise. The core makes every number and verdict ([`Exercise`]); this
//! view lays them out and keeps what was typed.

mod choosers;
mod events;
mod handout;
mod projector;
mod steps;
mod view;

use std::rc::Rc;

use yew::prelude::*;

use choosers::{
    random_chooser, reset_all_row, set_chooser, show_stage, typed_chooser, SetState, EXAMPLE_SET,
};
use events::select_value;
use handout::handout_view;
use projector::{
    projector_bar, projector_click, projector_keys, set_aside_note, use_projector, Projector,
};
use view::ExerciseView;

use crate::learn::exercise_link::from_address;
use crate::learn::exercise_place::{keep_place, kept_place};
use crate::learn::exercise_progress::{set_scope, use_progress, PRACTICE};
use crate::model::state::SavedSet;
use crate::shared::dom::refocus_when_lost;
use crate::shared::evaluation::{draw, f4, parse_set, Difficulty, Exercise, QuickInput};
use crate::shared::same_rc::SameRc;

/// Where the exercise comes from.
#[derive(Clone, Copy, PartialEq)]
enum Source {
    /// The typed rankings: the n-th query line of all systems.
    Typed,
    /// Drawn from a seed.
    Random,
    /// A teacher's set.
    Set,
}

/// Props of [`ExercisePanel`].
#[derive(Properties, PartialEq)]
pub struct ExercisePanelProps {
    /// The typed rankings.
    pub input: SameRc<QuickInput>,
    /// The set opened (`None`: the example set), kept with the page's state.
    pub set: Option<SavedSet>,
    /// Another set is opened.
    pub on_set: Callback<Option<SavedSet>>,
}

/// The exercise panel.
#[component]
pub fn ExercisePanel(props: &ExercisePanelProps) -> Html {
    let source = use_state(|| Source::Set);
    let typed_at = use_state(|| 0usize);
    let typed_measure = use_state(|| "AP".to_string());
    let seed = use_state(|| 1u64);
    let graded = use_state(|| false);
    let tied = use_state(|| false);
    let depth = use_state(|| 6usize);
    // A set in the address (`?set=`) is opened at the start and kept with
    // the page's state; until then it is the one shown.
    let linked = use_memo((), |_| from_address());
    {
        let (linked, on_set, kept) = (linked.clone(), props.on_set.clone(), props.set.clone());
        use_effect_with((), move |_| {
            if let Some(Ok(text)) = &*linked {
                if kept.as_ref().map(|s| &s.text) != Some(text) {
                    on_set.emit(Some(SavedSet {
                        name: "linked set".into(),
                        text: text.clone(),
                    }));
                }
            }
        });
    }
    let opened = match (&*linked, &props.set) {
        (Some(Ok(text)), None) => Some(("linked set".to_string(), text.clone())),
        (_, Some(s)) => Some((s.name.clone(), s.text.clone())),
        _ => None,
    };
    let (set_name, set_text) =
        opened.unwrap_or_else(|| ("example set".to_string(), EXAMPLE_SET.to_string()));
    let set = use_memo((set_name.clone(), set_text.clone()), |(name, text)| {
        parse_set(name, text)
    });
    let link_problem = linked.as_ref().as_ref().and_then(|r| r.clone().err());
    // The set's key for its progress and its place, hashed once per set.
    let set_key = use_memo(set_text.clone(), |text| set_scope(text));
    // The set shown first comes back to the place a reload left it at.
    let kept = use_memo((), {
        let (key, count) = (set_key.clone(), set.exercises.len());
        move |_| kept_place(&key).filter(|&(exercise, _)| exercise < count)
    });
    let set_at = use_state(|| kept.map_or(0, |(exercise, _)| exercise));
    {
        // Another set starts at its first exercise.
        let (set_at, shown_first) = (set_at.clone(), use_mut_ref(|| true));
        use_effect_with(set_text.clone(), move |_| {
            if !std::mem::replace(&mut *shown_first.borrow_mut(), false) {
                set_at.set(0);
            }
        });
    }
    let scope = if *source == Source::Set {
        (*set_key).clone()
    } else {
        PRACTICE.to_string()
    };
    let progress = use_progress(scope, set_scope(EXAMPLE_SET));
    let projector_mode = use_projector(kept.map_or(0, |(_, step)| step));
    let Projector {
        on: projector,
        shown,
        pane,
        ..
    } = projector_mode.clone();
    let handout = use_state(|| false);
    let handout_answers = use_state(|| true);
    {
        let scope = (*source == Source::Set).then(|| (*set_key).clone());
        use_effect_with((scope, *set_at, *shown), |(scope, exercise, step)| {
            if let Some(scope) = scope {
                keep_place(scope, *exercise, *step);
            }
        });
    }

    let typed: Vec<(String, &crate::shared::evaluation::QuickQuery)> = props
        .input
        .systems
        .iter()
        .flat_map(|s| {
            s.queries
                .iter()
                .map(move |q| (format!("{} {}", s.name, q.id), q))
        })
        .collect();
    let exercise: Option<Exercise> = match *source {
        Source::Typed => typed
            .get((*typed_at).min(typed.len().saturating_sub(1)))
            .and_then(|(_, q)| {
                Some(Exercise {
                    query: (*q).clone(),
                    metric: typed_measure.parse().ok()?,
                    note: String::new(),
                    ties: Vec::new(),
                })
            }),
        Source::Random => Some(draw(
            *seed,
            Difficulty {
                graded: *graded,
                k: *depth,
                ties: *tied,
            },
        )),
        Source::Set => set.exercises.get(*set_at).cloned(),
    };

    let on_source = {
        let source = source.clone();
        Callback::from(move |e: Event| {
            source.set(match select_value(&e).as_str() {
                "typed" => Source::Typed,
                "random" => Source::Random,
                _ => Source::Set,
            })
        })
    };
    let steps = exercise.as_ref().map_or(0, Exercise::hint_steps);
    {
        // A step past the exercise's last (projector mode stepping back
        // into the previous exercise asks for its answer) is its last.
        let shown = shown.clone();
        use_effect_with((*shown, steps), move |&(step, steps)| {
            if step > steps {
                shown.set(steps);
            }
        });
    }
    let rows = exercise.as_ref().map_or(0, Exercise::row_hints);
    let in_set = (*source == Source::Set).then(|| (set_at.clone(), set.exercises.len()));
    // In a set, going on to the next exercise where there is one.
    let next = in_set
        .as_ref()
        .filter(|(at, n)| **at + 1 < *n)
        .map(|(at, _)| {
            let at = at.clone();
            Callback::from(move |e: MouseEvent| {
                at.set(*at + 1);
                show_stage(&e);
                // The button went with the exercise it ended.
                refocus_when_lost(&["[data-testid=exercise-answer]", "#exercise-title"]);
            })
        });
    let onkeydown = projector_keys(&projector_mode, steps, in_set.clone());
    let onclick = projector_click(&projector_mode, steps, in_set.clone());
    let on_projector = {
        let (projector, shown) = (projector.clone(), shown.clone());
        Callback::from(move |_: MouseEvent| {
            projector.set(!*projector);
            shown.set(0);
        })
    };
    let chooser = match *source {
        Source::Typed => typed_chooser(&typed, &typed_at, &typed_measure),
        Source::Random => random_chooser(&seed, &graded, &tied, &depth),
        Source::Set => set_chooser(
            &SetState {
                set: &set,
                name: &set_name,
                text: &set_text,
                at: &set_at,
                handout: &handout,
                answers: &handout_answers,
                on_set: &props.on_set,
            },
            &progress,
        ),
    };
    html! {
        <section class={ classes!("exercise-pane", projector.then_some("projector")) } aria-labelledby="exercise-title" data-testid="exercises"
            ref={ pane } tabindex="-1" { onkeydown }>
            <h2 id="exercise-title" tabindex="-1">{ "Try it yourself" }</h2>
            <p class="projector-bar">
                <button type="button" data-testid="exercise-projector" aria-pressed={ projector.to_string() } onclick={ on_projector }
                    aria-label={ (*projector).then_some("Leave projector mode") }>
                    if *projector {
                        // On a phone "Leave": the bar's three buttons in one row.
                        { "Leave" }<span class="wide-only">{ " projector mode" }</span>
                    } else {
                        { "Projector mode" }
                    }
                </button>
                if *projector {
                    { projector_bar(&projector_mode, rows, steps, in_set, exercise.as_ref().map(|e| (e.metric.to_string(), f4(e.value())))) }
                }
            </p>
            { set_aside_note(&projector_mode) }
            <p class="exercise-source">
                <label for="exercise-source">{ "Exercise from " }</label>
                <select id="exercise-source" data-testid="exercise-source" onchange={ on_source }>
                    <option value="set" selected={ *source == Source::Set }>{ "a set of exercises" }</option>
                    <option value="typed" selected={ *source == Source::Typed }>{ "your rankings" }</option>
                    <option value="random" selected={ *source == Source::Random }>{ "a random ranking" }</option>
                </select>
            </p>
            if let Some(problem) = link_problem {
                <p class="field-error" role="alert" data-testid="exercise-link-problem">{ problem }</p>
            }
            { chooser }
            if let Some(undo) = progress.last_reset() {
                <p class="exercise-undo" role="status" data-testid="exercise-undo">
                    { undo.what }
                    <button type="button" data-testid="exercise-undo-button" onclick={ progress.undo() }>{ "Undo" }</button>
                    <button type="button" data-testid="exercise-undo-close" onclick={ progress.keep_reset() }>{ "Keep it reset" }</button>
                </p>
            }
            if *handout && *source == Source::Set {
                { handout_view(&set, &handout, *handout_answers) }
            }
            {
                match exercise {
                    Some(ex) => {
                        let key = ex.key();
                        let reveal = projector.then_some(*shown);
                        html! {
                            <div class="exercise-stage" { onclick }>
                                <ExerciseView { key } exercise={ Rc::new(ex) } progress={ progress.clone() } { reveal } next={ next.clone() } />
                            </div>
                        }
                    }
                    None => html! { <p data-testid="exercise-none">{ "Type a ranking (Form or Text) to practise on it." }</p> },
                }
            }
            if *source == Source::Set && !*projector {
                { reset_all_row(&progress) }
            }
        </section>
    }
}
