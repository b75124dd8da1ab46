//! The worker side of big-file evaluation. `worker.js` loads the worker
//! build (`src/bin/ranklab-worker.rs`, optimised for speed) in a dedicated
//! worker, whose `main` calls [`serve`]: it answers each request of
//! [`crate::files_job`] with progress messages and then the results. Files are read in slices with `FileReaderSync` (allowed in
//! workers), so the page's thread never waits for them.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, DedicatedWorkerGlobalScope, FileReaderSync, MessageEvent};

use crate::evaluation::{evaluate_shard, find_query, FoundQuery, Progress, Shard, ShardReply};
use crate::settings::Settings;
use crate::state::LoadedFile;

/// What the page asks of a worker, as JSON in the message's `request`
/// field (big files' `Blob`s travel beside it, in `blobs`, by key).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Request {
    /// Evaluate this shard's share of the files.
    Evaluate {
        /// The loaded files (big ones by key).
        files: Vec<LoadedFile>,
        /// The settings to evaluate under.
        settings: Settings,
        /// Which part of the big runs.
        shard: Shard,
    },
    /// Find one query's whole ranking in a run (for its explanation).
    Explain {
        /// The loaded files (big ones by key).
        files: Vec<LoadedFile>,
        /// The settings to judge under.
        settings: Settings,
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

/// Reads a `Blob` from its start, one slice per call.
struct BlobReader {
    blob: Blob,
    at: f64,
    reader: Option<FileReaderSync>,
}

impl Read for BlobReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.blob.size();
        if self.at >= size || buf.is_empty() {
            return Ok(0);
        }
        let end = (self.at + buf.len() as f64).min(size);
        let failed = |e: JsValue| {
            std::io::Error::other(
                e.dyn_ref::<js_sys::Error>()
                    .map(|e| String::from(e.message()))
                    .unwrap_or_else(|| "the file could not be read".to_string()),
            )
        };
        if self.reader.is_none() {
            self.reader = Some(FileReaderSync::new().map_err(failed)?);
        }
        let slice = self
            .blob
            .slice_with_f64_and_f64(self.at, end)
            .map_err(failed)?;
        let bytes = self
            .reader
            .as_ref()
            .expect("made above")
            .read_as_array_buffer(&slice)
            .map_err(failed)?;
        let bytes = Uint8Array::new(&bytes);
        let n = bytes.length() as usize;
        bytes.copy_to(&mut buf[..n]);
        self.at += n as f64;
        Ok(n)
    }
}

fn field(data: &JsValue, name: &str) -> JsValue {
    Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Answers one request: a [`Request`] as JSON in `request`, and `blobs`,
/// an object from big-file keys to their `Blob`s.
fn answer(scope: &DedicatedWorkerGlobalScope, data: &JsValue) -> Result<(), String> {
    let request: Request =
        serde_json::from_str(&field(data, "request").as_string().unwrap_or_default())
            .map_err(|e| format!("bad request to the worker: {e}"))?;
    let (Request::Evaluate {
        files, settings, ..
    }
    | Request::Explain {
        files, settings, ..
    }) = &request;
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
    let mut open = |f: &LoadedFile, from: u64| -> Box<dyn Read> {
        match f.big.as_ref().and_then(|b| blobs.get(&b.key)) {
            Some(blob) => Box::new(BlobReader {
                blob: blob.clone(),
                at: from as f64,
                reader: None,
            }),
            None => {
                let mut c = Cursor::new(f.text.as_bytes().to_vec());
                c.set_position(from);
                Box::new(c)
            }
        }
    };
    let post = |reply: &Reply| post(scope, reply);
    match &request {
        Request::Explain { run, qid, .. } => {
            post(&Reply::Found(find_query(
                files,
                &mut open,
                &settings.eval_options(),
                run,
                qid,
            )));
        }
        Request::Evaluate { shard, .. } => {
            let (metrics, _) = settings.measures();
            let reply = evaluate_shard(
                files,
                &mut open,
                &metrics,
                &settings.eval_options(),
                *shard,
                &mut |p| post(&Reply::Progress(p.clone())),
            );
            post(&Reply::Done(reply));
        }
    }
    Ok(())
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
        if let Err(problem) = answer(&me, &e.data()) {
            // Thrown to the page's `error` handler, which shows it.
            wasm_bindgen::throw_str(&problem);
        }
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
            settings: Settings::default(),
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
