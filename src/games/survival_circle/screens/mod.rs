//! One module per screen.

pub mod forum;
pub mod guide;
pub mod history;
pub mod play;
pub mod referee;
pub mod rules;
pub mod setup;
