//! The end of the game: Tokens of Life, the garnet award and the Elimination
//! Candidate (R8).

use crate::player::PlayerId;
use crate::position::{Moment, Position, Setup};

/// The Elimination Candidate (R8.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EliminationCandidate {
    /// The EC, or the players tied for it, by name in byte order (as
    /// FORMAT.md lists them).
    pub players: Vec<PlayerId>,
    /// When they were fully eliminated.
    pub moment: Moment,
    /// With a tie: the players who decide among them, by name in byte
    /// order; else empty.
    pub deciders: Vec<PlayerId>,
}

/// The result of a finished game (R8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalResult {
    /// Tokens of Life per player, roster order: one per living survivor (R8.2).
    pub tokens_of_life: Vec<u32>,
    /// Garnets awarded per player, roster order, if the award happened (R8.3).
    pub garnets_awarded: Option<Vec<u32>>,
    /// The EC; `None` when no player was ever fully eliminated (R8.4).
    pub elimination_candidate: Option<EliminationCandidate>,
}

/// The final result, once the game is over (R8.1); `None` before.
pub fn final_result(setup: &Setup, position: &Position) -> Option<FinalResult> {
    if !position.is_game_over() {
        return None;
    }
    let n = setup.players.len();
    let tokens = position.alive_per_player(n);
    let earliest = (0..n).filter_map(|i| position.eliminated_at[i]).min();
    let elimination_candidate = earliest.map(|moment| {
        // Lists of players go by name in byte order (FORMAT.md), as the
        // report's rejections do.
        let by_name = setup.players.by_name().iter().copied();
        let players: Vec<PlayerId> = by_name
            .clone()
            .filter(|p| position.eliminated_at(*p) == Some(moment))
            .collect();
        let deciders = if players.len() < 2 {
            Vec::new()
        } else if tokens.iter().any(|&t| t > 0) {
            by_name.filter(|p| tokens[p.index()] > 0).collect()
        } else {
            // Nobody earned a Token: the players with the most survivors alive
            // at the start of the final round decide.
            let start = position.alive_at_round_start();
            let most = start.iter().copied().max().unwrap_or(0);
            by_name.filter(|p| start[p.index()] == most).collect()
        };
        EliminationCandidate {
            players,
            moment,
            deciders,
        }
    });
    Some(FinalResult {
        tokens_of_life: tokens,
        garnets_awarded: position.garnet_award().map(|a| a.amounts.clone()),
        elimination_candidate,
    })
}
