//! The calculate door: rankings typed in a form or as text, their problems located in the text.

pub mod door;
pub mod form_editor;
pub mod input_tabs;
pub mod quick_input;
pub mod text_selection;
pub mod typed_problems;

pub use door::{calculate_door, CalculateDoor};
