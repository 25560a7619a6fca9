//! # Mini-Survivor rules engine
//!
//! Pure functions over plain data, implementing `RULES.md` (R1-R10):
//!
//! - [`deal`] sets a game up from a seed (R1);
//! - [`check_submission`] parses a player's forum text into orders, with a
//!   reason for every rejected line (R3), in two stages: [`parse_line`]
//!   (text to [`RawOrder`]) then a check against the [`Position`];
//! - [`play_round`] adjudicates a round (R4-R8) into the next position and a
//!   [`RoundReport`] that says why each thing happened;
//! - [`final_result`] scores a finished game (R8);
//! - [`post`] writes the public result post and private messages (R9);
//! - [`published`]: each stage's posts as the players received them (R9.7);
//! - [`case`] reads the rules-case format and produces the game record;
//! - [`entry`] starts a game already under way from an entered position;
//! - [`save`] writes and reads the versioned game file;
//! - [`session`]: the game as a `console_core::Session` (one phase a round);
//! - [`events`]: the moderator's events (R10): replacement, removal,
//!   extension, with their posts and the prod list.
//!
//! No clock, no I/O, no global randomness: every random draw comes from the
//! game's seed (R1.5), so a game replays exactly from its seed and orders.

pub mod adjudicate;
pub mod bulk;
pub mod case;
pub mod commitment;
pub mod deal;
pub mod end;
pub mod entry;
pub mod events;
pub mod game;
pub mod guide;
pub mod options;
pub mod order;
pub mod player;
pub mod position;
pub mod post;
pub mod published;
pub mod report;
pub mod rng;
pub mod save;
pub mod session;
pub mod submission;
pub mod survivor;
pub mod tribe;

pub use adjudicate::{Adjudicator, borrow_submissions, play_round};
pub use deal::{DealError, deal};
pub use end::{EliminationCandidate, FinalResult, final_result};
pub use events::{EventNote, RemovalNote, RoundEvent};
pub use game::{Game, PlayedRound};
pub use options::{Adjacency, Options, OutcastWithoutMove};
pub use order::{Action, Line, ParseError, RawBody, RawOrder, parse_line};
pub use player::{GuessError, PlayerId, Roster, RosterError};
pub use position::{Holdings, Moment, Origin, Place, Position, Segment, Setup, Survivor};
pub use published::{EventPost, StagePosts};
pub use report::RoundReport;
pub use session::{RoundError, Submissions};
pub use submission::{
    Defaults, IdolCost, Order, Reason, Submission, SubmissionCheck, Verdict, check_submission,
    defaults, move_destinations, tribe_mates,
};
pub use survivor::SurvivorId;
pub use tribe::{Grid, TribeId, TribeSet};
