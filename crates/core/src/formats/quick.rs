//! Ranklab's quick format: rankings typed by hand as grades in rank order.
//!
//! ```text
//! # comment lines start with '#'; blank lines are ignored
//! [BM25]                 a line in brackets starts a system (a run)
//! q1: 3 2 0 1 2          query q1: the grade of the document at rank 1, 2, 3, ...
//! q2: R N R | R R        after '|': grades of relevant documents NOT retrieved
//! 1 0 0 1                no label: named q1, q2, ... by its position in the system
//! q3: N*14 R             TOKEN*COUNT repeats a token (here: first relevant at rank 15)
//! ```
//!
//! Tokens: an integer grade (`0`, `3`; a negative grade means "in the pool
//! but unjudged", as in TREC qrels), `R` (grade 1), `N` (grade 0), `?` (a
//! document absent from the judgments). Lines before the first `[system]`
//! belong to a system named `A`.
//!
//! Each (system, query) line carries its own judgments: the grades of its
//! retrieved documents plus the ones after `|`. That is what recall, AP and
//! nDCG's ideal list need to know about relevant documents a system missed.

use crate::error::{Expected, ParseError};
use crate::formats::fields::fields_with_columns;
use crate::judged::{JudgedRanking, Rel};

/// Name given to lines that come before any `[system]` header.
pub const DEFAULT_SYSTEM: &str = "A";

/// One query line of the quick format.
#[derive(Debug, Clone, PartialEq)]
pub struct QuickQuery {
    /// Query id (the label before `:`, or `q<position>`).
    pub id: String,
    /// Relevance of the retrieved documents in rank order.
    pub retrieved: Vec<Rel>,
    /// Grades of judged documents that were not retrieved.
    pub unretrieved: Vec<i64>,
    /// 1-based line of the input where the query was written.
    pub line: usize,
}

impl QuickQuery {
    /// The judged ranking of this line at the given relevance level.
    pub fn judged(&self, relevance_level: i64) -> JudgedRanking {
        let judged = self
            .retrieved
            .iter()
            .filter_map(|r| r.grade())
            .chain(self.unretrieved.iter().copied());
        JudgedRanking::new(self.retrieved.clone(), judged, relevance_level)
    }
}

/// One system (run) of the quick format.
#[derive(Debug, Clone, PartialEq)]
pub struct QuickSystem {
    /// The name in brackets, or [`DEFAULT_SYSTEM`].
    pub name: String,
    /// Its queries in input order.
    pub queries: Vec<QuickQuery>,
    /// 1-based line of its `[name]` header (`None` for [`DEFAULT_SYSTEM`]
    /// when no header came first).
    pub header_line: Option<usize>,
}

/// Everything that parsed, and a located error for every line that did not.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct QuickInput {
    /// Systems in input order (a system with no query lines is kept).
    pub systems: Vec<QuickSystem>,
    /// Problems, one per bad line at most, in input order.
    pub errors: Vec<ParseError>,
}

impl QuickInput {
    /// Largest grade written anywhere in the input, if any.
    pub fn max_grade(&self) -> Option<i64> {
        self.systems
            .iter()
            .flat_map(|s| &s.queries)
            .flat_map(|q| {
                q.retrieved
                    .iter()
                    .filter_map(|r| r.grade())
                    .chain(q.unretrieved.iter().copied())
            })
            .max()
    }
}

/// Largest count accepted in `TOKEN*COUNT` (keeps a typo from allocating gigabytes).
pub const MAX_REPEAT: usize = 100_000;

/// Parses quick-format text. `input` names the text in error messages.
pub fn parse_quick(input: &str, text: &str) -> QuickInput {
    let mut out = QuickInput::default();
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed.starts_with('[') {
            match parse_header(input, line_no, raw) {
                Ok(name) => out.systems.push(QuickSystem {
                    name,
                    queries: Vec::new(),
                    header_line: Some(line_no),
                }),
                Err(e) => out.errors.push(e),
            }
            continue;
        }
        if out.systems.is_empty() {
            out.systems.push(QuickSystem {
                name: DEFAULT_SYSTEM.to_string(),
                queries: Vec::new(),
                header_line: None,
            });
        }
        let system = out.systems.last_mut().expect("a system was just ensured");
        match parse_query_line(input, line_no, raw, system.queries.len() + 1) {
            Ok(q) => {
                if let Some(first) = system.queries.iter().find(|p| p.id == q.id) {
                    let col = raw
                        .find(q.id.as_str())
                        .map_or(1, |b| raw[..b].chars().count() + 1);
                    out.errors.push(ParseError::new(
                        input,
                        line_no,
                        col,
                        Expected::NewQueryId {
                            system: system.name.clone(),
                            first_line: first.line,
                            qid: q.id.clone(),
                        },
                        &q.id,
                    ));
                } else {
                    system.queries.push(q);
                }
            }
            Err(e) => out.errors.push(e),
        }
    }
    out
}

fn parse_header(input: &str, line_no: usize, raw: &str) -> Result<String, ParseError> {
    let start = raw.find('[').expect("caller checked the bracket");
    let rest = &raw[start + 1..];
    let col_of = |byte: usize| raw[..byte].chars().count() + 1;
    let Some(end) = rest.find(']') else {
        return Err(ParseError::new(
            input,
            line_no,
            col_of(raw.len()),
            Expected::ClosingBracket,
            "",
        ));
    };
    let name = rest[..end].trim();
    if name.is_empty() {
        return Err(ParseError::new(
            input,
            line_no,
            col_of(start + 1),
            Expected::SystemName,
            "",
        ));
    }
    let after = rest[end + 1..].trim();
    if !after.is_empty() && !after.starts_with('#') {
        let byte = start + 1 + end + 1 + rest[end + 1..].find(after).unwrap_or(0);
        return Err(ParseError::new(
            input,
            line_no,
            col_of(byte),
            Expected::NothingAfterName,
            after,
        ));
    }
    Ok(name.to_string())
}

fn parse_query_line(
    input: &str,
    line_no: usize,
    raw: &str,
    position: usize,
) -> Result<QuickQuery, ParseError> {
    // Strip a trailing comment.
    let body = match raw.find('#') {
        Some(b) => &raw[..b],
        None => raw,
    };
    let (id, grades_offset) = match body.find(':') {
        Some(colon) => {
            let label = body[..colon].trim();
            let col = body[..colon].chars().count() + 1;
            if label.is_empty() || label.contains(char::is_whitespace) {
                return Err(ParseError::new(
                    input,
                    line_no,
                    if label.is_empty() {
                        col
                    } else {
                        1 + body.len() - body.trim_start().len()
                    },
                    Expected::QueryIdNoSpaces,
                    label,
                ));
            }
            (label.to_string(), colon + 1)
        }
        None => (format!("q{position}"), 0),
    };
    let grades_text = &body[grades_offset..];
    let base_col = body[..grades_offset].chars().count();
    let mut retrieved = Vec::new();
    let mut unretrieved = Vec::new();
    let mut after_bar = false;
    // Grades are separated by blanks or commas (`1, 0, 2` as `1 0 2`).
    let fields = fields_with_columns(grades_text)
        .into_iter()
        .flat_map(|(col, field)| {
            let mut offset = 0;
            field.split(',').filter_map(move |piece| {
                let at = col + field[..offset].chars().count();
                offset += piece.len() + 1;
                (!piece.is_empty()).then_some((at, piece))
            })
        });
    // A line without a colon whose first word is not a grade may be a
    // query's name missing its colon: the message says how to write one.
    let mut first = grades_offset == 0;
    for (col, field) in fields {
        let col = base_col + col;
        // A '|' may stand alone or touch tokens: split around it.
        let mut pieces = Vec::new();
        let mut offset = 0;
        for part in field.split_inclusive('|') {
            let (tok, bar) = match part.strip_suffix('|') {
                Some(t) => (t, true),
                None => (part, false),
            };
            if !tok.is_empty() {
                pieces.push((col + field[..offset].chars().count(), tok, false));
            }
            if bar {
                pieces.push((col + field[..offset + tok.len()].chars().count(), "|", true));
            }
            offset += part.len();
        }
        for (col, tok, is_bar) in pieces {
            let leading = std::mem::take(&mut first);
            if is_bar {
                if after_bar {
                    return Err(ParseError::new(input, line_no, col, Expected::OneBar, "|"));
                }
                after_bar = true;
                continue;
            }
            let (rel, count) = parse_token(input, line_no, col, tok).map_err(|mut e| {
                if leading && *e.expected == Expected::Grade {
                    e.expected = Box::new(Expected::GradeOrQueryName {
                        name: tok.to_string(),
                    });
                }
                e
            })?;
            if after_bar {
                match rel {
                    Rel::Judged(g) => unretrieved.extend(std::iter::repeat_n(g, count)),
                    Rel::Unjudged | Rel::NotInPool => {
                        return Err(ParseError::new(
                            input,
                            line_no,
                            col,
                            Expected::UnretrievedGrade,
                            tok,
                        ))
                    }
                }
            } else {
                retrieved.extend(std::iter::repeat_n(rel, count));
            }
        }
    }
    Ok(QuickQuery {
        id,
        retrieved,
        unretrieved,
        line: line_no,
    })
}

fn parse_token(
    input: &str,
    line_no: usize,
    col: usize,
    tok: &str,
) -> Result<(Rel, usize), ParseError> {
    let (head, count) = match tok.split_once('*') {
        Some((h, c)) => {
            let ccol = col + h.chars().count() + 1;
            let n: usize = c
                .parse()
                .map_err(|_| ParseError::new(input, line_no, ccol, Expected::RepeatCount, c))?;
            if n == 0 || n > MAX_REPEAT {
                return Err(ParseError::new(
                    input,
                    line_no,
                    ccol,
                    Expected::RepeatRange { max: MAX_REPEAT },
                    c,
                ));
            }
            (h, n)
        }
        None => (tok, 1),
    };
    let rel = match head {
        "R" | "r" => Rel::Judged(1),
        "N" | "n" => Rel::Judged(0),
        "?" => Rel::NotInPool,
        _ => match head.parse::<i64>() {
            Ok(g) if g >= 0 => Rel::Judged(g),
            Ok(_) => Rel::Unjudged,
            Err(_) => return Err(ParseError::new(input, line_no, col, Expected::Grade, head)),
        },
    };
    Ok((rel, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rel::*;

    #[test]
    fn parses_systems_labels_letters_bars_and_repeats() {
        let q = parse_quick(
            "quick",
            "# demo\n3 2 0 1 2\n[B]\nq7: R N R | R 2 # c\nx: N*3 ? R\n",
        );
        assert!(q.errors.is_empty(), "{:?}", q.errors);
        assert_eq!(q.systems.len(), 2);
        assert_eq!(q.systems[0].name, "A");
        assert_eq!(q.systems[0].queries[0].id, "q1");
        assert_eq!(
            q.systems[0].queries[0].retrieved,
            vec![Judged(3), Judged(2), Judged(0), Judged(1), Judged(2)]
        );
        let b = &q.systems[1];
        assert_eq!(b.name, "B");
        assert_eq!(b.queries[0].id, "q7");
        assert_eq!(
            b.queries[0].retrieved,
            vec![Judged(1), Judged(0), Judged(1)]
        );
        assert_eq!(b.queries[0].unretrieved, vec![1, 2]);
        assert_eq!(
            b.queries[1].retrieved,
            vec![Judged(0), Judged(0), Judged(0), NotInPool, Judged(1)]
        );
        let j = b.queries[0].judged(1);
        assert_eq!(j.num_rel(), 4);
        assert_eq!(j.num_rel_ret(), 2);
    }

    #[test]
    fn commas_separate_grades_too() {
        let q = parse_quick("t", "q1: 1, 0,2 ,R | 3,1\nq2: 1,x");
        assert_eq!(q.systems[0].queries[0].retrieved.len(), 4);
        assert_eq!(q.systems[0].queries[0].unretrieved, [3, 1]);
        // A bad grade after a comma is located at its own column.
        assert_eq!(q.errors.len(), 1);
        assert_eq!((q.errors[0].line, q.errors[0].column), (2, 7));
    }

    #[test]
    fn bar_may_touch_tokens() {
        let q = parse_quick("quick", "1 0|1 2");
        assert!(q.errors.is_empty());
        assert_eq!(
            q.systems[0].queries[0].retrieved,
            vec![Judged(1), Judged(0)]
        );
        assert_eq!(q.systems[0].queries[0].unretrieved, vec![1, 2]);
    }

    /// The problems of parsed text, as the page words them.
    fn messages(q: &QuickInput) -> Vec<String> {
        q.errors.iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn errors_are_located_and_good_lines_survive() {
        let q = parse_quick("quick", "1 0 1\n3 x 1\n[\n0 1\nq1: 1 | 1 | 0\nq2: 1 0*0");
        assert_eq!(
            messages(&q),
            vec![
                "quick:2:3: expected a grade: an integer, R, N or ? (or grade*count for a run of one grade, as `0*5`), found `x`",
                "quick:3:2: expected `]` closing the system name, found end of line",
                "quick:5:11: expected a grade (only one `|` per line), found `|`",
                "quick:6:9: expected a repeat count from 1 to 100000, found `0`",
            ]
        );
        // Lines 1 and 4 parsed (the bad header line did not start a system).
        let ids: Vec<&str> = q.systems[0].queries.iter().map(|q| q.id.as_str()).collect();
        assert_eq!(ids, vec!["q1", "q2"]);
    }

    #[test]
    fn a_leading_name_without_its_colon_is_told_how_to_write_it() {
        assert_eq!(
            messages(&parse_quick("quick", "q1 1 0 1\n1 q2 0\n| x\nq3: x 1\n")),
            vec![
                "quick:1:1: expected a grade: an integer, R, N or ? (to name this line's query, end the name with a colon: `q1:`), found `q1`",
                // Not the line's first word, or after a bar, or after a
                // colon: an ordinary bad grade.
                "quick:2:3: expected a grade: an integer, R, N or ? (or grade*count for a run of one grade, as `0*5`), found `q2`",
                "quick:3:3: expected a grade: an integer, R, N or ? (or grade*count for a run of one grade, as `0*5`), found `x`",
                "quick:4:5: expected a grade: an integer, R, N or ? (or grade*count for a run of one grade, as `0*5`), found `x`",
            ]
        );
    }

    #[test]
    fn duplicate_query_ids_are_reported() {
        let q = parse_quick("quick", "q1: 1\nq1: 0");
        assert_eq!(q.errors.len(), 1);
        assert_eq!(q.errors[0].line, 2);
        assert!(q.errors[0].expected.to_string().contains("line 1"));
    }

    #[test]
    fn unjudged_after_bar_is_an_error() {
        let q = parse_quick("quick", "1 | ?");
        assert_eq!(q.errors.len(), 1);
        assert_eq!(q.errors[0].column, 5);
    }
}
