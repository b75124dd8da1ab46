//! The learn door: exercises, teachers' sets, projector mode and handouts.

pub mod door;
pub mod exercise_link;
pub mod exercise_place;
pub mod exercise_progress;
pub mod exercises;

pub use door::{learn_door, LearnDoor};
pub mod examples_menu;
