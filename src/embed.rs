//! Embed mode, for documentation pages: `?embed` (or `#embed`) shows only
//! the calculator and its chart. Its state comes from the URL — an example
//! case (`?embed&case=000-004`) or a shared state (`?embed#s=…`) — and is
//! never saved, so embedded calculators do not overwrite the work a reader
//! keeps in the full app.

use crate::example::find;
use crate::share;
use crate::state::{Action, AppState};

/// What the URL asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct EmbedRequest {
    /// The state to show.
    pub state: AppState,
    /// A message when the URL's state could not be read.
    pub problem: Option<String>,
}

/// Reads embed mode from a page's query string and fragment; `None` when
/// the page is not embedded.
pub fn embed_request(search: &str, hash: &str) -> Option<EmbedRequest> {
    let params: Vec<(&str, &str)> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .collect();
    let embedded = params.iter().any(|(k, _)| *k == "embed") || hash == "#embed";
    if !embedded {
        return None;
    }
    if let Some(result) = share::decode(hash) {
        return Some(match result {
            Ok(state) => EmbedRequest {
                state,
                problem: None,
            },
            Err(message) => EmbedRequest {
                state: AppState::default(),
                problem: Some(message),
            },
        });
    }
    let case = params.iter().find(|(k, _)| *k == "case").map(|(_, v)| *v);
    Some(match case.map(|id| (id, find(id))) {
        Some((_, Some(c))) => EmbedRequest {
            state: AppState::default().apply(Action::LoadCase(
                c.id.to_string(),
                c.text.to_string(),
                c.settings(),
            )),
            problem: None,
        },
        Some((id, None)) => EmbedRequest {
            state: AppState::default(),
            problem: Some(format!("No example named `{id}`; showing the demo.")),
        },
        None => EmbedRequest {
            state: AppState::default(),
            problem: None,
        },
    })
}

/// The `<iframe>` snippet that embeds `state`, with the page at `base`
/// (its address without query or fragment).
pub fn iframe_snippet(base: &str, state: &AppState) -> Result<String, String> {
    let fragment = share::encode(state)?;
    Ok(format!(
        "<iframe src=\"{base}?embed{fragment}\" title=\"Ranklab calculator\" width=\"100%\" height=\"560\" loading=\"lazy\" style=\"border: 1px solid #ccc; border-radius: 6px\"></iframe>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embed_mode_reads_case_or_state_and_only_when_asked() {
        assert_eq!(embed_request("", ""), None);
        assert_eq!(embed_request("?case=000-004", ""), None);
        let r = embed_request("?embed&case=000-004", "").unwrap();
        assert_eq!(r.state.case.as_deref(), Some("000-004"));
        assert!(r.state.quick_text.contains("[MAP example (article 004)]"));
        let missing = embed_request("?embed&case=nope", "").unwrap();
        assert!(missing.problem.unwrap().contains("`nope`"));
        let s = AppState {
            quick_text: "q1: R".into(),
            ..AppState::default()
        };
        let fragment = share::encode(&s).unwrap();
        assert_eq!(embed_request("?embed", &fragment).unwrap().state, s);
        assert!(embed_request("", "#embed").is_some());
        let snippet = iframe_snippet("https://x.org/ranklab/", &s).unwrap();
        assert!(
            snippet.starts_with("<iframe src=\"https://x.org/ranklab/?embed#s="),
            "{snippet}"
        );
    }
}
