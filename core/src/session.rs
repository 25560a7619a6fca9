//! The engine contract every game fills in, written once: a game session
//! that previews and commits one phase's input with a report that says
//! why, says who still owes an input, undoes, and knows when the game is
//! over.
//!
//! The shape follows boardgame.io's game object (`setup`, `moves`,
//! `endIf`) and OpenSpiel's `State` (legal actions, apply, terminal): the
//! session is plain data that replays exactly from its setup and inputs,
//! every random draw comes from the game's seeded generator, and nothing
//! here reads a clock or does I/O. Each game keeps its own types and rule
//! numbers behind the associated types:
//!
//! | game | `Input` (one phase) | `Report` | `Player` |
//! | --- | --- | --- | --- |
//! | Mini-Survivor | a round's submissions | `RoundReport` (R4-R8) | `PlayerId` |
//! | Survival | a night's messages or a day's thread, with its events (S10) | `PhaseReport` (S3-S8) | `PlayerId` |
//! | Survival circle | one move's value | `MoveReport` (C2-C5) | `Player` (colour) |
//! | Dice ORG | one step or production edit | `StepReport` (D4-D9) | the player's name |
//!
//! The web shell and the `adjudicate` command use sessions only through
//! this trait and [`crate::save::SaveFile`].

use std::fmt;

/// One game in progress or over: its setup, its start and every phase
/// committed, so it replays exactly.
pub trait Session {
    /// One phase's input as the moderator gives it (raw text kept where
    /// the players wrote text, so a replay reads it again).
    type Input: Clone;
    /// What a phase did and why.
    type Report: Clone;
    /// Why an input cannot be played (`Display` names what and where).
    type Error: fmt::Display;
    /// Whoever can owe an input.
    type Player: Clone + PartialEq;

    /// What the next phase would do with `input`, without keeping it (the
    /// live preview of a screen). The session does not change.
    ///
    /// # Errors
    /// The input cannot be played now: the game is over, the input is of
    /// the wrong kind for the phase, or it names someone not in the game.
    fn preview(&self, input: &Self::Input) -> Result<Self::Report, Self::Error>;

    /// Plays the next phase with `input` and keeps it; returns its report.
    ///
    /// # Errors
    /// As [`Session::preview`]; the session is unchanged then.
    fn commit(&mut self, input: Self::Input) -> Result<Self::Report, Self::Error>;

    /// Takes back the last phase committed and returns its input, or
    /// `None` at the start.
    fn undo(&mut self) -> Option<Self::Input>;

    /// Who still owes an input for the next phase, given what `input`
    /// holds so far (players with survivors and no orders, night actors
    /// without an accepted line, voters without a vote, the player to
    /// move, ...), in roster order. Empty once the game is over.
    fn owed(&self, input: &Self::Input) -> Vec<Self::Player>;

    /// Whether the game has ended (nothing more can be committed).
    fn is_over(&self) -> bool;

    /// Phases (rounds, nights and days, moves, steps) committed so far.
    fn progress(&self) -> usize;

    /// Where the game stands, in words for a header or a list of saved
    /// games: `"round 4 next"`, `"night 2 next"`, `"over: Good won"`.
    fn status(&self) -> String;

    /// Whether `self` and `other` are the same game played to the same
    /// point (an import of a copy already here, taken back to the shorter
    /// one's progress). By default equality; a session that keeps what it
    /// could redo leaves that out (taken-back phases are not play).
    fn same_play(&self, other: &Self) -> bool
    where
        Self: PartialEq,
    {
        self == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counting game that ends at 3: the smallest session, to check the
    /// contract's defaults compose (preview leaves it unchanged, commit
    /// then undo gives the input back).
    #[derive(Default)]
    struct Count {
        played: Vec<u8>,
    }

    impl Session for Count {
        type Input = u8;
        type Report = u32;
        type Error = String;
        type Player = u8;
        fn preview(&self, input: &u8) -> Result<u32, String> {
            if self.is_over() {
                return Err("over".into());
            }
            Ok(self.played.iter().map(|&v| u32::from(v)).sum::<u32>() + u32::from(*input))
        }
        fn commit(&mut self, input: u8) -> Result<u32, String> {
            let r = self.preview(&input)?;
            self.played.push(input);
            Ok(r)
        }
        fn undo(&mut self) -> Option<u8> {
            self.played.pop()
        }
        fn owed(&self, _: &u8) -> Vec<u8> {
            if self.is_over() { vec![] } else { vec![0] }
        }
        fn is_over(&self) -> bool {
            self.played.len() >= 3
        }
        fn progress(&self) -> usize {
            self.played.len()
        }
        fn status(&self) -> String {
            format!("turn {} next", self.played.len() + 1)
        }
    }

    #[test]
    fn preview_commit_undo() {
        let mut c = Count::default();
        assert_eq!(c.preview(&2), Ok(2));
        assert_eq!(c.progress(), 0);
        assert_eq!(c.commit(2), Ok(2));
        assert_eq!(c.commit(5), Ok(7));
        assert_eq!(c.undo(), Some(5));
        assert_eq!(c.status(), "turn 2 next");
        c.commit(1).unwrap();
        c.commit(1).unwrap();
        assert!(c.is_over());
        assert!(c.owed(&0).is_empty());
        assert!(c.commit(1).is_err());
    }
}
