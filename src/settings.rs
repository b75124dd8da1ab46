//! The evaluation settings a user can change, and the core measures and
//! conventions they stand for. Every choice here is one named core option.

use ranklab_core::measures::average_precision::ApNormalization;
use ranklab_core::measures::ndcg::{Discount, Gains};
use ranklab_core::measures::rbp::RbpGain;
use ranklab_core::{Conventions, DuplicatePolicy, Metric, MissingQueries, TieBreak};
use serde::{Deserialize, Serialize};

/// Largest cutoff accepted.
pub const MAX_CUTOFF: usize = 10_000;
/// Most cutoffs at once.
pub const MAX_CUTOFFS: usize = 8;

/// nDCG's gain of a grade g.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gain {
    /// g (trec_eval, ir_measures, ranx, scikit-learn).
    Linear,
    /// 2^g − 1 (Burges et al. 2005; ir_measures `dcg='exp-log2'`).
    Exponential,
}

/// nDCG's discount as the settings hold it (the core's [`Discount`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum NdcgDiscount {
    /// 1 / log2(rank + 1), the standard.
    Log2,
    /// 1 / log_base(rank + 1).
    Log {
        /// The base (> 1).
        base: f64,
    },
    /// 1 / rank.
    Reciprocal,
    /// 1 / rank^exponent (Zipf-like, article 004).
    Power {
        /// The exponent (> 0).
        exponent: f64,
    },
}

impl NdcgDiscount {
    /// The core discount.
    pub fn core(self) -> Discount {
        match self {
            NdcgDiscount::Log2 => Discount::LOG2,
            NdcgDiscount::Log { base } => Discount::Log { base },
            NdcgDiscount::Reciprocal => Discount::Reciprocal,
            NdcgDiscount::Power { exponent } => Discount::Power {
                exponent,
                offset: 0.0,
            },
        }
    }
}

impl std::fmt::Display for NdcgDiscount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NdcgDiscount::Log2 => write!(f, "log2"),
            NdcgDiscount::Log { base } => write!(f, "log {base}"),
            NdcgDiscount::Reciprocal => write!(f, "1/rank"),
            NdcgDiscount::Power { exponent } => write!(f, "power {exponent}"),
        }
    }
}

/// Reads the nDCG discount field: `log2`, `log B` (B > 1), `1/rank`, or
/// `power S` (S > 0) for 1/rank^S.
pub fn parse_discount(raw: &str) -> Result<NdcgDiscount, String> {
    let words: Vec<&str> = raw.split_whitespace().collect();
    let number = |w: &str| w.parse::<f64>().ok().filter(|x| x.is_finite());
    match words.as_slice() {
        ["log2"] | [] => Ok(NdcgDiscount::Log2),
        ["1/rank"] => Ok(NdcgDiscount::Reciprocal),
        ["ln"] => Ok(NdcgDiscount::Log {
            base: std::f64::consts::E,
        }),
        ["log", b] if number(b).is_some_and(|b| b > 1.0) => Ok(match number(b) {
            Some(2.0) => NdcgDiscount::Log2,
            Some(base) => NdcgDiscount::Log { base },
            None => unreachable!("checked"),
        }),
        ["power", s] if number(s).is_some_and(|s| s > 0.0) => Ok(NdcgDiscount::Power {
            exponent: number(s).unwrap_or(1.0),
        }),
        _ => Err("log2, log B (B above 1), ln, 1/rank, or power S (S above 0) for 1/rank^S".into()),
    }
}

/// How ERR turns a grade into the probability that the user stops.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum ErrStop {
    /// (2^g − 1) / 2^gmax (Chapelle et al.).
    Exponential,
    /// 1 / (1 + e^(−α (g − β))) (article 004).
    Sigmoid {
        /// Steepness α (> 0).
        alpha: f64,
        /// Midpoint β.
        beta: f64,
    },
}

impl std::fmt::Display for ErrStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ErrStop::Exponential => write!(f, "exp"),
            ErrStop::Sigmoid { alpha, beta } => write!(f, "sigmoid {alpha} {beta}"),
        }
    }
}

/// Reads the ERR stopping field: `exp`, or `sigmoid A B` (A > 0).
pub fn parse_err_stop(raw: &str) -> Result<ErrStop, String> {
    let words: Vec<&str> = raw.split_whitespace().collect();
    let number = |w: &str| w.parse::<f64>().ok().filter(|x| x.is_finite());
    match words.as_slice() {
        ["exp"] | [] => Ok(ErrStop::Exponential),
        ["sigmoid", a, b] => match (number(a), number(b)) {
            (Some(alpha), Some(beta)) if alpha > 0.0 => Ok(ErrStop::Sigmoid { alpha, beta }),
            _ => Err("sigmoid A B: a steepness A above 0 and a midpoint grade B".into()),
        },
        _ => Err("exp for (2^g − 1)/2^max, or sigmoid A B for 1/(1 + e^(−A(g − B)))".into()),
    }
}

/// Measure families offered as check boxes (the ones with a cutoff are
/// shown at every chosen cutoff).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Family {
    /// Reciprocal rank (MRR as a mean).
    RR,
    /// Average precision (MAP as a mean).
    AP,
    /// nDCG@k.
    NDCG,
    /// ERR@k.
    ERR,
    /// RBP with residual.
    RBP,
    /// Precision at k.
    P,
    /// Recall at k.
    R,
    /// Hit (Success) at k.
    Hit,
    /// AP@k divided by the relevant documents retrieved in the top k.
    APFound,
    /// F1 at k.
    F1,
}

impl Family {
    /// All families in the order of the table's columns.
    pub const ALL: [Family; 10] = [
        Family::RR,
        Family::AP,
        Family::NDCG,
        Family::ERR,
        Family::RBP,
        Family::P,
        Family::R,
        Family::Hit,
        Family::APFound,
        Family::F1,
    ];

    /// Label of its check box.
    pub fn label(self) -> &'static str {
        match self {
            Family::RR => "RR (MRR)",
            Family::AP => "AP (MAP)",
            Family::NDCG => "nDCG@k",
            Family::ERR => "ERR@k",
            Family::RBP => "RBP",
            Family::P => "P@k",
            Family::R => "R@k",
            Family::Hit => "Hit@k",
            Family::APFound => "AP@k over relevant found",
            Family::F1 => "F1@k",
        }
    }
}

/// Everything that changes how numbers are computed or shown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Cutoffs k, ascending, without repeats.
    pub cutoffs: Vec<usize>,
    /// nDCG gain.
    pub gain: Gain,
    /// nDCG discount.
    pub discount: NdcgDiscount,
    /// ERR's stopping probability.
    pub err_stop: ErrStop,
    /// ERR's and graded RBP's largest grade (`None`: the largest grade in the data).
    pub err_gmax: Option<i64>,
    /// RBP's persistence p.
    pub rbp_p: f64,
    /// Smallest grade that counts as relevant.
    pub relevance_level: i64,
    /// Tie order in TREC runs.
    pub ties: TieBreak,
    /// Qrels queries missing from a run.
    pub missing: MissingQueries,
    /// Repeated docids in a run.
    pub duplicates: DuplicatePolicy,
    /// Families shown, in [`Family::ALL`] order.
    pub families: Vec<Family>,
    /// More measures by name (`nDCG(dcg='exp-log2')@5, RBP(p=0.5)`).
    pub extra: String,
    /// Grade scale of the form: grades 0..=scale_max (1 = binary R/N).
    pub scale_max: i64,
    /// Intervals and significance tests.
    pub stats: StatsSettings,
    /// Also read TREC qrels as preferences (trec_eval's `-R qrels_prefs`)
    /// and show the preference measures.
    pub qrels_prefs: bool,
}

/// The test that marks significant differences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestChoice {
    /// Paired t-test.
    PairedT,
    /// Randomization (sign-flip) test.
    Randomization,
    /// Paired bootstrap test.
    Bootstrap,
    /// Randomized Tukey HSD.
    TukeyHsd,
}

/// Correction of p-values over all pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CorrectionChoice {
    /// Holm–Bonferroni.
    Holm,
    /// Bonferroni.
    Bonferroni,
    /// None.
    None,
}

/// Which interval the results table shows under each mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum IntervalChoice {
    /// No interval.
    None,
    /// t interval.
    T,
    /// Bootstrap percentile interval.
    Bootstrap,
}

/// Statistics settings; every random draw follows `seed`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatsSettings {
    /// Mark significant differences in the results table.
    pub marks: bool,
    /// The test behind the marks.
    pub test: TestChoice,
    /// The correction.
    pub correction: CorrectionChoice,
    /// Significance level.
    pub alpha: f64,
    /// Interval level.
    pub level: f64,
    /// Interval shown in the results table.
    pub interval: IntervalChoice,
    /// Bootstrap resamples (intervals).
    pub resamples: usize,
    /// Trials of the randomization, bootstrap and Tukey tests.
    pub trials: usize,
    /// Seed.
    pub seed: u64,
}

impl Default for StatsSettings {
    fn default() -> Self {
        StatsSettings {
            marks: true,
            test: TestChoice::PairedT,
            correction: CorrectionChoice::Holm,
            alpha: 0.05,
            level: 0.95,
            interval: IntervalChoice::None,
            resamples: 10_000,
            trials: 10_000,
            seed: 42,
        }
    }
}

impl StatsSettings {
    /// The interval the table and chart show for one system's statistics.
    pub fn shown_interval(&self, d: &ranklab_core::stats::SystemStats) -> Option<(f64, f64)> {
        match self.interval {
            IntervalChoice::None => None,
            IntervalChoice::T => d.t_interval,
            IntervalChoice::Bootstrap => d.bootstrap_interval,
        }
    }

    /// Which test, correction and α make the marks, for captions and exports.
    pub fn marks_note(&self) -> String {
        let o = self.options();
        if o.test == ranklab_core::stats::Test::TukeyHsd {
            format!("{}, α = {}", o.test.name(), self.alpha)
        } else {
            format!(
                "{}, {}, α = {}",
                o.test.name(),
                o.correction.name(),
                self.alpha
            )
        }
    }

    /// The core's options for these settings (bootstrap intervals only when shown).
    pub fn options(&self) -> ranklab_core::stats::StatsOptions {
        use ranklab_core::stats::{Correction, StatsOptions, Test};
        StatsOptions {
            test: match self.test {
                TestChoice::PairedT => Test::PairedT,
                TestChoice::Randomization => Test::Randomization,
                TestChoice::Bootstrap => Test::Bootstrap,
                TestChoice::TukeyHsd => Test::TukeyHsd,
            },
            correction: match self.correction {
                CorrectionChoice::Holm => Correction::Holm,
                CorrectionChoice::Bonferroni => Correction::Bonferroni,
                CorrectionChoice::None => Correction::None,
            },
            alpha: self.alpha,
            level: self.level,
            resamples: if self.interval == IntervalChoice::Bootstrap {
                self.resamples
            } else {
                0
            },
            trials: self.trials,
            seed: self.seed,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            cutoffs: vec![10],
            gain: Gain::Linear,
            discount: NdcgDiscount::Log2,
            err_stop: ErrStop::Exponential,
            err_gmax: None,
            rbp_p: 0.8,
            relevance_level: 1,
            ties: TieBreak::TrecEval,
            missing: MissingQueries::Skip,
            duplicates: DuplicatePolicy::Refuse,
            families: crate::example::HEADLINE.to_vec(),
            extra: String::new(),
            scale_max: 3,
            stats: StatsSettings::default(),
            qrels_prefs: false,
        }
    }
}

/// Reads the cutoffs field: whole numbers from 1 to [`MAX_CUTOFF`],
/// separated by commas or spaces; at most [`MAX_CUTOFFS`].
pub fn parse_cutoffs(raw: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for tok in raw.split([',', ' ', ';']).filter(|t| !t.trim().is_empty()) {
        match tok.trim().parse::<usize>() {
            Ok(k) if (1..=MAX_CUTOFF).contains(&k) => out.push(k),
            _ => {
                return Err(format!(
                    "each cutoff is a whole number from 1 to {MAX_CUTOFF}; `{}` is not",
                    tok.trim()
                ))
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    if out.is_empty() {
        return Err("give at least one cutoff, e.g. 10 or 5, 10, 20".into());
    }
    if out.len() > MAX_CUTOFFS {
        return Err(format!("at most {MAX_CUTOFFS} cutoffs"));
    }
    Ok(out)
}

/// Reads RBP's persistence p: a number strictly between 0 and 1.
pub fn parse_p(raw: &str) -> Result<f64, String> {
    match raw.trim().parse::<f64>() {
        Ok(p) if p > 0.0 && p < 1.0 => Ok(p),
        _ => Err("p is a number between 0 and 1, e.g. 0.8".into()),
    }
}

/// Reads ERR's largest grade: 1 to 30, or empty (`auto`) for the data's.
pub fn parse_gmax(raw: &str) -> Result<Option<i64>, String> {
    let t = raw.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    match t.parse::<i64>() {
        Ok(g) if (1..=30).contains(&g) => Ok(Some(g)),
        _ => Err("a whole number from 1 to 30, or empty for the largest grade in the data".into()),
    }
}

/// Reads the smallest relevant grade: 1 to 100.
pub fn parse_level(raw: &str) -> Result<i64, String> {
    match raw.trim().parse::<i64>() {
        Ok(l) if (1..=100).contains(&l) => Ok(l),
        _ => Err("a whole number from 1 to 100".into()),
    }
}

/// Reads the form's grade scale: its largest grade, 1 (binary) to 20.
pub fn parse_scale(raw: &str) -> Result<i64, String> {
    match raw.trim().parse::<i64>() {
        Ok(g) if (1..=20).contains(&g) => Ok(g),
        _ => Err("the largest grade: a whole number from 1 (binary) to 20".into()),
    }
}

/// Reads α or an interval level: a number strictly between 0 and 1.
pub fn parse_unit(raw: &str, what: &str) -> Result<f64, String> {
    match raw.trim().parse::<f64>() {
        Ok(v) if v > 0.0 && v < 1.0 => Ok(v),
        _ => Err(format!("{what} is a number between 0 and 1")),
    }
}

/// Reads a number of resamples or trials: 100 to 1,000,000.
pub fn parse_count(raw: &str) -> Result<usize, String> {
    match raw.trim().parse::<usize>() {
        Ok(n) if (100..=1_000_000).contains(&n) => Ok(n),
        _ => Err("a whole number from 100 to 1,000,000".into()),
    }
}

/// A typed measure name that the core does not read, located in the field.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasureNameProblem {
    /// 1-based column in the field.
    pub column: usize,
    /// The name as typed.
    pub name: String,
    /// The core's explanation.
    pub message: String,
}

/// Splits the measures field at commas and blanks outside parentheses:
/// each name with its 1-based column.
pub fn split_measure_names(raw: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    let mut start = 0;
    for (col, c) in raw.chars().enumerate() {
        let boundary = depth == 0 && (c == ',' || c == ';' || c.is_whitespace());
        if boundary {
            if !current.is_empty() {
                out.push((start + 1, std::mem::take(&mut current)));
            }
            continue;
        }
        if current.is_empty() {
            start = col;
        }
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        current.push(c);
    }
    if !current.is_empty() {
        out.push((start + 1, current));
    }
    out
}

impl Settings {
    /// What the core's pipeline needs of these settings besides the
    /// measures: the conventions and the grade scale.
    pub fn eval_options(&self) -> ranklab_core::session::EvalOptions {
        ranklab_core::session::EvalOptions {
            conventions: self.conventions(),
            scale_max: self.scale_max,
            qrels_as_preferences: self.qrels_prefs,
        }
    }

    /// What is out of range in these settings, by the rules the settings
    /// fields apply to what is typed (`field: message`); empty when all is
    /// well. Settings that did not come through the fields (a shared link,
    /// a saved state) are checked with it, so no setting the page would
    /// refuse (p = 2, two billion resamples) is ever used.
    pub fn problems(&self) -> Vec<String> {
        let joined = |v: &[usize]| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut out = Vec::new();
        let mut check = |field: &str, r: Result<(), String>| {
            if let Err(e) = r {
                out.push(format!("{field}: {e}"));
            }
        };
        check(
            "cutoffs",
            match parse_cutoffs(&joined(&self.cutoffs)) {
                Ok(ks) if ks == self.cutoffs => Ok(()),
                Ok(_) => Err("ascending, without repeats".into()),
                Err(e) => Err(e),
            },
        );
        let gmax = self.err_gmax.map_or(String::new(), |g| g.to_string());
        check("err_gmax", parse_gmax(&gmax).map(drop));
        check("rbp_p", parse_p(&self.rbp_p.to_string()).map(drop));
        check(
            "discount",
            match parse_discount(&self.discount.to_string()) {
                Ok(d) if d == self.discount => Ok(()),
                Ok(_) => Err("log2 is written Log2".into()),
                Err(e) => Err(e),
            },
        );
        check(
            "err_stop",
            parse_err_stop(&self.err_stop.to_string()).map(drop),
        );
        check(
            "relevance_level",
            parse_level(&self.relevance_level.to_string()).map(drop),
        );
        check(
            "scale_max",
            parse_scale(&self.scale_max.to_string()).map(drop),
        );
        let st = &self.stats;
        check("alpha", parse_unit(&st.alpha.to_string(), "α").map(drop));
        check(
            "level",
            parse_unit(&st.level.to_string(), "the level").map(drop),
        );
        check(
            "resamples",
            parse_count(&st.resamples.to_string()).map(drop),
        );
        check("trials", parse_count(&st.trials.to_string()).map(drop));
        out
    }

    /// nDCG@k with these settings' gain and discount.
    pub fn ndcg_at(&self, k: usize) -> Metric {
        Metric::NDCG {
            k: Some(k),
            gains: self.gains(),
            discount: self.discount.core(),
        }
    }

    /// ERR@k with these settings' stopping probability.
    pub fn err_at(&self, k: usize) -> Metric {
        match self.err_stop {
            ErrStop::Exponential => Metric::ERR {
                k: Some(k),
                gmax: self.err_gmax,
            },
            ErrStop::Sigmoid { alpha, beta } => Metric::ErrSigmoid {
                k: Some(k),
                alpha,
                beta,
            },
        }
    }

    /// The core conventions for TREC files.
    pub fn conventions(&self) -> Conventions {
        Conventions {
            tie_break: self.ties,
            missing_queries: self.missing,
            duplicates: self.duplicates,
            relevance_level: self.relevance_level,
            ..Conventions::default()
        }
    }

    /// nDCG's gains.
    pub fn gains(&self) -> Gains {
        match self.gain {
            Gain::Linear => Gains::linear(),
            Gain::Exponential => Gains::exponential(),
        }
    }

    /// The measures of the table: chosen families (at each cutoff), then the
    /// typed names; repeats removed. Names the core cannot read are returned
    /// as problems and left out.
    pub fn measures(&self) -> (Vec<Metric>, Vec<MeasureNameProblem>) {
        let mut out: Vec<Metric> = Vec::new();
        let ks = &self.cutoffs;
        for family in Family::ALL
            .into_iter()
            .filter(|f| self.families.contains(f))
        {
            match family {
                Family::RR => out.push(Metric::RR { k: None }),
                Family::AP => out.push(Metric::AP {
                    k: None,
                    norm: ApNormalization::TotalRelevant,
                }),
                Family::NDCG => out.extend(ks.iter().map(|&k| self.ndcg_at(k))),
                Family::ERR => out.extend(ks.iter().map(|&k| self.err_at(k))),
                Family::RBP => {
                    out.push(Metric::RBP {
                        p: self.rbp_p,
                        gain: RbpGain::GradeOverMax,
                    });
                    out.push(Metric::RBPResidual { p: self.rbp_p });
                }
                Family::P => out.extend(ks.iter().map(|&k| Metric::P { k })),
                Family::R => out.extend(ks.iter().map(|&k| Metric::R { k })),
                Family::Hit => out.extend(ks.iter().map(|&k| Metric::Success { k })),
                Family::APFound => out.extend(ks.iter().map(|&k| Metric::AP {
                    k: Some(k),
                    norm: ApNormalization::RelevantRetrieved,
                })),
                Family::F1 => out.extend(ks.iter().map(|&k| Metric::F1 { k })),
            }
        }
        let mut problems = Vec::new();
        for (column, name) in split_measure_names(&self.extra) {
            match name.parse::<Metric>() {
                Ok(m) => out.push(m),
                Err(e) => problems.push(MeasureNameProblem {
                    column,
                    name,
                    message: e.to_string(),
                }),
            }
        }
        let mut seen = std::collections::HashSet::new();
        out.retain(|m| seen.insert(m.to_string()));
        (out, problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_and_every_example_case_are_in_range() {
        assert_eq!(Settings::default().problems(), Vec::<String>::new());
        for c in crate::example::CASES {
            assert_eq!(c.settings().problems(), Vec::<String>::new(), "{}", c.id);
        }
    }

    #[test]
    fn the_discount_and_err_stop_fields_read_and_write_back() {
        for (raw, want) in [
            ("log2", NdcgDiscount::Log2),
            ("log 2", NdcgDiscount::Log2),
            ("log 10", NdcgDiscount::Log { base: 10.0 }),
            ("1/rank", NdcgDiscount::Reciprocal),
            ("power 1.5", NdcgDiscount::Power { exponent: 1.5 }),
        ] {
            let d = parse_discount(raw).unwrap();
            assert_eq!(d, want, "{raw}");
            assert_eq!(parse_discount(&d.to_string()), Ok(d));
        }
        for bad in ["log 1", "log -3", "power 0", "power x", "cubic"] {
            assert!(parse_discount(bad).is_err(), "{bad}");
        }
        let s = parse_err_stop("sigmoid 2 1.5").unwrap();
        assert_eq!(
            s,
            ErrStop::Sigmoid {
                alpha: 2.0,
                beta: 1.5
            }
        );
        assert_eq!(parse_err_stop(&s.to_string()), Ok(s));
        for bad in ["sigmoid 0 1", "sigmoid 1", "linear"] {
            assert!(parse_err_stop(bad).is_err(), "{bad}");
        }
        // The measures follow them.
        let settings = Settings {
            discount: NdcgDiscount::Power { exponent: 2.0 },
            err_stop: s,
            families: vec![Family::NDCG, Family::ERR],
            ..Settings::default()
        };
        let names: Vec<String> = settings
            .measures()
            .0
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            names,
            [
                "nDCG(discount='power',s=2)@10",
                "ERR(stop='sigmoid',alpha=2,beta=1.5)@10"
            ]
        );
    }

    #[test]
    fn out_of_range_settings_are_named() {
        let s = Settings {
            rbp_p: f64::NAN,
            err_gmax: Some(0),
            cutoffs: vec![5, 5],
            stats: StatsSettings {
                alpha: 1.0,
                trials: 5,
                ..StatsSettings::default()
            },
            ..Settings::default()
        };
        let p = s.problems();
        let fields: Vec<&str> = p.iter().map(|m| m.split(':').next().unwrap()).collect();
        assert_eq!(
            fields,
            ["cutoffs", "err_gmax", "rbp_p", "alpha", "trials"],
            "{p:?}"
        );
    }

    #[test]
    fn settings_saved_with_the_apps_former_enums_still_load() {
        // The app's own Ties / Missing / Duplicates enums were replaced by
        // the core's conventions; their variant names were the same.
        let saved = r#"{"ties":"FileOrder","missing":"ScoreZero","duplicates":"KeepLast"}"#;
        let s: Settings = serde_json::from_str(saved).unwrap();
        assert_eq!(s.ties, TieBreak::FileOrder);
        assert_eq!(s.missing, MissingQueries::ScoreZero);
        assert_eq!(s.duplicates, DuplicatePolicy::KeepLast);
        let back: Settings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn cutoffs_are_read_sorted_and_checked() {
        assert_eq!(parse_cutoffs("10, 5 5;20"), Ok(vec![5, 10, 20]));
        assert!(parse_cutoffs("0").is_err());
        assert!(parse_cutoffs("").is_err());
        assert!(parse_cutoffs("1 2 3 4 5 6 7 8 9").is_err());
    }

    #[test]
    fn families_expand_over_cutoffs_and_typed_names_are_added() {
        let s = Settings {
            cutoffs: vec![5, 10],
            gain: Gain::Exponential,
            families: vec![Family::NDCG, Family::RR, Family::RBP],
            extra: "P@3, RBP(p=0.5, rel=1) nDCG@zz RR".into(),
            ..Settings::default()
        };
        let (m, problems) = s.measures();
        let names: Vec<String> = m.iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            [
                "RR",
                "nDCG(dcg='exp-log2')@5",
                "nDCG(dcg='exp-log2')@10",
                "RBP(p=0.8)",
                "RBP_resid(p=0.8)",
                "P@3",
                "RBP(p=0.5,rel=1)"
            ]
        );
        assert_eq!(problems.len(), 1);
        assert_eq!(
            (problems[0].column, problems[0].name.as_str()),
            (24, "nDCG@zz")
        );
    }

    #[test]
    fn default_measures_are_the_headline_comparison() {
        let names: Vec<String> = Settings::default()
            .measures()
            .0
            .iter()
            .map(ToString::to_string)
            .collect();
        // MRR vs MAP vs nDCG vs ERR, the comparison the page exists for.
        assert_eq!(names, ["RR", "AP", "nDCG@10", "ERR@10", "P@10", "R@10"]);
    }
}
