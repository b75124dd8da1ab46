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

use super::trec::{Qrels, QueryQrels};

const MAGIC: &[u8; 4] = b"RLQ1";
const HEAD: usize = 16;

/// The judgments of `qrels` as bytes (its errors are left out).
///
/// # Panics
///
/// If the judgments' text passes 4 GiB (a qrels read whole is at most
/// 192 MB).
#[cfg_attr(speed_marks, optimize(speed))]
pub fn qrels_to_bytes(qrels: &Qrels<'_>) -> Vec<u8> {
    let mut qids: Vec<&str> = qrels.queries.keys().copied().collect();
    qids.sort_unstable();
    let judgments: usize = qrels.queries.values().map(|q| q.len()).sum();
    let qid_text: usize = qids.iter().map(|q| q.len()).sum();
    let doc_text: usize = qrels
        .queries
        .values()
        .flat_map(|q| q.keys())
        .map(|d| d.len())
        .sum();
    let n = |x: usize| u32::try_from(x).expect("qrels beyond 4 GiB are not read whole");
    // Each part's place, then every value written at its place (one
    // allocation, no growing).
    let firsts_at = HEAD + 4 * qids.len();
    let docid_ends_at = firsts_at + 4 * (qids.len() + 1);
    let grades_at = docid_ends_at + 4 * judgments;
    let text_at = grades_at + 8 * judgments;
    let mut out = vec![0; text_at + qid_text + doc_text];
    let put = |out: &mut [u8], at: usize, x: usize| {
        out[at..at + 4].copy_from_slice(&n(x).to_le_bytes());
    };
    out[..4].copy_from_slice(MAGIC);
    put(&mut out, 4, qids.len());
    put(&mut out, 8, judgments);
    put(&mut out, 12, qid_text + doc_text);
    let (mut text, mut judgment) = (0, 0);
    for (i, q) in qids.iter().enumerate() {
        out[text_at + text..text_at + text + q.len()].copy_from_slice(q.as_bytes());
        text += q.len();
        put(&mut out, HEAD + 4 * i, text);
    }
    for (i, q) in qids.iter().enumerate() {
        for (d, g) in &qrels.queries[q] {
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

/// Why bytes are not judgments written by [`qrels_to_bytes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotQrelsBytes;

/// Judgments read from the bytes [`qrels_to_bytes`] wrote, borrowing them.
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
        }
    }
}
