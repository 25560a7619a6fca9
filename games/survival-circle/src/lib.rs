//! # Survival circle: the rules engine and the AI
//!
//! A two-player abstract on a 16-cell circle (`RULES.md`, C1-C8). Pure
//! functions over plain data, in the OpenSpiel shape:
//!
//! - [`State`] is small and `Copy`: two 16-bit colour masks, the previous
//!   token, both hands as counts, the player to move and the turns played;
//!   [`State::legal_values`], [`State::apply`] / [`State::undo`],
//!   [`State::is_terminal`], [`State::score`], [`State::returns`], and a
//!   [`MoveReport`] of what each move did;
//! - [`Preview`] says what a move does before it is played: the mover's
//!   landing and, for each value, where it sends the next token and what
//!   would happen there (C3-C6);
//! - [`notation`] reads records (C8.1) with a reason for every rejected move
//!   (C8.2) and writes the position text (C8.3); [`read_post`] finds the
//!   move in a forum post as players write it (C8.6, C8.7);
//! - [`Game`] is the app's game: options, start, moves, undo/redo, players'
//!   names and mode; [`save`] its versioned file; [`post`] the position as
//!   a forum or Discord post;
//! - [`ai`] searches on top of the state (iterative-deepening alpha-beta
//!   with a transposition table and exact endgame solving) within a node
//!   budget or a caller's stop callback: no clock here;
//! - [`case`] plays the rules cases of `cases/FORMAT.md`;
//! - [`session`]: the game as a `console_core::Session` (one phase a
//!   move).
//!
//! No clock, no I/O, no global randomness.

pub mod ai;
pub mod board;
pub mod case;
pub mod cell;
pub mod forfeit;
pub mod game;
pub mod guide;
pub mod hand;
pub mod notation;
pub mod options;
pub mod player;
pub mod post;
pub mod post_move;
pub mod preview;
pub mod save;
pub mod session;
pub mod state;
pub mod value;

pub use board::{Board, BoardError, LandedOn, Landing};
pub use cell::{Cell, Cells};
pub use forfeit::{Author, Forfeit, Replacement};
pub use game::{
    Against, Event, Game, Mode, Parting, Paste, Players, PostPlayed, ReplaceError, Restart,
    RestartError,
};
pub use hand::{Hand, HandError};
pub use notation::{MoveText, Played, RawMove, Rejection, parse_move, parse_moves, play_text};
pub use options::{OpponentLanding, Options, OwnLanding};
pub use player::Player;
pub use post_move::{Doubt, Found, PostMove, PostReading, read_post};
pub use preview::{LandingPreview, Preview, SendPreview};
pub use state::{
    Hands, Last, MoveReport, Outcome, Position, PositionError, Score, State, TURNS, Undo,
};
pub use value::{Value, Values};
