//! Mini-Survivor as a [`Session`] (the engine contract of `console_core`):
//! one phase is one round (R4-R8), its input every player's submission as
//! pasted (R3).

use crate::game::Game;
use crate::player::PlayerId;
use crate::report::RoundReport;
use console_core::Session;
use std::fmt;

/// A round's input: (player, submission text as pasted), at most one per
/// player; blank texts are the same as none.
pub type Submissions = Vec<(PlayerId, String)>;

/// Why a round cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundError {
    /// The game has ended (R8.1).
    GameOver,
    /// A submission of a player not in the game: the player's index.
    UnknownPlayer(usize),
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundError::GameOver => write!(f, "the game is over"),
            RoundError::UnknownPlayer(i) => write!(f, "player #{i} is not in this game"),
        }
    }
}

impl std::error::Error for RoundError {}

fn borrowed(input: &Submissions) -> Vec<(PlayerId, &str)> {
    input.iter().map(|(p, t)| (*p, t.as_str())).collect()
}

impl Game {
    fn check(&self, input: &Submissions) -> Result<(), RoundError> {
        if self.is_over() {
            return Err(RoundError::GameOver);
        }
        let n = self.setup().players.len();
        match input.iter().find(|(p, _)| p.index() >= n) {
            Some((p, _)) => Err(RoundError::UnknownPlayer(p.index())),
            None => Ok(()),
        }
    }
}

impl Session for Game {
    type Input = Submissions;
    type Report = RoundReport;
    type Error = RoundError;
    type Player = PlayerId;

    fn preview(&self, input: &Submissions) -> Result<RoundReport, RoundError> {
        self.check(input)?;
        Ok(self.run(&borrowed(input)).1)
    }

    fn commit(&mut self, input: Submissions) -> Result<RoundReport, RoundError> {
        self.check(&input)?;
        let played = self.play(&borrowed(&input)).ok_or(RoundError::GameOver)?;
        Ok(played.report.clone())
    }

    /// The round under way's last event first (its input: no
    /// submissions), then the last round.
    fn undo(&mut self) -> Option<Submissions> {
        if self.undo_event().is_some() {
            return Some(Vec::new());
        }
        Game::undo(self).map(|r| r.submissions)
    }

    /// Players who still have survivors and whose submission is blank
    /// (R3.1: they may still send orders), roster order.
    fn owed(&self, input: &Submissions) -> Vec<PlayerId> {
        if self.is_over() {
            return Vec::new();
        }
        let players = &self.setup().players;
        let alive = self.position().alive_per_player(players.len());
        players
            .ids()
            .filter(|p| alive[p.index()] > 0)
            .filter(|p| !input.iter().any(|(q, t)| q == p && !t.trim().is_empty()))
            .collect()
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    /// Rounds played and events given with the round under way.
    fn progress(&self) -> usize {
        self.rounds().len() + self.pending_events().len()
    }

    /// `"round 4 next"`, or `"game over after round 9"`.
    fn status(&self) -> String {
        let next = self.position().round();
        if Game::is_over(self) {
            format!("game over after round {}", next - 1)
        } else {
            format!("round {next} next")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Case;

    /// Shared game 1001 played round by round through the contract gives
    /// the same game as the engine's own play, and undo gives each round's
    /// submissions back.
    #[test]
    fn game_1001_as_a_session() {
        let case = Case::from_json(include_str!("../cases/games/game-1001.json")).unwrap();
        let prepared = case.prepare().unwrap();
        let whole = prepared.play();
        let mut g = Game::new(prepared.setup.clone(), prepared.start.clone());
        assert_eq!(g.status(), "round 1 next");
        assert_eq!(g.owed(&Vec::new()).len(), prepared.setup.players.len());
        for (i, subs) in prepared.rounds.iter().enumerate() {
            if g.is_over() {
                assert_eq!(g.commit(subs.clone()), Err(RoundError::GameOver));
                break;
            }
            let preview = g.preview(subs).unwrap();
            let before = g.progress();
            assert_eq!(g.commit(subs.clone()).unwrap(), preview);
            assert_eq!(g.progress(), before + 1);
            assert_eq!(&g.rounds()[i].report, &whole.rounds()[i].report);
        }
        assert_eq!(g.position(), whole.position());
        let last = g.rounds().last().unwrap().submissions.clone();
        assert_eq!(Session::undo(&mut g), Some(last));
        assert!(g.owed(&Vec::new()).iter().all(|p| p.index() < 12));
        let bad = vec![(PlayerId::from(99), "1 v 2".to_string())];
        assert_eq!(g.preview(&bad), Err(RoundError::UnknownPlayer(99)));
    }
}
