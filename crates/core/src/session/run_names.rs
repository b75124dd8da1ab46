//! What a run read from a file is called: its tag, as its authors chose it
//! (a TREC run's sixth column, trec_eval's `runid`), with the file name as
//! a secondary label.

use super::results::{Source, SystemResult};
use super::warning::Warning;

/// Names each run read from a file, and the warnings that name it:
///
/// 1. A run whose lines carry one tag is named by that tag.
/// 2. A run with several tags in its lines (several runs in one file), or
///    none (JSON and table runs, a file without result lines), is named by
///    its file name.
/// 3. When that name is another system's too (two files with the same
///    tag, a tag that is a typed system's name or another run's file
///    name), each such run is named `tag (file name)`.
///
/// The file name stays in [`SystemResult::file`] (which finds the file
/// again). Typed systems keep their names. Naming again gives the same.
pub fn name_runs(systems: &mut [SystemResult], warnings: &mut [Warning]) {
    let file_of = |s: &SystemResult| s.file.clone().unwrap_or_else(|| s.name.clone());
    let wanted: Vec<String> = systems
        .iter()
        .map(|s| match (&s.source, &s.runid) {
            (Source::File, Some(tag)) if !s.several_tags => tag.clone(),
            (Source::File, _) => file_of(s),
            (Source::Typed, _) => s.name.clone(),
        })
        .collect();
    let clash = |i: usize| {
        wanted
            .iter()
            .enumerate()
            .any(|(k, w)| k != i && *w == wanted[i])
    };
    let names: Vec<String> = (0..systems.len())
        .map(|i| {
            let s = &systems[i];
            let file = file_of(s);
            if s.source == Source::File && clash(i) && wanted[i] != file {
                format!("{} ({file})", wanted[i])
            } else {
                wanted[i].clone()
            }
        })
        .collect();
    for (s, name) in systems.iter_mut().zip(names) {
        if s.source != Source::File {
            continue;
        }
        let file = file_of(s);
        for w in warnings.iter_mut() {
            rename_in(w, &file, &name);
        }
        s.file = Some(file);
        s.name = name;
    }
}

/// Renames run `from` to `to` in a warning that names runs.
fn rename_in(w: &mut Warning, from: &str, to: &str) {
    for n in w.systems_mut() {
        if n == from {
            *n = to.to_string();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::test_support::{default_metrics, file};
    use crate::session::{evaluate_files, evaluate_typed, parse_typed, EvalOptions};

    fn names(systems: &[SystemResult]) -> Vec<(String, Option<String>)> {
        systems
            .iter()
            .map(|s| (s.name.clone(), s.file.clone()))
            .collect()
    }

    #[test]
    fn runs_are_named_by_their_one_tag_and_clashes_add_the_file() {
        let q = file("qrels", "q1 0 a 1\nq1 0 b 0\nq2 0 x 1\n");
        let files = [
            q,
            file("run.bm25.txt", "q1 Q0 a 1 2 bm25\nq1 Q0 b 2 1 bm25\n"),
            file("run.dense.txt", "q1 Q0 b 1 2 dense\nq1 Q0 a 2 1 dense\n"),
            // Two runs in one file: no one tag names it.
            file("both.txt", "q1 Q0 a 1 2 x\nq2 Q0 x 1 2 y\n"),
            // The same tag as another file.
            file("old-dense.txt", "q1 Q0 a 1 2 dense\n"),
            file("r.csv", "query,doc,score\nq1,a,1\n"),
            // Tagged as a typed system is named.
            file("typed-clash.txt", "q1 Q0 a 1 2 Mine\n"),
        ];
        let m = default_metrics();
        let options = EvalOptions::default();
        let mut part = evaluate_files(&files, &m, &options);
        let typed = evaluate_typed(&parse_typed("[Mine]\nq1: 1 0\n"), &m, &options);
        let mut systems: Vec<SystemResult> =
            typed.systems.into_iter().chain(part.systems).collect();
        name_runs(&mut systems, &mut part.warnings);
        let want = |n: &str, f: Option<&str>| (n.to_string(), f.map(str::to_string));
        assert_eq!(
            names(&systems),
            [
                want("Mine", None),
                want("bm25", Some("run.bm25.txt")),
                want("dense (run.dense.txt)", Some("run.dense.txt")),
                want("both.txt", Some("both.txt")),
                want("dense (old-dense.txt)", Some("old-dense.txt")),
                want("r.csv", Some("r.csv")),
                want("Mine (typed-clash.txt)", Some("typed-clash.txt")),
            ]
        );
        // The warnings name the runs as the results do.
        let w: Vec<String> = part.warnings.iter().map(ToString::to_string).collect();
        assert!(
            w.iter()
                .any(|w| w.starts_with("bm25: 1 query of the qrels missing")),
            "{w:?}"
        );
        assert!(!w.iter().any(|w| w.starts_with("run.bm25.txt")), "{w:?}");
        // Naming again changes nothing.
        let before = names(&systems);
        name_runs(&mut systems, &mut part.warnings);
        assert_eq!(names(&systems), before);
    }
}
