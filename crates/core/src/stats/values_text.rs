//! The text of per-query values that `ranklab stats` reads: one
//! `system query value` line per value (whitespace-separated), `#` comment
//! lines and blank lines skipped. Every problem is located; a second value
//! for the same system and query is refused, never counted twice.

use std::collections::HashMap;

use crate::error::Expected;
use crate::error::ParseError;

/// Per-query values by system, in the order systems first appear.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PerQueryValues {
    /// System names, in order of first appearance.
    pub systems: Vec<String>,
    /// For each system, its (query, value) pairs in file order.
    pub series: Vec<Vec<(String, f64)>>,
}

impl PerQueryValues {
    /// The series as [`report`](super::report()) takes them.
    pub fn borrowed(&self) -> Vec<Vec<(&str, f64)>> {
        self.series
            .iter()
            .map(|s| s.iter().map(|(q, v)| (q.as_str(), *v)).collect())
            .collect()
    }
}

/// Reads per-query values; `input` names the text in messages.
pub fn parse_per_query_values(input: &str, text: &str) -> Result<PerQueryValues, ParseError> {
    let mut out = PerQueryValues::default();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut seen: HashMap<(&str, &str), usize> = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = t.split_whitespace().collect();
        let [system, query, value] = fields[..] else {
            return Err(ParseError::new(input, i + 1, 1, Expected::ValuesLine, t));
        };
        let Some(value) = value.parse::<f64>().ok().filter(|v| v.is_finite()) else {
            let column = line.len() - line.trim_start().len() + t.len() - value.len() + 1;
            return Err(ParseError::new(
                input,
                i + 1,
                column,
                Expected::FiniteValue,
                value,
            ));
        };
        if let Some(first) = seen.insert((system, query), i + 1) {
            return Err(ParseError::new(
                input,
                i + 1,
                1,
                Expected::OneValue {
                    system: system.to_string(),
                    query: query.to_string(),
                    first_line: first,
                },
                t,
            ));
        }
        let s = *index.entry(system).or_insert_with(|| {
            out.systems.push(system.to_string());
            out.series.push(Vec::new());
            out.systems.len() - 1
        });
        out.series[s].push((query.to_string(), value));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_by_system_and_problems_located() {
        let v = parse_per_query_values("v", "# c\nA q1 0.5\n\nB q1 1\nA q2 0.25\n").unwrap();
        assert_eq!(v.systems, ["A", "B"]);
        assert_eq!(
            v.series[0],
            [("q1".to_string(), 0.5), ("q2".to_string(), 0.25)]
        );
        let e = |t: &str| parse_per_query_values("v", t).unwrap_err().to_string();
        assert_eq!(
            e("A q1\n"),
            "v:1:1: expected `system query value`, found `A q1`"
        );
        assert_eq!(
            e("A q1 0.5\n  A q2 x\n"),
            "v:2:8: expected a finite number as the value (e.g. 0.25), found `x`"
        );
        assert_eq!(
            e("A q1 nan\n"),
            "v:1:6: expected a finite number as the value (e.g. 0.25), found `nan`"
        );
        assert_eq!(
            e("A q1 0.5\nA q1 0.5\n"),
            "v:2:1: expected one value per system and query (system `A`, query `q1` has one on line 1 already), found `A q1 0.5`"
        );
    }
}
