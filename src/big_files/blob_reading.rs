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
/// there into the evaluation's. The stream is of the bytes up to where the
/// reader expects to stop ([`ByteSource::stop_near`]), then, if it reads
/// on, of the rest: the browser reads a stream ahead of its reader, and
/// what it read past a piece's end would be read for nothing.
struct BlobStream {
    blob: Blob,
    /// The next byte the evaluation reads.
    at: u64,
    /// Where the open stream ends.
    until: u64,
    reader: Option<ReadableStreamByobReader>,
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
    /// gives no such reader (tried on an empty slice).
    fn open(blob: &Blob, from: u64) -> Option<BlobStream> {
        let empty = blob.slice_with_f64_and_f64(0.0, 0.0).ok()?;
        let _ = ReadableStreamByobReader::new(&empty.stream())
            .ok()?
            .cancel();
        let buffer = SPARE.with(|spare| spare.borrow_mut().take());
        Some(BlobStream {
            blob: blob.clone(),
            at: from,
            until: blob.size() as u64,
            reader: None,
            buffer: Some(buffer.unwrap_or_else(|| ArrayBuffer::new(STREAM_BUFFER))),
        })
    }

    /// The open stream's reader, or one of the bytes from `at` to `until`
    /// (or, past `until`, to the file's end).
    fn reader(&mut self) -> std::io::Result<&ReadableStreamByobReader> {
        if self.reader.is_none() {
            let size = self.blob.size() as u64;
            if self.at >= self.until {
                self.until = size;
            }
            let slice = self
                .blob
                .slice_with_f64_and_f64(self.at as f64, self.until as f64)
                .map_err(read_failure)?;
            self.reader =
                Some(ReadableStreamByobReader::new(&slice.stream()).map_err(read_failure)?);
        }
        Ok(self.reader.as_ref().expect("opened above"))
    }

    async fn read_into(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let buffer = self
                .buffer
                .take()
                .ok_or_else(|| std::io::Error::other("a previous read of this file failed"))?;
            let want = buf.len().min(STREAM_BUFFER as usize) as u32;
            let view = Uint8Array::new_with_byte_offset_and_length(&buffer, 0, want);
            let read = self.reader()?.read_with_array_buffer_view(&view);
            let result = JsFuture::from(read).await.map_err(read_failure)?;
            let done = Reflect::get(&result, &JsValue::from_str("done"))
                .map_err(read_failure)?
                .is_truthy();
            let value: Uint8Array = Reflect::get(&result, &JsValue::from_str("value"))
                .map_err(read_failure)?
                .dyn_into()
                .map_err(|_| std::io::Error::other("the browser's stream gave no bytes"))?;
            // The same memory, handed back under a new name.
            self.buffer = Some(value.buffer());
            if !done {
                let n = value.length() as usize;
                value.copy_to(&mut buf[..n]);
                self.at += n as u64;
                return Ok(n);
            }
            // The stream's end: the file's, or where the reader expected
            // to stop, past which it reads on in a stream of the rest.
            self.reader = None;
            if self.at >= self.blob.size() as u64 {
                return Ok(0);
            }
        }
    }
}

impl ByteSource for BlobStream {
    fn read<'a>(&'a mut self, buf: &'a mut [u8]) -> ByteSourceRead<'a> {
        Box::pin(self.read_into(buf))
    }

    fn stop_near(&mut self, end: u64) {
        if self.reader.is_none() {
            self.until = end.max(self.at + 1).min(self.blob.size() as u64);
        }
    }
}

impl Drop for BlobStream {
    /// Stops the browser reading on (a shard stops at its range's end),
    /// and keeps the buffer for the next stream.
    fn drop(&mut self) {
        if let Some(reader) = &self.reader {
            let _ = reader.cancel();
        }
        if let Some(buffer) = self.buffer.take() {
            SPARE.with(|spare| *spare.borrow_mut() = Some(buffer));
        }
    }
}

thread_local! {
    /// A finished stream's buffer, for the next: a worker reads a stream
    /// per dealt piece, and each new 4 MiB buffer was zeroed by the
    /// browser and left for its garbage collector.
    static SPARE: std::cell::RefCell<Option<ArrayBuffer>> = const { std::cell::RefCell::new(None) };
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
