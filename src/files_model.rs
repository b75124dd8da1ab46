//! What the TREC-files panel shows, computed by the core from the loaded
//! texts: one qrels, any number of runs, each run's means, and located
//! problems. Views only render this.

use ranklab_core::measures::trec_names::{MeasureRequest, TrecItem};
use ranklab_core::{
    classify_trec, evaluate_whole_text, item_metrics, parse_qrels, parse_run, summarise,
    Conventions, EvalContext, ParseError, TrecKind,
};

use crate::state::LoadedFile;

/// One run's summary.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSummary {
    /// File name.
    pub name: String,
    /// Queries evaluated.
    pub num_q: usize,
    /// One value per measure of [`FilesEvaluated::measures`].
    pub values: Vec<f64>,
}

/// The panel's content.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesEvaluated {
    /// Each loaded file with what it was taken for (`None`: neither).
    pub kinds: Vec<(String, Option<TrecKind>)>,
    /// The qrels file used, if any.
    pub qrels: Option<String>,
    /// Measure names as trec_eval prints them.
    pub measures: Vec<String>,
    /// Runs in load order.
    pub runs: Vec<RunSummary>,
    /// Located problems in any file.
    pub errors: Vec<ParseError>,
    /// Things the user must know (missing or run-only queries, extra qrels).
    pub notes: Vec<String>,
}

/// trec_eval measures shown for files, with the page's cutoff k.
pub fn file_measures(k: usize) -> Vec<String> {
    vec![
        "map".into(),
        "recip_rank".into(),
        format!("ndcg_cut.{k}"),
        format!("P.{k}"),
        format!("recall.{k}"),
    ]
}

/// Evaluates every run against the first qrels file, with trec_eval's conventions.
pub fn evaluate_files(files: &[LoadedFile], k: usize) -> FilesEvaluated {
    let mut out = FilesEvaluated::default();
    let mut qrels_file = None;
    let mut runs = Vec::new();
    for f in files {
        let kind = classify_trec(&f.text);
        out.kinds.push((f.name.clone(), kind));
        match kind {
            Some(TrecKind::Qrels) if qrels_file.is_none() => qrels_file = Some(f),
            Some(TrecKind::Qrels) => out.notes.push(format!(
                "{} is a second qrels file and is not used (the first one, {}, is).",
                f.name,
                qrels_file.map_or("", |q| q.name.as_str())
            )),
            Some(TrecKind::Run) => runs.push(f),
            None => {
                let line = f
                    .text
                    .lines()
                    .position(|l| !ranklab_core::is_skipped_line(l))
                    .map_or(1, |i| i + 1);
                out.errors.push(ParseError::new(
                    &f.name,
                    line,
                    1,
                    "a qrels line (4 fields: qid iter docid grade) or a run line (6 fields: qid Q0 docid rank score tag)",
                    f.text.lines().nth(line - 1).unwrap_or(""),
                ));
            }
        }
    }
    let request = MeasureRequest::parse(&file_measures(k)).expect("the file measures are valid");
    let items = request.items().expect("the file measures expand");
    out.measures = items
        .iter()
        .filter_map(|i| match i {
            TrecItem::Measure { name, .. } => Some(name.clone()),
            _ => None,
        })
        .collect();
    let Some(qrels_file) = qrels_file else {
        if !runs.is_empty() {
            out.notes
                .push("Add a qrels file: runs are evaluated against its judgments.".into());
        }
        // Bad lines are reported at once, before any qrels arrives.
        for run in runs {
            out.errors.extend(parse_run(&run.name, &run.text).errors);
        }
        return out;
    };
    out.qrels = Some(qrels_file.name.clone());
    let qrels = parse_qrels(&qrels_file.name, &qrels_file.text);
    out.errors.extend(qrels.errors.iter().cloned());
    let conventions = Conventions::default();
    let aggregations: Vec<_> = item_metrics(&items)
        .iter()
        .map(|m| m.aggregation())
        .collect();
    for run in runs {
        let result = evaluate_whole_text(
            &run.name,
            &run.text,
            &qrels,
            &items,
            &conventions,
            EvalContext::from_qrels(&qrels),
        );
        out.errors.extend(result.errors);
        if !result.missing_queries.is_empty() {
            out.notes.push(format!(
                "{}: {} qrels quer{} without results left out of the means (trec_eval's default without -c).",
                run.name,
                result.missing_queries.len(),
                if result.missing_queries.len() == 1 { "y" } else { "ies" }
            ));
        }
        if !result.run_only_queries.is_empty() {
            out.notes.push(format!(
                "{}: {} quer{} without judgments ignored.",
                run.name,
                result.run_only_queries.len(),
                if result.run_only_queries.len() == 1 {
                    "y"
                } else {
                    "ies"
                }
            ));
        }
        let rows: Vec<Vec<f64>> = result.rows.into_iter().map(|r| r.values).collect();
        out.runs.push(RunSummary {
            name: run.name.clone(),
            num_q: rows.len(),
            values: summarise(&aggregations, &rows),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Action, AppState};

    fn shared(name: &str) -> String {
        let path = format!(
            "{}/../shared/trec_eval_tests/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(path).expect("../shared beside the repo")
    }

    #[test]
    fn trec_eval_test_files_give_trec_eval_map() {
        let s = AppState::default().apply(Action::AddFiles(vec![
            ("results.test".into(), shared("results.test")),
            ("qrels.test".into(), shared("qrels.test")),
        ]));
        let e = evaluate_files(&s.files, s.k);
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        assert_eq!(e.qrels.as_deref(), Some("qrels.test"));
        assert_eq!(e.measures[0], "map");
        // out.test: map 0.1785, recip_rank 0.4064, P_10 0.3000.
        let run = &e.runs[0];
        assert_eq!(run.num_q, 3);
        assert_eq!(format!("{:.4}", run.values[0]), "0.1785");
        assert_eq!(format!("{:.4}", run.values[1]), "0.4064");
        assert_eq!(e.measures[2], "P_10");
        assert_eq!(format!("{:.4}", run.values[2]), "0.3000");
    }

    #[test]
    fn unrecognised_files_and_missing_qrels_are_said() {
        let s = AppState::default().apply(Action::AddFiles(vec![
            ("notes.txt".into(), "hello world\n".into()),
            ("run".into(), "q Q0 d 1 1 t\n".into()),
        ]));
        let e = evaluate_files(&s.files, s.k);
        assert_eq!(e.errors.len(), 1);
        assert!(e.errors[0]
            .to_string()
            .starts_with("notes.txt:1:1: expected a qrels line"));
        assert!(e.notes[0].contains("Add a qrels file"));
        assert!(e.runs.is_empty());
        // A bad run line is reported even before a qrels file is loaded.
        let s = s.apply(Action::AddPasted("q Q0 d 1 high t\n".into()));
        let e = evaluate_files(&s.files, s.k);
        assert!(e.errors.iter().any(|err| err.to_string() == "pasted-1:1:10: expected a numeric score in field 5 (e.g. 12.5, -3.2e-05, 2E+01), found `high`"), "{:?}", e.errors);
    }
}
