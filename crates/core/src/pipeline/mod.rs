//! The evaluation's stages, each depending only on those before it:
//! [`judge`] (runs against qrels, under the conventions) → [`evaluate`]
//! (per-query values and summaries) → the reports: [`trec_output`]
//! (trec_eval's lines) and [`explain`] (the worked steps of one value).
//! Statistics over the values are in `stats/`; the session (`session/`)
//! runs these stages over loaded files and typed text.

pub(crate) mod evaluate;
pub(crate) mod explain;
pub(crate) mod judge;
pub(crate) mod tie_range;
pub(crate) mod trec_output;
