//! One exercise: its ranking, the answer and its verdict, the hints.

use std::rc::Rc;

use yew::prelude::*;

use super::events::input_value;
use super::projector::after_step;
use super::steps::{steps_table, StepsArgs};

use crate::learn::exercise_progress::Progress;
use crate::shared::evaluation::{f4, Exercise, Verdict, TOLERANCE};

/// The ranking as chips (rank and grade), tied ranks grouped in one frame,
/// and a sentence for the ties and the relevant documents not retrieved.
pub(super) fn ranking_view(ex: &Exercise) -> Html {
    let chip = |i: usize| {
        let g = ex.query.retrieved[i]
            .grade()
            .map_or("?".to_string(), |g| g.to_string());
        // Read as "rank 1, grade 0", not as the two numbers "1 0".
        let words = format!("rank {}, grade {g}", i + 1);
        html! { <li class={ classes!("chip", format!("grade-{g}")) } aria-label={ words }><span class="rank">{ i + 1 }</span>{ g }</li> }
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
                match missed.as_slice() {
                    [] => "Every relevant document was retrieved.".to_string(),
                    [g] => format!("One relevant document was not retrieved: grade {g}."),
                    more => format!("{} relevant documents were not retrieved: grades {}.", more.len(), more.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")),
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

/// Props of [`ExerciseView`].
#[derive(Properties, PartialEq)]
pub(super) struct ExerciseViewProps {
    pub(super) exercise: Rc<Exercise>,
    pub(super) progress: Progress,
    /// Projector mode: the steps of the working shown (rows, then the
    /// answer; the rest hidden), and no answer form.
    pub(super) reveal: Option<usize>,
    /// Going on to the set's next exercise, where there is one: offered
    /// beside a right answer's verdict.
    #[prop_or_default]
    pub(super) next: Option<Callback<MouseEvent>>,
}

/// One exercise: the ranking, the answer, the steps and the hints.
#[component]
pub(super) fn ExerciseView(props: &ExerciseViewProps) -> Html {
    let ex = &props.exercise;
    let key = ex.key();
    let steps = use_memo(ex.clone(), |ex| ex.steps());
    let columns = use_memo(ex.clone(), |ex| ex.step_columns());
    let saved = props.progress.get(&key);
    // What was typed lives with the progress (a reload keeps it); cells of
    // another shape (a set edited since) start empty.
    let empty = || vec![vec![String::new(); steps.headers.len()]; steps.rows.len()];
    let fits = |c: &Vec<Vec<String>>| {
        c.len() == steps.rows.len() && c.iter().all(|r| r.len() == steps.headers.len())
    };
    let draft = &saved.draft;
    let answer = draft.answer.clone();
    let cells = Some(draft.cells.clone()).filter(fits).unwrap_or_else(empty);
    let checked_cells = draft.checked_cells.clone().filter(fits);
    let verdict = draft.answer_checked.then(|| ex.check(&answer));
    // Hints show the rows one at a time, then a last step the answer (the
    // arithmetic after the table); without columns to fill in (RR's steps
    // are the ranking itself) that last step is the only one.
    let hint_steps = *use_memo(ex.clone(), |ex| ex.hint_steps());
    let row_hints = hint_steps - 1;
    let hints = props.reveal.unwrap_or(saved.hints).min(hint_steps);
    let rows_shown = hints.min(row_hints);
    let answer_shown = hints >= hint_steps;
    let stage = use_node_ref();
    // A verdict is brought on screen when it is given: below the window's
    // edge, a Check seemed to do nothing. (Not at a reload that finds one.)
    let verdict_ref = use_node_ref();
    {
        let verdict_ref = verdict_ref.clone();
        let first = use_mut_ref(|| true);
        use_effect_with(saved.tries, move |_| {
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                if let Some(p) = verdict_ref.cast::<web_sys::Element>() {
                    p.scroll_into_view_with_scroll_into_view_options(&nearest());
                }
            }
        });
    }
    {
        let stage = stage.clone();
        use_effect_with(
            (props.reveal, rows_shown, answer_shown),
            move |&(reveal, rows, answer)| {
                if let Some(step) = reveal {
                    after_step(&stage, step, rows, answer);
                }
            },
        );
    }
    // The marks are about the cells as they are now: a cell a hint filled
    // in, or one changed since the check, has none.
    let checked = use_memo(
        (checked_cells, cells.clone(), rows_shown, ex.clone()),
        |(then, now, rows_shown, ex)| {
            let then = then.as_ref()?;
            Some(
                columns
                    .iter()
                    .map(|&c| {
                        let col: Vec<Option<String>> = (0..now.len())
                            .map(|r| {
                                (r >= *rows_shown && then[r][c] == now[r][c])
                                    .then(|| now[r][c].clone())
                            })
                            .collect();
                        ex.check_column(c, &col)
                    })
                    .collect::<Vec<_>>(),
            )
        },
    );
    // The first row a hint shows: the next one not checked right in every
    // column (a row the student has right needs no hint).
    let next_hint_row = {
        let right = |r: usize| {
            checked.as_ref().as_ref().is_some_and(|all| {
                !all.is_empty() && all.iter().all(|k| k.marks.get(r) == Some(&Some(true)))
            })
        };
        (rows_shown..row_hints)
            .find(|&r| !right(r))
            .unwrap_or(row_hints)
    };

    let on_answer = {
        let (progress, key) = (props.progress.clone(), key.clone());
        Callback::from(move |e: InputEvent| {
            let typed = input_value(&e);
            progress.update(&key, |p| {
                p.draft.answer = typed;
                // The verdict was about the answer before this change.
                p.draft.answer_checked = false;
            })
        })
    };
    let on_cells = {
        let (progress, key) = (props.progress.clone(), key.clone());
        Callback::from(move |next: Vec<Vec<String>>| {
            progress.update(&key, |p| p.draft.cells = next)
        })
    };
    let on_check = {
        let (answer, ex, progress, key) = (
            answer.clone(),
            ex.clone(),
            props.progress.clone(),
            key.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let v = ex.check(&answer);
            // An answer copied from the shown answer solves nothing: the
            // exercise counts as solved only when it was right before that.
            progress.update(&key, |p| {
                p.tries += 1;
                p.solved |= v == Verdict::Right && !answer_shown;
                p.draft.answer_checked = true;
            });
        })
    };
    let on_hint = {
        let (progress, key, n) = (props.progress.clone(), key.clone(), hint_steps);
        // Rows up to the first not checked right; past the rows, the answer.
        let to = if rows_shown < row_hints {
            next_hint_row + 1
        } else {
            hints + 1
        };
        Callback::from(move |_: MouseEvent| {
            progress.update(&key, |p| {
                p.asked = Some(p.hints_asked() + 1);
                p.hints = to.max(p.hints + 1).min(n);
            })
        })
    };
    let on_check_steps = {
        let (progress, key, now) = (props.progress.clone(), key.clone(), cells.clone());
        Callback::from(move |_: MouseEvent| {
            progress.update(&key, |p| p.draft.checked_cells = Some(now.clone()))
        })
    };
    let on_reset = {
        let (progress, key, name) = (props.progress.clone(), key.clone(), ex.metric.to_string());
        Callback::from(move |_: MouseEvent| progress.reset_one(&key, &name))
    };
    let asked = saved.hints_asked();
    let hint_label = if hints < row_hints {
        format!("Hint: show row {} of {row_hints}", next_hint_row + 1)
    } else if !answer_shown {
        "Show the answer".to_string()
    } else {
        "The answer is shown".to_string()
    };
    html! {
        <div class="exercise" data-testid="exercise" data-key={ key.clone() } ref={ stage }>
            <p class="exercise-task">{ "Compute " }<strong data-testid="exercise-metric">{ ex.metric.to_string() }</strong>{ " for this ranking (grades by rank; grade ≥ 1 is relevant):" }</p>
            { ranking_view(ex) }
            <p class="exercise-formula">{ steps.formula.clone() }</p>
            if !ex.note.is_empty() {
                <p class="exercise-note" data-testid="exercise-note">{ ex.note.clone() }</p>
            }
            if props.reveal.is_none() {
                <form class="exercise-answer" onsubmit={ on_check }>
                    <label for="exercise-answer">{ "Your answer " }</label>
                    <input id="exercise-answer" data-testid="exercise-answer" autocomplete="off" value={ answer.clone() } oninput={ on_answer } />
                    <button type="submit" data-testid="exercise-check">{ "Check" }</button>
                </form>
                <p class="exercise-tolerance">{ format!("Right within ±{TOLERANCE} (four decimals); a fraction such as 5/6 is fine.") }</p>
                <div class="exercise-verdict-row" ref={ verdict_ref }>
                    <p role="status" data-testid="exercise-verdict" class={ classes!("exercise-verdict", verdict.map(verdict_class)) }>{
                        verdict.map(|v| verdict_text(v, ex, help_offered(!columns.is_empty(), row_hints), answer_shown && !saved.solved)).unwrap_or_default()
                    }</p>
                    if let (Some(Verdict::Right), Some(next)) = (verdict, props.next.clone()) {
                        <button type="button" data-testid="exercise-verdict-next" onclick={ next }>{ "Next exercise →" }</button>
                    }
                </div>
            }
            if !columns.is_empty() {
                { steps_table(&StepsArgs { steps: &steps, columns: &columns, cells: &cells, on_cells, checked: &checked, hints: rows_shown, projector: props.reveal.is_some() }) }
            }
            if props.reveal.is_none() {
                <p class="controls">
                    if !columns.is_empty() {
                        <button type="button" data-testid="exercise-check-steps" onclick={ on_check_steps }>{ "Check the steps" }</button>
                    }
                    <button type="button" data-testid="exercise-hint" onclick={ on_hint } disabled={ answer_shown }>{ hint_label }</button>
                </p>
            }
            if answer_shown {
                { working(ex, &steps) }
            }
            if props.reveal.is_none() {
                <p class="exercise-progress" data-testid="exercise-progress">{
                    format!("{} · {} tr{} · {} hint{}", if saved.solved { "Solved" } else { "Not solved yet" }, saved.tries, if saved.tries == 1 { "y" } else { "ies" }, asked, if asked == 1 { "" } else { "s" })
                }</p>
                <p class="controls exercise-danger"><button type="button" class="danger" data-testid="exercise-reset" onclick={ on_reset }>{ "Reset this exercise" }</button></p>
            }
        </div>
    }
}

/// Scrolled smoothly, as little as brings the element on screen.
fn nearest() -> web_sys::ScrollIntoViewOptions {
    let how = web_sys::ScrollIntoViewOptions::new();
    how.set_block(web_sys::ScrollLogicalPosition::Nearest);
    how.set_behavior(web_sys::ScrollBehavior::Smooth);
    how
}

/// The answer, the last step after the rows: its value first (on a
/// projector the room reads it before the working, which may run below the
/// screen's edge), then the explanation's arithmetic (for nDCG the ideal
/// ranking's working too), or with ties each order of the tied grades with
/// its value and their average.
fn working(ex: &Exercise, steps: &crate::shared::evaluation::Explanation) -> Html {
    let orders = ex.tie_orders();
    let total: usize = orders.iter().map(|o| o.count).sum();
    html! {
        <div class="exercise-lines" data-testid="exercise-lines">
            <p class="exercise-result" data-testid="exercise-result">
                { "The answer: " }<strong>{ format!("{} = {}", ex.metric, f4(ex.value())) }</strong>
            </p>
            if orders.is_empty() {
                { for steps.lines.iter().map(|l| html! { <p>{ l.clone() }</p> }) }
            } else {
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
            }
        </div>
    }
}

fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Right => "right",
        _ => "wrong",
    }
}

/// What an exercise offers to a wrong answer: the steps to fill in (when
/// it has them), hints row by row (when it has rows), else the answer.
fn help_offered(steps: bool, row_hints: usize) -> &'static str {
    match (steps, row_hints > 0) {
        (true, true) => "fill in the steps below, or ask for a hint.",
        (true, false) => "fill in the steps below, or show the answer.",
        (false, true) => "ask for a hint below.",
        (false, false) => "read the formula above again, or show the answer.",
    }
}

/// `seen`: the answer was shown before this exercise was solved, so a
/// right answer now is not counted as solved.
fn verdict_text(v: Verdict, ex: &Exercise, help: &str, seen: bool) -> String {
    match v {
        Verdict::Right if seen => format!(
            "Right: {} = {}. The answer was shown, so this exercise is not counted as solved; \
             “Reset this exercise” to try it again from the start.",
            ex.metric,
            f4(ex.value())
        ),
        Verdict::Right => format!("Right: {} = {}.", ex.metric, f4(ex.value())),
        Verdict::Mistake(m) => format!("Not quite. {m}"),
        Verdict::Wrong => {
            format!("Not right, and not a mistake Ranklab recognises: {help}")
        }
        Verdict::Unreadable => "Write a number, such as 0.8333 or 5/6.".to_string(),
    }
}
