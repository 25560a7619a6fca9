//! The moderator's events in the Survival circle (C9): a forfeit (a
//! player removed by the moderator, or leaving) ends the game at once; a
//! replacement is a new name for a side ([`Players`](crate::game::Players)),
//! the position unchanged.

use crate::player::Player;
use crate::state::{Outcome, State};
use console_core::events::RemovalReason;
use console_core::format::{Format, Mark, escape};
use serde::{Deserialize, Serialize};

/// A forfeit (C9.1): the side that leaves, why, and how the game is
/// scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forfeit {
    /// The side that forfeits.
    pub by: Player,
    /// Why (inactivity, a rule break, leaving).
    #[serde(default)]
    pub reason: RemovalReason,
    /// The moderator's words for the post (may be empty).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// C9.2's option: `false` (default) the other side wins; `true` the
    /// game is scored as it stands (tokens on the board, C7.1).
    #[serde(default)]
    pub scored: bool,
}

impl Forfeit {
    /// The result of the game ended by this forfeit in `state` (C9.2).
    pub fn outcome(&self, state: &State) -> Outcome {
        if self.scored {
            Outcome::of(state.score())
        } else {
            match self.by.other() {
                Player::Blue => Outcome::Blue,
                Player::Red => Outcome::Red,
            }
        }
    }

    /// The public post (C9.3): who forfeits and why, the result. `who`
    /// names a side as the game shows it (`Blue (Ann)`).
    ///
    /// # Panics
    ///
    /// Never: an outcome other than a draw has a winner.
    pub fn post(&self, state: &State, who: impl Fn(Player) -> String, format: Format) -> String {
        let m = Mark(format);
        let mut s = m.title("Forfeit");
        s.push_str(&format!(
            "{} forfeits the game ({}).",
            m.bold(&escape(&who(self.by), format)),
            self.reason.words()
        ));
        if !self.note.trim().is_empty() {
            s.push_str(&format!(" {}", m.text(self.note.trim())));
        }
        s.push('\n');
        let score = state.score();
        let result = match self.outcome(state) {
            Outcome::Draw => format!(
                "Scored as it stands: a draw, {} to {}.",
                score.blue, score.red
            ),
            o => {
                let w = o.winner().expect("a winner");
                if self.scored {
                    format!(
                        "Scored as it stands: {} wins {} to {}.",
                        escape(&who(w), format),
                        score.of(w),
                        score.of(w.other())
                    )
                } else {
                    format!("{} wins by forfeit.", escape(&who(w), format))
                }
            }
        };
        s.push_str(&result);
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Mode, Players};
    use crate::options::Options;
    use crate::save::GameFile;
    use crate::value::Value;
    use console_core::save::SaveFile;

    #[test]
    fn a_forfeit_ends_the_game_saves_and_undoes_c9() {
        let players = Players {
            blue: "Ann".into(),
            red: "Bob".into(),
        };
        let mut g = Game::new(Options::default(), players, Mode::Forum, 1);
        g.play(Value::new(5).unwrap()).unwrap();
        g.forfeit_game(Forfeit {
            by: Player::Red,
            reason: RemovalReason::Inactivity,
            note: "No move in 72 hours.".into(),
            scored: false,
        })
        .unwrap();
        assert!(g.is_over());
        assert_eq!(g.outcome(), Some(Outcome::Blue));
        assert!(g.play(Value::new(3).unwrap()).is_err());
        assert_eq!(
            g.result_text().unwrap(),
            "Blue (Ann) wins by forfeit (Red (Bob) left: inactivity)"
        );
        let post = g
            .forfeit()
            .unwrap()
            .post(g.state(), |p| g.who(p), Format::BBCode);
        assert!(
            post.contains("[b]Red (Bob)[/b] forfeits the game (inactivity). No move in 72 hours."),
            "{post}"
        );
        assert!(post.contains("Blue (Ann) wins by forfeit."), "{post}");
        let json = GameFile::of(&g).to_json();
        let (_, again) = GameFile::parse(&json).unwrap();
        assert_eq!(again.outcome(), Some(Outcome::Blue));
        // Undo withdraws the forfeit alone, then moves.
        assert_eq!(g.undo(), None);
        assert!(!g.is_over());
        assert_eq!(g.moves().len(), 1);
        // A replacement renames the side only.
        assert_eq!(g.replace(Player::Red, "Cy"), "Bob");
        assert_eq!(g.who(Player::Red), "Red (Cy)");
    }
}
