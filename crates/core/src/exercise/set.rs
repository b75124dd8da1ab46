//! A teacher's exercise set: a small text file, one exercise after
//! another.
//!
//! ```text
//! # Week 3: ranking measures          comment lines start with '#'
//! title: Week 3                       the set's title (once, at the top)
//!
//! exercise: AP                        the measure to compute (its Ranklab name)
//! q1: 1 0 1 0 0 | 1                   the ranking, in the quick format
//! note: One relevant document was not retrieved.    optional, any number
//!
//! exercise: nDCG@5
//! 3 2 0 1 0
//! ties: 2-3                           optional: ranks 2 and 3 have the same score
//! ```
//!
//! With `ties:`, the value is the average over every order of each tied
//! group (the `average` tie convention); ERR, whose average is not exact,
//! cannot have ties.
//!
//! The measure is one a person computes by hand: P@k, R@k, RR, AP, DCG@k,
//! nDCG@k, ERR@k or RBP. The ranking is one query line of the quick format
//! ([`crate::formats::quick`]): grades in rank order, and after `|` the
//! grades of relevant documents not retrieved. Every problem is located.

use super::Exercise;
use crate::error::{Expected, ParseError};
use crate::formats::quick::parse_quick;
use crate::measures::Metric;

/// An exercise set as read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ExerciseSet {
    /// Its title (empty when it gives none).
    pub title: String,
    /// The exercises, in order.
    pub exercises: Vec<Exercise>,
    /// Located problems; an exercise with a problem is left out.
    pub errors: Vec<ParseError>,
}

/// Whether a measure is one an exercise may ask for (one the worked steps
/// show rank by rank).
pub fn by_hand(metric: &Metric) -> bool {
    matches!(
        metric,
        Metric::P { .. }
            | Metric::R { .. }
            | Metric::RR { .. }
            | Metric::AP { .. }
            | Metric::DCG { .. }
            | Metric::NDCG { .. }
            | Metric::ERR { .. }
            | Metric::RBP { .. }
    )
}

/// An exercise being read: its measure and line, its ranking's line.
struct Pending {
    metric: Option<Metric>,
    line: usize,
    exercise: Option<(usize, Exercise)>,
    notes: Vec<String>,
}

/// Reads an exercise set; `input` names it in messages.
pub fn parse_set(input: &str, text: &str) -> ExerciseSet {
    let mut out = ExerciseSet::default();
    let mut pending: Option<Pending> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        let column = raw.len() - raw.trim_start().len() + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(title) = line.strip_prefix("title:") {
            if pending.is_none() && out.title.is_empty() {
                out.title = title.trim().to_string();
            } else {
                out.errors.push(ParseError::new(
                    input,
                    line_no,
                    column,
                    if pending.is_none() {
                        Expected::ExerciseStart
                    } else {
                        Expected::ExerciseRanking
                    },
                    line,
                ));
            }
            continue;
        }
        if let Some(name) = line.strip_prefix("exercise:") {
            finish(input, pending.take(), &mut out);
            let name = name.trim();
            let at = raw
                .find(name)
                .map_or(column, |b| raw[..b].chars().count() + 1);
            let metric = name.parse::<Metric>().ok().filter(by_hand);
            if metric.is_none() {
                out.errors.push(ParseError::new(
                    input,
                    line_no,
                    at,
                    Expected::ExerciseMeasure,
                    name,
                ));
            }
            pending = Some(Pending {
                metric,
                line: line_no,
                exercise: None,
                notes: Vec::new(),
            });
            continue;
        }
        let Some(p) = pending.as_mut() else {
            out.errors.push(ParseError::new(
                input,
                line_no,
                column,
                Expected::ExerciseStart,
                line,
            ));
            continue;
        };
        if let Some(note) = line.strip_prefix("note:") {
            p.notes.push(note.trim().to_string());
            continue;
        }
        if let Some(ranges) = line.strip_prefix("ties:") {
            let rest = raw.find("ties:").map_or(0, |b| b + 5);
            let skip = raw[rest..].len() - raw[rest..].trim_start().len();
            let at = raw[..rest + skip].chars().count() + 1;
            match &mut p.exercise {
                Some((_, ex)) => match read_ties(ranges, ex.query.retrieved.len()) {
                    Some(_) if matches!(ex.metric, Metric::ERR { .. }) => {
                        out.errors.push(ParseError::new(
                            input,
                            line_no,
                            at,
                            Expected::TieMeasure,
                            &ex.metric.to_string(),
                        ));
                        p.exercise = None;
                        p.metric = None;
                    }
                    Some(ties) => ex.ties = ties,
                    None => {
                        out.errors.push(ParseError::new(
                            input,
                            line_no,
                            at,
                            Expected::TieRanks,
                            ranges.trim(),
                        ));
                        p.exercise = None;
                        p.metric = None;
                    }
                },
                None if p.metric.is_some() => out.errors.push(ParseError::new(
                    input,
                    line_no,
                    column,
                    Expected::ExerciseRanking,
                    line,
                )),
                None => {}
            }
            continue;
        }
        if let Some((first, _)) = &p.exercise {
            out.errors.push(ParseError::new(
                input,
                line_no,
                column,
                Expected::OneRanking { first_line: *first },
                line,
            ));
            continue;
        }
        let mut read = parse_quick(input, raw);
        for mut e in read.errors.drain(..) {
            e.shift_lines(line_no - 1);
            out.errors.push(e);
        }
        let query = read
            .systems
            .into_iter()
            .next()
            .and_then(|s| s.queries.into_iter().next());
        if let (Some(mut query), Some(metric)) = (query, p.metric.clone()) {
            query.line = line_no;
            p.exercise = Some((
                line_no,
                Exercise {
                    query,
                    metric,
                    note: String::new(),
                    ties: Vec::new(),
                },
            ));
        } else {
            // A ranking with a problem (reported above), or an exercise
            // whose measure was refused: nothing more to say of it.
            p.metric = None;
        }
    }
    finish(input, pending, &mut out);
    out
}

/// Tied rank ranges as written (`2-3, 5-7`, 1-based, inclusive) as 0-based
/// half-open groups, each of two ranks or more within `len`, none
/// overlapping; `None` otherwise.
fn read_ties(text: &str, len: usize) -> Option<Vec<std::ops::Range<usize>>> {
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for part in text.split(',') {
        let (a, b) = part.trim().split_once('-')?;
        let (a, b): (usize, usize) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        if a < 1 || b <= a || b > len || out.iter().any(|g| g.end >= a) {
            return None;
        }
        out.push(a - 1..b);
    }
    (!out.is_empty()).then_some(out)
}

/// Ends an exercise: kept when its measure and ranking were read.
fn finish(input: &str, pending: Option<Pending>, out: &mut ExerciseSet) {
    let Some(p) = pending else {
        return;
    };
    match p.exercise {
        Some((_, mut exercise)) => {
            exercise.note = p.notes.join(" ");
            out.exercises.push(exercise);
        }
        None if p.metric.is_some() => out.errors.push(ParseError::new(
            input,
            p.line,
            1,
            Expected::ExerciseRanking,
            "",
        )),
        None => {}
    }
}
