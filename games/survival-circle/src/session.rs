//! The Survival circle as a [`Session`] (the engine contract of
//! `console_core`): one phase is one move (C2-C5), its input the value
//! played by the player to move.

use crate::game::Game;
use crate::notation::Rejection;
use crate::player::Player;
use crate::state::{MoveReport, Outcome};
use crate::value::Value;
use console_core::Session;

impl Game {
    /// A player as the page and posts name them: `Blue`, or `Blue (Ann)`
    /// when the player has a name of their own.
    pub fn who(&self, p: Player) -> String {
        let name = self.players.name(p);
        if name.is_empty() || name == p.name() {
            p.name().to_string()
        } else {
            format!("{p} ({name})")
        }
    }

    /// The result of a finished game in words (C6): `Blue (Ann) wins 9 to
    /// 7`, `a draw, 8 to 8`; `None` while it goes on.
    ///
    /// # Panics
    ///
    /// Never: an outcome that is not a draw has a winner.
    pub fn result_text(&self) -> Option<String> {
        let outcome = self.outcome()?;
        let s = self.state().score();
        if let Some(f) = self.forfeit()
            && !f.scored
        {
            let w = outcome.winner().expect("a forfeit has a winner");
            return Some(format!(
                "{} wins by forfeit ({} left: {})",
                self.who(w),
                self.who(f.by),
                f.reason.words()
            ));
        }
        Some(match outcome {
            Outcome::Draw => format!("a draw, {} to {}", s.blue, s.red),
            o => {
                let w = o.winner().expect("a winner");
                format!("{} wins {} to {}", self.who(w), s.of(w), s.of(w.other()))
            }
        })
    }
}

impl Session for Game {
    type Input = Value;
    type Report = MoveReport;
    type Error = Rejection;
    type Player = Player;

    /// What [`Game::play`] would report: refused after a forfeit too
    /// (C9.1), which ends the game with tokens still in hand.
    fn preview(&self, input: &Value) -> Result<MoveReport, Rejection> {
        if self.forfeit().is_some() {
            return Err(Rejection::GameOver);
        }
        let mut s = *self.state();
        s.play(*input).map(|u| u.report())
    }

    fn commit(&mut self, input: Value) -> Result<MoveReport, Rejection> {
        self.play(input)
    }

    fn undo(&mut self) -> Option<Value> {
        Game::undo(self)
    }

    /// The player to move, until the game is over.
    fn owed(&self, _: &Value) -> Vec<Player> {
        if self.is_over() {
            Vec::new()
        } else {
            vec![self.state().to_move()]
        }
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn progress(&self) -> usize {
        usize::from(self.state().turns_played() - self.start().turns_played())
    }

    /// Equality but for the moves that could be played again ([`Game::redo`]):
    /// a copy taken back to an earlier turn is that earlier copy.
    fn same_play(&self, other: &Game) -> bool {
        self.without_redo() == other.without_redo()
    }

    /// `"turn 5 of 96: Red to move"`, or `"over: Blue (Ann) wins 9 to 7"`.
    fn status(&self) -> String {
        match self.result_text() {
            Some(r) => format!("over: {r}"),
            None => {
                let s = self.state();
                format!(
                    "turn {} of {}: {} to move",
                    s.turns_played() + 1,
                    crate::TURNS,
                    s.to_move()
                )
            }
        }
    }
}
