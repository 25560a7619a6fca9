//! One page per game, each over its own rules engine.

pub mod dice_org;
pub mod mini_survivor;
pub mod survival;
pub mod survival_circle;
