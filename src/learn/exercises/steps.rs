//! The worked steps as a table, with the columns the student fills in.

use yew::prelude::*;

use super::events::input_value;
use crate::shared::sideways::Sideways;

pub(super) struct StepsArgs<'a> {
    pub(super) steps: &'a crate::shared::evaluation::Explanation,
    pub(super) columns: &'a [usize],
    pub(super) cells: &'a [Vec<String>],
    /// Takes the cells after an edit.
    pub(super) on_cells: Callback<Vec<Vec<String>>>,
    /// The columns' checks, about the cells as they are now.
    pub(super) checked: &'a Option<Vec<crate::shared::evaluation::ColumnCheck>>,
    /// The rows shown as hints.
    pub(super) hints: usize,
    /// Projector mode: rows not yet shown are empty, not inputs.
    pub(super) projector: bool,
}

/// The worked steps with the columns to fill in; rows up to `hints` shown.
pub(super) fn steps_table(a: &StepsArgs) -> Html {
    let StepsArgs {
        steps,
        columns,
        cells,
        ref on_cells,
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
                let (cells, on_cells) = (cells.to_vec(), on_cells.clone());
                Callback::from(move |e: InputEvent| {
                    let mut next = cells.clone();
                    next[r][c] = input_value(&e);
                    on_cells.emit(next);
                })
            };
            let label = format!("{} at rank {}", steps.headers[c], r + 1);
            html! {
                <td class={ classes!("num", mark.map(|m| if m { "right" } else { "wrong" })) }>
                    <input class="step" aria-label={ label } data-testid="exercise-step" data-row={ r.to_string() } data-column={ steps.headers[c].clone() }
                        inputmode="decimal" value={ cells[r][c].clone() } { oninput }
                        aria-invalid={ (mark == Some(false)).then_some("true") } />
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
    // The check in words, for a screen reader (the marks are drawn).
    let tally = checked.as_ref().map(|all| {
        let marks = all.iter().flat_map(|k| k.marks.iter().flatten());
        let (right, wrong) =
            marks.fold((0, 0), |(r, w), &m| if m { (r + 1, w) } else { (r, w + 1) });
        format!("Steps checked: {right} right, {wrong} wrong.")
    });
    html! {
        <>
            <p class="visually-hidden" role="status" data-testid="exercise-steps-status">{ tally.unwrap_or_default() }</p>
            // A wide table scrolls in its own box, never the page.
            <Sideways label="The steps" size={ steps.rows.len() * (steps.headers.len() + 1) }>
                <table class="results exercise-steps" data-testid="exercise-steps">
                    <caption>{ "The steps: fill in the empty cells, or ask for a hint" }</caption>
                    <thead><tr>{ for steps.headers.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
                    <tbody>{ for (0..steps.rows.len()).map(row) }</tbody>
                </table>
            </Sideways>
            <ul class="exercise-step-notes">{ for notes }</ul>
        </>
    }
}
