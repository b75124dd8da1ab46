//! The evaluation settings a user can change, and the core measures and
//! conventions they stand for. Every choice here is one named core option.
//!
//! `choices` holds the measure choices, `stats` the statistics settings,
//! `fields` the readers of the text fields; this module the settings
//! themselves and what they mean for the core.

mod choices;
mod fields;
pub mod inputs;
pub mod panel;
pub mod request;
mod stats;
pub mod unread;

pub use choices::*;
pub use fields::*;
pub use stats::*;

use crate::shared::evaluation::ApNormalization;
use crate::shared::evaluation::Gains;
use crate::shared::evaluation::{Conventions, DuplicatePolicy, Metric, MissingQueries, TieBreak};
use crate::shared::evaluation::{GainKind, RbpGain};
use serde::{Deserialize, Serialize};

/// Everything that changes how numbers are computed or shown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Cutoffs k, ascending, without repeats.
    pub cutoffs: Vec<usize>,
    /// nDCG gain.
    pub gain: GainKind,
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

impl Default for Settings {
    fn default() -> Self {
        Settings {
            cutoffs: vec![10],
            gain: GainKind::Linear,
            discount: NdcgDiscount::Log2,
            err_stop: ErrStop::Exponential,
            err_gmax: None,
            rbp_p: 0.8,
            relevance_level: 1,
            ties: TieBreak::TrecEval,
            missing: MissingQueries::Skip,
            duplicates: DuplicatePolicy::Refuse,
            families: Family::HEADLINE.to_vec(),
            extra: String::new(),
            scale_max: 3,
            stats: StatsSettings::default(),
            qrels_prefs: false,
        }
    }
}

impl Settings {
    /// What the core's pipeline needs of these settings besides the
    /// measures: the conventions and the grade scale.
    pub fn eval_options(&self) -> crate::shared::evaluation::EvalOptions {
        crate::shared::evaluation::EvalOptions {
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

    /// The measure of the Measure@k chart's `family` (`P`, `R`, `nDCG`,
    /// `ERR`) at cutoff k, with these settings.
    pub fn family_at(&self, family: &str, k: usize) -> Metric {
        match family {
            "R" => Metric::R { k },
            "nDCG" => self.ndcg_at(k),
            "ERR" => self.err_at(k),
            _ => Metric::P { k },
        }
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
            GainKind::Linear => Gains::linear(),
            GainKind::Exponential => Gains::exponential(),
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

    /// A family's key is its variant's name: what `family-{:?}` wrote in
    /// the check boxes' ids (before the ids stopped hanging on how the wasm
    /// builds' `-Zfmt-debug` writes `{:?}`), and what settings save.
    #[test]
    fn family_keys_are_the_variant_names() {
        for f in Family::ALL {
            assert_eq!(f.key(), format!("{f:?}"));
            assert_eq!(
                serde_json::to_string(&f).unwrap(),
                format!("\"{}\"", f.key())
            );
        }
    }

    #[test]
    fn saved_choices_read_as_the_cores_own_kinds() {
        // What earlier versions saved (their own copies of these enums,
        // with the same variant names) reads into the core's types.
        let s: Settings = serde_json::from_str(
            r#"{"gain":"Exponential","stats":{"test":"TukeyHsd","correction":"Bonferroni"}}"#,
        )
        .unwrap();
        assert_eq!(s.gain, GainKind::Exponential);
        assert_eq!(s.stats.test, crate::shared::evaluation::Test::TukeyHsd);
        assert_eq!(
            s.stats.correction,
            crate::shared::evaluation::Correction::Bonferroni
        );
        let back = serde_json::to_string(&s).unwrap();
        assert!(back.contains(r#""gain":"Exponential""#) && back.contains(r#""test":"TukeyHsd""#));
    }

    #[test]
    fn the_default_is_in_range() {
        assert_eq!(Settings::default().problems(), Vec::<String>::new());
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
        // A letter typed for a digit is named: `1O` reads as 10.
        assert_eq!(
            parse_cutoffs("5, 1O"),
            Err("each cutoff is a whole number from 1 to 10000; `1O` is not (the letter O, not the digit 0)".into())
        );
        assert!(parse_cutoffs("").is_err());
        assert!(parse_cutoffs("1 2 3 4 5 6 7 8 9").is_err());
    }

    #[test]
    fn families_expand_over_cutoffs_and_typed_names_are_added() {
        let s = Settings {
            cutoffs: vec![5, 10],
            gain: GainKind::Exponential,
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
