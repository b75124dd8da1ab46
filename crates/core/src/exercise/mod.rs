//! Exercises: a ranking and a measure whose value a student works out by
//! hand. An answer, or a column of the worked steps (the table the
//! explanation shows), is checked against the value within [`TOLERANCE`];
//! a wrong one that matches a recognised mistake ([`mistakes`]) is named
//! by it. Exercises come from a teacher's set ([`set`]), from a typed
//! ranking, or are drawn at random from a seed ([`random`]).

pub mod mistakes;
pub mod random;
pub mod set;

use crate::formats::quick::QuickQuery;
use crate::judged::JudgedRanking;
use crate::measures::steps::Explanation;
use crate::measures::{EvalContext, Metric};
use crate::pipeline::explain::explain;
use mistakes::{mistakes, Mistake};

/// How far an answer may be from the value and still be right: half a
/// unit in the fourth decimal, the precision the page and trec_eval print.
pub const TOLERANCE: f64 = 0.0005;

/// Whether two values agree within [`TOLERANCE`].
pub(crate) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= TOLERANCE + 1e-12
}

/// One exercise: a ranking (with its unretrieved relevant documents) and
/// the measure to compute on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise {
    /// The ranking, as a quick-format query line gives it.
    pub query: QuickQuery,
    /// The measure.
    pub metric: Metric,
    /// The teacher's words for it (may be empty).
    pub note: String,
    /// Groups of ranks whose documents have the same score (0-based,
    /// half-open): the value is the average over every order of each
    /// group, as under the `average` tie convention.
    pub ties: Vec<std::ops::Range<usize>>,
}

impl Exercise {
    /// The ranking judged (grade ≥ 1 relevant).
    pub fn ranking(&self) -> JudgedRanking {
        let mut r = self.query.judged(1);
        r.tie_groups = self.ties.clone();
        r
    }

    /// What the measure needs besides the ranking: the largest grade of the
    /// exercise (ERR's and RBP's scale).
    pub fn context(&self) -> EvalContext {
        EvalContext {
            max_grade: self.ranking().max_grade().unwrap_or(1).max(1),
            ..EvalContext::default()
        }
    }

    /// The right value.
    pub fn value(&self) -> f64 {
        self.metric.compute(&self.ranking(), &self.context())
    }

    /// The worked steps.
    pub fn steps(&self) -> Explanation {
        explain(&self.metric, &self.ranking(), &self.context())
    }

    /// A name for it that stays the same across visits (where progress is
    /// kept): the measure and the grades.
    pub fn key(&self) -> String {
        let grades: Vec<String> = self
            .query
            .retrieved
            .iter()
            .map(|r| r.grade().map_or("?".to_string(), |g| g.to_string()))
            .collect();
        let missed: Vec<String> = self.query.unretrieved.iter().map(i64::to_string).collect();
        format!(
            "{} {} | {}",
            self.metric,
            grades.join(" "),
            missed.join(" ")
        )
    }

    /// With ties: every distinct order of the tied grades, how many of the
    /// documents' orders give it, and the value it gives. The value of the
    /// exercise is their mean weighted by those counts (every order of the
    /// documents equally likely). Empty without ties.
    pub fn tie_orders(&self) -> Vec<TieOrder> {
        if self.ties.is_empty() {
            return Vec::new();
        }
        let base = self.query.judged(1);
        let ctx = self.context();
        let mut orders: Vec<Vec<crate::judged::Rel>> = vec![base.ranked.clone()];
        for g in &self.ties {
            let mut next = Vec::new();
            for ranked in &orders {
                for perm in permutations(&ranked[g.clone()]) {
                    let mut r = ranked.clone();
                    r[g.clone()].copy_from_slice(&perm);
                    next.push(r);
                }
            }
            orders = next;
        }
        let mut out: Vec<TieOrder> = Vec::new();
        for ranked in orders {
            let grades: Vec<i64> = ranked.iter().map(|r| r.grade().unwrap_or(0)).collect();
            match out.iter_mut().find(|o| o.grades == grades) {
                Some(o) => o.count += 1,
                None => {
                    let mut r = base.clone();
                    r.ranked = ranked;
                    out.push(TieOrder {
                        value: self.metric.compute(&r, &ctx),
                        grades,
                        count: 1,
                    });
                }
            }
        }
        out
    }

    /// How many hints reveal rows of the steps, one row each: every row
    /// when there are columns to fill in, none otherwise (RR's steps are
    /// the ranking itself; with ties the steps show one order only).
    /// Rows never include the final arithmetic: a student who has seen
    /// every row still computes the answer.
    pub fn row_hints(&self) -> usize {
        if self.step_columns().is_empty() {
            0
        } else {
            self.steps().rows.len()
        }
    }

    /// How many steps reveal the whole working: the [`Self::row_hints`],
    /// then one more, the last, that shows the answer (the arithmetic after
    /// the table, or each order of the tied documents and their average).
    pub fn hint_steps(&self) -> usize {
        self.row_hints() + 1
    }

    /// How many rows nDCG's ideal ranking needs in a hand calculation: its
    /// grades above 0, best first, up to the cutoff (a grade 0 adds
    /// nothing to IDCG). `None` for the measures without an ideal ranking.
    pub fn ideal_rows(&self) -> Option<usize> {
        let Metric::NDCG { k, .. } = self.metric else {
            return None;
        };
        let positive = self
            .ranking()
            .ideal_grades()
            .iter()
            .filter(|&&g| g > 0)
            .count();
        Some(k.map_or(positive, |k| k.min(positive)))
    }

    /// Checks a final answer.
    pub fn check(&self, answer: &str) -> Verdict {
        let Some(x) = read_number(answer) else {
            return Verdict::Unreadable;
        };
        if close(x, self.value()) {
            return Verdict::Right;
        }
        let found = mistakes(&self.metric, &self.ranking(), &self.context())
            .into_iter()
            .find(|m| close(x, m.value));
        match found {
            Some(m) => Verdict::Mistake(m.mistake),
            None => Verdict::Wrong,
        }
    }

    /// The step columns a student fills in: every column of the worked
    /// steps but the rank and the grade (which the ranking gives) whose
    /// cells are all numbers. None with ties: the steps show one order, the
    /// value averages over all of them.
    pub fn step_columns(&self) -> Vec<usize> {
        if !self.ties.is_empty() {
            return Vec::new();
        }
        let steps = self.steps();
        (0..steps.headers.len())
            .filter(|&c| {
                !matches!(steps.headers[c].as_str(), "Rank" | "Grade")
                    && !steps.rows.is_empty()
                    && steps
                        .rows
                        .iter()
                        .all(|row| row.get(c).and_then(|v| cell_number(v)).is_some())
            })
            .collect()
    }

    /// Checks the cells a student filled in one column of the steps
    /// (`None`: left empty): each cell right or wrong, and the mistake the
    /// column's wrong cells all match, if one does.
    pub fn check_column(&self, column: usize, cells: &[Option<String>]) -> ColumnCheck {
        let steps = self.steps();
        let cell = |s: &Explanation, row: usize| {
            s.rows
                .get(row)
                .and_then(|r| r.get(column))
                .and_then(|v| cell_number(v))
        };
        let marks: Vec<Option<bool>> = cells
            .iter()
            .enumerate()
            .map(|(row, given)| {
                let given = given.as_deref().filter(|g| !g.trim().is_empty())?;
                let right = cell(&steps, row)?;
                Some(read_number(given).is_some_and(|x| close(x, right)))
            })
            .collect();
        let wrong: Vec<usize> = (0..marks.len())
            .filter(|&i| marks[i] == Some(false))
            .collect();
        let mistake = if wrong.is_empty() {
            None
        } else {
            mistakes(&self.metric, &self.ranking(), &self.context())
                .into_iter()
                .filter_map(|m| {
                    let alt = m.steps.as_ref()?;
                    (alt.headers.get(column) == steps.headers.get(column)
                        && wrong.iter().all(|&row| {
                            let given = cells[row].as_deref().and_then(read_number);
                            matches!((given, cell(alt, row)), (Some(x), Some(a)) if close(x, a))
                        }))
                    .then_some(m.mistake)
                })
                .next()
        };
        ColumnCheck { marks, mistake }
    }
}

/// One order of an exercise's tied documents.
#[derive(Debug, Clone, PartialEq)]
pub struct TieOrder {
    /// The grades by rank in this order.
    pub grades: Vec<i64>,
    /// How many orders of the documents give these grades.
    pub count: usize,
    /// The measure's value in this order.
    pub value: f64,
}

/// Every order of `items` (a tie group holds 2 or 3 documents in an
/// exercise, so at most a few dozen orders for a set's groups).
fn permutations<T: Copy>(items: &[T]) -> Vec<Vec<T>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// What a final answer is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Verdict {
    /// Within [`TOLERANCE`] of the value.
    Right,
    /// Within [`TOLERANCE`] of what this mistake gives.
    Mistake(Mistake),
    /// Neither.
    Wrong,
    /// Not a number (a decimal such as `0.8333`, or a fraction such as
    /// `5/6`).
    Unreadable,
}

/// One column of steps checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnCheck {
    /// Per row: right, wrong, or not filled in.
    pub marks: Vec<Option<bool>>,
    /// The mistake every wrong cell matches, if one does.
    pub mistake: Option<Mistake>,
}

/// The number a cell of the worked steps shows: the cell, or what follows
/// its last `=` (`2/3 = 0.6667`).
fn cell_number(cell: &str) -> Option<f64> {
    read_number(cell.rsplit('=').next().unwrap_or(cell))
}

/// A number as a student writes it: a decimal (`0.83`, `.5`, `1`, with a
/// comma for the point too) or a fraction of two decimals (`5/6`).
pub fn read_number(text: &str) -> Option<f64> {
    let text = text.trim();
    let decimal = |t: &str| -> Option<f64> {
        let t = t.trim().replace(',', ".");
        let ok = !t.is_empty()
            && t.chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '-' || c == '+');
        ok.then(|| t.parse::<f64>().ok())
            .flatten()
            .filter(|v| v.is_finite())
    };
    match text.split_once('/') {
        Some((a, b)) => {
            let (a, b) = (decimal(a)?, decimal(b)?);
            (b != 0.0).then_some(a / b)
        }
        None => decimal(text),
    }
}

#[cfg(test)]
mod tests;
