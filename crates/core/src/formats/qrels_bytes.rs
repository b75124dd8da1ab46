//! Parsed qrels' judgments as plain bytes, and read back: how one shard
//! (the page's first worker) hands the judgments it parsed to the others,
//! which then need not read and parse the qrels' text themselves.
//!
//! The bytes hold the judgments only (query id -> docid -> grade); the
//! qrels' problems stay with the shard that parsed them. Every number is
//! little-endian; `u32` counts and offsets (a qrels is read whole only up
//! to 192 MB, far below 4 GiB):
//!
//! ```text
//! "RLQ1"                     magic and version
//! queries: u32  judgments: u32  text: u32
//! qid_ends:   u32 x queries       end of each query id in the text (ids sorted bytewise)
//! firsts:     u32 x (queries+1)   each query's judgments: firsts[i]..firsts[i+1]
//! docid_ends: u32 x judgments     end of each docid in the text, after the query ids
//! grades:     i64 x judgments
//! text:       the query ids, then the docids, as UTF-8
//! ```
//!
//! A query's judgments are found by binary search on its id and built into
//! a [`QueryQrels`] only when asked for ([`QrelsBytes::query`]), so a shard
//! spends nothing on the queries of other shards.

use std::collections::hash_map::Entry;

use super::trec::{content_lines, qrels_line, Qrels, QueryQrels};
use crate::error::{Expected, ParseError};
use crate::fast_hash::FastHashMap;

const MAGIC: &[u8; 4] = b"RLQ1";
const HEAD: usize = 16;

/// The judgments of `qrels` as bytes (its errors are left out): what
/// [`parse_qrels_to_bytes`] writes, from parsed qrels (the tests compare
/// the two).
#[cfg(test)]
pub(crate) fn qrels_to_bytes(qrels: &Qrels<'_>) -> Vec<u8> {
    let mut queries: Vec<Judged> = qrels
        .queries
        .iter()
        .map(|(q, judged)| (*q, judged.iter().map(|(d, g)| (*d, *g)).collect()))
        .collect();
    queries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    write_bytes(&queries)
}

/// A qrels text parsed straight into the bytes above: the same judgments
/// and the same errors (in input order) as [`parse_qrels`] gives, with no
/// table per query on the way. A docid judged twice for one query is
/// an error at the second line and keeps its first grade, as there.
///
/// Each query's lines are gathered in line order (qrels list a query's
/// lines together, so most lines skip the query's look-up), then its
/// repeats are found with one table emptied between queries.
#[cfg_attr(speed_marks, optimize(speed))]
pub fn parse_qrels_to_bytes(input: &str, text: &str) -> (Vec<u8>, Vec<ParseError>) {
    let mut errors = Vec::new();
    // Per query, in order of first appearance: its id and its lines'
    // (docid, grade, line, docid column).
    let mut queries: Vec<(&str, QueryLines)> = Vec::new();
    let mut place: FastHashMap<&str, usize> = FastHashMap::default();
    let mut current: Option<(&str, usize)> = None;
    let mut last_size = 0;
    for (line_no, line) in content_lines(text) {
        let Some((qid, docid, column, grade)) = qrels_line(input, line_no, line, &mut errors)
        else {
            continue;
        };
        let at = match current {
            Some((q, at)) if q == qid => at,
            _ => {
                let at = *place.entry(qid).or_insert_with(|| {
                    queries.push((qid, Vec::with_capacity(last_size)));
                    queries.len() - 1
                });
                current = Some((qid, at));
                at
            }
        };
        queries[at].1.push((docid, grade, line_no, column));
        last_size = last_size.max(queries[at].1.len());
    }
    // Repeats: the first line of a docid keeps its grade, each later one
    // is an error naming it.
    let mut first: FastHashMap<&str, usize> = FastHashMap::default();
    let mut repeats = Vec::new();
    let judged: Vec<Judged> = queries
        .into_iter()
        .map(|(qid, lines)| {
            first.clear();
            let kept = lines
                .into_iter()
                .filter_map(|(docid, grade, line_no, column)| match first.entry(docid) {
                    Entry::Vacant(slot) => {
                        slot.insert(line_no);
                        Some((docid, grade))
                    }
                    Entry::Occupied(seen) => {
                        repeats.push(ParseError::new(
                            input,
                            line_no,
                            column,
                            Expected::JudgedOnce {
                                qid: qid.to_string(),
                                first_line: *seen.get(),
                            },
                            docid,
                        ));
                        None
                    }
                })
                .collect();
            (qid, kept)
        })
        .collect();
    if !repeats.is_empty() {
        // One problem per line at most: in input order, as parsed.
        errors.append(&mut repeats);
        errors.sort_by_key(|e| e.line);
    }
    let mut judged = judged;
    judged.sort_unstable_by(|a, b| a.0.cmp(b.0));
    (write_bytes(&judged), errors)
}

/// One query's lines as read: (docid, grade, line, docid column).
type QueryLines<'a> = Vec<(&'a str, i64, usize, usize)>;

/// One query's id and judgments: (docid, grade).
type Judged<'a> = (&'a str, Vec<(&'a str, i64)>);

/// The bytes of `queries` (sorted bytewise by query id, no docid twice in
/// one query), in the layout above.
///
/// # Panics
///
/// If the judgments' text passes 4 GiB (a qrels read whole is at most
/// 192 MB).
#[cfg_attr(speed_marks, optimize(speed))]
fn write_bytes(queries: &[Judged]) -> Vec<u8> {
    let judgments: usize = queries.iter().map(|(_, j)| j.len()).sum();
    let qid_text: usize = queries.iter().map(|(q, _)| q.len()).sum();
    let doc_text: usize = queries
        .iter()
        .flat_map(|(_, j)| j.iter())
        .map(|(d, _)| d.len())
        .sum();
    let n = |x: usize| u32::try_from(x).expect("qrels beyond 4 GiB are not read whole");
    // Each part's place, then every value written at its place (one
    // allocation, no growing).
    let firsts_at = HEAD + 4 * queries.len();
    let docid_ends_at = firsts_at + 4 * (queries.len() + 1);
    let grades_at = docid_ends_at + 4 * judgments;
    let text_at = grades_at + 8 * judgments;
    let mut out = vec![0; text_at + qid_text + doc_text];
    let put = |out: &mut [u8], at: usize, x: usize| {
        out[at..at + 4].copy_from_slice(&n(x).to_le_bytes());
    };
    out[..4].copy_from_slice(MAGIC);
    put(&mut out, 4, queries.len());
    put(&mut out, 8, judgments);
    put(&mut out, 12, qid_text + doc_text);
    let (mut text, mut judgment) = (0, 0);
    for (i, (q, _)) in queries.iter().enumerate() {
        out[text_at + text..text_at + text + q.len()].copy_from_slice(q.as_bytes());
        text += q.len();
        put(&mut out, HEAD + 4 * i, text);
    }
    for (i, (_, judged)) in queries.iter().enumerate() {
        for (d, g) in judged {
            out[text_at + text..text_at + text + d.len()].copy_from_slice(d.as_bytes());
            text += d.len();
            put(&mut out, docid_ends_at + 4 * judgment, text);
            out[grades_at + 8 * judgment..grades_at + 8 * judgment + 8]
                .copy_from_slice(&g.to_le_bytes());
            judgment += 1;
        }
        put(&mut out, firsts_at + 4 * (i + 1), judgment);
    }
    out
}

/// Why bytes are not judgments written by [`parse_qrels_to_bytes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotQrelsBytes;

/// Judgments read from the bytes [`parse_qrels_to_bytes`] wrote, borrowing them.
#[derive(Debug, Clone)]
pub struct QrelsBytes<'b> {
    qid_ends: &'b [u8],
    firsts: &'b [u8],
    docid_ends: &'b [u8],
    grades: &'b [u8],
    text: &'b str,
    queries: usize,
}

/// The `i`th little-endian `u32` of `bytes` (in bounds: checked on reading).
#[cfg_attr(speed_marks, optimize(speed))]
fn u32_at(bytes: &[u8], i: usize) -> usize {
    let b = &bytes[4 * i..4 * i + 4];
    u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize
}

#[cfg_attr(speed_marks, optimize(speed))]
fn i64_at(bytes: &[u8], i: usize) -> i64 {
    let mut b = [0; 8];
    b.copy_from_slice(&bytes[8 * i..8 * i + 8]);
    i64::from_le_bytes(b)
}

impl<'b> QrelsBytes<'b> {
    /// Reads `bytes`, checking all of them: every offset in order, in
    /// bounds and on a character's boundary, the text UTF-8.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn read(bytes: &'b [u8]) -> Result<QrelsBytes<'b>, NotQrelsBytes> {
        if bytes.len() < HEAD || &bytes[..4] != MAGIC {
            return Err(NotQrelsBytes);
        }
        let (queries, judgments, text_len) = (u32_at(bytes, 1), u32_at(bytes, 2), u32_at(bytes, 3));
        let sizes = [
            4 * queries,
            4 * (queries + 1),
            4 * judgments,
            8 * judgments,
            text_len,
        ];
        if HEAD + sizes.iter().sum::<usize>() != bytes.len() {
            return Err(NotQrelsBytes);
        }
        let mut rest = &bytes[HEAD..];
        let mut take = |n: usize| {
            let (a, b) = rest.split_at(n);
            rest = b;
            a
        };
        let t = QrelsBytes {
            qid_ends: take(sizes[0]),
            firsts: take(sizes[1]),
            docid_ends: take(sizes[2]),
            grades: take(sizes[3]),
            text: std::str::from_utf8(take(sizes[4])).map_err(|_| NotQrelsBytes)?,
            queries,
        };
        // Offsets ascending from `from` to `last`; in the text, each on a
        // character's boundary.
        let ordered = |ends: &[u8], from: usize, count: usize, last: usize, text: bool| {
            let mut at = from;
            (0..count).all(|i| {
                let end = u32_at(ends, i);
                let ok = at <= end && end <= last && (!text || t.text.is_char_boundary(end));
                at = end;
                ok
            }) && at == last
        };
        let qid_text = if queries == 0 {
            0
        } else {
            u32_at(t.qid_ends, queries - 1)
        };
        if !ordered(t.qid_ends, 0, queries, qid_text, true)
            || !ordered(t.docid_ends, qid_text, judgments, text_len, true)
            || u32_at(t.firsts, 0) != 0
            || !ordered(t.firsts, 0, queries + 1, judgments, false)
            || !(1..queries).all(|i| t.qid(i - 1) < t.qid(i))
        {
            return Err(NotQrelsBytes);
        }
        Ok(t)
    }

    #[cfg_attr(speed_marks, optimize(speed))]
    fn qid(&self, i: usize) -> &'b str {
        let start = if i == 0 {
            0
        } else {
            u32_at(self.qid_ends, i - 1)
        };
        &self.text[start..u32_at(self.qid_ends, i)]
    }

    #[cfg_attr(speed_marks, optimize(speed))]
    fn judgments(&self, i: usize) -> QueryQrels<'b> {
        let (from, to) = (u32_at(self.firsts, i), u32_at(self.firsts, i + 1));
        let mut start = if from == 0 {
            u32_at(self.qid_ends, self.queries - 1)
        } else {
            u32_at(self.docid_ends, from - 1)
        };
        let mut out = QueryQrels::default();
        out.reserve(to - from);
        for j in from..to {
            let end = u32_at(self.docid_ends, j);
            out.insert(&self.text[start..end], i64_at(self.grades, j));
            start = end;
        }
        out
    }

    /// The judged query ids, sorted bytewise.
    pub fn qids(&self) -> impl Iterator<Item = &'b str> + '_ {
        (0..self.queries).map(|i| self.qid(i))
    }

    /// The judgments of query `qid`, if the qrels judge it.
    #[cfg_attr(speed_marks, optimize(speed))]
    pub fn query(&self, qid: &str) -> Option<QueryQrels<'b>> {
        let (mut lo, mut hi) = (0, self.queries);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.qid(mid).as_bytes().cmp(qid.as_bytes()) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(self.judgments(mid)),
            }
        }
        None
    }

    /// Largest grade of the judgments (`None` without any), as
    /// [`EvalContext`](crate::measures::EvalContext) reads it off the qrels.
    pub fn max_grade(&self) -> Option<i64> {
        (0..self.grades.len() / 8)
            .map(|j| i64_at(self.grades, j))
            .max()
    }

    /// Every judgment, as parsed qrels without errors.
    pub fn to_qrels(&self) -> Qrels<'b> {
        Qrels {
            queries: (0..self.queries)
                .map(|i| (self.qid(i), self.judgments(i)))
                .collect(),
            errors: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trec::parse_qrels;
    use proptest::prelude::*;

    fn round_trip(text: &str) {
        let qrels = parse_qrels("q", text);
        let bytes = qrels_to_bytes(&qrels);
        let back = QrelsBytes::read(&bytes).expect("its own bytes");
        assert_eq!(back.to_qrels().queries, qrels.queries, "{text:?}");
        for (qid, judged) in &qrels.queries {
            assert_eq!(back.query(qid).as_ref(), Some(judged), "{qid}");
        }
        let max = qrels
            .queries
            .values()
            .flat_map(|q| q.values())
            .copied()
            .max();
        assert_eq!(back.max_grade(), max);
    }

    #[test]
    fn judgments_come_back_as_parsed() {
        round_trip("");
        round_trip("# only a comment\n");
        round_trip("301 0 d1 1\n301 0 d2 0\n302 0 d1 -1\n10 0 é 3\n9 0 x 9223372036854775807\n");
        // Ids that are prefixes of one another, a query over two places,
        // and a line with a problem (left out, as parsed).
        round_trip("a 0 d 1\nab 0 d 2\na 0 e 0\nb 0 d x\nab 0 dd -9223372036854775808\n");
    }

    /// The direct parse gives what parsing then writing gives: the same
    /// judgments and the same errors.
    fn direct(text: &str) {
        let parsed = parse_qrels("q", text);
        let (bytes, errors) = parse_qrels_to_bytes("q", text);
        assert_eq!(errors, parsed.errors, "{text:?}");
        let back = QrelsBytes::read(&bytes).expect("its own bytes");
        assert_eq!(back.to_qrels().queries, parsed.queries, "{text:?}");
    }

    #[test]
    fn parsed_straight_into_bytes_as_parsed_then_written() {
        direct("");
        direct("301 0 d1 1\n301 0 d2 0\n302 0 d1 -1\n10 0 é 3\n");
        // A repeat (its first grade kept, the error naming the first
        // line), a query over two places, a bad line between, a repeat
        // after the query came back.
        direct("a 0 d 1\nab 0 d 2\na 0 d 0\nb 0 d x\na 0 e 3\nab 0 d 1\na 0 e 2\n");
        // Errors of both kinds in input order.
        direct("q 0 d 1\nq 0 d 2\nq 0 e\nq 0 d 3\nr 0 d 1 extra\nq 0 f 1\n");
    }

    #[test]
    fn a_query_not_judged_is_none() {
        let qrels = parse_qrels("q", "b 0 d 1\nd 0 d 1\n");
        let bytes = qrels_to_bytes(&qrels);
        let t = QrelsBytes::read(&bytes).unwrap();
        for absent in ["", "a", "c", "e", "bb"] {
            assert_eq!(t.query(absent), None, "{absent}");
        }
        assert_eq!(t.query("d").unwrap()["d"], 1);
    }

    #[test]
    fn other_bytes_are_refused() {
        let qrels = parse_qrels("q", "301 0 d1 1\n301 0 é 2\n302 0 d1 1\n");
        let bytes = qrels_to_bytes(&qrels);
        assert!(QrelsBytes::read(&bytes[..bytes.len() - 1]).is_err());
        assert!(QrelsBytes::read(b"RLQ1").is_err());
        assert!(QrelsBytes::read(b"").is_err());
        let mut other = bytes.clone();
        other[0] = b'X';
        assert!(QrelsBytes::read(&other).is_err());
        // Every single byte changed: refused, or read into judgments that
        // may differ but never out of bounds (no panic).
        for i in HEAD..bytes.len() {
            for v in [0u8, 1, 0x80, 0xff] {
                let mut b = bytes.clone();
                b[i] = v;
                if let Ok(t) = QrelsBytes::read(&b) {
                    let _ = (t.to_qrels(), t.query("301"), t.max_grade());
                }
            }
        }
    }

    proptest! {
        #[test]
        fn any_qrels_round_trips(lines in proptest::collection::vec(
            ("[a-c]{0,3}", "[a-dé]{1,3}", -3i64..5), 0..40)
        ) {
            let text: String = lines
                .iter()
                .map(|(q, d, g)| format!("{q}x 0 {d} {g}\n"))
                .collect();
            round_trip(&text);
            direct(&text);
        }

        #[test]
        fn any_qrels_with_repeats_and_bad_lines_parse_straight_into_bytes(lines in proptest::collection::vec(
            ("[ab]{1,2}", "[a-c]{1,2}", "(-1|0|1|2|x)", proptest::bool::ANY), 0..60)
        ) {
            // Few ids, so repeats and queries coming back are common; some
            // lines have a fifth field or a grade that is not a number.
            let text: String = lines
                .iter()
                .map(|(q, d, g, extra)| format!("{q} 0 {d} {g}{}\n", if *extra { " z" } else { "" }))
                .collect();
            direct(&text);
        }
    }
}
