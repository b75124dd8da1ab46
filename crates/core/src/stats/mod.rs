//! Statistics over per-query values: descriptions with intervals, paired
//! tests with effect sizes, multiple-comparison corrections, and the
//! randomized Tukey HSD. Everything random is seeded ([`Rng`]).

pub mod correction;
pub mod describe;
pub mod distributions;
pub mod paired;
pub mod report;
pub mod rng;
pub mod tukey;
pub mod values_text;

pub use correction::Correction;
pub use paired::{bootstrap_p, differences, paired_t};
pub use report::{report, StatsOptions, StatsReport, SystemStats, Test};
pub use rng::Rng;
pub use tukey::randomized_tukey_hsd;
pub use values_text::parse_per_query_values;
