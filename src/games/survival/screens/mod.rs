//! One module per screen, and what the night and day screens share.

pub mod board;
pub mod common;
pub mod day;
mod events;
pub mod guide;
pub mod history;
pub mod night;
pub mod posts;
pub mod rules;
pub mod setup;
pub mod split;
pub mod verify;
