//! Exercise progress, kept in the browser (localStorage, so it works
//! offline and from the single file), per set: for each exercise (by its
//! key), whether it was solved, how many answers were tried and how many
//! hints shown, and what was typed into it (a reload keeps it). Resetting
//! can be undone until the next reset.

use std::collections::BTreeMap;
use std::rc::Rc;

use gloo::storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};
use yew::prelude::*;

/// Progress by set, then by exercise.
const STORAGE_KEY: &str = "ranklab-exercises.v2";
/// The first version's key: one map for every exercise, read once into
/// the example set's progress and the practice progress.
const OLD_KEY: &str = "ranklab-exercises";
/// The scope of exercises from the typed rankings or drawn at random.
pub const PRACTICE: &str = "practice";

/// One exercise's progress.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// A right answer was given.
    pub solved: bool,
    /// Answers checked.
    pub tries: u32,
    /// Steps of the working shown as hints (rows, then the answer).
    pub hints: usize,
    /// Hints asked for, where a hint skipped rows already checked right
    /// (`None`: as many as `hints`, as progress kept before it was counted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked: Option<usize>,
    /// What was typed, as it was left.
    #[serde(default, skip_serializing_if = "Draft::is_empty")]
    pub draft: Draft,
}

impl Entry {
    /// The hints asked for.
    pub fn hints_asked(&self) -> usize {
        self.asked.unwrap_or(self.hints)
    }
}

/// What was typed into an exercise: kept with its progress, so a reload
/// (or a return the next day) finds it as it was left.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    /// The answer's box.
    #[serde(default)]
    pub answer: String,
    /// The answer was checked as it stands (its verdict is shown).
    #[serde(default)]
    pub answer_checked: bool,
    /// The steps' cells, by row then column.
    #[serde(default)]
    pub cells: Vec<Vec<String>>,
    /// The cells as they were when the steps were last checked.
    #[serde(default)]
    pub checked_cells: Option<Vec<Vec<String>>>,
}

impl Draft {
    fn is_empty(&self) -> bool {
        *self == Draft::default()
    }
}

type Scoped = BTreeMap<String, BTreeMap<String, Entry>>;

/// The scope of a set's progress: its text's FNV-1a hash, so the same set
/// (from a file, a link or a session) finds its progress again.
pub fn set_scope(text: &str) -> String {
    let hash = text.trim().bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("set {hash:016x}")
}

/// A reset that can be undone: what was reset, and the progress before.
#[derive(Clone, PartialEq)]
pub struct Undo {
    /// What the reset forgot, in words.
    pub what: String,
    before: Rc<Scoped>,
}

/// Every set's progress, the scope being worked in, and saving it.
#[derive(Clone, PartialEq)]
pub struct Progress {
    map: UseStateHandle<Rc<Scoped>>,
    undo: UseStateHandle<Option<Undo>>,
    scope: String,
}

fn load(example_scope: &str) -> Scoped {
    if let Ok(map) = LocalStorage::get::<Scoped>(STORAGE_KEY) {
        return map;
    }
    let old: BTreeMap<String, Entry> = LocalStorage::get(OLD_KEY).unwrap_or_default();
    if old.is_empty() {
        return Scoped::new();
    }
    Scoped::from([
        (example_scope.to_string(), old.clone()),
        (PRACTICE.to_string(), old),
    ])
}

/// The progress saved in this browser, in `scope` (a [`set_scope`] or
/// [`PRACTICE`]); `example_scope` receives a first version's progress.
#[hook]
pub fn use_progress(scope: String, example_scope: String) -> Progress {
    let map = use_state(|| Rc::new(load(&example_scope)));
    let undo = use_state(|| None::<Undo>);
    Progress { map, undo, scope }
}

impl Progress {
    fn entries(&self) -> Option<&BTreeMap<String, Entry>> {
        self.map.get(&self.scope)
    }

    /// One exercise's progress (nothing yet: the default).
    pub fn get(&self, key: &str) -> Entry {
        self.entries()
            .and_then(|m| m.get(key))
            .cloned()
            .unwrap_or_default()
    }

    /// Changes one exercise's progress and saves it.
    pub fn update(&self, key: &str, f: impl FnOnce(&mut Entry)) {
        let mut next = (**self.map).clone();
        f(next
            .entry(self.scope.clone())
            .or_default()
            .entry(key.to_string())
            .or_default());
        self.save(next);
    }

    fn save(&self, next: Scoped) {
        // A browser that refuses storage (private mode, full) keeps the
        // progress for this visit only.
        let _ = LocalStorage::set(STORAGE_KEY, &next);
        self.map.set(Rc::new(next));
    }

    /// Forgets what `forget` removes from this scope's progress, keeping
    /// the progress before for [`Self::undo`].
    fn reset(&self, what: String, forget: impl FnOnce(&mut BTreeMap<String, Entry>)) {
        let mut next = (**self.map).clone();
        if let Some(entries) = next.get_mut(&self.scope) {
            forget(entries);
        }
        self.undo.set(Some(Undo {
            what,
            before: (*self.map).clone(),
        }));
        self.save(next);
    }

    /// Forgets one exercise's progress (`name`: the exercise in words).
    pub fn reset_one(&self, key: &str, name: &str) {
        let key = key.to_string();
        self.reset(format!("The progress of {name} was reset."), |m| {
            m.remove(&key);
        });
    }

    /// Forgets the progress of every exercise of this set.
    pub fn reset_all(&self) -> Callback<MouseEvent> {
        let this = self.clone();
        Callback::from(move |_: MouseEvent| {
            this.reset(
                "The progress of every exercise of this set was reset.".into(),
                BTreeMap::clear,
            )
        })
    }

    /// The last reset, while it can be undone.
    pub fn last_reset(&self) -> Option<Undo> {
        (*self.undo).clone()
    }

    /// Puts the progress back as it was before the last reset.
    pub fn undo(&self) -> Callback<MouseEvent> {
        let this = self.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(u) = (*this.undo).clone() {
                this.save((*u.before).clone());
                this.undo.set(None);
            }
        })
    }

    /// Forgets the last reset (its notice is closed).
    pub fn keep_reset(&self) -> Callback<MouseEvent> {
        let undo = self.undo.clone();
        Callback::from(move |_: MouseEvent| undo.set(None))
    }
}
