//! Files evaluated where the page stays responsive: at once on the page when
//! all are held as text, else in Web Workers (one per core for a big TREC
//! run) that read big files from disk, with a typed protocol; the files'
//! results hook over them.

pub mod blob_reading;
pub mod blobs;
pub mod file_results;
pub mod files_job;
pub mod worker;
