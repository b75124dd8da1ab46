//! What the command-line tests share: files in a scratch folder, running
//! `ranklab`, its output as text.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Writes `text` to `name` in this test process's scratch folder.
pub fn write(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ranklab-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs the `ranklab` binary.
pub fn ranklab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ranklab"))
        .args(args)
        .output()
        .unwrap()
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
