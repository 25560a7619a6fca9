//! The rule options (C5.3, C6.2), as values.

use serde::{Deserialize, Serialize};

/// What happens to the played token when it lands on the mover's own token
/// (C5.3). The landed-on part of the string is removed either way (C5.2).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnLanding {
    /// The played token is removed from the game too (the ruling).
    #[default]
    Discard,
    /// After the removal the played token is placed on the landing cell.
    Place,
}

/// What happens when the token lands on an opposing token (C6.2).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpponentLanding {
    /// The played token is removed from the game; the board does not change
    /// (the ruling).
    #[default]
    Discard,
    /// An opposing token in no string (C5.1) is removed from the game and the
    /// played token takes its cell; one in a string stays and the played
    /// token is removed, as with `Discard`.
    ReplaceSingle,
}

/// The options of a game (RULES.md C5.3, C6.2). Defaults: both `discard`.
/// Serialised as `{"own_landing": "discard", "opponent_landing": "discard"}`
/// (either member may be left out).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// C5.3.
    pub own_landing: OwnLanding,
    /// C6.2.
    pub opponent_landing: OpponentLanding,
}

impl Options {
    /// `own_landing: place`, for the landing code.
    #[inline(always)]
    pub(crate) fn place_own(self) -> bool {
        self.own_landing == OwnLanding::Place
    }

    /// `opponent_landing: replace_single`, for the landing code.
    #[inline(always)]
    pub(crate) fn replace_single(self) -> bool {
        self.opponent_landing == OpponentLanding::ReplaceSingle
    }
}
