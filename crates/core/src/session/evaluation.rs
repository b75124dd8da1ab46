//! Systems' results from the typed rankings and the loaded files under
//! explicit [`EvalOptions`]: per-query values, summaries, typed warnings
//! and located errors, in the shape every front end shows.

use crate::{
    classify_input, judge, parse_qrels_as, parse_quick, parse_run_as, per_query_values, summaries,
    Conventions, EvalContext, InputKind, InputRole, JudgedRanking, JudgedScope, Metric, ParseError,
    QuickInput, QuickQuery, Rel,
};

use super::files::LoadedFile;
use super::EvalOptions;

/// Name of the quick text in error messages.
pub const QUICK_INPUT_NAME: &str = "quick input";
/// Ranks of a query kept for display.
pub const SHOWN_RANKS: usize = 100;

/// Where a system came from.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Typed in the form or the quick text.
    Typed,
    /// A run file (its name).
    File,
}

/// One query of one system.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct QueryResult {
    /// Query id.
    pub id: String,
    /// One value per measure.
    pub values: Vec<f64>,
    /// The first [`SHOWN_RANKS`] ranked documents' relevance.
    #[cfg_attr(feature = "serde", serde(with = "rel_codes"))]
    pub ranking: Vec<Rel>,
    /// Documents retrieved.
    pub num_ret: usize,
    /// Relevant documents in the judgments.
    pub num_rel: usize,
    /// Relevant documents retrieved.
    pub num_rel_ret: usize,
    /// Scored 0 because the run lacks it (missing-query policy).
    pub missing: bool,
    /// Judged documents per grade (for measures at other cutoffs).
    pub levels: Vec<(i64, usize)>,
}

impl QueryResult {
    /// The result of one judged query (its first ranks kept).
    pub fn new(id: String, values: Vec<f64>, r: &JudgedRanking, missing: bool) -> Self {
        QueryResult {
            id,
            values,
            ranking: r.ranked.iter().take(SHOWN_RANKS).copied().collect(),
            num_ret: r.num_ret(),
            num_rel: r.num_rel(),
            num_rel_ret: r.num_rel_ret(),
            missing,
            levels: r.level_counts.iter().map(|(&g, &n)| (g, n)).collect(),
        }
    }
}

/// One system: per-query values and their summaries.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct SystemResult {
    /// Name (the `[name]` of the text, or the run's file name).
    pub name: String,
    /// Typed or from a file.
    pub source: Source,
    /// Queries in evaluation order.
    pub queries: Vec<QueryResult>,
    /// Summary of each measure (mean for all but counts).
    pub means: Vec<f64>,
    /// Largest grade of the judgments it was evaluated with (ERR's default max grade).
    pub max_grade: i64,
    /// Why this run has no numbers at all (a repeated docid under the
    /// "refuse" policy, located): shown in its row of the results.
    #[cfg_attr(feature = "serde", serde(default))]
    pub refused: Option<String>,
}

impl QueryResult {
    /// The judged ranking of the first [`SHOWN_RANKS`] ranks: exact for any
    /// measure at a cutoff up to [`SHOWN_RANKS`].
    pub fn head(&self, relevance_level: i64) -> JudgedRanking {
        let judged = self
            .levels
            .iter()
            .flat_map(|&(g, n)| std::iter::repeat_n(g, n));
        JudgedRanking::new(self.ranking.clone(), judged, relevance_level)
    }
}

/// A ranking's relevance as small integers between threads (a worker's
/// results are mostly rankings): a grade as itself, -1 for a document
/// outside the pool, -2 for one judged with a negative grade.
#[cfg(feature = "serde")]
pub(crate) mod rel_codes {
    use crate::Rel;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    fn code(r: &Rel) -> i64 {
        match r {
            Rel::NotInPool => -1,
            Rel::Unjudged => -2,
            Rel::Judged(g) => *g,
        }
    }

    pub fn serialize<S: Serializer>(ranking: &[Rel], s: S) -> Result<S::Ok, S::Error> {
        let codes: Vec<i64> = ranking.iter().map(code).collect();
        codes.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Rel>, D::Error> {
        let codes = Vec::<i64>::deserialize(d)?;
        codes
            .into_iter()
            .map(|c| match c {
                -1 => Ok(Rel::NotInPool),
                -2 => Ok(Rel::Unjudged),
                g if g >= 0 => Ok(Rel::Judged(g)),
                other => Err(serde::de::Error::custom(format!(
                    "no relevance has code {other}"
                ))),
            })
            .collect()
    }

    #[cfg(test)]
    #[test]
    fn codes_round_trip() {
        let r = vec![
            Rel::Judged(0),
            Rel::NotInPool,
            Rel::Unjudged,
            Rel::Judged(3),
        ];
        let json = serde_json::to_string(&r.iter().map(code).collect::<Vec<_>>()).unwrap();
        assert_eq!(json, "[0,-1,-2,3]");
        let back = deserialize(&mut serde_json::Deserializer::from_str(&json)).unwrap();
        assert_eq!(back, r);
    }
}

/// A loaded file and what it was taken for.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct FileInfo {
    /// File name.
    pub name: String,
    /// Its format and role (`None`: not recognised).
    pub kind: Option<InputKind>,
    /// Whether it took part (a second qrels does not).
    pub used: bool,
    /// Size in bytes.
    pub bytes: u64,
    /// Kept on disk and read in chunks (see [`super::files::BIG_FILE_BYTES`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub big: bool,
}

/// Results of one source (typed text or files).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Part {
    /// Systems in input order.
    pub systems: Vec<SystemResult>,
    /// Located problems.
    pub errors: Vec<ParseError>,
    /// What the user must know (missing queries, ties, scale, ...).
    pub warnings: Vec<String>,
    /// The loaded files (files part only).
    pub files: Vec<FileInfo>,
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn listed(items: &[&str]) -> String {
    let shown: Vec<&str> = items.iter().take(5).copied().collect();
    let more = items.len().saturating_sub(5);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// Evaluates the typed rankings.
pub fn evaluate_typed(input: &QuickInput, metrics: &[Metric], options: &EvalOptions) -> Part {
    let ctx = EvalContext {
        max_grade: input.max_grade().unwrap_or(1).max(1),
        ..EvalContext::default()
    };
    let mut part = Part {
        errors: input.errors.clone(),
        ..Part::default()
    };
    for s in &input.systems {
        let queries: Vec<QueryResult> = s
            .queries
            .iter()
            .map(|q| {
                let judged = judge_typed(q, &options.conventions);
                let values = metrics.iter().map(|m| m.compute(&judged, &ctx)).collect();
                QueryResult::new(q.id.clone(), values, &judged, false)
            })
            .collect();
        let rows: Vec<Vec<f64>> = queries.iter().map(|q| q.values.clone()).collect();
        part.systems.push(SystemResult {
            name: s.name.clone(),
            source: Source::Typed,
            means: summaries(metrics, &rows),
            queries,
            max_grade: ctx.max_grade,
            refused: None,
        });
        for q in &s.queries {
            let over = q
                .retrieved
                .iter()
                .filter_map(|r| r.grade())
                .chain(q.unretrieved.iter().copied())
                .filter(|&g| g > options.scale_max)
                .max();
            if let Some(g) = over {
                part.warnings.push(format!(
                    "{}, {} (line {}): grade {g} is above the grade scale's maximum {}.",
                    s.name, q.id, q.line, options.scale_max
                ));
            }
        }
    }
    let with_queries: Vec<_> = input
        .systems
        .iter()
        .filter(|s| !s.queries.is_empty())
        .collect();
    for s in &with_queries {
        for other in &with_queries {
            let lacking: Vec<&str> = other
                .queries
                .iter()
                .map(|q| q.id.as_str())
                .filter(|id| !s.queries.iter().any(|q| q.id == *id))
                .collect();
            if !lacking.is_empty() && s.name != other.name {
                part.warnings.push(format!(
                    "{} has no {} that {} has ({}): their means are over different queries.",
                    s.name,
                    if lacking.len() == 1 {
                        "query"
                    } else {
                        "queries"
                    },
                    other.name,
                    listed(&lacking)
                ));
            }
        }
    }
    part
}

/// What the results must say when the systems' means are not over the same
/// queries, whatever the cause (typed systems with other queries, queries
/// missing from a run and skipped, a run covering other topics): each
/// system that lacks some of the queries the others have, with what it
/// lacks. `None` when every system with numbers has the same queries.
pub fn query_set_note(systems: &[SystemResult]) -> Option<String> {
    use std::collections::BTreeSet;
    let shown: Vec<&SystemResult> = systems.iter().filter(|s| !s.queries.is_empty()).collect();
    if shown.len() < 2 {
        return None;
    }
    let sets: Vec<BTreeSet<&str>> = shown
        .iter()
        .map(|s| s.queries.iter().map(|q| q.id.as_str()).collect())
        .collect();
    let all: BTreeSet<&str> = sets.iter().flatten().copied().collect();
    let lacking: Vec<String> = shown
        .iter()
        .zip(&sets)
        .filter(|(_, set)| set.len() < all.len())
        .map(|(s, set)| {
            let lacks: Vec<&str> = all.difference(set).copied().collect();
            format!(
                "{} has {} of the {} (lacks {})",
                s.name,
                set.len(),
                plural(all.len(), "query", "queries"),
                listed(&lacks)
            )
        })
        .collect();
    if lacking.is_empty() {
        return None;
    }
    Some(format!(
        "The means are over different queries: {}. Compare them with care; the statistics use the queries the systems share.",
        lacking.join("; ")
    ))
}

/// The judged ranking of a typed query under `conventions`: its relevance
/// level, and which judgments count ([`JudgedScope`]: all of the query's,
/// listed unretrieved ones included, or the retrieved documents' only, as
/// scikit-learn sees a ranking).
pub fn judge_typed(q: &QuickQuery, conventions: &Conventions) -> JudgedRanking {
    match conventions.judged_scope {
        JudgedScope::AllJudged => q.judged(conventions.relevance_level),
        JudgedScope::RetrievedOnly => JudgedRanking::new(
            q.retrieved.clone(),
            q.retrieved
                .iter()
                .filter_map(|r| r.grade())
                .collect::<Vec<_>>(),
            conventions.relevance_level,
        ),
    }
}

/// Parses the quick text of the state.
pub fn parse_typed(text: &str) -> QuickInput {
    parse_quick(QUICK_INPUT_NAME, text)
}

/// The loaded files by what they hold, told apart by content.
pub struct FileRoles<'f> {
    /// Each file's format and role, in load order (`None`: not recognised).
    pub kinds: Vec<Option<InputKind>>,
    /// The first qrels file: the one runs are evaluated against.
    pub qrels: Option<(&'f LoadedFile, InputKind)>,
    /// The runs, in load order.
    pub runs: Vec<(&'f LoadedFile, InputKind)>,
}

/// Classifies the loaded files.
pub fn file_roles(files: &[LoadedFile]) -> FileRoles<'_> {
    let kinds: Vec<Option<InputKind>> = files
        .iter()
        .map(|f| classify_input(&f.name, &f.text))
        .collect();
    let with_kind = || {
        files
            .iter()
            .zip(&kinds)
            .filter_map(|(f, k)| k.map(|k| (f, k)))
    };
    FileRoles {
        qrels: with_kind().find(|(_, k)| k.role == InputRole::Qrels),
        runs: with_kind()
            .filter(|(_, k)| k.role == InputRole::Run)
            .collect(),
        kinds,
    }
}

/// What a binary file's one problem expects.
pub const NOT_TEXT: &str = "a text file (TREC qrels or run, ranx JSON, TSV or CSV); this one holds binary data (a NUL byte here), so none of it is read";
/// What a text of no known format's problem expects.
pub const UNKNOWN_FORMAT: &str = "TREC qrels (qid iter docid grade), a TREC run (qid Q0 docid rank score tag), ranx JSON, or a TSV/CSV header naming query, doc and relevance or score columns";

/// The problem is a whole file left unread (binary, or of no known format).
pub fn is_unread_file(e: &ParseError) -> bool {
    e.expected == NOT_TEXT || e.expected == UNKNOWN_FORMAT
}

/// Lists the loaded files in `part` with what each was taken for, and says
/// which are not used: a second qrels file, or a text of no known format
/// (located at its first data line).
pub fn describe_files(files: &[LoadedFile], roles: &FileRoles<'_>, part: &mut Part) {
    for (f, &kind) in files.iter().zip(&roles.kinds) {
        let chosen_qrels = roles.qrels.is_some_and(|(q, _)| std::ptr::eq(q, f));
        let used = match kind {
            Some(k) if k.role == InputRole::Qrels && !chosen_qrels => {
                part.warnings.push(format!(
                    "{} is a second qrels file and is not used (the first one, {}, is).",
                    f.name,
                    roles.qrels.map_or("", |(q, _)| q.name.as_str())
                ));
                false
            }
            Some(_) => true,
            None if crate::binary_at(&f.text).is_some() => {
                let (line, column) = crate::binary_at(&f.text).unwrap_or((1, 1));
                part.errors
                    .push(ParseError::new(&f.name, line, column, NOT_TEXT, ""));
                false
            }
            None => {
                let line = f
                    .text
                    .lines()
                    .position(|l| !crate::is_skipped_line(l))
                    .map_or(1, |i| i + 1);
                part.errors.push(ParseError::new(
                    &f.name,
                    line,
                    1,
                    UNKNOWN_FORMAT,
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
pub fn check_grade_scale(part: &mut Part, qrels_name: &str, max_grade: i64, options: &EvalOptions) {
    if max_grade > options.scale_max {
        part.warnings.push(format!(
            "{qrels_name} has grades up to {max_grade}, above the grade scale's maximum {}.",
            options.scale_max
        ));
    }
}

/// The largest grade of the judgments (0 when there are none).
pub fn max_grade(qrels: &crate::Qrels<'_>) -> i64 {
    qrels
        .queries
        .values()
        .flat_map(|q| q.values())
        .copied()
        .max()
        .unwrap_or(0)
}

/// One run evaluated against the judgments, however it was read (whole or
/// streamed).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunOutcome {
    /// The run's name (its file name).
    pub name: String,
    /// Queries in qid order (byte-wise), missing ones included when scored 0.
    pub queries: Vec<QueryResult>,
    /// Qrels queries the run lacks.
    pub missing_queries: Vec<String>,
    /// Run queries the qrels lack (ignored).
    pub run_only_queries: Vec<String>,
    /// Repeated docids dropped.
    pub duplicates_dropped: usize,
    /// Queries whose equal scores were ordered by the tie convention.
    pub tied_queries: usize,
    /// Largest grade of the judgments.
    pub max_grade: i64,
    /// Located problems, in file order.
    pub errors: Vec<ParseError>,
    /// A repeated docid was refused: the run gets no numbers.
    #[cfg_attr(feature = "serde", serde(default))]
    pub refused: bool,
}

impl RunOutcome {
    /// The outcome of a run judged whole.
    pub fn from_judged(name: &str, judged: &crate::JudgedRun<'_>, metrics: &[Metric]) -> Self {
        let rows = per_query_values(judged, metrics);
        RunOutcome {
            name: name.to_string(),
            queries: judged
                .queries
                .iter()
                .zip(rows)
                .map(|(q, v)| QueryResult::new(q.qid.to_string(), v, &q.ranking, q.missing))
                .collect(),
            missing_queries: judged
                .missing_queries
                .iter()
                .map(|q| q.to_string())
                .collect(),
            run_only_queries: judged
                .run_only_queries
                .iter()
                .map(|q| q.to_string())
                .collect(),
            duplicates_dropped: judged.duplicates_dropped,
            tied_queries: judged.queries.iter().filter(|q| q.had_ties).count(),
            max_grade: judged.context.max_grade,
            errors: judged.errors.clone(),
            refused: judged.refused,
        }
    }
}

/// Why a refused run has no numbers: its first refused repeat, located,
/// and how many there are.
fn refusal_reason(errors: &[ParseError]) -> String {
    let refusals: Vec<&ParseError> = errors.iter().filter(|e| e.is_duplicate_refusal()).collect();
    let more = match refusals.len() {
        0 | 1 => String::new(),
        n => format!(" ({} more repeats)", n - 1),
    };
    match refusals.first() {
        Some(e) => format!(
            "No numbers: line {} repeats docid `{}` in one query, and the duplicates setting is \"refuse\" (as trec_eval){more}. Choose keep-first or keep-last in Settings to evaluate it.",
            e.line, e.found
        ),
        None => "No numbers: the run repeats a docid and the duplicates setting is \"refuse\".".into(),
    }
}

/// Adds a run's system, problems and warnings to `part`.
pub fn add_run(part: &mut Part, run: RunOutcome, metrics: &[Metric], options: &EvalOptions) {
    let name = &run.name;
    if run.refused {
        part.systems.push(SystemResult {
            refused: Some(refusal_reason(&run.errors)),
            name: run.name,
            source: Source::File,
            means: vec![f64::NAN; metrics.len()],
            queries: Vec::new(),
            max_grade: run.max_grade,
        });
        part.errors.extend(run.errors);
        return;
    }
    part.errors.extend(run.errors);
    if !run.missing_queries.is_empty() {
        let n = run.missing_queries.len();
        let missing: Vec<&str> = run.missing_queries.iter().map(String::as_str).collect();
        part.warnings.push(format!(
            "{name}: {} of the qrels missing from the run ({}); {}.",
            plural(n, "query", "queries"),
            listed(&missing),
            options.conventions.missing_queries.label()
        ));
    }
    if !run.run_only_queries.is_empty() {
        let only: Vec<&str> = run.run_only_queries.iter().map(String::as_str).collect();
        part.warnings.push(format!(
            "{name}: {} without judgments ignored ({}).",
            plural(only.len(), "query", "queries"),
            listed(&only)
        ));
    }
    if run.duplicates_dropped > 0 {
        part.warnings.push(format!(
            "{name}: {} of repeated docids dropped ({}).",
            plural(run.duplicates_dropped, "line", "lines"),
            options.conventions.duplicates.label()
        ));
    }
    if run.tied_queries > 0 {
        let evaluated = run.queries.iter().filter(|q| !q.missing).count();
        part.warnings.push(format!(
            "{name}: equal scores in {} of {evaluated} queries, ordered by the tie setting: {}.",
            run.tied_queries,
            options.conventions.tie_break.label()
        ));
    }
    let rows: Vec<Vec<f64>> = run.queries.iter().map(|q| q.values.clone()).collect();
    part.systems.push(SystemResult {
        name: run.name,
        source: Source::File,
        means: summaries(metrics, &rows),
        queries: run.queries,
        max_grade: run.max_grade,
        refused: None,
    });
}

/// Evaluates every run file against the first qrels file.
pub fn evaluate_files(files: &[LoadedFile], metrics: &[Metric], options: &EvalOptions) -> Part {
    let mut part = Part::default();
    let roles = file_roles(files);
    describe_files(files, &roles, &mut part);
    let runs = roles.runs;
    let Some((qrels_file, qrels_kind)) = roles.qrels else {
        if !runs.is_empty() {
            part.warnings.push(NO_QRELS.into());
        }
        for (run, kind) in runs {
            part.errors
                .extend(parse_run_as(kind.format, &run.name, &run.text).errors);
        }
        return part;
    };
    let qrels = parse_qrels_as(qrels_kind.format, &qrels_file.name, &qrels_file.text);
    part.errors.extend(qrels.errors.iter().cloned());
    check_grade_scale(&mut part, &qrels_file.name, max_grade(&qrels), options);
    let conventions = options.conventions;
    for (run_file, kind) in runs {
        let run = parse_run_as(kind.format, &run_file.name, &run_file.text);
        part.errors.extend(run.errors.iter().cloned());
        let judged = judge(&qrels, &run, &conventions);
        add_run(
            &mut part,
            RunOutcome::from_judged(&run_file.name, &judged, metrics),
            metrics,
            options,
        );
    }
    part
}

/// The warning shown when runs are loaded without judgments.
pub const NO_QRELS: &str = "Add a qrels file: runs are evaluated against its judgments.";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::test_support::{default_metrics, shared};
    use crate::{Conventions, DuplicatePolicy, MissingQueries};

    fn file(name: &str, text: &str) -> LoadedFile {
        LoadedFile::whole(name, text)
    }

    #[test]
    fn typed_warnings_name_scale_and_query_set_problems() {
        let s = EvalOptions {
            scale_max: 1,
            ..EvalOptions::default()
        };
        let m = default_metrics();
        let e = evaluate_typed(&parse_typed("[A]\nq1: 2 0\nq2: 1\n[B]\nq1: 1\n"), &m, &s);
        assert_eq!(e.warnings.len(), 2, "{:?}", e.warnings);
        assert!(e.warnings[0].contains("A, q1 (line 2): grade 2 is above"));
        assert!(e.warnings[1].starts_with("B has no query that A has (q2)"));
    }

    #[test]
    fn trec_eval_test_files_give_trec_eval_values() {
        let s = EvalOptions::default();
        let m = default_metrics();
        let files = [
            file("results.test", &shared("results.test")),
            file("qrels.test", &shared("qrels.test")),
        ];
        let e = evaluate_files(&files, &m, &s);
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        // out.test: map 0.1785, recip_rank 0.4064, P_10 0.3000 over 3 queries.
        let run = &e.systems[0];
        assert_eq!(run.queries.len(), 3);
        assert_eq!(crate::f4(run.means[1]), "0.1785");
        assert_eq!(crate::f4(run.means[0]), "0.4064");
        assert_eq!(crate::f4(run.means[3]), "0.3000");
    }

    #[test]
    fn json_and_csv_inputs_warnings_and_conventions() {
        let qrels = file("q.json", r#"{"q1": {"a": 1, "b": 0}, "q2": {"c": 1}}"#);
        let run = file("r.csv", "query,doc,score\nq1,b,2\nq1,a,2\nq1,a,1\nq9,x,1\n");
        let s = EvalOptions {
            conventions: Conventions {
                duplicates: DuplicatePolicy::KeepFirst,
                missing_queries: MissingQueries::ScoreZero,
                ..Conventions::default()
            },
            ..EvalOptions::default()
        };
        let m = default_metrics();
        let e = evaluate_files(&[qrels, run], &m, &s);
        assert!(e.errors.is_empty(), "{:?}", e.errors);
        let sys = &e.systems[0];
        // Tie at score 2: trec_eval's order puts b before a, so RR(q1) = 1/2;
        // q2 is missing and scored 0.
        assert_eq!(sys.queries.len(), 2);
        assert_eq!(sys.queries[0].values[0], 0.5);
        assert!(sys.queries[1].missing);
        assert_eq!(sys.means[0], 0.25);
        let w = e.warnings.join("\n");
        assert!(
            w.contains("r.csv: 1 query of the qrels missing from the run (q2); scored 0"),
            "{w}"
        );
        assert!(
            w.contains("r.csv: 1 query without judgments ignored (q9)"),
            "{w}"
        );
        assert!(
            w.contains("r.csv: 1 line of repeated docids dropped (keep the first line)"),
            "{w}"
        );
        assert!(
            w.contains("r.csv: equal scores in 1 of 1 queries, ordered by the tie setting: docid descending (trec_eval)."),
            "{w}"
        );
    }

    #[test]
    fn a_repeated_line_refuses_the_whole_run_and_the_results_say_why() {
        // trec_eval's results.test with one line repeated (line 2 again at
        // the end of query 301's block): trec_eval refuses the run. Before,
        // query 301 silently vanished and the damaged run looked best.
        let results = shared("results.test");
        let lines: Vec<&str> = results.lines().collect();
        let mut damaged: Vec<&str> = lines.clone();
        damaged.insert(2, lines[1]);
        let damaged = damaged.join("\n") + "\n";
        let files = [
            file("qrels.test", &shared("qrels.test")),
            file("clean", &results),
            file("damaged", &damaged),
        ];
        let s = EvalOptions::default();
        let m = default_metrics();
        let e = evaluate_files(&files, &m, &s);
        let clean = &e.systems[0];
        let bad = &e.systems[1];
        assert_eq!(crate::f4(clean.means[1]), "0.1785");
        assert!(bad.queries.is_empty(), "a refused run has no numbers");
        let why = bad.refused.as_deref().unwrap();
        assert!(why.starts_with("No numbers: line 3 repeats docid"), "{why}");
        assert_eq!(e.errors.len(), 1);
        assert!(e.errors[0].is_duplicate_refusal());
        assert_eq!(e.errors[0].line, 3);
        // keep-first and keep-last keep all three queries.
        for duplicates in [DuplicatePolicy::KeepFirst, DuplicatePolicy::KeepLast] {
            let s = EvalOptions {
                conventions: Conventions {
                    duplicates,
                    ..Conventions::default()
                },
                ..EvalOptions::default()
            };
            let e = evaluate_files(&files, &m, &s);
            assert_eq!(e.systems[1].queries.len(), 3, "{duplicates:?}");
            assert_eq!(e.systems[1].means, e.systems[0].means, "{duplicates:?}");
        }
    }

    #[test]
    fn different_query_sets_are_said_next_to_the_table() {
        let s = EvalOptions::default();
        let m = default_metrics();
        // A run without query 303 and missing queries skipped.
        let results = shared("results.test");
        let short: String = results
            .lines()
            .filter(|l| !l.starts_with("303\t"))
            .map(|l| format!("{l}\n"))
            .collect();
        let files = [
            file("qrels.test", &shared("qrels.test")),
            file("full", &results),
            file("short", &short),
        ];
        let e = evaluate_files(&files, &m, &s);
        assert_eq!(
            query_set_note(&e.systems).as_deref(),
            Some("The means are over different queries: short has 2 of the 3 queries (lacks 303). Compare them with care; the statistics use the queries the systems share.")
        );
        // Scored 0 instead (trec_eval -c): the same queries, no note.
        let s = EvalOptions {
            conventions: Conventions {
                missing_queries: MissingQueries::ScoreZero,
                ..Conventions::default()
            },
            ..EvalOptions::default()
        };
        let e = evaluate_files(&files, &m, &s);
        assert_eq!(query_set_note(&e.systems), None);
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
        assert_eq!(e.errors[0].to_string(), "a.out:1:8: expected a text file (TREC qrels or run, ranx JSON, TSV or CSV); this one holds binary data (a NUL byte here), so none of it is read, found end of line");
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
        assert!(e.warnings[0].contains("Add a qrels file"));
    }
}
