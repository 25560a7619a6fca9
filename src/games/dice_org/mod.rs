//! The Dice ORG page: the shell's furniture around the producers' screens
//! of a Dice ORG season, over the `dice-org` rules engine.

pub mod app;
mod screens;
mod state;

pub use app::App;
