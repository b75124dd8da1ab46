//! A calculator block of a documentation page (a fenced code block of
//! language `ranklab`, or a `<ranklab-calc>` element, turned into a
//! calculator by `embed.js`): optional option lines at its top, then the
//! rankings in the quick format, exactly as the page's text box reads them.
//!
//! ```text
//! % measures: RR, AP, nDCG@10
//! % view: both
//! [BM25]
//! q1: 3 2 0 1
//! ```
//!
//! | option      | value                                                  |
//! |-------------|--------------------------------------------------------|
//! | `measures`  | measure names as the settings' "more measures" field reads them |
//! | `view`      | `table`, `chart` or `both` (the default)               |
//! | `height`    | the frame's starting height in pixels, 100 to 5000 (read by `embed.js`) |
//!
//! Every problem is located (line and column of the block) and shown
//! inside the calculator; a block with problems still shows what it can.

use crate::shared::evaluation::Metric;

use crate::settings::{split_measure_names, Settings};

/// The most text a block may hold: beyond it the page would stall while the
/// reader scrolls; big data belongs in the full app's files.
pub const MOST_BLOCK_BYTES: usize = 256 * 1024;

/// What a calculator shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BlockView {
    /// The results table only.
    Table,
    /// The chart only.
    Chart,
    /// Both (the default).
    #[default]
    Both,
}

impl BlockView {
    /// Its name in a block's `view:` option and an embed's address:
    /// `table`, `chart` or `both`.
    pub fn name(self) -> &'static str {
        match self {
            BlockView::Table => "table",
            BlockView::Chart => "chart",
            BlockView::Both => "both",
        }
    }

    /// The view named `name` (as [`BlockView::name`] writes it).
    pub fn named(name: &str) -> Option<BlockView> {
        match name {
            "table" => Some(BlockView::Table),
            "chart" => Some(BlockView::Chart),
            "both" => Some(BlockView::Both),
            _ => None,
        }
    }
}

/// A problem of a block, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockProblem {
    /// 1-based line of the block.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was expected there.
    pub message: String,
}

/// A block, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The rankings: the block without its option lines and the blank lines
    /// after them, so the calculator's text starts with its first ranking
    /// line (the rankings' own problems are located in that text, which the
    /// reader sees beside them; the options' in the block).
    pub text: String,
    /// The measures asked for (`None`: the page's defaults).
    pub measures: Option<String>,
    /// What to show.
    pub view: BlockView,
    /// Problems of the options and of the block as a whole (the rankings'
    /// own are the quick format's, located as usual).
    pub problems: Vec<BlockProblem>,
}

impl Block {
    /// The settings the calculator evaluates with: the defaults, or exactly
    /// the measures named, in that order.
    pub fn settings(&self) -> Settings {
        match &self.measures {
            Some(names) => Settings {
                families: Vec::new(),
                extra: names.clone(),
                ..Settings::default()
            },
            None => Settings::default(),
        }
    }
}

/// Reads a block's text.
pub fn read_block(raw: &str) -> Block {
    let mut block = Block {
        text: String::new(),
        measures: None,
        view: BlockView::Both,
        problems: Vec::new(),
    };
    let problem = |line: usize, column: usize, message: String| BlockProblem {
        line,
        column,
        message,
    };
    if raw.len() > MOST_BLOCK_BYTES {
        block.problems.push(problem(
            1,
            1,
            format!(
                "a block of at most {} KB (this one is {:.1} MB): load big files in the full app instead",
                MOST_BLOCK_BYTES / 1024,
                raw.len() as f64 / 1e6
            ),
        ));
        return block;
    }
    if let Some((line, column)) = crate::shared::evaluation::binary_at(raw) {
        block.problems.push(problem(
            line,
            column,
            "text (rankings such as `q1: 3 2 0 1`); this block holds binary data (a NUL character here)"
                .to_string(),
        ));
        return block;
    }
    let mut in_options = true;
    let mut lines = Vec::new();
    for (i, line) in raw.lines().enumerate() {
        let trimmed = line.trim_start();
        if in_options && trimmed.starts_with('%') {
            let indent = line.chars().count() - trimmed.chars().count();
            read_option(&mut block, i + 1, indent + 1, &trimmed[1..]);
        } else if !(in_options && trimmed.is_empty()) {
            in_options = false;
            lines.push(line.to_string());
        }
    }
    block.text = lines.join("\n");
    if block.text.trim().is_empty() {
        block.problems.push(problem(
            raw.lines().count().max(1),
            1,
            "rankings after the options, such as `q1: 3 2 0 1` (this block has none)".to_string(),
        ));
    }
    block
}

/// Reads one option line (`rest` follows its `%`, which stands at `column`).
fn read_option(block: &mut Block, line: usize, column: usize, rest: &str) {
    let Some((name, value)) = rest.split_once(':') else {
        block.problems.push(BlockProblem {
            line,
            column,
            message: format!(
                "an option written `% name: value` (measures, view or height), found `%{rest}`"
            ),
        });
        return;
    };
    // Columns of the name and of the value's first character.
    let name_col = column + 1 + (name.chars().count() - name.trim_start().chars().count());
    let value_col = column
        + 1
        + name.chars().count()
        + 1
        + (value.chars().count() - value.trim_start().chars().count());
    let value = value.trim();
    match name.trim() {
        "measures" => {
            let names = split_measure_names(value);
            if names.is_empty() {
                block.problems.push(BlockProblem {
                    line,
                    column: value_col,
                    message: "measure names after `measures:`, such as `RR, AP, nDCG@10`".into(),
                });
            }
            for (at, name) in names {
                if let Err(e) = name.parse::<Metric>() {
                    block.problems.push(BlockProblem {
                        line,
                        column: value_col + at - 1,
                        message: format!("a measure name ({}), found `{}`", e.expected, e.name),
                    });
                }
            }
            block.measures = Some(value.to_string());
        }
        "view" => match BlockView::named(value) {
            Some(view) => block.view = view,
            None => block.problems.push(BlockProblem {
                line,
                column: value_col,
                message: format!("`table`, `chart` or `both` after `view:`, found `{value}`"),
            }),
        },
        "height" => {
            if !value
                .parse::<u32>()
                .is_ok_and(|h| (100..=5000).contains(&h))
            {
                block.problems.push(BlockProblem {
                    line,
                    column: value_col,
                    message: format!(
                        "a height in pixels from 100 to 5000 after `height:`, found `{value}`"
                    ),
                });
            }
        }
        other => block.problems.push(BlockProblem {
            line,
            column: name_col,
            message: format!("an option named measures, view or height, found `{other}`"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_then_rankings() {
        let b = read_block("% measures: RR, AP, nDCG@10\n% view: table\n[A]\nq1: 3 2 0\n");
        assert_eq!(b.problems, []);
        assert_eq!(b.view, BlockView::Table);
        assert_eq!(b.measures.as_deref(), Some("RR, AP, nDCG@10"));
        // The text starts at the rankings: no blank line for an option line.
        assert_eq!(b.text, "[A]\nq1: 3 2 0");
        assert_eq!(
            read_block("% view: chart\n\n  \nq1: 1\n\nq2: 0").text,
            "q1: 1\n\nq2: 0"
        );
        let names: Vec<String> = b
            .settings()
            .measures()
            .0
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(names, ["RR", "AP", "nDCG@10"]);
        // No options: the page's defaults.
        let plain = read_block("q1: R N R\n");
        assert_eq!(
            (plain.measures, plain.view, plain.problems),
            (None, BlockView::Both, vec![])
        );
        // A % after the rankings is the quick format's business, not an option.
        assert_eq!(read_block("q1: 1\n% view: x\n").problems, []);
    }

    #[test]
    fn every_problem_is_located() {
        let at = |raw: &str| -> Vec<(usize, usize)> {
            read_block(raw)
                .problems
                .iter()
                .map(|p| (p.line, p.column))
                .collect()
        };
        assert_eq!(at("% colour: red\nq1: 1"), [(1, 3)]);
        assert_eq!(at("% view: tables\nq1: 1"), [(1, 9)]);
        assert_eq!(at("% measures: RR, nDGC@10\nq1: 1"), [(1, 17)]);
        assert!(read_block("% measures: RR, nDGC@10\nq1: 1").problems[0]
            .message
            .contains("nDGC@10"));
        assert_eq!(at("% height: 9\nq1: 1"), [(1, 11)]);
        assert_eq!(at("%nonsense\nq1: 1"), [(1, 1)]);
        assert_eq!(at(""), [(1, 1)]);
        assert_eq!(at("% view: chart\n\n"), [(2, 1)]);
        assert_eq!(at("ab\0cd"), [(1, 3)]);
        let big = "q1: 1 0\n".repeat(MOST_BLOCK_BYTES / 8 + 1);
        assert!(read_block(&big).problems[0]
            .message
            .contains("at most 256 KB"));
    }
}
