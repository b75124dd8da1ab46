//! Where the page starts: an embed request's state, a shared link's, else
//! the one saved in this browser; whether its files still have to come
//! back from IndexedDB; and what could not be read. A shared link that
//! would replace the reader's own work is offered, not opened: the page
//! starts from the saved work and asks ([`crate::shell::shared_link`]).

use crate::embed::host::set_theme;
use crate::embed::request::{embed_request, EmbedLook};
use crate::model::share;
use crate::model::state::AppState;
use crate::shared::first_module::FIRST;
use crate::shell::persist;
use crate::shell::shared_link::LinkOffer;

/// Where the page starts.
pub struct Start {
    /// The state.
    pub state: AppState,
    /// Whether the files are already known (no IndexedDB restore needed).
    pub files_ready: bool,
    /// A message when the URL's state could not be read.
    pub problem: Option<String>,
    /// Embed mode: calculator and chart only, nothing saved.
    pub embed: bool,
    /// Made by `embed.js`: the page around it sends the rankings.
    pub host: bool,
    /// A shared link that would replace the reader's own work, to ask about.
    pub offer: Option<LinkOffer>,
    /// How an embed looks (its address's `theme=` and `view=`).
    pub look: EmbedLook,
}

/// The state to start from: an embed request's, a shared link's, else the
/// saved one.
pub fn initial() -> Start {
    let location = gloo::utils::window().location();
    let hash = location.hash().unwrap_or_default();
    let search = location.search().unwrap_or_default();
    if let Some(r) = embed_request(&search, &hash) {
        // The page's colours, as the address asks (the style sheet follows
        // the document's data-theme).
        set_theme(r.look.theme);
        return Start {
            state: r.state,
            files_ready: true,
            problem: r.problem,
            embed: true,
            host: r.host,
            offer: None,
            look: r.look,
        };
    }
    let saved = || {
        let state = persist::load();
        let files_ready = !state.files.is_empty();
        (state, files_ready)
    };
    match share::decode(&hash) {
        Some(Ok(link)) => {
            let (own, files_ready) = saved();
            // (The first module is not started for a link: see needs_whole.)
            let loses = (!FIRST).then(|| LinkOffer::loses(&own, &link)).flatten();
            if let Some(loses) = loses {
                // The address keeps the link until the reader answers.
                return Start {
                    state: own,
                    files_ready,
                    problem: None,
                    embed: false,
                    host: false,
                    offer: Some(LinkOffer { state: link, loses }),
                    look: EmbedLook::default(),
                };
            }
            // The link has been read; reloads use the saved state from now on.
            if let Ok(history) = gloo::utils::window().history() {
                let url = format!("{}{}", location.pathname().unwrap_or_default(), search);
                let _ =
                    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
            }
            Start {
                state: link,
                files_ready: true,
                problem: None,
                embed: false,
                host: false,
                offer: None,
                look: EmbedLook::default(),
            }
        }
        other => {
            let (state, files_ready) = saved();
            Start {
                state,
                files_ready,
                problem: other.and_then(Result::err),
                embed: false,
                host: false,
                offer: None,
                look: EmbedLook::default(),
            }
        }
    }
}
