//! The app's state: plain data, the actions that change it, and a pure
//! `apply` so the logic is tested natively.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::Reducible;

use crate::example::EXAMPLE_QUICK;

/// Smallest and largest cutoff the k field accepts.
pub const K_RANGE: (usize, usize) = (1, 10_000);

/// A TREC file the user loaded or pasted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoadedFile {
    /// File name (or `pasted-N`), unique among the loaded files.
    pub name: String,
    /// Its whole text.
    pub text: String,
}

/// Everything the user typed or chose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AppState {
    /// The quick-format text.
    pub quick_text: String,
    /// Cutoff k of nDCG@k, P@k and R@k.
    pub k: usize,
    /// TREC qrels and runs, in the order they were added (told apart by
    /// their columns when evaluated).
    #[serde(default)]
    pub files: Vec<LoadedFile>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            quick_text: EXAMPLE_QUICK.to_string(),
            k: 10,
            files: Vec::new(),
        }
    }
}

/// What the user can do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The quick text changed.
    SetText(String),
    /// The cutoff field changed (raw text of the field).
    SetK(String),
    /// Put the example data back.
    LoadExample,
    /// Add files (name, text); a name already loaded is replaced.
    AddFiles(Vec<(String, String)>),
    /// Add pasted text under the next free `pasted-N` name.
    AddPasted(String),
    /// Remove the file with this name.
    RemoveFile(String),
}

impl AppState {
    /// The state after `action`. An unparseable or out-of-range k keeps the
    /// previous value (the field shows the problem).
    pub fn apply(&self, action: Action) -> AppState {
        match action {
            Action::SetText(text) => AppState {
                quick_text: text,
                ..self.clone()
            },
            Action::SetK(raw) => match parse_k(&raw) {
                Ok(k) => AppState { k, ..self.clone() },
                Err(_) => self.clone(),
            },
            Action::LoadExample => AppState {
                quick_text: EXAMPLE_QUICK.to_string(),
                ..self.clone()
            },
            Action::AddFiles(added) => {
                let mut next = self.clone();
                for (name, text) in added {
                    match next.files.iter_mut().find(|f| f.name == name) {
                        Some(f) => f.text = text,
                        None => next.files.push(LoadedFile { name, text }),
                    }
                }
                next
            }
            Action::AddPasted(text) if text.trim().is_empty() => self.clone(),
            Action::AddPasted(text) => {
                let name = (1..)
                    .map(|i| format!("pasted-{i}"))
                    .find(|n| !self.files.iter().any(|f| &f.name == n))
                    .expect("an unused name exists");
                self.apply(Action::AddFiles(vec![(name, text)]))
            }
            Action::RemoveFile(name) => AppState {
                files: self
                    .files
                    .iter()
                    .filter(|f| f.name != name)
                    .cloned()
                    .collect(),
                ..self.clone()
            },
        }
    }
}

/// Reads the cutoff field: a whole number within [`K_RANGE`].
pub fn parse_k(raw: &str) -> Result<usize, String> {
    let (lo, hi) = K_RANGE;
    match raw.trim().parse::<usize>() {
        Ok(k) if (lo..=hi).contains(&k) => Ok(k),
        _ => Err(format!("k must be a whole number from {lo} to {hi}")),
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(self.apply(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_change_what_they_name() {
        let s = AppState::default();
        let t = s.apply(Action::SetText("1 0".into()));
        assert_eq!(t.quick_text, "1 0");
        assert_eq!(t.k, 10);
        assert_eq!(t.apply(Action::SetK("5".into())).k, 5);
        assert_eq!(t.apply(Action::SetK("0".into())).k, 10);
        assert_eq!(t.apply(Action::SetK("abc".into())).k, 10);
        assert_eq!(t.apply(Action::LoadExample).quick_text, EXAMPLE_QUICK);
        assert!(parse_k("10001").is_err());
    }

    #[test]
    fn files_are_added_replaced_pasted_and_removed() {
        let s = AppState::default()
            .apply(Action::AddFiles(vec![
                ("qrels".into(), "1 0 a 1".into()),
                ("run".into(), "x".into()),
            ]))
            .apply(Action::AddFiles(vec![("run".into(), "y".into())]))
            .apply(Action::AddPasted("p".into()))
            .apply(Action::AddPasted("q".into()))
            .apply(Action::AddPasted("  ".into()));
        let names: Vec<&str> = s.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["qrels", "run", "pasted-1", "pasted-2"]);
        assert_eq!(s.files[1].text, "y");
        let s = s
            .apply(Action::RemoveFile("pasted-1".into()))
            .apply(Action::AddPasted("r".into()));
        let names: Vec<&str> = s.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["qrels", "run", "pasted-2", "pasted-1"]);
    }

    #[test]
    fn state_saved_before_files_existed_still_loads() {
        let old = r#"{"quick_text":"1 0","k":5}"#;
        let s: AppState = serde_json::from_str(old).unwrap();
        assert!(s.files.is_empty());
    }
}
