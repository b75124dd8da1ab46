//! What the results say when the files have bad lines: no numbers from the
//! files concerned (every file's for a judgments file's bad line, the
//! damaged runs' only otherwise) until the reader chooses to evaluate
//! without those lines, and then a mark that stays beside the numbers (the
//! tables and exports carry it too). trec_eval refuses such files, and a
//! number copied from the table must not pass for the whole file's.

use std::rc::Rc;

use crate::shared::error_list::expected_found;
use crate::shared::evaluation::{plural, ParseError, Withheld};
use yew::prelude::*;

/// How many bad lines the account lists before "and N more".
const LISTED: usize = 5;

/// Props of [`PartialInput`].
#[derive(Properties, PartialEq)]
pub struct PartialInputProps {
    /// The files' bad lines (located problems; refused repeats excluded).
    pub bad_lines: Rc<Vec<ParseError>>,
    /// Whose numbers are withheld (the reader has not chosen yet).
    pub withheld: Option<Withheld>,
    /// "Evaluate without the N bad lines".
    pub on_partial: Callback<MouseEvent>,
    /// "Withhold them again".
    pub on_withhold: Callback<MouseEvent>,
}

/// Where a bad line is, for the short list: `qrels.txt, line 3, column 12`.
fn place(e: &ParseError) -> String {
    format!("{}, line {}, column {}", e.input, e.line, e.column)
}

/// The account of the files' bad lines, with the choice.
#[component]
pub fn PartialInput(props: &PartialInputProps) -> Html {
    let n = props.bad_lines.len();
    if n == 0 {
        return html! {};
    }
    let lines = plural(n, "bad line", "bad lines");
    let mut files: Vec<&str> = Vec::new();
    for e in props.bad_lines.iter() {
        if !files.contains(&e.input.as_str()) {
            files.push(&e.input);
        }
    }
    let Some(withheld) = &props.withheld else {
        return html! {
            <p class="partial-mark" role="status" data-testid="partial-mark">
                <strong>{ format!("Computed from partial input: {lines} of {} left out.", files.join(", ")) }</strong>
                { " The tables and every export say so. " }
                <button type="button" class="link-button" data-testid="withhold-again" onclick={ props.on_withhold.clone() }>
                    { "Withhold these numbers again" }
                </button>
            </p>
        };
    };
    html! {
        <div class="withheld" role="alert" data-testid="numbers-withheld">
            <p>
                <strong>{ format!("No numbers from {}: {lines} could not be read.", withheld.whose()) }</strong>
                if matches!(withheld, Withheld::Runs(_)) {
                    { " The other runs were read whole: their numbers are shown." }
                }
                { " Numbers computed without these lines would look like the whole file's, so none are shown. trec_eval reads some such lines its own way instead (a grade 2.0 as 2, a score 8,1 as 8: it reads a number's leading digits), so its numbers and these differ. Fix the lines, or evaluate without them:" }
            </p>
            <ul>
                { for props.bad_lines.iter().take(LISTED).map(|e| html! {
                    <li><a href="#file-errors">{ place(e) }</a>{ ": " }{ expected_found(e) }</li>
                }) }
                if n > LISTED {
                    <li><a href="#file-errors">{ format!("and {} more", n - LISTED) }</a></li>
                }
            </ul>
            <button type="button" data-testid="evaluate-partial" onclick={ props.on_partial.clone() }>
                { format!("Evaluate without the {lines}") }
            </button>
        </div>
    }
}
