//! Exercises checked against values worked out by hand from the
//! definitions.

use super::mistakes::Mistake;
use super::random::{draw, Difficulty};
use super::set::parse_set;
use super::*;
use crate::measures::ndcg::GainKind;

fn exercise(measure: &str, ranking: &str) -> Exercise {
    let set = parse_set("set", &format!("exercise: {measure}\n{ranking}\n"));
    assert!(set.errors.is_empty(), "{:?}", set.errors);
    set.exercises.into_iter().next().unwrap()
}

/// Relevant at ranks 1 and 3, one more not retrieved (R = 3):
/// AP = (1/1 + 2/3) / 3 = 5/9; over the 5 retrieved: 1/3; over the 2
/// found: 5/6.
#[test]
fn ap_answers_and_its_mistakes() {
    let e = exercise("AP", "q1: 1 0 1 0 0 | 1");
    assert!((e.value() - 5.0 / 9.0).abs() < 1e-12);
    assert_eq!(e.check("0.5556"), Verdict::Right);
    assert_eq!(e.check("5/9"), Verdict::Right);
    assert_eq!(e.check("0,5556"), Verdict::Right);
    assert_eq!(
        e.check("0.8333"),
        Verdict::Mistake(Mistake::UnretrievedForgotten)
    );
    assert_eq!(e.check("1/3"), Verdict::Mistake(Mistake::ApOverRetrieved));
    assert_eq!(e.check("0.7"), Verdict::Wrong);
    assert_eq!(e.check("0.5550"), Verdict::Wrong);
    assert_eq!(e.check("abc"), Verdict::Unreadable);
}

/// Grades 3 2 0 and a 3 not retrieved. Linear gains: DCG@3 = 3 + 2/log2 3
/// = 4.26186, IDCG (3 3 2) = 3 + 3/log2 3 + 2/2 = 5.89279, nDCG = 0.72323.
/// Exponential: DCG = 7 + 3/log2 3 = 8.89279, IDCG = 7 + 7/log2 3 + 3/2 =
/// 12.91651, nDCG = 0.68848. Ideal of the retrieved only: nDCG = 1. The
/// DCG itself, 4.2619, given as nDCG: not normalised.
#[test]
fn ndcg_answers_and_its_mistakes() {
    let e = exercise("nDCG@3", "q1: 3 2 0 | 3");
    assert!((e.value() - 0.723_23).abs() < 5e-6, "{}", e.value());
    assert_eq!(e.check("0.7232"), Verdict::Right);
    assert_eq!(
        e.check("0.6885"),
        Verdict::Mistake(Mistake::Gain {
            used: GainKind::Exponential
        })
    );
    assert_eq!(
        e.check("1"),
        Verdict::Mistake(Mistake::IdealWithoutUnretrieved)
    );
    assert_eq!(e.check("4.2619"), Verdict::Mistake(Mistake::NotNormalised));
    // The exponential gains' DCG is the other gain's mistake, not named twice.
    assert_eq!(e.check("8.8928"), Verdict::Wrong);
}

/// The discounts of ranks 1 to 3 by log base 10 (3.3219, 2.0959, 1.6610)
/// instead of 2 (1, 0.6309, 0.5): the column names the base, though nDCG's
/// value does not change with it.
#[test]
fn a_column_of_discounts_by_log10_is_named() {
    let e = exercise("nDCG@3", "q1: 3 2 0 | 3");
    let steps = e.steps();
    let c = steps.headers.iter().position(|h| h == "Discount").unwrap();
    assert!(e.step_columns().contains(&c));
    let cells = |v: &[&str]| v.iter().map(|s| Some(s.to_string())).collect::<Vec<_>>();
    let right = e.check_column(c, &cells(&["1", "0.6309", "0.5"]));
    assert_eq!(right.marks, [Some(true); 3]);
    assert_eq!(right.mistake, None);
    let log10 = e.check_column(c, &cells(&["3.3219", "2.0959", "1.6610"]));
    assert_eq!(log10.marks, [Some(false); 3]);
    assert_eq!(log10.mistake, Some(Mistake::LogBase { used: 10.0 }));
    // One wrong cell that matches no mistake; one left empty.
    let some = e.check_column(c, &[Some("1".into()), Some("0.7".into()), None]);
    assert_eq!(some.marks, [Some(true), Some(false), None]);
    assert_eq!(some.mistake, None);
    // The gains column with 2^g - 1 (7, 3, 0) instead of g (3, 2, 0).
    let g = steps.headers.iter().position(|h| h == "Gain").unwrap();
    let exp = e.check_column(g, &cells(&["7", "3", "0"]));
    assert_eq!(
        exp.mistake,
        Some(Mistake::Gain {
            used: GainKind::Exponential
        })
    );
}

/// Grades 2 0 1, the largest 2: R = 3/4, 0, 1/4. ERR@3 = 3/4 + 0 +
/// (1/4 · 1 · 1/4) / 3 = 0.77083; without the probability of reaching a
/// rank: 3/4 + 0 + (1/4) / 3 = 0.83333.
#[test]
fn err_without_the_reach_is_named() {
    let e = exercise("ERR@3", "q1: 2 0 1");
    assert!((e.value() - 0.770_833_33).abs() < 1e-8, "{}", e.value());
    assert_eq!(e.check("0.7708"), Verdict::Right);
    assert_eq!(
        e.check("0.8333"),
        Verdict::Mistake(Mistake::ErrWithoutReach)
    );
    // The steps' last column filled in as Rᵢ / i (3/4, 0, 1/12), and the
    // reach column as all 1: each named, not only marked wrong.
    let steps = e.steps();
    let col = |name: &str| steps.headers.iter().position(|h| h == name).unwrap();
    let cells = |v: &[&str]| v.iter().map(|s| Some(s.to_string())).collect::<Vec<_>>();
    let terms = e.check_column(col("P(stop) / i"), &cells(&["0.75", "0", "1/12"]));
    assert_eq!(terms.marks, [Some(true), Some(true), Some(false)]);
    assert_eq!(terms.mistake, Some(Mistake::ErrWithoutReach));
    let reach = e.check_column(col("P(reach i)"), &cells(&["1", "1", "1"]));
    assert_eq!(reach.marks, [Some(true), Some(false), Some(false)]);
    assert_eq!(reach.mistake, Some(Mistake::ErrWithoutReach));
    // The right terms: 3/4, 0, (1/4 · 1 · 1/4) / 3 = 1/48.
    let right = e.check_column(col("P(stop) / i"), &cells(&["0.75", "0", "1/48"]));
    assert_eq!((right.marks, right.mistake), (vec![Some(true); 3], None));
}

/// Hints reveal the rows, then one step more shows the answer: AP of
/// `1 0 1 0 0 | 1` has two rows (ranks 1 and 3), so three steps; RR's
/// steps are the ranking itself, so its one step is the answer.
#[test]
fn the_answer_is_a_step_of_its_own_after_the_rows() {
    let ap = exercise("AP", "q1: 1 0 1 0 0 | 1");
    assert_eq!((ap.row_hints(), ap.hint_steps()), (2, 3));
    let last = ap.steps().rows.last().unwrap().join(" ");
    assert!(!last.contains("0.5556"), "{last}");
    let rr = exercise("RR", "q1: 0 0 1 0 1");
    assert_eq!((rr.row_hints(), rr.hint_steps()), (0, 1));
}

/// nDCG@3 of `3 2 0 | 3`: the ideal ranking 3 3 2 fills three rows; of
/// `1 0 | 0` one (a grade 0 adds nothing); with no cutoff, every grade
/// above 0. Other measures have none.
#[test]
fn the_ideal_ranking_s_rows_of_a_hand_calculation() {
    assert_eq!(exercise("nDCG@3", "3 2 0 | 3").ideal_rows(), Some(3));
    assert_eq!(exercise("nDCG@5", "1 0 | 0").ideal_rows(), Some(1));
    assert_eq!(exercise("nDCG", "1 2 0 1 | 3").ideal_rows(), Some(4));
    assert_eq!(exercise("AP", "1 0").ideal_rows(), None);
}

/// Two relevant among 3 retrieved: P@5 = 2/5, not 2/3. R@3 of `1 0 0 1 | 1`
/// = 1/3 (three relevant), not 1/2 (the two retrieved).
#[test]
fn precision_and_recall_mistakes() {
    let p = exercise("P@5", "1 0 1");
    assert_eq!(p.check("0.4"), Verdict::Right);
    assert_eq!(
        p.check("2/3"),
        Verdict::Mistake(Mistake::PrecisionOverRetrieved)
    );
    let r = exercise("R@3", "1 0 0 1 | 1");
    assert_eq!(r.check("1/3"), Verdict::Right);
    assert_eq!(
        r.check("0.5"),
        Verdict::Mistake(Mistake::UnretrievedForgotten)
    );
}

/// The first relevant document at rank 3: RR = 1/3; its rank, 3, is the
/// reciprocal forgotten. At rank 1 the rank is the right answer, and no
/// mistake is named; with none relevant, none either.
#[test]
fn rr_given_as_the_rank_is_named() {
    let rr = exercise("RR", "0 0 1 1");
    assert_eq!(rr.check("1/3"), Verdict::Right);
    assert_eq!(rr.check("3"), Verdict::Mistake(Mistake::RankNotReciprocal));
    assert_eq!(rr.check("4"), Verdict::Wrong);
    assert_eq!(exercise("RR", "1 0").check("1"), Verdict::Right);
    assert_eq!(exercise("RR", "0 0").check("3"), Verdict::Wrong);
    // Cut at 2, the relevant document at rank 3 is not reached: RR@2 = 0.
    assert_eq!(exercise("RR@2", "0 0 1").check("3"), Verdict::Wrong);
}

/// The first relevant document at rank 3, the next at 5: 1/5 is RR taken
/// at a later relevant document, named with both ranks; cut at 4, rank 5
/// is not reached and 1/5 is no recognised mistake.
#[test]
fn rr_taken_at_a_later_relevant_document_is_named() {
    let rr = exercise("RR", "0 0 1 0 1");
    let later = Mistake::LaterRelevant { rank: 5, first: 3 };
    assert_eq!(rr.check("1/5"), Verdict::Mistake(later));
    assert_eq!(rr.check("0.2"), Verdict::Mistake(later));
    assert_eq!(
        later.to_string(),
        "That is 1 / 5, from the relevant document at rank 5: RR counts only the first relevant document, here at rank 3."
    );
    assert_eq!(exercise("RR@4", "0 0 1 0 1").check("1/5"), Verdict::Wrong);
}

/// AP's steps: relevant so far and P@rank at each relevant rank (1 and 3),
/// shown as `1/1 = 1.0000` and `2/3 = 0.6667`; a student writes 1 and 2/3.
#[test]
fn ap_steps_are_filled_in_as_numbers_or_fractions() {
    let e = exercise("AP", "q1: 1 0 1 0 0 | 1");
    let steps = e.steps();
    let p = steps.headers.iter().position(|h| h == "P@rank").unwrap();
    assert_eq!(steps.rows[1][p], "2/3 = 0.6667");
    assert!(e.step_columns().contains(&p));
    let check = e.check_column(p, &[Some("1".into()), Some("2/3".into())]);
    assert_eq!(check.marks, [Some(true), Some(true)]);
    let check = e.check_column(p, &[Some("1".into()), Some("0.5".into())]);
    assert_eq!(check.marks, [Some(true), Some(false)]);
}

/// Ranks 1 and 2 tied (grades 0 and 1): RR is 1/2 in the listed order, 1
/// in the best, so 0.75 on average. AP of `1 0 1 | 1` with ranks 2 and 3
/// tied: (1 + 2/3) / 3 = 0.5556 as listed, (1 + 1) / 3 = 0.6667 at best,
/// 0.6111 on average.
#[test]
fn ties_average_over_orders_and_their_mistakes_are_named() {
    let rr = exercise("RR", "q1: 0 1 1 0\nties: 1-2");
    assert_eq!((rr.ties.len(), rr.ties[0].clone()), (1, 0..2));
    assert!((rr.value() - 0.75).abs() < 1e-12, "{}", rr.value());
    assert_eq!(rr.check("3/4"), Verdict::Right);
    assert_eq!(rr.check("0.5"), Verdict::Mistake(Mistake::TieListedOrder));
    assert_eq!(rr.check("1"), Verdict::Mistake(Mistake::TieBestOrder));
    assert!(rr.step_columns().is_empty());
    let ap = exercise("AP", "q1: 1 0 1 | 1\nties: 2-3");
    assert!((ap.value() - 11.0 / 18.0).abs() < 1e-12, "{}", ap.value());
    assert_eq!(ap.check("0.6111"), Verdict::Right);
    assert_eq!(
        ap.check("0.5556"),
        Verdict::Mistake(Mistake::TieListedOrder)
    );
    assert_eq!(ap.check("2/3"), Verdict::Mistake(Mistake::TieBestOrder));
    // Best order first, worst order last: 1 1 0 then 0 1 1 for RR@... of `1 1 0`
    // tied 1-3 read worst: 0 1 1, RR 1/2.
    let worst = exercise("RR", "q1: 1 0 1\nties: 1-3");
    assert!(
        (worst.value() - (2.0 / 3.0 + 1.0 / 3.0 * 0.5)).abs() < 1e-12,
        "{}",
        worst.value()
    );
    assert_eq!(worst.check("0.5"), Verdict::Mistake(Mistake::TieWorstOrder));
}

/// `1 0 1` with all three ranks tied: six orders of the documents give
/// three orders of grades, two each; RR 1, 1/2, 1: mean 5/6, the value.
#[test]
fn the_orders_of_tied_documents_average_to_the_value() {
    let e = exercise("RR", "q1: 1 0 1\nties: 1-3");
    let orders = e.tie_orders();
    let seen: Vec<(Vec<i64>, usize, f64)> = orders
        .iter()
        .map(|o| (o.grades.clone(), o.count, o.value))
        .collect();
    assert_eq!(
        seen,
        [
            (vec![1, 0, 1], 2, 1.0),
            (vec![1, 1, 0], 2, 1.0),
            (vec![0, 1, 1], 2, 0.5)
        ]
    );
    let total: usize = orders.iter().map(|o| o.count).sum();
    let mean: f64 = orders.iter().map(|o| o.value * o.count as f64).sum::<f64>() / total as f64;
    assert!((mean - e.value()).abs() < 1e-12);
    assert!(exercise("RR", "q1: 1 0 1").tie_orders().is_empty());
}

#[test]
fn ties_are_read_within_the_ranking_and_refused_for_err() {
    let set = parse_set(
        "t.txt",
        "exercise: AP\n1 0 1\nties: 2-4\nexercise: ERR@3\n2 0 1\nties: 1-2\nexercise: P@2\n1 0\nties: 1-2\n",
    );
    let places: Vec<(usize, usize)> = set.errors.iter().map(|e| (e.line, e.column)).collect();
    // Each at its `ties:` line, where the ranges start.
    assert_eq!(places, [(3, 7), (6, 7)]);
    assert_eq!(*set.errors[0].expected, Expected::TieRanks);
    assert_eq!(*set.errors[1].expected, Expected::TieMeasure);
    assert_eq!(set.exercises.len(), 1);
    let ties = &set.exercises[0].ties;
    assert_eq!((ties.len(), ties[0].clone()), (1, 0..2));
}

#[test]
fn numbers_as_students_write_them() {
    assert_eq!(read_number(" .5 "), Some(0.5));
    assert_eq!(read_number("0,25"), Some(0.25));
    assert_eq!(read_number("5/6"), Some(5.0 / 6.0));
    assert_eq!(read_number("1/0"), None);
    assert_eq!(read_number(""), None);
    assert_eq!(read_number("1e3"), None);
    assert_eq!(read_number("inf"), None);
}

#[test]
fn a_set_is_read_with_its_title_notes_and_exercises() {
    let text = "# week 3\ntitle: Week 3\n\nexercise: AP\nq1: 1 0 1 | 1\nnote: Count the one not retrieved.\nnote: Then divide.\n\nexercise: nDCG@5\n3 2 0 1 0\n";
    let set = parse_set("week3.txt", text);
    assert!(set.errors.is_empty(), "{:?}", set.errors);
    assert_eq!(set.title, "Week 3");
    assert_eq!(set.exercises.len(), 2);
    assert_eq!(
        set.exercises[0].note,
        "Count the one not retrieved. Then divide."
    );
    assert_eq!(set.exercises[0].metric.to_string(), "AP");
    assert_eq!(set.exercises[1].metric.to_string(), "nDCG@5");
    assert_eq!(set.exercises[1].query.unretrieved, Vec::<i64>::new());
}

#[test]
fn a_set_s_problems_are_located() {
    let text = "q1: 1 0\nexercise: MAP@x\n1 0\nexercise: AP\n1 0 1\n0 1\nexercise: RR\n1 X 0\nexercise: P@2\n";
    let set = parse_set("set.txt", text);
    let places: Vec<(usize, usize, String)> = set
        .errors
        .iter()
        .map(|e| (e.line, e.column, e.found.clone()))
        .collect();
    assert_eq!(
        places,
        [
            (1, 1, "q1: 1 0".to_string()),
            (2, 11, "MAP@x".to_string()),
            (6, 1, "0 1".to_string()),
            (8, 3, "X".to_string()),
            (9, 1, String::new()),
        ]
    );
    assert_eq!(
        *set.errors[2].expected,
        Expected::OneRanking { first_line: 5 }
    );
    assert_eq!(*set.errors[4].expected, Expected::ExerciseRanking);
    // The one exercise read whole.
    assert_eq!(set.exercises.len(), 1);
    assert_eq!(set.exercises[0].metric.to_string(), "AP");
}

#[test]
fn drawn_exercises_repeat_by_seed_and_suit_their_difficulty() {
    let binary = Difficulty {
        graded: false,
        k: 6,
        ties: false,
    };
    assert_eq!(draw(7, binary), draw(7, binary));
    let keys: std::collections::BTreeSet<String> = (0..50).map(|s| draw(s, binary).key()).collect();
    assert!(keys.len() > 40, "{}", keys.len());
    for seed in 0..500 {
        let e = draw(seed, binary);
        let n = e.query.retrieved.len();
        assert!((4..=6).contains(&n), "{n}");
        assert!(e
            .query
            .retrieved
            .iter()
            .any(|r| r.grade().is_some_and(|g| g >= 1)));
        assert!(e
            .query
            .retrieved
            .iter()
            .all(|r| r.grade().is_some_and(|g| g <= 1)));
        assert!(set::by_hand(&e.metric));
        assert!(!matches!(
            e.metric,
            Metric::NDCG { .. } | Metric::ERR { .. }
        ));
        let g = draw(
            seed,
            Difficulty {
                graded: true,
                k: 8,
                ties: true,
            },
        );
        assert!(g
            .query
            .retrieved
            .iter()
            .all(|r| r.grade().is_some_and(|g| g <= 3)));
        assert_eq!(g.ties.len(), 1);
        assert!((2..=3).contains(&g.ties[0].len()) && g.ties[0].end <= g.query.retrieved.len());
        assert!(!matches!(g.metric, Metric::ERR { .. }));
        assert!(e.ties.is_empty());
    }
}

use crate::error::Expected;
