//! Loadable cases: the worked examples of the five seed articles, written
//! in the quick format with the settings they need, each with the values
//! the article states so the page can show them beside Ranklab's; and a
//! demo of three systems.
//!
//! Rankings and stated values are facts taken from the articles; the
//! titles and notes are Ranklab's own words.

use crate::settings::{Family, Settings};
use crate::shared::evaluation::GainKind;

/// What an article states for one value of a case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Check {
    /// Seed example id (`../shared/seed_examples.json`).
    pub seed: &'static str,
    /// Which part of a multi-valued seed example (`""` when single-valued;
    /// a list index `"0"` or a key `"DCG"`, `"log.2"`).
    pub part: &'static str,
    /// System name in the case's text.
    pub system: &'static str,
    /// Query id, or `None` for the mean over the system's queries.
    pub query: Option<&'static str>,
    /// Measure name as the core prints it.
    pub measure: &'static str,
    /// The value as the article prints it.
    pub stated: &'static str,
}

/// One loadable case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Case {
    /// Stable id (the menu's value).
    pub id: &'static str,
    /// Menu title.
    pub title: &'static str,
    /// Quick-format text.
    pub text: &'static str,
    /// Measure families shown.
    pub families: &'static [Family],
    /// Cutoffs.
    pub cutoffs: &'static [usize],
    /// Measures added by name.
    pub extra: &'static str,
    /// nDCG gain.
    pub gain: GainKind,
    /// ERR's max grade (`None`: the data's largest).
    pub gmax: Option<i64>,
    /// Grade scale.
    pub scale_max: i64,
    /// What the article states.
    pub checks: &'static [Check],
    /// Where the article and Ranklab part ways, and why (empty when they agree).
    pub note: &'static str,
    /// What kind of parting the note explains, for the values that do not
    /// agree.
    pub parting: Parting,
}

/// Why an article's value is not Ranklab's, in words a reader of the
/// article can check against its working (the case's note gives the
/// details).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parting {
    /// The article's number or its working is wrong.
    Mistake,
    /// The article rounds its steps before adding them, so its last
    /// digits are off the exact value: the method is the same.
    Rounded,
    /// The article follows another convention than trec_eval's; both
    /// values are shown.
    Convention,
}

/// What a check's row says of the article's value beside Ranklab's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Equal to the article's precision.
    Agrees,
    /// Off, for the reason the case's note gives.
    Parts(Parting),
    /// Ranklab has no such value now: the text or measures were changed.
    NotComputed,
}

impl Verdict {
    /// The verdict on Ranklab's `value` (if computed) against `stated`,
    /// under the case's `parting`.
    pub fn of(value: Option<f64>, stated: &str, parting: Parting) -> Verdict {
        match value {
            Some(v) if agrees(v, stated) => Verdict::Agrees,
            Some(_) => Verdict::Parts(parting),
            None => Verdict::NotComputed,
        }
    }

    /// The row's words.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::Agrees => "agrees (rounded)",
            Verdict::Parts(Parting::Mistake) => "differs: see below",
            Verdict::Parts(Parting::Rounded) => "the article rounded its steps: see below",
            Verdict::Parts(Parting::Convention) => "another convention: see below",
            Verdict::NotComputed => "not computed: the text or measures were changed",
        }
    }

    /// The row's class: `ok`, `near` (rounding or a convention, not an
    /// error) or `differs`.
    pub fn class(self) -> &'static str {
        match self {
            Verdict::Agrees => "ok",
            Verdict::Parts(Parting::Rounded | Parting::Convention) => "near",
            Verdict::Parts(Parting::Mistake) | Verdict::NotComputed => "differs",
        }
    }
}

impl Case {
    /// The menu group it is listed under, from the measure its id names.
    pub fn topic(&self) -> &'static str {
        let id = self.id;
        if id == "demo" {
            "Start"
        } else if id.contains("-err") {
            "Expected reciprocal rank (ERR)"
        } else if id.ends_with("rr") {
            "Reciprocal rank (MRR)"
        } else if id.ends_with("ndcg") || id.ends_with("discounts") {
            "nDCG and discounts"
        } else if id.ends_with("p-r") || id.ends_with("p10") {
            "Precision and recall"
        } else {
            "Average precision (MAP)"
        }
    }

    /// The settings the case is evaluated with.
    pub fn settings(&self) -> Settings {
        Settings {
            families: self.families.to_vec(),
            cutoffs: self.cutoffs.to_vec(),
            extra: self.extra.to_string(),
            gain: self.gain,
            err_gmax: self.gmax,
            scale_max: self.scale_max,
            ..Settings::default()
        }
    }
}

const fn check(
    seed: &'static str,
    part: &'static str,
    system: &'static str,
    query: Option<&'static str>,
    measure: &'static str,
    stated: &'static str,
) -> Check {
    Check {
        seed,
        part,
        system,
        query,
        measure,
        stated,
    }
}

const fn case(id: &'static str, title: &'static str, text: &'static str) -> Case {
    Case {
        id,
        title,
        text,
        families: &[],
        cutoffs: &[10],
        extra: "",
        gain: GainKind::Linear,
        gmax: None,
        scale_max: 1,
        checks: &[],
        note: "",
        parting: Parting::Mistake,
    }
}

/// Article 004's MAP example beside article 000's two MRR systems. The
/// articles' queries are different queries: their ids say whose they are
/// (`004-q1`, `000-q1`), so that no query of one article is paired with,
/// or set beside, a query of the other.
const OPENING: &str = "\
# Ranklab quick format: one line per query, grades in rank order.
# R = relevant, N = not relevant, 0-3 = graded, ? = never judged,
# N*9 = nine N in a row; after | : relevant documents the system missed.
# Two articles' examples: their queries are not the same queries.

[MAP example (article 004)]
004-q1: R R N R R N R N R N
004-q2: R N R N R N N R
004-q3: N R R N R R

[MRR system A (article 000)]
000-q1: N R
000-q2: N N R
000-q3: N R
000-q4: N N R

[MRR system B (article 000)]
000-q1: R
000-q2: N*9 R
000-q3: R
000-q4: N*14 R
";

/// The example the page opens with: a made-up comparison of three systems.
pub const EXAMPLE_QUICK: &str = "\
# A made-up comparison: three systems, six queries, grades 0-3.
# After | : relevant documents the system did not retrieve.
[BM25]
q1: 3 0 1 0 2 0 0 1 0 0 | 2
q2: 0 0 2 1 0 0 3 0 0 0
q3: 1 0 0 0 0 0 0 0 0 0 | 3 2
q4: 2 3 0 0 1 0 0 0 0 0
q5: 0 0 0 0 0 1 0 0 2 0 | 3
q6: 3 2 1 0 0 0 0 0 0 0

[BM25 + reranker]
q1: 3 2 1 1 0 0 0 0 0 0
q2: 3 2 0 1 0 0 0 0 0 0
q3: 0 3 0 2 1 0 0 0 0 0
q4: 3 2 1 0 0 0 0 0 0 0
q5: 0 3 0 0 1 0 2 0 0 0
q6: 2 3 0 1 0 0 0 0 0 0

[Dense retriever]
q1: 2 3 0 0 1 0 0 0 1 0
q2: 3 0 0 0 2 0 0 1 0 0
q3: 3 2 1 0 0 0 0 0 0 0
q4: 0 0 0 3 2 0 1 0 0 0
q5: 3 0 2 1 0 0 0 0 0 0
q6: 0 0 3 2 1 0 0 0 0 0
";

const RR: &[Family] = &[Family::RR];
const AP: &[Family] = &[Family::AP];

/// Every case, demo first.
pub const CASES: &[Case] = &[
    Case {
        families: Family::HEADLINE,
        scale_max: 3,
        ..case("demo", "Demo: three systems, six graded queries", EXAMPLE_QUICK)
    },
    Case {
        families: &[Family::RR, Family::AP, Family::NDCG, Family::P, Family::R],
        checks: &[
            check("s004_map", "", "MAP example (article 004)", None, "AP", "0.708"),
            check("s000_mrr_A", "", "MRR system A (article 000)", None, "RR", "0.4167"),
            check("s000_mrr_B", "", "MRR system B (article 000)", None, "RR", "0.5417"),
        ],
        note: "Article 004 prints MAP 0.708 because it averages per-query values already rounded to three decimals; from the rankings the mean is 0.7073.",
        parting: Parting::Rounded,
        ..case("000-004", "MAP of three queries and MRR of two systems", OPENING)
    },
    Case {
        families: RR,
        checks: &[
            check("s000_mrr_A", "", "A", None, "RR", "0.4167"),
            check("s000_mrr_B", "", "B", None, "RR", "0.5417"),
        ],
        ..case("000-mrr", "MRR of two systems over four queries",
            "# First relevant document at ranks 2, 3, 2, 3 (A) and 1, 10, 1, 15 (B).\n[A]\nq1: N R\nq2: N N R\nq3: N R\nq4: N N R\n\n[B]\nq1: R\nq2: N*9 R\nq3: R\nq4: N*14 R\n")
    },
    Case {
        extra: "nDCG, nDCG(dcg='exp-log2')",
        scale_max: 10,
        checks: &[
            check("s000_ndcg_sklearn", "", "A", Some("q1"), "nDCG", "0.6957"),
            check("s000_ndcg_linear", "", "A", Some("q1"), "nDCG", "0.6957"),
            check("s000_ndcg_exp", "", "A", Some("q1"), "nDCG(dcg='exp-log2')", "0.4097"),
        ],
        ..case("000-ndcg", "nDCG with linear and exponential gain (grades up to 10)",
            "# Five items with grades 10, 0, 0, 1, 5, ranked by score: 5 1 0 0 10.\n[A]\nq1: 5 1 0 0 10\n")
    },
    Case {
        families: &[Family::P, Family::R],
        cutoffs: &[5],
        checks: &[
            check("s001_p_at_5", "", "A", None, "P@5", "0.6"),
            check("s001_r_at_5", "", "A", None, "R@5", "0.75"),
        ],
        ..case("001-p-r", "P@5 and R@5: 3 relevant in the top 5, 4 in all",
            "# Which 3 of the top 5 are relevant does not matter for P@5 and R@5.\n[A]\nq1: R N R R N | R\n")
    },
    Case {
        families: &[Family::P],
        checks: &[
            check("s001_p_at_10_two_rel", "", "Early", None, "P@10", "0.2"),
            check("s001_p_at_10_two_rel", "", "Late", None, "P@10", "0.2"),
        ],
        note: "The article says P@10 “does differentiate” these rankings; it means it does not: both score 0.2.",
        ..case("001-p10", "P@10 cannot tell ranks 1–2 from ranks 9–10",
            "[Early]\nq1: R R N*8\n\n[Late]\nq1: N*8 R R\n")
    },
    Case {
        families: &[Family::APFound, Family::AP],
        cutoffs: &[5],
        checks: &[
            check("s001_ap_at_5_Q1", "", "A", Some("Q1"), "AP(norm='found')@5", "0.81"),
            check("s001_ap_at_5_Q2", "", "A", Some("Q2"), "AP(norm='found')@5", "0.53"),
        ],
        note: "The article divides AP@5 by the relevant documents found in the top 5; trec_eval, ir_measures and ranx divide by all relevant documents. Both columns are shown.",
        parting: Parting::Convention,
        ..case("001-ap5", "AP@5 divided by the relevant documents found",
            "[A]\nQ1: R N R R N\nQ2: N R N R R\n")
    },
    Case {
        families: RR,
        checks: &[check("s002_mrr_3q", "", "A", None, "RR", "0.611")],
        ..case("002-mrr", "MRR over three queries", "[A]\nq1: R\nq2: N N R\nq3: N R\n")
    },
    Case {
        families: RR,
        checks: &[
            check("s002_rr_rank9_rank10", "0", "A", Some("q1"), "RR", "0.111"),
            check("s002_rr_rank9_rank10", "1", "A", Some("q2"), "RR", "0.1"),
        ],
        ..case("002-rr", "RR when the first relevant is at rank 9 or 10",
            "[A]\nq1: N*8 R\nq2: N*9 R\n")
    },
    Case {
        families: AP,
        checks: &[check("s002_ap_R3", "", "A", None, "AP", "0.722")],
        ..case("002-ap", "AP with three relevant documents", "[A]\nq1: R N R N N R\n")
    },
    Case {
        families: &[Family::NDCG],
        cutoffs: &[5],
        gain: GainKind::Exponential,
        extra: "DCG(dcg='exp-log2')@5",
        scale_max: 3,
        checks: &[
            check("s002_dcg5_exp", "", "Ranking", None, "DCG(dcg='exp-log2')@5", "10.485"),
            check("s002_idcg5_exp", "", "Ideal", None, "DCG(dcg='exp-log2')@5", "10.824"),
            check("s002_ndcg5_exp", "", "Ranking", None, "nDCG(dcg='exp-log2')@5", "0.969"),
        ],
        note: "The article adds per-rank values rounded to three decimals, so its DCG and IDCG differ from the exact sums in the last digit.",
        parting: Parting::Rounded,
        ..case("002-ndcg", "DCG@5, IDCG@5 and nDCG@5 with exponential gain",
            "# The ideal list is the same grades sorted.\n[Ranking]\nq1: 3 2 0 1 2\n\n[Ideal]\nq1: 3 2 2 1 0\n")
    },
    Case {
        families: RR,
        checks: &[check("s003_rr_rank2", "", "A", None, "RR", "0.5")],
        ..case("003-rr", "RR with the first relevant at rank 2", "[A]\nq1: N R\n")
    },
    Case {
        families: AP,
        checks: &[check("s003_ap_RNRNR", "", "A", None, "AP", "0.756")],
        ..case("003-ap", "AP of R N R N R", "[A]\nq1: R N R N R\n")
    },
    Case {
        families: AP,
        checks: &[
            check("s003_ap_single_rel", "0", "A", Some("at1"), "AP", "1.0"),
            check("s003_ap_single_rel", "1", "A", Some("at3"), "AP", "0.33"),
            check("s003_ap_single_rel", "2", "A", Some("at30"), "AP", "0.033"),
        ],
        ..case("003-ap-single", "AP with one relevant document at rank 1, 3 or 30",
            "[A]\nat1: R\nat3: N N R\nat30: N*29 R\n")
    },
    Case {
        families: &[Family::ERR],
        cutoffs: &[3],
        gmax: Some(3),
        scale_max: 3,
        checks: &[check("s003_err_ex1", "", "A", None, "ERR(gmax=3)@3", "0.648")],
        note: "The article's value is right, but the expression printed beside it leaves out the (1 − R₁) factor; written as printed it would give 0.8125.",
        ..case("003-err1", "ERR of grades 2 3 0 (max grade 3)", "[A]\nq1: 2 3 0\n")
    },
    Case {
        families: &[Family::ERR],
        cutoffs: &[1, 5],
        gmax: Some(8),
        scale_max: 8,
        checks: &[
            check("s003_err_ex2_rank1", "", "Best at rank 1", None, "ERR(gmax=8)@5", "0.99"),
            check("s003_err_ex2_rank5", "", "Best at rank 5", None, "ERR(gmax=8)@5", "0.27"),
            check("s003_err_ex2_R_values", "0", "Best at rank 5", None, "ERR(gmax=8)@1", "0.0586"),
            check("s003_err_ex2_R_values", "1", "Best at rank 1", None, "ERR(gmax=8)@1", "0.9961"),
        ],
        note: "The article rounds loosely (≈ 0.99 for 0.9964, ≈ 0.27 for 0.2722). ERR@1 is the stopping probability R of the first document, (2^g − 1)/2^8 for grade g.",
        parting: Parting::Rounded,
        ..case("003-err2", "ERR: the grade-8 document at rank 1 or at rank 5",
            "[Best at rank 1]\nq1: 8 4 4 4 4\n\n[Best at rank 5]\nq1: 4 4 4 4 8\n")
    },
    Case {
        extra: "DCG(dcg='exp-log2'), nDCG(dcg='exp-log2')",
        scale_max: 3,
        checks: &[
            check("s003_ndcg_A", "DCG", "A", None, "DCG(dcg='exp-log2')", "9.39"),
            check("s003_ndcg_A", "IDCG", "A", None, "DCG(dcg='exp-log2')", "9.39"),
            check("s003_ndcg_A", "nDCG", "A", None, "nDCG(dcg='exp-log2')", "1.0"),
            check("s003_ndcg_B", "DCG", "B as stated", None, "DCG(dcg='exp-log2')", "7.92"),
            check("s003_ndcg_B", "nDCG", "B as stated", None, "nDCG(dcg='exp-log2')", "0.84"),
        ],
        note: "The article lists ranking B as grades 2, 1, 3 but its table adds up 2, 3, 1. For 2, 1, 3 the values are DCG 7.1309 and nDCG 0.7592 (system “B as stated”); the article's 7.92 and 0.84 belong to 2, 3, 1 (system “B as tabulated”).",
        ..case("003-ndcg", "nDCG with exponential gain: rankings A and B",
            "# Ranking A is ideal, so its DCG is also the IDCG.\n[A]\nq1: 3 2 1\n\n[B as stated]\nq1: 2 1 3\n\n[B as tabulated]\nq1: 2 3 1\n")
    },
    Case {
        extra: "DCG, DCG(discount='1/rank')",
        checks: &[
            check("s003_discount_table", "log.0", "A", Some("r1"), "DCG", "1.0"),
            check("s003_discount_table", "log.1", "A", Some("r2"), "DCG", "0.63"),
            check("s003_discount_table", "log.2", "A", Some("r5"), "DCG", "0.39"),
            check("s003_discount_table", "log.3", "A", Some("r10"), "DCG", "0.29"),
            check("s003_discount_table", "log.4", "A", Some("r50"), "DCG", "0.18"),
            check("s003_discount_table", "linear.0", "A", Some("r1"), "DCG(discount='1/rank')", "1.0"),
            check("s003_discount_table", "linear.1", "A", Some("r2"), "DCG(discount='1/rank')", "0.5"),
            check("s003_discount_table", "linear.2", "A", Some("r5"), "DCG(discount='1/rank')", "0.2"),
            check("s003_discount_table", "linear.3", "A", Some("r10"), "DCG(discount='1/rank')", "0.1"),
            check("s003_discount_table", "linear.4", "A", Some("r50"), "DCG(discount='1/rank')", "0.02"),
        ],
        note: "A single relevant document (gain 1) at rank r has DCG equal to the discount at r: 1/log2(r+1) or 1/r.",
        ..case("003-discounts", "Discounts 1/log2(r+1) and 1/r at ranks 1, 2, 5, 10, 50",
            "[A]\nr1: R\nr2: N R\nr5: N*4 R\nr10: N*9 R\nr50: N*49 R\n")
    },
    Case {
        families: AP,
        checks: &[
            check("s004_ap_A", "", "A", None, "AP", "1.0"),
            check("s004_ap_B", "", "B", None, "AP", "0.76"),
        ],
        note: "For B the article rounds P@3 to 0.67 before adding; the exact AP is 0.7556.",
        ..case("004-ap", "AP of two rankings with three relevant documents",
            "[A]\nq1: R R R N N\n\n[B]\nq1: R N R N R\n")
    },
    Case {
        families: AP,
        checks: &[
            check("s004_map_Q1", "", "A", Some("q1"), "AP", "0.822"),
            check("s004_map_Q2", "", "A", Some("q2"), "AP", "0.692"),
            check("s004_map_Q3", "", "A", Some("q3"), "AP", "0.609"),
            check("s004_map", "", "A", None, "AP", "0.708"),
        ],
        note: "The article sums precisions rounded to three decimals: q3 becomes 0.609 (exact 0.6083) and MAP 0.708 (exact 0.7073).",
        parting: Parting::Rounded,
        ..case("004-map", "MAP over three queries",
            "[A]\nq1: R R N R R N R N R N\nq2: R N R N R N N R\nq3: N R R N R R\n")
    },
    Case {
        families: &[Family::NDCG],
        cutoffs: &[5],
        extra: "DCG@5",
        scale_max: 3,
        checks: &[
            check("s004_dcg5_linear", "", "Ranking", None, "DCG@5", "6.958"),
            check("s004_idcg5_linear", "", "Ideal", None, "DCG@5", "7.253"),
            check("s004_ndcg5_linear", "", "Ranking", None, "nDCG@5", "0.959"),
        ],
        note: "The article adds rounded per-rank terms, so its DCG (6.958) and IDCG (7.253) are a little off the exact 6.9585 and 7.2541.",
        parting: Parting::Rounded,
        ..case("004-ndcg", "DCG@5, IDCG@5 and nDCG@5 with linear gain",
            "[Ranking]\nq1: 3 3 0 3 2\n\n[Ideal]\nq1: 3 3 3 2 0\n")
    },
    Case {
        families: &[Family::ERR],
        cutoffs: &[5],
        gmax: Some(3),
        scale_max: 3,
        checks: &[check("s004_err", "", "A", None, "ERR(gmax=3)@5", "0.936")],
        note: "The article's ERR is wrong: its stopping probabilities at ranks 3 and 4 (0.104, 0.013) drop a factor. With P(stop at i) = Rᵢ·∏(1 − Rⱼ) they are 0.0684 and 0.0012, and ERR is 0.9215.",
        ..case("004-err", "ERR of grades 3 2 3 1 0 (max grade 3)", "[A]\nq1: 3 2 3 1 0\n")
    },
];

/// The case with this id.
pub fn find(id: &str) -> Option<&'static Case> {
    CASES.iter().find(|c| c.id == id)
}

/// Whether a value agrees with a stated one to the stated precision
/// (within half a unit of its last digit; a stated `0.99` means 0.985..0.995).
pub fn agrees(value: f64, stated: &str) -> bool {
    let Ok(s) = stated.parse::<f64>() else {
        return false;
    };
    let decimals = stated.split('.').nth(1).map_or(0, str::len) as i32;
    (value - s).abs() <= 0.5 * 10f64.powi(-decimals) + 1e-12
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_is_in_a_menu_group_and_titled_without_article_numbers() {
        let groups = [
            "Start",
            "Reciprocal rank (MRR)",
            "Average precision (MAP)",
            "Precision and recall",
            "nDCG and discounts",
            "Expected reciprocal rank (ERR)",
        ];
        for c in CASES {
            assert!(groups.contains(&c.topic()), "{} in {}", c.id, c.topic());
            assert!(
                !c.title.starts_with(|ch: char| ch.is_ascii_digit()),
                "{}",
                c.title
            );
        }
        let topic = |id| find(id).map(Case::topic);
        assert_eq!(topic("004-err"), Some("Expected reciprocal rank (ERR)"));
        assert_eq!(topic("003-err2"), Some("Expected reciprocal rank (ERR)"));
        assert_eq!(topic("000-004"), Some("Average precision (MAP)"));
        assert_eq!(topic("002-rr"), Some("Reciprocal rank (MRR)"));
        assert_eq!(topic("003-discounts"), Some("nDCG and discounts"));
        assert_eq!(topic("001-p10"), Some("Precision and recall"));
    }
}

#[cfg(test)]
mod example_values {
    use super::{find, CASES, EXAMPLE_QUICK};
    use crate::settings::Settings;
    use crate::shared::evaluation::{evaluate_typed, format_value, parse_typed};

    #[test]
    fn every_example_case_is_in_range() {
        for c in CASES {
            assert_eq!(c.settings().problems(), Vec::<String>::new(), "{}", c.id);
        }
    }

    #[test]
    fn example_data_gives_the_articles_values() {
        let s = Settings::default();
        let (m, _) = s.measures();
        let e = evaluate_typed(
            &parse_typed(find("000-004").unwrap().text),
            &m,
            &s.eval_options(),
        );
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        assert_eq!(e.systems.len(), 3);
        // Article 004: MAP 0.7073; article 000: MRR 5/12 and 13/24.
        assert_eq!(format_value(e.systems[0].means[1]), "0.7073");
        assert_eq!(format_value(e.systems[1].means[0]), "0.4167");
        assert_eq!(format_value(e.systems[2].means[0]), "0.5417");
    }

    /// Ranklab's value of a case's check, evaluated as the page does.
    fn checked_values(c: &super::Case) -> Vec<(super::Check, Option<f64>)> {
        let s = c.settings();
        let (m, _) = s.measures();
        let e = evaluate_typed(&parse_typed(c.text), &m, &s.eval_options());
        c.checks
            .iter()
            .map(|k| {
                let j = m.iter().position(|x| x.to_string() == k.measure);
                let sys = e.systems.iter().find(|x| x.name == k.system);
                let v = match (j, sys, k.query) {
                    (Some(j), Some(sys), None) => sys.means.get(j).copied(),
                    (Some(j), Some(sys), Some(q)) => {
                        sys.queries.iter().find(|r| r.id == q).map(|r| r.values[j])
                    }
                    _ => None,
                };
                (*k, v)
            })
            .collect()
    }

    #[test]
    fn partings_are_what_the_values_show() {
        use super::{Parting, Verdict};
        for c in CASES {
            let checked = checked_values(c);
            for (k, v) in &checked {
                let v = v.unwrap_or_else(|| panic!("{}: {} not computed", c.id, k.seed));
                let stated: f64 = k.stated.parse().unwrap();
                if let Verdict::Parts(p) = Verdict::of(Some(v), k.stated, c.parting) {
                    assert!(
                        !c.note.is_empty(),
                        "{}: {} parts ways unexplained",
                        c.id,
                        k.seed
                    );
                    // Rounded steps move the last digits only: within a
                    // hundredth (the loosest, 0.99 for 0.9964).
                    if p == Parting::Rounded {
                        assert!(
                            (v - stated).abs() < 0.01,
                            "{}: {} {v} {stated}",
                            c.id,
                            k.seed
                        );
                    }
                }
            }
            // A case said to round its steps has a value they move.
            if c.parting == Parting::Rounded {
                assert!(
                    checked.iter().any(|(k, v)| matches!(
                        Verdict::of(*v, k.stated, c.parting),
                        Verdict::Parts(_)
                    )),
                    "{}: nothing rounded",
                    c.id
                );
            }
        }
        let v = |value, stated| Verdict::of(Some(value), stated, Parting::Rounded);
        assert_eq!(v(0.7073, "0.708").class(), "near");
        assert_eq!(v(0.7073, "0.707").class(), "ok");
        assert_eq!(
            Verdict::of(Some(0.9215), "0.936", Parting::Mistake).class(),
            "differs"
        );
    }

    #[test]
    fn the_demo_gives_hand_computed_values() {
        let s = Settings::default();
        let (m, _) = s.measures();
        let e = evaluate_typed(&parse_typed(EXAMPLE_QUICK), &m, &s.eval_options());
        assert!(
            e.errors.is_empty() && e.warnings.is_empty(),
            "{:?} {:?}",
            e.errors,
            e.warnings
        );
        // BM25's first relevant ranks: 1, 3, 1, 1, 6, 1 -> MRR (4 + 1/3 + 1/6) / 6 = 0.75.
        assert!((e.systems[0].means[0] - 0.75).abs() < 1e-12);
    }
}
