//! Ranklab's worker: evaluates big files for the page (see
//! `ranklab_app::big_files::worker`). Loaded by `worker.js` in a dedicated worker.
#![forbid(unsafe_code)]

fn main() {
    ranklab_app::big_files::worker::serve();
}
