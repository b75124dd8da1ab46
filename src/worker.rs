//! The worker side of big-file evaluation. `worker.js` loads the worker
//! build (`src/bin/ranklab-worker.rs`, optimised for speed) in a dedicated
//! worker, whose `main` calls [`serve`]: it answers each request of
//! [`crate::files_job`] with progress messages and then the results.
//!
//! Big files are read as streams into one reused buffer ([`BlobStream`],
//! a "bring your own buffer" reader), so the page's thread never waits for
//! them and no buffer is left per slice for the garbage collector: read in
//! slices with `FileReaderSync`, as before, the 270 MB benchmark run left
//! about 60 MiB of spent slices per worker between collections and read
//! at half the speed (scripts/bench-browser). Where a browser has no such
//! reader, slices it is.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use js_sys::{ArrayBuffer, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, DedicatedWorkerGlobalScope, FileReaderSync, MessageEvent, ReadableStreamByobReader,
};

use crate::evaluation::{
    evaluate_shard, find_query, ByteSource, ByteSourceRead, FoundQuery, Progress, Ready, Shard,
    ShardReply,
};
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

/// Why the browser could not read a file, from what it threw.
fn read_failure(e: JsValue) -> std::io::Error {
    std::io::Error::other(
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| "the file could not be read".to_string()),
    )
}

/// Reads a `Blob` from an offset as a byte stream, each read into the same
/// buffer (it travels to the browser and back with each read), copied from
/// there into the evaluation's.
struct BlobStream {
    reader: ReadableStreamByobReader,
    /// The reused buffer (`None` only while a read holds it).
    buffer: Option<ArrayBuffer>,
}

/// The reused buffer's size.
const STREAM_BUFFER: u32 = 1 << 20;

impl BlobStream {
    /// A stream of `blob` from byte `from`, or `None` where the browser
    /// gives no such reader.
    fn open(blob: &Blob, from: u64) -> Option<BlobStream> {
        let rest = blob.slice_with_f64(from as f64).ok()?;
        let reader = ReadableStreamByobReader::new(&rest.stream()).ok()?;
        Some(BlobStream {
            reader,
            buffer: Some(ArrayBuffer::new(STREAM_BUFFER)),
        })
    }

    async fn read_into(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let buffer = self
            .buffer
            .take()
            .ok_or_else(|| std::io::Error::other("a previous read of this file failed"))?;
        let want = buf.len().min(STREAM_BUFFER as usize) as u32;
        let view = Uint8Array::new_with_byte_offset_and_length(&buffer, 0, want);
        let result = JsFuture::from(self.reader.read_with_array_buffer_view(&view))
            .await
            .map_err(read_failure)?;
        let done = Reflect::get(&result, &JsValue::from_str("done"))
            .map_err(read_failure)?
            .is_truthy();
        let value: Uint8Array = Reflect::get(&result, &JsValue::from_str("value"))
            .map_err(read_failure)?
            .dyn_into()
            .map_err(|_| std::io::Error::other("the browser's stream gave no bytes"))?;
        // The same memory, handed back under a new name.
        self.buffer = Some(value.buffer());
        if done {
            return Ok(0);
        }
        let n = value.length() as usize;
        value.copy_to(&mut buf[..n]);
        Ok(n)
    }
}

impl ByteSource for BlobStream {
    fn read<'a>(&'a mut self, buf: &'a mut [u8]) -> ByteSourceRead<'a> {
        Box::pin(self.read_into(buf))
    }
}

impl Drop for BlobStream {
    /// Stops the browser reading on (a shard stops at its range's end).
    fn drop(&mut self) {
        let _ = self.reader.cancel();
    }
}

/// Reads a `Blob` from its start, one slice per call (where the browser
/// has no [`BlobStream`]).
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
        let failed = read_failure;
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
async fn answer(scope: &DedicatedWorkerGlobalScope, data: &JsValue) -> Result<(), String> {
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
    let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
        match f.big.as_ref().and_then(|b| blobs.get(&b.key)) {
            Some(blob) => match BlobStream::open(blob, from) {
                Some(stream) => Box::new(stream),
                None => Box::new(Ready(BlobReader {
                    blob: blob.clone(),
                    at: from as f64,
                    reader: None,
                })),
            },
            None => {
                let mut c = Cursor::new(f.text.as_bytes().to_vec());
                c.set_position(from);
                Box::new(Ready(c))
            }
        }
    };
    let post = |reply: &Reply| post(scope, reply);
    match &request {
        Request::Explain { run, qid, .. } => {
            post(&Reply::Found(
                find_query(files, &mut open, &settings.eval_options(), run, qid).await,
            ));
        }
        Request::Evaluate { shard, .. } => {
            let (metrics, _) = settings.measures();
            let mut last_told = f64::NEG_INFINITY;
            let reply = evaluate_shard(
                files,
                &mut open,
                &metrics,
                &settings.eval_options(),
                *shard,
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
