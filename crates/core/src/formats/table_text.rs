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
//! order is the rank order. Other columns are ignored.
//!
//! Fields follow RFC 4180 (read with `csv-core`): a field wrapped in double
//! quotes may hold the separator and doubled quotes (`"a ""b"", c"`), so a
//! text column of a spreadsheet export never splits a line wrongly; header
//! names may be quoted; a line may end in CRLF. Spaces around a field are
//! not part of it. Two things are refused with a located error: a quoted
//! field that does not close on its line (a field spanning lines), and a
//! `"` inside a query, document, grade, score or rank field (ids are kept
//! as written in the text, and no number holds a quote); other columns may
//! hold anything.

use crate::error::{Expected, ParseError};
use crate::formats::numbers::parse_score;
use crate::formats::trec::{content_lines, is_skipped_line, Qrels, Run, RunEntry};

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
    let (line_no, line) = content_lines(text).next()?;
    let separator = if line.contains('\t') { '\t' } else { ',' };
    let mut header = TableHeader {
        line: line_no,
        separator,
        query: None,
        doc: None,
        grade: None,
        score: None,
        rank: None,
    };
    let mut any = false;
    let names = FieldSplitter::new(separator).split(line).ok()?;
    for (i, name) in names.iter().enumerate() {
        let Some(r) = role(name.text) else {
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

/// One field of a line, as [`FieldSplitter::split`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableField<'a> {
    /// 1-based character column where the field starts (its opening quote,
    /// or its first non-blank character).
    pub column: usize,
    /// The field without its quotes and the spaces around it; where the
    /// field holds a doubled quote, the text between its quotes as written
    /// (`a ""b""`), see `quote_inside`.
    pub text: &'a str,
    /// Whether the field's value holds a `"` (a doubled quote in a quoted
    /// field, or a quote in an unquoted one).
    pub quote_inside: bool,
}

/// Why a line could not be split into fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnclosedQuote {
    /// 1-based character column of the opening quote.
    pub column: usize,
}

/// Splits lines of a TSV or CSV text into fields by RFC 4180's rules, one
/// line at a time (a quoted field may not span lines).
pub struct FieldSplitter {
    reader: csv_core::Reader,
}

impl FieldSplitter {
    /// A splitter for fields separated by `separator` (`,` or `\t`).
    pub fn new(separator: char) -> FieldSplitter {
        let reader = csv_core::ReaderBuilder::new()
            .delimiter(separator as u8)
            .quote(b'"')
            .double_quote(true)
            // Lines come without their `\n`; a `\r` inside one is data.
            .terminator(csv_core::Terminator::Any(b'\n'))
            .build();
        FieldSplitter { reader }
    }

    /// The fields of `line` (without its line break).
    pub fn split<'a>(&mut self, line: &'a str) -> Result<Vec<TableField<'a>>, UnclosedQuote> {
        self.reader.reset();
        let bytes = line.as_bytes();
        // The field's text is taken from the line itself; csv-core finds
        // where each field ends, and its copy of the field is not kept.
        let mut scratch = [0u8; 256];
        let (mut pos, mut start) = (0, 0);
        let mut out = Vec::new();
        loop {
            let (result, read, _) = self.reader.read_field(&bytes[pos..], &mut scratch);
            pos += read;
            match result {
                csv_core::ReadFieldResult::InputEmpty | csv_core::ReadFieldResult::OutputFull => {
                    continue
                }
                csv_core::ReadFieldResult::Field { record_end } => {
                    // A field that is not the record's last ends at the separator it read.
                    let end = if record_end { pos } else { pos - 1 };
                    out.push(field(line, start, end)?);
                    start = pos;
                    if record_end {
                        return Ok(out);
                    }
                }
                csv_core::ReadFieldResult::End => return Ok(out),
            }
        }
    }
}

/// The field written at `line[start..end]`.
fn field(line: &str, start: usize, end: usize) -> Result<TableField<'_>, UnclosedQuote> {
    let raw = &line[start..end];
    let column = |at: usize| line[..at].chars().count() + 1;
    if raw.starts_with('"') {
        // Quoted: what follows the closing quote can only be blanks.
        let body = raw.trim_end();
        let inner = body
            .strip_prefix('"')
            .and_then(|b| b.strip_suffix('"'))
            .filter(|inner| !inner.replace("\"\"", "").contains('"'));
        let Some(inner) = inner else {
            return Err(UnclosedQuote {
                column: column(start),
            });
        };
        return Ok(TableField {
            column: column(start),
            text: inner.trim(),
            quote_inside: inner.contains('"'),
        });
    }
    let lead = raw.len() - raw.trim_start().len();
    let t = raw.trim();
    // Blanks before an opening quote: RFC 4180 makes the quotes part of the
    // field; a field such as ` "d1" ` still means d1.
    let text = t
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .filter(|inner| !inner.contains('"'))
        .unwrap_or(t);
    Ok(TableField {
        column: column(start + lead),
        text,
        quote_inside: text.contains('"'),
    })
}

/// Data lines after the header, split, with the fields the roles need.
fn rows<'a>(
    input: &str,
    text: &'a str,
    header: &TableHeader,
    errors: &mut Vec<ParseError>,
) -> Vec<(usize, Vec<(usize, &'a str)>)> {
    let roles = [
        header.query,
        header.doc,
        header.grade,
        header.score,
        header.rank,
    ];
    let needed = roles.into_iter().flatten().max().unwrap_or(0) + 1;
    let mut splitter = FieldSplitter::new(header.separator);
    let mut out = Vec::new();
    for (line, l) in content_lines(text).filter(|(n, _)| *n > header.line) {
        let fields = match splitter.split(l) {
            Ok(f) => f,
            Err(UnclosedQuote { column }) => {
                let found: String = l.chars().skip(column - 1).collect();
                errors.push(ParseError::new(
                    input,
                    line,
                    column,
                    Expected::ClosedQuote,
                    &found,
                ));
                continue;
            }
        };
        if fields.len() < needed {
            errors.push(ParseError::new(
                input,
                line,
                l.chars().count() + 1,
                Expected::HeaderFields {
                    needed,
                    tab: header.separator == '\t',
                    count: fields.len(),
                },
                "",
            ));
            continue;
        }
        if let Some(f) = roles
            .into_iter()
            .flatten()
            .map(|c| fields[c])
            .filter(|f| f.quote_inside)
            .min_by_key(|f| f.column)
        {
            errors.push(ParseError::new(
                input,
                line,
                f.column,
                Expected::NoQuote,
                f.text,
            ));
            continue;
        }
        out.push((line, fields.iter().map(|f| (f.column, f.text)).collect()));
    }
    out
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
                Expected::IntegerGrade,
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
                Expected::TableJudgedOnce {
                    qid: f[q].1.to_string(),
                },
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
                        Expected::IntegerRank,
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
                        Expected::NumericScore,
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
    let need = Expected::TableHeader {
        qrels: kind == "qrels",
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
    fn fields_follow_rfc_4180() {
        let split = |sep, line| {
            FieldSplitter::new(sep).split(line).map(|f| {
                f.iter()
                    .map(|f| (f.column, f.text, f.quote_inside))
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(
            split(',', r#"q1,"doc,1","say ""hi"", then",  2 "#),
            Ok(vec![
                (1, "q1", false),
                (4, "doc,1", false),
                (12, r#"say ""hi"", then"#, true),
                (33, "2", false)
            ])
        );
        assert_eq!(
            split(',', "a,,b,"),
            Ok(vec![
                (1, "a", false),
                (3, "", false),
                (4, "b", false),
                (6, "", false)
            ])
        );
        assert_eq!(
            split('\t', "q\t\"d\t1\"\t3"),
            Ok(vec![(1, "q", false), (3, "d\t1", false), (9, "3", false)])
        );
        // Blanks before a quote: the field still means what is quoted, when
        // nothing needs the quotes; a stray quote is kept and flagged.
        assert_eq!(
            split(',', r#" "d1" ,x"y"#),
            Ok(vec![(2, "d1", false), (8, r#"x"y"#, true)])
        );
        // Accented text before a field: columns count characters.
        assert_eq!(
            split(',', "é,\"b\""),
            Ok(vec![(1, "é", false), (3, "b", false)])
        );
        assert_eq!(
            split(',', r#"a,"open, never closed"#),
            Err(UnclosedQuote { column: 3 })
        );
        assert_eq!(
            split(',', r#"a,"closed" then more"#),
            Err(UnclosedQuote { column: 3 })
        );
    }

    #[test]
    fn quoted_headers_text_columns_and_crlf() {
        let text = "\"query_id\",\"doc_id\",\"title\",\"score\"\r\n\
                    q1,\"doc,1\",\"A \"\"quoted\"\", long title\",2.5\r\n\
                    q1,d2,plain,1\r\n";
        let h = table_header(text).unwrap();
        assert_eq!((h.query, h.doc, h.score), (Some(0), Some(1), Some(3)));
        let r = parse_table_run("r.csv", text);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let e = &r.queries["q1"];
        assert_eq!((e[0].docid, e[0].score), ("doc,1", 2.5));
        assert_eq!((e[1].docid, e[1].score), ("d2", 1.0));
        let q = parse_table_qrels("q.tsv", "\"qid\"\t\"docno\"\t\"rel\"\r\nq1\t\"d 1\"\t2\r\n");
        assert!(q.errors.is_empty(), "{:?}", q.errors);
        assert_eq!(q.queries["q1"]["d 1"], 2);
    }

    #[test]
    fn quotes_that_cannot_be_read_are_located() {
        // A doubled quote in a document id: refused where it stands (ids are
        // kept as written, and this one would need rewriting).
        let r = parse_table_run("r.csv", "query,doc,score\nq1,\"d\"\"1\",1\nq1,d2,1\n");
        let at: Vec<(usize, usize)> = r.errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(at, [(2, 4)], "{:?}", r.errors);
        assert!(r.errors[0].expected.to_string().contains("without `\"`"));
        assert_eq!(r.queries["q1"].len(), 1);
        // A quoted field that does not close on its line.
        let q = parse_table_qrels("q.csv", "query,doc,rel\nq1,\"d1,1\nq1,d2,0\n");
        assert_eq!(
            (q.errors[0].line, q.errors[0].column),
            (2, 4),
            "{:?}",
            q.errors
        );
        assert!(q.errors[0]
            .expected
            .to_string()
            .contains("cannot span lines"));
        assert_eq!(q.queries["q1"]["d2"], 0);
    }

    #[test]
    fn problems_are_located() {
        let r = parse_table_run("r.csv", "query,doc,score\nq1,d1,abc\nq1,d2\nq1,d\"3,1\n");
        let at: Vec<(usize, usize)> = r.errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(at, [(2, 7), (3, 6), (4, 4)], "{:?}", r.errors);
        let q = parse_table_qrels("q.csv", "query,doc,score\n");
        assert!(q.errors[0].expected.to_string().contains("relevance"));
        let dup = parse_table_qrels("q.csv", "query,doc,rel\nq,a,1\nq,a,0\n");
        assert_eq!((dup.errors[0].line, dup.errors[0].column), (3, 3));
    }
}
