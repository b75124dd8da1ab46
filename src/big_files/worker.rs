//! The worker side of big-file evaluation. `worker.js` loads the worker
//! build (`src/bin/ranklab-worker.rs`, optimised for speed) in a dedicated
//! worker, whose `main` calls [`serve`]: it answers each request of
//! [`crate::big_files::files_job`] with progress messages and then the results.
//! Big files are read by [`crate::big_files::blob_reading`].

use std::collections::HashMap;

use js_sys::{Array, ArrayBuffer, Object, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, DedicatedWorkerGlobalScope, MessageEvent};

use crate::big_files::blob_reading::open_blob;
use crate::model::state::LoadedFile;
use crate::settings::request::{EvalRequest, RequestBasis};
use crate::shared::evaluation::{
    evaluate_shard_handing, find_query, ByteSource, FoundQuery, Progress, QrelsHandover, Ready,
    Shard, ShardReply,
};

/// What the page asks of a worker, as JSON in the message's `request`
/// field (big files' `Blob`s travel beside it, in `blobs`, by key).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Request {
    /// Evaluate this shard's share of the files.
    Evaluate {
        /// The loaded files (big ones by key).
        files: Vec<LoadedFile>,
        /// The request's basis (the worker makes the page's request from it).
        basis: RequestBasis,
        /// Which part of the big runs.
        shard: Shard,
        /// Whether to hand the qrels' judgments, once parsed, to the page
        /// for the other workers (the first of several), as an
        /// `ArrayBuffer` in a message's `qrels` field: they then come to
        /// the others in their request's `qrels` field, and the others
        /// read no qrels.
        #[serde(default)]
        give_qrels: bool,
    },
    /// Find one query's whole ranking in a run (for its explanation).
    Explain {
        /// The loaded files (big ones by key).
        files: Vec<LoadedFile>,
        /// The request's basis: its conventions judge the run.
        basis: RequestBasis,
        /// The run's name.
        run: String,
        /// The query.
        qid: String,
    },
}

/// What a worker says, as JSON text.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum Reply {
    /// It has started and takes requests (its first message).
    Ready,
    /// It could not start (sent by `worker.js`, which writes this variant's
    /// JSON by hand: `{"Failed": "why"}`).
    Failed(String),
    /// How far it got.
    Progress(Progress),
    /// What its shard found.
    Done(ShardReply),
    /// The query asked for (`explain` requests): its ranking, `None` when
    /// the run lacks it, or why it could not be read.
    Found(Result<Option<FoundQuery>, String>),
}

impl Reply {
    /// A message from a worker, read (an unreadable one is `Failed`).
    pub fn read(data: &JsValue) -> Reply {
        match data.as_string() {
            Some(text) => serde_json::from_str(&text)
                .unwrap_or_else(|e| Reply::Failed(format!("unreadable answer from a worker: {e}"))),
            None => Reply::Failed("a worker sent something that is not text".into()),
        }
    }
}

fn field(data: &JsValue, name: &str) -> JsValue {
    Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Answers one request: a [`Request`] as JSON in `request`, and `blobs`,
/// an object from big-file keys to their `Blob`s.
async fn answer(scope: &DedicatedWorkerGlobalScope, data: &JsValue) -> Result<(), String> {
    let request: Request =
        serde_json::from_str(&field(data, "request").as_string().unwrap_or_default())
            .map_err(|e| format!("bad request to the worker: {e}"))?;
    let (Request::Evaluate { files, basis, .. } | Request::Explain { files, basis, .. }) = &request;
    let eval = EvalRequest::new(basis.clone());
    let blob_values = field(data, "blobs");
    let blobs: HashMap<String, Blob> = files
        .iter()
        .filter_map(|f| f.big.as_ref())
        .filter_map(|b| {
            field(&blob_values, &b.key)
                .dyn_into::<Blob>()
                .ok()
                .map(|blob| (b.key.clone(), blob))
        })
        .collect();
    let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
        match f.big.as_ref().and_then(|b| blobs.get(&b.key)) {
            Some(blob) => open_blob(blob, from),
            None => Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from)),
        }
    };
    let post = |reply: &Reply| post(scope, reply);
    match &request {
        Request::Explain { run, qid, .. } => {
            post(&Reply::Found(
                find_query(files, &mut open, &eval.options, run, qid).await,
            ));
        }
        Request::Evaluate {
            shard, give_qrels, ..
        } => {
            let mut last_told = f64::NEG_INFINITY;
            // Judgments handed over from the first worker, copied into
            // this worker's memory.
            let given = field(data, "qrels")
                .dyn_into::<ArrayBuffer>()
                .ok()
                .map(|b| Uint8Array::new(&b).to_vec());
            let mut give = |bytes: Vec<u8>| give_judgments(scope, &bytes);
            let handover = match (&given, give_qrels) {
                (Some(bytes), _) => QrelsHandover::Given(bytes),
                (None, true) => QrelsHandover::Give(&mut give),
                (None, false) => QrelsHandover::Parse,
            };
            let reply = evaluate_shard_handing(
                files,
                &mut open,
                &eval.metrics,
                &eval.options,
                *shard,
                handover,
                &mut |p| {
                    // At most ten progress messages a second: a stream's
                    // reads can be small and many.
                    let now = js_sys::Date::now();
                    if now - last_told >= 100.0 {
                        last_told = now;
                        post(&Reply::Progress(p.clone()));
                    }
                },
            )
            .await;
            post(&Reply::Done(reply));
        }
    }
    Ok(())
}

/// Posts the qrels' judgments (bytes of the core's qrels table) to the
/// page as `{ qrels: ArrayBuffer }`, the buffer transferred, not copied.
fn give_judgments(scope: &DedicatedWorkerGlobalScope, bytes: &[u8]) {
    let buffer = Uint8Array::from(bytes).buffer();
    let message = Object::new();
    let _ = Reflect::set(&message, &JsValue::from_str("qrels"), &buffer);
    let _ = scope.post_message_with_transfer(&message, &Array::of1(&buffer));
}

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    if let Ok(json) = serde_json::to_string(reply) {
        let _ = scope.post_message(&JsValue::from_str(&json));
    }
}

/// Serves requests until the page terminates the worker.
pub fn serve() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let me = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let me = me.clone();
        // Reads wait for the browser: the answer runs on the worker's
        // event loop.
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(problem) = answer(&me, &e.data()).await {
                post(&me, &Reply::Failed(problem));
            }
        });
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its handler.
    on_message.forget();
    post(&scope, &Reply::Ready);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_protocol_round_trips_and_reads_worker_js_failure() {
        let r = Request::Explain {
            files: vec![LoadedFile::whole("run", "q Q0 d 1 2 t\n")],
            basis: RequestBasis::of(&crate::settings::Settings::default()),
            run: "run".into(),
            qid: "q".into(),
        };
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), r);
        // worker.js writes `JSON.stringify({ Failed: String(e) })`.
        assert!(matches!(
            serde_json::from_str::<Reply>(r#"{"Failed":"CompileError: x"}"#),
            Ok(Reply::Failed(why)) if why == "CompileError: x"
        ));
        assert_eq!(serde_json::to_string(&Reply::Ready).unwrap(), r#""Ready""#);
    }
}
