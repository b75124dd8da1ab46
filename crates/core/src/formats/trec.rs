//! TREC qrels and run files, parsed from text (never from files) into
//! structures that borrow the text.
//!
//! - qrels: `qid iter docid grade` (the `iter` field is ignored; grades are
//!   integers, negative ones mean "in the pool, not judged").
//! - run: `qid Q0 docid rank score tag` (`Q0` and `tag` are free text; the
//!   score may be written in any float spelling: `2E+01`, `-3.2e-05`, `10e-1`).
//!
//! Fields are separated by any whitespace; blank lines and lines starting with
//! `#` are skipped (trec_eval 10 accepts `#` comment lines). Text after the
//! sixth field of a run line is ignored, as trec_eval ignores it. A bad line gives
//! one located [`ParseError`] and is left out; the good lines are kept.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use crate::error::{Expected, FieldLayout, ParseError};
use crate::fast_hash::FastHashMap;
use crate::formats::fields::{first_field, first_fields, short_field_ranges, split_fields};
use crate::formats::numbers::{parse_field, parse_rank, parse_score, plain_rank, plain_score_in};

/// Judgments of one query: docid -> grade.
pub type QueryQrels<'a> = FastHashMap<&'a str, i64>;

/// Parsed qrels: per query, the grade of each judged document.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Qrels<'a> {
    /// Query id -> judgments.
    pub queries: FastHashMap<&'a str, QueryQrels<'a>>,
    /// Located problems, in input order.
    pub errors: Vec<ParseError>,
}

/// One line of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunEntry<'a> {
    /// Document id.
    pub docid: &'a str,
    /// The rank column as written (trec_eval ignores it).
    pub rank: i64,
    /// The score column.
    pub score: f64,
    /// 1-based line number in the run text.
    pub line: usize,
}

/// Parsed run: per query, its lines in file order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Run<'a> {
    /// Name of the input (file name) used in messages.
    pub input: String,
    /// The `tag` of the last parsed line (trec_eval's `runid`, which is the
    /// tag of the last line it reads), if any line parsed.
    pub runid: Option<&'a str>,
    /// Some parsed line has another tag than the one before it: the file
    /// holds several runs' tags, and no one tag names it.
    pub several_tags: bool,
    /// Query id -> entries in file order.
    pub queries: HashMap<&'a str, Vec<RunEntry<'a>>>,
    /// Query ids in order of first appearance.
    pub query_order: Vec<&'a str>,
    /// Located problems, in input order.
    pub errors: Vec<ParseError>,
}

/// Lines with their 1-based numbers; trailing `\r`s (also on a last line
/// without `\n`) are not part of the line.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    // `str::lines` without its character search: the line feeds are found
    // as a big run's are ([`crate::byte_lines::newlines`]; a final line
    // feed ends the last line, it starts none).
    let mut from = 0;
    let ends = crate::byte_lines::newlines(text.as_bytes())
        .chain((!text.is_empty() && !text.ends_with('\n')).then_some(text.len()));
    ends.enumerate().map(move |(i, end)| {
        let line = &text[from..end];
        from = end + 1;
        // The usual line ends without a carriage return: its last byte is
        // looked at directly (`trim_end_matches` with a `char` searches
        // with a call of its own in the worker's size-built std).
        let line = if line.as_bytes().last() == Some(&b'\r') {
            line.trim_end_matches('\r')
        } else {
            line
        };
        (i + 1, line)
    })
}

pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    numbered_lines(text).filter(|(_, l)| !is_skipped_line(l))
}

/// Parses a qrels text. A docid judged twice for one query is an error at
/// the second line (as trec_eval refuses it); the first grade is kept.
#[cfg_attr(speed_marks, optimize(speed))]
pub fn parse_qrels<'a>(input: &str, text: &'a str) -> Qrels<'a> {
    let mut out = Qrels::default();
    // Where each (qid, docid) was first judged, for the message about a
    // repeat: built at the first repeat only (most qrels have none).
    let mut first_lines: Option<FastHashMap<(&'a str, &'a str), usize>> = None;
    let (queries, errors) = (&mut out.queries, &mut out.errors);
    // The query of the previous line: qrels list a query's lines together,
    // so most lines skip the lookup. A new query's table starts at the size
    // the previous one reached (queries tend to have as many judgments).
    let mut current: Option<(&'a str, &mut QueryQrels<'a>)> = None;
    let mut last_size = 0;
    for (line_no, line) in content_lines(text) {
        let Some((qid, docid, docid_column, grade)) = qrels_line(input, line_no, line, errors)
        else {
            continue;
        };
        if current.as_ref().is_none_or(|(q, _)| *q != qid) {
            if let Some((_, judged)) = current.take() {
                last_size = judged.len();
            }
            let judged = queries.entry(qid).or_default();
            judged.reserve(last_size.saturating_sub(judged.len()));
            current = Some((qid, judged));
        }
        let Some((_, judged)) = current.as_mut() else {
            unreachable!("set above")
        };
        // One look-up per line: the docid's slot, or its first grade.
        let slot = match judged.entry(docid) {
            Entry::Vacant(slot) => slot,
            Entry::Occupied(_) => {
                let firsts = first_lines.get_or_insert_with(|| {
                    let mut m = FastHashMap::default();
                    for (n, l) in content_lines(text).take_while(|&(n, _)| n < line_no) {
                        if let Some((q, d, _, _)) = qrels_line(input, n, l, &mut Vec::new()) {
                            m.entry((q, d)).or_insert(n);
                        }
                    }
                    m
                });
                let first = firsts[&(qid, docid)];
                errors.push(ParseError::new(
                    input,
                    line_no,
                    docid_column,
                    Expected::JudgedOnce {
                        qid: qid.to_string(),
                        first_line: first,
                    },
                    docid,
                ));
                continue;
            }
        };
        slot.insert(grade);
        if let Some(firsts) = &mut first_lines {
            firsts.insert((qid, docid), line_no);
        }
    }
    out
}

/// One qrels line's qid, docid (with its column) and grade, or its problem
/// pushed to `errors`.
#[cfg_attr(speed_marks, optimize(speed))]
pub(crate) fn qrels_line<'a>(
    input: &str,
    line_no: usize,
    line: &'a str,
    errors: &mut Vec<ParseError>,
) -> Option<(&'a str, &'a str, usize, i64)> {
    qrels_line_with_group(input, line_no, line, errors).map(|(q, _, d, c, g)| (q, d, c, g))
}

/// One qrels line's qid, second field (trec_eval's iteration, or the
/// judgment group of a `qrels_jg` file), docid (with its column) and grade,
/// or its problem pushed to `errors`.
#[cfg_attr(speed_marks, optimize(speed))]
pub(crate) fn qrels_line_with_group<'a>(
    input: &str,
    line_no: usize,
    line: &'a str,
    errors: &mut Vec<ParseError>,
) -> Option<(&'a str, &'a str, &'a str, usize, i64)> {
    // The usual line, read in one pass: four fields, then only field
    // spaces, and an integer grade (as `str::parse::<i64>` reads it).
    if let Some([qid, group, docid, grade]) = split_fields::<4>(line) {
        let offset = |field: &str| field.as_ptr() as usize - line.as_ptr() as usize;
        if first_field(&line[offset(grade) + grade.len()..]).is_none() {
            if let Some(g) = parse_rank(grade) {
                // 1-based, in characters: bytes while the line is ASCII.
                let before = &line[..offset(docid)];
                let column = if before.is_ascii() {
                    before.len() + 1
                } else {
                    before.chars().count() + 1
                };
                return Some((qid, group, docid, column, g));
            }
        }
    }
    let (fields, count) = first_fields::<5>(line);
    if count != 4 {
        let (col, found) = if count > 4 {
            fields[4]
        } else {
            (line.chars().count() + 1, "")
        };
        errors.push(ParseError::new(
            input,
            line_no,
            col,
            Expected::Fields {
                layout: FieldLayout::Qrels,
                count,
            },
            found,
        ));
        return None;
    }
    match parse_field(input, line_no, fields[3], Expected::QrelsGrade) {
        Ok(grade) => Some((fields[0].1, fields[1].1, fields[2].1, fields[2].0, grade)),
        Err(e) => {
            errors.push(e);
            None
        }
    }
}

/// What a TREC text is, told apart by its columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrecKind {
    /// 4 fields: `qid iter docid grade`.
    Qrels,
    /// 6 or more fields: `qid Q0 docid rank score tag`; or 5 with `Q0`
    /// second, a run without its tag (refused line by line).
    Run,
    /// 5 fields: `qid group subgroup docid level` (trec_eval's `prefs`).
    Preferences,
}

/// Classifies a text by the field count of its first data line; `None`
/// when it has no data line or that line has another count.
pub fn classify_trec(text: &str) -> Option<TrecKind> {
    let (_, line) = content_lines(text).next()?;
    match first_fields::<7>(line).1 {
        4 => Some(TrecKind::Qrels),
        // A run line without its tag column (`qid Q0 docid rank score`)
        // also has 5 fields: read as a run, whose parser says at each line
        // that the tag is missing, not as preferences.
        5 if line.split_whitespace().nth(1).is_none_or(|f| f != "Q0") => {
            Some(TrecKind::Preferences)
        }
        n if n >= 5 => Some(TrecKind::Run),
        _ => None,
    }
}

/// One parsed run line: its query id, tag and entry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunLine<'a> {
    /// Query id (field 1).
    pub qid: &'a str,
    /// Run tag (field 6).
    pub tag: &'a str,
    /// Docid, rank, score and line number.
    pub entry: RunEntry<'a>,
}

/// Whether a line carries no data (blank, or a `#` comment).
pub fn is_skipped_line(line: &str) -> bool {
    match line.as_bytes().first() {
        // The usual data line starts with a visible ASCII character.
        Some(&b) if b.is_ascii_graphic() => b == b'#',
        _ => {
            let t = line.trim_start();
            t.is_empty() || t.starts_with('#')
        }
    }
}

/// Parses one run line (`line_no` is 1-based; the caller skips blank and
/// comment lines with [`is_skipped_line`]).
#[cfg_attr(speed_marks, optimize(speed))]
pub fn parse_run_line<'a>(
    input: &str,
    line_no: usize,
    line: &'a str,
) -> Result<RunLine<'a>, ParseError> {
    // The usual line (short, a plain rank and score), read from its bytes
    // in one pass; any other is read again below, as text, to name its
    // problem's place.
    let bytes = line.as_bytes();
    if let Some([q, _, d, r, s, t]) = short_field_ranges::<6>(bytes) {
        if let (Some(rank), Some(score)) = (
            plain_rank(&bytes[r.0..r.1]),
            plain_score_in(bytes, s.0, s.1),
        ) {
            return Ok(RunLine {
                qid: &line[q.0..q.1],
                tag: &line[t.0..t.1],
                entry: RunEntry {
                    docid: &line[d.0..d.1],
                    rank,
                    score,
                    line: line_no,
                },
            });
        }
    }
    if let Some([qid, _, docid, rank, score, tag]) = split_fields::<6>(line) {
        if let (Some(rank), Some(score)) =
            (parse_rank(rank), parse_score(score).filter(|s| !s.is_nan()))
        {
            return Ok(RunLine {
                qid,
                tag,
                entry: RunEntry {
                    docid,
                    rank,
                    score,
                    line: line_no,
                },
            });
        }
    }
    let (fields, count) = first_fields::<6>(line);
    if count < 6 {
        return Err(ParseError::new(
            input,
            line_no,
            line.chars().count() + 1,
            Expected::Fields {
                layout: FieldLayout::Run,
                count,
            },
            "",
        ));
    }
    let rank = parse_field::<i64>(input, line_no, fields[3], Expected::RunRank)?;
    // `nan` parses as a float but cannot be ordered: refused too.
    let score = parse_score(fields[4].1)
        .filter(|s| !s.is_nan())
        .ok_or_else(|| {
            ParseError::new(input, line_no, fields[4].0, Expected::RunScore, fields[4].1)
        })?;
    Ok(RunLine {
        qid: fields[0].1,
        tag: fields[5].1,
        entry: RunEntry {
            docid: fields[2].1,
            rank,
            score,
            line: line_no,
        },
    })
}

/// Parses a run text (duplicates are kept here and handled by the chosen
/// [`crate::conventions::DuplicatePolicy`] at evaluation). Line numbers start at
/// `first_line` (1 for a whole file).
pub fn parse_run_from<'a>(input: &str, text: &'a str, first_line: usize) -> Run<'a> {
    let mut out = Run {
        input: input.to_string(),
        ..Run::default()
    };
    for (number, line) in content_lines(text) {
        match parse_run_line(input, first_line + number - 1, line) {
            Ok(l) => {
                // trec_eval keeps the tag of the last line it reads.
                out.several_tags |= out.runid.is_some_and(|t| t != l.tag);
                out.runid = Some(l.tag);
                let entries = out.queries.entry(l.qid).or_insert_with(|| {
                    out.query_order.push(l.qid);
                    Vec::new()
                });
                entries.push(l.entry);
            }
            Err(e) => out.errors.push(e),
        }
    }
    out
}

/// Parses a whole run text ([`parse_run_from`] at line 1).
pub fn parse_run<'a>(input: &str, text: &'a str) -> Run<'a> {
    parse_run_from(input, text, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_as_str_lines_splits_them() {
        for text in [
            "", "\n", "a", "a\n", "a\r\n", "a\n\nb", "\r", "a\r\r\n", "\n\n", "é\nb\r",
        ] {
            let want: Vec<(usize, &str)> = text
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
                .collect();
            assert_eq!(numbered_lines(text).collect::<Vec<_>>(), want, "{text:?}");
        }
    }

    #[test]
    fn a_repeated_judgment_is_placed_at_its_docid_by_character() {
        // The docid's column counts characters, whichever path read the line.
        let q = parse_qrels("q", "é 0 d1 1\né 0 d1 2\né\t0   d2 +3\n");
        assert_eq!(q.queries["é"]["d1"], 1);
        assert_eq!(q.queries["é"]["d2"], 3);
        assert_eq!((q.errors[0].line, q.errors[0].column), (2, 5));
    }

    #[test]
    fn qrels_with_comments_negative_grades_and_errors() {
        let q = parse_qrels(
            "qrels",
            "# c\n1 0 d1 2\n1 0 d2 -1\n\n2\t0\td1\t0\n1 0 d3 x\n1 0 d1 1\n1 0\n",
        );
        assert_eq!(q.queries["1"]["d1"], 2);
        assert_eq!(q.queries["1"]["d2"], -1);
        assert_eq!(q.queries["2"]["d1"], 0);
        let msgs: Vec<String> = q.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            msgs,
            vec![
                "qrels:6:8: expected an integer relevance grade in field 4, found `x`",
                "qrels:7:5: expected each docid judged once per query (query 1 judged it on line 2), found `d1`",
                "qrels:8:4: expected 4 fields `qid iter docid grade` (this line has 2), found end of line",
            ]
        );
    }

    #[test]
    fn every_repeat_names_the_first_judgment() {
        let q = parse_qrels(
            "q",
            "1 0 a 1\n1 0 b 0\n1 0 a 0\n2 0 a 1\n1 0 b 1\n1 0 a 3\n",
        );
        let firsts: Vec<(usize, usize)> = q
            .errors
            .iter()
            .map(|e| match &*e.expected {
                Expected::JudgedOnce { first_line, .. } => (e.line, *first_line),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(firsts, vec![(3, 1), (5, 2), (6, 1)]);
        assert_eq!((q.queries["1"]["a"], q.queries["1"]["b"]), (1, 0));
    }

    #[test]
    fn run_scores_in_every_float_spelling() {
        let r = parse_run(
            "run",
            "q 0 a 1 2E+01 t\nq Q0 b 2 4.25E-1 t\nq Q0 c 3 -3.2e-05 t\nq Q0 d 4 1.000 t\nq Q0 e 5 10e-1 t\n",
        );
        assert!(r.errors.is_empty());
        let s: Vec<f64> = r.queries["q"].iter().map(|e| e.score).collect();
        assert_eq!(s, vec![20.0, 0.425, -3.2e-05, 1.0, 1.0]);
        assert_eq!(r.runid, Some("t"));
    }

    #[test]
    fn texts_are_told_apart_by_their_columns() {
        assert_eq!(classify_trec("# c\n\nq 0 d 1\n"), Some(TrecKind::Qrels));
        assert_eq!(classify_trec("q Q0 d 1 2.5 tag\n"), Some(TrecKind::Run));
        assert_eq!(classify_trec("q g s d 2\n"), Some(TrecKind::Preferences));
        // A run line without its tag is read as a run (whose parser says
        // the tag is missing), not as preferences.
        assert_eq!(classify_trec("q Q0 d 1 2.5\n"), Some(TrecKind::Run));
        assert_eq!(
            classify_trec("q Q0 d 1 2.5 tag extra\n"),
            Some(TrecKind::Run)
        );
        assert_eq!(classify_trec("q d 1\n"), None);
        assert_eq!(classify_trec("# only a comment\n"), None);
    }

    #[test]
    fn several_tags_in_one_run_are_seen() {
        assert!(!parse_run("r", "q Q0 a 1 2 t\nq Q0 b 2 1 t\n").several_tags);
        let r = parse_run("r", "q Q0 a 1 2 t\nr Q0 b 1 1 u\n");
        assert!(r.several_tags);
        assert_eq!(r.runid, Some("u"));
    }

    #[test]
    fn run_text_after_the_tag_is_ignored() {
        let r = parse_run("run", "q Q0 a 1 0.5 tag more junk\n");
        assert!(r.errors.is_empty());
        assert_eq!(r.runid, Some("tag"));
    }

    #[test]
    fn run_errors_are_located() {
        let r = parse_run(
            "run.txt",
            "q Q0 a 1 0.5 t\nq Q0 b one 0.4 t\nq Q0 c 3 abc t\nq Q0 d 4 0.1\nq Q0 e 5 nan t",
        );
        let msgs: Vec<String> = r.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            msgs,
            vec![
                "run.txt:2:8: expected an integer rank in field 4, found `one`",
                "run.txt:3:10: expected a numeric score in field 5 (e.g. 12.5, -3.2e-05, 2E+01), found `abc`",
                "run.txt:4:13: expected 6 fields `qid Q0 docid rank score tag` (this line has 5: its tag is missing), found end of line",
                "run.txt:5:10: expected a numeric score in field 5 (e.g. 12.5, -3.2e-05, 2E+01), found `nan`",
            ]
        );
        assert_eq!(r.queries["q"].len(), 1);
    }
}
