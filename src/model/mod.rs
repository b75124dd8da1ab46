//! What the user typed, loaded and chose, as plain data: the state and its
//! actions, the worked examples of the articles, and shared links.

pub mod example;
pub mod share;
pub mod state;
