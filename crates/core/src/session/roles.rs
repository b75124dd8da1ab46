//! What each loaded file holds (told apart by content), which take part,
//! and the problems of the files as a whole (binary, unknown, a second
//! qrels, grades above the scale).

use crate::error::Expected;
use crate::error::ParseError;
use crate::formats::inputs::{classify_input, InputKind, InputRole};

use super::files::LoadedFile;
use super::results::{FileInfo, SourceResults};
use super::warning::Warning;
use super::EvalOptions;

/// The loaded files by what they hold, told apart by content.
pub struct FileRoles<'f> {
    /// Each file's format and role, in load order (`None`: not recognised).
    pub kinds: Vec<Option<InputKind>>,
    /// The first judgments file (qrels, preferences or judgment groups):
    /// the one runs are evaluated against.
    pub judgments: Option<(&'f LoadedFile, InputKind)>,
    /// [`FileRoles::judgments`] when they are plain qrels (which the
    /// measures of plain qrels read).
    pub qrels: Option<(&'f LoadedFile, InputKind)>,
    /// The runs, in load order.
    pub runs: Vec<(&'f LoadedFile, InputKind)>,
}

impl<'f> FileRoles<'f> {
    /// The judgments file whose table of trec_eval's preference or
    /// judgment-group measures is shown, and how it is read: preferences
    /// or judgment groups (told apart by content), or plain TREC qrels
    /// when the options read them as preferences too.
    pub fn judgment_table(
        &self,
        options: &EvalOptions,
    ) -> Option<(&'f LoadedFile, super::JudgmentReading)> {
        let (f, kind) = self.judgments?;
        match super::JudgmentReading::of(kind.role) {
            Some(reading) => Some((f, reading)),
            None if options.qrels_as_preferences
                && kind.format == crate::formats::inputs::InputFormat::Trec =>
            {
                Some((f, super::JudgmentReading::QrelsAsPreferences))
            }
            None => None,
        }
    }
}

/// Classifies the loaded files.
pub fn file_roles(files: &[LoadedFile]) -> FileRoles<'_> {
    let kinds: Vec<Option<InputKind>> = files
        .iter()
        .map(|f| classify_input(&f.name, &f.text).or_else(|| no_data_lines(&f.text)))
        .collect();
    let with_kind = || {
        files
            .iter()
            .zip(&kinds)
            .filter_map(|(f, k)| k.map(|k| (f, k)))
    };
    let judgments = with_kind().find(|(_, k)| k.role.is_judgments());
    FileRoles {
        judgments,
        qrels: judgments.filter(|(_, k)| k.role == InputRole::Qrels),
        runs: with_kind()
            .filter(|(_, k)| k.role == InputRole::Run)
            .collect(),
        kinds,
    }
}

/// A file without data lines (empty, or blank and comment lines only): a
/// TREC run with no result lines, the output of a system that retrieved
/// nothing (qrels without judgments judge nothing, so it cannot be them).
fn no_data_lines(text: &str) -> Option<InputKind> {
    text.lines()
        .all(crate::formats::trec::is_skipped_line)
        .then_some(InputKind {
            format: crate::formats::inputs::InputFormat::Trec,
            role: InputRole::Run,
        })
}

/// The problem is a whole file left unread (binary, or of no known format).
pub fn is_unread_file(e: &ParseError) -> bool {
    matches!(
        *e.expected,
        Expected::NotText | Expected::Gzipped | Expected::UnknownFormat
    )
}

/// Lists the loaded files in `part` with what each was taken for, and says
/// which are not used: a second qrels file, or a text of no known format
/// (located at its first data line).
pub fn describe_files(files: &[LoadedFile], roles: &FileRoles<'_>, part: &mut SourceResults) {
    for (f, &kind) in files.iter().zip(&roles.kinds) {
        let chosen = roles.judgments.is_some_and(|(q, _)| std::ptr::eq(q, f));
        let used = match kind {
            Some(k) if k.role.is_judgments() && !chosen => {
                part.warnings.push(Warning::SecondJudgments {
                    file: f.name.clone(),
                    qrels: k.role == InputRole::Qrels,
                    used: roles
                        .judgments
                        .map_or(String::new(), |(q, _)| q.name.clone()),
                });
                false
            }
            Some(_) => true,
            // gzip's first bytes, 1f 8b (0x8b alone is not UTF-8: the
            // page's reading puts U+FFFD in its place).
            None if f.text.starts_with("\u{1f}\u{8b}") || f.text.starts_with("\u{1f}\u{fffd}") => {
                part.errors.push(ParseError::new(
                    &f.name,
                    1,
                    1,
                    Expected::Gzipped,
                    "gzip data",
                ));
                false
            }
            None if crate::formats::inputs::binary_at(&f.text).is_some() => {
                let (line, column) = crate::formats::inputs::binary_at(&f.text).unwrap_or((1, 1));
                part.errors.push(ParseError::new(
                    &f.name,
                    line,
                    column,
                    Expected::NotText,
                    "a NUL byte",
                ));
                false
            }
            None => {
                let line = f
                    .text
                    .lines()
                    .position(|l| !crate::formats::trec::is_skipped_line(l))
                    .map_or(1, |i| i + 1);
                part.errors.push(ParseError::new(
                    &f.name,
                    line,
                    1,
                    Expected::UnknownFormat,
                    f.text.lines().nth(line - 1).unwrap_or(""),
                ));
                false
            }
        };
        part.files.push(FileInfo {
            name: f.name.clone(),
            kind,
            used,
            bytes: f.bytes(),
            big: f.big.is_some(),
        });
    }
}

/// Warns when the judgments use grades above the grade scale.
pub fn check_grade_scale(
    part: &mut SourceResults,
    qrels_name: &str,
    max_grade: i64,
    options: &EvalOptions,
) {
    if max_grade > options.scale_max {
        part.warnings.push(Warning::GradesAboveScale {
            file: qrels_name.to_string(),
            max_grade,
            scale_max: options.scale_max,
        });
    }
}

/// The largest grade of the judgments (0 when there are none).
pub fn max_grade(qrels: &crate::formats::trec::Qrels<'_>) -> i64 {
    qrels
        .queries
        .values()
        .flat_map(|q| q.values())
        .copied()
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::evaluate_files;
    use crate::session::test_support::{default_metrics, file};

    /// A gzip file's first bytes (1f 8b 08), as the page's lossy reading
    /// gives them: one message that names the compression.
    #[test]
    fn a_gzip_file_is_named_compressed() {
        let text = "\u{1f}\u{fffd}\u{8}\u{8}x\0\u{3}run.txt\0\u{fffd}";
        let e = evaluate_files(
            &[file("run.gz", text)],
            &default_metrics(),
            &EvalOptions::default(),
        );
        assert_eq!(e.errors.len(), 1);
        assert_eq!(e.errors[0].to_string(), "run.gz:1:1: expected a text file (TREC qrels or run, ranx JSON, TSV or CSV); this one is gzip-compressed, so none of it is read: unpack it first (gunzip), found `gzip data`");
    }

    #[test]
    fn a_binary_file_gets_one_message() {
        // The start of an executable, with a line that looks like a run.
        let bytes = "\u{7f}ELF\u{2}\u{1}\u{1}\0\0\0\0\0\0\0\0\n".to_string()
            + &"q Q0 d 1 2 t\u{1}\0\n".repeat(100);
        let files = [file("a.out", &bytes)];
        let s = EvalOptions::default();
        let e = evaluate_files(&files, &default_metrics(), &s);
        assert_eq!(e.errors.len(), 1, "{:?}", e.errors);
        assert_eq!(e.errors[0].to_string(), "a.out:1:8: expected a text file (TREC qrels or run, ranx JSON, TSV or CSV); this one holds binary data (a NUL byte here), so none of it is read, found `a NUL byte`");
        assert!(e.systems.is_empty());
    }

    #[test]
    fn unrecognised_files_and_missing_qrels_are_said() {
        let s = EvalOptions::default();
        let m = default_metrics();
        let files = [
            file("notes.txt", "hello world\n"),
            file("run", "q Q0 d 1 high t\n"),
        ];
        let e = evaluate_files(&files, &m, &s);
        assert_eq!(e.errors.len(), 2, "{:?}", e.errors);
        assert!(e.errors[0]
            .to_string()
            .starts_with("notes.txt:1:1: expected TREC qrels"));
        assert_eq!(e.errors[1].to_string(), "run:1:10: expected a numeric score in field 5 (e.g. 12.5, -3.2e-05, 2E+01), found `high`");
        assert!(e.warnings[0].to_string().contains("Add a qrels file"));
        assert_eq!(e.warnings[0], Warning::NoQrels);
    }
}
