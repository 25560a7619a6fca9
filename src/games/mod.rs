//! One page per game, each over its own rules engine.

pub mod mini_survivor;
