// Ranklab's worker for big files: loads the worker build (ranklab-worker,
// written by scripts/build) and lets it answer the page (src/files/worker.rs).
// A worker that cannot start says so; the page then evaluates by itself.
import init from './ranklab-worker.js';

// Its failure is the worker's Reply::Failed, as serde writes it.
init({ module_or_path: './ranklab-worker_bg.wasm' }).catch((e) => postMessage(JSON.stringify({ Failed: String(e) })));
