//! Qrels and runs as TSV or CSV with a header line that names the columns.
//!
//! ```text
//! query_id,doc_id,score          query_id<TAB>doc_id<TAB>relevance
//! q1,d3,12.5                     q1<TAB>d3<TAB>2
//! ```
//!
//! The first non-blank, non-`#` line is the header. It is split on tabs
//! when it has one, else on commas; data lines use the same separator.
//! Column names are matched without regard to case:
//!
//! | role      | accepted names                                       |
//! |-----------|------------------------------------------------------|
//! | query     | `query`, `qid`, `query_id`, `q_id`, `topic`          |
//! | document  | `doc`, `docid`, `doc_id`, `docno`, `document`        |
//! | grade     | `relevance`, `rel`, `grade`, `label`, `judgment`     |
//! | score     | `score`                                              |
//! | rank      | `rank`                                               |
//!
//! A header with a grade column is qrels; one with a score or rank column
//! (and no grade) is a run. A run with only ranks is scored `-rank`, so its
//! order is the rank order. Other columns are ignored. A field may be
//! wrapped in double quotes (the quotes are dropped); quotes inside a field
//! are refused with a located error.

use crate::error::{parse_score, ParseError};
use crate::trec::{is_skipped_line, Qrels, Run, RunEntry};

/// What a header line declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableHeader {
    /// Line number of the header (1-based).
    pub line: usize,
    /// `\t` or `,`.
    pub separator: char,
    /// Column index of each role, when present.
    pub query: Option<usize>,
    /// Document column.
    pub doc: Option<usize>,
    /// Grade column (qrels).
    pub grade: Option<usize>,
    /// Score column (runs).
    pub score: Option<usize>,
    /// Rank column (runs).
    pub rank: Option<usize>,
}

impl TableHeader {
    /// Whether the header declares qrels (a grade column, a query and a document column).
    pub fn is_qrels(&self) -> bool {
        self.query.is_some() && self.doc.is_some() && self.grade.is_some()
    }

    /// Whether the header declares a run (query, document and score or rank; no grade).
    pub fn is_run(&self) -> bool {
        self.query.is_some()
            && self.doc.is_some()
            && self.grade.is_none()
            && (self.score.is_some() || self.rank.is_some())
    }
}

fn role(name: &str) -> Option<usize> {
    match name.trim().to_ascii_lowercase().as_str() {
        "query" | "qid" | "query_id" | "q_id" | "topic" => Some(0),
        "doc" | "docid" | "doc_id" | "docno" | "document" => Some(1),
        "relevance" | "rel" | "grade" | "label" | "judgment" => Some(2),
        "score" => Some(3),
        "rank" => Some(4),
        _ => None,
    }
}

/// Reads the header of a TSV/CSV text; `None` when its first data line
/// names no known column.
pub fn table_header(text: &str) -> Option<TableHeader> {
    let (index, line) = text
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .enumerate()
        .find(|(_, l)| !is_skipped_line(l))?;
    let separator = if line.contains('\t') { '\t' } else { ',' };
    let mut header = TableHeader {
        line: index + 1,
        separator,
        query: None,
        doc: None,
        grade: None,
        score: None,
        rank: None,
    };
    let mut any = false;
    for (i, name) in line.split(separator).enumerate() {
        let Some(r) = role(name.trim_matches('"')) else {
            continue;
        };
        let slot = match r {
            0 => &mut header.query,
            1 => &mut header.doc,
            2 => &mut header.grade,
            3 => &mut header.score,
            _ => &mut header.rank,
        };
        if slot.is_none() {
            *slot = Some(i);
            any = true;
        }
    }
    any.then_some(header)
}

/// Splits a data line; each field with its 1-based character column.
fn split<'a>(
    input: &str,
    line_no: usize,
    line: &'a str,
    sep: char,
) -> Result<Vec<(usize, &'a str)>, ParseError> {
    let mut out = Vec::new();
    let mut column = 1;
    for raw in line.split(sep) {
        let lead = raw.len() - raw.trim_start().len();
        let t = raw.trim();
        let col = column + raw[..lead].chars().count();
        let field = match t.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
            Some(inner) => inner,
            None => t,
        };
        if field.contains('"') {
            return Err(ParseError::new(
                input,
                line_no,
                col,
                "a field without quotes inside it",
                t,
            ));
        }
        out.push((col, field));
        column += raw.chars().count() + 1;
    }
    Ok(out)
}

/// Data lines after the header, split, with the fields the roles need.
fn rows<'a>(
    input: &str,
    text: &'a str,
    header: &TableHeader,
    errors: &mut Vec<ParseError>,
) -> Vec<(usize, Vec<(usize, &'a str)>)> {
    let needed = [
        header.query,
        header.doc,
        header.grade,
        header.score,
        header.rank,
    ]
    .into_iter()
    .flatten()
    .max()
    .unwrap_or(0)
        + 1;
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .enumerate()
        .skip(header.line)
        .filter(|(_, l)| !is_skipped_line(l))
        .filter_map(|(i, l)| match split(input, i + 1, l, header.separator) {
            Ok(f) if f.len() >= needed => Some((i + 1, f)),
            Ok(f) => {
                errors.push(ParseError::new(
                    input,
                    i + 1,
                    l.chars().count() + 1,
                    format!(
                        "{needed} `{}`-separated fields as the header names (this line has {})",
                        if header.separator == '\t' { "\\t" } else { "," },
                        f.len()
                    ),
                    "",
                ));
                None
            }
            Err(e) => {
                errors.push(e);
                None
            }
        })
        .collect()
}

/// Parses TSV/CSV qrels. A document judged twice for a query is an error
/// at the second line; the first grade is kept.
pub fn parse_table_qrels<'a>(input: &str, text: &'a str) -> Qrels<'a> {
    let mut out = Qrels::default();
    let Some(header) = table_header(text).filter(TableHeader::is_qrels) else {
        out.errors.push(header_error(input, text, "qrels"));
        return out;
    };
    let (q, d, g) = (
        header.query.unwrap_or(0),
        header.doc.unwrap_or(0),
        header.grade.unwrap_or(0),
    );
    for (line, f) in rows(input, text, &header, &mut out.errors) {
        let Ok(grade) = f[g].1.parse::<i64>() else {
            out.errors.push(ParseError::new(
                input,
                line,
                f[g].0,
                "an integer relevance grade",
                f[g].1,
            ));
            continue;
        };
        let judgments = out.queries.entry(f[q].1).or_default();
        if judgments.contains_key(f[d].1) {
            out.errors.push(ParseError::new(
                input,
                line,
                f[d].0,
                format!("each document judged once per query {}", f[q].1),
                f[d].1,
            ));
            continue;
        }
        judgments.insert(f[d].1, grade);
    }
    ParseError::sort_by_place(&mut out.errors);
    out
}

/// Parses a TSV/CSV run (duplicates are kept for the evaluation's policy).
pub fn parse_table_run<'a>(input: &str, text: &'a str) -> Run<'a> {
    let mut out = Run {
        input: input.to_string(),
        ..Run::default()
    };
    let Some(header) = table_header(text).filter(TableHeader::is_run) else {
        out.errors.push(header_error(input, text, "run"));
        return out;
    };
    let (q, d) = (header.query.unwrap_or(0), header.doc.unwrap_or(0));
    for (line, f) in rows(input, text, &header, &mut out.errors) {
        let rank = match header.rank {
            Some(c) => match f[c].1.parse::<i64>() {
                Ok(r) => Some(r),
                Err(_) => {
                    out.errors.push(ParseError::new(
                        input,
                        line,
                        f[c].0,
                        "an integer rank",
                        f[c].1,
                    ));
                    continue;
                }
            },
            None => None,
        };
        let score = match header.score {
            Some(c) => match parse_score(f[c].1).filter(|s| !s.is_nan()) {
                Some(s) => s,
                None => {
                    out.errors.push(ParseError::new(
                        input,
                        line,
                        f[c].0,
                        "a numeric score",
                        f[c].1,
                    ));
                    continue;
                }
            },
            None => -(rank.unwrap_or(0) as f64),
        };
        let qid = f[q].1;
        let entries = out.queries.entry(qid).or_insert_with(|| {
            out.query_order.push(qid);
            Vec::new()
        });
        entries.push(RunEntry {
            docid: f[d].1,
            rank: rank.unwrap_or(entries.len() as i64 + 1),
            score,
            line,
        });
    }
    ParseError::sort_by_place(&mut out.errors);
    out
}

fn header_error(input: &str, text: &str, kind: &str) -> ParseError {
    let line = text
        .lines()
        .position(|l| !is_skipped_line(l))
        .map_or(1, |i| i + 1);
    let need = if kind == "qrels" {
        "a header naming query, doc and relevance columns (e.g. `query_id,doc_id,relevance`)"
    } else {
        "a header naming query, doc and score or rank columns (e.g. `query_id,doc_id,score`)"
    };
    let found = text.lines().nth(line - 1).unwrap_or("");
    ParseError::new(input, line, 1, need, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_say_what_a_table_is() {
        let h = table_header("# c\nQuery_ID,doc_id,relevance\n").unwrap();
        assert!(h.is_qrels() && !h.is_run());
        assert_eq!((h.line, h.separator), (2, ','));
        let h = table_header("qid\tdocno\trank\tscore\n").unwrap();
        assert!(h.is_run());
        assert_eq!(
            (h.query, h.doc, h.rank, h.score),
            (Some(0), Some(1), Some(2), Some(3))
        );
        assert!(table_header("q1 0 d1 1").is_none());
        let partial = table_header("qid,docid,weird").unwrap();
        assert!(!partial.is_qrels() && !partial.is_run());
        assert!(table_header("a,b").is_none());
    }

    #[test]
    fn reads_tsv_qrels_and_csv_runs() {
        let q = parse_table_qrels("q.tsv", "qid\tdoc\tgrade\nq1\td1\t2\nq1\td2\t0\n");
        assert!(q.errors.is_empty(), "{:?}", q.errors);
        assert_eq!(q.queries["q1"]["d1"], 2);
        let r = parse_table_run(
            "r.csv",
            "query,doc,score,extra\nq1,\"d1\",1.5,x\r\nq1, d2 ,2,y\n",
        );
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let e = &r.queries["q1"];
        assert_eq!((e[0].docid, e[0].score, e[0].line), ("d1", 1.5, 2));
        assert_eq!((e[1].docid, e[1].rank), ("d2", 2));
        let ranks = parse_table_run("r.csv", "query,doc,rank\nq,a,2\nq,b,1\n");
        assert_eq!(ranks.queries["q"][1].score, -1.0);
    }

    #[test]
    fn problems_are_located() {
        let r = parse_table_run("r.csv", "query,doc,score\nq1,d1,abc\nq1,d2\nq1,d\"3,1\n");
        let at: Vec<(usize, usize)> = r.errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(at, [(2, 7), (3, 6), (4, 4)], "{:?}", r.errors);
        let q = parse_table_qrels("q.csv", "query,doc,score\n");
        assert!(q.errors[0].expected.contains("relevance"));
        let dup = parse_table_qrels("q.csv", "query,doc,rel\nq,a,1\nq,a,0\n");
        assert_eq!((dup.errors[0].line, dup.errors[0].column), (3, 3));
    }
}
