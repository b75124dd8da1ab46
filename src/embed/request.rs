//! Embed mode, for documentation pages: `?embed` (or `#embed`) shows only
//! the calculator and its chart. Its state comes from the URL — an example
//! case (`?embed&case=000-004`) or a shared state (`?embed#s=…`) — with how
//! it looks (`&theme=dark`, `&view=table`: [`EmbedLook`]), and is never saved, so embedded calculators do not overwrite the work a reader
//! keeps in the full app.

use crate::charts::Theme;
use crate::embed::block::BlockView;
use crate::model::example::find;
use crate::model::share;
use crate::model::state::{Action, AppState};

/// What the URL asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct EmbedRequest {
    /// The state to show.
    pub state: AppState,
    /// A message when the URL's state could not be read.
    pub problem: Option<String>,
    /// Made by `embed.js` (`?embed&host`): the page around it sends the
    /// rankings (see [`crate::embed::host`]).
    pub host: bool,
    /// How it looks (`theme=`, `view=`); a block's options say it for
    /// embed.js's calculators instead.
    pub look: EmbedLook,
}

/// The value of a theme that follows the reader's preference.
pub const AUTO: &str = "auto";

/// How an embedded calculator looks, as its address asks: its colours
/// (`theme=light` or `theme=dark`; none: the reader's preference) and what
/// it shows (`view=table`, `view=chart` or `view=both`, as a block's
/// `view:` option).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EmbedLook {
    /// Light or dark whatever the reader prefers (`None`: their preference).
    pub theme: Option<Theme>,
    /// The table, the chart or both.
    pub view: BlockView,
}

impl EmbedLook {
    /// Reads `theme=` and `view=` among the parameters; a value it does
    /// not know is a problem, said in the frame (and left at its default).
    fn read(params: &[(&str, &str)]) -> (EmbedLook, Vec<String>) {
        let mut look = EmbedLook::default();
        let mut problems = Vec::new();
        for &(k, v) in params {
            match k {
                "theme" if v.is_empty() || v == AUTO => look.theme = None,
                "theme" => match Theme::named(v) {
                    Some(t) => look.theme = Some(t),
                    None => problems.push(format!(
                        "The address's theme is `{v}`; expected light, dark or auto (the reader's preference)."
                    )),
                },
                "view" if v.is_empty() => look.view = BlockView::Both,
                "view" => match BlockView::named(v) {
                    Some(view) => look.view = view,
                    None => problems.push(format!(
                        "The address's view is `{v}`; expected table, chart or both."
                    )),
                },
                _ => {}
            }
        }
        (look, problems)
    }

    /// Its parameters for an address (`&theme=dark&view=table`), none for
    /// the defaults.
    fn query(self) -> String {
        let mut q = String::new();
        if let Some(t) = self.theme {
            q.push_str("&theme=");
            q.push_str(t.name());
        }
        if self.view != BlockView::default() {
            q.push_str("&view=");
            q.push_str(self.view.name());
        }
        q
    }
}

/// The query string's parameters, as (name, value) pairs.
fn params(search: &str) -> Vec<(&str, &str)> {
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .collect()
}

/// Whether a page's query string and fragment ask for embed mode.
pub fn is_embedded(search: &str, hash: &str) -> bool {
    params(search).iter().any(|(k, _)| *k == "embed") || hash == "#embed"
}

/// Reads embed mode from a page's query string and fragment; `None` when
/// the page is not embedded.
pub fn embed_request(search: &str, hash: &str) -> Option<EmbedRequest> {
    if !is_embedded(search, hash) {
        return None;
    }
    let params = params(search);
    if params.iter().any(|(k, _)| *k == "host") {
        // Nothing until the page sends its block.
        return Some(EmbedRequest {
            state: AppState::default().apply(Action::SetText(String::new())),
            problem: None,
            host: true,
            look: EmbedLook::default(),
        });
    }
    let (look, look_problems) = EmbedLook::read(&params);
    let (state, problem) = if let Some(result) = share::decode(hash) {
        match result {
            Ok(state) => (state, None),
            Err(message) => (AppState::default(), Some(message)),
        }
    } else {
        let case = params.iter().find(|(k, _)| *k == "case").map(|(_, v)| *v);
        match case.map(|id| (id, find(id))) {
            Some((_, Some(c))) => (
                AppState::default().apply(Action::LoadCase(
                    c.id.to_string(),
                    c.text.to_string(),
                    c.settings(),
                )),
                None,
            ),
            Some((id, None)) => (
                AppState::default(),
                Some(format!("No example named `{id}`; showing the demo.")),
            ),
            None => (AppState::default(), None),
        }
    };
    let problems: Vec<String> = problem.into_iter().chain(look_problems).collect();
    Some(EmbedRequest {
        state,
        problem: (!problems.is_empty()).then(|| problems.join(" ")),
        host: false,
        look,
    })
}

/// The message an embedded calculator posts to the page around it when
/// its height changes: `{"ranklab": "height", "height": <px>}`.
pub const HEIGHT_MESSAGE: &str = "height";

/// Heights offered for an embed, in pixels.
pub const EMBED_HEIGHTS: [u32; 4] = [400, 560, 720, 900];

/// The few lines a host page adds once to let its Ranklab frames take the
/// height they report (`origin`: Ranklab's origin, the only sender it
/// listens to).
pub fn host_script(origin: &str) -> String {
    format!(
        "<script>\naddEventListener('message', function (e) {{\n  if (e.origin !== '{origin}' || !e.data || e.data.ranklab !== '{HEIGHT_MESSAGE}') return;\n  document.querySelectorAll('iframe').forEach(function (f) {{\n    if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';\n  }});\n}});\n</script>"
    )
}

/// An embed of `state`: its address, and the snippet (the `<iframe>` of
/// `height` pixels, then the host script that lets it resize itself) for
/// the page at `base` (its address without query or fragment), looking as
/// `look` asks.
pub fn iframe_snippet(
    base: &str,
    state: &AppState,
    height: u32,
    look: EmbedLook,
) -> Result<(String, String), String> {
    let fragment = share::encode(state)?;
    let src = format!("{base}?embed{}{fragment}", look.query());
    let origin = base
        .find("://")
        .and_then(|i| base[i + 3..].find('/').map(|j| &base[..i + 3 + j]))
        .unwrap_or(base);
    let snippet = format!(
        "<iframe src=\"{src}\" title=\"Ranklab calculator\" width=\"100%\" height=\"{height}\" loading=\"lazy\" style=\"border: 1px solid rgba(128, 128, 128, 0.4); border-radius: 6px\"></iframe>\n{}",
        host_script(origin)
    );
    Ok((src, snippet))
}

/// Whether a frame's address is this computer's own (a file, `localhost`,
/// a loopback address): a snippet made from an app served there gives an
/// empty frame to every reader of the docs.
pub fn local_address(src: &str) -> bool {
    if src.starts_with("file:") {
        return true;
    }
    let host = src
        .split_once("://")
        .map_or("", |(_, rest)| rest.split('/').next().unwrap_or(""));
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    let loopback_v4 = name.split('.').count() == 4
        && name.starts_with("127.")
        && name.split('.').all(|part| part.parse::<u8>().is_ok());
    name == "localhost" || loopback_v4 || name == "::1" || name == "0.0.0.0"
}

/// Posts the embed's height to the page around it now and whenever it
/// changes (a `ResizeObserver` on the calculator), so a host page with
/// [`host_script`] shows it whole without an inner scroll bar.
#[cfg(target_arch = "wasm32")]
pub fn report_height() {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let window = gloo::utils::window();
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    let post = move || {
        let Some(page) = gloo::utils::document()
            .query_selector(".page.embed")
            .ok()
            .flatten()
        else {
            return;
        };
        let height = page.get_bounding_client_rect().height().ceil() + 2.0;
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"ranklab".into(), &HEIGHT_MESSAGE.into());
        let _ = js_sys::Reflect::set(&message, &"height".into(), &height.into());
        let _ = parent.post_message(&message, "*");
    };
    post();
    let callback = Closure::<dyn FnMut()>::new(post);
    if let (Ok(observer), Some(page)) = (
        web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()),
        gloo::utils::document()
            .query_selector(".page.embed")
            .ok()
            .flatten(),
    ) {
        observer.observe(&page);
        // The observer lives as long as the page.
        std::mem::forget(observer);
    }
    callback.forget();
}

/// Native builds (tests) have no page around them.
#[cfg(not(target_arch = "wasm32"))]
pub fn report_height() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_addresses_are_told_from_a_site() {
        for src in [
            "http://127.0.0.1:43929/?embed#s=x",
            "http://localhost:8080/?embed",
            "http://[::1]:8000/?embed",
            "file:///media/usb/ranklab/index.html?embed",
        ] {
            assert!(local_address(src), "{src}");
        }
        for src in [
            "https://docs.example.org/ranklab/?embed#s=x",
            "https://127.example.org/?embed",
            "http://localhost.example.org/",
        ] {
            assert!(!local_address(src), "{src}");
        }
    }

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
        let (src, snippet) =
            iframe_snippet("https://x.org/ranklab/", &s, 560, EmbedLook::default()).unwrap();
        assert!(src.starts_with("https://x.org/ranklab/?embed#s="), "{src}");
        assert!(
            snippet.starts_with(&format!("<iframe src=\"{src}\"")),
            "{snippet}"
        );
        assert!(snippet.contains("height=\"560\""));
        // The host script listens to Ranklab's origin only.
        assert!(
            snippet.contains("e.origin !== 'https://x.org'"),
            "{snippet}"
        );
    }

    #[test]
    fn an_embed_address_says_its_colours_and_parts_and_reads_them_back() {
        let s = AppState {
            quick_text: "q1: R".into(),
            ..AppState::default()
        };
        let look = EmbedLook {
            theme: Some(Theme::Dark),
            view: BlockView::Table,
        };
        let (src, _) = iframe_snippet("https://x.org/", &s, 560, look).unwrap();
        assert!(
            src.starts_with("https://x.org/?embed&theme=dark&view=table#s="),
            "{src}"
        );
        let (search, hash) = src["https://x.org/".len()..].split_once('#').unwrap();
        let r = embed_request(search, &format!("#{hash}")).unwrap();
        assert_eq!((r.look, r.state, r.problem), (look, s, None));
        // A value it does not know is said, and the default kept.
        let r = embed_request("?embed&theme=blue&view=chart", "").unwrap();
        assert_eq!(r.look.theme, None);
        assert_eq!(r.look.view, BlockView::Chart);
        assert!(r.problem.unwrap().contains("theme is `blue`"));
    }
}
