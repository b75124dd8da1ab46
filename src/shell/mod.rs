//! The page around the doors: where it starts (the first module hands over to the whole app), what the browser keeps, shared links and saved-work files, the header and the page's actions.

pub mod handover;
pub mod idb;
pub mod offline;
pub mod page_header;
pub mod panic_notice;
pub mod persist;
pub mod saved_work;
pub mod share_bar;
pub mod shared_link;
pub mod startup;
pub mod use_handover;
pub mod use_page_actions;
pub mod use_saved;
