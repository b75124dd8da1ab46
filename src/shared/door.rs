//! The app's doors, one per use: calculate (rankings typed or pasted),
//! files (qrels and runs, statistics, tie ranges, the tools' conventions)
//! and learn (exercises, teachers' sets, projector mode, handouts). A door
//! has an address in the URL's hash (`#calculate`, `#files`, `#learn`), so
//! it works from a server and from a file opened from disk, and the back
//! button goes back to the door before; a teacher's link (`?set=`) and
//! `?projector` open the learn door.

use std::cell::Cell;

use yew::prelude::*;

use crate::shared::address::{is_projector, query_parts, rewrite_query};
use crate::shared::dom::{on_window, refocus_when_lost};

/// One use of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Door {
    /// Type or paste rankings; results, charts, explanations.
    Calculate,
    /// Qrels and run files, big files, statistics, tie ranges, conventions.
    Files,
    /// Exercises, teachers' sets, projector mode, handouts.
    Learn,
}

impl Door {
    /// Every door, in the header's order.
    pub const ALL: [Door; 3] = [Door::Calculate, Door::Files, Door::Learn];

    /// Its address (the URL's hash, without `#`).
    pub fn slug(self) -> &'static str {
        match self {
            Door::Calculate => "calculate",
            Door::Files => "files",
            Door::Learn => "learn",
        }
    }

    /// Its name in the header.
    pub fn label(self) -> &'static str {
        match self {
            Door::Calculate => "Calculate",
            Door::Files => "Evaluate files",
            Door::Learn => "Learn",
        }
    }

    /// Where the focus goes in it when it opens and the focus was lost:
    /// the first of these on the page.
    fn focus_targets(self) -> &'static [&'static str] {
        match self {
            Door::Calculate => &["#results-title", "#quick-input", "#form-system"],
            Door::Files => &["#results-title", "#file-input"],
            Door::Learn => &["#exercise-title"],
        }
    }

    /// Its short name in the phone's tab bar.
    pub fn short_label(self) -> &'static str {
        match self {
            Door::Calculate => "Calculate",
            Door::Files => "Files",
            Door::Learn => "Learn",
        }
    }

    /// The door whose slug is `slug` (a hash without its `#`, a `door=`).
    fn named(slug: &str) -> Option<Door> {
        Door::ALL.into_iter().find(|d| d.slug() == slug)
    }

    /// The door an address names: the learn door when its query asks for
    /// projector mode (whatever its hash: the mode is the learn door's, and
    /// `?projector#files` opening the files door ignored the request without
    /// a word); else its hash, else `door=` in its query (a state's link
    /// copied in the learn door, whose hash is the state), else a teacher's
    /// set in its query (the learn door); `None` for none of these.
    pub fn from_address(hash: &str, search: &str) -> Option<Door> {
        if query_parts(search).any(is_projector) {
            return Some(Door::Learn);
        }
        if let Some(d) = Door::named(hash.trim_start_matches('#')) {
            return Some(d);
        }
        if let Some(d) = query_parts(search).find_map(|p| Door::named(p.strip_prefix("door=")?)) {
            return Some(d);
        }
        query_parts(search)
            .any(|p| p.starts_with("set="))
            .then_some(Door::Learn)
    }
}

thread_local! {
    /// The door the page's address named beside `?projector` when it
    /// opened: the learn door opened instead (see [`use_door`]).
    static SET_ASIDE: Cell<Option<Door>> = const { Cell::new(None) };
}

/// The door the page's address named beside `?projector` when the page
/// opened, which the learn door replaced: the learn door says so.
pub fn set_aside_for_projector() -> Option<Door> {
    SET_ASIDE.get()
}

fn address() -> (String, String) {
    let location = gloo::utils::window().location();
    (
        location.hash().unwrap_or_default(),
        location.search().unwrap_or_default(),
    )
}

/// The door kept with the history's current entry (see [`use_door`]).
fn door_in_history() -> Option<Door> {
    let state = gloo::utils::window().history().ok()?.state().ok()?;
    Door::named(&state.as_string()?)
}

/// Keeps `door` with the history's current entry, its address unchanged.
fn keep_in_history(door: Door) {
    if let Ok(history) = gloo::utils::window().history() {
        let _ = history.replace_state(&door.slug().into(), "");
    }
}

/// The door open now, following the address (links, the back button);
/// `fallback` when the address names none (files loaded: the files door).
/// An address within a door (a link to a panel, `#file-errors`) keeps that
/// door with its history entry, so going back to it opens that door again.
#[hook]
pub fn use_door(fallback: Door) -> UseStateHandle<Door> {
    let door = use_state(|| {
        let (hash, search) = address();
        let door = Door::from_address(&hash, &search).unwrap_or(fallback);
        // `?projector#files` opens the learn door: the hash says so too, or
        // the files door's link (to the hash already there) would do nothing.
        let named = Door::named(hash.trim_start_matches('#'));
        if door == Door::Learn && named.is_some_and(|d| d != Door::Learn) {
            SET_ASIDE.set(named);
            let location = gloo::utils::window().location();
            let _ = location.replace(&format!(
                "{}{search}#learn",
                location.pathname().unwrap_or_default()
            ));
        }
        door
    });
    {
        let door = door.clone();
        let first = use_mut_ref(|| true);
        // Registered again when the door changes: an address within a door
        // is kept with the door open at the time.
        use_effect_with(*door, move |&open| {
            // A door opened by a control of the one before (a worked
            // example's Load) took that control away: the focus goes to the
            // new door's results or its first field, not to the page.
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                refocus_when_lost(open.focus_targets());
            }
            // The tab's title names the door: a screen reader says it, and
            // a door opened by its link is told apart from the one before.
            gloo::utils::document().set_title(&format!(
                "{} · Ranklab: ranking metrics calculator",
                open.label()
            ));
            // Another door opens at its top (the page was scrolled in the
            // one before: a worked example loaded from the gallery below).
            let enter = move |d: Door| {
                if d != open {
                    door.set(d);
                    gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0);
                }
            };
            on_window("hashchange", move || {
                let (hash, search) = address();
                // Another door's link followed in projector mode leaves the
                // mode: its part of the query goes, or the address would
                // keep naming the learn door.
                let elsewhere =
                    Door::named(hash.trim_start_matches('#')).is_some_and(|d| d != Door::Learn);
                let (hash, search) = if elsewhere && query_parts(&search).any(is_projector) {
                    rewrite_query(|p| !is_projector(p), None);
                    address()
                } else {
                    (hash, search)
                };
                if let Some(d) = Door::from_address(&hash, &search) {
                    enter(d);
                } else if hash.is_empty() {
                    enter(fallback);
                } else if let Some(d) = door_in_history() {
                    enter(d);
                } else {
                    keep_in_history(open);
                }
            })
        });
    }
    door
}

/// Opens `door`: as its link would (a new entry in the history) when the
/// address names another door; in place of the address when it names none
/// (the page opened at `/`, whose door is the one opened), so the back
/// button does not go to the same door; nothing when it names this one.
pub fn go(door: Door) {
    let location = gloo::utils::window().location();
    let (hash, search) = address();
    match Door::from_address(&hash, &search) {
        Some(d) if d != door => {
            let _ = location.set_hash(door.slug());
        }
        Some(_) if !hash.is_empty() => {}
        _ => {
            let _ = location.replace(&format!("#{}", door.slug()));
        }
    }
}

/// The doors' links: a tab list in the header (and, on a phone, a tab bar
/// at the bottom of the screen, the same links).
pub fn door_nav(current: Door, class: &'static str, short: bool) -> Html {
    html! {
        <nav class={ class } aria-label="Doors">
            { for Door::ALL.into_iter().map(|d| {
                let label = if short { d.short_label() } else { d.label() };
                html! {
                    <a href={ format!("#{}", d.slug()) } class="door-link"
                        data-testid={ format!("door-{}", d.slug()) }
                        aria-current={ (d == current).then_some("page") }>{ label }</a>
                }
            }) }
        </nav>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_name_doors_and_old_links_open_the_learn_door() {
        assert_eq!(Door::from_address("#files", ""), Some(Door::Files));
        assert_eq!(Door::from_address("#learn", "?x=1"), Some(Door::Learn));
        // A state's link from the learn door: its hash is the state.
        assert_eq!(
            Door::from_address("#s=abc", "?door=learn"),
            Some(Door::Learn)
        );
        assert_eq!(
            Door::from_address("#files", "?door=learn"),
            Some(Door::Files)
        );
        assert_eq!(Door::from_address("#s=abc", "?door=nowhere"), None);
        assert_eq!(
            Door::from_address("#calculate", "?set=abc"),
            Some(Door::Calculate)
        );
        assert_eq!(Door::from_address("", "?set=abc"), Some(Door::Learn));
        assert_eq!(Door::from_address("", "?a=1&projector"), Some(Door::Learn));
        // Projector mode is the learn door's, whatever the hash says.
        assert_eq!(
            Door::from_address("#files", "?projector"),
            Some(Door::Learn)
        );
        assert_eq!(Door::from_address("#s=xyz", ""), None);
        assert_eq!(Door::from_address("", "?settings=1"), None);
        for d in Door::ALL {
            assert_eq!(Door::from_address(&format!("#{}", d.slug()), ""), Some(d));
        }
    }
}
