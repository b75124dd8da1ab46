//! Embed mode: a calculator inside another page (an iframe made by embed.js or by the Embed… snippet).

pub mod block;
pub mod block_problems;
pub mod host;
pub mod page;
pub mod request;
