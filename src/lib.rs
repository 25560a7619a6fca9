//! The moderator's console for Mini-Survivor: a Leptos (client-side) app
//! over the `mini-survivor` rules engine. The UI never applies a rule
//! itself: it asks the engine what is legal and renders the engine's results.

mod app;
mod autosave;
#[cfg(feature = "bench")]
mod bench;
mod demo;
mod io;
mod pwa;
mod report_view;
mod screens;
mod state;
mod storage;
mod tabs;

pub use app::App;
