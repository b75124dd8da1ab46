//! Sessions saved as a file: the whole state (typed rankings, loaded files
//! held as text, settings) in one JSON file, for states too large for a
//! link. The format (documented in the README):
//!
//! ```json
//! { "format": "ranklab-session", "version": 1, "state": { ... } }
//! ```
//!
//! `state` is what a shared link holds. A session opens only if a link with
//! the same state would (settings in range, no big file, names unique);
//! big files stay on the computer they were loaded on and are refused by
//! name.

use serde::{Deserialize, Serialize};

use crate::model::share::{big_file_refusal, check};
use crate::model::state::AppState;

/// The `format` field of a session file.
pub const FORMAT: &str = "ranklab-session";
/// The version this page writes and reads.
pub const VERSION: u64 = 1;
/// The name sessions are saved under.
pub const FILE_NAME: &str = "ranklab-session.json";

#[derive(Serialize)]
struct Out<'a> {
    format: &'a str,
    version: u64,
    state: &'a AppState,
}

/// The session file's text for `state`, or why none is made.
pub fn encode(state: &AppState) -> Result<String, String> {
    if let Some(why) = big_file_refusal(state, "a session file", "save again") {
        return Err(why);
    }
    serde_json::to_string_pretty(&Out {
        format: FORMAT,
        version: VERSION,
        state,
    })
    .map_err(|e| e.to_string())
}

/// Saves `state` as a session file (the browser's download), or says why
/// it cannot be (a big file, a refused download).
pub fn save(state: &AppState) -> Result<(), String> {
    encode(state)
        .and_then(|text| crate::shared::download::download(FILE_NAME, "application/json", &text))
}

/// A session file's head: what tells it apart from other JSON files.
/// Read apart from the state (unknown fields skipped) so that another
/// version's state is never read as this version's.
#[derive(Deserialize)]
struct Head {
    format: Option<String>,
    version: Option<u64>,
}

/// A session file's state (the head already checked).
#[derive(Deserialize)]
struct Body {
    state: Option<AppState>,
}

/// Reads a text as a session file: `None` when it is not one (any other
/// file, JSON ones included), else the state or what is wrong with it.
pub fn decode(name: &str, text: &str) -> Option<Result<AppState, String>> {
    if !text.trim_start().starts_with('{') || !text.contains(FORMAT) {
        return None;
    }
    // Both parts are read from the text by the one JSON reader the page
    // carries (serde_json's `Value` would add a second copy of the state's
    // reading code to the page's wasm).
    let head: Head = serde_json::from_str(text).ok()?;
    if head.format.as_deref() != Some(FORMAT) {
        return None;
    }
    let read = || -> Result<AppState, String> {
        let version = head.version.unwrap_or(0);
        if version != VERSION {
            return Err(format!(
                "it is version {version} of the format; this page reads version {VERSION}"
            ));
        }
        let body: Body =
            serde_json::from_str(text).map_err(|e| format!("its state does not read ({e})"))?;
        let state = body.state.ok_or("it has no `state`")?;
        check(&state)?;
        Ok(state)
    };
    Some(
        read()
            .map_err(|e| format!("{name} is a Ranklab session file but could not be opened: {e}.")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::state::{Action, LoadedFile};

    #[test]
    fn a_session_survives_the_round_trip() {
        let mut s = AppState::default().apply(Action::AddPasted("q 0 d 1\n".into()));
        s.settings.cutoffs = vec![3, 5];
        let text = encode(&s).unwrap();
        assert!(text.contains("\"format\": \"ranklab-session\""));
        assert_eq!(decode("s.json", &text), Some(Ok(s)));
    }

    #[test]
    fn other_files_are_not_sessions_and_damage_is_said() {
        assert_eq!(decode("qrels.json", "{\"q1\": {\"d1\": 1}}"), None);
        assert_eq!(decode("run.txt", "q1 Q0 d 1 1 t"), None);
        let newer = "{\"format\": \"ranklab-session\", \"version\": 2, \"state\": {}}";
        assert!(decode("s.json", newer)
            .unwrap()
            .unwrap_err()
            .contains("version 2"));
        let bad = "{\"format\": \"ranklab-session\", \"version\": 1, \"state\": {\"settings\": {\"rbp_p\": 3}}}";
        let e = decode("s.json", bad).unwrap().unwrap_err();
        assert!(e.starts_with("s.json is a Ranklab session file but could not be opened: its settings are out of range"), "{e}");
        let mut big = AppState::default();
        std::rc::Rc::make_mut(&mut big.files).push(LoadedFile {
            big: Some(crate::model::state::BigFile {
                key: "k".into(),
                bytes: 9 << 20,
            }),
            ..LoadedFile::whole("run", "")
        });
        assert!(encode(&big).unwrap_err().contains("stays on this computer"));
    }
}
