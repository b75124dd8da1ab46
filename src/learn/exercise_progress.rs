//! Exercise progress, kept in the browser (localStorage, so it works
//! offline and from the single file): per exercise (by its key), whether it
//! was solved, how many answers were tried and how many hints shown.

use std::collections::BTreeMap;
use std::rc::Rc;

use gloo::storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};
use yew::prelude::*;

const STORAGE_KEY: &str = "ranklab-exercises";

/// One exercise's progress.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// A right answer was given.
    pub solved: bool,
    /// Answers checked.
    pub tries: u32,
    /// Rows of the steps shown as hints.
    pub hints: usize,
}

/// Every exercise's progress, and saving it.
#[derive(Clone, PartialEq)]
pub struct Progress {
    map: UseStateHandle<Rc<BTreeMap<String, Entry>>>,
}

/// The progress saved in this browser.
#[hook]
pub fn use_progress() -> Progress {
    let map = use_state(|| Rc::new(LocalStorage::get(STORAGE_KEY).unwrap_or_default()));
    Progress { map }
}

impl Progress {
    /// One exercise's progress (nothing yet: the default).
    pub fn get(&self, key: &str) -> Entry {
        self.map.get(key).copied().unwrap_or_default()
    }

    /// Changes one exercise's progress and saves it.
    pub fn update(&self, key: &str, f: impl FnOnce(&mut Entry)) {
        let mut next = (**self.map).clone();
        f(next.entry(key.to_string()).or_default());
        self.save(next);
    }

    fn save(&self, next: BTreeMap<String, Entry>) {
        // A browser that refuses storage (private mode, full) keeps the
        // progress for this visit only.
        let _ = LocalStorage::set(STORAGE_KEY, &next);
        self.map.set(Rc::new(next));
    }

    /// Forgets one exercise's progress.
    pub fn reset_one(&self, key: &str) -> Callback<MouseEvent> {
        let (this, key) = (self.clone(), key.to_string());
        Callback::from(move |_: MouseEvent| {
            let mut next = (**this.map).clone();
            next.remove(&key);
            this.save(next);
        })
    }

    /// Forgets every exercise's progress.
    pub fn reset_all(&self) -> Callback<MouseEvent> {
        let this = self.clone();
        Callback::from(move |_: MouseEvent| this.save(BTreeMap::new()))
    }
}
