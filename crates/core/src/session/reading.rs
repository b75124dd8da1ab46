//! Reading the loaded files for an evaluation: whole (up to
//! [`WHOLE_TEXT_LIMIT`]) or from an offset, through an opener the caller
//! provides (a `Blob` in the browser's worker, a byte slice in tests), with
//! the progress told as bytes are read. No I/O of its own.
//!
//! Reading may wait: an opener hands out a [`ByteSource`], whose reads are
//! futures, so a browser's worker can read a `Blob` as a stream into one
//! reused buffer. Sources that never wait (a byte slice, a file) are
//! [`Ready`], and [`block_on`] runs an evaluation over them in place.

use crate::byte_lines::BYTE_ORDER_MARK;
use crate::error::Expected;
use std::future::Future;
use std::io::{Cursor, Read};
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

use super::files::LoadedFile;
use crate::error::ParseError;

/// Largest file read whole (qrels, ungrouped or non-TREC runs): beyond it,
/// its text and parsed lines would take a good part of a tab's memory.
pub const WHOLE_TEXT_LIMIT: u64 = 192 << 20;
/// Bytes asked of the reader at a time.
pub const READ_CHUNK: usize = 4 << 20;

/// How far an evaluation has got.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Progress {
    /// The file being read.
    pub file: String,
    /// Bytes read so far, all files together.
    pub bytes_read: u64,
    /// Bytes of all files to read.
    pub bytes_total: u64,
    /// Queries evaluated so far, all runs together.
    pub queries: usize,
}

impl Progress {
    /// The progress of shards together (the file named is the first's).
    /// A shard counts only bytes of its own range, but one dealt more than
    /// its share of a run's pieces reads more than its total: the bytes
    /// read are summed, then held to the whole (a shard's were held to its
    /// own total, and the bar stopped short of the end).
    pub fn sum(shards: &[Progress]) -> Progress {
        let bytes_total = shards.iter().map(|p| p.bytes_total).sum();
        Progress {
            file: shards.first().map(|p| p.file.clone()).unwrap_or_default(),
            bytes_read: shards
                .iter()
                .map(|p| p.bytes_read)
                .sum::<u64>()
                .min(bytes_total),
            bytes_total,
            queries: shards.iter().map(|p| p.queries).sum(),
        }
    }
}

/// A read of a [`ByteSource`]: the number of bytes put at the start of the
/// buffer (0 at the end of the file), once they have arrived.
pub type ByteSourceRead<'a> = Pin<Box<dyn Future<Output = std::io::Result<usize>> + 'a>>;

/// A file's bytes as they arrive.
pub trait ByteSource {
    /// Reads up to `buf.len()` bytes into `buf`; 0 means the file ended.
    fn read<'a>(&'a mut self, buf: &'a mut [u8]) -> ByteSourceRead<'a>;

    /// The reader expects to stop near byte `end` of the file (before its
    /// first read). A source that reads ahead, as a browser's stream does,
    /// need not read much past it; asked for more, it reads on. Nothing,
    /// by default.
    fn stop_near(&mut self, _end: u64) {}
}

/// A [`Read`] as a [`ByteSource`] whose reads never wait.
pub struct Ready<R>(pub R);

impl<T: AsRef<[u8]>> Ready<Cursor<T>> {
    /// Bytes held in memory (a file's text), read from byte `from`.
    pub fn from_offset(bytes: T, from: u64) -> Self {
        let mut cursor = Cursor::new(bytes);
        cursor.set_position(from);
        Ready(cursor)
    }
}

impl<R: Read> ByteSource for Ready<R> {
    fn read<'a>(&'a mut self, buf: &'a mut [u8]) -> ByteSourceRead<'a> {
        Box::pin(std::future::ready(self.0.read(buf)))
    }
}

/// Opens a loaded file for reading from a byte offset.
pub type Open<'a> = dyn FnMut(&LoadedFile, u64) -> Box<dyn ByteSource + 'a> + 'a;

/// Runs an evaluation whose files are opened as [`Ready`] sources (or
/// other sources that never wait) to its end, in place.
///
/// # Panics
///
/// If a read waits: such sources need an executor (the browser's worker
/// spawns the evaluation on its event loop instead).
pub fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    match future.as_mut().poll(&mut cx) {
        Poll::Ready(out) => out,
        Poll::Pending => panic!("block_on: a source waited; spawn the evaluation instead"),
    }
}

/// Counts the bytes read and tells the caller how far the evaluation got.
pub(super) struct Meter<'p> {
    pub(super) now: Progress,
    pub(super) tell: &'p mut dyn FnMut(&Progress),
}

impl Meter<'_> {
    pub(super) fn read(&mut self, bytes: u64) {
        self.now.bytes_read += bytes;
        (self.tell)(&self.now);
    }
}

pub(super) fn problem(
    file: &LoadedFile,
    line: usize,
    expected: Expected,
    found: &str,
) -> ParseError {
    ParseError::new(&file.name, line, 1, expected, found)
}

pub(super) fn first_line(file: &LoadedFile) -> &str {
    file.text.lines().next().unwrap_or("")
}

/// Reads a whole file into text, counting its bytes.
pub(super) async fn read_whole(
    file: &LoadedFile,
    open: &mut Open<'_>,
    meter: &mut Meter<'_>,
) -> Result<String, ParseError> {
    if file.bytes() > WHOLE_TEXT_LIMIT {
        return Err(problem(
            file,
            1,
            Expected::WholeFile {
                limit: WHOLE_TEXT_LIMIT,
                size: file.bytes(),
            },
            first_line(file),
        ));
    }
    let mut reader = open(file, 0);
    // Read straight into the text's own buffer, a chunk at a time (no
    // second copy through a reading buffer). The buffer is one byte longer
    // than the file, so the read that finds the end grows nothing, and is
    // zeroed once: a browser's stream gives about 100 KB a read, and
    // zeroing a whole chunk before each one zeroed the 14 MB qrels of the
    // benchmark some 140 times over (the worker's busiest function while
    // it read them).
    let mut bytes = vec![0u8; file.bytes() as usize + 1];
    let mut filled = 0;
    loop {
        if filled == bytes.len() {
            // Longer than it was when loaded.
            bytes.resize(filled + READ_CHUNK, 0);
        }
        let end = bytes.len().min(filled + READ_CHUNK);
        let n = reader
            .read(&mut bytes[filled..end])
            .await
            .map_err(|e| unreadable(file, &e.to_string()))?;
        if n == 0 {
            break;
        }
        filled += n;
        meter.read(n as u64);
    }
    bytes.truncate(filled);
    // A byte order mark is the encoding's, not the text's (see
    // `without_byte_order_mark`).
    if bytes.starts_with(BYTE_ORDER_MARK.as_bytes()) {
        bytes.drain(..BYTE_ORDER_MARK.len());
    }
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into()))
}

pub(super) fn unreadable(file: &LoadedFile, why: &str) -> ParseError {
    problem(
        file,
        1,
        Expected::Readable {
            why: why.to_string(),
        },
        "",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_progress_adds_up_when_one_read_more_than_its_share() {
        let p = |bytes_read, bytes_total| Progress {
            file: "run".into(),
            bytes_read,
            bytes_total,
            queries: 1,
        };
        // Dealt 60 of a run's 100 bytes, against a share of 50: all read.
        let sum = Progress::sum(&[p(60, 50), p(40, 50)]);
        assert_eq!(
            (sum.bytes_read, sum.bytes_total, sum.queries),
            (100, 100, 2)
        );
        assert_eq!(Progress::sum(&[p(30, 50), p(40, 50)]).bytes_read, 70);
        // Never past the whole.
        assert_eq!(Progress::sum(&[p(90, 50), p(40, 50)]).bytes_read, 100);
    }
    use crate::session::files::BigFile;

    /// A source giving at most `most` bytes a read, as a browser's stream
    /// gives a file in pieces of about 100 KB whatever the buffer.
    struct Trickle<'a> {
        bytes: &'a [u8],
        most: usize,
    }

    impl ByteSource for Trickle<'_> {
        fn read<'b>(&'b mut self, buf: &'b mut [u8]) -> ByteSourceRead<'b> {
            let n = buf.len().min(self.most).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Box::pin(std::future::ready(Ok(n)))
        }
    }

    /// `text` read whole from a file loaded as `declared` bytes long.
    fn read(text: &str, declared: u64, most: usize) -> String {
        let mut file = LoadedFile::whole("qrels", "");
        file.big = Some(BigFile {
            key: "big-1".into(),
            bytes: declared,
        });
        let mut open = |_: &LoadedFile, _: u64| -> Box<dyn ByteSource + '_> {
            Box::new(Trickle {
                bytes: text.as_bytes(),
                most,
            })
        };
        let mut total = 0;
        let mut tell = |p: &Progress| total = p.bytes_read;
        let mut meter = Meter {
            now: Progress::default(),
            tell: &mut tell,
        };
        let read = block_on(read_whole(&file, &mut open, &mut meter)).unwrap();
        assert_eq!(total, text.len() as u64, "every byte counted");
        read
    }

    #[test]
    fn a_file_read_whole_in_small_pieces_is_its_text() {
        // Lines of 10 bytes; a chunk and a half, and a little more.
        let text: String = (0..(READ_CHUNK * 3 / 2 + 7) / 10)
            .map(|i| format!("{:09}\n", i))
            .collect();
        let len = text.len() as u64;
        for most in [7, 100_000, READ_CHUNK, usize::MAX] {
            assert_eq!(read(&text, len, most), text, "{most} bytes a read");
            // A file longer or shorter than when it was loaded is read
            // to its end all the same.
            assert_eq!(read(&text, len / 3, most), text, "grown, {most} a read");
            assert_eq!(read(&text, len * 2, most), text, "shrunk, {most} a read");
        }
        assert_eq!(read("q1 0 d1 1\n", 10, 1), "q1 0 d1 1\n");
        assert_eq!(read("", 0, 100), "");
        assert_eq!(read("", 5, 100), "");
    }
}
