//! # The console's shared core
//!
//! What every game engine of the console uses, written once:
//!
//! - [`paste`]: what forums and chats add to pasted text (formatting,
//!   quotes, copied chat messages' author lines), taken off for readers;
//! - [`rng`]: the game's seeded generator (one ChaCha8 stream per purpose),
//!   so every game replays exactly from its seed and inputs;
//! - [`commitment`]: the SHA-256 commitment to a deal's seed and salt,
//!   published at the deal and verified at the end;
//! - [`contract`]: the engine contract checked once for every game (as
//!   OpenSpiel's `RandomSimTest`): a game played through [`Session`]
//!   (preview, commit, undo, progress, who is owed) and its save file
//!   written and read back, for each engine's property tests;
//! - [`events`]: the moderator's events (replacement, removal, deadline
//!   extension), slot names a replacement changes, activity and prods;
//! - [`format`]: post formats (BBCode, Discord Markdown, plain text), name
//!   escaping and the Discord 2,000-code-point split (Mini-Survivor R9.4,
//!   which the other games adopt: S9.4, D10.4);
//! - [`forms`]: a form's responses sheet (Google Forms via Sheets, or
//!   a `.csv` file) read into a bulk paste of one section per response;
//! - [`guide`]: where a players' guide places its worked examples and
//!   which rule numbers it cites (each game's tests check them against
//!   the engine and `RULES.md`; the rules page links the citations);
//! - [`names`]: player names that every post format can carry (S1.1, D1.1)
//!   and the prefix matching players use to name each other (S2.3);
//! - [`outbox`]: a phase's posts and private messages as the messages to
//!   deliver through Discord webhooks, the webhook list, Discord's answers
//!   and each message's delivery record;
//! - [`save`]: the save-file contract ([`SaveFile`]: serde's derives,
//!   the envelope, upgrades of older versions, the replay check) and the
//!   one [`LoadError`] of every game;
//! - [`session`]: the engine contract every game fills in ([`Session`]:
//!   preview, commit, undo, who owes an input, the end);
//! - [`signup`]: a sign-up list as a forum or chat gives it, read into
//!   names, with its title and remarks set aside with the reason;
//! - [`text`]: lines, the `end` line, bulk pastes split by player
//!   headers, a small stable sort.
//!
//! No clock, no I/O, no global randomness.

pub mod commitment;
pub mod contract;
pub mod events;
pub mod format;
pub mod forms;
#[cfg(feature = "fuzz")]
pub mod fuzz;
pub mod guide;
pub mod names;
pub mod outbox;
pub mod paste;
pub mod rng;
pub mod save;
pub mod session;
pub mod signup;
pub mod text;

pub use commitment::{Salt, sha256_hex};
pub use events::{Event, Extension, PhaseDeadline, Removal, RemovalReason, Replacement, Slots};
pub use format::{
    DISCORD_LIMIT, Deadline, Format, Mark, escape, escape_text, pack, pack_within, utc,
};
pub use rng::GameRng;
pub use save::{LoadError, SaveFile};
pub use session::Session;
