//! The two players (C1.2): Blue moves first (C2.1).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player: Blue or Red (C1.2). Serialised as `"Blue"` / `"Red"`.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
pub enum Player {
    /// Moves first (C2.1).
    Blue,
    /// Moves second.
    Red,
}

impl Player {
    /// Both players, Blue first.
    pub const ALL: [Player; 2] = [Player::Blue, Player::Red];

    /// The other player.
    #[inline(always)]
    pub fn other(self) -> Player {
        match self {
            Player::Blue => Player::Red,
            Player::Red => Player::Blue,
        }
    }

    /// 0 for Blue, 1 for Red (index into per-player arrays).
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter of the notation (C8.1) and of the position text (C8.3):
    /// `B` or `R`.
    pub fn letter(self) -> char {
        match self {
            Player::Blue => 'B',
            Player::Red => 'R',
        }
    }

    /// The player of a letter `B`/`b` or `R`/`r`.
    pub fn from_letter(c: char) -> Option<Player> {
        match c {
            'B' | 'b' => Some(Player::Blue),
            'R' | 'r' => Some(Player::Red),
            _ => None,
        }
    }

    /// `"Blue"` or `"Red"`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Blue => "Blue",
            Player::Red => "Red",
        }
    }
}

impl Default for Player {
    /// Blue, who moves first (C2.1).
    fn default() -> Player {
        Player::Blue
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
