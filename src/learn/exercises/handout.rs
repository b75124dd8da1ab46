//! A teacher's set as a printed handout, its answers on a page of their own.

use yew::prelude::*;

use super::view::ranking_view;

use crate::shared::evaluation::{f4, Exercise, ExerciseSet};

/// The set as a handout a student fills in with a pen: a line for the
/// name, then each exercise with its ranking, its formula, an empty table of
/// steps (every blank cell wide enough for 0.7500), for nDCG an empty table
/// for the ideal ranking, and a line for the answer; then the answers on a
/// page of their own (where `answers`: a handout for a test leaves them
/// out). Printed alone (the print style hides the rest of the page).
pub(super) fn handout_view(set: &ExerciseSet, open: &UseStateHandle<bool>, answers: bool) -> Html {
    let on_close = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(false))
    };
    let item = |(i, ex): (usize, &Exercise)| {
        let steps = ex.steps();
        let columns = ex.step_columns();
        let given = |c: usize| !columns.contains(&c);
        let cell = |c: usize, v: &String| {
            if given(c) {
                html! { <td class="num">{ v.clone() }</td> }
            } else {
                html! { <td class="num blank" data-testid="handout-blank"></td> }
            }
        };
        let ideal = ex.ideal_rows().filter(|&n| n > 0).map(|n| {
            html! {
                <>
                    <p class="handout-ideal-title">{ "The ideal ranking: the judged grades, best first (the relevant documents not retrieved too)." }</p>
                    <table class="results exercise-steps handout-ideal" data-testid="handout-ideal">
                        <thead><tr>{ for steps.headers.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
                        <tbody>{ for (1..=n).map(|rank| html! {
                            <tr>
                                <td class="num">{ rank }</td>
                                { for (1..steps.headers.len()).map(|_| html! { <td class="num blank" data-testid="handout-blank"></td> }) }
                            </tr>
                        }) }</tbody>
                    </table>
                    <p class="handout-answer-line">{ "DCG = " }<span class="blank"></span>{ " IDCG = " }<span class="blank"></span></p>
                </>
            }
        });
        html! {
            <section class="handout-item" data-testid="handout-item">
                <h3>{ format!("{}. Compute {}", i + 1, ex.metric) }</h3>
                { ranking_view(ex) }
                <p class="handout-formula" data-testid="handout-formula">{ steps.formula.clone() }</p>
                if !ex.note.is_empty() {
                    <p class="exercise-note">{ ex.note.clone() }</p>
                }
                if !columns.is_empty() {
                    <table class="results exercise-steps">
                        <thead><tr>{ for steps.headers.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
                        <tbody>{ for steps.rows.iter().map(|row| html! {
                            <tr>{ for row.iter().enumerate().map(|(c, v)| cell(c, v)) }</tr>
                        }) }</tbody>
                    </table>
                }
                { for ideal }
                <p class="handout-answer-line">{ format!("{} = ", ex.metric) }<span class="blank" data-testid="handout-answer-blank"></span></p>
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
            <p class="handout-name" data-testid="handout-name">{ "Name: " }<span class="blank"></span>{ " Date: " }<span class="blank short"></span></p>
            <h2>{ if set.title.is_empty() { "Exercises".to_string() } else { set.title.clone() } }</h2>
            <p>{ "Work out each value by hand; write it to four decimals." }</p>
            { for set.exercises.iter().enumerate().map(item) }
            if answers {
                <section class="handout-answers" data-testid="handout-answers">
                    <h2>{ "Answers" }</h2>
                    <ol class="plain">{ for set.exercises.iter().enumerate().map(answer) }</ol>
                </section>
            }
        </div>
    }
}

/// The working of an answer in one line (a handout's answer page).
pub(super) fn answer_working(ex: &Exercise) -> String {
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
