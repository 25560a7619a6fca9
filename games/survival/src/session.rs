//! Survival as a [`Session`] (the engine contract of `console_core`): one
//! phase is a night (its private messages, S2-S4) or a day (its thread,
//! S5-S6), with the decisions their eliminations call for (S7) and the
//! moderator's events applied at its start (S10).

use crate::game::{Game, InputError, PhaseInput, PhasePlay};
use crate::report::PhaseReport;
use crate::roster::PlayerId;
use console_core::Session;

impl Session for Game {
    type Input = PhasePlay;
    type Report = PhaseReport;
    type Error = InputError;
    type Player = PlayerId;

    fn preview(&self, play: &PhasePlay) -> Result<PhaseReport, InputError> {
        Game::preview_with(self, &play.input, &play.events)
    }

    fn commit(&mut self, play: PhasePlay) -> Result<PhaseReport, InputError> {
        Game::commit_with(self, play.input, play.events).map(|p| p.report.clone())
    }

    fn undo(&mut self) -> Option<PhasePlay> {
        Game::undo(self).map(|p| PhasePlay {
            input: p.input,
            events: p.events,
        })
    }

    /// At night, the living players whose card acts tonight and who have
    /// no accepted line yet (S3); by day, the voters with no vote at the
    /// end of the thread so far (S5). Roster order.
    fn owed(&self, play: &PhasePlay) -> Vec<PlayerId> {
        let mut v = match &play.input {
            PhaseInput::Night(n) => self.missing_actions(n),
            PhaseInput::Day(d) => self
                .count_at(&d.posts, d.posts.len())
                .map(|c| c.not_voting)
                .unwrap_or_default(),
        };
        v.sort_unstable();
        v
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn progress(&self) -> usize {
        self.phases().len()
    }

    /// `"night 2 next"`, or `"over: Good won"` (winners in words).
    fn status(&self) -> String {
        match self.state().winners() {
            Some(w) => format!("over: {} won", crate::win::winners_text(w)),
            None => format!("{} next", self.phase()),
        }
    }
}
