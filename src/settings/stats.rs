//! The statistics settings: which paired test, which correction for many
//! comparisons, which interval, and their trials and seed.

use serde::{Deserialize, Serialize};

use crate::shared::evaluation::exports::ShownIntervals;
use crate::shared::evaluation::{Correction, Test};

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
    pub test: Test,
    /// The correction.
    pub correction: Correction,
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
            test: Test::PairedT,
            correction: Correction::Holm,
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
    /// The interval the table shows under each mean (and the exports
    /// after it), of `reports`; `None` when none is shown.
    pub fn shown_intervals<'a>(
        &self,
        reports: &'a [crate::shared::evaluation::StatsReport],
    ) -> Option<ShownIntervals<'a>> {
        let bootstrap = match self.interval {
            IntervalChoice::None => return None,
            IntervalChoice::T => false,
            IntervalChoice::Bootstrap => true,
        };
        Some(ShownIntervals {
            reports,
            bootstrap,
            level: self.level,
        })
    }

    /// Which test, correction and α make the marks, for captions and exports.
    pub fn marks_note(&self) -> String {
        let o = self.options();
        if o.test == crate::shared::evaluation::Test::TukeyHsd {
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
    pub fn options(&self) -> crate::shared::evaluation::StatsOptions {
        use crate::shared::evaluation::{Correction, StatsOptions, Test};
        StatsOptions {
            test: match self.test {
                Test::PairedT => Test::PairedT,
                Test::Randomization => Test::Randomization,
                Test::Bootstrap => Test::Bootstrap,
                Test::TukeyHsd => Test::TukeyHsd,
            },
            correction: match self.correction {
                Correction::Holm => Correction::Holm,
                Correction::Bonferroni => Correction::Bonferroni,
                Correction::None => Correction::None,
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
