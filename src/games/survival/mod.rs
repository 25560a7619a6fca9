//! The Survival page: the shell's furniture around the moderator's screens
//! of a Survival game (Werewolf-style social deduction), over the
//! `survival` rules engine.

pub mod app;
#[cfg(feature = "bench")]
mod bench;
pub mod day_text;
pub mod posts_text;
mod report_view;
mod screens;

/// The players' guide's worked examples as HTML, drawn by the engine (the
/// rules worker fills the guide with them: no page's first load carries
/// them).
pub use screens::guide::example_by_name as guide_example;
mod state;

pub use app::App;
