//! Every qrels and run format the core reads, told apart by content.
//!
//! | format                       | recognised by                                  |
//! |------------------------------|------------------------------------------------|
//! | TREC (`qrels`, `run`)        | 4 fields (qrels) or 6+ fields (run) per line    |
//! | ranx-style JSON              | the text starts with `{`                        |
//! | TSV / CSV with a header      | the first line names known columns              |
//!
//! A JSON text is qrels when every number in it is an integer and a run
//! when any is fractional; when it does not parse, the file name decides
//! (`qrel` in it means qrels), so the located parse error is still shown.

use crate::ranx_json::{json_is_qrels, parse_json_qrels, parse_json_run};
use crate::table_text::{parse_table_qrels, parse_table_run, table_header};
use crate::trec::{classify_trec, parse_qrels, parse_run, Qrels, Run, TrecKind};

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
        }
    }
}

/// Recognises a text (see the module table); `None` when it is none of them.
pub fn classify_input(name: &str, text: &str) -> Option<InputKind> {
    let kind = |format, role| Some(InputKind { format, role });
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
        TrecKind::Qrels => kind(InputFormat::Trec, InputRole::Qrels),
        TrecKind::Run => kind(InputFormat::Trec, InputRole::Run),
    }
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
        assert_eq!(k("a", "hello world\n"), None);
    }
}
