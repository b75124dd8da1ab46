//! Judgment groups (trec_eval's `-R qrels_jg`): qrels in which several
//! assessors (or user groups) judged the same queries.
//!
//! A line is `qid group docid grade`: the second field, which plain qrels
//! ignore, names the judgment group. Each group is a complete set of
//! judgments of its queries, so each is read as plain [`Qrels`]; a measure
//! averaged over the groups (`map_avgjg`, `P_avgjg`, `Rprec_mult_avgjg`)
//! is computed once per group that judged the query and averaged
//! ([`crate::session::evaluate_judgment_groups`]).
//!
//! Blank lines and `#` comment lines are skipped, as in plain qrels. A
//! docid judged twice by one group for one query is an error at the second
//! line (trec_eval refuses such a file); judged by two groups, it is two
//! judgments.

use std::collections::BTreeMap;

use crate::error::{Expected, ParseError};
use crate::fast_hash::FastHashMap;
use crate::formats::fields::first_fields;
use crate::formats::trec::{content_lines, qrels_line_with_group, Qrels};

/// Qrels split by judgment group.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JudgmentGroups<'a> {
    /// Group name -> its judgments, in byte order of the names (the order
    /// in which trec_eval adds the groups' values).
    pub groups: BTreeMap<&'a str, Qrels<'a>>,
    /// Located problems, in input order.
    pub errors: Vec<ParseError>,
}

impl<'a> JudgmentGroups<'a> {
    /// Every query some group judged, in byte order.
    pub fn query_ids(&self) -> Vec<&'a str> {
        let mut out: Vec<&'a str> = self
            .groups
            .values()
            .flat_map(|q| q.queries.keys().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Parses a `qrels_jg` text (see the module documentation).
pub fn parse_qrels_jg<'a>(input: &str, text: &'a str) -> JudgmentGroups<'a> {
    let mut out = JudgmentGroups::default();
    // Where each (group, qid, docid) was first judged, for the message
    // about a repeat.
    let mut first: FastHashMap<(&'a str, &'a str, &'a str), usize> = FastHashMap::default();
    for (line_no, line) in content_lines(text) {
        let Some((qid, group, docid, column, grade)) =
            qrels_line_with_group(input, line_no, line, &mut out.errors)
        else {
            continue;
        };
        if let Some(&at) = first.get(&(group, qid, docid)) {
            out.errors.push(ParseError::new(
                input,
                line_no,
                column,
                Expected::JudgedOnceInGroup {
                    group: group.to_string(),
                    qid: qid.to_string(),
                    first_line: at,
                },
                docid,
            ));
            continue;
        }
        first.insert((group, qid, docid), line_no);
        out.groups
            .entry(group)
            .or_default()
            .queries
            .entry(qid)
            .or_default()
            .insert(docid, grade);
    }
    out
}

/// Whether a TREC qrels text is judgment groups rather than plain qrels:
/// some query has a docid judged on two lines with different second
/// fields (two groups), and no docid is judged twice within one group.
/// Plain qrels judge each docid once per query (a repeat is an error
/// there), so such a file can only be read as judgment groups.
pub fn has_judgment_groups(text: &str) -> bool {
    let mut seen: FastHashMap<(&str, &str), &str> = FastHashMap::default();
    let mut across = false;
    for (_, line) in content_lines(text) {
        // Fields as the qrels parser splits them.
        let ([(_, qid), (_, group), (_, docid)], n) = first_fields::<3>(line);
        if n < 3 {
            return false;
        }
        match seen.get(&(qid, docid)) {
            None => {
                seen.insert((qid, docid), group);
            }
            Some(&g) if g == group => return false,
            Some(_) => across = true,
        }
    }
    across
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_split_by_the_second_field() {
        let text = "# two assessors\nq1 a d1 1\nq1 b d1 0\nq1 a d2 0\n\nq2 b d3 2\n";
        let g = parse_qrels_jg("jg", text);
        assert!(g.errors.is_empty(), "{:?}", g.errors);
        assert_eq!(g.groups.keys().copied().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(g.groups["a"].queries["q1"]["d1"], 1);
        assert_eq!(g.groups["b"].queries["q1"]["d1"], 0);
        assert_eq!(g.groups["a"].queries["q1"].len(), 2);
        assert!(!g.groups["a"].queries.contains_key("q2"));
        assert_eq!(g.query_ids(), ["q1", "q2"]);
        assert!(has_judgment_groups(text));
    }

    #[test]
    fn plain_qrels_are_not_judgment_groups() {
        // Several second-field values, each docid once: plain qrels.
        assert!(!has_judgment_groups("q1 0 d1 1\nq1 1 d2 0\nq2 2 d1 1\n"));
        // A docid judged twice by one group is a plain qrels error, not groups.
        assert!(!has_judgment_groups("q1 a d1 1\nq1 b d1 0\nq1 a d1 0\n"));
        assert!(!has_judgment_groups(""));
    }

    #[test]
    fn repeats_and_bad_lines_are_located() {
        let g = parse_qrels_jg("jg", "q1 a d1 1\nq1 a d1 0\nq1 b d1 x\nq1 b\n");
        let at: Vec<(usize, usize)> = g.errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(at, [(2, 6), (3, 9), (4, 5)]);
        assert!(
            g.errors[0].to_string().contains("on line 1"),
            "{}",
            g.errors[0]
        );
        // The first judgment stands.
        assert_eq!(g.groups["a"].queries["q1"]["d1"], 1);
    }
}
