//! Z-scores (trec_eval `-Z FILE`): each per-query value expressed in
//! standard deviations from the mean of a reference set of runs.
//!
//! The file has lines `qid measure mean stddev`. A value becomes
//! (value − mean) / stddev; with stddev 0 it becomes 0 if it equals the mean
//! and [`MISSING_ZSCORE`] otherwise, as it does when the file has no entry
//! for the query and measure.

use std::collections::HashMap;

use crate::error::{Expected, FieldLayout, ParseError};
use crate::formats::fields::fields_with_columns;
use crate::formats::numbers::parse_field;

/// Value given when no z-score can be computed: trec_eval's
/// `MISSING_ZSCORE_VALUE` (`trec_eval.h`), which its help promises and
/// which enters the mean like any value.
pub const MISSING_ZSCORE: f64 = -1_000_000.0;

/// Reference means and standard deviations per (query, measure name).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ZScores<'a> {
    /// (qid, measure) -> (mean, stddev).
    pub entries: HashMap<(&'a str, &'a str), (f64, f64)>,
    /// Located problems.
    pub errors: Vec<ParseError>,
}

impl ZScores<'_> {
    /// The z-score of `value` for a query and trec_eval measure name.
    pub fn convert(&self, qid: &str, measure: &str, value: f64) -> f64 {
        match self.entries.get(&(qid, measure)) {
            Some(&(mean, stddev)) if stddev != 0.0 => (value - mean) / stddev,
            Some(&(mean, _)) if value == mean => 0.0,
            _ => MISSING_ZSCORE,
        }
    }
}

/// Parses a z-scores file.
pub fn parse_zscores<'a>(input: &str, text: &'a str) -> ZScores<'a> {
    let mut out = ZScores::default();
    for (i, line) in text.lines().enumerate() {
        let fields = fields_with_columns(line);
        if fields.is_empty() {
            continue;
        }
        if fields.len() != 4 {
            out.errors.push(ParseError::new(
                input,
                i + 1,
                fields.get(4).map_or(line.chars().count() + 1, |f| f.0),
                Expected::Fields {
                    layout: FieldLayout::ZScores,
                    count: fields.len(),
                },
                fields.get(4).map_or("", |f| f.1),
            ));
            continue;
        }
        let number = |k: usize, what| parse_field::<f64>(input, i + 1, fields[k], what);
        match (number(2, Expected::ZMean), number(3, Expected::ZStdDev)) {
            (Ok(mean), Ok(sd)) => {
                out.entries.insert((fields[0].1, fields[1].1), (mean, sd));
            }
            (Err(e), _) | (_, Err(e)) => out.errors.push(e),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_and_reports() {
        let z = parse_zscores("z", "1 map 0.5 0.25\n1 num_rel 10 0\n1 P_5 x 1\n");
        assert_eq!(z.convert("1", "map", 1.0), 2.0);
        assert_eq!(z.convert("1", "num_rel", 10.0), 0.0);
        assert_eq!(z.convert("1", "num_rel", 11.0), MISSING_ZSCORE);
        assert_eq!(z.convert("2", "map", 1.0), MISSING_ZSCORE);
        assert_eq!(z.errors.len(), 1);
        assert_eq!(z.errors[0].column, 7);
    }
}
