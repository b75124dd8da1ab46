//! "Try it yourself": an exercise from the typed rankings, a random one, or
//! a teacher's set. The value is hidden; the student enters it, or fills in
//! the worked steps column by column, and each is checked by the core
//! (within its tolerance, naming a recognised mistake). A hint reveals one
//! row of the steps at a time. Progress is kept in the browser, per
//! exercise. The core makes every number and verdict ([`Exercise`]); this
//! view lays them out and keeps what was typed.

use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::evaluation::{
    draw, f4, parse_set, Difficulty, Exercise, ExerciseSet, QuickInput, Verdict, TOLERANCE,
};
use crate::exercise_link::{from_address, link};
use crate::exercise_progress::{use_progress, Progress};
use crate::same_rc::SameRc;

/// The teacher's set that ships with the app.
pub const EXAMPLE_SET: &str = include_str!("../../static/exercise-set.txt");

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

/// The measures offered for a typed ranking.
const TYPED_MEASURES: &[&str] = &["AP", "RR", "P@5", "R@5", "nDCG@5", "DCG@5", "ERR@5"];

/// The ranking as chips (rank and grade), tied ranks grouped in one frame,
/// and a sentence for the ties and the relevant documents not retrieved.
fn ranking_view(ex: &Exercise) -> Html {
    let chip = |i: usize| {
        let g = ex.query.retrieved[i]
            .grade()
            .map_or("?".to_string(), |g| g.to_string());
        html! { <li class={ classes!("chip", format!("grade-{g}")) }><span class="rank">{ i + 1 }</span>{ g }</li> }
    };
    let n = ex.query.retrieved.len();
    let mut items = Vec::new();
    let mut i = 0;
    while i < n {
        match ex.ties.iter().find(|g| g.start == i) {
            Some(g) => {
                items.push(html! {
                    <li class="tie-group" aria-label={ format!("ranks {} to {}, tied", g.start + 1, g.end) }>
                        <ol class="exercise-ranking">{ for g.clone().map(chip) }</ol>
                    </li>
                });
                i = g.end;
            }
            None => {
                items.push(chip(i));
                i += 1;
            }
        }
    }
    let missed = &ex.query.unretrieved;
    html! {
        <>
            <ol class="exercise-ranking" aria-label="Grades by rank" data-testid="exercise-ranking">{ for items }</ol>
            <p>{
                if missed.is_empty() {
                    "Every relevant document was retrieved.".to_string()
                } else {
                    format!("Relevant documents not retrieved: grades {}.", missed.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
                }
            }</p>
            if !ex.ties.is_empty() {
                <p data-testid="exercise-ties">{
                    format!("Tied (same score, framed): ranks {}. The value is the average over every order of each tied group.",
                        ex.ties.iter().map(|g| format!("{} to {}", g.start + 1, g.end)).collect::<Vec<_>>().join(", "))
                }</p>
            }
        </>
    }
}

/// Props of [`ExercisePanel`].
#[derive(Properties, PartialEq)]
pub struct ExercisePanelProps {
    /// The typed rankings.
    pub input: SameRc<QuickInput>,
}

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

fn input_value(e: &InputEvent) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
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
    // A set in the address (`?set=`) is opened at the start.
    let linked = use_memo((), |_| from_address());
    let set_text = use_state(|| match &*linked {
        Some(Ok(text)) => text.clone(),
        _ => EXAMPLE_SET.to_string(),
    });
    let set = use_state(|| {
        Rc::new(match &*linked {
            Some(Ok(text)) => parse_set("linked set", text),
            _ => parse_set("example set", EXAMPLE_SET),
        })
    });
    let link_problem = linked.as_ref().as_ref().and_then(|r| r.clone().err());
    let set_at = use_state(|| 0usize);
    let progress = use_progress();
    let Projector {
        on: projector,
        shown,
        pane,
    } = use_projector();
    let handout = use_state(|| false);

    let typed: Vec<(String, &crate::evaluation::QuickQuery)> = props
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
    let rows = exercise.as_ref().map_or(0, Exercise::hint_steps);
    let onkeydown = projector_keys(
        &Projector {
            on: projector.clone(),
            shown: shown.clone(),
            pane: pane.clone(),
        },
        rows,
        (*source == Source::Set).then(|| (set_at.clone(), set.exercises.len())),
    );
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
                text: &set_text,
                at: &set_at,
                handout: &handout,
            },
            &progress,
        ),
    };
    html! {
        <section class={ classes!("exercise-pane", projector.then_some("projector")) } aria-labelledby="exercise-title" data-testid="exercises"
            ref={ pane } tabindex="-1" { onkeydown }>
            <h2 id="exercise-title">{ "Try it yourself" }</h2>
            <p class="projector-bar">
                <button type="button" data-testid="exercise-projector" aria-pressed={ projector.to_string() } onclick={ on_projector }>
                    { if *projector { "Leave projector mode" } else { "Projector mode" } }
                </button>
                if *projector {
                    <span data-testid="projector-keys">{ format!(" Row {} of {rows} · ↓ ↑ step · ← → exercise · Esc leaves", *shown) }</span>
                }
            </p>
            <p class="exercise-source">
                <label for="exercise-source">{ "Exercise from " }</label>
                <select id="exercise-source" data-testid="exercise-source" onchange={ on_source }>
                    <option value="set" selected={ *source == Source::Set }>{ "a teacher's set" }</option>
                    <option value="typed" selected={ *source == Source::Typed }>{ "your rankings" }</option>
                    <option value="random" selected={ *source == Source::Random }>{ "a random ranking" }</option>
                </select>
            </p>
            if let Some(problem) = link_problem {
                <p class="field-error" role="alert" data-testid="exercise-link-problem">{ problem }</p>
            }
            { chooser }
            if *handout && *source == Source::Set {
                { handout_view(&set, &handout) }
            }
            {
                match exercise {
                    Some(ex) => {
                        let key = ex.key();
                        let reveal = projector.then_some(*shown);
                        html! { <ExerciseView { key } exercise={ Rc::new(ex) } progress={ progress.clone() } { reveal } /> }
                    }
                    None => html! { <p data-testid="exercise-none">{ "Type a ranking (Form or Text) to practise on it." }</p> },
                }
            }
        </section>
    }
}

/// Projector mode: whether it is on (from the start with `?projector` in
/// the address), the rows of the working shown, and the pane, focused when
/// the mode starts so the keys reach it.
struct Projector {
    on: UseStateHandle<bool>,
    shown: UseStateHandle<usize>,
    pane: NodeRef,
}

#[hook]
fn use_projector() -> Projector {
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
fn projector_keys(
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

/// Which typed query and which measure.
fn typed_chooser(
    typed: &[(String, &crate::evaluation::QuickQuery)],
    at: &UseStateHandle<usize>,
    measure: &UseStateHandle<String>,
) -> Html {
    let on_query = {
        let at = at.clone();
        Callback::from(move |e: Event| at.set(select_value(&e).parse().unwrap_or(0)))
    };
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
fn random_chooser(
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

/// The set's title, its exercises (solved ones ticked), and opening a set.
/// The set being worked through, its text, where the student is, and its
/// handout.
struct SetState<'a> {
    set: &'a UseStateHandle<Rc<ExerciseSet>>,
    text: &'a UseStateHandle<String>,
    at: &'a UseStateHandle<usize>,
    handout: &'a UseStateHandle<bool>,
}

fn set_chooser(s: &SetState, progress: &Progress) -> Html {
    let SetState {
        set,
        text: set_text,
        at,
        handout,
    } = *s;
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
        let (set, at, set_text) = (set.clone(), at.clone(), set_text.clone());
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let (set, at, set_text) = (set.clone(), at.clone(), set_text.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.name();
                if let Ok(text) = wasm_bindgen_futures::JsFuture::from(file.text()).await {
                    let text = text.as_string().unwrap_or_default();
                    set.set(Rc::new(parse_set(&name, &text)));
                    set_text.set(text);
                    at.set(0);
                }
            });
        })
    };
    let on_example = {
        let (set, at, set_text) = (set.clone(), at.clone(), set_text.clone());
        Callback::from(move |_: MouseEvent| {
            set.set(Rc::new(parse_set("example set", EXAMPLE_SET)));
            set_text.set(EXAMPLE_SET.to_string());
            at.set(0);
        })
    };
    let solved = set
        .exercises
        .iter()
        .filter(|e| progress.get(&e.key()).solved)
        .count();
    let step = |delta: isize| {
        let (at, n) = (at.clone(), set.exercises.len());
        Callback::from(move |_: MouseEvent| {
            let next = (*at as isize + delta).clamp(0, n.saturating_sub(1) as isize);
            at.set(next as usize);
        })
    };
    html! {
        <div class="exercise-set" data-testid="exercise-set">
            <p class="exercise-choose">
                <label for="exercise-file">{ "Open a set " }</label>
                <input id="exercise-file" data-testid="exercise-file" type="file" accept=".txt,text/plain" onchange={ on_file } />
                <button type="button" data-testid="exercise-example-set" onclick={ on_example }>{ "Example set" }</button>
            </p>
            if !set.title.is_empty() {
                <h3 data-testid="exercise-set-title">{ set.title.clone() }</h3>
            }
            if !set.errors.is_empty() {
                <ul class="field-error" role="alert" data-testid="exercise-set-errors">
                    { for set.errors.iter().map(|e| html! { <li>{ e.to_string() }</li> }) }
                </ul>
            }
            <p data-testid="exercise-set-progress">{ format!("Solved {solved} of {}", set.exercises.len()) }</p>
            <ol class="exercise-list">
                { for set.exercises.iter().enumerate().map(|(i, e)| {
                    let pick = { let at = at.clone(); Callback::from(move |_: MouseEvent| at.set(i)) };
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
            <p>
                <button type="button" data-testid="exercise-prev" onclick={ step(-1) } disabled={ **at == 0 }>{ "← Previous" }</button>
                <button type="button" data-testid="exercise-next" onclick={ step(1) } disabled={ **at + 1 >= set.exercises.len() }>{ "Next →" }</button>
                <button type="button" data-testid="exercise-reset-all" onclick={ progress.reset_all() }>{ "Reset all progress" }</button>
                <button type="button" data-testid="exercise-handout" onclick={ on_handout }>{ "Print a handout" }</button>
                <a data-testid="exercise-set-link" href={ link(set_text) }>{ "Link to this set" }</a>
            </p>
        </div>
    }
}

/// The set as a handout: each exercise with its ranking and an empty table
/// of steps, then the answers on a page of their own. Printed alone (the
/// print style hides the rest of the page).
fn handout_view(set: &ExerciseSet, open: &UseStateHandle<bool>) -> Html {
    let on_close = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(false))
    };
    let item = |(i, ex): (usize, &Exercise)| {
        let steps = ex.steps();
        let columns = ex.step_columns();
        let given = |c: usize| !columns.contains(&c);
        html! {
            <section class="handout-item" data-testid="handout-item">
                <h3>{ format!("{}. Compute {}", i + 1, ex.metric) }</h3>
                { ranking_view(ex) }
                if !ex.note.is_empty() {
                    <p class="exercise-note">{ ex.note.clone() }</p>
                }
                if !columns.is_empty() {
                    <table class="results exercise-steps">
                        <thead><tr>{ for steps.headers.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
                        <tbody>{ for steps.rows.iter().map(|row| html! {
                            <tr>{ for row.iter().enumerate().map(|(c, v)| html! { <td class="num">{ if given(c) { v.clone() } else { String::new() } }</td> }) }</tr>
                        }) }</tbody>
                    </table>
                }
                <p class="handout-answer-line">{ format!("{} = ", ex.metric) }<span class="blank"></span></p>
            </section>
        }
    };
    let answer = |(i, ex): (usize, &Exercise)| {
        html! {
            <li data-testid="handout-answer">{ format!("{}. {} = {}. ", i + 1, ex.metric, f4(ex.value())) }{ answer_working(ex) }</li>
        }
    };
    html! {
        <div class="handout" data-testid="handout">
            <p class="handout-close"><button type="button" data-testid="handout-close" onclick={ on_close }>{ "Close the handout" }</button></p>
            <h2>{ if set.title.is_empty() { "Exercises".to_string() } else { set.title.clone() } }</h2>
            <p>{ "Work out each value by hand; write it to four decimals." }</p>
            { for set.exercises.iter().enumerate().map(item) }
            <section class="handout-answers" data-testid="handout-answers">
                <h2>{ "Answers" }</h2>
                <ol class="plain">{ for set.exercises.iter().enumerate().map(answer) }</ol>
            </section>
        </div>
    }
}

/// Props of [`ExerciseView`].
#[derive(Properties, PartialEq)]
struct ExerciseViewProps {
    exercise: Rc<Exercise>,
    progress: Progress,
    /// Projector mode: the rows of the steps shown (the rest hidden), and
    /// no answer form.
    reveal: Option<usize>,
}

/// One exercise: the ranking, the answer, the steps and the hints.
#[component]
fn ExerciseView(props: &ExerciseViewProps) -> Html {
    let ex = &props.exercise;
    let key = ex.key();
    let answer = use_state(String::new);
    let verdict = use_state(|| None::<Verdict>);
    let steps = use_memo(ex.clone(), |ex| ex.steps());
    let columns = use_memo(ex.clone(), |ex| ex.step_columns());
    let cells = use_state(|| vec![vec![String::new(); steps.headers.len()]; steps.rows.len()]);
    let checked = use_state(|| None::<Vec<crate::evaluation::ColumnCheck>>);
    let saved = props.progress.get(&key);
    // Without columns to fill in (RR's steps are the ranking itself), one
    // hint gives the arithmetic.
    let hint_steps = *use_memo(ex.clone(), |ex| ex.hint_steps());
    let hints = props.reveal.unwrap_or(saved.hints).min(hint_steps);

    let on_answer = {
        let answer = answer.clone();
        Callback::from(move |e: InputEvent| answer.set(input_value(&e)))
    };
    let on_check = {
        let (answer, verdict, ex, progress, key) = (
            answer.clone(),
            verdict.clone(),
            ex.clone(),
            props.progress.clone(),
            key.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let v = ex.check(&answer);
            verdict.set(Some(v));
            progress.update(&key, |p| {
                p.tries += 1;
                p.solved |= v == Verdict::Right;
            });
        })
    };
    let on_hint = {
        let (progress, key, n) = (props.progress.clone(), key.clone(), hint_steps);
        Callback::from(move |_: MouseEvent| {
            progress.update(&key, |p| p.hints = (p.hints + 1).min(n))
        })
    };
    let on_check_steps = {
        let (cells, checked, ex, columns) =
            (cells.clone(), checked.clone(), ex.clone(), columns.clone());
        Callback::from(move |_: MouseEvent| {
            let out = columns
                .iter()
                .map(|&c| {
                    let col: Vec<Option<String>> =
                        cells.iter().map(|row| Some(row[c].clone())).collect();
                    ex.check_column(c, &col)
                })
                .collect();
            checked.set(Some(out));
        })
    };
    html! {
        <div class="exercise" data-testid="exercise" data-key={ key.clone() }>
            <p class="exercise-task">{ "Compute " }<strong data-testid="exercise-metric">{ ex.metric.to_string() }</strong>{ " for this ranking (grades by rank; grade ≥ 1 is relevant):" }</p>
            { ranking_view(ex) }
            <p class="exercise-formula">{ steps.formula.clone() }</p>
            if !ex.note.is_empty() {
                <p class="exercise-note" data-testid="exercise-note">{ ex.note.clone() }</p>
            }
            if props.reveal.is_none() {
                <form class="exercise-answer" onsubmit={ on_check }>
                    <label for="exercise-answer">{ "Your answer " }</label>
                    <input id="exercise-answer" data-testid="exercise-answer" inputmode="decimal" autocomplete="off" value={ (*answer).clone() } oninput={ on_answer } />
                    <button type="submit" data-testid="exercise-check">{ "Check" }</button>
                </form>
                <p class="exercise-tolerance">{ format!("Right within ±{TOLERANCE} (four decimals); a fraction such as 5/6 is fine.") }</p>
                <p role="status" data-testid="exercise-verdict" class={ classes!("exercise-verdict", verdict.map(verdict_class)) }>{
                    verdict.map(|v| verdict_text(v, ex)).unwrap_or_default()
                }</p>
            }
            if !columns.is_empty() {
                { steps_table(&StepsArgs { steps: &steps, columns: &columns, cells: &cells, checked: &checked, hints, projector: props.reveal.is_some() }) }
            }
            if props.reveal.is_none() {
                <p>
                    if !columns.is_empty() {
                        <button type="button" data-testid="exercise-check-steps" onclick={ on_check_steps }>{ "Check the steps" }</button>
                    }
                    <button type="button" data-testid="exercise-hint" onclick={ on_hint } disabled={ hints >= hint_steps }>
                        { if columns.is_empty() { "Hint: show the working".to_string() } else { format!("Hint: show row {}", (hints + 1).min(hint_steps.max(1))) } }
                    </button>
                </p>
            }
            if hints >= hint_steps {
                { working(ex, &steps) }
            }
            if props.reveal.is_none() {
                <p class="exercise-progress" data-testid="exercise-progress">{
                    format!("{} · {} tr{} · {} hint{}", if saved.solved { "Solved" } else { "Not solved yet" }, saved.tries, if saved.tries == 1 { "y" } else { "ies" }, hints, if hints == 1 { "" } else { "s" })
                }</p>
                <p><button type="button" data-testid="exercise-reset" onclick={ props.progress.reset_one(&key) }>{ "Reset this exercise" }</button></p>
            }
        </div>
    }
}

/// The working of an answer in one line (a handout's answer page).
fn answer_working(ex: &Exercise) -> String {
    let orders = ex.tie_orders();
    if orders.is_empty() {
        return ex.steps().lines.join(" ");
    }
    let total: usize = orders.iter().map(|o| o.count).sum();
    let each: Vec<String> = orders
        .iter()
        .map(|o| {
            let grades: Vec<String> = o.grades.iter().map(i64::to_string).collect();
            format!(
                "{} → {} ({}/{total})",
                grades.join(" "),
                f4(o.value),
                o.count
            )
        })
        .collect();
    format!(
        "Average over the orders of the tied documents: {}.",
        each.join("; ")
    )
}

/// The working a hint gives once every row is shown: the explanation's
/// arithmetic, or with ties each order of the tied grades with its value and
/// their average.
fn working(ex: &Exercise, steps: &crate::evaluation::Explanation) -> Html {
    let orders = ex.tie_orders();
    if orders.is_empty() {
        return if steps.lines.is_empty() {
            html! {}
        } else {
            html! { <p class="exercise-lines" data-testid="exercise-lines">{ steps.lines.join(" ") }</p> }
        };
    }
    let total: usize = orders.iter().map(|o| o.count).sum();
    html! {
        <div class="exercise-lines" data-testid="exercise-lines">
            <p>{ format!("Each order of the tied documents, and {} in it:", ex.metric) }</p>
            <ul>
                { for orders.iter().map(|o| html! {
                    <li data-testid="exercise-tie-order">{
                        format!("grades {}: {} ({} of {total} orders)",
                            o.grades.iter().map(i64::to_string).collect::<Vec<_>>().join(" "), f4(o.value), o.count)
                    }</li>
                }) }
            </ul>
            <p>{ format!("The average over the {total} orders: {} = {}.", ex.metric, f4(ex.value())) }</p>
        </div>
    }
}

fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Right => "right",
        _ => "wrong",
    }
}

fn verdict_text(v: Verdict, ex: &Exercise) -> String {
    match v {
        Verdict::Right => format!("Right: {} = {}.", ex.metric, f4(ex.value())),
        Verdict::Mistake(m) => format!("Not quite. {m}"),
        Verdict::Wrong => {
            "Not right, and not a mistake Ranklab recognises: try the steps, or a hint.".to_string()
        }
        Verdict::Unreadable => "Write a number, such as 0.8333 or 5/6.".to_string(),
    }
}

struct StepsArgs<'a> {
    steps: &'a crate::evaluation::Explanation,
    columns: &'a [usize],
    cells: &'a UseStateHandle<Vec<Vec<String>>>,
    checked: &'a UseStateHandle<Option<Vec<crate::evaluation::ColumnCheck>>>,
    hints: usize,
    /// Projector mode: rows not yet shown are empty, not inputs.
    projector: bool,
}

/// The worked steps with the columns to fill in; rows up to `hints` shown.
fn steps_table(a: &StepsArgs) -> Html {
    let StepsArgs {
        steps,
        columns,
        cells,
        checked,
        hints,
        projector,
    } = *a;
    let check_of = |c: usize| {
        checked.as_ref().and_then(|all| {
            columns
                .iter()
                .position(|&x| x == c)
                .and_then(|i| all.get(i).cloned())
        })
    };
    let row = |r: usize| {
        let cell = |c: usize| {
            let value = steps.rows[r][c].clone();
            if !columns.contains(&c) {
                return html! { <td class="num">{ value }</td> };
            }
            if r < hints {
                return html! { <td class="num hint" data-testid="exercise-hinted">{ value }</td> };
            }
            if projector {
                return html! { <td class="num" aria-label="not shown yet">{ "…" }</td> };
            }
            let mark = check_of(c).and_then(|k| k.marks.get(r).copied().flatten());
            let oninput = {
                let cells = cells.clone();
                Callback::from(move |e: InputEvent| {
                    let mut next: Vec<Vec<String>> = (**cells).to_vec();
                    next[r][c] = input_value(&e);
                    cells.set(next);
                })
            };
            let label = format!("{} at rank {}", steps.headers[c], r + 1);
            html! {
                <td class={ classes!("num", mark.map(|m| if m { "right" } else { "wrong" })) }>
                    <input class="step" aria-label={ label } data-testid="exercise-step" data-row={ r.to_string() } data-column={ steps.headers[c].clone() }
                        inputmode="decimal" value={ cells[r][c].clone() } { oninput } />
                    { mark.map(|m| if m { " ✓" } else { " ✗" }).unwrap_or_default() }
                </td>
            }
        };
        html! { <tr>{ for (0..steps.headers.len()).map(cell) }</tr> }
    };
    let notes = columns.iter().filter_map(|&c| {
        let m = check_of(c)?.mistake?;
        Some(html! { <li data-testid="exercise-step-mistake">{ format!("{}: {m}", steps.headers[c]) }</li> })
    });
    html! {
        <>
            <table class="results exercise-steps" data-testid="exercise-steps">
                <caption>{ "The steps: fill in the empty cells, or ask for a hint" }</caption>
                <thead><tr>{ for steps.headers.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
                <tbody>{ for (0..steps.rows.len()).map(row) }</tbody>
            </table>
            <ul class="exercise-step-notes">{ for notes }</ul>
        </>
    }
}
