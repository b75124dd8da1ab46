//! What a measure family's module says of its measures, in one place: how
//! their names read and write, which trec_eval families (`-m`) they expand
//! to, and (a trait of its own) their worked steps. `measures/mod.rs` lists
//! the families ([`super::MEASURE_FAMILIES`], [`super::WORKED_STEPS`]); the
//! name reader, the name writer, the `-m` expansion and the explanation go
//! through those lists.

use std::fmt;

use super::name_parts::{Name, NameProblem};
use super::steps::Explanation;
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::TrecName;
use super::{EvalContext, Metric};
use crate::judged::JudgedRanking;

/// A family of measures (one module of `measures/`).
pub(crate) trait MeasureFamily: Sync {
    /// The measure a name stands for (its base in lower case, `n.base`), or
    /// `None` for a base of another family.
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem>;

    /// The measures trec_eval's `-m family[.raw]` asks for, each given to
    /// `push` under the name trec_eval prints; `false` for a trec_eval
    /// family of another module.
    fn expand_trec(
        &self,
        _family: &str,
        _raw: Option<&str>,
        _push: &mut dyn FnMut(String, Metric),
    ) -> Result<bool, String> {
        Ok(false)
    }

    /// trec_eval's family, the parameter it prints `m` with and its line
    /// name, where trec_eval computes exactly `m` with its default parameters
    /// or a cutoff, recall level or multiple; `None` otherwise (Ranklab then
    /// prints it under its own name) or for another family's measure.
    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, _m: &Metric) -> Option<TrecName> {
        None
    }

    /// Writes `m`'s name (which [`MeasureFamily::read_name`] reads back),
    /// or `None` for a measure of another family.
    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result>;
}

/// A family of measures with worked steps (an explanation's calculation).
/// Apart from [`MeasureFamily`], so that a build that names measures but
/// explains none (the page's worker) links no explanation.
pub(crate) trait WorkedSteps: Sync {
    /// Writes the worked steps of `m` on `r` (whose value is `value`) into
    /// `e`; `false` when this family has none for `m`.
    fn explain(
        &self,
        m: &Metric,
        r: &JudgedRanking,
        ctx: &EvalContext,
        value: f64,
        e: &mut Explanation,
    ) -> bool;
}
