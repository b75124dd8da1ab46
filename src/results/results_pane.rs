//! The results pane of the full page: heading and status, the files' job,
//! the inputs' problems and warnings, the table (or the judgments' table),
//! the explanation, exports, the example's checks, per-query values,
//! charts, statistics, the tools' conventions compared, and the time taken.

use std::rc::Rc;

use yew::prelude::*;

use crate::files::compare_view::CompareView;
use crate::files::file_results::JobStatus;
use crate::files::job_status::JobStatusView;
use crate::files::significance_panel::SignificancePanel;
use crate::results::export_bar::ExportBar;
use crate::results::judgment_table::JudgmentTableView;
use crate::results::per_query::PerQuery;
use crate::results::results_table::results_status;
use crate::results::warnings::Warnings;
use crate::settings::Settings;
use crate::shared::error_list::problems_paragraph;
use crate::shared::evaluation::StatsReport;
use crate::shared::evaluation::{JudgmentTable, SourceResults, SystemResult, Warning};
use crate::shared::evaluation::{Metric, QuickInput};
use crate::shared::same_rc::SameRc;
use crate::shell::page_header::{results_heading, ResultsHeadingProps};
use crate::shell::state::LoadedFile;

/// What the results pane shows.
pub struct ResultsPane {
    /// The measures.
    pub measures: Rc<Vec<Metric>>,
    /// Every system with numbers.
    pub systems: SameRc<Vec<SystemResult>>,
    /// Their statistics, and its milliseconds.
    pub stats: Rc<(Rc<Vec<StatsReport>>, f64)>,
    /// The settings.
    pub settings: Settings,
    /// The typed rankings, their evaluation and its milliseconds.
    pub typed: Rc<(Rc<QuickInput>, SourceResults, f64)>,
    /// The files' evaluation.
    pub files_part: Rc<SourceResults>,
    /// The files' job: where it stands, cancel, retry.
    pub job: (JobStatus, Callback<()>, Callback<()>),
    /// Milliseconds of the files' evaluation.
    pub files_ms: f64,
    /// The files to compare conventions on (none while withheld).
    pub files: Rc<Vec<LoadedFile>>,
    /// The numbers are those of the text before the last keystrokes.
    pub updating: bool,
    /// The files' numbers are withheld for bad lines.
    pub withheld: bool,
    /// Numbers shown without this many bad lines.
    pub partial: Option<usize>,
    /// What to know about the numbers.
    pub warnings: Vec<Warning>,
    /// The runs' values for preference or judgment-group judgments.
    pub judgment_table: Option<Rc<JudgmentTable>>,
    /// Settings fields re-read the state when it is replaced.
    pub generation: u32,
    /// The settings changed.
    pub on_settings: Callback<Settings>,
    /// A value's explanation is asked for.
    pub on_select: Callback<crate::results::explanation::Selected>,
    /// The choice to see numbers without the bad lines.
    pub partial_view: Html,
    /// The results table.
    pub results_table: Html,
    /// The open explanation.
    pub explanation: Html,
    /// How much the values depend on the order of tied documents.
    pub tie_range: Html,
    /// An example's values beside the article's.
    pub case_checks: Html,
    /// The charts.
    pub charts: Html,
}

/// Lays the results pane out.
pub fn results_pane(p: ResultsPane) -> Html {
    let ResultsPane {
        measures,
        systems,
        stats,
        settings,
        typed,
        files_part,
        job,
        files_ms,
        files,
        updating,
        withheld,
        partial,
        warnings,
        judgment_table,
        generation,
        on_settings,
        on_select,
        partial_view,
        results_table,
        explanation,
        tie_range,
        case_checks,
        charts,
    } = p;
    let marks_note = settings.stats.marks_note();
    html! {
                <section class="results-pane" aria-labelledby="results-title"
                    aria-busy={ updating.to_string() }>
                    { results_heading(&ResultsHeadingProps { updating, status: results_status(systems.len(), measures.len()) }) }
                    <JobStatusView status={ job.0 } on_cancel={ job.1 } on_retry={ job.2 } />
                    { problems_paragraph(&typed.1.errors, &files_part.errors, withheld) }
                    <Warnings { warnings } />
                    { partial_view }
                    if !(systems.is_empty() && (judgment_table.is_some() || withheld)) {
                        { results_table }
                    }
                    // On a phone the input follows the whole results pane: one tap away.
                    <a class="to-input" href="#input-panel" data-testid="edit-rankings">{ "Edit the rankings ↓" }</a>
                    if let Some(table) = judgment_table.clone() {
                        <JudgmentTableView { table } />
                    }
                    { explanation }
                    { tie_range }
                    <ExportBar measures={ measures.clone() } systems={ systems.clone() } { partial }
                        stats={ settings.stats.marks.then(|| SameRc(stats.0.clone())) } marks_note={ marks_note } />
                    { case_checks }
                    <PerQuery measures={ measures.clone() } systems={ systems.clone() } { partial } on_select={ on_select.clone() } />
                    { charts }
                    <SignificancePanel key={ generation } settings={ settings.clone() } on_change={ on_settings.clone() }
                        measures={ measures.clone() } systems={ systems.clone() } stats={ SameRc(stats.0.clone()) } millis={ stats.1 } />
                    <CompareView input={ SameRc(typed.0.clone()) } { files } measures={ measures.clone() } level={ settings.relevance_level } />
                    <p class="timing hint" data-testid="eval-ms" data-typed-ms={ typed.2.to_string() } data-files-ms={ files_ms.to_string() }>
                        { format!("Computed in {:.1} ms (typed rankings) and {:.1} ms (files).", typed.2, files_ms) }
                    </p>
                </section>
    }
}
