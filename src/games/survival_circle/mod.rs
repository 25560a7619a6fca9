//! The Survival circle page: the shell's furniture around the players'
//! screens of a Survival circle game (two players on one device, against
//! the AI, or by forum), over the `survival-circle` rules engine. The AI
//! runs in a Web Worker (`protocol`, `thinker`, `src/bin/circle-worker.rs`).

pub mod app;
#[cfg(feature = "bench")]
mod bench;
mod circle;
pub mod protocol;
mod screens;
mod state;
mod thinker;

pub use app::App;
