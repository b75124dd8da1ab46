//! Whether this build is the first module: the page built again with the
//! `first` feature (`ranklab-first`), what a first visit of the calculate
//! door fetches. Code behind [`FIRST`] is left out of it: the files and
//! learn doors, the files' evaluation (workers, the files kept in
//! IndexedDB), reading a session file, embed mode. It hands those over to
//! the whole app ([`crate::shell::handover`]).

/// This build is the first module (the `first` feature).
pub const FIRST: bool = cfg!(feature = "first");
