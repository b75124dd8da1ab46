//! Systems x measures: each measure summarised over each system's queries.

use crate::shared::first_module::FIRST;
use crate::shared::same_rc::SameRc;
use crate::shared::system_name::{system_name, NARROW};
use std::rc::Rc;

use crate::shared::evaluation::range_ends;
use crate::shared::evaluation::Metric;
use crate::shared::evaluation::{
    any_significant, best_means, bold_caption, marks_testable, StatsReport,
};
use yew::prelude::*;

use crate::shared::code_text::code_spans;

use crate::results::explanation::Selected;
use crate::results::statistics::{beaten, letter};
use crate::settings::StatsSettings;
use crate::shared::dom::{breakable, use_more_to_the_right};
use crate::shared::evaluation::{
    format_value, query_set_note, LeftOut, Source, SystemResult, TieReport, Withheld,
};
use crate::shared::sideways::scroll_cue;

/// Props of [`ResultsTable`].
#[derive(Properties, PartialEq)]
pub struct ResultsTableProps {
    /// Measures, in column order.
    pub measures: Rc<Vec<Metric>>,
    /// Systems: typed ones first, then runs.
    pub systems: SameRc<Vec<SystemResult>>,
    /// Statistics per measure (over the systems that have queries).
    pub stats: SameRc<Vec<StatsReport>>,
    /// What to show of them.
    pub stats_settings: StatsSettings,
    /// Called when a value is clicked (to explain it).
    pub on_select: Callback<Selected>,
    /// The files' numbers were computed without bad lines (how many, and
    /// whose: their rows are marked when not every run's are).
    #[prop_or_default]
    pub partial: Option<LeftOut>,
    /// How the values depend on the order of tied documents (a value that
    /// does is marked, and the mark leads to the tie range).
    #[prop_or_default]
    pub ties: SameRc<TieReport>,
    /// Why there are no numbers though there is input (see
    /// [`empty_reason`]).
    #[prop_or_default]
    pub why_empty: Option<AttrValue>,
}

/// Whether the significance marks are shown: `Untestable` when asked for
/// but no two systems share the two queries a test needs, `NoneSignificant`
/// when tested and no difference is significant (no letters then: a
/// letter is what a mark names).
#[derive(Clone, Copy, PartialEq)]
enum Marks {
    Off,
    Shown,
    NoneSignificant,
    Untestable,
}

/// The table's caption: what the values are, and what marks, intervals and
/// tie marks mean where they are shown.
fn caption(
    partial: Option<&LeftOut>,
    bold: Option<&str>,
    marks: Marks,
    ss: StatsSettings,
    ties: bool,
) -> String {
    let mut c = "Each measure over each system's queries (mean; counts summed).".to_string();
    if let Some(bold) = bold {
        c = format!("{c} {bold}");
    }
    if let Some(l) = partial {
        let marked = if matches!(l.of, Withheld::Runs(_)) {
            " Rows marked partial lack them; the others were read whole."
        } else {
            ""
        };
        c = format!("{}{marked} {c}", l.caption());
    }
    if marks == Marks::Untestable {
        c.push_str(" No significance marks: no two systems share two or more queries to test on.");
    }
    if marks == Marks::Shown {
        c.push_str(&format!(
            " Superscripts name the systems a value is significantly better than ({}).",
            ss.marks_note()
        ));
    }
    if marks == Marks::NoneSignificant {
        c.push_str(&format!(
            " No difference between systems is significant ({}).",
            ss.marks_note()
        ));
    }
    if ties {
        c.push_str(" ↕: the value depends on the order of tied documents (see the tie range).");
    }
    if let Some(shown) = ss.shown_intervals(&[]) {
        c.push_str(&format!(" Below each mean: its {}.", shown.name()));
    }
    c
}

/// What follows a system's name: the file of a run named by its tag, or
/// "(file)" for a run named by its file.
fn source_label(s: &SystemResult) -> Option<String> {
    let file = s
        .file
        .as_deref()
        .or((s.source == Source::File).then_some(s.name.as_str()))?;
    Some(if file == s.name {
        " (file)".to_string()
    } else if s.name.ends_with(&format!("({file})")) {
        return None;
    } else {
        format!(" {file}")
    })
}

/// The summary table. Each value cell carries `data-system`,
/// `data-measure` and `data-value` (full precision) for tests and exports;
/// the best value of each column is marked.
#[component]
pub fn ResultsTable(props: &ResultsTableProps) -> Html {
    let scroller = use_node_ref();
    let more = use_more_to_the_right(
        scroller.clone(),
        (props.measures.clone(), props.systems.clone()),
    );
    // With their index among all systems (the tie report's).
    let (at, systems): (Vec<usize>, Vec<&SystemResult>) = props
        .systems
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.queries.is_empty())
        .unzip();
    let tie_range = |i: usize, j: usize| props.ties.spread_mean(at[i], j);
    // Runs refused (a file's repeated docid, broken judgments): the first
    // module holds no files, so its code leaves their words out.
    let refused: Vec<&SystemResult> = props
        .systems
        .iter()
        .filter(|s| !FIRST && s.refused.is_some())
        .collect();
    if let (true, Some(why)) = (systems.is_empty() && refused.is_empty(), &props.why_empty) {
        return html! { <p class="empty" data-testid="results-empty">{ why.clone() }</p> };
    }
    if systems.is_empty() && refused.is_empty() {
        return html! {
            <p class="empty" data-testid="results-empty">
                { "No rankings yet: add a system in the form, type a line such as " }<code>{ "q1: 3 2 0 1 2" }</code>
                { " in the text, or load a qrels file and a run." }
            </p>
        };
    }
    let best = best_means(&props.measures, &systems);
    let ss = props.stats_settings;
    let marks = match ss.marks && systems.len() > 1 && props.stats.len() == props.measures.len() {
        false => Marks::Off,
        true if any_significant(&props.stats) => Marks::Shown,
        true if marks_testable(&props.stats) => Marks::NoneSignificant,
        true => Marks::Untestable,
    };
    let shown_intervals = ss.shown_intervals(&props.stats);
    let interval = |j: usize, i: usize| shown_intervals.and_then(|s| s.of(j, i));
    let partial_row = |s: &SystemResult| props.partial.as_ref().is_some_and(|l| l.marks_row(s));
    let caption = caption(
        props.partial.as_ref(),
        bold_caption(&systems),
        marks,
        ss,
        (0..systems.len()).any(|i| (0..props.measures.len()).any(|j| tie_range(i, j).is_some())),
    );
    html! {
        <>
        // Before the table: its bold "best" may be over fewer queries.
        if let Some(note) = query_set_note(&props.systems) {
            <p class="query-sets warning-note" role="note" data-testid="query-sets">{ note.to_string() }</p>
        }
        // The caption is shown above the scrolling box (a caption inside it
        // is as wide as the table and cut at the box's edge), and read with
        // the table by screen readers.
        <p class="table-caption" aria-hidden="true" data-testid="results-caption">{ caption.clone() }</p>
        if more {
            { scroll_cue("scroll-cue") }
        }
        <div class={ classes!("table-scroll", more.then_some("more-right")) } tabindex="0" role="region" aria-label="Results table" ref={ scroller }>
        <table class="results" data-testid="results">
            <caption class="visually-hidden">{ caption }</caption>
            <thead>
                <tr>
                    <th scope="col">{ "System" }</th>
                    <th scope="col" class="num">{ "Queries" }</th>
                    { for props.measures.iter().map(|m| html! { <th scope="col" class="num">{ breakable(&m.to_string()) }</th> }) }
                </tr>
            </thead>
            <tbody>
                { for systems.iter().enumerate().map(|(i, s)| html! {
                    <tr>
                        <th scope="row">
                            // The letter stays on the name's line.
                            <span class="lettered">
                                if marks == Marks::Shown { <span class="letter" aria-label={ format!("system {}", letter(i)) }>{ format!("{} ", letter(i)) }</span> }
                                { system_name(&s.name, NARROW) }
                            </span>
                            if let Some(label) = source_label(s) { <span class="source" data-testid="run-file">{ label }</span> }
                            if partial_row(s) { <span class="partial-tag" data-testid="partial-row" title="Computed without this run's bad lines">{ "partial" }</span> }
                        </th>
                        <td class="num" data-system={ s.name.clone() } data-measure="num_q">{ s.queries.len() }</td>
                        { for props.measures.iter().zip(&s.means).zip(&best).enumerate().map(|(j, ((m, v), b))| {
                            let sup: Vec<String> = if marks == Marks::Shown { beaten(&props.stats[j], i).into_iter().map(letter).collect() } else { Vec::new() };
                            let iv = interval(j, i);
                            html! {
                                <td class={ classes!("num", (*b == Some(*v)).then_some("best")) }
                                    data-system={ s.name.clone() }
                                    data-measure={ m.to_string() }
                                    data-value={ v.to_string() }
                                    data-beats={ sup.join(",") }>
                                    <button type="button" class="value" data-value={ v.to_string() }
                                        title="How this value came about"
                                        // The bold is seen; the best is said too.
                                        aria-label={ format!("{m} of {}: {}{}", s.name, format_value(*v), if *b == Some(*v) { ", the best of its column" } else { "" }) }
                                        onclick={ {
                                            let on_select = props.on_select.clone();
                                            let target = Selected { system: s.name.clone(), query: None, measure: j };
                                            Callback::from(move |_: MouseEvent| on_select.emit(target.clone()))
                                        } }>{ format_value(*v) }</button>
                                    if !sup.is_empty() {
                                        <sup class="beats" title={ format!("significantly better than {}", sup.join(", ")) }>{ sup.join("") }</sup>
                                    }
                                    if let Some((lo, hi)) = tie_range(i, j).map(|r| range_ends(r.min, r.max)) {
                                        <a class="tie-mark" href="#tie-range" data-testid="tie-mark"
                                            title={ format!("{lo} to {hi} over the orders of tied documents") }
                                            aria-label={ format!("depends on tie order: {lo} to {hi}") }></a>
                                    }
                                    if let Some((lo, hi)) = iv {
                                        <span class="interval" data-lo={ lo.to_string() } data-hi={ hi.to_string() }>
                                            { format!("[{}, {}]", format_value(lo), format_value(hi)) }
                                        </span>
                                    }
                                </td>
                            }
                        }) }
                    </tr>
                }) }
                { for refused.iter().map(|s| html! {
                    <tr class="refused" data-testid="refused-row">
                        <th scope="row">
                            { system_name(&s.name, NARROW) }
                            if let Some(label) = source_label(s) { <span class="source" data-testid="run-file">{ label }</span> }
                        </th>
                        <td class="num" data-system={ s.name.clone() } data-measure="num_q">{ "—" }</td>
                        <td colspan={ props.measures.len().max(1).to_string() } class="refusal" data-testid="refusal">
                            <span class="refusal-text">{ code_spans(&s.refused.as_ref().map(ToString::to_string).unwrap_or_default()) }</span>
                        </td>
                    </tr>
                }) }
            </tbody>
        </table>
        </div>
        </>
    }
}

/// Why the table is empty when the page has input: what the loaded files
/// lack, else the typed lines that all have problems; `None` for no input.
pub fn empty_reason(files_lack: Option<String>, typed_problems: usize) -> Option<AttrValue> {
    files_lack
        .or_else(|| {
            (typed_problems > 0).then(|| {
                format!(
                    "No ranking could be read: the typed rankings have {}, listed under the text.",
                    crate::shared::evaluation::plural(typed_problems, "problem", "problems")
                )
            })
        })
        .map(AttrValue::from)
}

/// One short sentence for screen readers when the numbers change (the
/// table itself is not a live region: every keystroke would read it all).
pub fn results_status(
    systems: &[crate::shared::evaluation::SystemResult],
    measures: &[crate::shared::evaluation::Metric],
) -> String {
    if systems.is_empty() {
        return "No results yet.".to_string();
    }
    // The first system's first value too (none for a refused run): an
    // edit that changes the numbers but not their counts changes the
    // sentence, so it is said again.
    let first = systems
        .first()
        .zip(measures.first())
        .and_then(|(s, m)| {
            Some(format!(
                " {}: {} {}.",
                s.name,
                m,
                format_value(s.means.first().copied().filter(|v| v.is_finite())?)
            ))
        })
        .unwrap_or_default();
    format!(
        "Results updated: {}, {}.{first}",
        crate::shared::evaluation::plural(systems.len(), "system", "systems"),
        crate::shared::evaluation::plural(measures.len(), "measure", "measures")
    )
}
