//! The app's state: plain data, the actions that change it, and a pure
//! `apply` so the logic is tested natively.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::Reducible;

use crate::example::EXAMPLE_QUICK;

/// Smallest and largest cutoff the k field accepts.
pub const K_RANGE: (usize, usize) = (1, 10_000);

/// Everything the user typed or chose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AppState {
    /// The quick-format text.
    pub quick_text: String,
    /// Cutoff k of nDCG@k, P@k and R@k.
    pub k: usize,
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            quick_text: EXAMPLE_QUICK.to_string(),
            k: 10,
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
}
