//! Whose numbers the files' bad lines hold back until the reader chooses
//! to evaluate without them. trec_eval refuses a file it cannot read
//! whole: a bad judgments line stops every run (each is judged by those
//! judgments), a bad run line stops that run only. Ranklab withholds the
//! same: every file's numbers for a judgments file's bad line, only the
//! damaged runs' for runs' bad lines, so the other runs keep theirs.

use crate::error::ParseError;

use super::results::{Source, SourceResults, SystemResult};
use super::warning::Warning;

/// Which numbers of the files are withheld.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Withheld {
    /// Every file's: a judgments file has a bad line, the runs are judged
    /// by a judgments table (preferences, judgment groups), or every run
    /// that has numbers has a bad line.
    All,
    /// These run files' (by file name, in the order of their first bad
    /// line); the other runs were read whole and keep their numbers.
    Runs(Vec<String>),
}

/// Numbers computed without the bad lines the reader chose to leave out:
/// how many, and whose numbers they touch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// Bad lines left out.
    pub bad_lines: usize,
    /// Whose numbers lack them (the others were read whole).
    pub of: Withheld,
}

impl LeftOut {
    /// Whether `system`'s row is marked partial: it lacks the lines, and
    /// other runs were read whole (when every run lacks them, the caption
    /// says so for all).
    pub fn marks_row(&self, system: &SystemResult) -> bool {
        matches!(self.of, Withheld::Runs(_)) && self.of.covers(system)
    }

    /// What a table's caption starts with: `Computed from partial input
    /// (1 bad line of run.txt left out).`
    pub fn caption(&self) -> String {
        format!(
            "Computed from partial input ({} of {} left out).",
            crate::plural::plural(self.bad_lines, "bad line", "bad lines"),
            self.of.whose()
        )
    }
}

impl Withheld {
    /// Whose numbers, in words: "the files", or the runs' names.
    pub fn whose(&self) -> String {
        match self {
            Withheld::All => "the files".to_string(),
            Withheld::Runs(runs) => runs.join(", "),
        }
    }

    /// Whether `system`'s numbers are withheld: a file's system, under
    /// [`Withheld::All`] or read from one of the runs named. `system` is
    /// named as evaluated (its name is its file's, before
    /// [`name_runs`](super::name_runs)) or after (its file is kept).
    pub fn covers(&self, system: &SystemResult) -> bool {
        if system.source != Source::File {
            return false;
        }
        match self {
            Withheld::All => true,
            Withheld::Runs(files) => {
                let file = system.file.as_deref().unwrap_or(&system.name);
                files.iter().any(|f| f == file)
            }
        }
    }

    /// Whether file `name`'s numbers are withheld.
    pub fn covers_file(&self, name: &str) -> bool {
        match self {
            Withheld::All => true,
            Withheld::Runs(files) => files.iter().any(|f| f == name),
        }
    }
}

impl SourceResults {
    /// What `bad_lines` (the files' [`bad_lines`](SourceResults::bad_lines),
    /// or those still to be accepted) withhold; `None` when there are none.
    pub fn withheld_by(&self, bad_lines: &[ParseError]) -> Option<Withheld> {
        if bad_lines.is_empty() {
            return None;
        }
        let judgments = |name: &str| {
            self.files
                .iter()
                .any(|f| f.name == name && f.kind.is_some_and(|k| k.role.is_judgments()))
        };
        if self.judgment_table.is_some() || bad_lines.iter().any(|e| judgments(&e.input)) {
            return Some(Withheld::All);
        }
        let mut runs: Vec<String> = Vec::new();
        for e in bad_lines {
            if !runs.contains(&e.input) {
                runs.push(e.input.clone());
            }
        }
        let runs = Withheld::Runs(runs);
        let kept = self.systems.iter().any(|s| !runs.covers(s));
        Some(if kept { runs } else { Withheld::All })
    }
}

/// Keeps the warnings about the systems `shown` only: a warning naming a
/// system whose numbers are not shown (withheld for its bad lines) says
/// nothing of the numbers on the page.
pub fn about_shown(warnings: &mut Vec<Warning>, shown: &[SystemResult]) {
    warnings.retain_mut(|w| {
        w.systems_mut()
            .iter()
            .all(|name| shown.iter().any(|s| s.name == **name))
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::Metric;
    use crate::session::{evaluate_files, EvalOptions, LoadedFile};

    fn metrics() -> Vec<Metric> {
        vec!["AP".parse().unwrap()]
    }

    fn evaluate(files: &[(&str, &str)]) -> SourceResults {
        let files: Vec<LoadedFile> = files
            .iter()
            .map(|&(n, t)| LoadedFile::whole(n, t))
            .collect();
        evaluate_files(&files, &metrics(), &EvalOptions::default())
    }

    const QRELS: &str = "q1 0 d1 1\nq1 0 d2 0\n";
    const GOOD: &str = "q1 Q0 d1 1 2.0 good\nq1 Q0 d2 2 1.0 good\n";
    const BAD: &str = "q1 Q0 d1 1 2.0 bad\nq1 Q0 d2 2 high bad\n";

    #[test]
    fn a_bad_run_line_withholds_that_run_only() {
        let part = evaluate(&[("qrels", QRELS), ("good.run", GOOD), ("bad.run", BAD)]);
        let w = part.withheld_by(&part.bad_lines());
        assert_eq!(w, Some(Withheld::Runs(vec!["bad.run".into()])));
        let w = w.unwrap();
        let covered: Vec<bool> = part.systems.iter().map(|s| w.covers(s)).collect();
        let names: Vec<&str> = part.systems.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["good.run", "bad.run"]);
        assert_eq!(covered, [false, true]);
        assert!(w.covers_file("bad.run") && !w.covers_file("good.run"));
    }

    #[test]
    fn after_naming_a_run_is_still_found_by_its_file() {
        let mut part = evaluate(&[("qrels", QRELS), ("good.run", GOOD), ("bad.run", BAD)]);
        let w = part.withheld_by(&part.bad_lines()).unwrap();
        crate::session::name_runs(&mut part.systems, &mut part.warnings);
        let named: Vec<(&str, bool)> = part
            .systems
            .iter()
            .map(|s| (s.name.as_str(), w.covers(s)))
            .collect();
        assert_eq!(named, [("good", false), ("bad", true)]);
    }

    #[test]
    fn a_bad_judgments_line_withholds_every_run() {
        let qrels = "q1 0 d1 1\nq1 0 d2 high\n";
        let part = evaluate(&[("qrels", qrels), ("good.run", GOOD), ("bad.run", BAD)]);
        assert_eq!(part.withheld_by(&part.bad_lines()), Some(Withheld::All));
        let part = evaluate(&[("qrels", qrels), ("good.run", GOOD)]);
        assert_eq!(part.withheld_by(&part.bad_lines()), Some(Withheld::All));
    }

    #[test]
    fn every_run_damaged_is_all_and_no_bad_line_is_none() {
        let part = evaluate(&[("qrels", QRELS), ("bad.run", BAD)]);
        assert_eq!(part.withheld_by(&part.bad_lines()), Some(Withheld::All));
        let part = evaluate(&[("qrels", QRELS), ("good.run", GOOD)]);
        assert_eq!(part.withheld_by(&part.bad_lines()), None);
    }

    #[test]
    fn what_is_said_of_a_withheld_run_goes_with_its_numbers() {
        // The damaged run ties two documents; the whole one does not.
        let tied = "q1 Q0 d1 1 2.0 bad\nq1 Q0 d2 2 2.0 bad\nq1 Q0 d3 3 x bad\n";
        let mut part = evaluate(&[("qrels", QRELS), ("good.run", GOOD), ("bad.run", tied)]);
        let w = part.withheld_by(&part.bad_lines()).unwrap();
        crate::session::name_runs(&mut part.systems, &mut part.warnings);
        let about = |w: &Warning| -> Vec<String> {
            w.clone()
                .systems_mut()
                .into_iter()
                .map(|s| s.clone())
                .collect()
        };
        assert!(
            part.warnings.iter().any(|x| about(x) == ["bad"]),
            "{:?}",
            part.warnings
        );
        part.systems.retain(|s| !w.covers(s));
        crate::session::about_shown(&mut part.warnings, &part.systems);
        assert!(
            part.warnings
                .iter()
                .all(|x| !about(x).contains(&"bad".to_string())),
            "{:?}",
            part.warnings
        );
    }

    #[test]
    fn typed_systems_are_never_withheld() {
        let part = evaluate(&[("qrels", QRELS), ("good.run", GOOD), ("bad.run", BAD)]);
        let mut typed = part.systems[1].clone();
        typed.source = Source::Typed;
        assert!(!Withheld::All.covers(&typed));
    }
}
