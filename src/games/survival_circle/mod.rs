//! The Survival circle page: the shell's furniture around the players'
//! screens of a Survival circle game (two players on one device, against
//! the AI, or by forum), over the `survival-circle` rules engine. The AI
//! runs in a Web Worker (`protocol`, `thinker`, `src/bin/circle-worker.rs`).

pub mod app;
#[cfg(feature = "bench")]
mod bench;
mod circle;
pub mod protocol;
mod reader;
pub mod reading;
mod screens;

/// The players' guide's worked examples as HTML, drawn by the engine (the
/// rules worker fills the guide with them: no page's first load carries
/// them).
pub use screens::guide::example_by_name as guide_example;
mod state;
mod thinker;

pub use app::App;
