//! The moderator's events in the Survival circle (C9): a forfeit (a
//! player removed by the moderator, or leaving) ends the game at once; a
//! [`Replacement`] is a new name for a side ([`Players`](crate::game::Players)),
//! the position unchanged, the old name kept as a name of the side
//! ([`Author`]: a post by either name is the side's, C9.4).

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

/// A replacement (C9.4): `new` takes over `side` from `old` after `after`
/// moves of the game. Kept in the game in the order made; undo withdraws
/// the last event first (C9.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    /// The side taken over.
    pub side: Player,
    /// The outgoing player's name (becomes a former name of the side).
    pub old: String,
    /// The incoming player's name.
    pub new: String,
    /// How many moves had been played when it was made.
    pub after: usize,
}

impl Replacement {
    /// The public post (C9.4): `NEW replaces OLD as Red. The position,
    /// Red's hand and score stay.`
    pub fn post(&self, format: Format) -> String {
        let m = Mark(format);
        let mut s = m.title("Replacement");
        s.push_str(&format!(
            "{} replaces {} as {}, after move {}. The position, {}'s hand and score stay; posts by either name count for {}.\n",
            m.bold(&escape(&self.new, format)),
            escape(&self.old, format),
            self.side,
            self.after,
            self.side,
            self.side
        ));
        s
    }
}

/// The author of a pasted post, read from its first line as the forum or
/// Discord shows it (C9.4): the side whose current or former name it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Author {
    /// The side.
    pub side: Player,
    /// The name as written in the post.
    pub name: String,
    /// Whether it is a former name of the side (replaced, C9.4).
    pub former: bool,
    /// The header line, from 1.
    pub line: usize,
}

/// The name in a post's header line, if the line is one: `Cy — Today at
/// 8:15 PM` (Discord), `Post by Cy » Tue Nov 24, 2026 8:15 pm` (phpBB),
/// `Cy wrote:` is a quote and is not one; a line that is only a name is
/// one (the caller checks the name).
pub fn header_name(line: &str) -> &str {
    let line = line.trim();
    let line = line.strip_prefix("Post by ").unwrap_or(line);
    let cut = [" — ", " – ", " » "]
        .iter()
        .filter_map(|sep| line.find(sep))
        .min()
        .unwrap_or(line.len());
    line[..cut]
        .trim()
        .trim_start_matches('@')
        .trim_end_matches(':')
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
        // No post's move is read after it, and the AI does not move.
        let (_, _, r) = g.check_post("Bob — Today at 9:00 PM\nR3");
        assert!(
            matches!(
                r,
                Err(crate::Doubt::Rejected {
                    rejection: crate::Rejection::GameOver,
                    ..
                })
            ),
            "{r:?}"
        );
        // Undo withdraws the forfeit alone, then moves.
        assert_eq!(g.undo(), None);
        assert!(!g.is_over());
        assert_eq!(g.moves().len(), 1);
        // A replacement renames the side only.
        assert_eq!(g.replace(Player::Red, "Cy"), Ok("Bob".to_string()));
        assert_eq!(g.who(Player::Red), "Red (Cy)");
    }

    #[test]
    fn a_replacement_is_kept_read_as_the_side_undone_first_and_saved_c9_4() {
        let players = Players {
            blue: "Ann".into(),
            red: "Bob".into(),
        };
        let mut g = Game::new(Options::default(), players, Mode::Forum, 1);
        g.play(Value::new(5).unwrap()).unwrap();
        // Refused: empty, the side's own name, the other side's name.
        assert_eq!(g.replace(Player::Red, " "), Err(crate::ReplaceError::Empty));
        assert_eq!(
            g.replace(Player::Red, "bob"),
            Err(crate::ReplaceError::Same)
        );
        assert_eq!(
            g.replace(Player::Red, "ANN"),
            Err(crate::ReplaceError::OtherSide { side: Player::Blue })
        );
        assert_eq!(g.replace(Player::Red, "Cy"), Ok("Bob".to_string()));
        assert_eq!(g.replacements()[0].after, 1);
        // Red to move: a post by the new name, by the old one (a former
        // name of the side), and by Blue's player.
        let by = |g: &Game, t: &str| g.check_post(t);
        let (a, _, r) = by(&g, "Cy — Today at 8:15 PM\nR3 please");
        let a = a.unwrap();
        assert_eq!((a.side, a.former, a.line), (Player::Red, false, 1));
        assert_eq!(r.unwrap().value.get(), 3);
        let (a, _, r) = by(&g, "Post by Bob » Tue Nov 24, 2026 8:15 pm\n3");
        assert_eq!(a.map(|a| (a.side, a.former)), Some((Player::Red, true)));
        assert_eq!(r.unwrap().value.get(), 3);
        let (_, _, r) = by(&g, "@ann — 11/24/2026 8:15 PM\nR3");
        assert_eq!(
            r.unwrap_err().to_string(),
            "posted by ann, who plays Blue, but Red is to move"
        );
        // A name that is neither side's: no author, read as before.
        let (a, _, r) = by(&g, "Dan — Today at 8:15 PM\nR3");
        assert!(a.is_none());
        assert_eq!(r.unwrap().value.get(), 3);
        // Saved and loaded with the replacement; an old file has none.
        let json = GameFile::of(&g).to_json();
        let (_, again) = GameFile::parse(&json).unwrap();
        assert_eq!(again.replacements(), g.replacements());
        // Undo: the replacement first (after the last move), then the move.
        assert!(matches!(g.undo_event(), Some(crate::Event::Replacement(_))));
        assert_eq!(g.who(Player::Red), "Red (Bob)");
        assert_eq!(g.undo(), Some(Value::new(5).unwrap()));
        // A replacement before moves stays when a later move is undone.
        g.replace(Player::Blue, "Dee").unwrap();
        g.play(Value::new(2).unwrap()).unwrap();
        assert_eq!(g.undo(), Some(Value::new(2).unwrap()));
        assert_eq!(g.undo(), None);
        assert_eq!(g.who(Player::Blue), "Blue (Ann)");
        let post = Replacement {
            side: Player::Red,
            old: "Bob".into(),
            new: "Cy_1".into(),
            after: 4,
        }
        .post(Format::Markdown);
        assert!(
            post.contains("**Cy\\_1** replaces Bob as Red, after move 4."),
            "{post}"
        );
    }
}
