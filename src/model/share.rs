//! The whole state in a URL fragment: JSON, compressed with DEFLATE
//! (miniz_oxide, level 9) and written in URL-safe base64 without padding,
//! after `#s=`. Opening such a link restores the state exactly.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use miniz_oxide::inflate::{DecompressError, TINFLStatus};

use crate::model::state::{byte_size, AppState, BIG_FILE_BYTES};

/// Fragment prefix of a shared state.
pub const PREFIX: &str = "#s=";
/// Longest fragment the app makes: links beyond this break in chats,
/// mail and some browsers' address bars.
pub const MAX_FRAGMENT: usize = 32 * 1024;

/// Why `state` cannot be written into `what` (a link, a session file): it
/// holds a big file, whose contents stay in this browser; `None` otherwise.
pub(crate) fn big_file_refusal(state: &AppState, what: &str, retry: &str) -> Option<String> {
    let f = state.files.iter().find(|f| f.big.is_some())?;
    Some(format!(
        "{} ({}) stays on this computer: files over {} cannot go into {what}. Remove it (share it separately) and {retry}.",
        f.name,
        byte_size(f.bytes()),
        byte_size(BIG_FILE_BYTES)
    ))
}

/// Bytes as a link carries them: DEFLATE (level 9), then URL-safe base64
/// without padding.
pub(crate) fn pack(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(bytes, 9))
}

/// The bytes [`pack`] wrote, at most `limit` of them; or what is wrong
/// with the text, as the end of a sentence about its data ("is not base64
/// (…)", "does not decompress (…)").
pub(crate) fn unpack(text: &str, limit: usize) -> Result<Vec<u8>, String> {
    let packed = URL_SAFE_NO_PAD
        .decode(text.trim())
        .map_err(|e| format!("is not base64 ({e})"))?;
    miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, limit)
        .map_err(|e| format!("does not decompress ({})", decompress_problem(&e)))
}

/// A failed decompression as the messages have always written it (the
/// error's derived `{:?}` form), written out because the wasm builds set
/// `-Zfmt-debug` (scripts/env.sh), under which a derived `{:?}` writes only
/// the type's name.
fn decompress_problem(e: &DecompressError) -> String {
    let status = match e.status {
        TINFLStatus::FailedCannotMakeProgress => "FailedCannotMakeProgress",
        TINFLStatus::BadParam => "BadParam",
        TINFLStatus::Adler32Mismatch => "Adler32Mismatch",
        TINFLStatus::Failed => "Failed",
        TINFLStatus::Done => "Done",
        TINFLStatus::NeedsMoreInput => "NeedsMoreInput",
        TINFLStatus::HasMoreOutput => "HasMoreOutput",
    };
    let output: Vec<String> = e.output.iter().map(u8::to_string).collect();
    format!(
        "DecompressError {{ status: {status}, output: [{}] }}",
        output.join(", ")
    )
}

/// The fragment (with [`PREFIX`]) for `state`, or a message saying why no
/// link is made (too large).
pub fn encode(state: &AppState) -> Result<String, String> {
    if let Some(why) = big_file_refusal(state, "a link", "try again") {
        return Err(why);
    }
    let json = serde_json::to_vec(state).map_err(|e| e.to_string())?;
    let fragment = format!("{PREFIX}{}", pack(&json));
    if fragment.len() > MAX_FRAGMENT {
        return Err(format!(
            "The link would be {} KB ({} KB of data compressed); links are kept under {} KB so they survive mail and chat. Save session keeps everything in a file instead.",
            fragment.len().div_ceil(1024),
            json.len().div_ceil(1024),
            MAX_FRAGMENT / 1024
        ));
    }
    Ok(fragment)
}

/// Reads a fragment made by [`encode`]; `None` when it is not a shared
/// state at all, an error message when it is one but damaged.
pub fn decode(fragment: &str) -> Option<Result<AppState, String>> {
    let body = fragment.strip_prefix(PREFIX)?;
    let read = || -> Result<AppState, String> {
        let json = unpack(body, 64 << 20).map_err(|e| format!("the link's data {e}"))?;
        // Read as text (the one JSON reader the page carries).
        let json = String::from_utf8(json)
            .map_err(|_| "the link's data is not a Ranklab state (it is not UTF-8)".to_string())?;
        let state: AppState = serde_json::from_str(&json)
            .map_err(|e| format!("the link's data is not a Ranklab state ({e})"))?;
        check(&state)?;
        Ok(state)
    };
    Some(read().map_err(|e| {
        format!("This link could not be opened: {e}. It may have been cut short when copied.")
    }))
}

/// Refuses a state no page could have put into a link: settings the
/// settings fields would refuse, a file kept on another computer, two
/// files of one name.
pub(crate) fn check(state: &AppState) -> Result<(), String> {
    let problems = state.settings.problems();
    if !problems.is_empty() {
        return Err(format!(
            "its settings are out of range ({})",
            problems.join("; ")
        ));
    }
    if let Some(f) = state.files.iter().find(|f| f.big.is_some()) {
        return Err(format!(
            "it names {}, a big file that stays on the computer it was loaded on",
            f.name
        ));
    }
    let mut names = std::collections::HashSet::new();
    if let Some(f) = state.files.iter().find(|f| !names.insert(f.name.as_str())) {
        return Err(format!("it has two files named {}", f.name));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::state::{Action, LoadedFile};

    /// The message's words for a failed decompression are the error's
    /// `{:?}` form (natively built, Debug in full): data cut short, data
    /// that is not DEFLATE, and data over the limit.
    #[test]
    fn decompress_problems_read_as_debug() {
        let packed = miniz_oxide::deflate::compress_to_vec(&[7u8; 300], 9);
        let cases = [
            (packed[..packed.len() / 2].to_vec(), 1000),
            (vec![0xff, 0x00, 0x12, 0x34], 1000),
            (packed.clone(), 100),
        ];
        for (bytes, limit) in cases {
            let e = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, limit).unwrap_err();
            assert_eq!(decompress_problem(&e), format!("{e:?}"));
        }
    }

    #[test]
    fn a_state_survives_the_round_trip() {
        let mut s = AppState::default().apply(Action::AddPasted("q 0 d 1\n".into()));
        s.settings.cutoffs = vec![3, 5];
        s.settings.extra = "RBP(p=0.5)".into();
        let f = encode(&s).unwrap();
        assert!(f.starts_with(PREFIX));
        assert!(f[PREFIX.len()..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_eq!(decode(&f), Some(Ok(s)));
    }

    #[test]
    fn other_fragments_damage_and_size_are_said() {
        assert_eq!(decode("#embed"), None);
        assert!(decode("#s=%%%")
            .unwrap()
            .unwrap_err()
            .contains("not base64"));
        assert!(decode("#s=AAAA").unwrap().is_err());
        // Incompressible text beyond the limit.
        let mut x: u64 = 1;
        let noise: String = (0..60_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                char::from(b'a' + (x % 26) as u8)
            })
            .collect();
        let mut s = AppState::default();
        std::rc::Rc::make_mut(&mut s.files).push(LoadedFile::whole("big", noise));
        assert!(encode(&s).unwrap_err().contains("KB"));
    }

    /// A link packed by hand from a JSON state.
    fn link(json: &str) -> String {
        let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 6);
        format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(packed))
    }

    #[test]
    fn links_the_page_could_not_have_made_are_refused() {
        let refused = |json: &str| decode(&link(json)).unwrap().unwrap_err();
        let e = refused(r#"{"settings":{"rbp_p":2.0,"stats":{"resamples":2000000000}}}"#);
        assert!(e.contains("rbp_p: p is a number between 0 and 1"), "{e}");
        assert!(e.contains("resamples: a whole number from 100"), "{e}");
        assert!(refused(r#"{"settings":{"cutoffs":[]}}"#).contains("cutoffs"));
        assert!(refused(r#"{"settings":{"cutoffs":[10,5]}}"#).contains("ascending"));
        assert!(refused(r#"{"settings":{"cutoffs":[0]}}"#).contains("cutoffs"));
        let e = refused(r#"{"files":[{"name":"run","text":"","big":{"key":"k","bytes":9}}]}"#);
        assert!(e.contains("run, a big file"), "{e}");
        let e = refused(r#"{"files":[{"name":"a","text":"x"},{"name":"a","text":"y"}]}"#);
        assert!(e.contains("two files named a"), "{e}");
        assert!(decode(&link(r#"{"settings":{"cutoffs":[5,10]}}"#))
            .unwrap()
            .is_ok());
    }
}
