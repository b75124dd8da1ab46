//! Measures: one module per family, and [`Metric`], a single-valued measure
//! with its parameters, whose names round-trip through `Display`/`FromStr`.
//!
//! Each family module holds plain total functions from a
//! [`JudgedRanking`] to `f64`; their doc comments give the formula, the
//! definition followed and the edge cases. [`trec_names`] reads trec_eval's
//! measure syntax (`map`, `P.5,10`, `all_trec`).

pub mod average_precision;
pub mod bpref;
pub(crate) mod counts;
pub mod err;
mod family;
pub mod gain_g;
pub mod interpolated;
mod name_parts;
mod names;
pub mod ndcg;
pub mod precision;
pub mod preferences;
pub mod rank_statistics;
pub mod rbp;
pub mod recall;
pub mod reciprocal_rank;
pub mod set_based;
pub(crate) mod steps;
pub(crate) mod summation;
#[cfg(test)]
pub(crate) mod test_support;
pub mod tie_order;
pub mod trec_names;
mod trec_parts;

pub use name_parts::{MetricNameError, NameProblem};

use crate::judged::JudgedRanking;
use average_precision::ApNormalization;
use family::{MeasureFamily, WorkedSteps};
use ndcg::{Discount, Gains};
use rbp::RbpGain;

/// The families of measures, one a module: what each says of its measures
/// (names and trec_eval's `-m` families; see [`MeasureFamily`]).
/// A new family is one line here.
pub(crate) const MEASURE_FAMILIES: [&dyn MeasureFamily; 13] = [
    &counts::Family,
    &precision::Family,
    &recall::Family,
    &reciprocal_rank::Family,
    &average_precision::Family,
    &ndcg::Family,
    &err::Family,
    &rbp::Family,
    &set_based::Family,
    &rank_statistics::Family,
    &bpref::Family,
    &interpolated::Family,
    &gain_g::Family,
];

/// The families with worked steps (see [`WorkedSteps`]).
pub(crate) const WORKED_STEPS: [&dyn WorkedSteps; 8] = [
    &precision::Family,
    &recall::Family,
    &reciprocal_rank::Family,
    &average_precision::Family,
    &ndcg::Family,
    &err::Family,
    &rbp::Family,
    &set_based::Family,
];

/// Facts about the whole evaluation that some measures need.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalContext {
    /// Largest grade in the qrels (ERR's and graded RBP's default gmax).
    pub max_grade: i64,
    /// Number of documents in the collection (trec_eval `-N`, for utility).
    pub docs_in_collection: f64,
}

impl Default for EvalContext {
    fn default() -> Self {
        EvalContext {
            max_grade: 1,
            docs_in_collection: 0.0,
        }
    }
}

/// How per-query values become one summary value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregation {
    /// Arithmetic mean over queries.
    Mean,
    /// Sum over queries (counts such as num_ret).
    Sum,
    /// Geometric mean of max(value, 0.00001) (trec_eval's gm_map, gm_bpref).
    GeometricMean,
}

/// A single-valued measure of one query, with its parameters.
///
/// `Display` prints the ir_measures-style name (`P@5`, `nDCG@10`, `AP`,
/// `RR`, `ERR(gmax=4)@20`, `RBP(p=0.8,rel=1)`), which `FromStr` reads back.
#[derive(Debug, Clone, PartialEq)]
#[allow(missing_docs)] // each variant names the function that defines it
pub enum Metric {
    /// Retrieved documents ([`JudgedRanking::num_ret`]); summed.
    NumRet,
    /// Relevant documents in the judgments; summed.
    NumRel,
    /// Relevant retrieved documents; summed.
    NumRelRet,
    /// Judged non-relevant retrieved documents; summed.
    NumNonrelJudgedRet,
    /// [`precision::precision_at`].
    P { k: usize },
    /// [`recall::recall_at`].
    R { k: usize },
    /// [`reciprocal_rank::reciprocal_rank`].
    RR { k: Option<usize> },
    /// [`average_precision::average_precision`].
    AP {
        k: Option<usize>,
        norm: ApNormalization,
    },
    /// AP averaged geometrically over queries (trec_eval `gm_map`).
    GmAP,
    /// [`ndcg::ndcg`].
    NDCG {
        k: Option<usize>,
        gains: Gains,
        discount: Discount,
    },
    /// [`ndcg::dcg`] (not normalised; the seed articles' DCG@k).
    DCG {
        k: Option<usize>,
        gains: Gains,
        discount: Discount,
    },
    /// [`precision::r_precision`].
    Rprec,
    /// [`precision::r_precision_mult`].
    RprecMult { multiple: f64 },
    /// [`precision::set_precision`].
    SetP,
    /// [`precision::relative_precision_at`].
    RelativeP { k: usize },
    /// [`precision::set_relative_precision`].
    SetRelativeP,
    /// [`recall::set_recall`].
    SetRecall,
    /// [`recall::success_at`] (Hit@k).
    Success { k: usize },
    /// [`average_precision::set_average_precision`].
    SetAP,
    /// [`bpref::inf_ap`].
    InfAP,
    /// [`bpref::bpref`].
    Bpref,
    /// bpref averaged geometrically (trec_eval `gm_bpref`).
    GmBpref,
    /// [`interpolated::iprec_at_recall`] at one level.
    IPrec { recall: f64 },
    /// [`interpolated::eleven_point_average`].
    ElevenPointAverage { levels: Vec<f64> },
    /// [`gain_g::bin_g`].
    BinG,
    /// [`gain_g::g`].
    G { gains: Gains },
    /// [`ndcg::ndcg_rel`].
    NdcgRel { gains: Gains },
    /// [`ndcg::r_ndcg`].
    Rndcg { gains: Gains },
    /// [`rbp::trec_rbp`].
    TrecRbp { p: f64, gains: Gains },
    /// [`rbp::trec_rbp_resid`].
    TrecRbpResid { p: f64 },
    /// [`set_based::utility`].
    Utility { coefficients: [f64; 4] },
    /// [`set_based::set_f`].
    SetF { beta: f64 },
    /// [`set_based::unjudged_at`].
    Unjudged { k: usize },
    /// [`set_based::judged_at`].
    Judged { k: usize },
    /// [`err::err`]; `gmax = None` takes the largest grade of the qrels.
    ERR { k: Option<usize>, gmax: Option<i64> },
    /// [`err::err_sigmoid`]: ERR with the sigmoid stopping probability
    /// 1 / (1 + e^(−α (g − β))).
    ErrSigmoid {
        /// Cutoff.
        k: Option<usize>,
        /// Steepness α.
        alpha: f64,
        /// Midpoint β.
        beta: f64,
    },
    /// [`rbp::rbp`]; graded gain uses the largest grade of the qrels.
    RBP { p: f64, gain: RbpGain },
    /// [`rbp::rbp_residual`].
    RBPResidual { p: f64 },
    /// [`rank_statistics::mean_rank`].
    MeanRank { k: Option<usize> },
    /// [`rank_statistics::first_relevant_position`].
    FRP { k: Option<usize> },
    /// [`rank_statistics::average_recall`] (MAR when averaged).
    AR,
    /// [`set_based::f1_at`].
    F1 { k: usize },
    /// [`rank_statistics::kendall_tau_distance`].
    KendallTau,
    /// [`average_precision::graded_average_precision`]; `gmax = None` takes
    /// the largest grade of the qrels.
    GAP { gmax: Option<i64> },
}

impl Metric {
    /// Value of the measure for one query.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn compute(&self, r: &JudgedRanking, ctx: &EvalContext) -> f64 {
        use Metric::*;
        match self {
            NumRet => r.num_ret() as f64,
            NumRel => r.num_rel() as f64,
            NumRelRet => r.num_rel_ret() as f64,
            NumNonrelJudgedRet => counts::num_nonrel_judged_ret(r),
            P { k } => precision::precision_at(r, *k),
            R { k } => recall::recall_at(r, *k),
            RR { k } => reciprocal_rank::reciprocal_rank(r, *k),
            AP { k, norm } => average_precision::average_precision(r, *k, *norm),
            GmAP => average_precision::average_precision(r, None, ApNormalization::TotalRelevant),
            NDCG { k, gains, discount } => ndcg::ndcg(r, *k, gains, *discount),
            DCG { k, gains, discount } => ndcg::dcg(r, *k, gains, *discount),
            Rprec => precision::r_precision(r),
            RprecMult { multiple } => precision::r_precision_mult(r, *multiple),
            SetP => precision::set_precision(r),
            RelativeP { k } => precision::relative_precision_at(r, *k),
            SetRelativeP => precision::set_relative_precision(r),
            SetRecall => recall::set_recall(r),
            Success { k } => recall::success_at(r, *k),
            SetAP => average_precision::set_average_precision(r),
            InfAP => bpref::inf_ap(r),
            Bpref | GmBpref => bpref::bpref(r),
            IPrec { recall } => interpolated::iprec_at_recall(r, &[*recall])[0],
            ElevenPointAverage { levels } => interpolated::eleven_point_average(r, levels),
            BinG => gain_g::bin_g(r),
            G { gains } => gain_g::g(r, gains),
            NdcgRel { gains } => ndcg::ndcg_rel(r, gains),
            Rndcg { gains } => ndcg::r_ndcg(r, gains),
            TrecRbp { p, gains } => rbp::trec_rbp(r, *p, gains),
            TrecRbpResid { p } => rbp::trec_rbp_resid(r, *p),
            Utility { coefficients } => {
                set_based::utility(r, *coefficients, ctx.docs_in_collection)
            }
            SetF { beta } => set_based::set_f(r, *beta),
            Unjudged { k } => set_based::unjudged_at(r, *k),
            Judged { k } => set_based::judged_at(r, *k),
            ERR { k, gmax } => err::err(r, *k, gmax.unwrap_or(ctx.max_grade)),
            ErrSigmoid { k, alpha, beta } => err::err_sigmoid(r, *k, *alpha, *beta),
            RBP { p, gain } => rbp::rbp(r, *p, *gain, ctx.max_grade),
            RBPResidual { p } => rbp::rbp_residual(r, *p),
            MeanRank { k } => rank_statistics::mean_rank(r, *k),
            FRP { k } => rank_statistics::first_relevant_position(r, *k),
            AR => rank_statistics::average_recall(r),
            F1 { k } => set_based::f1_at(r, *k),
            KendallTau => rank_statistics::kendall_tau_distance(r),
            GAP { gmax } => {
                average_precision::graded_average_precision(r, gmax.unwrap_or(ctx.max_grade))
            }
        }
    }

    /// How the measure is summarised over queries.
    pub fn aggregation(&self) -> Aggregation {
        match self {
            Metric::NumRet | Metric::NumRel | Metric::NumRelRet | Metric::NumNonrelJudgedRet => {
                Aggregation::Sum
            }
            Metric::GmAP | Metric::GmBpref => Aggregation::GeometricMean,
            _ => Aggregation::Mean,
        }
    }

    /// Whether a larger value is better (false for ranks and distances).
    pub fn higher_is_better(&self) -> bool {
        !matches!(
            self,
            Metric::MeanRank { .. }
                | Metric::FRP { .. }
                | Metric::KendallTau
                | Metric::RBPResidual { .. }
                | Metric::TrecRbpResid { .. }
        )
    }
}

/// [`aggregate`] without summation noise: sums and means rounded once
/// ([`summation`]), as the page, its charts and its exports show them.
pub fn aggregate_exact(aggregation: Aggregation, values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    match aggregation {
        Aggregation::Sum => summation::exact_sum(values),
        Aggregation::Mean => summation::exact_mean(values),
        Aggregation::GeometricMean => {
            let logs: Vec<f64> = values
                .iter()
                .map(|v| v.max(average_precision::MIN_GEO_MEAN).ln())
                .collect();
            summation::exact_mean(&logs).exp()
        }
    }
}

/// Summarises per-query values with the metric's aggregation (0 for none),
/// adding in query order as trec_eval does.
pub fn aggregate(aggregation: Aggregation, values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    match aggregation {
        Aggregation::Sum => values.iter().sum(),
        Aggregation::Mean => values.iter().sum::<f64>() / values.len() as f64,
        Aggregation::GeometricMean => {
            let logs: f64 = values
                .iter()
                .map(|v| v.max(average_precision::MIN_GEO_MEAN).ln())
                .sum();
            (logs / values.len() as f64).exp()
        }
    }
}
