//! Located parse errors.
//!
//! Every error names the input (a file name or "quick input"), the 1-based
//! line and column, what was expected and what was found. Parsers never
//! panic: a bad line becomes one [`ParseError`] and the good lines are kept,
//! so the caller decides whether to stop or to go on with what parsed.

use std::fmt;

/// One located problem in a text input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Name of the input: a file name, or a label such as `quick input`.
    pub input: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) where the problem starts.
    pub column: usize,
    /// What the parser expected at that place.
    pub expected: String,
    /// What it found instead (already shortened for display).
    pub found: String,
}

impl ParseError {
    /// Builds an error; `found` is shortened to at most 40 characters.
    pub fn new(
        input: &str,
        line: usize,
        column: usize,
        expected: impl Into<String>,
        found: &str,
    ) -> Self {
        let mut shown: String = found.chars().take(40).collect();
        if found.chars().count() > 40 {
            shown.push('…');
        }
        ParseError {
            input: input.to_string(),
            line,
            column,
            expected: expected.into(),
            found: shown,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: expected {}, found {}",
            self.input,
            self.line,
            self.column,
            self.expected,
            if self.found.is_empty() {
                "end of line".to_string()
            } else {
                format!("`{}`", self.found)
            }
        )
    }
}

impl std::error::Error for ParseError {}

/// Parses one `(column, text)` field, or returns a located error saying what
/// was expected there.
pub(crate) fn parse_field<T: std::str::FromStr>(
    input: &str,
    line: usize,
    (column, text): (usize, &str),
    expected: &str,
) -> Result<T, ParseError> {
    text.parse()
        .map_err(|_| ParseError::new(input, line, column, expected, text))
}

/// The first `N` whitespace-separated fields of a line with their 1-based
/// character columns, and how many fields the line has in all. Allocates
/// nothing: this is the hot path of reading big runs.
pub(crate) fn first_fields<const N: usize>(line: &str) -> ([(usize, &str); N], usize) {
    let mut out = [(0, ""); N];
    let mut count = 0;
    if line.is_ascii() {
        let base = line.as_ptr() as usize;
        for field in line.split_ascii_whitespace() {
            if count < N {
                out[count] = (field.as_ptr() as usize - base + 1, field);
            }
            count += 1;
        }
    } else {
        for (column, field) in fields_with_columns(line) {
            if count < N {
                out[count] = (column, field);
            }
            count += 1;
        }
    }
    (out, count)
}

/// Splits a line into whitespace-separated fields with their 1-based
/// character columns.
pub(crate) fn fields_with_columns(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (byte, ch) in line.char_indices() {
        column += 1;
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &line[b..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_input_line_column_expected_and_found() {
        let e = ParseError::new("qrels.txt", 3, 14, "an integer grade", "x1");
        assert_eq!(
            e.to_string(),
            "qrels.txt:3:14: expected an integer grade, found `x1`"
        );
        let e = ParseError::new("run", 1, 5, "a score", "");
        assert_eq!(
            e.to_string(),
            "run:1:5: expected a score, found end of line"
        );
    }

    #[test]
    fn first_fields_match_fields_with_columns() {
        for line in ["  ab\tcd  é f", "q Q0 d 1 2.5 tag", "", "a b c d e f g h i"] {
            let all = fields_with_columns(line);
            let (first, n) = first_fields::<4>(line);
            assert_eq!(n, all.len());
            for (i, f) in all.iter().take(4).enumerate() {
                assert_eq!(first[i], *f);
            }
        }
    }

    #[test]
    fn fields_carry_character_columns() {
        assert_eq!(
            fields_with_columns("  ab\tcd  é f"),
            vec![(3, "ab"), (6, "cd"), (10, "é"), (12, "f")]
        );
        assert!(fields_with_columns("   ").is_empty());
    }
}
