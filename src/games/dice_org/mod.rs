//! The Dice ORG page: the shell's furniture around the producers' screens
//! of a Dice ORG season, over the `dice-org` rules engine.

pub mod app;
mod screens;

/// The players' guide's worked examples as HTML, drawn by the engine (the
/// rules worker fills the guide with them: no page's first load carries
/// them).
pub use screens::guide::example_by_name as guide_example;
mod state;
pub mod worker;

pub use app::App;
