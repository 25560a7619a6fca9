//! # Survival rules engine
//!
//! The Werewolf-style social deduction game of `RULES.md` (S1-S9), played
//! by forum or Discord: pure functions over plain serde data.
//!
//! - [`setup`]: the deck and the seeded deal (S1), [`commitment`] (S1.6);
//! - [`line`](mod@line), [`verb`], [`pair`]: reading private messages (S2);
//! - [`night`]: a night's actions and their resolution (S3, S4);
//! - [`vote`], [`count`], [`day`]: reading the thread's votes, the count
//!   and the day's outcome (S5, S6);
//! - chains and decisions (S7, a private module) and [`win`] (S8) run
//!   inside both; [`report`] says why for every outcome;
//! - [`game`]: a whole game with preview, commit and undo, and what the UI
//!   asks (missing actions, decisions called for, legal verbs, the count
//!   at any post);
//! - [`board`]: the moderator's board of cards and badges;
//! - [`events`]: the moderator's events (S10): replacement, removal,
//!   extension; the vote history, wagons, catch-up message and prods;
//! - [`thread`] and [`bulk`]: splitting pasted threads (the page copy of
//!   each forum layout and Discord, S2.9) and pasted private messages;
//!   names read as players write them ([`roster::Names`], S2.3, with the
//!   moderator's nicknames, S2.7);
//! - [`post`]: what the moderator posts and sends (S9);
//! - [`save`]: the versioned game file; [`case`]: the case format;
//! - [`session`]: the game as a `console_core::Session`;
//! - [`sample`]: synthetic threads for the benchmarks.
//!
//! No clock, no I/O, no global randomness: the deal draws from stream 0 of
//! the seed and a day's lot from stream `1000 + phase index` (S1.6, S6.5),
//! so a game replays exactly from its seed and inputs.

#![warn(missing_docs)]

pub mod board;
pub mod bulk;
pub mod card;
pub mod case;
mod chain;
pub mod commitment;
pub mod count;
pub mod day;
pub mod events;
pub mod game;
pub mod guide;
pub mod line;
pub mod night;
pub mod options;
pub mod pair;
pub mod phase;
pub mod post;
pub mod record;
pub mod report;
pub mod roster;
pub mod sample;
pub mod save;
pub mod session;
pub mod setup;
pub mod state;
pub mod thread;
pub mod verb;
pub mod verdict;
pub mod vote;
mod vote_first;
pub mod win;

/// The rules this engine applies (`RULES.md`, S1-S9), for the app's rules
/// page.
pub const RULES: &str = include_str!("../RULES.md");

pub use card::{Card, Side};
pub use count::{Electorate, Tally, VoteCount};
pub use day::{DayInput, Post};
pub use game::{Game, InputError, Legal, PhaseInput, PhasePlay, PlayedPhase};
pub use night::NightInput;
pub use options::Options;
pub use phase::{Phase, PhaseKind};
pub use report::{Cause, PhaseReport, Reason};
pub use roster::{PlayerId, PlayerSet, Roster};
pub use setup::{DealSpec, Dealt, Edition, Setup, SetupError, deal};
pub use state::{PolarDecision, State};
pub use verb::Verb;
pub use win::Winner;
