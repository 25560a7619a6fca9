//! # The console's shared core
//!
//! What every game engine of the console uses, written once:
//!
//! - [`rng`]: the game's seeded generator (one ChaCha8 stream per purpose),
//!   so every game replays exactly from its seed and inputs;
//! - [`commitment`]: the SHA-256 commitment to a deal's seed and salt,
//!   published at the deal and verified at the end;
//! - [`format`]: post formats (BBCode, Discord Markdown, plain text), name
//!   escaping and the Discord 2,000-code-point split (Mini-Survivor R9.4,
//!   which the other games adopt: S9.4, D10.4);
//! - [`names`]: player names that every post format can carry (S1.1, D1.1)
//!   and the prefix matching players use to name each other (S2.3);
//! - [`save`]: the envelope of a versioned save file and the checks every
//!   game's loader makes before it reads the rest.
//!
//! No clock, no I/O, no global randomness.

pub mod commitment;
pub mod format;
pub mod names;
pub mod rng;
pub mod save;

pub use commitment::{Salt, sha256_hex};
pub use format::{DISCORD_LIMIT, Deadline, Format, Mark, escape, pack, utc};
pub use rng::GameRng;
