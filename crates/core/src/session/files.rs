//! The loaded inputs of an evaluation: files held as text, and big files
//! of which only the beginning is held (the rest is read through an
//! opener the front end provides: a browser `Blob`, a byte slice in tests).

use std::rc::Rc;

use crate::byte_lines::without_byte_order_mark;

/// Files larger than this many bytes stay on disk: the page keeps the
/// browser's `File` handle and a worker reads it in chunks.
pub const BIG_FILE_BYTES: u64 = 8 << 20;
/// Bytes of a big file's beginning kept as its [`LoadedFile::text`]
/// (enough to tell its format and show its first lines).
pub const HEAD_BYTES: u64 = 64 << 10;

/// A file too big to hold as text (see [`BIG_FILE_BYTES`]).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BigFile {
    /// Key of its contents in the page's blob store (unique per load, so
    /// loading a file again under the same name is a change).
    pub key: String,
    /// Its size in bytes.
    pub bytes: u64,
}

/// A qrels or run file the user loaded or pasted. Two are equal when their
/// names, texts and big-file keys are; a text shared by both (one `Rc`) is
/// not compared byte by byte (views compare their inputs at each render).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone)]
pub struct LoadedFile {
    /// File name (or `pasted-N`), unique among the loaded files.
    pub name: String,
    /// Its whole text, or for a big file its first complete lines; shared,
    /// so the state, the evaluation and the views hold it once.
    pub text: Rc<str>,
    /// Set when the file is big: `text` is only its beginning. Always
    /// written (JSON's `null` when small; saved files without it read as
    /// small): the workers' compact messages skip no field.
    #[cfg_attr(feature = "serde", serde(default))]
    pub big: Option<BigFile>,
}

impl PartialEq for LoadedFile {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.big == other.big
            && (Rc::ptr_eq(&self.text, &other.text) || self.text == other.text)
    }
}

impl LoadedFile {
    /// A file held whole as text, without the byte order mark it may start
    /// with ([`without_byte_order_mark`]: a browser's decoding drops it
    /// already; text from elsewhere is read the same way).
    pub fn whole(name: impl Into<String>, text: impl Into<Rc<str>>) -> Self {
        let text: Rc<str> = text.into();
        let unmarked = without_byte_order_mark(&text);
        LoadedFile {
            name: name.into(),
            text: if unmarked.len() == text.len() {
                text
            } else {
                unmarked.into()
            },
            big: None,
        }
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> u64 {
        self.big
            .as_ref()
            .map_or(self.text.len() as u64, |b| b.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_equal_by_name_text_and_key_whether_or_not_they_share_their_text() {
        let a = LoadedFile::whole("run", "q1 Q0 d1 1 1.0 t\n");
        let shared = a.clone();
        assert!(Rc::ptr_eq(&a.text, &shared.text));
        assert_eq!(a, shared);
        let copy = LoadedFile::whole("run", String::from(&*a.text));
        assert!(!Rc::ptr_eq(&a.text, &copy.text));
        assert_eq!(a, copy);
        assert_ne!(a, LoadedFile::whole("run", "q1 Q0 d2 1 1.0 t\n"));
        assert_ne!(a, LoadedFile::whole("run2", "q1 Q0 d1 1 1.0 t\n"));
        let big = |key: &str| LoadedFile {
            big: Some(BigFile {
                key: key.into(),
                bytes: 1 << 30,
            }),
            ..a.clone()
        };
        assert_eq!(big("k1"), big("k1"));
        assert_ne!(big("k1"), big("k2"));
        assert_ne!(big("k1"), a);
    }
}
