//! Ranklab's worker: evaluates big files for the page (see
//! `ranklab_app::files::worker`). Loaded by `worker.js` in a dedicated worker.
#![forbid(unsafe_code)]

fn main() {
    ranklab_app::files::worker::serve();
}
