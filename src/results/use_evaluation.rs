//! The app's one door to the core's pipeline: from the state (typed text,
//! files, settings) to the finished values the views show: the measures,
//! the typed rankings' evaluation, the files' (in workers), which numbers
//! are withheld for bad lines, the systems, their statistics and the
//! warnings. Each value is memoised, so a keystroke that changes no result
//! hands the views the same values.

use std::rc::Rc;

use yew::prelude::*;

use crate::big_files::file_results::{use_file_results, FileResults};
use crate::model::state::AppState;
use crate::results::evaluated_text::use_evaluated_text;
use crate::results::statistics::statistics;
use crate::settings::request::{EvalRequest, RequestBasis};
use crate::shared::evaluation::StatsReport;
use crate::shared::evaluation::{
    evaluate_typed, name_runs, parse_typed, JudgmentTable, SourceResults, SystemResult, TieReport,
    Warning,
};
use crate::shared::evaluation::{InputKind, LeftOut, ParseError, QuickInput, Withheld};
use crate::shared::same_rc::SameRc;

/// Milliseconds since the page started (for the shown computation time).
fn now() -> f64 {
    gloo::utils::window().performance().map_or(0.0, |p| p.now())
}

/// The typed rankings as read and evaluated.
#[derive(PartialEq)]
pub struct TypedResults {
    /// The rankings read from the text.
    pub input: Rc<QuickInput>,
    /// Their evaluation (systems, errors, warnings).
    pub part: SourceResults,
    /// Milliseconds it took.
    pub millis: f64,
}

/// The statistics of the systems shown.
#[derive(PartialEq)]
pub struct Statistics {
    /// One report per measure.
    pub reports: Rc<Vec<StatsReport>>,
    /// Milliseconds they took.
    pub millis: f64,
}

/// Everything the views show, computed.
pub struct Evaluation {
    /// The request made from the settings: the measures chosen, the typed
    /// names that could not be read, the core's options.
    pub request: Rc<EvalRequest>,
    /// The results are those of the text before the last keystrokes.
    pub updating: bool,
    /// The typed rankings read, their evaluation, and its milliseconds.
    pub typed: Rc<TypedResults>,
    /// The files' evaluation and its job.
    pub from_files: FileResults,
    /// The files' bad lines.
    pub bad_lines: Rc<Vec<ParseError>>,
    /// Whose numbers the files' bad lines withhold (every file's, or the
    /// damaged runs' only) until the reader accepts them.
    pub withheld: Option<Withheld>,
    /// Numbers are shown without bad lines (how many, and whose).
    pub partial: Option<LeftOut>,
    /// Every system with numbers: typed, then files.
    pub systems: SameRc<Vec<SystemResult>>,
    /// Their statistics, and its milliseconds.
    pub stats: Rc<Statistics>,
    /// How much their values depend on the order of tied documents.
    pub ties: SameRc<TieReport>,
    /// What to know about the numbers.
    pub warnings: Vec<Warning>,
    /// The runs' values for preference or judgment-group judgments.
    pub judgment_table: Option<Rc<JudgmentTable>>,
    /// The reader accepts numbers without the bad lines.
    pub on_partial: Callback<MouseEvent>,
    /// The reader withholds them again.
    pub on_withhold: Callback<MouseEvent>,
    /// The typed text is a TREC file rather than rankings (and so fails to
    /// read): what kind, to offer loading it as a file.
    pub trec_in_text: Rc<Option<InputKind>>,
}

/// Evaluates the state; `defer`: the text is being typed (a long one is
/// evaluated when typing pauses).
#[hook]
pub fn use_evaluation(state: &UseReducerHandle<AppState>, defer: bool) -> Evaluation {
    // Made once per basis: a statistics setting keeps the same request,
    // so nothing below that depends on it evaluates again.
    let request = use_memo(RequestBasis::of(&state.settings), |basis| {
        EvalRequest::new(basis.clone())
    });
    // A long text is evaluated once typing pauses (see evaluated_text).
    let (evaluated_text, updating) = use_evaluated_text(state.quick_text.clone(), defer);
    let typed = use_memo((evaluated_text, (*request).clone()), |(text, eval)| {
        let t0 = now();
        let input = Rc::new(parse_typed(text));
        let part = evaluate_typed(&input, &eval.metrics, &eval.options);
        TypedResults {
            input,
            part,
            millis: now() - t0,
        }
    });
    let from_files = use_file_results(&state.files, &request);
    // Numbers from files with bad lines are withheld until the reader
    // chooses to evaluate without those lines (trec_eval refuses such
    // files): every file's for a judgments file's bad line, the damaged
    // runs' only otherwise. The choice holds for those very problems only.
    let partial_ok = use_state(|| None::<Rc<Vec<crate::shared::evaluation::ParseError>>>);
    let bad_lines = Rc::new(from_files.part.bad_lines());
    let touched = from_files.part.withheld_by(&bad_lines);
    let accepted = partial_ok.as_deref() == Some(&*bad_lines);
    let withheld = touched.clone().filter(|_| !accepted);
    let partial = touched.filter(|_| accepted).map(|of| LeftOut {
        bad_lines: bad_lines.len(),
        of,
    });
    // Held by the memo, so a keystroke that changes no result (a long
    // text before its pause) hands the views the same systems.
    // Runs are named by their tags, and the warnings name them so too.
    let named = use_memo(
        (
            SameRc(typed.clone()),
            SameRc(from_files.part.clone()),
            withheld.clone(),
        ),
        |(SameRc(typed), SameRc(files), withheld)| {
            let typed_part = &typed.part;
            let mut systems: Vec<SystemResult> = typed_part
                .systems
                .iter()
                .chain(&files.systems)
                .cloned()
                .collect();
            let mut warnings: Vec<Warning> = typed_part
                .warnings
                .iter()
                .chain(&files.warnings)
                .cloned()
                .collect();
            // Named with every run, so a run keeps its name whether the
            // others' numbers are withheld or not.
            name_runs(&mut systems, &mut warnings);
            if let Some(w) = withheld {
                systems.retain(|s| !w.covers(s));
                // What is said of the withheld runs says nothing of the
                // numbers shown.
                crate::shared::evaluation::about_shown(&mut warnings, &systems);
            }
            (Rc::new(systems), warnings)
        },
    );
    let systems: SameRc<Vec<SystemResult>> = SameRc(named.0.clone());
    let stats = use_memo(
        (
            systems.clone(),
            request.metrics.clone(),
            state.settings.stats,
        ),
        |(systems, m, st)| {
            let t0 = now();
            let reports = Rc::new(statistics(systems, m, st));
            Statistics {
                reports,
                millis: now() - t0,
            }
        },
    );
    let ties = use_memo(
        (systems.clone(), request.metrics.clone()),
        |(systems, m)| Rc::new(TieReport::new(m, systems)),
    );
    let ties = SameRc((*ties).clone());
    let warnings: Vec<Warning> = named.1.clone();
    let judgment_table = from_files
        .part
        .judgment_table
        .clone()
        .filter(|_| withheld.is_none())
        .map(Rc::new);
    let on_partial = {
        let (partial_ok, bad_lines) = (partial_ok.clone(), bad_lines.clone());
        Callback::from(move |_: MouseEvent| partial_ok.set(Some(bad_lines.clone())))
    };
    let on_withhold = {
        let partial_ok = partial_ok.clone();
        Callback::from(move |_: MouseEvent| partial_ok.set(None))
    };
    // TREC lines typed or pasted where rankings go: offer to load them as
    // a file rather than list every line as a bad grade.
    let trec_in_text = use_memo(
        (state.quick_text.clone(), !typed.part.errors.is_empty()),
        |(text, has_errors)| {
            has_errors
                .then(|| crate::shared::evaluation::trec_text_kind(text))
                .flatten()
        },
    );
    Evaluation {
        trec_in_text,
        request,
        updating,
        typed,
        from_files,
        bad_lines,
        withheld,
        partial,
        systems,
        stats,
        ties,
        warnings,
        judgment_table,
        on_partial,
        on_withhold,
    }
}
