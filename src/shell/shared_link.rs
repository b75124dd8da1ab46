//! A shared link opened over the reader's own work. A link (`#s=…`) opens
//! at once when it loses nothing ([`AppState::lost_to`]); otherwise the
//! page keeps the reader's work and asks, naming what the link would
//! replace: "Open the link" replaces it, "Keep my work" leaves the link,
//! and the work can be saved as a session file first.
//! The same holds for a link pasted into the address bar of an open page
//! (a `hashchange`), which the first module hands over to the whole app.

use std::rc::Rc;

use yew::prelude::*;

use crate::model::share;
use crate::model::state::AppState;
use crate::shared::dom::{focus_by_id, on_window};
use crate::shared::door::{go, Door};
use crate::shared::first_module::FIRST;
use crate::shell::handover::{hand_over, Handover};
use crate::shell::persist;

/// A shared link waiting for the reader's answer.
#[derive(Clone, PartialEq)]
pub struct LinkOffer {
    /// The link's state.
    pub state: AppState,
    /// What opening it would replace, in words.
    pub loses: String,
}

impl LinkOffer {
    /// What `link` would replace of `own`, or `None` when it loses
    /// nothing ([`AppState::lost_to`]; files kept in this browser and not
    /// read back yet count as work).
    pub fn loses(own: &AppState, link: &AppState) -> Option<String> {
        own.lost_to(link, own.files.is_empty() && persist::files_marked())
    }
}

/// The offer, if any, and the reader's two answers.
pub struct SharedLink {
    /// The link asked about.
    pub offer: Option<Rc<LinkOffer>>,
    /// Replace the page's state with the link's.
    pub on_open: Callback<()>,
    /// Keep the page's state; the link is left.
    pub on_keep: Callback<()>,
}

/// Opens `link` as the page opens a session file (`on_session`: it
/// replaces the state), then the door its work is in (in place of the
/// link's address).
fn open(on_session: &Callback<Result<AppState, String>>, link: AppState) {
    let door = if link.files.is_empty() {
        Door::Calculate
    } else {
        Door::Files
    };
    on_session.emit(Ok(link));
    go(door);
}

/// Links opened after the start (`hashchange`) and the start's offer;
/// `on_session` opens a state (or says why it could not be read).
#[hook]
pub fn use_shared_link(
    start: Option<LinkOffer>,
    state: &UseReducerHandle<AppState>,
    on_session: &Callback<Result<AppState, String>>,
    door: Door,
) -> SharedLink {
    let offer = use_state(|| start.map(Rc::new));
    {
        let (offer, state, on_session) = (offer.clone(), state.clone(), on_session.clone());
        // Registered again when the state changes: what a link would lose
        // is measured against the state of the moment.
        // (The first module only hands links over: it needs no state here.)
        let deps = ((!FIRST).then(|| (*state).clone()), door);
        use_effect_with(deps, move |_| {
            on_window("hashchange", move || {
                let hash = gloo::utils::window().location().hash().unwrap_or_default();
                match share::decode(&hash) {
                    None => {}
                    // The whole app reads links (it starts from this address).
                    Some(_) if FIRST => hand_over(Handover::Open),
                    Some(Err(message)) => {
                        on_session.emit(Err(message));
                        go(door);
                    }
                    Some(Ok(link)) => match LinkOffer::loses(&state, &link) {
                        Some(loses) => offer.set(Some(Rc::new(LinkOffer { state: link, loses }))),
                        None => {
                            offer.set(None);
                            open(&on_session, link);
                        }
                    },
                }
            })
        });
    }
    {
        // The question is brought into view (a phone may be scrolled far
        // below the header) and read out; the answer is the reader's to give.
        let asking = offer.is_some();
        use_effect_with(asking, move |asking| {
            if *asking {
                focus_by_id("link-offer");
            }
        });
    }
    let on_open = if FIRST {
        Callback::noop()
    } else {
        let (offer, on_session) = (offer.clone(), on_session.clone());
        Callback::from(move |_: ()| {
            if let Some(o) = (*offer).clone() {
                offer.set(None);
                open(&on_session, o.state.clone());
            }
        })
    };
    let on_keep = if FIRST {
        Callback::noop()
    } else {
        let offer = offer.clone();
        Callback::from(move |_: ()| {
            offer.set(None);
            go(door);
        })
    };
    SharedLink {
        offer: (*offer).clone(),
        on_open,
        on_keep,
    }
}

/// Props of [`LinkOfferBanner`].
#[derive(Properties, PartialEq)]
pub struct LinkOfferProps {
    /// The link asked about.
    pub offer: Rc<LinkOffer>,
    /// The page's state (saved as a session file on request).
    pub state: Rc<AppState>,
    /// The reader's saved files are back (before, opening the link could
    /// mix them into the link's).
    pub ready: bool,
    /// Open the link.
    pub on_open: Callback<()>,
    /// Keep one's work.
    pub on_keep: Callback<()>,
}

/// The question, above the door: what the link would replace, a way to
/// save that work as a session file first, and the two answers.
#[component]
pub fn LinkOfferBanner(props: &LinkOfferProps) -> Html {
    // What saving one's work first gave: saved, or why not.
    let saved = use_state(|| None::<Result<(), String>>);
    let on_save = {
        let (state, saved) = (props.state.clone(), saved.clone());
        Callback::from(move |_: MouseEvent| saved.set(Some(crate::shell::saved_work::save(&state))))
    };
    let (on_open, on_keep) = (props.on_open.clone(), props.on_keep.clone());
    let ready = props.ready;
    html! {
        <section class="banner link-offer" id="link-offer" tabindex="-1" role="alertdialog"
            aria-labelledby="link-offer-title" aria-describedby="link-offer-text" data-testid="link-offer">
            <h2 id="link-offer-title">{ "Open the shared link?" }</h2>
            <p id="link-offer-text">
                { format!("The link holds someone's rankings and settings. Opening it replaces {} in this browser.", props.offer.loses) }
            </p>
            <div class="link-offer-actions">
                <button type="button" class="primary" data-testid="link-offer-open" disabled={ !ready }
                    title={ (!ready).then_some("Reading your saved files back first…") }
                    onclick={ move |_| on_open.emit(()) }>{ "Open the link" }</button>
                <button type="button" data-testid="link-offer-save" onclick={ on_save }>{ "Save my work to a file first" }</button>
                <button type="button" data-testid="link-offer-keep" onclick={ move |_| on_keep.emit(()) }>{ "Keep my work" }</button>
            </div>
            { match &*saved {
                Some(Ok(())) => html! { <p class="hint" role="status" data-testid="link-offer-saved">{ format!("Saved as {} in your downloads: Open session… brings it back.", crate::shell::saved_work::FILE_NAME) }</p> },
                Some(Err(why)) => html! { <p class="field-error" role="alert" data-testid="link-offer-save-error">{ why.clone() }</p> },
                None => html! {},
            } }
        </section>
    }
}

/// The question, if a link is asked about (see [`LinkOfferBanner`]).
pub fn link_offer_banner(link: &SharedLink, state: &Rc<AppState>, ready: bool) -> Html {
    // (The first module never asks: links are the whole app's to open.)
    let Some(offer) = link.offer.clone().filter(|_| !FIRST) else {
        return html! {};
    };
    html! {
        <LinkOfferBanner { offer } state={ state.clone() } { ready }
            on_open={ link.on_open.clone() } on_keep={ link.on_keep.clone() } />
    }
}
