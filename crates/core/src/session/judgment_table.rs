//! The values of runs evaluated against preference judgments or judgment
//! groups, as shown in a table of their own: what
//! [`super::trec_judgments`] produces and the results carry.

use crate::formats::inputs::InputRole;

/// One measure of a [`JudgmentTable`].
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct JudgmentMeasure {
    /// trec_eval's name (`prefs_simp`, `P_avgjg_10`, ...).
    pub name: String,
    /// A count, summed over queries (the others are averaged).
    pub count: bool,
    /// How the value is computed, in a sentence or two.
    pub formula: String,
}

/// One run's values in a [`JudgmentTable`].
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct JudgmentSystem {
    /// The run's file name.
    pub name: String,
    /// Per query (qid order): its id and one value per measure.
    pub queries: Vec<(String, Vec<f64>)>,
    /// Over the queries: counts summed, the others averaged (trec_eval's
    /// `all` line).
    pub all: Vec<f64>,
    /// Why the run has no values (a repeated docid refused, inconsistent
    /// preferences).
    pub refused: Option<super::warning::Refusal>,
}

/// How a judgments file is read for its table.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JudgmentReading {
    /// `qid group subgroup docid level` lines (trec_eval's `-R prefs`).
    Preferences,
    /// Plain qrels read as preferences (trec_eval's `-R qrels_prefs`):
    /// field 2 names the group, each group has one subgroup, and a higher
    /// grade is preferred to a lower one.
    QrelsAsPreferences,
    /// Judgment groups (trec_eval's `-R qrels_jg`).
    JudgmentGroups,
}

impl JudgmentReading {
    /// How a file of `role` is read (`None` for a run or plain qrels).
    pub fn of(role: InputRole) -> Option<JudgmentReading> {
        match role {
            InputRole::Preferences => Some(JudgmentReading::Preferences),
            InputRole::JudgmentGroups => Some(JudgmentReading::JudgmentGroups),
            InputRole::Qrels | InputRole::Run => None,
        }
    }

    /// Preference measures (else judgment-group ones).
    pub fn is_preferences(self) -> bool {
        self != JudgmentReading::JudgmentGroups
    }
}

/// The runs' values for the measures of preference judgments or judgment
/// groups.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct JudgmentTable {
    /// The judgments file.
    pub judgments: String,
    /// How the file was read.
    pub reading: JudgmentReading,
    /// Columns, in trec_eval's order.
    pub measures: Vec<JudgmentMeasure>,
    /// Runs, in load order.
    pub systems: Vec<JudgmentSystem>,
}
