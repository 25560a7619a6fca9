//! Stage 2 of reading players' DMs (D12): a bulk paste of private
//! messages under per-player headers, split by the shared splitter
//! ([`console_core::text::split_bulk_typed`]), each message read line by line
//! ([`crate::line`]) and every choice checked against the season for the
//! phase being played. The result is the phase's
//! [`Entry`](crate::step::Entry) (the same input the screens' controls
//! give, so they can show what the text gave) and a verdict for every
//! line: accepted (with how each name was read),
//! replaced by a later line, rejected with the reason, or skipped (quoted,
//! after `end`, written by someone else).
//!
//! Checks made here are the ones a line can fail on its own or against
//! the season before the step is played: the phase (D3.1), who may choose
//! (D3.2, D7.1, D8.1), names (D12.3), what the player can pay (D2.3,
//! D5.2), cards held (D7.2), candidates and finalists (D7.3, D8.2). The
//! step itself still checks everything it is given.
//!
//! One file a concern: `results` (what a paste read gives: each line's
//! verdict, each message, the [`Intake`]), `names` (the roster's names and
//! the producers' aliases), `check` (one line's choice against the phase),
//! `collect` (the paste split into messages and each message's lines
//! read; [`read_dms`], [`read_dms_with`], [`read_dms_onto`]), `entry` (the
//! phase's input from the choices in force) and `merge` (the paste onto
//! the choices already held, D12.11).

mod check;
mod collect;
mod entry;
mod merge;
mod names;
mod results;

pub use collect::{read_dms, read_dms_onto, read_dms_with};
pub use results::{
    Choice, Intake, LineReading, MessageReading, NameRead, Reason, Skip, Unread, Verdict,
};

#[cfg(test)]
mod tests;
