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

use crate::settings::Settings;
use crate::state::LoadedFile;
use crate::streamed::{evaluate_shard, find_query, FoundQuery, Progress, Shard, ShardReply};

/// The first message of a worker: it is ready for requests.
pub const READY: &str = "ready";
/// How `worker.js` begins its message when the module did not start.
pub const FAILED: &str = "failed: ";

/// What the worker sends back, as JSON.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum Reply {
    /// How far it got.
    Progress(Progress),
    /// What its shard found.
    Done(ShardReply),
    /// The query asked for (`explain` requests): its ranking, `None` when
    /// the run lacks it, or why it could not be read.
    Found(Result<Option<FoundQuery>, String>),
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

/// Answers one request: `files`, `settings` and either `shard` (evaluate)
/// or `explain` (`[run, qid]`: find one query) as JSON texts, and `blobs`,
/// an object from big-file keys to their `Blob`s.
fn json_field<T: serde::de::DeserializeOwned>(data: &JsValue, name: &str) -> Result<T, String> {
    serde_json::from_str(&field(data, name).as_string().unwrap_or_default())
        .map_err(|e| format!("bad request to the worker ({name}): {e}"))
}

fn answer(scope: &DedicatedWorkerGlobalScope, data: &JsValue) -> Result<(), String> {
    let files: Vec<LoadedFile> = json_field(data, "files")?;
    let settings: Settings = json_field(data, "settings")?;
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
                let mut c = Cursor::new(f.text.clone().into_bytes());
                c.set_position(from);
                Box::new(c)
            }
        }
    };
    let post = |reply: &Reply| {
        if let Ok(json) = serde_json::to_string(reply) {
            let _ = scope.post_message(&JsValue::from_str(&json));
        }
    };
    if let Ok((run, qid)) = json_field::<(String, String)>(data, "explain") {
        post(&Reply::Found(find_query(
            &files, &mut open, &settings, &run, &qid,
        )));
        return Ok(());
    }
    let shard: Shard = json_field(data, "shard")?;
    let (metrics, _) = settings.measures();
    let reply = evaluate_shard(&files, &mut open, &metrics, &settings, shard, &mut |p| {
        post(&Reply::Progress(p.clone()))
    });
    post(&Reply::Done(reply));
    Ok(())
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
    let _ = scope.post_message(&JsValue::from_str(READY));
}
