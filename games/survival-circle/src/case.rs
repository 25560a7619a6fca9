//! The rules-case format of `cases/FORMAT.md`: a starting position, the
//! moves in C8.1 notation, and the record the engine produces.

use crate::ai::{Limits, Searcher};
use crate::board::Board;
use crate::hand::Hand;
use crate::notation::play_text;
use crate::options::Options;
use crate::player::Player;
use crate::state::{Hands, Last, MoveReport, Outcome, Position, Score, State};
use crate::value::Value;
use serde::{Deserialize, Serialize};

/// Nodes the case command's AI may search per millisecond of `think_ms`.
/// The command has no clock (the engine is pure), so the time is turned
/// into a node budget: a deterministic answer. The size-optimised native
/// build searches 25 to 40 million nodes per second (26 M in the middle
/// game, measured with `examples/probe`); a fifth of that keeps within
/// `think_ms` on a slower or busy machine.
pub const NODES_PER_MS: u64 = 5_000;

/// The table size the case command's AI uses.
const CASE_TABLE_BYTES: usize = 32 << 20;

/// Both hands as a case writes them; each defaults to a full hand.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseHands {
    #[serde(rename = "Blue", default)]
    blue: Option<Hand>,
    #[serde(rename = "Red", default)]
    red: Option<Hand>,
}

/// A case as written (FORMAT.md). Unknown members (`_why`, `expect`, ...)
/// are ignored.
#[derive(Clone, Debug, Deserialize)]
struct Case {
    #[serde(default)]
    options: Options,
    #[serde(default)]
    board: Board,
    #[serde(default)]
    hands: CaseHands,
    #[serde(default)]
    to_move: Player,
    #[serde(default)]
    last: Option<Last>,
    #[serde(default)]
    moves: String,
    #[serde(default)]
    best_move: bool,
    #[serde(default = "default_think")]
    think_ms: u64,
    /// A forfeit after the moves (C9).
    #[serde(default)]
    forfeit: Option<crate::forfeit::Forfeit>,
}

fn default_think() -> u64 {
    1000
}

/// A rejected move in the record: its 1-based place in `moves` and its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RejectedMove {
    /// 1-based place among the moves.
    #[serde(rename = "move")]
    pub index: usize,
    /// The move as written.
    pub text: String,
}

/// The record printed by the case command (FORMAT.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Every accepted move, `turn` counted from the case's start.
    pub turns: Vec<MoveReport>,
    /// Every rejected move (C8.2).
    pub rejected: Vec<RejectedMove>,
    /// The board now.
    pub board: Board,
    /// The hands now.
    pub hands: Hands,
    /// Who moves next.
    pub to_move: Player,
    /// The previous token.
    pub last: Option<Last>,
    /// Tokens on the board now (C7.1).
    pub score: Score,
    /// Both hands empty (C2.2).
    pub game_over: bool,
    /// The outcome once the game is over (C7.1).
    pub winner: Option<Outcome>,
    /// When asked: the AI's value for the player to move (`null` when the
    /// game is over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_move: Option<Option<Value>>,
    /// When the AI proved the result: the final scores of the best line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solved: Option<Score>,
    /// When the case gives a forfeit (C9): whether it was accepted
    /// (`false`: the game was already over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<bool>,
}

/// Reads, checks and plays a case (FORMAT.md): its record.
///
/// # Errors
/// The one-line reason the case is broken: not JSON, a bad board, hands,
/// player or options, more than 48 tokens for a player, no `last` with
/// tokens on the board.
pub fn run_case(json: &str) -> Result<Record, String> {
    let case: Case = serde_json::from_str(json).map_err(|e| format!("not a valid case: {e}"))?;
    let position = Position {
        options: case.options,
        board: case.board,
        hands: Hands {
            blue: case.hands.blue.unwrap_or(Hand::FULL),
            red: case.hands.red.unwrap_or(Hand::FULL),
        },
        to_move: case.to_move,
        last: case.last,
    };
    let start = State::from_position(&position).map_err(|e| e.to_string())?;
    let mut state = start;
    let played = play_text(&mut state, &case.moves);
    let mut turns = Vec::new();
    let mut rejected = Vec::new();
    for p in played {
        match p.result {
            Ok(mut report) => {
                report.turn -= start.turns_played();
                turns.push(report);
            }
            Err(_) => rejected.push(RejectedMove {
                index: p.index,
                text: p.text,
            }),
        }
    }
    let (mut best_move, mut solved) = (None, None);
    if case.best_move {
        let mut searcher = Searcher::new(CASE_TABLE_BYTES);
        let limits = Limits::nodes(case.think_ms.saturating_mul(NODES_PER_MS).max(1));
        let result = searcher.search(&state, limits, &mut crate::ai::never, &mut |_| {});
        best_move = Some(result.best);
        solved = result.solved;
    }
    // C9.1: a forfeit ends a game not yet over.
    let forfeit = case.forfeit.as_ref().map(|_| !state.is_terminal());
    let winner = match &case.forfeit {
        Some(f) if !state.is_terminal() => Some(f.outcome(&state)),
        _ => state.outcome(),
    };
    Ok(Record {
        turns,
        rejected,
        board: state.board(),
        hands: state.hands(),
        to_move: state.to_move(),
        last: state.last(),
        score: state.score(),
        game_over: state.is_terminal() || forfeit == Some(true),
        winner,
        best_move,
        solved,
        forfeit,
    })
}
