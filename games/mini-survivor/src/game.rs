//! A whole game: setup, starting position and every round played, so that it
//! replays exactly (R1.5) and the last round can be undone.

use crate::adjudicate::play_round;
use crate::player::PlayerId;
use crate::position::{Position, Setup};
use crate::report::RoundReport;

/// One round as played: the texts as submitted, the report and the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedRound {
    /// (player, text) as submitted, roster order.
    pub submissions: Vec<(PlayerId, String)>,
    /// The moderator's report.
    pub report: RoundReport,
    /// The position at the end of the round.
    pub after: Position,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    setup: Setup,
    start: Position,
    rounds: Vec<PlayedRound>,
}

impl Game {
    /// A game from its setup and round-1 position (from `deal` or a case).
    pub fn new(setup: Setup, start: Position) -> Game {
        Game {
            setup,
            start,
            rounds: Vec::new(),
        }
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The position at the start of round 1.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position: after the last round played.
    pub fn position(&self) -> &Position {
        self.rounds.last().map_or(&self.start, |r| &r.after)
    }

    /// The position after the first `rounds` rounds of this game (0: its
    /// start; past the last round played: the current position).
    pub fn position_at(&self, rounds: usize) -> &Position {
        match rounds {
            0 => &self.start,
            n => self.rounds.get(n - 1).map_or(self.position(), |r| &r.after),
        }
    }

    /// Rounds played, oldest first.
    pub fn rounds(&self) -> &[PlayedRound] {
        &self.rounds
    }

    /// Whether the game has ended (R8.1).
    pub fn is_over(&self) -> bool {
        self.position().is_game_over()
    }

    /// Plays the next round with these submissions (see [`play_round`]).
    /// Returns `None`, changing nothing, when the game is over.
    pub fn play(&mut self, submissions: &[(PlayerId, &str)]) -> Option<&PlayedRound> {
        if self.is_over() {
            return None;
        }
        let (after, report) = play_round(&self.setup, self.position(), submissions);
        let mut subs: Vec<(PlayerId, String)> = Vec::with_capacity(submissions.len());
        for &(p, t) in submissions {
            if !subs.iter().any(|(q, _)| *q == p) {
                subs.push((p, t.to_string()));
            }
        }
        console_core::text::sort_small(&mut subs, |(p, _)| *p); // one per player
        self.rounds.push(PlayedRound {
            submissions: subs,
            report,
            after,
        });
        self.rounds.last()
    }

    /// Undoes the last round played, returning it.
    pub fn undo(&mut self) -> Option<PlayedRound> {
        self.rounds.pop()
    }
}
