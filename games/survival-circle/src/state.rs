//! The game state (C1-C7): small and `Copy`, with `apply`/`undo`.

use crate::board::{Board, LandedOn, Landing};
use crate::cell::{Cell, Cells};
use crate::hand::{Hand, TOKENS};
use crate::notation::Rejection;
use crate::options::Options;
use crate::player::Player;
use crate::value::{Value, Values};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The turns of a whole game (C2.2): 48 tokens each.
pub const TURNS: u8 = 2 * TOKENS;

/// The previous token: where it landed and its value (C3.2). The next token
/// lands `value` cells clockwise of `cell`, whether or not it stayed.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Last {
    /// Its landing cell.
    pub cell: Cell,
    /// Its value.
    pub value: Value,
}

impl Last {
    /// Where the next token lands (C3.2): `(cell + value) mod 16`.
    #[inline(always)]
    pub fn next_cell(self) -> Cell {
        self.cell.plus(self.value.get())
    }
}

/// Both hands, serialised `{"Blue": [...], "Red": [...]}` (counts of values
/// 1 to 8).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hands {
    /// Blue's hand.
    #[serde(rename = "Blue")]
    pub blue: Hand,
    /// Red's hand.
    #[serde(rename = "Red")]
    pub red: Hand,
}

impl Hands {
    /// Both hands full: six of each value (C1.2).
    pub const FULL: Hands = Hands {
        blue: Hand::FULL,
        red: Hand::FULL,
    };

    /// A player's hand.
    pub fn of(&self, p: Player) -> Hand {
        match p {
            Player::Blue => self.blue,
            Player::Red => self.red,
        }
    }
}

impl Default for Hands {
    fn default() -> Hands {
        Hands::FULL
    }
}

/// A position as plain data: what a case, a save file or the app's analysis
/// board states. [`State::from_position`] checks it.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Position {
    /// The options (C5.3, C6.2).
    #[serde(default)]
    pub options: Options,
    /// The board, 16 characters (C8.3).
    #[serde(default)]
    pub board: Board,
    /// Both hands.
    #[serde(default)]
    pub hands: Hands,
    /// Who moves next.
    #[serde(default)]
    pub to_move: Player,
    /// The previous token; `None` before the first move of the game.
    #[serde(default)]
    pub last: Option<Last>,
}

/// Why a [`Position`] cannot be played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A player has more tokens on the board and in hand than the 48 they
    /// own (C1.2): (player, on the board, in hand).
    TooManyTokens(Player, u8, u8),
    /// Tokens are on the board but no previous token is given, so the next
    /// landing cell is unknown (C3.2).
    NoLast,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyTokens(p, board, hand) => write!(
                f,
                "{p} has {board} tokens on the board and {hand} in hand: more than the {TOKENS} a player owns"
            ),
            PositionError::NoLast => write!(
                f,
                "the board is not empty but \"last\" (the previous token's cell and value) is missing"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A game state (C1-C7): the board as two colour masks, the previous token
/// (or none), both hands as counts, the player to move, the turns played and
/// the options. Small and `Copy` (20 bytes).
///
/// Invariants (kept by every constructor and by [`State::apply`]): no
/// player owns more than 48 tokens between board and hand; tokens on the
/// board imply a previous token; the player to move holds a token unless
/// both hands are empty (a player whose hand is empty while the other still
/// holds tokens passes, see [`State::from_position`]); `turn` is 96 minus
/// the tokens in both hands.
///
/// Serialised as its [`Position`] (what a Web Worker receives); reading
/// checks it with [`State::from_position`].
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "Position", try_from = "Position")]
pub struct State {
    board: Board,
    last: Option<Last>,
    hands: [Hand; 2],
    to_move: Player,
    turn: u8,
    options: Options,
}

impl From<State> for Position {
    fn from(s: State) -> Position {
        s.position()
    }
}

impl TryFrom<Position> for State {
    type Error = PositionError;
    fn try_from(p: Position) -> Result<State, PositionError> {
        State::from_position(&p)
    }
}

/// What [`State::undo`] needs to restore the state before a move exactly.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Undo {
    board: Board,
    last: Option<Last>,
    to_move: Player,
    report: MoveReport,
}

impl Undo {
    /// What the move did.
    pub fn report(&self) -> MoveReport {
        self.report
    }
}

/// What a move did (the `turns` entries of the case record, FORMAT.md).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
pub struct MoveReport {
    /// The turn number in the game, from 1 (C2.2).
    pub turn: u8,
    /// The mover.
    pub player: Player,
    /// The value played.
    pub value: Value,
    /// Where it landed (C3).
    pub cell: Cell,
    /// What was there (C4-C6).
    pub landed_on: LandedOn,
    /// Cells whose tokens were removed from the game, either colour.
    pub removed: Cells,
    /// Where the played token stayed; `None` when it was removed (C5.3, C6.2).
    pub placed: Option<Cell>,
}

impl MoveReport {
    /// The landing part of the report.
    pub fn landing(&self) -> Landing {
        Landing {
            cell: self.cell,
            landed_on: self.landed_on,
            removed: self.removed,
            placed: self.placed,
        }
    }

    /// Where the next token lands (C3.2): `value` cells clockwise of `cell`.
    pub fn next_cell(&self) -> Cell {
        self.cell.plus(self.value.get())
    }
}

/// The score (C7.1): each player's tokens on the board. Serialised
/// `{"Blue": n, "Red": m}`.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
pub struct Score {
    /// Blue's tokens on the board.
    #[serde(rename = "Blue")]
    pub blue: u8,
    /// Red's tokens on the board.
    #[serde(rename = "Red")]
    pub red: u8,
}

impl Score {
    /// A player's score.
    pub fn of(&self, p: Player) -> u8 {
        match p {
            Player::Blue => self.blue,
            Player::Red => self.red,
        }
    }
}

/// The result of a finished game (C7.1). Serialised `"Blue"`, `"Red"` or
/// `"draw"`.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
pub enum Outcome {
    /// Blue scored more.
    Blue,
    /// Red scored more.
    Red,
    /// Equal scores.
    #[serde(rename = "draw")]
    Draw,
}

impl Outcome {
    /// The outcome of final scores (C7.1).
    pub fn of(score: Score) -> Outcome {
        match score.blue.cmp(&score.red) {
            std::cmp::Ordering::Greater => Outcome::Blue,
            std::cmp::Ordering::Less => Outcome::Red,
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Blue => Some(Player::Blue),
            Outcome::Red => Some(Player::Red),
            Outcome::Draw => None,
        }
    }
}

impl State {
    /// The start of a game (C1.2, C2.1): empty circle, full hands, Blue to
    /// move, no previous token.
    pub fn new(options: Options) -> State {
        State {
            board: Board::EMPTY,
            last: None,
            hands: [Hand::FULL; 2],
            to_move: Player::Blue,
            turn: 0,
            options,
        }
    }

    /// A state from plain data, checked: no player may own more than 48
    /// tokens between board and hand (C1.2), and a non-empty board needs the
    /// previous token (C3.2).
    ///
    /// **Reading of C2.1/C2.2** (only reachable from a stated position with
    /// unequal hands): a player to move with an empty hand while the other
    /// still holds tokens passes, so the other player is to move. The same
    /// holds after every move ([`State::apply`]): the game goes on until
    /// both hands are empty.
    ///
    /// # Errors
    ///
    /// [`PositionError::TooManyTokens`] if a player would own more than 48
    /// tokens between board and hand (C1.2), [`PositionError::NoLast`] for a
    /// non-empty board without the previous token (C3.2).
    pub fn from_position(p: &Position) -> Result<State, PositionError> {
        let hands = [p.hands.blue, p.hands.red];
        for player in Player::ALL {
            let (on_board, in_hand) = (p.board.count(player), hands[player.index()].total());
            if on_board + in_hand > TOKENS {
                return Err(PositionError::TooManyTokens(player, on_board, in_hand));
            }
        }
        if p.last.is_none() && p.board != Board::EMPTY {
            return Err(PositionError::NoLast);
        }
        let mut to_move = p.to_move;
        if hands[to_move.index()].is_empty() && !hands[to_move.other().index()].is_empty() {
            to_move = to_move.other();
        }
        Ok(State {
            board: p.board,
            last: p.last,
            hands,
            to_move,
            turn: TURNS - hands[0].total() - hands[1].total(),
            options: p.options,
        })
    }

    /// The state as plain data ([`State::from_position`] gives it back).
    pub fn position(&self) -> Position {
        Position {
            options: self.options,
            board: self.board,
            hands: self.hands(),
            to_move: self.to_move,
            last: self.last,
        }
    }

    /// The options.
    #[inline(always)]
    pub fn options(&self) -> Options {
        self.options
    }

    /// The board.
    #[inline(always)]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The previous token, `None` before the first move.
    #[inline(always)]
    pub fn last(&self) -> Option<Last> {
        self.last
    }

    /// A player's hand.
    #[inline(always)]
    pub fn hand(&self, p: Player) -> Hand {
        self.hands[p.index()]
    }

    /// Both hands.
    pub fn hands(&self) -> Hands {
        Hands {
            blue: self.hands[0],
            red: self.hands[1],
        }
    }

    /// The player to move (when the game is over: who would have moved).
    #[inline(always)]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Turns played so far: 96 minus the tokens in both hands (C2.2).
    #[inline(always)]
    pub fn turns_played(&self) -> u8 {
        self.turn
    }

    /// Turns left: the tokens in both hands.
    #[inline(always)]
    pub fn turns_left(&self) -> u8 {
        TURNS - self.turn
    }

    /// Where the next token lands: cell 0 for the first token of the game
    /// (C3.1), else the previous token's value clockwise of its landing cell
    /// (C3.2). The mover's choice of value does not change it.
    #[inline(always)]
    pub fn next_cell(&self) -> Cell {
        self.last.map_or(Cell::ZERO, Last::next_cell)
    }

    /// Where the opponent's next token would land if the mover played
    /// `value` (C3.3): `value` cells clockwise of [`State::next_cell`].
    pub fn target(&self, value: Value) -> Cell {
        self.next_cell().plus(value.get())
    }

    /// The values the mover may play (C2.1): those they hold. Empty once the
    /// game is over.
    #[inline(always)]
    pub fn legal_values(&self) -> Values {
        self.hands[self.to_move.index()].values()
    }

    /// Whether the mover may play `value`.
    #[inline(always)]
    pub fn is_legal(&self, value: Value) -> bool {
        self.hands[self.to_move.index()].holds(value)
    }

    /// Whether the game is over: both hands are empty (C2.2).
    #[inline(always)]
    pub fn is_terminal(&self) -> bool {
        self.hands[0].is_empty() && self.hands[1].is_empty()
    }

    /// Each player's tokens on the board (C7.1): the score now, final once
    /// the game is over.
    pub fn score(&self) -> Score {
        Score {
            blue: self.board.count(Player::Blue),
            red: self.board.count(Player::Red),
        }
    }

    /// The outcome, once the game is over (C7.1).
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_terminal().then(|| Outcome::of(self.score()))
    }

    /// OpenSpiel's returns: `[blue, red]`, +1 for a win, -1 for a loss, 0
    /// for a draw or while the game goes on.
    pub fn returns(&self) -> [f64; 2] {
        match self.outcome() {
            Some(Outcome::Blue) => [1.0, -1.0],
            Some(Outcome::Red) => [-1.0, 1.0],
            _ => [0.0, 0.0],
        }
    }

    /// What playing `value` would do, without playing it (the landing does
    /// not depend on the value: C3.3).
    pub fn preview(&self, value: Value) -> MoveReport {
        let (_, landing) = self
            .board
            .land(self.to_move, self.next_cell(), self.options);
        MoveReport {
            turn: self.turn + 1,
            player: self.to_move,
            value,
            cell: landing.cell,
            landed_on: landing.landed_on,
            removed: landing.removed,
            placed: landing.placed,
        }
    }

    /// Checks a move (C8.2): the value must be held by the mover and the game
    /// not over.
    ///
    /// # Errors
    ///
    /// [`Rejection::GameOver`] if the game is over, [`Rejection::NotHeld`] if
    /// the mover does not hold `value`.
    pub fn check(&self, value: Value) -> Result<(), Rejection> {
        if self.is_terminal() {
            Err(Rejection::GameOver)
        } else if !self.is_legal(value) {
            Err(Rejection::NotHeld {
                player: self.to_move,
                value: value.get(),
            })
        } else {
            Ok(())
        }
    }

    /// Plays `value` for the mover (C3-C6) and returns what [`State::undo`]
    /// needs. The value must be legal ([`State::is_legal`]); use
    /// [`State::play`] for a checked move.
    ///
    /// # Panics
    /// If the mover does not hold `value`.
    pub fn apply(&mut self, value: Value) -> Undo {
        assert!(self.is_legal(value), "{value} is not held by the mover");
        let mover = self.to_move;
        let cell = self.next_cell();
        let (board, landing) = self.board.land(mover, cell, self.options);
        let undo = Undo {
            board: self.board,
            last: self.last,
            to_move: mover,
            report: MoveReport {
                turn: self.turn + 1,
                player: mover,
                value,
                cell,
                landed_on: landing.landed_on,
                removed: landing.removed,
                placed: landing.placed,
            },
        };
        self.board = board;
        self.last = Some(Last { cell, value });
        let i = mover.index();
        self.hands[i] = self.hands[i].take(value);
        self.turn += 1;
        // C2.1 alternation; a player with an empty hand passes (see
        // `from_position`).
        if !self.hands[1 - i].is_empty() {
            self.to_move = mover.other();
        }
        undo
    }

    /// Plays `value` if it is legal (C8.2), else says why and leaves the
    /// state unchanged.
    ///
    /// # Errors
    ///
    /// As [`State::check`]: [`Rejection::GameOver`] or [`Rejection::NotHeld`];
    /// the state is then unchanged.
    pub fn play(&mut self, value: Value) -> Result<Undo, Rejection> {
        self.check(value)?;
        Ok(self.apply(value))
    }

    /// Takes back the move `undo` came from; the state must be the one that
    /// move produced. Restores the state exactly.
    pub fn undo(&mut self, undo: Undo) {
        let mover = undo.report.player;
        self.board = undo.board;
        self.last = undo.last;
        self.hands[mover.index()] = self.hands[mover.index()].put(undo.report.value);
        self.to_move = undo.to_move;
        self.turn -= 1;
    }
}
