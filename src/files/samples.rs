//! Three small TREC files that ship with the app, for a first try of the
//! files door without files of one's own: a qrels judging 12 documents
//! for each of 8 queries (grades 0 to 2), and two runs of 15 documents per
//! query, `bm25` with distinct scores and `dense` with two tied pairs per
//! query (so the tie range has something to show). Made up for Ranklab;
//! `static/samples/` holds them as files too.

use crate::model::state::LoadedFile;

/// The sample files, as if read from disk.
pub fn sample_files() -> Vec<LoadedFile> {
    vec![
        LoadedFile::whole(
            "judgments.qrels",
            include_str!("../../static/samples/judgments.qrels"),
        ),
        LoadedFile::whole("bm25.run", include_str!("../../static/samples/bm25.run")),
        LoadedFile::whole("dense.run", include_str!("../../static/samples/dense.run")),
    ]
}
