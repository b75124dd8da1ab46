//! Located problems of an input: file (when several inputs share the
//! list), line, column, what was expected and what was found.

use crate::shared::evaluation::{lookalike_note, ParseError, Withheld};

use crate::shared::evaluation::is_unread_file;
use yew::prelude::*;

use crate::shared::code_text::code_spans;

/// Most problems listed (the count says how many there are).
pub const MAX_LISTED: usize = 50;

/// Props of [`ErrorList`].
#[derive(Properties, PartialEq)]
pub struct ErrorListProps {
    /// Problems to show, in input order.
    pub errors: Vec<ParseError>,
    /// Element id (inputs point at it with `aria-describedby`).
    pub id: AttrValue,
    /// `data-testid` of the list.
    pub testid: AttrValue,
    /// Whether to name the input of each problem (files).
    #[prop_or_default]
    pub name_inputs: bool,
    /// When set, each location is a button that shows it in the text.
    #[prop_or_default]
    pub on_locate: Option<Callback<(usize, usize)>>,
    /// Whose numbers the files' bad lines withhold until the reader
    /// chooses to evaluate without them (under Results).
    #[prop_or_default]
    pub withheld: Option<Withheld>,
    /// Said when the reader pauses (a polite live region), not at once:
    /// problems of a text being typed come and go with each keystroke (a
    /// half-typed line), and an alert would cut into the typing.
    #[prop_or_default]
    pub polite: bool,
}

/// What the problems do to the numbers: bad lines are left out (for files,
/// once the reader chooses to: until then, `withheld`, the files, or the
/// runs with bad lines, give no numbers), and a run that repeats a docid
/// under "refuse" gets none.
pub fn consequences(errors: &[ParseError], withheld: Option<&Withheld>) -> String {
    let refusals = errors.iter().filter(|e| e.is_duplicate_refusal()).count();
    let unread = errors.iter().filter(|e| is_unread_file(e)).count();
    let mut out = Vec::new();
    if refusals + unread < errors.len() {
        out.push(match withheld {
            Some(Withheld::All) => "the files give no numbers until you choose, under Results, to evaluate without the lines concerned",
            Some(Withheld::Runs(_)) => "the runs with these lines give no numbers until you choose, under Results, to evaluate without the lines concerned; the other runs' numbers are shown",
            None => "the lines concerned are left out of the evaluation",
        });
    }
    if unread > 0 {
        out.push("a file that is not text or of no known format is not read");
    }
    if refusals > 0 {
        out.push(
            "a run that repeats a docid gets no numbers at all, as the duplicates setting is refuse",
        );
    }
    out.join("; ")
}

/// What a problem expected and what was found instead, its quotes as code,
/// and the letters typed for digits named (`1O` reads as 10).
pub fn expected_found(e: &ParseError) -> Html {
    html! {
        <span>
            { "expected " }{ code_spans(&e.expected.to_string()) }{ ", found " }
            if e.found.is_empty() { { "the end of the line" } } else { <code>{ e.found.clone() }</code> }
            { lookalike_note(&e.found) }
        </span>
    }
}

/// "N problems found; " and their [`consequences`].
pub fn problems_summary(errors: &[ParseError], withheld: Option<&Withheld>) -> String {
    let n = errors.len();
    format!(
        "{} found; {}.",
        crate::shared::evaluation::plural(n, "problem", "problems"),
        consequences(errors, withheld)
    )
}

/// Shows each problem and what it does to the numbers.
#[component]
pub fn ErrorList(props: &ErrorListProps) -> Html {
    if props.errors.is_empty() {
        return html! { <div id={ props.id.clone() }></div> };
    }
    let n = props.errors.len();
    html! {
        <div id={ props.id.clone() } class="errors" data-testid={ props.testid.clone() } role={ if props.polite { "status" } else { "alert" } }>
            <p>{ problems_summary(&props.errors, props.withheld.as_ref()) }</p>
            <ul>
                { for props.errors.iter().take(MAX_LISTED).map(|e| {
                    // "a.run, line 7, column 21", or "Line 7, column 21"
                    // under a text box's own name.
                    let place = if props.name_inputs {
                        format!("{}, line {}, column {}", e.input, e.line, e.column)
                    } else {
                        format!("Line {}, column {}", e.line, e.column)
                    };
                    html! {
                    <li data-line={ e.line.to_string() } data-column={ e.column.to_string() }>
                        <strong>
                            { match &props.on_locate {
                                Some(cb) => {
                                    let (cb, at) = (cb.clone(), (e.line, e.column));
                                    html! {
                                        <button type="button" class="locate" data-testid="locate"
                                            title="Show this place in the text"
                                            onclick={ Callback::from(move |_: MouseEvent| cb.emit(at)) }>
                                            { place.clone() }
                                        </button>
                                    }
                                }
                                None => html! { { place } },
                            } }
                            { ": " }
                        </strong>
                        { expected_found(e) }
                    </li>
                    }
                }) }
            </ul>
            if n > MAX_LISTED {
                <p>{ format!("… and {} more.", n - MAX_LISTED) }</p>
            }
        </div>
    }
}

/// The results' one-line account of the inputs' problems (the lists stay
/// under the input they locate).
pub fn problems_note(typed: usize, files: &[crate::shared::evaluation::ParseError]) -> String {
    let mut parts = Vec::new();
    if typed > 0 {
        parts.push(format!(
            "{} in the typed rankings (those lines are left out)",
            crate::shared::evaluation::plural(typed, "problem", "problems")
        ));
    }
    if !files.is_empty() {
        parts.push(format!(
            "{} in the files ({})",
            crate::shared::evaluation::plural(files.len(), "problem", "problems"),
            crate::shared::error_list::consequences(files, None)
        ));
    }
    format!("These results are affected: {}.", parts.join("; "))
}

/// The results' account of the inputs' problems, with links to their lists
/// (nothing when there are none; the files' only while their numbers show).
/// `told`: the files' problems a panel beside it already tells of (the
/// withheld files' list, or the mark of numbers computed without their bad
/// lines), left out here so that one problem is not told twice.
pub fn problems_paragraph(typed: &[ParseError], files: &[ParseError], told: &[ParseError]) -> Html {
    // (The first module holds no files, nor their problems.)
    let files = if crate::shared::first_module::FIRST {
        Vec::new()
    } else {
        ParseError::not_in(files, told)
    };
    if typed.is_empty() && files.is_empty() {
        return html! {};
    }
    html! {
        <p class="warning-note" data-testid="problems-summary">
            { problems_note(typed.len(), &files) }
            { " " }
            if !files.is_empty() { <a href="#file-errors">{ "See the file problems" }</a> }
            if !files.is_empty() && !typed.is_empty() { { " · " } }
            if !typed.is_empty() { <a href="#quick-input-errors">{ "See the typed problems" }</a> }
        </p>
    }
}
