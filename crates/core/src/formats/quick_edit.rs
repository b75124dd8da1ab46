//! Writing the quick format, and edits of a quick text that touch only the
//! lines they change.
//!
//! A form editor works on [`QuickInput`] but the text stays the single
//! source of truth: each edit here rewrites the smallest set of lines
//! (one query line, one header, one system's block), so comments, blank
//! lines and the user's spelling of untouched lines survive. A rewritten
//! query line keeps its trailing `# comment`.

use std::ops::Range;

use crate::formats::quick::{QuickInput, QuickSystem};
use crate::judged::Rel;

/// Shortest run of one token written as `TOKEN*COUNT`.
pub const REPEAT_FROM: usize = 4;

/// The token of one retrieved document: its grade, `?` for a document
/// absent from the judgments, `-1` for one in the pool but unjudged.
pub fn format_rel(rel: Rel) -> String {
    match rel {
        Rel::Judged(g) => g.to_string(),
        Rel::Unjudged => "-1".to_string(),
        Rel::NotInPool => "?".to_string(),
    }
}

fn push_runs(tokens: &mut Vec<String>, items: impl IntoIterator<Item = String>) {
    let mut last: Option<(String, usize)> = None;
    let flush = |tokens: &mut Vec<String>, run: Option<(String, usize)>| {
        if let Some((t, n)) = run {
            if n >= REPEAT_FROM {
                tokens.push(format!("{t}*{n}"));
            } else {
                tokens.extend(std::iter::repeat_n(t, n));
            }
        }
    };
    for item in items {
        match &mut last {
            Some((t, n)) if *t == item => *n += 1,
            _ => {
                let done = last.take();
                flush(tokens, done);
                last = Some((item, 1));
            }
        }
    }
    flush(tokens, last);
}

/// The grades of one query line: retrieved tokens, then `|` and the grades
/// of relevant documents not retrieved (runs of [`REPEAT_FROM`] or more
/// equal tokens as `TOKEN*COUNT`).
pub fn format_grades(retrieved: &[Rel], unretrieved: &[i64]) -> String {
    let mut tokens = Vec::new();
    push_runs(&mut tokens, retrieved.iter().map(|&r| format_rel(r)));
    if !unretrieved.is_empty() {
        tokens.push("|".to_string());
        push_runs(&mut tokens, unretrieved.iter().map(|g| g.to_string()));
    }
    tokens.join(" ")
}

/// A whole query line: `id: grades`.
pub fn format_query_line(id: &str, retrieved: &[Rel], unretrieved: &[i64]) -> String {
    let grades = format_grades(retrieved, unretrieved);
    if grades.is_empty() {
        format!("{id}:")
    } else {
        format!("{id}: {grades}")
    }
}

/// Checks a system name for a `[name]` header.
pub fn check_system_name(name: &str) -> Result<(), String> {
    let t = name.trim();
    if t.is_empty() {
        Err("a system name cannot be empty".into())
    } else if t.contains(['[', ']', '#']) || t.contains('\n') {
        Err("a system name cannot contain `[`, `]` or `#`".into())
    } else {
        Ok(())
    }
}

/// Checks a query id for a `id:` label.
pub fn check_query_id(id: &str) -> Result<(), String> {
    if id.is_empty() {
        Err("a query id cannot be empty".into())
    } else if id.contains(|c: char| c.is_whitespace() || matches!(c, ':' | '#' | '|' | '[')) {
        Err("a query id cannot contain spaces, `:`, `#`, `|` or `[`".into())
    } else {
        Ok(())
    }
}

fn lines(text: &str) -> Vec<&str> {
    text.split('\n').collect()
}

/// Replaces 1-based line `line` by `content`, keeping the old line's
/// trailing `# comment` (when the old line had text before it).
pub fn replace_line(text: &str, line: usize, content: &str) -> String {
    let mut ls: Vec<String> = lines(text).into_iter().map(str::to_string).collect();
    if line == 0 || line > ls.len() {
        return text.to_string();
    }
    let old = &ls[line - 1];
    let comment = old
        .find('#')
        .filter(|&b| !old[..b].trim().is_empty())
        .map(|b| old[b..].trim_end_matches('\r').to_string());
    ls[line - 1] = match comment {
        Some(c) => format!("{content}  {c}"),
        None => content.to_string(),
    };
    ls.join("\n")
}

/// Inserts `content` (one or more lines) after 1-based line `after`
/// (0 = at the top).
pub fn insert_after(text: &str, after: usize, content: &str) -> String {
    let mut ls = lines(text);
    if text.is_empty() {
        ls.clear();
    }
    let at = after.min(ls.len());
    ls.insert(at, content);
    ls.join("\n")
}

/// Removes the 1-based, end-exclusive line range.
pub fn remove_lines(text: &str, range: Range<usize>) -> String {
    let ls = lines(text);
    ls.iter()
        .enumerate()
        .filter(|(i, _)| !range.contains(&(i + 1)))
        .map(|(_, l)| *l)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines of system `index`: from its header (or line 1) to the line
/// before the next system's header (or the end), end-exclusive.
pub fn system_lines(input: &QuickInput, text: &str, index: usize) -> Range<usize> {
    let s = &input.systems[index];
    let start = s.header_line.unwrap_or(1);
    let end = input
        .systems
        .get(index + 1)
        .and_then(|n| n.header_line)
        .unwrap_or(lines(text).len() + 1);
    start..end
}

/// Last line that belongs to the system's content: its last query line,
/// else its header, else 0.
fn last_content_line(s: &QuickSystem) -> usize {
    s.queries
        .iter()
        .map(|q| q.line)
        .max()
        .or(s.header_line)
        .unwrap_or(0)
}

/// Adds a query line at the end of system `index`.
pub fn add_query(input: &QuickInput, text: &str, index: usize, line: &str) -> String {
    if input.systems.is_empty() {
        return insert_after(text, lines(text).len(), line);
    }
    insert_after(text, last_content_line(&input.systems[index]), line)
}

/// Renames system `index` (a headerless first system gets a header).
pub fn rename_system(input: &QuickInput, text: &str, index: usize, name: &str) -> String {
    let header = format!("[{}]", name.trim());
    match input.systems[index].header_line {
        Some(line) => replace_line(text, line, &header),
        None => insert_after(text, 0, &header),
    }
}

/// The block of lines that writes a system afresh under `name`.
pub fn format_system(system: &QuickSystem, name: &str) -> String {
    let mut out = vec![format!("[{}]", name.trim())];
    out.extend(
        system
            .queries
            .iter()
            .map(|q| format_query_line(&q.id, &q.retrieved, &q.unretrieved)),
    );
    out.join("\n")
}

/// Appends a system block at the end of the text, after a blank line.
pub fn append_block(text: &str, block: &str) -> String {
    let body = text.trim_end_matches(['\n', '\r', ' ', '\t']);
    if body.is_empty() {
        format!("{block}\n")
    } else {
        format!("{body}\n\n{block}\n")
    }
}

/// Removes system `index` and all its lines.
pub fn delete_system(input: &QuickInput, text: &str, index: usize) -> String {
    remove_lines(text, system_lines(input, text, index))
}

/// A name based on `base` that no system has yet (`base`, `base 2`, ...).
pub fn unused_system_name(input: &QuickInput, base: &str) -> String {
    (1..)
        .map(|i| {
            if i == 1 {
                base.to_string()
            } else {
                format!("{base} {i}")
            }
        })
        .find(|n| !input.systems.iter().any(|s| &s.name == n))
        .expect("an unused name exists")
}

/// A query id that system `index` does not use yet (`q1`, `q2`, ...).
pub fn unused_query_id(input: &QuickInput, index: usize) -> String {
    let used: Vec<&str> = input
        .systems
        .get(index)
        .map(|s| s.queries.iter().map(|q| q.id.as_str()).collect())
        .unwrap_or_default();
    (1..)
        .map(|i| format!("q{i}"))
        .find(|n| !used.contains(&n.as_str()))
        .expect("an unused id exists")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::quick::parse_quick;

    #[test]
    fn query_lines_are_written_compactly() {
        let r = [Rel::Judged(0); 5]
            .into_iter()
            .chain([Rel::Judged(3), Rel::NotInPool, Rel::Unjudged])
            .collect::<Vec<_>>();
        assert_eq!(format_query_line("q1", &r, &[2, 2]), "q1: 0*5 3 ? -1 | 2 2");
        assert_eq!(format_query_line("q2", &[], &[]), "q2:");
    }

    #[test]
    fn written_lines_parse_back_to_the_same_query() {
        let text = "x: 3 N*9 ? -2 R | 1 1 1 1 1\n";
        let q = &parse_quick("t", text).systems[0].queries[0];
        let again = format_query_line(&q.id, &q.retrieved, &q.unretrieved);
        let back = &parse_quick("t", &again).systems[0].queries[0];
        assert_eq!(
            (&back.retrieved, &back.unretrieved),
            (&q.retrieved, &q.unretrieved)
        );
    }

    #[test]
    fn edits_touch_only_their_lines() {
        let text = "# my notes\nq1: 1 0  # first\nq2: 0\n\n[B]\nq1: 1\n";
        let input = parse_quick("t", text);
        let t = replace_line(text, 2, "q1: 0 1");
        assert_eq!(t, "# my notes\nq1: 0 1  # first\nq2: 0\n\n[B]\nq1: 1\n");
        let t = add_query(&input, text, 0, "q3: 2");
        assert_eq!(
            t,
            "# my notes\nq1: 1 0  # first\nq2: 0\nq3: 2\n\n[B]\nq1: 1\n"
        );
        let t = rename_system(&input, text, 0, "BM25");
        assert!(t.starts_with("[BM25]\n# my notes\n"));
        let t = rename_system(&input, text, 1, "C");
        assert!(t.ends_with("[C]\nq1: 1\n"));
        assert_eq!(system_lines(&input, text, 0), 1..5);
        assert_eq!(system_lines(&input, text, 1), 5..8);
        assert_eq!(
            delete_system(&input, text, 1),
            "# my notes\nq1: 1 0  # first\nq2: 0\n"
        );
        let dup = append_block(text, &format_system(&input.systems[1], "B 2"));
        assert!(dup.ends_with("[B]\nq1: 1\n\n[B 2]\nq1: 1\n"), "{dup}");
        assert_eq!(unused_system_name(&input, "B"), "B 2");
        assert_eq!(unused_query_id(&input, 0), "q3");
        assert_eq!(insert_after("", 0, "[A]"), "[A]");
    }

    #[test]
    fn names_and_ids_are_checked() {
        assert!(check_system_name("BM25 + RM3").is_ok());
        assert!(check_system_name(" ").is_err());
        assert!(check_system_name("a]b").is_err());
        assert!(check_query_id("q-1").is_ok());
        assert!(check_query_id("q 1").is_err());
        assert!(check_query_id("q:1").is_err());
    }
}
