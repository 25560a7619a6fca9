//! Rule options: the points of RULES.md where a moderator may choose the other
//! reading. Rule editions are values, not code paths.

use serde::{Deserialize, Serialize};

/// Which tribes count as adjacent for movement (R6.1).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Adjacency {
    /// Sharing an edge: up, down, left, right (the ruling).
    #[default]
    Orthogonal,
    /// Sharing an edge or a corner.
    Diagonal,
}

/// What happens to an outcast that must move but gave no accepted move (R6.7).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OutcastWithoutMove {
    /// Placed in an existing tribe chosen at random (the ruling).
    #[default]
    Random,
    /// Stays an outcast for one more round.
    Stay,
}

/// All rule options of one game. Missing fields in JSON take the defaults.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// R6.1 adjacency.
    pub adjacency: Adjacency,
    /// R5.6: whether the public post says which survivors had an idol played on them.
    pub announce_idols: bool,
    /// R6.7 outcasts without a move.
    pub outcast_without_move: OutcastWithoutMove,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            adjacency: Adjacency::Orthogonal,
            announce_idols: true,
            outcast_without_move: OutcastWithoutMove::Random,
        }
    }
}
