//! One query's whole judged ranking found again (the evaluation keeps only
//! its first ranks), for its step-by-step explanation.

use std::io::Read;

use super::files::LoadedFile;
use super::reading::{read_whole, Meter, Open, Progress, READ_CHUNK};
use super::roles::file_roles;
use super::stream::{judge_chunk, QueryChunk, QueryChunker};
use super::EvalOptions;
use crate::{
    judge, missing_query_ranking, parse_qrels_as, parse_run_as, ByteLines, EvalContext,
    InputFormat, JudgedRanking, MissingQueries, Rel,
};

/// One query's judged ranking and evaluation context, between threads
/// (what an explanation needs).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub struct FoundQuery {
    #[cfg_attr(feature = "serde", serde(with = "super::results::rel_codes"))]
    ranked: Vec<Rel>,
    levels: Vec<(i64, usize)>,
    relevance_level: i64,
    tie_groups: Vec<(usize, usize)>,
    max_grade: i64,
}

impl FoundQuery {
    fn new(r: JudgedRanking, context: &EvalContext) -> Self {
        FoundQuery {
            levels: r.level_counts.into_iter().collect(),
            ranked: r.ranked,
            relevance_level: r.relevance_level,
            tie_groups: r.tie_groups.into_iter().map(|g| (g.start, g.end)).collect(),
            max_grade: context.max_grade,
        }
    }

    /// The ranking and context back.
    pub fn into_parts(self) -> (JudgedRanking, EvalContext) {
        (
            JudgedRanking {
                ranked: self.ranked,
                level_counts: self.levels.into_iter().collect(),
                relevance_level: self.relevance_level,
                tie_groups: self.tie_groups.into_iter().map(|(a, b)| a..b).collect(),
            },
            EvalContext {
                max_grade: self.max_grade,
                ..EvalContext::default()
            },
        )
    }
}

/// Reads the run named `run` again to find query `qid`'s whole judged
/// ranking (the evaluation kept only its first ranks): streamed when the
/// run is a grouped TREC run, read whole otherwise. A query the run lacks
/// is ranked empty when missing queries score 0, `None` otherwise.
pub fn find_query(
    files: &[LoadedFile],
    open: &mut Open<'_>,
    options: &EvalOptions,
    run: &str,
    qid: &str,
) -> Result<Option<FoundQuery>, String> {
    let roles = file_roles(files);
    let (qrels_file, qrels_kind) = roles.qrels.ok_or(
        "no qrels file (preference and judgment-group measures are explained in their own table)",
    )?;
    let (run_file, run_kind) = roles
        .runs
        .iter()
        .copied()
        .find(|(f, _)| f.name == run)
        .ok_or_else(|| format!("{run} is no longer loaded"))?;
    let mut quiet = |_: &Progress| {};
    let mut meter = Meter {
        now: Progress::default(),
        tell: &mut quiet,
    };
    let qrels_text = read_whole(qrels_file, open, &mut meter).map_err(|e| e.to_string())?;
    let qrels = parse_qrels_as(qrels_kind.format, &qrels_file.name, &qrels_text);
    let conventions = options.conventions;
    let context = EvalContext::from_qrels(&qrels);
    let whole =
        |open: &mut Open<'_>, meter: &mut Meter<'_>| -> Result<Option<FoundQuery>, String> {
            let text = read_whole(run_file, open, meter).map_err(|e| e.to_string())?;
            let run = parse_run_as(run_kind.format, &run_file.name, &text);
            let judged = judge(&qrels, &run, &conventions);
            Ok(judged
                .queries
                .into_iter()
                .find(|q| q.qid == qid)
                .map(|q| FoundQuery::new(q.ranking, &context)))
        };
    if run_file.big.is_none() || run_kind.format != InputFormat::Trec {
        return whole(open, &mut meter);
    }
    let mut reader = open(run_file, 0);
    let mut buf = vec![0; READ_CHUNK];
    let mut lines = ByteLines::new();
    let mut chunker = QueryChunker::new();
    let mut found = None;
    let take = |chunk: Option<QueryChunk>, found: &mut Option<QueryChunk>| {
        if let Some(c) = chunk.filter(|c| c.qid == qid) {
            *found = Some(c);
        }
    };
    loop {
        let n = reader.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        lines.push(&buf[..n], |line, _| {
            take(chunker.push_line(line), &mut found)
        });
        if chunker.ungrouped() {
            return whole(open, &mut meter);
        }
    }
    lines.finish(|line, _| take(chunker.push_line(line), &mut found));
    take(chunker.finish(), &mut found);
    if chunker.ungrouped() {
        return whole(open, &mut meter);
    }
    let ranking = match found {
        Some(chunk) => judge_chunk(&run_file.name, &qrels, &conventions, &chunk).result,
        // A query the run lacks is ranked empty when it scores 0, as `judge` does.
        None if conventions.missing_queries == MissingQueries::ScoreZero => qrels
            .queries
            .get(qid)
            .map(|j| missing_query_ranking(j, &conventions)),
        None => None,
    };
    Ok(ranking.map(|r| FoundQuery::new(r, &context)))
}
