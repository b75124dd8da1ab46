//! The results as files: CSV, JSON, Markdown and LaTeX (booktabs) of the
//! systems x measures table (with significance marks and intervals when
//! shown) and of the per-query values, and trec_eval's text format.
//! Pure functions of what the page shows; the download is elsewhere.

use serde_json::{json, Map, Value};

use super::results::{best_means, bold_caption, SystemResult};
use super::significance::{any_significant, beaten, letter};
use super::withheld::{LeftOut, Withheld};
use crate::measures::steps::range_ends;
use crate::measures::trec_names::trec_items_for;
use crate::measures::Metric;
use crate::pipeline::evaluate::trec_value;
use crate::pipeline::tie_range::TieRange;
use crate::pipeline::trec_output::{format_trec_rows, TrecOutput, TrecRow};
use crate::stats::StatsReport;

/// A value as tables print it: 4 decimals, like trec_eval.
fn format_value(v: f64) -> String {
    crate::measures::steps::f4(v)
}

/// What the results table shows.
pub struct Table<'a> {
    /// Measures (columns).
    pub measures: &'a [Metric],
    /// Systems with at least one query (rows), in the table's order.
    pub systems: Vec<&'a SystemResult>,
    /// One statistics report per measure, when marks are shown.
    pub stats: Option<&'a [StatsReport]>,
    /// How the marks were made (test, correction, α), for captions.
    pub marks_note: String,
    /// The values were computed from partial input: the bad lines the
    /// reader chose to leave out, and whose numbers lack them (the other
    /// rows were read whole). Every export then says so.
    pub partial: Option<LeftOut>,
    /// Markdown and LaTeX give a mean's range over the orders of tied
    /// documents in its cell, where tie order changes it (CSV and JSON
    /// always carry the ranges, in columns of their own).
    pub tie_ranges: bool,
    /// The interval Markdown and LaTeX give after each mean, the one the
    /// page's table shows under it (`None`: none shown; JSON always
    /// carries both intervals with the marks).
    pub intervals: Option<ShownIntervals<'a>>,
}

/// Which interval of the mean the results table shows, and of what.
#[derive(Debug, Clone, Copy)]
pub struct ShownIntervals<'a> {
    /// One report per measure, over the table's systems in its order.
    pub reports: &'a [StatsReport],
    /// The bootstrap percentile interval; else the t interval.
    pub bootstrap: bool,
    /// Their level (0.95 for 95%).
    pub level: f64,
}

impl ShownIntervals<'_> {
    /// The interval of system `i`'s mean on measure `j`, where computed
    /// (a system of one query has no t interval).
    pub fn of(&self, j: usize, i: usize) -> Option<(f64, f64)> {
        let d = self.reports.get(j)?.systems.get(i)?;
        if self.bootstrap {
            d.bootstrap_interval
        } else {
            d.t_interval
        }
    }

    /// Its name, for captions: "95% t interval".
    pub fn name(&self) -> String {
        format!(
            "{:.0}% {} interval",
            self.level * 100.0,
            if self.bootstrap {
                "bootstrap percentile"
            } else {
                "t"
            }
        )
    }

    /// What a cell's `(lower, upper)` is, for captions.
    fn caption(&self) -> String {
        format!("(lower, upper): the {} of the mean.", self.name())
    }
}

impl<'a> Table<'a> {
    /// The table of `systems` that have queries.
    pub fn new(
        measures: &'a [Metric],
        systems: &'a [SystemResult],
        stats: Option<&'a [StatsReport]>,
        marks_note: String,
    ) -> Self {
        Table {
            measures,
            systems: systems.iter().filter(|s| !s.queries.is_empty()).collect(),
            // Letters and marks only where a paired test could run.
            stats: stats
                .filter(|s| s.len() == measures.len() && super::significance::marks_testable(s)),
            marks_note,
            partial: None,
            tie_ranges: false,
            intervals: None,
        }
    }

    /// The same table, with the shown interval after each mean in
    /// Markdown and LaTeX (see [`Table::intervals`]).
    pub fn with_intervals(mut self, intervals: Option<ShownIntervals<'a>>) -> Self {
        self.intervals = intervals;
        self
    }

    /// The interval after mean `j` of system `i` in Markdown and LaTeX.
    fn interval(&self, j: usize, i: usize) -> Option<(f64, f64)> {
        self.intervals?.of(j, i)
    }

    /// Whether some cell gives an interval (its caption then says what).
    fn any_interval(&self) -> bool {
        (0..self.measures.len())
            .any(|j| (0..self.systems.len()).any(|i| self.interval(j, i).is_some()))
    }

    /// What the captions say of the intervals shown: what they are, and
    /// where a t interval reaches past [0, 1] in a column whose every value
    /// lies within it, why (as the page's statistics panel says).
    fn intervals_caption(&self) -> Option<String> {
        let shown = self.intervals.filter(|_| self.any_interval())?;
        let mut caption = shown.caption();
        let past = !shown.bootstrap
            && shown.reports.iter().enumerate().any(|(j, r)| {
                !super::significance::t_past_unit_bounds(&self.systems, r, j).is_empty()
            });
        if past {
            caption.push_str(&format!(
                " A t interval past [0, 1], where no value can be: {}",
                super::significance::T_PAST_BOUNDS
            ));
        }
        Some(caption)
    }

    /// The same table, with tie ranges in the cells of Markdown and LaTeX
    /// (see [`Table::tie_ranges`]).
    pub fn with_tie_ranges(mut self, on: bool) -> Self {
        self.tie_ranges = on;
        self
    }

    /// The range shown after mean `j` of `s` in Markdown and LaTeX: where
    /// ranges were asked for and tie order changes the mean (or its range
    /// was too costly to find: `Err`).
    fn cell_range(&self, s: &SystemResult, j: usize) -> Option<Result<TieRange, ()>> {
        if !self.tie_ranges {
            return None;
        }
        match self.range(s, j) {
            Some(r) if r.is_spread() => Some(Ok(r)),
            Some(_) => None,
            None if s.has_ties() => Some(Err(())),
            None => None,
        }
    }

    /// Whether some Markdown or LaTeX cell shows a range.
    fn any_cell_range(&self) -> bool {
        self.systems
            .iter()
            .any(|s| (0..self.measures.len()).any(|j| self.cell_range(s, j).is_some()))
    }

    /// The same table, marked as computed without the bad lines
    /// `left_out` counts (in the rows of the runs it names).
    pub fn partial(mut self, left_out: Option<LeftOut>) -> Self {
        self.partial = left_out;
        self
    }

    /// The measures (columns) whose value depends on the order of tied
    /// documents for some system: each gets `<measure>_tie_min` and
    /// `<measure>_tie_max` columns in the exports. A measure whose range was
    /// refused for some query counts too (its cells are then empty).
    pub fn tie_columns(&self) -> Vec<usize> {
        (0..self.measures.len())
            .filter(|&j| {
                self.systems.iter().any(|s| {
                    s.has_ties()
                        && s.mean_range(j, &self.measures[j])
                            .is_none_or(|r| r.is_spread())
                })
            })
            .collect()
    }

    /// The mean range of system `s` on measure `j`.
    fn range(&self, s: &SystemResult, j: usize) -> Option<TieRange> {
        s.mean_range(j, &self.measures[j])
    }

    /// The sentence every export carries when the input was partial.
    pub fn partial_note(&self) -> Option<String> {
        self.partial.as_ref().map(|p| {
            let n = p.bad_lines;
            format!(
                "Computed from partial input: {} of {} could not be read and {} left out.",
                crate::plural::plural(n, "bad line", "bad lines"),
                p.of.whose(),
                if n == 1 { "was" } else { "were" }
            )
        })
    }

    /// The `partial_input` entry of the JSON exports, when the input was partial.
    fn partial_json(&self) -> Option<Value> {
        let note = self.partial_note()?;
        let p = self.partial.as_ref()?;
        let mut entry = json!({ "bad_lines_left_out": p.bad_lines, "note": note });
        if let Withheld::Runs(runs) = &p.of {
            entry["runs"] = json!(runs);
        }
        Some(entry)
    }

    /// The value of the `input` column of the CSV exports (present only
    /// when the input was partial).
    fn partial_cell(&self, s: &SystemResult) -> Option<String> {
        self.partial.as_ref().map(|p| {
            if p.of.covers(s) {
                format!(
                    "partial: {} left out",
                    crate::plural::plural(p.bad_lines, "bad line", "bad lines")
                )
            } else {
                "read whole".to_string()
            }
        })
    }

    fn beats(&self, j: usize, i: usize) -> Vec<usize> {
        self.stats.map(|s| beaten(&s[j], i)).unwrap_or_default()
    }

    /// Some value is significantly better than another system's: only
    /// then are systems lettered (a letter is what a mark names).
    fn any_mark(&self) -> bool {
        self.stats.is_some_and(any_significant)
    }

    /// What the caption says of the marks: which test made them, or that
    /// no difference was significant (never a note on marks that are not
    /// there); `None` without statistics.
    fn marks_caption(&self, marks: &str) -> Option<String> {
        self.stats?;
        Some(if self.any_mark() {
            format!(
                "{marks} name the systems a value is significantly better than ({}).",
                self.marks_note
            )
        } else {
            format!(
                "No difference between systems is significant ({}).",
                self.marks_note
            )
        })
    }
}

/// One CSV field, quoted when it must be (RFC 4180).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Shortest text that reads back to the same f64, as Rust's `{:?}` writes
/// it (the exports' form since the first): exponent form below 1e-4 and
/// from 1e16, otherwise decimals with at least one digit after the point.
/// Written out with `{}` and `{:e}` so that the exports do not hang on how
/// the wasm builds' `-Zfmt-debug` writes `{:?}` (`none` writes nothing).
fn full(v: f64) -> String {
    let a = v.abs();
    if (a != 0.0 && a < 1e-4) || a >= 1e16 {
        format!("{v:e}")
    } else if v.is_finite() && v.fract() == 0.0 {
        format!("{v}.0")
    } else {
        format!("{v}")
    }
}

/// `system,queries,<measure>...` with full-precision values, then what
/// the page's table shows beside them: each tie-sensitive measure's
/// `<measure>_tie_min,<measure>_tie_max` (its mean's range over the orders
/// of tied documents); with an interval shown, each measure's
/// `<measure>_lower,<measure>_upper` (the [`ShownIntervals`] one, named in
/// no column: the page's caption and the Markdown say which); with
/// significance marks, each measure's `<measure>_better_than`, the systems
/// the mean is significantly better than, separated by `; `.
pub fn results_csv(t: &Table) -> String {
    let mut out = String::from("system,queries");
    let column = |out: &mut String, name: String| {
        out.push(',');
        out.push_str(&csv_field(&name));
    };
    for m in t.measures {
        column(&mut out, m.to_string());
    }
    let ties = t.tie_columns();
    for &j in &ties {
        for end in ["tie_min", "tie_max"] {
            column(&mut out, format!("{}_{end}", t.measures[j]));
        }
    }
    if t.intervals.is_some() {
        for m in t.measures {
            for end in ["lower", "upper"] {
                column(&mut out, format!("{m}_{end}"));
            }
        }
    }
    if t.stats.is_some() {
        for m in t.measures {
            column(&mut out, format!("{m}_better_than"));
        }
    }
    if t.partial.is_some() {
        out.push_str(",input");
    }
    out.push('\n');
    for (i, s) in t.systems.iter().enumerate() {
        out.push_str(&csv_field(&s.name));
        out.push_str(&format!(",{}", s.queries.len()));
        for v in &s.means {
            out.push(',');
            out.push_str(&full(*v));
        }
        for &j in &ties {
            let r = t.range(s, j);
            out.push_str(&format!(
                ",{},{}",
                range_end(r, false, full),
                range_end(r, true, full)
            ));
        }
        if t.intervals.is_some() {
            for j in 0..t.measures.len() {
                // Empty where none was computed (a system of one query).
                match t.interval(j, i) {
                    Some((lo, hi)) => out.push_str(&format!(",{},{}", full(lo), full(hi))),
                    None => out.push_str(",,"),
                }
            }
        }
        if t.stats.is_some() {
            for j in 0..t.measures.len() {
                let names: Vec<&str> = t
                    .beats(j, i)
                    .into_iter()
                    .map(|b| t.systems[b].name.as_str())
                    .collect();
                column(&mut out, names.join("; "));
            }
        }
        if let Some(p) = t.partial_cell(s) {
            out.push(',');
            out.push_str(&csv_field(&p));
        }
        out.push('\n');
    }
    out
}

/// The table as JSON: measures, and per system its values, the systems
/// each value significantly beats, and (when computed) intervals.
///
/// Tie-sensitive measures add `tie_ranges`: per measure `[min, max]` of the
/// mean over every order of tied documents (`null` where refused).
pub fn results_json(t: &Table) -> String {
    let ties = t.tie_columns();
    let systems: Vec<Value> = t
        .systems
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut values = Map::new();
            let mut beats = Map::new();
            let mut intervals = Map::new();
            for (j, m) in t.measures.iter().enumerate() {
                values.insert(m.to_string(), json!(s.means[j]));
                if let Some(stats) = t.stats {
                    let names: Vec<&str> = t.beats(j, i).into_iter().map(|b| t.systems[b].name.as_str()).collect();
                    beats.insert(m.to_string(), json!(names));
                    let d = &stats[j].systems[i];
                    intervals.insert(
                        m.to_string(),
                        json!({ "t": d.t_interval.map(|(a, b)| [a, b]), "bootstrap": d.bootstrap_interval.map(|(a, b)| [a, b]) }),
                    );
                }
            }
            let mut o = json!({ "name": s.name, "queries": s.queries.len(), "values": values });
            if !ties.is_empty() {
                let ranges: Map<String, Value> = ties
                    .iter()
                    .map(|&j| {
                        let r = t.range(s, j).map(|r| [r.min, r.max]);
                        (t.measures[j].to_string(), json!(r))
                    })
                    .collect();
                o["tie_ranges"] = Value::Object(ranges);
            }
            if t.stats.is_some() {
                o["significantly_better_than"] = Value::Object(beats);
                o["intervals"] = Value::Object(intervals);
            }
            o
        })
        .collect();
    let names: Vec<String> = t.measures.iter().map(ToString::to_string).collect();
    let mut doc = json!({ "measures": names, "systems": systems });
    if t.stats.is_some() {
        doc["significance"] = json!(t.marks_note);
    }
    if let Some(partial) = t.partial_json() {
        doc["partial_input"] = partial;
    }
    serde_json::to_string_pretty(&doc).expect("JSON of plain values") + "\n"
}

/// A GitHub Markdown table, one column per measure, values rounded to 4
/// decimals (as the page's table shows them; the caption says so), marks
/// as `<sup>` letters, and with [`Table::tie_ranges`] a mean's range over
/// tie orders in its cell where tie order changes it.
pub fn results_markdown(t: &Table) -> String {
    let mut out = String::from("| System | Queries |");
    for m in t.measures {
        out.push_str(&format!(" {} |", m.to_string().replace('|', "\\|")));
    }
    out.push_str("\n|---|---:|");
    out.push_str(&"---:|".repeat(t.measures.len()));
    out.push('\n');
    let best = best_means(t.measures, &t.systems);
    for (i, s) in t.systems.iter().enumerate() {
        let name = s.name.replace('|', "\\|");
        let prefix = if t.any_mark() {
            format!("{} ", letter(i))
        } else {
            String::new()
        };
        out.push_str(&format!("| {prefix}{name} | {} |", s.queries.len()));
        for (j, v) in s.means.iter().enumerate() {
            let sup: String = t.beats(j, i).into_iter().map(letter).collect();
            let mut cell = format_value(*v);
            if best[j] == Some(*v) {
                cell = format!("**{cell}**");
            }
            if !sup.is_empty() {
                cell.push_str(&format!("<sup>{sup}</sup>"));
            }
            if let Some(r) = t.cell_range(s, j) {
                cell.push(' ');
                cell.push_str(&range_text(r));
            }
            if let Some(iv) = t.interval(j, i) {
                cell.push(' ');
                cell.push_str(&interval_text(iv));
            }
            out.push_str(&format!(" {cell} |"));
        }
        out.push('\n');
    }
    out.push_str(&format!("\n{DIGITS_CAPTION}"));
    if let Some(bold) = bold_caption(&t.systems) {
        out.push_str(&format!(" {bold}"));
    }
    out.push('\n');
    if let Some(caption) = t.marks_caption("Superscripts") {
        out.push_str(&format!("\n{caption}\n"));
    }
    if t.any_cell_range() {
        out.push_str(&format!("\n{CELL_TIE_CAPTION}\n"));
    }
    if let Some(caption) = t.intervals_caption() {
        out.push_str(&format!("\n{caption}\n"));
    }
    if let Some(note) = t.partial_note() {
        out.push_str(&format!("\n**{note}**\n"));
    }
    out
}

/// A cell's interval of the mean: `(0.5660, 0.8020)`.
fn interval_text((lo, hi): (f64, f64)) -> String {
    format!("({}, {})", format_value(lo), format_value(hi))
}

/// What Markdown and LaTeX say of their digits.
const DIGITS_CAPTION: &str = "Means over each system's queries, rounded to 4 decimals.";

/// What a range in a Markdown or LaTeX cell is, for captions.
const CELL_TIE_CAPTION: &str = "[lowest, highest]: the mean over every order of equally scored documents, given where that order changes it (with more decimals where 4 would not tell its ends apart).";

/// A cell's range: `[0.5660, 0.8020]`, with more decimals where 4 would
/// print its two ends the same (`[0.17854, 0.17855]`), or why there is
/// none.
fn range_text(r: Result<TieRange, ()>) -> String {
    match r {
        Ok(r) => {
            let (lo, hi) = range_ends(r.min, r.max);
            format!("[{lo}, {hi}]")
        }
        Err(()) => "[range not computed]".to_string(),
    }
}

/// One end of a range as text (empty where the range was refused).
fn range_end(r: Option<TieRange>, max: bool, text: impl Fn(f64) -> String) -> String {
    r.map_or(String::new(), |r| text(if max { r.max } else { r.min }))
}

/// Escapes text for LaTeX: its special characters, and the Greek letters
/// and dashes the captions use, written as LaTeX (a raw `α` fails under
/// pdfLaTeX).
pub fn latex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            'α' => out.push_str("$\\alpha$"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '≤' => out.push_str("$\\leq$"),
            '≥' => out.push_str("$\\geq$"),
            '±' => out.push_str("$\\pm$"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

/// A booktabs table: best value of each column in bold, marks as
/// superscript letters (as ranx's LaTeX report does), a caption saying
/// which test and correction made them.
pub fn results_latex(t: &Table) -> String {
    let best = best_means(t.measures, &t.systems);
    let mut out = String::from("% Requires \\usepackage{booktabs}\n\\begin{table}\n\\centering\n");
    out.push_str(&format!(
        "\\begin{{tabular}}{{l{}}}\n\\toprule\n",
        "r".repeat(t.measures.len() + 1)
    ));
    out.push_str("System & Queries");
    for m in t.measures {
        out.push_str(&format!(" & {}", latex_escape(&m.to_string())));
    }
    out.push_str(" \\\\\n\\midrule\n");
    for (i, s) in t.systems.iter().enumerate() {
        let prefix = if t.any_mark() {
            format!("({}) ", letter(i))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{prefix}{} & {}",
            latex_escape(&s.name),
            s.queries.len()
        ));
        for (j, v) in s.means.iter().enumerate() {
            let mut cell = format_value(*v);
            if best[j] == Some(*v) {
                cell = format!("\\textbf{{{cell}}}");
            }
            let sup: String = t.beats(j, i).into_iter().map(letter).collect();
            if !sup.is_empty() {
                cell.push_str(&format!("$^{{{sup}}}$"));
            }
            if let Some(r) = t.cell_range(s, j) {
                cell.push_str(&format!(" {{\\small {}}}", range_text(r)));
            }
            if let Some(iv) = t.interval(j, i) {
                // A negative end with a minus sign, not a hyphen.
                let text = interval_text(iv).replace('-', "$-$");
                cell.push_str(&format!(" {{\\small {text}}}"));
            }
            out.push_str(&format!(" & {cell}"));
        }
        out.push_str(" \\\\\n");
    }
    out.push_str("\\bottomrule\n\\end{tabular}\n");
    let mut caption = DIGITS_CAPTION.to_string();
    if let Some(bold) = bold_caption(&t.systems) {
        caption = format!("{caption} {bold}");
    }
    if let Some(note) = t.partial_note() {
        caption = format!("{note} {caption}");
    }
    if let Some(marks) = t.marks_caption("Superscripts") {
        caption.push(' ');
        caption.push_str(&marks);
    }
    if t.any_cell_range() {
        caption.push(' ');
        caption.push_str(CELL_TIE_CAPTION);
    }
    if let Some(intervals) = t.intervals_caption() {
        caption.push(' ');
        caption.push_str(&intervals);
    }
    out.push_str(&format!(
        "\\caption{{{}}}\n\\end{{table}}\n",
        latex_escape(&caption)
    ));
    out
}

/// Long format: `system,query,measure,value`, full precision; when some
/// value depends on the order of tied documents, `tie_min,tie_max` follow (its
/// range over those orders; the value twice where it does not; empty where
/// refused).
pub fn per_query_csv(t: &Table) -> String {
    let ties = !t.tie_columns().is_empty();
    let mut out = String::from("system,query,measure,value");
    if ties {
        out.push_str(",tie_min,tie_max");
    }
    if t.partial.is_some() {
        out.push_str(",input");
    }
    out.push('\n');
    for s in &t.systems {
        let partial = t.partial_cell(s).map(|p| format!(",{}", csv_field(&p)));
        for q in s.queries.iter() {
            for (j, (m, v)) in t.measures.iter().zip(&q.values).enumerate() {
                let range = if ties {
                    let r = q.range(j);
                    format!(
                        ",{},{}",
                        range_end(r, false, full),
                        range_end(r, true, full)
                    )
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "{},{},{},{}{range}{}\n",
                    csv_field(&s.name),
                    csv_field(&q.id),
                    csv_field(&m.to_string()),
                    full(*v),
                    partial.as_deref().unwrap_or("")
                ));
            }
        }
    }
    out
}

/// `{system: {query: {measure: value}}}`, and for partial input a
/// `partial_input` entry saying how many bad lines were left out.
///
/// A tie-sensitive measure adds `<measure>_tie_min` and `<measure>_tie_max` to
/// every query (`null` where refused).
pub fn per_query_json(t: &Table) -> String {
    let ties = t.tie_columns();
    let mut doc = Map::new();
    for s in &t.systems {
        let mut queries = Map::new();
        for q in s.queries.iter() {
            let mut values: Map<String, Value> = t
                .measures
                .iter()
                .zip(&q.values)
                .map(|(m, v)| (m.to_string(), json!(v)))
                .collect();
            for &j in &ties {
                let r = q.range(j);
                let m = &t.measures[j];
                values.insert(format!("{m}_tie_min"), json!(r.map(|r| r.min)));
                values.insert(format!("{m}_tie_max"), json!(r.map(|r| r.max)));
            }
            queries.insert(q.id.clone(), Value::Object(values));
        }
        doc.insert(s.name.clone(), Value::Object(queries));
    }
    if let Some(partial) = t.partial_json() {
        doc.insert("partial_input".into(), partial);
    }
    serde_json::to_string_pretty(&Value::Object(doc)).expect("JSON of plain values") + "\n"
}

/// trec_eval's `-q` text, as `ranklab eval -q` prints it for the same
/// measures (see [`trec_items_for`]): per system its per-query lines in
/// trec_eval's query order (byte-wise), then `runid` (the run's tag, or the
/// system's name where it has none or shares it with another run), `num_q` and the summary values
/// (counts summed, means otherwise). trec_eval's names where trec_eval has
/// the measure (`recip_rank`, `map`, `ndcg_cut_10`, `P_10`), Ranklab's
/// otherwise.
pub fn trec_eval_text(t: &Table) -> String {
    let (items, columns) = trec_items_for(t.measures);
    let mut out = String::new();
    for s in &t.systems {
        let mut queries: Vec<_> = s.queries.iter().collect();
        queries.sort_by(|a, b| a.id.as_bytes().cmp(b.id.as_bytes()));
        let rows = queries
            .iter()
            .map(|q| TrecRow {
                qid: q.id.clone(),
                values: columns.iter().map(|&j| trec_value(q.values[j])).collect(),
                relstrings: Vec::new(),
                ranges: Vec::new(),
                // Only the values are written.
                judges_nothing: false,
            })
            .collect();
        // A tag two runs share would name two blocks alike: the page's
        // name (unique) tells them apart.
        let shared = |tag: &str| {
            t.systems
                .iter()
                .filter(|o| o.runid.as_deref() == Some(tag))
                .count()
                > 1
        };
        let runid = match s.runid.as_deref() {
            Some(tag) if !shared(tag) => tag,
            _ => &s.name,
        };
        let options = TrecOutput {
            per_query: true,
            digits: 4,
            runid,
            zscores: None,
            tie_range: false,
        };
        out.push_str(&format_trec_rows(&items, rows, &options));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::significance::statistics;
    use crate::session::test_support::default_metrics;
    use crate::session::{evaluate_typed, parse_typed, EvalOptions};
    use crate::stats::StatsOptions;

    /// `full` writes what `{:?}` writes (natively built, Debug in full):
    /// the special values, the edges of the exponent form, 200,000
    /// f64s of random bits and 400,000 between 1e-6 and 1e19.
    #[test]
    fn full_is_debug_form() {
        let mut cases = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1e-4,
            -1e-4,
            9.999999999999999e-5,
            1e16,
            9999999999999998.0,
            1e15,
            123456789.0,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            0.1 + 0.2,
            13.0 / 24.0,
        ];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200_000 {
            // xorshift64*: any bit pattern, every exponent.
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            let bits = x.wrapping_mul(0x2545_f491_4f6c_dd1d);
            cases.push(f64::from_bits(bits));
            // And as many from 1e-6 to 1e18, where both forms meet.
            let unit = (bits >> 11) as f64 / (1u64 << 53) as f64;
            cases.push(unit * 10f64.powi((bits % 25) as i32 - 6));
            cases.push((bits >> (bits % 64)) as f64);
        }
        for v in cases {
            assert_eq!(full(v), format!("{v:?}"), "bits {:#x}", v.to_bits());
        }
    }

    fn table_of(text: &str) -> (Vec<Metric>, Vec<SystemResult>, Vec<StatsReport>) {
        let m = default_metrics();
        let part = evaluate_typed(&parse_typed(text), &m, &EvalOptions::default());
        let st = statistics(&part.systems, &m, &StatsOptions::default());
        (m, part.systems, st)
    }

    const TWO: &str = "[good, \"new\"]\nq1: R N\nq2: R\nq3: R N N\n[bad_1]\nq1: N N R\nq2: N N N R\nq3: N N N N R\n";

    #[test]
    fn runs_sharing_a_tag_are_named_apart_in_trec_eval_text() {
        let (m, mut systems, _) = table_of(TWO);
        let text = |systems: &[SystemResult]| {
            trec_eval_text(&Table::new(&m, systems, None, String::new()))
        };
        let runids = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.starts_with("runid "))
                .map(|l| l.rsplit('\t').next().unwrap().to_string())
                .collect()
        };
        // Each its own tag: the tags.
        systems[0].runid = Some("STANDARD".into());
        systems[1].runid = Some("other".into());
        assert_eq!(runids(&text(&systems)), ["STANDARD", "other"]);
        // One tag for both (as two copies of one run file): the names.
        systems[1].runid = Some("STANDARD".into());
        assert_eq!(runids(&text(&systems)), ["good, \"new\"", "bad_1"]);
    }

    #[test]
    fn csv_and_json_read_back_to_the_table() {
        let (m, systems, _) = table_of(TWO);
        let t = Table::new(&m, &systems, None, String::new());
        let csv = results_csv(&t);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "system,queries,RR,AP,nDCG@10,P@10,R@10");
        assert!(
            lines[1].starts_with("\"good, \"\"new\"\"\",3,1.0,1.0,"),
            "{}",
            lines[1]
        );
        let v: Value = serde_json::from_str(&results_json(&t)).unwrap();
        assert_eq!(v["systems"][1]["values"]["RR"], json!(systems[1].means[0]));
        let pq: Value = serde_json::from_str(&per_query_json(&t)).unwrap();
        assert_eq!(pq["bad_1"]["q2"]["RR"], json!(0.25));
        assert_eq!(per_query_csv(&t).lines().count(), 1 + 6 * 5);
    }

    #[test]
    fn markdown_and_latex_give_the_shown_interval_after_each_mean() {
        let (m, systems, st) = table_of(TWO);
        let shown = |bootstrap| ShownIntervals {
            reports: &st,
            bootstrap,
            level: 0.95,
        };
        let t = Table::new(&m, &systems, None, String::new()).with_intervals(Some(shown(false)));
        // good's AP: 1, 1, 1 (no spread, so the t interval is [1, 1]);
        // bad_1's RR: 1/3, 1/4, 1/5.
        let (lo, hi) = st[0].systems[1].t_interval.unwrap();
        let md = results_markdown(&t);
        let row = md.lines().find(|l| l.starts_with("| bad_1 |")).unwrap();
        assert!(
            row.contains(&format!(
                "0.2611 ({}, {})",
                format_value(lo),
                format_value(hi)
            )),
            "{row}"
        );
        assert!(
            md.contains("(lower, upper): the 95% t interval of the mean."),
            "{md}"
        );
        let tex = results_latex(&t);
        assert!(
            tex.contains(&format!(
                "0.2611 {{\\small ({}, {})}}",
                format_value(lo),
                format_value(hi)
            )),
            "{tex}"
        );
        assert!(tex.contains("the 95\\% t interval of the mean."), "{tex}");
        // The bootstrap one, when that is the one shown.
        let (blo, bhi) = st[0].systems[1].bootstrap_interval.unwrap();
        let boot = Table::new(&m, &systems, None, String::new()).with_intervals(Some(shown(true)));
        let md = results_markdown(&boot);
        assert!(
            md.contains(&format!(
                "0.2611 ({}, {})",
                format_value(blo),
                format_value(bhi)
            )),
            "{md}"
        );
        assert!(md.contains("the 95% bootstrap percentile interval of the mean."));
        // None shown: none given, and the caption says nothing of them.
        let plain = Table::new(&m, &systems, None, String::new());
        assert!(!results_markdown(&plain).contains("interval"));
        assert!(!results_latex(&plain).contains("interval"));
    }

    #[test]
    fn a_t_interval_past_zero_is_explained_and_its_minus_typeset() {
        // Two queries far apart: the t interval of the mean of 0 and 1 is
        // 0.5 ± 12.706 × 0.5 (t at 1 degree of freedom, standard error
        // 0.7071 / √2), so (-5.8531, 6.8531).
        let (m, systems, st) = table_of("[spread]\nq1: R\nq2: N\n[other]\nq1: R\nq2: R\n");
        let shown = ShownIntervals {
            reports: &st,
            bootstrap: false,
            level: 0.95,
        };
        let t = Table::new(&m, &systems, None, String::new()).with_intervals(Some(shown));
        let md = results_markdown(&t);
        assert!(md.contains("(-5.8531, 6.8531)"), "{md}");
        assert!(
            md.contains("A t interval past [0, 1], where no value can be"),
            "{md}"
        );
        let tex = results_latex(&t);
        assert!(tex.contains("{\\small ($-$5.8531, 6.8531)}"), "{tex}");
        assert!(tex.contains("A t interval past [0, 1]"));
        // Bootstrap intervals stay within the values: no such sentence.
        let boot =
            Table::new(&m, &systems, None, String::new()).with_intervals(Some(ShownIntervals {
                bootstrap: true,
                ..shown
            }));
        assert!(!results_markdown(&boot).contains("past [0, 1]"));
        // The CSV carries the shown interval in two columns per measure,
        // at full precision: t(0.975, 1) = 12.7062047 from the t table.
        let csv = results_csv(&t);
        let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
        let at = |name: &str| rows[0].iter().position(|c| *c == name).unwrap();
        let (lo, hi) = (at("RR_lower"), at("RR_upper"));
        assert_eq!(rows[0].len(), 2 + 5 + 2 * 5, "{csv}");
        let half = 12.706_204_736_174_7 * 0.5;
        assert!(
            (rows[1][lo].parse::<f64>().unwrap() - (0.5 - half)).abs() < 1e-9,
            "{csv}"
        );
        assert!(
            (rows[1][hi].parse::<f64>().unwrap() - (0.5 + half)).abs() < 1e-9,
            "{csv}"
        );
        // "other" is 1 on both queries: a t interval of zero width.
        assert_eq!((rows[2][lo], rows[2][hi]), ("1.0", "1.0"), "{csv}");
        assert!(!results_csv(&boot.with_intervals(None)).contains("_lower"));
    }

    #[test]
    fn the_csv_names_the_systems_each_mean_is_significantly_better_than() {
        // RR 1, 1, 1 against 1/3, 1/4, 1/5: differences 0.667, 0.75, 0.8,
        // mean 0.739, SD 0.067, t = 19.0 at 2 degrees of freedom: p = 0.003
        // (two-sided), below α = 0.05: "good, new" beats bad_1 on RR.
        let (m, systems, st) = table_of(TWO);
        let t = Table::new(&m, &systems, Some(&st), "marks".into());
        let csv = results_csv(&t);
        let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
        assert_eq!(
            header[header.len() - 5..],
            [
                "RR_better_than",
                "AP_better_than",
                "nDCG@10_better_than",
                "P@10_better_than",
                "R@10_better_than"
            ],
            "{csv}"
        );
        let rr = header.iter().position(|c| *c == "RR_better_than").unwrap();
        let good = csv.lines().nth(1).unwrap();
        // The quoted name holds a comma: split after it.
        let fields: Vec<&str> = good.rsplitn(header.len() - 1, ',').collect::<Vec<_>>();
        assert_eq!(fields[header.len() - 2 - rr], "bad_1", "{csv}");
        let bad: Vec<&str> = csv.lines().nth(2).unwrap().split(',').collect();
        assert_eq!(bad[rr], "", "{csv}");
    }

    #[test]
    fn means_carry_no_summation_noise() {
        // P@10 of 0.6, 0.7, 0.7, 0.9 and 0.3: added one by one, the mean is
        // 0.6399999999999999; the exact sum of the five doubles over 5,
        // rounded once, is 0.64 (worked with fractions).
        let q = |rel: usize| format!("{}{}", "R ".repeat(rel), "N ".repeat(10 - rel));
        let text: String = [6, 7, 7, 9, 3]
            .iter()
            .enumerate()
            .map(|(i, &r)| format!("q{i}: {}\n", q(r)))
            .collect();
        let m: Vec<Metric> = vec!["P@10".parse().unwrap()];
        let part = evaluate_typed(
            &parse_typed(&format!("[s]\n{text}")),
            &m,
            &EvalOptions::default(),
        );
        let t = Table::new(&m, &part.systems, None, String::new());
        assert_eq!(results_csv(&t), "system,queries,P@10\ns,5,0.64\n");
        assert!(
            results_json(&t).contains("\"P@10\": 0.64\n"),
            "{}",
            results_json(&t)
        );
    }

    #[test]
    fn partial_input_is_marked_in_every_export() {
        let (m, mut systems, _) = table_of(TWO);
        // As runs read from files (typed rankings are never partial).
        for s in &mut systems {
            s.source = super::super::results::Source::File;
        }
        let t = Table::new(&m, &systems, None, String::new()).partial(Some(LeftOut {
            bad_lines: 3,
            of: Withheld::All,
        }));
        let note = "Computed from partial input: 3 bad lines of the files could not be read and were left out.";
        assert_eq!(t.partial_note().as_deref(), Some(note));
        let csv = results_csv(&t);
        assert!(
            csv.starts_with("system,queries,RR,AP,nDCG@10,P@10,R@10,input\n"),
            "{csv}"
        );
        assert!(
            csv.lines()
                .skip(1)
                .all(|l| l.ends_with(",partial: 3 bad lines left out")),
            "{csv}"
        );
        let pq = per_query_csv(&t);
        assert!(pq.starts_with("system,query,measure,value,input\n"), "{pq}");
        assert!(pq
            .lines()
            .skip(1)
            .all(|l| l.ends_with(",partial: 3 bad lines left out")));
        let v: Value = serde_json::from_str(&results_json(&t)).unwrap();
        assert_eq!(v["partial_input"]["bad_lines_left_out"], json!(3));
        let v: Value = serde_json::from_str(&per_query_json(&t)).unwrap();
        assert_eq!(v["partial_input"]["note"], json!(note));
        assert!(results_markdown(&t).contains(&format!("**{note}**")));
        assert!(results_latex(&t).contains("\\caption{Computed from partial input: 3 bad lines"));
        // One run's bad lines: its rows say so, the other's that it was
        // read whole, and the note names the run.
        let one_run = Table::new(&m, &systems, None, String::new()).partial(Some(LeftOut {
            bad_lines: 2,
            of: Withheld::Runs(vec!["bad_1".into()]),
        }));
        let csv = results_csv(&one_run);
        let inputs: Vec<&str> = csv
            .lines()
            .skip(1)
            .map(|l| l.rsplit(',').next().unwrap())
            .collect();
        assert_eq!(
            inputs,
            ["read whole", "partial: 2 bad lines left out"],
            "{csv}"
        );
        let pq = per_query_csv(&one_run);
        assert!(pq
            .lines()
            .filter(|l| l.starts_with("bad_1,"))
            .all(|l| l.ends_with(",partial: 2 bad lines left out")));
        assert!(pq
            .lines()
            .filter(|l| l.starts_with("\"good"))
            .all(|l| l.ends_with(",read whole")));
        assert_eq!(
            one_run.partial_note().as_deref(),
            Some("Computed from partial input: 2 bad lines of bad_1 could not be read and were left out.")
        );
        let v: Value = serde_json::from_str(&results_json(&one_run)).unwrap();
        assert_eq!(v["partial_input"]["runs"], json!(["bad_1"]));
        // One bad line: singular.
        let one = Table::new(&m, &systems, None, String::new()).partial(Some(LeftOut {
            bad_lines: 1,
            of: Withheld::All,
        }));
        assert!(one
            .partial_note()
            .unwrap()
            .contains("1 bad line of the files could not be read and was left out"));
        // Whole input: no mark anywhere.
        let whole = Table::new(&m, &systems, None, String::new());
        assert!(
            !results_csv(&whole).contains("input") && !results_json(&whole).contains("partial")
        );
    }

    #[test]
    fn without_marks_the_captions_say_no_difference_is_significant() {
        // Two systems that win one query each: no difference is significant.
        let (m, systems, st) = table_of("[a]\nq1: R N\nq2: N R\n[b]\nq1: N R\nq2: R N\n");
        assert!((0..m.len()).all(|j| beaten(&st[j], 0).is_empty() && beaten(&st[j], 1).is_empty()));
        let note = "paired t-test, Holm–Bonferroni, α = 0.05".to_string();
        let t = Table::new(&m, &systems, Some(&st), note);
        let tex = results_latex(&t);
        assert!(
            tex.contains("No difference between systems is significant"),
            "{tex}"
        );
        assert!(!tex.contains("Superscripts"), "{tex}");
        // No mark names a system: no letters before the names.
        assert!(tex.contains("\na & 2") && tex.contains("\nb & 2"), "{tex}");
        let md = results_markdown(&t);
        assert!(md.contains("No difference between systems is significant"));
        assert!(md.contains("| a | 2 |") && md.contains("| b | 2 |"), "{md}");
    }

    #[test]
    fn no_letters_or_marks_where_no_pair_can_be_tested() {
        let note = || "paired t-test, Holm–Bonferroni, α = 0.05".to_string();
        // One system: nothing to compare it with.
        let (m, systems, st) = table_of("[a]\nq1: R N\nq2: N R\n");
        let t = Table::new(&m, &systems, Some(&st), note());
        let md = results_markdown(&t);
        assert!(md.contains("| a | 2 |") && !md.contains("| a a |"), "{md}");
        assert!(
            !md.contains("significant") && !md.contains("Superscripts"),
            "{md}"
        );
        assert!(results_latex(&t).contains("a & 2"), "{}", results_latex(&t));
        // Two systems with one query each: a paired test needs two.
        let (m, systems, st) = table_of("[a]\nq1: R N\n[b]\nq1: N R\n");
        let md = results_markdown(&Table::new(&m, &systems, Some(&st), note()));
        assert!(md.contains("| a | 1 |") && md.contains("| b | 1 |"), "{md}");
        assert!(!md.contains("significant"), "{md}");
    }

    #[test]
    fn markdown_latex_and_trec_eval_carry_marks_and_values() {
        let (m, systems, st) = table_of(TWO);
        let t = Table::new(
            &m,
            &systems,
            Some(&st),
            "paired t-test, Holm–Bonferroni, α = 0.05".into(),
        );
        let md = results_markdown(&t);
        assert!(md.starts_with("| System | Queries | RR | AP |"), "{md}");
        let tex = results_latex(&t);
        assert!(tex.contains("(b) bad\\_1 & 3"), "{tex}");
        assert!(tex.contains("\\toprule") && tex.contains("\\bottomrule"));
        // RR 1 against 1/3, 1/4, 1/5: differences 2/3, 3/4, 4/5, mean
        // 0.7389, sd 0.0674, t = 19.0 on 2 df: two-sided p = 0.0028 (scipy's
        // ttest_rel gives the same), below α = 0.05 with one pair to
        // correct for. So good's RR carries the mark b.
        assert_eq!(beaten(&st[0], 0), [1]);
        assert!(tex.contains("\\textbf{1.0000}$^{b}$"), "{tex}");
        assert!(
            md.contains("| a good, \"new\" | 3 | **1.0000**<sup>b</sup> |"),
            "{md}"
        );
        // The best of each column in bold, as the page's table and LaTeX's.
        assert!(md.contains("| b bad_1 | 3 | 0.2611 |"), "{md}");
        assert!(md.contains("The best of each column in bold."), "{md}");
        // trec_eval's names and layout: per-query lines, then runid (the
        // system's name: typed rankings have no tag), num_q and the means.
        let trec = trec_eval_text(&t);
        assert!(
            trec.starts_with(
                "map                   \tq1\t1.0000\nrecip_rank            \tq1\t1.0000\n"
            ),
            "{trec}"
        );
        assert!(
            trec.contains("runid                 \tall\tgood, \"new\"\nnum_q                 \tall\t3\nmap                   \tall\t"),
            "{trec}"
        );
        // The caption's α and dash in LaTeX, and marks mentioned as made.
        assert!(
            tex.contains("(paired t-test, Holm--Bonferroni, $\\alpha$ = 0.05)"),
            "{tex}"
        );
        assert!(!tex.contains('α'));
        assert!(md.contains("Superscripts name the systems"), "{md}");
        assert_eq!(
            latex_escape("a_b & 50% #1 {x} ~^\\"),
            "a\\_b \\& 50\\% \\#1 \\{x\\} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}"
        );
    }

    /// run1 ties a relevant and a non-relevant document at the top of q1
    /// (RR 1/2 in trec_eval's order, [1/2, 1] over tie orders; q2 1): its
    /// mean RR is 0.75 in [0.75, 1]. P@2 (1/2 on both queries) does not
    /// depend on the order.
    /// A range whose ends agree to 4 decimals gets the decimals that tell
    /// them apart (5 here); a wide one keeps the tables' 4.
    #[test]
    fn a_narrow_range_in_a_cell_gets_the_decimals_that_show_it() {
        let narrow = TieRange {
            min: 0.178_541,
            max: 0.178_549,
        };
        assert_eq!(range_text(Ok(narrow)), "[0.17854, 0.17855]");
        let wide = TieRange {
            min: 0.566,
            max: 0.802,
        };
        assert_eq!(range_text(Ok(wide)), "[0.5660, 0.8020]");
    }

    #[test]
    fn tie_ranges_are_columns_of_csv_and_json_and_asked_for_in_markdown_and_latex() {
        use crate::session::evaluate_files;
        let files = crate::session::test_support::tied_runs();
        let m = vec![Metric::RR { k: None }, Metric::P { k: 2 }];
        let part = evaluate_files(&files, &m, &EvalOptions::default());
        let t = Table::new(&m, &part.systems, None, String::new());
        assert_eq!(t.tie_columns(), vec![0]);
        let rr = m[0].to_string();
        let csv = results_csv(&t);
        let mut lines = csv.lines();
        assert_eq!(
            lines.next().unwrap(),
            format!("system,queries,{rr},{},{rr}_tie_min,{rr}_tie_max", m[1])
        );
        assert_eq!(lines.next().unwrap(), "run1.txt,2,0.75,0.5,0.75,1.0");
        assert_eq!(lines.next().unwrap(), "run2.txt,2,0.75,0.5,0.75,0.75");
        let json: Value = serde_json::from_str(&results_json(&t)).unwrap();
        assert_eq!(json["systems"][0]["tie_ranges"][&rr], json!([0.75, 1.0]));
        // Markdown and LaTeX: one column per measure; ranges on request,
        // in the cells of means that tie order changes only.
        let md = results_markdown(&t);
        assert!(!md.contains("_min") && !md.contains('['), "{md}");
        assert!(
            md.starts_with(&format!(
                "| System | Queries | {rr} | {} |\n|---|---:|---:|---:|\n",
                m[1]
            )),
            "{md}"
        );
        assert!(md.contains("rounded to 4 decimals"), "{md}");
        let latex = results_latex(&t);
        assert!(latex.contains("\\begin{tabular}{lrrr}"), "{latex}");
        assert!(!latex.contains("_min") && !latex.contains("[0."), "{latex}");
        let with = Table::new(&m, &part.systems, None, String::new()).with_tie_ranges(true);
        let md = results_markdown(&with);
        assert!(
            md.contains("| run1.txt | 2 | **0.7500** [0.7500, 1.0000] | **0.5000** |"),
            "{md}"
        );
        // Equal means are each the best: both bold, as on the page.
        assert!(
            md.contains("| run2.txt | 2 | **0.7500** | **0.5000** |"),
            "{md}"
        );
        assert!(
            md.contains("[lowest, highest]: the mean over every order"),
            "{md}"
        );
        let latex = results_latex(&with);
        assert!(
            latex.contains("run1.txt & 2 & \\textbf{0.7500} {\\small [0.7500, 1.0000]} & \\textbf{0.5000} \\\\"),
            "{latex}"
        );
        assert!(latex.contains("\\begin{tabular}{lrrr}"), "{latex}");
        let long = per_query_csv(&t);
        assert!(
            long.starts_with("system,query,measure,value,tie_min,tie_max\n"),
            "{long}"
        );
        assert!(
            long.contains(&format!("run1.txt,q1,{rr},0.5,0.5,1.0\n")),
            "{long}"
        );
        assert!(
            long.contains(&format!("run2.txt,q1,{rr},0.5,0.5,0.5\n")),
            "{long}"
        );
        let per_query: Value = serde_json::from_str(&per_query_json(&t)).unwrap();
        assert_eq!(
            per_query["run1.txt"]["q1"][format!("{rr}_tie_max")],
            json!(1.0)
        );
        // Without ties, no column is added.
        let (m2, systems, _) = table_of(TWO);
        let plain = Table::new(&m2, &systems, None, String::new());
        assert!(plain.tie_columns().is_empty());
        assert!(!results_csv(&plain).contains("_min"));
    }
}
