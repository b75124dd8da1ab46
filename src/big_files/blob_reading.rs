//! Reading a big file's `Blob` in a worker, for the core's pipeline (a
//! [`ByteSource`]).
//!
//! A `Blob` is read as a byte stream into one reused buffer (`BlobStream`,
//! a "bring your own buffer" reader): nothing is left per read for the
//! garbage collector. Read in slices with `FileReaderSync` (`BlobReader`,
//! still used where a browser has no such reader), the 270 MB benchmark run
//! left about 60 MiB of spent slices per worker between collections and was
//! read at half the speed (scripts/bench-browser).

use std::io::Read;

use js_sys::{ArrayBuffer, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, FileReaderSync, ReadableStreamByobReader};

use crate::shared::evaluation::{ByteSource, ByteSourceRead, Ready};

/// `blob` from byte `from`: as a stream where the browser can, else in
/// slices.
pub fn open_blob(blob: &Blob, from: u64) -> Box<dyn ByteSource> {
    match BlobStream::open(blob, from) {
        Some(stream) => Box::new(stream),
        None => Box::new(Ready(BlobReader {
            blob: blob.clone(),
            at: from as f64,
            reader: None,
        })),
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

/// The reused buffer's size: 4 MiB, what the core asks for at a time.
/// Read in 1 MiB reads, the 270 MB benchmark run took 0.2 s longer from
/// the file input to the results (scripts/bench-browser, two alternating
/// rounds) and 0.3-0.5 s more CPU.
const STREAM_BUFFER: u32 = 4 << 20;

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
