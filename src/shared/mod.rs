//! Parts every door uses: the app's one door to the core (evaluation.rs), the example cases, small DOM helpers and form fields, view choices kept across reloads, whether this build is the first module.

pub mod address;
pub mod after_paint;
pub mod code_text;
pub mod copy_button;
pub mod dom;
pub mod door;
pub mod download;
pub mod error_list;
pub mod evaluation;
pub mod first_module;
pub mod kept_choice;
pub mod same_rc;
pub mod sideways;
pub mod system_name;
