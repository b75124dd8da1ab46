//! The results pane of the calculate and files doors: heading and status,
//! the inputs' problems and warnings, the table (or the judgments' table),
//! the explanation, exports, the example's checks, per-query values and
//! charts; in the files door also the files' job, the tie range,
//! statistics and the tools' conventions compared; the time taken.

use yew::prelude::*;

use crate::results::export_bar::ExportBar;
use crate::results::job_status::JobStatusView;
use crate::results::judgment_table::JudgmentTableView;
use crate::results::measure_choice::MeasureChoice;
use crate::results::per_query::PerQuery;
use crate::results::results_heading::{results_heading, ResultsHeadingProps};
use crate::results::results_table::results_status;
use crate::results::use_evaluation::Evaluation;
use crate::results::warnings::Warnings;
use crate::settings::Settings;
use crate::shared::after_paint::AfterPaint;
use crate::shared::door::Door;
use crate::shared::error_list::problems_paragraph;
use crate::shared::evaluation::ParseError;
use crate::shared::first_module::FIRST;
use crate::shared::same_rc::SameRc;

/// The parts of the pane that the page makes (they are shared with embed
/// mode or read the same values as the page's other views).
pub struct ResultsParts {
    /// Settings typed that do not read (the numbers follow the ones before).
    pub unread_settings: Html,
    /// The choice to see numbers without the bad lines.
    pub partial_view: Html,
    /// The results table.
    pub results_table: Html,
    /// The open explanation.
    pub explanation: Html,
    /// The door's own panels after the explanation (the files door: the
    /// tie range).
    pub after_explanation: Html,
    /// An example's values beside the article's.
    pub case_checks: Html,
    /// The charts.
    pub charts: Html,
    /// The door's own panels after the charts (the files door: statistics
    /// and the tools' conventions compared).
    pub after_charts: Html,
}

/// What the results pane shows.
pub struct ResultsPane<'a> {
    /// The door it is shown in.
    pub door: Door,
    /// The finished values.
    pub ev: &'a Evaluation,
    /// The settings (the statistics panel changes them).
    pub settings: &'a Settings,
    /// A value's explanation is asked for.
    pub on_select: Callback<crate::results::explanation::Selected>,
    /// The parts made by the page.
    pub parts: ResultsParts,
    /// The per-query table's measure (the charts' per-query views follow it).
    pub measure: MeasureChoice,
}

/// Lays the results pane out.
pub fn results_pane(p: ResultsPane) -> Html {
    let ResultsPane {
        door,
        ev,
        settings,
        on_select,
        parts,
        measure,
    } = p;
    let measures = ev.request.metrics.clone();
    let systems = ev.systems.clone();
    let stats = ev.stats.clone();
    let (typed, files_part) = (&ev.typed, &ev.from_files.part);
    let job = &ev.from_files;
    let marks_note = settings.stats.marks_note();
    // (Judgment tables come from files, which the first module never holds.)
    let judgment_table = ev.judgment_table.clone().filter(|_| !FIRST);
    // The files' problems the files door's own panel tells of: all of them
    // while their numbers are withheld, the bad lines left out once the
    // reader chose to go on without them.
    let told: &[ParseError] = match (ev.withheld.is_some(), door) {
        (true, _) => &files_part.errors,
        (false, Door::Files) => &ev.bad_lines,
        (false, _) => &[],
    };
    html! {
                <section class="results-pane" aria-labelledby="results-title"
                    aria-busy={ ev.updating.to_string() }>
                    { results_heading(&ResultsHeadingProps { updating: ev.updating, status: results_status(&systems, &measures) }) }
                    <JobStatusView status={ job.status.clone() } on_cancel={ job.cancel.clone() } on_retry={ job.retry.clone() } />
                    { problems_paragraph(&typed.part.errors, &files_part.errors, told) }
                    { parts.unread_settings }
                    <Warnings warnings={ ev.warnings.clone() } />
                    { parts.partial_view }
                    if !(systems.is_empty() && (judgment_table.is_some() || ev.withheld.is_some())) {
                        { parts.results_table }
                    }
                    // On a phone the input follows the whole results pane
                    // (the files door's, once files are in): one tap away.
                    if door == Door::Calculate {
                        <a class="to-input" href="#input-panel" data-testid="edit-rankings">{ "Edit the rankings ↓" }</a>
                    } else if door == Door::Files && !files_part.files.is_empty() {
                        <a class="to-input" href="#input-panel" data-testid="to-files">{ "Add or remove files ↓" }</a>
                    }
                    if let Some(table) = judgment_table {
                        <JudgmentTableView { table } />
                    }
                    { parts.explanation }
                    // The exports under the table they save (the tie range
                    // panel after them can be long).
                    <ExportBar measures={ measures.clone() } systems={ systems.clone() } partial={ ev.partial.clone() }
                        stats={ settings.stats.marks.then(|| SameRc(stats.reports.clone())) } marks_note={ marks_note }
                        intervals={ (SameRc(stats.reports.clone()), settings.stats) } />
                    { parts.case_checks }
                    // The values are painted first, the rest a frame later,
                    // when results first come (see `AfterPaint`).
                    <AfterPaint results={ !systems.is_empty() }>
                        { parts.after_explanation }
                        <PerQuery measures={ measures.clone() } systems={ systems.clone() } partial={ ev.partial.clone() } on_select={ on_select.clone() } { measure } />
                        { parts.charts }
                        { parts.after_charts }
                    </AfterPaint>
                    <p class="timing hint" data-testid="eval-ms" data-typed-ms={ typed.millis.to_string() } data-files-ms={ job.millis.to_string() }>
                        { if files_part.files.is_empty() {
                            format!("Computed in {:.1} ms.", typed.millis)
                        } else if typed.part.systems.is_empty() {
                            // Nothing typed: no "0.0 ms (typed rankings)".
                            format!("Computed in {:.1} ms.", job.millis)
                        } else {
                            format!("Computed in {:.1} ms (typed rankings) and {:.1} ms (files).", typed.millis, job.millis)
                        } }
                    </p>
                </section>
    }
}
