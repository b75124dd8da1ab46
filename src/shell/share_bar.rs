//! "Copy link" (the whole state in the URL fragment) and "Clear all".

use std::rc::Rc;

use yew::prelude::*;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlInputElement;

use crate::charts::Theme;
use crate::embed::block::BlockView;
use crate::embed::host::use_preview_height;
use crate::embed::request::{iframe_snippet, local_address, EmbedLook, AUTO, EMBED_HEIGHTS};
use crate::learn::exercise_link;
use crate::model::share;
use crate::model::state::AppState;
use crate::shared::address::query_with;
use crate::shared::copy_button::CopyButton;
use crate::shared::dom::{focus_after_render, focus_at_start_after_render, refocus_when_lost};
use crate::shared::door::Door;
use crate::shared::first_module::FIRST;
use crate::shell::handover::{embed_handed_over, hand_over, Handover};
use crate::shell::saved_work;

/// Props of [`ShareBar`].
#[derive(Properties, PartialEq)]
pub struct ShareBarProps {
    /// The state to share.
    pub state: Rc<AppState>,
    /// Called when the user confirmed clearing everything.
    pub on_clear: Callback<()>,
    /// Called with an opened session file's state, or why it did not open.
    pub on_session: Callback<Result<AppState, String>>,
    /// The door open: in the learn door with a set open, "Copy link" gives
    /// the set's link (it opens there, at the set) rather than the state's
    /// (which opens in Calculate).
    pub door: Door,
}

/// The page address without its fragment.
fn base_url() -> String {
    let loc = gloo::utils::window().location();
    format!(
        "{}{}{}",
        loc.origin().unwrap_or_default(),
        loc.pathname().unwrap_or_default(),
        loc.search().unwrap_or_default()
    )
}

/// The page address for a state's link copied in `door`: from the learn
/// door it says `door=learn` in its query, so the link opens there (its
/// fragment holds the state, not a door); from another door, as it is.
fn base_url_in(door: Door) -> String {
    let loc = gloo::utils::window().location();
    let learn = format!("door={}", Door::Learn.slug());
    let query = query_with(
        &loc.search().unwrap_or_default(),
        |p| !p.starts_with("door="),
        (door == Door::Learn).then_some(learn.as_str()),
    );
    format!(
        "{}{}{query}",
        loc.origin().unwrap_or_default(),
        loc.pathname().unwrap_or_default()
    )
}

/// Reads `file` as a session file and hands `on_session` its state, or
/// why it is not one.
pub fn open_session(file: web_sys::File, on_session: Callback<Result<AppState, String>>) {
    wasm_bindgen_futures::spawn_local(async move {
        let name = file.name();
        let text = JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|t| t.as_string())
            .unwrap_or_default();
        on_session.emit(saved_work::decode(&name, &text).unwrap_or_else(|| {
            Err(format!(
                "{name} is not a Ranklab session file (saved with Save session)."
            ))
        }));
    });
}

/// Buttons and the link or message they produced.
#[component]
pub fn ShareBar(props: &ShareBarProps) -> Html {
    let outcome = use_state(|| None::<Result<(String, &'static str), String>>);
    // One result panel at a time: a new one replaces the other.
    let embed_height = use_state(|| 560u32);
    let embed_look = use_state(EmbedLook::default);
    // Open from the start where a first visit's Embed… handed over to the
    // whole app for it.
    let embed = use_state(|| {
        embed_handed_over()
            .then(|| iframe_snippet(&base_url(), &props.state, *embed_height, *embed_look))
    });
    {
        // Opened by the hand-over: the focus goes into it, as on a click.
        let opened = embed.is_some();
        use_effect_with((), move |_| {
            if opened {
                focus_at_start_after_render(&["#embed-snippet"]);
            }
        });
    }
    let preview = use_node_ref();
    use_preview_height(preview.clone(), matches!(*embed, Some(Ok(_))));
    let on_copy = {
        let (state, outcome, embed) = (props.state.clone(), outcome.clone(), embed.clone());
        let door = props.door;
        Callback::from(move |_: MouseEvent| {
            embed.set(None);
            let set = state.exercise_set.as_ref().filter(|_| door == Door::Learn);
            let link = match set {
                Some(set) => Ok((exercise_link::link(&set.text), "this set")),
                None => share::encode(&state)
                    .map(|fragment| (format!("{}{fragment}", base_url_in(door)), "this state")),
            };
            outcome.set(Some(link.map(|(url, what)| {
                let clipboard = gloo::utils::window().navigator().clipboard();
                let _ = clipboard.write_text(&url);
                (url, what)
            })));
            // Into the link's field, whose label says it was copied.
            focus_after_render(&["#share-link"]);
        })
    };
    // Closing (its button, or Esc in the panel) gives the focus back to
    // the button that opened the panel.
    let opener: &'static [&'static str] = if embed.is_some() {
        &["[data-testid=embed]"]
    } else {
        &["[data-testid=copy-link]"]
    };
    let shut = {
        let (outcome, embed) = (outcome.clone(), embed.clone());
        move || {
            outcome.set(None);
            embed.set(None);
            refocus_when_lost(opener);
        }
    };
    let close = {
        let shut = shut.clone();
        Callback::from(move |_: MouseEvent| shut())
    };
    let open = outcome.is_some() || embed.is_some();
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if open && e.key() == "Escape" {
            e.prevent_default();
            shut();
        }
    });
    // The panel lies over the page: the focus leaving it for the page (Tab
    // past its last control) closes it, so the focus is never under it.
    let bar = use_node_ref();
    let onfocusout = {
        let (outcome, embed, bar) = (outcome.clone(), embed.clone(), bar.clone());
        Callback::from(move |e: FocusEvent| {
            let Some(to) = e.related_target() else { return };
            let inside = bar
                .get()
                .is_some_and(|b| b.contains(Some(to.unchecked_ref())));
            if open && !inside {
                outcome.set(None);
                embed.set(None);
            }
        })
    };
    let on_embed = {
        let (state, embed) = (props.state.clone(), embed.clone());
        let outcome = outcome.clone();
        let (height, look) = (*embed_height, *embed_look);
        Callback::from(move |_: MouseEvent| {
            if FIRST {
                // The panel is the whole app's (a first visit loads less).
                return hand_over(Handover::Embed);
            }
            outcome.set(None);
            embed.set(Some(iframe_snippet(&base_url(), &state, height, look)));
            focus_at_start_after_render(&["#embed-snippet"]);
        })
    };
    // One of the snippet's choices changed: the snippet is made again.
    let remake = |change: fn(&mut u32, &mut EmbedLook, &str)| {
        let (state, embed) = (props.state.clone(), embed.clone());
        let (embed_height, embed_look) = (embed_height.clone(), embed_look.clone());
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            let (mut height, mut look) = (*embed_height, *embed_look);
            change(&mut height, &mut look, &value);
            embed_height.set(height);
            embed_look.set(look);
            embed.set(Some(iframe_snippet(&base_url(), &state, height, look)));
        })
    };
    let on_height = remake(|height, _, v| *height = v.parse().unwrap_or(560));
    // (The reader's preference, AUTO, names no theme.)
    let on_theme = remake(|_, look, v| look.theme = Theme::named(v));
    let on_view = remake(|_, look, v| look.view = BlockView::named(v).unwrap_or_default());
    let on_save = {
        let (state, outcome, embed) = (props.state.clone(), outcome.clone(), embed.clone());
        Callback::from(move |_: MouseEvent| {
            embed.set(None);
            match saved_work::save(&state) {
                Ok(()) => outcome.set(None),
                Err(m) => outcome.set(Some(Err(m))),
            }
        })
    };
    let on_open = {
        let cb = props.on_session.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let Some(file) = input.files().and_then(|l| l.get(0)) else {
                return;
            };
            input.set_value("");
            if FIRST {
                hand_over(Handover::Session(file));
            } else {
                open_session(file, cb.clone());
            }
        })
    };
    let on_clear = {
        let cb = props.on_clear.clone();
        let outcome = outcome.clone();
        Callback::from(move |_: MouseEvent| {
            let ok = gloo::utils::window()
                .confirm_with_message("Clear everything: the rankings, the loaded files and the settings? This cannot be undone.")
                .unwrap_or(false);
            if ok {
                outcome.set(None);
                cb.emit(());
            }
        })
    };
    html! {
        <div class="share-bar" ref={ bar } { onkeydown } { onfocusout }>
            <button type="button" data-testid="copy-link" onclick={ on_copy } aria-expanded={ matches!(*outcome, Some(Ok(_))).to_string() } aria-controls={ matches!(*outcome, Some(Ok(_))).then_some("share-result") }>{ "Copy link" }</button>
            <button type="button" data-testid="save-session" onclick={ on_save }>{ "Save session" }</button>
            <input id="open-session" data-testid="open-session" class="visually-hidden" type="file" accept=".json,application/json" onchange={ on_open } />
            <label class="button" for="open-session">{ "Open session…" }</label>
            <button type="button" data-testid="embed" onclick={ on_embed } aria-expanded={ matches!(*embed, Some(Ok(_))).to_string() } aria-controls={ matches!(*embed, Some(Ok(_))).then_some("embed-result") }>{ "Embed…" }</button>
            <button type="button" data-testid="clear-all" class="danger" onclick={ on_clear }>{ "Clear all…" }</button>
            { match (*outcome).clone() {
                Some(Ok((url, what))) => html! {
                    <div class="share-result" id="share-result" data-testid="share-result" role="group" aria-label="Link">
                        <label for="share-link">{ format!("Link to {what} ({} characters), copied to the clipboard:", url.len()) }</label>
                        <input id="share-link" data-testid="share-link" type="text" readonly=true value={ url.clone() } />
                        <CopyButton text={ url } testid="copy-share-link" what="Copy the link again" />
                        <button type="button" data-testid="close-share" onclick={ close.clone() }>{ "Close" }</button>
                    </div>
                },
                Some(Err(m)) => html! { <p class="field-error" role="alert" data-testid="share-error">{ m }</p> },
                None => html! {},
            } }
            { match (*embed).clone().filter(|_| !FIRST) {
                Some(Ok((src, snippet))) => html! {
                    <div class="share-result embed-result" id="embed-result" role="group" aria-label="Embed">
                        // Close first: the preview makes the panel taller than a screen.
                        <button type="button" class="panel-close" data-testid="close-share" onclick={ close.clone() }>{ "Close" }</button>
                        <label for="embed-snippet">{ "Paste this into a documentation page to embed the calculator with the current rankings and settings. The script lets the frame take its content's height (once per page is enough):" }</label>
                        <textarea id="embed-snippet" data-testid="embed-snippet" readonly=true rows="5" value={ snippet.clone() } />
                        <CopyButton text={ snippet } testid="copy-embed-snippet" what="Copy the snippet" />
                        if local_address(&src) {
                            <p class="field-error" data-testid="embed-local">{ "This frame's address is this computer's own: your readers' browsers cannot open it, and would show an empty frame. Copy Ranklab's files (the folder this page comes from) to your site, then make the snippet from there, or write their address in src." }</p>
                        }
                        <p class="hint" data-testid="embed-text-blocks">{ "To write each calculator's rankings in the page's own text instead (a block your docs keep, edited like any text), load Ranklab's " }<code>{ "embed.js" }</code>{ " once per page: the README's section on documentation pages shows how for MkDocs, Sphinx, Docusaurus, VitePress, mdBook and Hugo." }</p>
                        <div class="embed-size">
                            <span class="embed-choice">
                                <label for="embed-height">{ "Height before it resizes" }</label>
                                <select id="embed-height" data-testid="embed-height" onchange={ on_height }>
                                    { for EMBED_HEIGHTS.iter().map(|&h| html! {
                                        <option value={ h.to_string() } selected={ h == *embed_height }>{ format!("{h} px") }</option>
                                    }) }
                                </select>
                            </span>
                            <span class="embed-choice">
                                <label for="embed-theme">{ "Colours" }</label>
                                <select id="embed-theme" data-testid="embed-theme" onchange={ on_theme }>
                                    <option value={ AUTO } selected={ embed_look.theme.is_none() }>{ "the reader's (light or dark)" }</option>
                                    <option value={ Theme::Light.name() } selected={ embed_look.theme == Some(Theme::Light) }>{ Theme::Light.name() }</option>
                                    <option value={ Theme::Dark.name() } selected={ embed_look.theme == Some(Theme::Dark) }>{ Theme::Dark.name() }</option>
                                </select>
                            </span>
                            <span class="embed-choice">
                                <label for="embed-view">{ "Shows" }</label>
                                <select id="embed-view" data-testid="embed-view" onchange={ on_view }>
                                    <option value={ BlockView::Both.name() } selected={ embed_look.view == BlockView::Both }>{ "the table and the charts" }</option>
                                    <option value={ BlockView::Table.name() } selected={ embed_look.view == BlockView::Table }>{ "the table" }</option>
                                    <option value={ BlockView::Chart.name() } selected={ embed_look.view == BlockView::Chart }>{ "the charts" }</option>
                                </select>
                            </span>
                        </div>
                        <p class="hint">{ "Preview: it opens at that height, then takes its content's height, as the snippet's script makes it do in your page. Click into it to try it; the Tab key passes it by." }</p>
                        // Out of the Tab order: its dozens of controls stood
                        // between the panel's and the rest of the page.
                        <iframe class="embed-preview" data-testid="embed-preview" title="Preview of the embedded calculator"
                            tabindex="-1" ref={ preview } src={ src } height={ embed_height.to_string() } />
                    </div>
                },
                Some(Err(m)) => html! { <p class="field-error" role="alert" data-testid="embed-error">{ m }</p> },
                None => html! {},
            } }
        </div>
    }
}
