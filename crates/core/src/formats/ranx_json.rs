//! ranx-style JSON qrels and runs: `{"q1": {"d1": 1.2, "d2": 0.4}, "q2": {...}}`.
//!
//! The outer object maps query ids to an inner object that maps document
//! ids to a number: an integer grade in qrels, a score in runs (ranx's
//! `Qrels.from_dict` / `Run.from_dict` shapes). Only this shape is read, so
//! the reader is a small hand-written scanner that keeps every id as a
//! slice of the input (no copies) and locates every problem by line and
//! column. Ids with escape sequences (`\"`, `\u00e9`) are refused with a
//! located error rather than silently altered.

use crate::error::{Expected, JsonPlace, ParseError};
use crate::formats::numbers::parse_score;
use crate::formats::trec::{Qrels, Run, RunEntry};

/// One `"doc": number` pair with where it was written.
#[derive(Debug, Clone, Copy)]
struct Pair<'a> {
    key: &'a str,
    number: &'a str,
    line: usize,
    column: usize,
}

/// Whether a JSON number is written as an integer (no fraction, no exponent).
fn is_integer(number: &str) -> bool {
    !number.contains(['.', 'e', 'E'])
}

/// Whether every number in a ranx-style JSON text is an integer (then it
/// reads as qrels; any fractional score makes it a run). `None` when the
/// text is not of the ranx shape.
pub fn json_is_qrels(text: &str) -> Option<bool> {
    let queries = scan("", text).ok()?;
    Some(
        queries
            .iter()
            .flat_map(|(_, pairs)| pairs)
            .all(|p| is_integer(p.number)),
    )
}

/// Parses ranx-style JSON qrels (values must be integers).
pub fn parse_json_qrels<'a>(input: &str, text: &'a str) -> Qrels<'a> {
    let mut out = Qrels::default();
    let Some(queries) = scan_into(input, text, &mut out.errors) else {
        return out;
    };
    for (qid, pairs) in queries {
        let judgments = out.queries.entry(qid).or_default();
        for p in pairs {
            match p.number.parse::<i64>() {
                Ok(g) => {
                    judgments.insert(p.key, g);
                }
                Err(_) => out.errors.push(ParseError::new(
                    input,
                    p.line,
                    p.column,
                    Expected::IntegerGrade,
                    p.number,
                )),
            }
        }
    }
    out
}

/// Parses a ranx-style JSON run. The document's position in its query
/// object becomes the rank column; `line` is where its key was written.
pub fn parse_json_run<'a>(input: &str, text: &'a str) -> Run<'a> {
    let mut out = Run {
        input: input.to_string(),
        ..Run::default()
    };
    let Some(queries) = scan_into(input, text, &mut out.errors) else {
        return out;
    };
    for (qid, pairs) in queries {
        let entries = out.queries.entry(qid).or_insert_with(|| {
            out.query_order.push(qid);
            Vec::new()
        });
        for (i, p) in pairs.iter().enumerate() {
            match parse_score(p.number) {
                Some(score) => entries.push(RunEntry {
                    docid: p.key,
                    rank: i as i64 + 1,
                    score,
                    line: p.line,
                }),
                None => out.errors.push(ParseError::new(
                    input,
                    p.line,
                    p.column,
                    Expected::NumericScore,
                    p.number,
                )),
            }
        }
    }
    out
}

type Scanned<'a> = Vec<(&'a str, Vec<Pair<'a>>)>;

/// [`scan`], its error (if any) added to `errors`.
fn scan_into<'a>(input: &str, text: &'a str, errors: &mut Vec<ParseError>) -> Option<Scanned<'a>> {
    scan(input, text).map_err(|e| errors.push(e)).ok()
}

/// Reads the two-level object. Repeated keys are errors at their second use.
fn scan<'a>(input: &str, text: &'a str) -> Result<Scanned<'a>, ParseError> {
    let mut s = Scanner {
        input,
        text,
        pos: 0,
    };
    let mut out: Scanned<'a> = Vec::new();
    s.expect(b'{', JsonPlace::QueriesObject)?;
    if s.peek() == Some(b'}') {
        s.pos += 1;
        return s.end().map(|_| out);
    }
    loop {
        let (qline, qcol) = s.location();
        let qid = s.string(JsonPlace::QueryId)?;
        if out.iter().any(|(q, _)| *q == qid) {
            return Err(s.error_at(qline, qcol, JsonPlace::QueryIdOnce, qid));
        }
        s.expect(b':', JsonPlace::ColonAfterQuery)?;
        s.expect(b'{', JsonPlace::QueryDocuments)?;
        let mut pairs: Vec<Pair<'a>> = Vec::new();
        if s.peek() == Some(b'}') {
            s.pos += 1;
        } else {
            loop {
                let (line, column) = s.location();
                let key = s.string(JsonPlace::DocumentId)?;
                if pairs.iter().any(|p| p.key == key) {
                    return Err(s.error_at(
                        line,
                        column,
                        JsonPlace::DocumentIdOnce {
                            qid: qid.to_string(),
                        },
                        key,
                    ));
                }
                s.expect(b':', JsonPlace::ColonAfterDocument)?;
                let (nline, ncol) = s.location();
                let number = s.number()?;
                pairs.push(Pair {
                    key,
                    number,
                    line: nline,
                    column: ncol,
                });
                if s.separator(b'}', JsonPlace::AfterNumber)? {
                    break;
                }
            }
        }
        out.push((qid, pairs));
        if s.separator(b'}', JsonPlace::AfterDocuments)? {
            break;
        }
    }
    s.end().map(|_| out)
}

struct Scanner<'s, 'a> {
    input: &'s str,
    text: &'a str,
    pos: usize,
}

impl<'a> Scanner<'_, 'a> {
    fn skip_ws(&mut self) {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && matches!(bytes[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.as_bytes().get(self.pos).copied()
    }

    /// 1-based line and column (in characters) of the next non-blank byte;
    /// at the end of the text, just after its last non-blank character (a
    /// place on a line the text has, not on the empty line after its final
    /// newline; found by fuzzing).
    fn location(&mut self) -> (usize, usize) {
        self.skip_ws();
        let at = if self.pos >= self.text.len() {
            self.text.trim_end().len()
        } else {
            self.pos
        };
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    fn error_at(&self, line: usize, column: usize, place: JsonPlace, found: &str) -> ParseError {
        ParseError::new(self.input, line, column, Expected::Json(place), found)
    }

    fn error(&mut self, expected: JsonPlace) -> ParseError {
        let (line, column) = self.location();
        let found: String = self.text[self.pos..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(20)
            .collect();
        self.error_at(line, column, expected, &found)
    }

    fn expect(&mut self, byte: u8, expected: JsonPlace) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// After an item: `,` (more follow, returns false) or `close` (done, true).
    fn separator(&mut self, close: u8, expected: JsonPlace) -> Result<bool, ParseError> {
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                Ok(false)
            }
            Some(b) if b == close => {
                self.pos += 1;
                Ok(true)
            }
            _ => Err(self.error(expected)),
        }
    }

    fn string(&mut self, expected: JsonPlace) -> Result<&'a str, ParseError> {
        if self.peek() != Some(b'"') {
            return Err(self.error(expected));
        }
        let start = self.pos + 1;
        let rest = &self.text[start..];
        match rest.find(['"', '\\', '\n']) {
            Some(i) if rest.as_bytes()[i] == b'"' => {
                self.pos = start + i + 1;
                Ok(&rest[..i])
            }
            Some(i) if rest.as_bytes()[i] == b'\\' => {
                self.pos = start + i;
                Err(self.error(JsonPlace::NoEscapes))
            }
            _ => Err(self.error(JsonPlace::ClosingQuote)),
        }
    }

    fn number(&mut self) -> Result<&'a str, ParseError> {
        self.skip_ws();
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E')))
            .unwrap_or(rest.len());
        let number = &rest[..len];
        if number.is_empty() || parse_score(number).is_none() {
            return Err(self.error(JsonPlace::Number));
        }
        self.pos += len;
        Ok(number)
    }

    fn end(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error(JsonPlace::EndAfterBrace)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_qrels_and_runs_of_the_ranx_shape() {
        let q = parse_json_qrels(
            "q.json",
            "{\"q1\": {\"d1\": 1, \"d2\": 0},\n \"q2\": {\"d9\": 2}}",
        );
        assert!(q.errors.is_empty(), "{:?}", q.errors);
        assert_eq!(q.queries["q1"]["d1"], 1);
        assert_eq!(q.queries["q2"]["d9"], 2);
        assert_eq!(json_is_qrels("{\"q\": {\"a\": 1, \"b\": 2}}"), Some(true));
        assert_eq!(json_is_qrels("{\"q\": {\"a\": 1.5}}"), Some(false));
        assert_eq!(json_is_qrels("q 0 a 1"), None);

        let r = parse_json_run(
            "r.json",
            "{\"q1\": {\"d1\": 1.5, \"d2\": -2e-1}, \"q2\": {}}",
        );
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.query_order, ["q1", "q2"]);
        let e = &r.queries["q1"];
        assert_eq!((e[1].docid, e[1].rank, e[1].score), ("d2", 2, -0.2));
    }

    #[test]
    fn problems_are_located() {
        let r = parse_json_run("r.json", "{\"q1\": {\"d1\": 1.5,\n   \"d2\": \"x\"}}");
        let e = &r.errors[0];
        assert_eq!((e.line, e.column), (2, 10), "{e}");
        assert!(e.expected.to_string().starts_with("a number"), "{e}");

        let q = parse_json_qrels("q.json", "{\"q1\": {\"d1\": 1.5}}");
        assert_eq!((q.errors[0].line, q.errors[0].column), (1, 15));

        let dup = parse_json_qrels("q.json", "{\"q1\": {\"d1\": 1, \"d1\": 2}}");
        assert_eq!(dup.errors[0].column, 18, "{}", dup.errors[0]);
        let esc = parse_json_qrels("q.json", "{\"q\\u0031\": {}}");
        assert_eq!(esc.errors[0].column, 4, "{}", esc.errors[0]);
        let trailing = parse_json_qrels("q.json", "{}\n x");
        assert_eq!((trailing.errors[0].line, trailing.errors[0].column), (2, 2));
        let unclosed = parse_json_qrels("q.json", "{\"q1\": {\"d1\": 1}");
        assert!(unclosed.errors[0].expected.to_string().contains('}'));
    }

    #[test]
    fn the_end_of_the_text_is_located_on_its_last_line() {
        // Found by fuzzing: an object cut short before a final newline was
        // located on line 2 of a one-line text.
        let r = parse_json_run("r.json", "{\"q1\": {\"d1\": 1 , \"d2\":\n");
        assert_eq!(r.errors.len(), 1);
        assert_eq!((r.errors[0].line, r.errors[0].column), (1, 24));
    }

    #[test]
    fn an_overflowing_score_is_infinite_as_the_peers_read_it() {
        // Found by fuzzing: 11e111111 is beyond f64. trec_eval's atof,
        // Python's json (ranx) and Rust all read it as +inf, which orders
        // above every finite score; NaN alone is refused.
        let r = parse_json_run("r.json", "{\"q1\": {\"d1\": 11e111111, \"d2\": 5}}");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let d1 = r.queries["q1"].iter().find(|e| e.docid == "d1").unwrap();
        assert_eq!(d1.score, f64::INFINITY);
    }
}
