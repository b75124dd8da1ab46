//! A big qrels text parsed in pieces at once, one thread each, with the
//! result [`parse_qrels`] gives for the whole text.
//!
//! The text is cut after a line feed near each `1/parts` of its bytes.
//! Each piece is parsed alone, its lines numbered from 1 and then moved on
//! by the lines of the pieces before it. The pieces' judgments are put
//! together query by query. A docid judged in two pieces for one query is
//! a repeat that only the whole text can place (which line came first, and
//! what the later lines repeat): then the whole text is parsed again on
//! one thread, so the answer is always that of [`parse_qrels`].

use super::trec::{parse_qrels, Qrels};

/// Parses `text` (the qrels named `input`) in `parts` pieces, each on its
/// own thread (the first on the caller's; with one part no thread is
/// started, as on a target without threads): the same [`Qrels`] as
/// [`parse_qrels`], errors in input order included.
pub fn parse_qrels_in_parts<'a>(input: &str, text: &'a str, parts: usize) -> Qrels<'a> {
    let pieces = pieces(text, parts.max(1));
    if pieces.len() < 2 {
        return parse_qrels(input, text);
    }
    let parse = |piece: &'a str| {
        let lines = memchr::memchr_iter(b'\n', piece.as_bytes()).count();
        (parse_qrels(input, piece), lines)
    };
    let parsed: Vec<(Qrels<'a>, usize)> = std::thread::scope(|scope| {
        let others: Vec<_> = pieces[1..]
            .iter()
            .map(|&piece| scope.spawn(move || parse(piece)))
            .collect();
        std::iter::once(parse(pieces[0]))
            // A piece whose parse panicked panics here, as one parse would.
            .chain(
                others
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))),
            )
            .collect()
    });
    join(parsed).unwrap_or_else(|| parse_qrels(input, text))
}

/// Piece `index` of `count` of `text`, cut as [`parse_qrels_in_parts`]
/// cuts it (empty past the last piece when there are fewer), and the lines
/// before it: its lines are numbered from 1, that many lines on in `text`.
pub(crate) fn piece(text: &str, index: usize, count: usize) -> (&str, usize) {
    let all = pieces(text, count.max(1));
    let Some(&piece) = all.get(index) else {
        return ("", 0);
    };
    let before = piece.as_ptr() as usize - text.as_ptr() as usize;
    let lines = memchr::memchr_iter(b'\n', &text.as_bytes()[..before]).count();
    (piece, lines)
}

/// `text` cut after the first line feed at or past each `i/parts` of its
/// bytes (fewer pieces when lines are long or the text short).
fn pieces(text: &str, parts: usize) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(parts);
    let mut from = 0;
    for i in 1..parts {
        let at = (bytes.len() * i / parts).max(from);
        let Some(feed) = memchr::memchr(b'\n', &bytes[at..]) else {
            break;
        };
        let cut = at + feed + 1;
        if cut < bytes.len() {
            out.push(&text[from..cut]);
            from = cut;
        }
    }
    out.push(&text[from..]);
    out
}

/// The pieces' qrels (each with its count of lines) joined in order, or
/// `None` when a query judges one docid in two pieces.
fn join<'a>(parsed: Vec<(Qrels<'a>, usize)>) -> Option<Qrels<'a>> {
    let mut out = Qrels::default();
    let mut offset = 0;
    for (piece, lines) in parsed {
        for mut e in piece.errors {
            e.shift_lines(offset);
            out.errors.push(e);
        }
        for (qid, judged) in piece.queries {
            let into = out.queries.entry(qid).or_default();
            if into.is_empty() {
                *into = judged;
                continue;
            }
            if judged.keys().any(|d| into.contains_key(d)) {
                return None;
            }
            into.extend(judged);
        }
        offset += lines;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way of cutting `text` into 1 to 5 pieces gives what one
    /// parse of the whole text gives.
    fn same_as_whole(text: &str) {
        let whole = parse_qrels("q", text);
        for parts in 1..=5 {
            assert_eq!(
                parse_qrels_in_parts("q", text, parts),
                whole,
                "{parts} parts of {text:?}"
            );
        }
    }

    #[test]
    fn each_piece_is_found_alone_with_the_lines_before_it() {
        let text = "1 0 a 1\n1 0 b 0\n2 0 a 1\n2 0 c 2\n";
        for count in 1..=6 {
            let all = pieces(text, count);
            let mut lines = 0;
            for index in 0..count {
                let (p, before) = piece(text, index, count);
                assert_eq!(
                    p,
                    all.get(index).copied().unwrap_or(""),
                    "{index} of {count}"
                );
                if !p.is_empty() {
                    assert_eq!(before, lines, "{index} of {count}");
                }
                lines += p.matches('\n').count();
            }
        }
    }

    #[test]
    fn pieces_end_after_a_line_feed_and_cover_the_text() {
        let text = "1 0 a 1\n1 0 b 0\n2 0 a 1\n2 0 c 2\n";
        let p = pieces(text, 3);
        assert_eq!(p.concat(), text);
        assert!(p.len() > 1 && p[..p.len() - 1].iter().all(|s| s.ends_with('\n')));
        assert_eq!(pieces("1 0 a 1", 4), vec!["1 0 a 1"]);
    }

    #[test]
    fn a_query_cut_in_two_is_joined() {
        same_as_whole("1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 a 1\n2 0 d -1\n3 0 x 4\n");
    }

    #[test]
    fn errors_keep_their_lines_and_order_across_pieces() {
        let text = "1 0 a 1\n# note\n1 0 b x\n\n2 0 a\n2 0 c 2\n2 0 c 3\n3 0 d 1 9\n3 0 e 1\n";
        same_as_whole(text);
        let q = parse_qrels_in_parts("q", text, 3);
        let lines: Vec<usize> = q.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![3, 5, 7, 8]);
    }

    #[test]
    fn a_docid_judged_in_two_pieces_is_placed_by_the_whole_text() {
        // The repeat at line 5 repeats line 1, in another piece.
        let text = "1 0 a 1\n1 0 b 0\n2 0 a 1\n2 0 c 2\n1 0 a 0\n1 0 a 2\n";
        same_as_whole(text);
        let q = parse_qrels_in_parts("q", text, 3);
        assert_eq!(q.queries["1"]["a"], 1);
        assert_eq!(q.errors.len(), 2);
    }

    #[test]
    fn windows_line_endings_and_no_final_line_feed() {
        same_as_whole("1 0 a 1\r\n1 0 b 0\r\n2 0 a 1\r\n2 0 c 2");
    }
}
