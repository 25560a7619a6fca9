//! # Dice ORG rules engine
//!
//! Pure functions over plain serde data implementing `RULES.md` (D1-D11),
//! an online reality game in the style of Survivor run by producers:
//!
//! - [`setup`] starts a season (D1): attributes rolled or entered, teams
//!   dealt or assigned, a commitment to the seed;
//! - [`step::apply`] plays one step on a [`State`]: a [`competition`] (D4),
//!   a [`camp`] (D5), a [`conversation`] schedule (D6), a [`vote`] (D7), the
//!   [`final_vote`] (D8), or a production [`edit`] (D9); each returns the
//!   next state and a report that says why;
//! - [`roll`] computes competition and survival rolls (D2) and their exact
//!   odds for the app's chart; [`team_odds`] each team's chance to win and
//!   to lose a team competition;
//! - [`season::Season`] is the app's season: setup, the list of steps and
//!   edits, replay from the seed, undo, the round wizard, the dice log;
//! - [`intake`] reads a bulk paste of players' DMs (D12) into a step's
//!   input with a verdict for every line ([`line`] reads one line), added
//!   to the choices already held ([`changes`] says what a paste changed);
//!   [`messages`] gathers each player's private messages per step or per
//!   round; [`verify`] checks a revealed seed;
//! - [`save`] writes and reads the season file; [`post`] writes the public
//!   posts and private messages (D10); [`case`] plays the rules cases;
//! - [`session`]: the season as a `console_core::Session` (one phase a
//!   step or edit).
//!
//! Dice come from a [`dice::DiceSource`] the engine is given, drawn in the
//! order of D11 and logged. No clock, no I/O, no global randomness.

pub mod advantage;
pub mod by_name;
pub mod camp;
pub mod case;
pub mod case_text;
pub mod changes;
pub mod competition;
pub mod conversation;
pub mod dice;
pub mod edit;
pub mod explain;
pub mod final_vote;
pub mod guide;
pub mod intake;
pub mod line;
pub mod messages;
pub mod options;
pub mod order;
pub mod penalty;
pub mod post;
pub mod prod;
pub mod report;
pub mod roll;
pub mod save;
pub mod season;
pub mod session;
pub mod setup;
pub mod state;
pub mod step;
pub mod team_odds;
#[cfg(test)]
mod testkit;
pub mod tiebreak;
pub mod verify;
pub mod vote;

pub use advantage::Advantage;
pub use by_name::ByName;
pub use dice::{Dice, DiceList, DiceSource, DieUse, LoggedDie, OutOfDice, Purpose, SeededDice};
pub use options::{Deadlock, JurySize, Options, TeamScore};
pub use penalty::Penalties;
pub use report::{Rejection, StepError};
pub use roll::{Boost, Odds, Roll, RollKind, RollOptions, odds};
pub use season::{Board, Needs, Played, Season};
pub use setup::{AttributeSource, SetupInput, TeamSource};
pub use state::{Attributes, Living, Phase, Player, PlayerId, State, Team, TeamId};
pub use step::{Entry, StepReport, apply};
pub use team_odds::{TeamOdds, team_odds};
