//! The Survival page: the shell's furniture around the moderator's screens
//! of a Survival game (Werewolf-style social deduction), over the
//! `survival` rules engine.

pub mod app;
#[cfg(feature = "bench")]
mod bench;
mod report_view;
mod screens;
mod state;

pub use app::App;
