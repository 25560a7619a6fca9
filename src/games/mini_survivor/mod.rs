//! The Mini-Survivor page: the shell's furniture around the screens of a
//! Mini-Survivor game, over the `mini-survivor` rules engine.

pub mod app;
#[cfg(feature = "bench")]
mod bench;
mod demo;
mod report_view;
mod screens;

/// The players' guide's worked examples as HTML, drawn by the engine (the
/// rules worker fills the guide with them: no page's first load carries
/// them).
pub use screens::guide::example_by_name as guide_example;
mod state;
pub mod worker;

pub use app::App;
