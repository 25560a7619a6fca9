//! One module per screen, and the pieces several screens share.

pub mod board;
pub mod dice;
pub mod guide;
pub mod history;
pub mod odds;
pub mod posts;
pub mod production;
pub mod round;
pub mod rules;
pub mod setup;
pub mod verify;
pub mod widgets;
