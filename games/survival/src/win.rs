//! Winning (S8).

use crate::options::EvilWinsAt;
use crate::roster::{PlayerId, PlayerSet};
use crate::setup::Setup;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A winning side (S8.1). Lists of winners are in this order.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
pub enum Winner {
    /// The two buddies, the only living players.
    Buddies,
    /// Everyone who is not an Evil Force.
    Good,
    /// The Evil Forces.
    Evil,
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Winner::Buddies => "Buddies",
            Winner::Good => "Good",
            Winner::Evil => "Evil",
        })
    }
}

/// The winners in words: `"Good"`, `"the Buddies and Good"`, ... (S8.1).
pub fn winners_text(w: &[Winner]) -> String {
    w.iter()
        .map(|w| match w {
            Winner::Buddies => "the Buddies",
            Winner::Good => "Good",
            Winner::Evil => "the Evil Forces",
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The winner check (S8.1), run after each phase once chains end: the first
/// check that holds ends the game. `None` while the game goes on.
///
/// In order: the buddies are the only living players (with Good when
/// neither is an Evil Force); no Evil Force alive (Good, also when no one is
/// alive); living Evil Forces at least as many as the others (`Parity`) or
/// more (`Majority`).
pub fn check(
    setup: &Setup,
    alive: PlayerSet,
    buddies: Option<[PlayerId; 2]>,
) -> Option<Vec<Winner>> {
    if let Some([a, b]) = buddies
        && alive.len() == 2
        && alive.contains(a)
        && alive.contains(b)
    {
        return Some(if setup.is_evil(a) || setup.is_evil(b) {
            vec![Winner::Buddies]
        } else {
            vec![Winner::Buddies, Winner::Good]
        });
    }
    let evil = alive.iter().filter(|p| setup.is_evil(*p)).count();
    let others = alive.len() - evil;
    if evil == 0 {
        return Some(vec![Winner::Good]);
    }
    let evil_wins = match setup.options.evil_wins_at {
        EvilWinsAt::Parity => evil >= others,
        EvilWinsAt::Majority => evil > others,
    };
    evil_wins.then(|| vec![Winner::Evil])
}
