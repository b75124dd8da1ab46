//! Where a set is being worked through, kept for the browser tab
//! (`sessionStorage`): its exercise, and in projector mode the step of the
//! working shown. A reload, which a classroom's browser often gets, comes
//! back to the same place instead of the set's first exercise.

use gloo::storage::{SessionStorage, Storage};

/// The storage key.
const KEY: &str = "ranklab-exercise-place";

/// A place in a set.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct Place {
    /// The set's scope ([`crate::learn::exercise_progress::set_scope`]).
    scope: String,
    /// The exercise's index in the set.
    exercise: usize,
    /// The step of the working shown in projector mode (0: the ranking).
    step: usize,
}

/// The place kept for the set of `scope`: its exercise and projector step,
/// or `None` (another set's place, or none kept).
pub fn kept_place(scope: &str) -> Option<(usize, usize)> {
    SessionStorage::get::<Place>(KEY)
        .ok()
        .filter(|p| p.scope == scope)
        .map(|p| (p.exercise, p.step))
}

/// Keeps the place in the set of `scope` (where the browser refuses to
/// store it, a reload starts the set again, as before).
pub fn keep_place(scope: &str, exercise: usize, step: usize) {
    let _ = SessionStorage::set(
        KEY,
        Place {
            scope: scope.to_string(),
            exercise,
            step,
        },
    );
}
