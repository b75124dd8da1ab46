// Ranklab's worker for big files: loads the worker build (ranklab-worker,
// written by scripts/build) and lets it answer the page (src/big_files/worker.rs).
// A worker that cannot start says so; the page then evaluates by itself.
import init from './ranklab-worker.js';

// Its failure is text (the worker's replies are bytes): the page reads it
// as the worker's Reply::Failed.
init({ module_or_path: './ranklab-worker_bg.wasm' }).catch((e) => postMessage(String(e)));
