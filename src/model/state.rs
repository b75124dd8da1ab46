//! The app's state: plain data, the actions that change it, and a pure
//! `apply` so the logic is tested natively.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::Reducible;

use crate::model::example::EXAMPLE_QUICK;
use crate::settings::Settings;

pub use crate::shared::evaluation::{byte_size, BigFile, LoadedFile, BIG_FILE_BYTES, HEAD_BYTES};

/// Everything the user typed, loaded or chose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppState {
    /// The quick-format text (the form edits it too); shared, so the
    /// views, the memos and the saved state hold it once.
    pub quick_text: Rc<str>,
    /// Qrels and runs, in the order they were added; shared likewise.
    pub files: Rc<Vec<LoadedFile>>,
    /// How numbers are computed and which are shown.
    pub settings: Settings,
    /// The example case last loaded (its article checks are shown).
    pub case: Option<String>,
    /// The teacher's exercise set opened from a file or a link (`None`:
    /// the example set that ships with the app).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exercise_set: Option<SavedSet>,
}

/// A teacher's exercise set as opened: the name its problems are located
/// in (the file's name) and its text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedSet {
    /// The file's name, or "linked set".
    pub name: String,
    /// The set's text.
    pub text: String,
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            quick_text: EXAMPLE_QUICK.into(),
            files: Rc::default(),
            settings: Settings::default(),
            case: None,
            exercise_set: None,
        }
    }
}

/// What the user can do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The quick text changed (typed, or edited through the form).
    SetText(String),
    /// Settings changed.
    SetSettings(Settings),
    /// Load a case (id, text, settings); files are removed.
    LoadCase(String, String, Settings),
    /// Add files; a name already loaded is replaced.
    AddFiles(Vec<LoadedFile>),
    /// Add pasted text under the next free `pasted-N` name.
    AddPasted(String),
    /// Remove the file with this name.
    RemoveFile(String),
    /// Empty text, no files, default settings.
    Clear,
    /// Replace everything (a shared link or a session file was opened);
    /// the exercise set stays when the new state brings none.
    Replace(AppState),
    /// Work through this exercise set (`None`: the example set).
    OpenSet(Option<SavedSet>),
}

impl AppState {
    /// The state after `action`.
    pub fn apply(&self, action: Action) -> AppState {
        match action {
            Action::SetText(text) => AppState {
                quick_text: text.into(),
                ..self.clone()
            },
            Action::SetSettings(settings) => AppState {
                settings,
                ..self.clone()
            },
            Action::LoadCase(id, quick_text, settings) => AppState {
                quick_text: quick_text.into(),
                files: Rc::default(),
                settings,
                case: Some(id),
                exercise_set: self.exercise_set.clone(),
            },
            Action::AddFiles(added) => {
                let mut next = self.clone();
                // The demo makes way for the user's own files (it can be loaded again).
                if self.demo_typed() {
                    next.quick_text = "".into();
                    next.case = None;
                }
                let files = Rc::make_mut(&mut next.files);
                for file in added {
                    match files.iter_mut().find(|f| f.name == file.name) {
                        Some(f) => *f = file,
                        None => files.push(file),
                    }
                }
                next
            }
            Action::AddPasted(text) if text.trim().is_empty() => self.clone(),
            Action::AddPasted(text) => {
                let name = (1..)
                    .map(|i| format!("pasted-{i}"))
                    .find(|n| !self.files.iter().any(|f| &f.name == n))
                    .expect("an unused name exists");
                self.apply(Action::AddFiles(vec![LoadedFile::whole(name, text)]))
            }
            Action::RemoveFile(name) => AppState {
                files: Rc::new(
                    self.files
                        .iter()
                        .filter(|f| f.name != name)
                        .cloned()
                        .collect(),
                ),
                ..self.clone()
            },
            Action::Clear => AppState {
                quick_text: "".into(),
                files: Rc::default(),
                settings: Settings::default(),
                case: None,
                exercise_set: self.exercise_set.clone(),
            },
            Action::Replace(state) => AppState {
                exercise_set: state
                    .exercise_set
                    .clone()
                    .or_else(|| self.exercise_set.clone()),
                ..state
            },
            Action::OpenSet(exercise_set) => AppState {
                exercise_set,
                ..self.clone()
            },
        }
    }

    /// Whether there is anything a user would mind losing (differs from
    /// the example the page opens with).
    pub fn has_own_work(&self) -> bool {
        self.typed_own() || !self.files.is_empty()
    }

    /// Whether the typed text is the user's own: not empty, not the text
    /// the page opens with, not an example's text as loaded.
    fn typed_own(&self) -> bool {
        let text = self.quick_text.trim();
        !(text.is_empty() || text == EXAMPLE_QUICK.trim() || self.is_case_text())
    }

    /// Whether the typed text is the loaded example's, untouched.
    fn is_case_text(&self) -> bool {
        self.case
            .as_deref()
            .and_then(crate::model::example::find)
            .is_some_and(|c| c.text.trim() == self.quick_text.trim())
    }

    /// What opening `link` (a shared link's state) would lose of this
    /// state, in words ("the rankings you typed and your 2 loaded files"),
    /// or `None` when it loses nothing: no own work, or the link holds the
    /// same. `files_kept`: files are kept in this browser that this state
    /// does not hold yet (they come back after the page starts). Settings
    /// alone are not work to lose, as for [`AppState::has_own_work`].
    pub fn lost_to(&self, link: &AppState, files_kept: bool) -> Option<String> {
        let typed = self.typed_own() && self.quick_text.trim() != link.quick_text.trim();
        let files = if !self.files.is_empty() && self.files != link.files {
            Some(match self.files.len() {
                1 => "your loaded file".to_string(),
                n => format!("your {n} loaded files"),
            })
        } else if self.files.is_empty() && files_kept {
            Some("the files loaded in this browser".to_string())
        } else {
            None
        };
        match (typed, files) {
            (false, None) => None,
            (true, None) => Some("the rankings you typed".into()),
            (false, Some(f)) => Some(f),
            (true, Some(f)) => Some(format!("the rankings you typed and {f}")),
        }
    }

    /// Whether the state is still an example as loaded (its text untouched,
    /// no files): what describes the example (the article's values beside
    /// Ranklab's) applies only then.
    pub fn is_unchanged_example(&self) -> bool {
        self.files.is_empty() && self.is_case_text()
    }

    /// The example the page shows as it is written (the examples menus
    /// name it): the one loaded, untouched, or else the one whose text the
    /// rankings are (the first visit's demo, which nobody loaded); `None`
    /// once the text is edited or files come in.
    pub fn shown_example(&self) -> Option<String> {
        if !self.files.is_empty() {
            return None;
        }
        if self.is_case_text() {
            return self.case.clone();
        }
        crate::model::example::CASES
            .iter()
            .find(|c| c.text.trim() == self.quick_text.trim())
            .map(|c| c.id.to_string())
    }
}

impl AppState {
    /// The rankings are the demo's: files, when they come in, take its
    /// place (the demo's systems are not evaluated beside them).
    pub fn demo_typed(&self) -> bool {
        self.quick_text.trim() == EXAMPLE_QUICK.trim()
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(self.apply(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_asks_before_it_replaces_own_work_only() {
        let pristine = AppState::default();
        let typed = pristine.apply(Action::SetText("q1 a:1 b:0".into()));
        let link = pristine.apply(Action::SetText("q9 z:2".into()));
        // Nothing of one's own: the link opens.
        assert_eq!(pristine.lost_to(&link, false), None);
        let case = &crate::model::example::CASES[1];
        assert_ne!(case.text.trim(), EXAMPLE_QUICK.trim());
        let example = pristine.apply(Action::LoadCase(
            case.id.into(),
            case.text.into(),
            case.settings(),
        ));
        assert_eq!(example.lost_to(&link, false), None);
        // The same rankings (other settings): nothing is lost.
        let same = typed.apply(Action::SetSettings(Settings {
            cutoffs: vec![3],
            ..Settings::default()
        }));
        assert_eq!(typed.lost_to(&same, false), None);
        assert_eq!(
            typed.lost_to(&link, false).as_deref(),
            Some("the rankings you typed")
        );
        // Files kept in the browser, not read back yet.
        assert_eq!(
            pristine.lost_to(&link, true).as_deref(),
            Some("the files loaded in this browser")
        );
        let with_files = typed
            .apply(Action::AddPasted("q 0 d 1".into()))
            .apply(Action::AddPasted("q 0 e 1".into()));
        assert_eq!(
            with_files.lost_to(&link, false).as_deref(),
            Some("the rankings you typed and your 2 loaded files")
        );
        // The link holds the same files and text: nothing is lost.
        assert_eq!(with_files.lost_to(&with_files.clone(), true), None);
        let one = pristine.apply(Action::AddPasted("q 0 d 1".into()));
        assert_eq!(
            one.lost_to(&link, false).as_deref(),
            Some("your loaded file")
        );
    }

    #[test]
    fn actions_change_what_they_name() {
        let s = AppState::default();
        assert!(!s.has_own_work());
        let t = s.apply(Action::SetText("1 0".into()));
        assert_eq!(&*t.quick_text, "1 0");
        assert!(t.has_own_work());
        let settings = Settings {
            cutoffs: vec![5],
            ..Settings::default()
        };
        let u = t.apply(Action::SetSettings(settings.clone()));
        assert_eq!(u.settings.cutoffs, [5]);
        let c = u
            .apply(Action::AddPasted("q 0 d 1".into()))
            .apply(Action::LoadCase(
                "demo".into(),
                "x".into(),
                Settings::default(),
            ));
        assert_eq!(c.case.as_deref(), Some("demo"));
        assert!(
            !c.is_unchanged_example(),
            "the case's text is not the demo's"
        );
        assert!(c.files.is_empty());
        assert_eq!(&*c.quick_text, "x");
        let cleared = u.apply(Action::Clear);
        assert_eq!(&*cleared.quick_text, "");
        assert_eq!(cleared.settings, Settings::default());
        assert_eq!(cleared.apply(Action::Replace(u.clone())), u);
    }

    #[test]
    fn files_are_added_replaced_pasted_and_removed() {
        let s = AppState::default()
            .apply(Action::AddFiles(vec![
                LoadedFile::whole("qrels", "1 0 a 1"),
                LoadedFile::whole("run", "x"),
            ]))
            .apply(Action::AddFiles(vec![LoadedFile::whole("run", "y")]))
            .apply(Action::AddPasted("p".into()))
            .apply(Action::AddPasted("q".into()))
            .apply(Action::AddPasted("  ".into()));
        let names: Vec<&str> = s.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["qrels", "run", "pasted-1", "pasted-2"]);
        assert_eq!(&*s.quick_text, "", "the demo makes way for files");
        let typed = AppState::default()
            .apply(Action::SetText("1 0".into()))
            .apply(Action::AddPasted("p".into()));
        assert_eq!(&*typed.quick_text, "1 0", "typed work stays");
        assert_eq!(&*s.files[1].text, "y");
        let s = s
            .apply(Action::RemoveFile("pasted-1".into()))
            .apply(Action::AddPasted("r".into()));
        let names: Vec<&str> = s.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["qrels", "run", "pasted-2", "pasted-1"]);
    }

    #[test]
    fn an_exercise_set_stays_until_another_is_opened() {
        let set = SavedSet {
            name: "week4.txt".into(),
            text: "exercise: RR\n0 1\n".into(),
        };
        let s = AppState::default().apply(Action::OpenSet(Some(set.clone())));
        let kept = s
            .apply(Action::Clear)
            .apply(Action::Replace(AppState::default()));
        assert_eq!(kept.exercise_set.as_ref(), Some(&set));
        let other = SavedSet {
            name: "b".into(),
            ..set.clone()
        };
        let with = AppState {
            exercise_set: Some(other.clone()),
            ..AppState::default()
        };
        assert_eq!(s.apply(Action::Replace(with)).exercise_set, Some(other));
        assert_eq!(s.apply(Action::OpenSet(None)).exercise_set, None);
        // Saved without a set (older files too), read without one.
        let text = serde_json::to_string(&AppState::default()).unwrap();
        assert!(!text.contains("exercise_set"));
        let back: AppState = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn partial_saved_state_fills_in_defaults() {
        let s: AppState = serde_json::from_str(r#"{"quick_text":"1 0"}"#).unwrap();
        assert!(s.files.is_empty());
        assert_eq!(s.settings, Settings::default());
        let s: AppState = serde_json::from_str(r#"{"settings":{"cutoffs":[3]}}"#).unwrap();
        assert_eq!(s.settings.cutoffs, [3]);
        assert_eq!(s.settings.rbp_p, 0.8);
    }

    #[test]
    fn files_saved_with_or_without_their_big_field_read_alike() {
        // Saved before `big` was always written (as `null` when small).
        let old: Vec<LoadedFile> =
            serde_json::from_str(r#"[{"name":"run","text":"q Q0 d 1 2 t\n"}]"#).unwrap();
        assert_eq!(old, [LoadedFile::whole("run", "q Q0 d 1 2 t\n")]);
        let now = serde_json::to_string(&old).unwrap();
        assert!(now.contains(r#""big":null"#), "{now}");
        assert_eq!(serde_json::from_str::<Vec<LoadedFile>>(&now).unwrap(), old);
    }

    #[test]
    fn an_example_as_loaded_is_not_own_work_until_edited() {
        let case = crate::model::example::find("004-map").expect("a gallery example");
        let loaded = AppState::default().apply(Action::LoadCase(
            case.id.to_string(),
            case.text.to_string(),
            case.settings(),
        ));
        assert!(loaded.is_unchanged_example());
        assert!(
            !loaded.has_own_work(),
            "loading another example need not ask"
        );
        let edited = loaded.apply(Action::SetText(format!("{}\nq9: R", case.text)));
        assert!(!edited.is_unchanged_example());
        assert!(edited.has_own_work());
        let with_files = loaded.apply(Action::AddPasted("q 0 d 1".into()));
        assert!(!with_files.is_unchanged_example() && with_files.has_own_work());
        // The menus name the example only while the page shows it as written.
        assert_eq!(loaded.shown_example().as_deref(), Some("004-map"));
        assert_eq!(edited.shown_example(), None);
        assert_eq!(with_files.shown_example(), None);
        // The first visit's demo was never loaded, and is still named.
        let demo = crate::model::example::find("demo").expect("the demo");
        let first = AppState::default().apply(Action::SetText(demo.text.to_string()));
        assert_eq!(first.case, None);
        assert_eq!(first.shown_example().as_deref(), Some("demo"));
    }
}
