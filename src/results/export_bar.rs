//! Buttons that save the results table and the per-query values as files.

use crate::shared::same_rc::SameRc;
use std::rc::Rc;

use crate::shared::evaluation::Metric;
use crate::shared::evaluation::StatsReport;
use yew::prelude::*;

use crate::settings::StatsSettings;
use crate::shared::download::download;
use crate::shared::evaluation::exports::{
    per_query_csv, per_query_json, results_csv, results_json, results_latex, results_markdown,
    trec_eval_text, Table,
};
use crate::shared::evaluation::{LeftOut, SystemResult};

/// Props of [`ExportBar`].
#[derive(Properties, PartialEq)]
pub struct ExportBarProps {
    /// Measures of the table.
    pub measures: Rc<Vec<Metric>>,
    /// All systems.
    pub systems: SameRc<Vec<SystemResult>>,
    /// Statistics per measure when marks are shown.
    pub stats: Option<SameRc<Vec<StatsReport>>>,
    /// Test, correction and α of the marks.
    pub marks_note: String,
    /// The files' numbers were computed without this many bad lines: each
    /// file says so, and its name ends in `-partial`.
    #[prop_or_default]
    pub partial: Option<LeftOut>,
    /// Every measure's statistics and the statistics settings: Markdown
    /// and LaTeX give the interval the table shows after each mean.
    #[prop_or_default]
    pub intervals: Option<(SameRc<Vec<StatsReport>>, StatsSettings)>,
}

type Format = fn(&Table) -> String;

/// `ranklab-results.csv` -> `ranklab-results-partial.csv` for partial input.
fn partial_name(file: &str, partial: bool) -> String {
    match (partial, file.rsplit_once('.')) {
        (true, Some((stem, ext))) => format!("{stem}-partial.{ext}"),
        _ => file.to_string(),
    }
}

/// The export buttons.
#[component]
pub fn ExportBar(props: &ExportBarProps) -> Html {
    let problem = use_state(|| None::<String>);
    // Markdown and LaTeX give tie ranges in their cells on request only.
    let ranges = use_state(|| false);
    if props.systems.iter().all(|s| s.queries.is_empty()) {
        return html! {};
    }
    let ties_matter = !Table::new(&props.measures, &props.systems, None, String::new())
        .tie_columns()
        .is_empty();
    let on_ranges = {
        let ranges = ranges.clone();
        Callback::from(move |e: Event| {
            use wasm_bindgen::JsCast;
            if let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                ranges.set(input.checked());
            }
        })
    };
    let button = |label: &'static str,
                  testid: &'static str,
                  file: &'static str,
                  mime: &'static str,
                  f: Format| {
        let (measures, systems, stats, note, partial, with_ranges, intervals) = (
            props.measures.clone(),
            props.systems.clone(),
            props.stats.clone(),
            props.marks_note.clone(),
            props.partial.clone(),
            *ranges && ties_matter,
            props.intervals.clone(),
        );
        let file = partial_name(file, partial.is_some());
        let problem = problem.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            let t = Table::new(
                &measures,
                &systems,
                stats.as_deref().map(Vec::as_slice),
                note.clone(),
            )
            .partial(partial.clone())
            .with_tie_ranges(with_ranges)
            .with_intervals(
                intervals
                    .as_ref()
                    .and_then(|(reports, settings)| settings.shown_intervals(reports)),
            );
            problem.set(download(&file, mime, &f(&t)).err());
        });
        html! { <button type="button" data-testid={ testid } { onclick }>{ label }</button> }
    };
    html! {
        <div class="export-bar" role="group" aria-label="Export">
            <span>{ "Save table:" }</span>
            { button("CSV", "export-csv", "ranklab-results.csv", "text/csv", results_csv) }
            { button("JSON", "export-json", "ranklab-results.json", "application/json", results_json) }
            { button("Markdown", "export-md", "ranklab-results.md", "text/markdown", results_markdown) }
            { button("LaTeX", "export-tex", "ranklab-results.tex", "application/x-tex", results_latex) }
            if ties_matter {
                <label class="export-option">
                    <input type="checkbox" data-testid="export-tie-ranges" checked={ *ranges } onchange={ on_ranges } />
                    { "Markdown and LaTeX tables give each mean's range over tie orders" }
                </label>
            }
            <span>{ "Per query:" }</span>
            { button("CSV", "export-pq-csv", "ranklab-per-query.csv", "text/csv", per_query_csv) }
            { button("JSON", "export-pq-json", "ranklab-per-query.json", "application/json", per_query_json) }
            { button("trec_eval text", "export-trec", "ranklab-per-query.txt", "text/plain", trec_eval_text) }
            if let Some(p) = (*problem).clone() {
                <p class="field-error" role="alert">{ p }</p>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::partial_name;

    #[test]
    fn partial_exports_say_so_in_their_names() {
        assert_eq!(
            partial_name("ranklab-results.csv", true),
            "ranklab-results-partial.csv"
        );
        assert_eq!(
            partial_name("ranklab-per-query.txt", true),
            "ranklab-per-query-partial.txt"
        );
        assert_eq!(
            partial_name("ranklab-results.csv", false),
            "ranklab-results.csv"
        );
    }
}
