//! The judged ranking behind one shown value, found again on demand for
//! its explanation (the results keep only part of each ranking): from the
//! typed text, or from the files, parsed again under the page's settings.

use crate::shared::evaluation::{
    block_on, find_query, judge_typed, parse_typed, ByteSource, EvalContext, EvalOptions,
    FoundQuery, JudgedRanking, LoadedFile, Ready, Source,
};

/// A query's judged ranking, its evaluation context, and (for a run file)
/// the docid and score of each ranked document.
pub type QueryFound = (JudgedRanking, EvalContext, Vec<(String, f64)>);

/// A found query's parts.
pub fn found_parts(found: FoundQuery) -> QueryFound {
    let docs = found.docs().to_vec();
    let (ranking, context) = found.into_parts();
    (ranking, context, docs)
}

/// The judged ranking behind one query of one system, and its evaluation
/// context, found again on demand (explanations need the whole ranking,
/// which the results keep only in part). Files are parsed again.
pub fn judged_query(
    text: &str,
    files: &[LoadedFile],
    options: &EvalOptions,
    system: &str,
    source: &Source,
    qid: &str,
) -> Option<QueryFound> {
    match source {
        Source::Typed => {
            let input = parse_typed(text);
            let ctx = EvalContext {
                max_grade: input.max_grade().unwrap_or(1).max(1),
                ..EvalContext::default()
            };
            let s = input.systems.iter().find(|s| s.name == system)?;
            let q = s.queries.iter().find(|q| q.id == qid)?;
            Some((judge_typed(q, &options.conventions), ctx, Vec::new()))
        }
        // The first module holds no files (it hands them over).
        Source::File if crate::shared::first_module::FIRST => None,
        Source::File => {
            // Files held as text (big ones are found by a worker, see
            // `files_job::ExplainJob`, with the same `find_query`).
            let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
                Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from))
            };
            // Texts never wait: found in place.
            block_on(find_query(files, &mut open, options, system, qid))
                .ok()
                .flatten()
                .map(found_parts)
        }
    }
}
