//! The evaluation request: what decides the values, made once from the
//! settings. The measures and the core's [`EvalOptions`] come from the
//! settings that change values (the measure choices and the conventions);
//! the statistics settings change no value and are left out, so choosing
//! another test, α, level or number of resamples never evaluates again and
//! never restarts a big file's workers. The typed rankings' results, the
//! files' results, the files job, its Cancel and the workers' messages are
//! all keyed on the request.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::{MeasureNameProblem, Settings, StatsSettings};
use crate::shared::evaluation::{EvalOptions, Metric};

/// The settings a request is made from: every setting that changes a
/// value, and none that does not (the statistics are at their defaults).
/// Two settings that differ only in their statistics have equal bases.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RequestBasis(Settings);

impl RequestBasis {
    /// The part of `settings` that changes values.
    pub fn of(settings: &Settings) -> RequestBasis {
        RequestBasis(Settings {
            stats: StatsSettings::default(),
            ..settings.clone()
        })
    }
}

/// What the core is asked to evaluate with: the measures and the options.
#[derive(Debug, Clone)]
pub struct EvalRequest {
    /// What it was made from (what a worker is sent, to make the same request).
    pub basis: RequestBasis,
    /// The measures, in the table's order.
    pub metrics: Rc<Vec<Metric>>,
    /// Typed measure names that could not be read (left out of `metrics`).
    pub problems: Rc<Vec<MeasureNameProblem>>,
    /// The conventions, the grade scale, preference judgments.
    pub options: EvalOptions,
}

impl PartialEq for EvalRequest {
    /// Equal bases make equal requests (the rest is made from the basis).
    fn eq(&self, other: &Self) -> bool {
        self.basis == other.basis
    }
}

impl EvalRequest {
    /// The request `basis` stands for.
    pub fn new(basis: RequestBasis) -> EvalRequest {
        let (metrics, problems) = basis.0.measures();
        let options = basis.0.eval_options();
        EvalRequest {
            basis,
            metrics: Rc::new(metrics),
            problems: Rc::new(problems),
            options,
        }
    }

    /// The request of `settings`.
    pub fn of(settings: &Settings) -> EvalRequest {
        EvalRequest::new(RequestBasis::of(settings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_settings_make_the_same_request_and_value_settings_another() {
        let s = Settings::default();
        let mut stats = s.clone();
        stats.stats.alpha = 0.01;
        stats.stats.resamples = 999;
        stats.stats.level = 0.9;
        assert_ne!(s, stats);
        assert_eq!(EvalRequest::of(&s), EvalRequest::of(&stats));
        let mut cut = s.clone();
        cut.cutoffs = vec![5];
        let (a, b) = (EvalRequest::of(&s), EvalRequest::of(&cut));
        assert_ne!(a, b);
        let names = |r: &EvalRequest| r.metrics.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        assert!(names(&a).iter().any(|n| n.contains("@10")));
        assert!(names(&b).iter().any(|n| n.contains("@5")));
        let mut ties = s.clone();
        ties.ties = crate::shared::evaluation::TieBreak::Listed;
        assert_ne!(EvalRequest::of(&s), EvalRequest::of(&ties));
    }

    #[test]
    fn a_basis_travels_as_json() {
        let b = RequestBasis::of(&Settings::default());
        let back: RequestBasis = serde_json::from_str(&serde_json::to_string(&b).unwrap()).unwrap();
        assert_eq!(b, back);
    }
}
