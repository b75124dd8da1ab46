//! Every qrels and run format the core reads, told apart by content.
//!
//! | format                       | recognised by                                  |
//! |------------------------------|------------------------------------------------|
//! | TREC (`qrels`, `run`)        | 4 fields (qrels) or 6+ fields (run) per line    |
//! | TREC judgment groups         | qrels judging a docid once in each of 2+ groups |
//! | TREC preferences (`prefs`)   | 5 fields per line                               |
//! | ranx-style JSON              | the text starts with `{`                        |
//! | TSV / CSV with a header      | the first line names known columns              |
//!
//! A JSON text is qrels when every number in it is an integer and a run
//! when any is fractional; when it does not parse, the file name decides
//! (`qrel` in it means qrels), so the located parse error is still shown.

use crate::formats::ranx_json::{json_is_qrels, parse_json_qrels, parse_json_run};
use crate::formats::table_text::{parse_table_qrels, parse_table_run, table_header};
use crate::formats::trec::{classify_trec, parse_qrels, parse_run, Qrels, Run, TrecKind};

/// How a text is written.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// Whitespace-separated TREC columns.
    Trec,
    /// ranx-style JSON (`{"q1": {"d1": 1.2}}`).
    RanxJson,
    /// TSV or CSV with a header line.
    Table,
}

/// What a text holds.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InputRole {
    /// Relevance judgments.
    Qrels,
    /// A system's ranked results.
    Run,
    /// Judgment groups (trec_eval's `qrels_jg`): qrels whose second field
    /// names the group (assessor) that judged the line.
    JudgmentGroups,
    /// Preference judgments (trec_eval's `prefs`).
    Preferences,
}

impl InputRole {
    /// Judgments of some kind (not a run).
    pub fn is_judgments(self) -> bool {
        self != InputRole::Run
    }
}

/// Format and role of a text.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InputKind {
    /// How it is written.
    pub format: InputFormat,
    /// What it holds.
    pub role: InputRole,
}

impl InputKind {
    /// A short label such as `TREC run` or `JSON qrels`.
    pub fn label(&self) -> &'static str {
        match (self.format, self.role) {
            (InputFormat::Trec, InputRole::Qrels) => "TREC qrels",
            (InputFormat::Trec, InputRole::Run) => "TREC run",
            (InputFormat::RanxJson, InputRole::Qrels) => "JSON qrels",
            (InputFormat::RanxJson, InputRole::Run) => "JSON run",
            (InputFormat::Table, InputRole::Qrels) => "table qrels",
            (InputFormat::Table, InputRole::Run) => "table run",
            (_, InputRole::JudgmentGroups) => "TREC judgment groups",
            (_, InputRole::Preferences) => "TREC preferences",
        }
    }
}

/// How much of a text is searched for signs of binary data.
pub const BINARY_SNIFF_BYTES: usize = 64 << 10;

/// Where a text shows that it is not text at all: the 1-based line and
/// column (in characters) of its first NUL character within its first
/// [`BINARY_SNIFF_BYTES`]. No qrels or run format has NUL characters, and
/// executables, images, archives and UTF-16 files all do near their start,
/// so one message about the file is better than an error for every line.
pub fn binary_at(text: &str) -> Option<(usize, usize)> {
    let mut end = text.len().min(BINARY_SNIFF_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    let at = head.find('\0')?;
    let before = &head[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Some((line, before[line_start..].chars().count() + 1))
}

/// Recognises a text (see the module table); `None` when it is none of them
/// (binary data included, see [`binary_at`]).
pub fn classify_input(name: &str, text: &str) -> Option<InputKind> {
    let kind = |format, role| Some(InputKind { format, role });
    if binary_at(text).is_some() {
        return None;
    }
    if text.trim_start().starts_with('{') {
        let qrels =
            json_is_qrels(text).unwrap_or_else(|| name.to_ascii_lowercase().contains("qrel"));
        let role = if qrels {
            InputRole::Qrels
        } else {
            InputRole::Run
        };
        return kind(InputFormat::RanxJson, role);
    }
    if let Some(h) = table_header(text) {
        if h.is_qrels() {
            return kind(InputFormat::Table, InputRole::Qrels);
        }
        if h.is_run() {
            return kind(InputFormat::Table, InputRole::Run);
        }
    }
    match classify_trec(text)? {
        TrecKind::Qrels if crate::formats::qrels_jg::has_judgment_groups(text) => {
            kind(InputFormat::Trec, InputRole::JudgmentGroups)
        }
        TrecKind::Qrels => kind(InputFormat::Trec, InputRole::Qrels),
        TrecKind::Run => kind(InputFormat::Trec, InputRole::Run),
        TrecKind::Preferences => kind(InputFormat::Trec, InputRole::Preferences),
    }
}

/// When a text typed or pasted as rankings is in fact TREC qrels or a TREC
/// run (every line reads as one, and none as a quick-format query line
/// `id: grades`), what it is; `None` otherwise. The page then offers to load
/// it as a file instead of listing every line as a bad grade.
pub fn trec_text_kind(text: &str) -> Option<InputKind> {
    let kind = classify_input("pasted", text)?;
    if kind.format != InputFormat::Trec {
        return None;
    }
    let quick_like = text
        .lines()
        .filter(|l| !crate::formats::trec::is_skipped_line(l))
        .any(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|f| f.ends_with(':'))
        });
    let clean = match kind.role {
        InputRole::Qrels => parse_qrels_as(kind.format, "pasted", text)
            .errors
            .is_empty(),
        InputRole::Run => parse_run_as(kind.format, "pasted", text).errors.is_empty(),
        InputRole::JudgmentGroups => crate::formats::qrels_jg::parse_qrels_jg("pasted", text)
            .errors
            .is_empty(),
        InputRole::Preferences => crate::formats::preferences::parse_prefs("pasted", text)
            .errors
            .is_empty(),
    };
    (clean && !quick_like).then_some(kind)
}

/// Parses qrels written in `format`.
pub fn parse_qrels_as<'a>(format: InputFormat, input: &str, text: &'a str) -> Qrels<'a> {
    match format {
        InputFormat::Trec => parse_qrels(input, text),
        InputFormat::RanxJson => parse_json_qrels(input, text),
        InputFormat::Table => parse_table_qrels(input, text),
    }
}

/// Parses a run written in `format`.
pub fn parse_run_as<'a>(format: InputFormat, input: &str, text: &'a str) -> Run<'a> {
    match format {
        InputFormat::Trec => parse_run(input, text),
        InputFormat::RanxJson => parse_json_run(input, text),
        InputFormat::Table => parse_table_run(input, text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trec_lines_typed_as_rankings_are_recognised() {
        let run = trec_text_kind("301 Q0 d1 1 2.5 tag\n301 Q0 d2 2 1.5 tag\n").unwrap();
        assert_eq!(run.label(), "TREC run");
        let qrels = trec_text_kind("301 0 d1 1\n301 0 d2 0\n").unwrap();
        assert_eq!(qrels.label(), "TREC qrels");
        // Quick-format lines are not (even with four fields), nor a broken TREC text.
        assert_eq!(trec_text_kind("q1: 1 0 x 1\n"), None);
        assert_eq!(trec_text_kind("[A]\nq1: 1 0 1\n"), None);
        assert_eq!(trec_text_kind("301 0 d1 x\n"), None);
    }

    #[test]
    fn every_format_is_recognised() {
        let k = |n: &str, t: &str| classify_input(n, t).map(|k| k.label());
        assert_eq!(k("a", "q 0 d 1\n"), Some("TREC qrels"));
        assert_eq!(k("a", "q Q0 d 1 2.5 t\n"), Some("TREC run"));
        assert_eq!(k("a", "{\"q\": {\"d\": 1}}"), Some("JSON qrels"));
        assert_eq!(k("a", " {\"q\": {\"d\": 0.5}}"), Some("JSON run"));
        assert_eq!(k("my-qrels.json", "{\"q\": "), Some("JSON qrels"));
        assert_eq!(k("run.json", "{\"q\": "), Some("JSON run"));
        assert_eq!(k("a", "qid,docid,rel\n"), Some("table qrels"));
        assert_eq!(k("a", "qid\tdocid\tscore\n"), Some("table run"));
        assert_eq!(k("a", "q a s d 2\n"), Some("TREC preferences"));
        assert_eq!(k("a", "q a d 1\nq b d 0\n"), Some("TREC judgment groups"));
        assert_eq!(k("a", "hello world\n"), None);
    }

    #[test]
    fn binary_data_is_recognised_at_its_first_nul() {
        // The start of an ELF executable: no format at all, however its
        // bytes happen to split into fields.
        let elf = "\u{7f}ELF\u{2}\u{1}\u{1}\0\0\0\0 q Q0 d 1 2 t\n";
        assert_eq!(binary_at(elf), Some((1, 8)));
        assert_eq!(classify_input("a.out", elf), None);
        assert_eq!(binary_at("q 0 d 1\nq 0 é\0x 1\n"), Some((2, 6)));
        assert_eq!(binary_at("q Q0 d 1 2.5 t\n"), None);
        // Only the first 64 KiB are searched.
        let late = "q 0 d 1\n".repeat(BINARY_SNIFF_BYTES / 8 + 1) + "\0";
        assert_eq!(binary_at(&late), None);
    }
}
