//! One module per screen.

pub mod adjudicate;
pub mod board;
pub mod guide;
pub mod history;
pub mod orders;
pub mod players;
pub mod posts;
pub mod rules;
pub mod setup;
pub mod verify;
