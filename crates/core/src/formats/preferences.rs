//! Preference judgments (trec_eval's `-R prefs` and `-R qrels_prefs`).
//!
//! A `prefs` line is `qid group subgroup docid level`. Within one
//! subgroup, a document of a higher level is preferred to every document
//! of a lower one (the levels only order; 0 by convention means
//! non-relevant). The subgroups of one judgment group express one
//! assessor's partial order, closed under transitivity; different groups
//! (assessors) may disagree. A `qrels_prefs` file is a plain qrels file
//! read the same way: field 2 names the group, and each group has one
//! subgroup, so a binary qrels gives "every relevant document before every
//! non-relevant one". The measures are in
//! [`measures::preferences`](crate::measures::preferences).
//!
//! Blank and `#` lines are skipped. A docid listed twice in one subgroup,
//! or a level that is not a number, is a located error.

use crate::error::{Expected, FieldLayout, ParseError};
use crate::fast_hash::FastHashMap;
use crate::formats::fields::first_fields;
use crate::formats::trec::{content_lines, qrels_line_with_group};

/// One line of preference judgments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrefJudgment<'a> {
    /// Judgment group (an assessor's information need).
    pub group: &'a str,
    /// Subgroup within the group (one ordered list of documents).
    pub subgroup: &'a str,
    /// Document id.
    pub docid: &'a str,
    /// Its level in the subgroup (higher is preferred).
    pub level: f64,
    /// 1-based line number.
    pub line: usize,
}

/// Preference judgments of every query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Preferences<'a> {
    /// Query id -> its judgments, in file order.
    pub queries: FastHashMap<&'a str, Vec<PrefJudgment<'a>>>,
    /// Located problems, in input order.
    pub errors: Vec<ParseError>,
}

impl<'a> Preferences<'a> {
    fn push(&mut self, input: &str, qid: &'a str, j: PrefJudgment<'a>, docid_column: usize) {
        let list = self.queries.entry(qid).or_default();
        if let Some(first) = list
            .iter()
            .find(|o| o.group == j.group && o.subgroup == j.subgroup && o.docid == j.docid)
        {
            self.errors.push(ParseError::new(
                input,
                j.line,
                docid_column,
                Expected::PreferenceOnce {
                    first_line: first.line,
                },
                j.docid,
            ));
            return;
        }
        list.push(j);
    }
}

/// Parses a `prefs` text: `qid group subgroup docid level`.
pub fn parse_prefs<'a>(input: &str, text: &'a str) -> Preferences<'a> {
    let mut out = Preferences::default();
    for (line_no, line) in content_lines(text) {
        let (fields, count) = first_fields::<6>(line);
        if count != 5 {
            let (col, found) = if count > 5 {
                fields[5]
            } else {
                (line.chars().count() + 1, "")
            };
            out.errors.push(ParseError::new(
                input,
                line_no,
                col,
                Expected::Fields {
                    layout: FieldLayout::Preferences,
                    count,
                },
                found,
            ));
            continue;
        }
        let (col, text) = fields[4];
        let Some(level) = text.parse::<f64>().ok().filter(|l| l.is_finite()) else {
            out.errors.push(ParseError::new(
                input,
                line_no,
                col,
                Expected::PreferenceLevel,
                text,
            ));
            continue;
        };
        let j = PrefJudgment {
            group: fields[1].1,
            subgroup: fields[2].1,
            docid: fields[3].1,
            level,
            line: line_no,
        };
        out.push(input, fields[0].1, j, fields[3].0);
    }
    out
}

/// Parses a qrels text as preferences (`-R qrels_prefs`): field 2 names
/// the group, each group has one subgroup, the grade is the level.
pub fn parse_qrels_prefs<'a>(input: &str, text: &'a str) -> Preferences<'a> {
    let mut out = Preferences::default();
    let mut errors = Vec::new();
    for (line_no, line) in content_lines(text) {
        let Some((qid, group, docid, column, grade)) =
            qrels_line_with_group(input, line_no, line, &mut errors)
        else {
            continue;
        };
        let j = PrefJudgment {
            group,
            subgroup: "0",
            docid,
            level: grade as f64,
            line: line_no,
        };
        out.push(input, qid, j, column);
    }
    errors.append(&mut out.errors);
    ParseError::sort_by_line(&mut errors);
    out.errors = errors;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefs_lines_are_read_with_their_groups() {
        let p = parse_prefs(
            "p",
            "# c\nq1 u1 s1 d1 3.0\nq1 u1 s1 d2 2\n\nq2 u2 s1 d1 0\n",
        );
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(p.queries["q1"].len(), 2);
        assert_eq!(p.queries["q1"][0].level, 3.0);
        assert_eq!(p.queries["q1"][1].line, 3);
        assert_eq!(p.queries["q2"][0].group, "u2");
    }

    #[test]
    fn problems_are_located() {
        let p = parse_prefs(
            "p",
            "q1 u s d1 x\nq1 u s d1\nq1 u s d2 1\nq1 u s d2 0\nq1 u t d2 0\n",
        );
        let at: Vec<(usize, usize)> = p.errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(at, [(1, 11), (2, 10), (4, 8)]);
        assert!(
            p.errors[2].to_string().contains("line 3"),
            "{}",
            p.errors[2]
        );
        // Another subgroup may list it again.
        assert_eq!(p.queries["q1"].len(), 2);
    }

    #[test]
    fn qrels_are_read_as_one_subgroup_per_group() {
        let p = parse_qrels_prefs("q", "q1 0 d1 1\nq1 0 d2 0\nq1 0 d2 1\nq1 x\n");
        assert_eq!(p.queries["q1"].len(), 2);
        assert!(p.queries["q1"]
            .iter()
            .all(|j| j.subgroup == "0" && j.group == "0"));
        let lines: Vec<usize> = p.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [3, 4]);
    }
}
