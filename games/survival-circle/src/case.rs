//! The rules-case format of `cases/FORMAT.md`: a starting position, the
//! moves in C8.1 notation, and the record the engine produces.

use crate::ai::{Limits, Searcher};
use crate::board::Board;
use crate::forfeit::Author;
use crate::game::{Game, Mode, Players};
use crate::hand::Hand;
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
    /// The players' names (C9.4); each defaults to the colour's name.
    #[serde(default)]
    players: CasePlayers,
    /// Moderator's steps after the moves: replacements and pasted posts
    /// (C9.4).
    #[serde(default)]
    steps: Vec<Step>,
    /// A forfeit after the moves and steps (C9).
    #[serde(default)]
    forfeit: Option<crate::forfeit::Forfeit>,
}

/// The players' names as a case writes them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CasePlayers {
    #[serde(rename = "Blue", default)]
    blue: Option<String>,
    #[serde(rename = "Red", default)]
    red: Option<String>,
}

/// One step after the moves (FORMAT.md): `{"step": "replace", "side":
/// "Red", "name": "Cy"}` or `{"step": "post", "text": "Cy — Today at 8:15
/// PM\nR3"}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
enum Step {
    /// `name` replaces `side`'s player (C9.4).
    Replace { side: Player, name: String },
    /// A pasted post whose move is read and played (C8.6, C8.7, C9.4).
    Post { text: String },
}

/// What a step did, in the record (FORMAT.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRecord {
    /// 1-based place among the steps.
    pub step: usize,
    /// Whether the replacement was made or the post's move played.
    pub ok: bool,
    /// A replacement made: the outgoing player's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub old: Option<String>,
    /// A post: its author, when its header line names a side's current or
    /// former player (C9.4); `null` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<Option<Author>>,
    /// A post's move played: its turn in `turns`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u8>,
    /// Why the step was refused, as the console says it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
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
    /// When the case gives steps (C9.4): what each did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepRecord>>,
    /// When the case gives steps: the players' names now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Players>,
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
    let defaults = Players::default();
    let players = Players {
        blue: case.players.blue.unwrap_or(defaults.blue),
        red: case.players.red.unwrap_or(defaults.red),
    };
    let mut game = Game::from_start(start, players, Mode::Forum, 0);
    let played = game.play_text(&case.moves);
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
    let mut steps = Vec::new();
    for (i, step) in case.steps.iter().enumerate() {
        let mut r = StepRecord {
            step: i + 1,
            ok: false,
            old: None,
            author: None,
            turn: None,
            why: None,
        };
        match step {
            Step::Replace { side, name } => match game.replace(*side, name) {
                Ok(old) => (r.ok, r.old) = (true, Some(old)),
                Err(e) => r.why = Some(e.to_string()),
            },
            Step::Post { text } => {
                // (As the post is read: without invisible characters.)
                r.author = Some(game.author(&console_core::text::visible(text)));
                match game.play_post(text) {
                    Ok(played) => {
                        let mut report = played.report;
                        report.turn -= start.turns_played();
                        r.ok = true;
                        r.turn = Some(report.turn);
                        turns.push(report);
                    }
                    Err(e) => r.why = Some(e.to_string()),
                }
            }
        }
        steps.push(r);
    }
    let state = *game.state();
    let (mut best_move, mut solved) = (None, None);
    if case.best_move {
        let mut searcher = Searcher::new(CASE_TABLE_BYTES);
        let limits = Limits::nodes(case.think_ms.saturating_mul(NODES_PER_MS).max(1));
        let result = searcher.search(&state, limits, &mut crate::ai::never, &mut |_| {});
        best_move = Some(result.best);
        solved = result.solved;
    }
    // C9.1: a forfeit ends a game not yet over (C9.2 its result).
    let forfeit = case.forfeit.map(|f| game.forfeit_game(f).is_ok());
    let winner = game.outcome();
    let with_steps = !case.steps.is_empty();
    Ok(Record {
        turns,
        rejected,
        board: state.board(),
        hands: state.hands(),
        to_move: state.to_move(),
        last: state.last(),
        score: state.score(),
        game_over: game.is_over(),
        winner,
        best_move,
        solved,
        forfeit,
        steps: with_steps.then_some(steps),
        players: with_steps.then(|| game.players.clone()),
    })
}

#[cfg(test)]
mod tests {
    use super::run_case;

    #[test]
    fn a_case_without_steps_has_no_steps_or_players_in_its_record() {
        let r = run_case(r#"{"game": "survival-circle", "moves": "5 3"}"#).unwrap();
        assert_eq!((r.steps, r.players), (None, None));
        let json = serde_json::to_string(&run_case(r#"{"moves": "5"}"#).unwrap()).unwrap();
        assert!(
            !json.contains("steps") && !json.contains("players"),
            "{json}"
        );
    }

    #[test]
    fn a_replacement_step_renames_the_side_and_a_bad_step_breaks_the_case() {
        let r = run_case(
            r#"{"players": {"Red": "Bob"}, "steps": [{"step": "replace", "side": "Red", "name": "Cy"}]}"#,
        )
        .unwrap();
        let players = r.players.unwrap();
        assert_eq!(
            (players.blue.as_str(), players.red.as_str()),
            ("Blue", "Cy")
        );
        assert_eq!(r.steps.unwrap()[0].old.as_deref(), Some("Bob"));
        let e = run_case(r#"{"steps": [{"step": "vote", "side": "Red"}]}"#).unwrap_err();
        assert!(e.starts_with("not a valid case"), "{e}");
    }
}
