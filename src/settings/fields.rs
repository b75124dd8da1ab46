//! Readers of the settings' text fields (cutoffs, parameters, measure
//! names): each accepts what the field's hint says and says what it expected.

use crate::shared::evaluation::lookalike_note;

/// Largest cutoff accepted.
pub const MAX_CUTOFF: usize = 10_000;
/// Most cutoffs at once.
pub const MAX_CUTOFFS: usize = 8;

/// Reads the cutoffs field: whole numbers from 1 to [`MAX_CUTOFF`],
/// separated by commas or spaces; at most [`MAX_CUTOFFS`].
pub fn parse_cutoffs(raw: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for tok in raw.split([',', ' ', ';']).filter(|t| !t.trim().is_empty()) {
        match tok.trim().parse::<usize>() {
            Ok(k) if (1..=MAX_CUTOFF).contains(&k) => out.push(k),
            _ => {
                let tok = tok.trim();
                let letters = lookalike_note(tok);
                return Err(format!(
                    "each cutoff is a whole number from 1 to {MAX_CUTOFF}; `{tok}` is not{letters}"
                ));
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
