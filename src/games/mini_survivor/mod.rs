//! The Mini-Survivor page: the shell's furniture around the screens of a
//! Mini-Survivor game, over the `mini-survivor` rules engine.

pub mod app;
#[cfg(feature = "bench")]
mod bench;
mod demo;
mod report_view;
mod screens;
mod state;

pub use app::App;
