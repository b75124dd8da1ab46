//! One query's whole judged ranking found again (the evaluation keeps only
//! its first ranks), for its step-by-step explanation.

use super::files::LoadedFile;
use super::reading::{read_whole, Meter, Open, Progress, READ_CHUNK};
use super::roles::file_roles;
use super::stream::{judge_chunk, QueryChunk, QueryChunker};
use super::EvalOptions;
use crate::byte_lines::ByteLines;
use crate::conventions::MissingQueries;
use crate::formats::inputs::{parse_qrels_as, parse_run_as, InputFormat};
use crate::formats::trec::{parse_run_line, RunEntry};
use crate::judged::{JudgedRanking, Rel, TieLayout};
use crate::measures::EvalContext;
use crate::pipeline::judge::{judge, missing_query_ranking, rank_entries};

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
    /// Docid and score of each ranked document, in rank order (empty for
    /// a query the run lacks).
    #[cfg_attr(feature = "serde", serde(default))]
    docs: Vec<(String, f64)>,
    /// The other orders its equal scores allow (for the tie range).
    /// Always written: the workers' compact messages skip no field.
    #[cfg_attr(feature = "serde", serde(default))]
    tie_layout: Option<Box<TieLayout>>,
}

impl FoundQuery {
    fn new(r: JudgedRanking, context: &EvalContext, docs: Vec<(String, f64)>) -> Self {
        FoundQuery {
            docs,
            levels: r.level_counts.into_iter().collect(),
            ranked: r.ranked,
            relevance_level: r.relevance_level,
            tie_groups: r.tie_groups.into_iter().map(|g| (g.start, g.end)).collect(),
            max_grade: context.max_grade,
            tie_layout: r.tie_layout,
        }
    }

    /// Docid and score of each ranked document, in rank order.
    pub fn docs(&self) -> &[(String, f64)] {
        &self.docs
    }

    /// The ranking and context back.
    pub fn into_parts(self) -> (JudgedRanking, EvalContext) {
        (
            JudgedRanking {
                ranked: self.ranked,
                level_counts: self.levels.into_iter().collect(),
                relevance_level: self.relevance_level,
                tie_groups: self.tie_groups.into_iter().map(|(a, b)| a..b).collect(),
                tie_layout: self.tie_layout,
            },
            EvalContext {
                max_grade: self.max_grade,
                ..EvalContext::default()
            },
        )
    }
}

/// Why a query's whole ranking could not be found again. Data, not words:
/// a worker sends it as it is, and the page says it ([`fmt::Display`]), so
/// the worker carries no message of the parse errors it may hold.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq)]
pub enum FindProblem {
    /// No qrels file was loaded.
    NoQrels,
    /// The run named is no longer loaded.
    Gone(String),
    /// A file could not be read, where.
    Unreadable(crate::error::ParseError),
    /// The run's bytes stopped coming (the reader's message).
    Stopped(String),
}

impl std::fmt::Display for FindProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FindProblem::NoQrels => f.write_str(
                "no qrels file (preference and judgment-group measures are explained in their own table)",
            ),
            FindProblem::Gone(run) => write!(f, "{run} is no longer loaded"),
            FindProblem::Unreadable(e) => e.fmt(f),
            FindProblem::Stopped(why) => f.write_str(why),
        }
    }
}

/// Reads the run named `run` again to find query `qid`'s whole judged
/// ranking (the evaluation kept only its first ranks): streamed when the
/// run is a grouped TREC run, read whole otherwise. A query the run lacks
/// is ranked empty when missing queries score 0, `None` otherwise.
pub async fn find_query(
    files: &[LoadedFile],
    open: &mut Open<'_>,
    options: &EvalOptions,
    run: &str,
    qid: &str,
) -> Result<Option<FoundQuery>, FindProblem> {
    let roles = file_roles(files);
    let (qrels_file, qrels_kind) = roles.qrels.ok_or(FindProblem::NoQrels)?;
    let (run_file, run_kind) = roles
        .runs
        .iter()
        .copied()
        .find(|(f, _)| f.name == run)
        .ok_or_else(|| FindProblem::Gone(run.to_string()))?;
    let mut quiet = |_: &Progress| {};
    let mut meter = Meter {
        now: Progress::default(),
        tell: &mut quiet,
    };
    let qrels_text = read_whole(qrels_file, open, &mut meter)
        .await
        .map_err(FindProblem::Unreadable)?;
    let qrels = parse_qrels_as(qrels_kind.format, &qrels_file.name, &qrels_text);
    let conventions = options.conventions;
    let context = EvalContext::from_qrels(&qrels);
    let whole =
        |text: Result<String, crate::error::ParseError>| -> Result<Option<FoundQuery>, FindProblem> {
            let text = text.map_err(FindProblem::Unreadable)?;
            let run = parse_run_as(run_kind.format, &run_file.name, &text);
            let judged = judge(&qrels, &run, &conventions);
            let docs = run
                .queries
                .get(qid)
                .map(|e| ranked_docs(&run_file.name, qid, e, &conventions))
                .unwrap_or_default();
            Ok(judged
                .queries
                .into_iter()
                .find(|q| q.qid == qid)
                .map(|q| FoundQuery::new(q.ranking, &context, docs)))
        };
    if run_file.big.is_none() || run_kind.format != InputFormat::Trec {
        return whole(read_whole(run_file, open, &mut meter).await);
    }
    let mut reader = open(run_file, 0);
    let mut buf = vec![0; READ_CHUNK];
    let mut lines = ByteLines::from_offset(0);
    let mut chunker = QueryChunker::new();
    let mut found = None;
    let take = |chunk: Option<QueryChunk>, found: &mut Option<QueryChunk>| {
        if let Some(c) = chunk.filter(|c| c.qid == qid) {
            *found = Some(c);
        }
    };
    loop {
        let n = reader
            .read(&mut buf)
            .await
            .map_err(|e| FindProblem::Stopped(e.to_string()))?;
        if n == 0 {
            break;
        }
        lines.push(&buf[..n], |line, _| {
            take(chunker.push_line(line), &mut found)
        });
        if chunker.ungrouped() {
            return whole(read_whole(run_file, open, &mut meter).await);
        }
    }
    lines.finish(|line, _| take(chunker.push_line(line), &mut found));
    take(chunker.finish(), &mut found);
    if chunker.ungrouped() {
        return whole(read_whole(run_file, open, &mut meter).await);
    }
    let mut docs = Vec::new();
    let ranking = match found {
        Some(chunk) => {
            let entries: Vec<RunEntry<'_>> = chunk
                .lines
                .iter()
                .filter_map(|&(start, end, n)| {
                    parse_run_line(&run_file.name, n, &chunk.text[start..end]).ok()
                })
                .map(|l| l.entry)
                .collect();
            docs = ranked_docs(&run_file.name, qid, &entries, &conventions);
            judge_chunk(&run_file.name, &qrels, &conventions, &chunk).result
        }
        // A query the run lacks is ranked empty when it scores 0, as `judge` does.
        None if conventions.missing_queries == MissingQueries::ScoreZero => qrels
            .queries
            .get(qid)
            .map(|j| missing_query_ranking(j, &conventions)),
        None => None,
    };
    Ok(ranking.map(|r| FoundQuery::new(r, &context, docs)))
}

/// Docid and score of a query's ranked lines, in the order the query is
/// judged in ([`rank_entries`], the judge's own ranking).
fn ranked_docs(
    input: &str,
    qid: &str,
    entries: &[RunEntry<'_>],
    conventions: &crate::conventions::Conventions,
) -> Vec<(String, f64)> {
    rank_entries(input, qid, entries, conventions)
        .kept
        .iter()
        .map(|e| (e.docid.to_string(), e.score))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::test_support::{file, shared};
    use crate::session::{block_on, BigFile, ByteSource, LoadedFile, Ready};

    /// Query 302's first docids by a plain sort of its lines: score
    /// descending, equal scores by docid descending (trec_eval's order).
    fn by_hand(run: &str, qid: &str) -> Vec<(String, f64)> {
        let mut lines: Vec<(String, f64)> = run
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .filter(|f| f.len() == 6 && f[0] == qid)
            .map(|f| (f[2].to_string(), f[4].parse().unwrap()))
            .collect();
        lines.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.0.cmp(&a.0)));
        lines
    }

    #[test]
    fn a_found_query_lists_its_docids_and_scores_in_rank_order() {
        let run = shared("results.test");
        let expected = by_hand(&run, "302");
        assert!(expected.len() > 100);
        let whole = [
            file("qrels.test", &shared("qrels.test")),
            file("results.test", &run),
        ];
        let mut big_run = file("results.test", &run);
        big_run.big = Some(BigFile {
            key: "results.test".into(),
            bytes: run.len() as u64,
        });
        let streamed = [whole[0].clone(), big_run];
        for files in [&whole[..], &streamed[..]] {
            let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
                Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from))
            };
            let found = block_on(find_query(
                files,
                &mut open,
                &EvalOptions::default(),
                "results.test",
                "302",
            ))
            .unwrap()
            .unwrap();
            assert_eq!(found.docs(), &expected[..]);
            let (ranking, _) = found.into_parts();
            assert_eq!(ranking.ranked.len(), expected.len());
        }
    }
}
