//! Notation and play by forum (C8): the move reader (C8.1) with a reason
//! for every rejected move (C8.2), the position text (C8.3) and a one-line
//! position code for tools.
//!
//! Reading is in two stages: [`parse_moves`] splits the text and reads each
//! move as a [`RawMove`] (an optional player letter and a number), then
//! [`State::check_raw`] checks it against the position.

use crate::board::Board;
use crate::cell::Cell;
use crate::hand::Hand;
use crate::options::{OpponentLanding, Options, OwnLanding};
use crate::player::Player;
use crate::state::{Hands, Last, MoveReport, Position, State};
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fmt::Write as _;

/// Why a move is rejected (C8.2). The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Rejection {
    /// Not a move: a move is a value, optionally after `B` or `R` (C8.1).
    Unreadable,
    /// A number outside 1 to 8 (the number, saturated to the `i64` range).
    OutOfRange {
        /// The number written.
        value: i64,
    },
    /// The prefix names the player who is not to move.
    WrongPlayer {
        /// The player the prefix names.
        named: Player,
        /// The player to move.
        to_move: Player,
    },
    /// The mover holds no token of that value.
    NotHeld {
        /// The mover.
        player: Player,
        /// The value, 1 to 8.
        value: u8,
    },
    /// Both hands are empty: the game is over (C2.2).
    GameOver,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Unreadable => f.write_str(
                "not a move: write the value 1 to 8, optionally after B or R (e.g. 5 or B5)",
            ),
            Rejection::OutOfRange { value } => {
                write!(f, "{value} is not a token value: values are 1 to 8")
            }
            Rejection::WrongPlayer { named, to_move } => {
                write!(f, "the move is marked for {named} but {to_move} is to move")
            }
            Rejection::NotHeld { player, value } => {
                write!(f, "{player} has no token of value {value} left")
            }
            Rejection::GameOver => f.write_str("the game is over: both hands are empty"),
        }
    }
}

impl std::error::Error for Rejection {}

/// A move as written (C8.1): an optional player letter and a number (not
/// yet checked against a position).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawMove {
    /// The `B`/`R` prefix, if any.
    pub player: Option<Player>,
    /// The number, saturated to the `i64` range.
    pub value: i64,
}

/// Whether `c` separates moves (C8.1): a comma or any white space.
fn is_separator(c: char) -> bool {
    c == ',' || c.is_whitespace()
}

/// Reads one move: `[B|R]` (either case) then an optional `-` and digits.
/// Anything else is [`Rejection::Unreadable`].
pub fn parse_move(text: &str) -> Result<RawMove, Rejection> {
    let mut rest = text;
    let mut player = None;
    if let Some(c) = rest.chars().next()
        && let Some(p) = Player::from_letter(c)
    {
        player = Some(p);
        rest = &rest[1..];
    }
    let (negative, digits) = match rest.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, rest),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Rejection::Unreadable);
    }
    let mut n: i64 = 0;
    for b in digits.bytes() {
        n = n.saturating_mul(10).saturating_add(i64::from(b - b'0'));
    }
    Ok(RawMove {
        player,
        value: if negative { -n } else { n },
    })
}

/// One move of a text: its place, its text and what it reads as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText<'a> {
    /// 1-based position among the moves of the text.
    pub index: usize,
    /// The move as written.
    pub text: &'a str,
    /// The move read, or why it cannot be.
    pub parsed: Result<RawMove, Rejection>,
}

/// Splits a record into moves (separated by commas and white space, any run
/// of them being one separator, C8.1) and reads each.
pub fn parse_moves(text: &str) -> Vec<MoveText<'_>> {
    text.split(is_separator)
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| MoveText {
            index: i + 1,
            text: t,
            parsed: parse_move(t),
        })
        .collect()
}

/// The outcome of one move of a text played with [`play_text`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// 1-based position among the moves of the text.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// What it did, or why it was rejected (the game unchanged).
    pub result: Result<MoveReport, Rejection>,
}

/// Plays every move of a record in turn (C8.1); a rejected move leaves the
/// state unchanged and play goes on with the next (C8.2).
pub fn play_text(state: &mut State, text: &str) -> Vec<Played> {
    parse_moves(text)
        .into_iter()
        .map(|m| {
            let result = m
                .parsed
                .and_then(|raw| state.check_raw(raw))
                .map(|v| state.apply(v).report());
            Played {
                index: m.index,
                text: m.text.to_string(),
                result,
            }
        })
        .collect()
}

/// A list of values in notation with player prefixes: `B5 R3 B8`, the
/// first for `first`. Players alternate (a game from the start never has a
/// pass).
pub fn write_moves(first: Player, values: &[Value]) -> String {
    let mut out = String::new();
    let mut p = first;
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{}{}", p.letter(), v);
        p = p.other();
    }
    out
}

impl State {
    /// Checks a move as written against the position (C8.2): the value must
    /// be 1 to 8, the game not over, the prefix (if any) the mover, and the
    /// value held.
    pub fn check_raw(&self, raw: RawMove) -> Result<Value, Rejection> {
        let value = u8::try_from(raw.value)
            .ok()
            .and_then(Value::new)
            .ok_or(Rejection::OutOfRange { value: raw.value })?;
        if self.is_terminal() {
            return Err(Rejection::GameOver);
        }
        if let Some(named) = raw.player
            && named != self.to_move()
        {
            return Err(Rejection::WrongPlayer {
                named,
                to_move: self.to_move(),
            });
        }
        self.check(value)?;
        Ok(value)
    }

    /// The position as text (C8.3): the 16 cells from 0 (`.`, `B`, `R`), the
    /// last landing cell and the value to count from, both hands (count of
    /// each value) and the turn.
    pub fn describe(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "cells  0123456789012345");
        let _ = writeln!(s, "board  {}", self.board());
        match self.last() {
            Some(l) => {
                let _ = writeln!(
                    s,
                    "last   cell {}, value {}: the next token lands on cell {}",
                    l.cell,
                    l.value,
                    l.next_cell()
                );
            }
            None => {
                let _ = writeln!(s, "last   none: the first token lands on cell 0");
            }
        }
        let _ = writeln!(s, "hands  value 1 2 3 4 5 6 7 8");
        for p in Player::ALL {
            let counts = self.hand(p).counts();
            let row: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(s, "       {:<5} {}", p.name(), row.join(" "));
        }
        let score = self.score();
        let _ = writeln!(s, "score  Blue {}, Red {}", score.blue, score.red);
        if self.is_terminal() {
            let _ = write!(s, "turn   game over after {} turns", self.turns_played());
        } else {
            let _ = write!(
                s,
                "turn   {} of 96, {} to move",
                self.turns_played() + 1,
                self.to_move()
            );
        }
        s
    }

    /// A one-line code of the state, for tools and the reference searcher:
    /// `<board> <last> <blue hand> <red hand> <to move> <options>`, e.g.
    /// `BB.R............ 3/2 66566666 66666665 B dd`: `last` is
    /// `cell/value` or `-`, a hand is its 8 counts, the options are `d`/`p`
    /// (C5.3) then `d`/`r` (C6.2).
    pub fn code(&self) -> String {
        let hand = |h: Hand| h.counts().iter().map(|c| c.to_string()).collect::<String>();
        let last = match self.last() {
            Some(l) => format!("{}/{}", l.cell, l.value),
            None => "-".to_string(),
        };
        format!(
            "{} {} {} {} {} {}{}",
            self.board(),
            last,
            hand(self.hand(Player::Blue)),
            hand(self.hand(Player::Red)),
            self.to_move().letter(),
            match self.options().own_landing {
                OwnLanding::Discard => 'd',
                OwnLanding::Place => 'p',
            },
            match self.options().opponent_landing {
                OpponentLanding::Discard => 'd',
                OpponentLanding::ReplaceSingle => 'r',
            }
        )
    }

    /// Reads [`State::code`]. Errors name the part that is wrong.
    pub fn from_code(code: &str) -> Result<State, String> {
        let parts: Vec<&str> = code.split_whitespace().collect();
        let [board, last, blue, red, to_move, options] = parts[..] else {
            return Err(format!("a position code has 6 parts, not {}", parts.len()));
        };
        let board = Board::parse(board).map_err(|e| e.to_string())?;
        let last = if last == "-" {
            None
        } else {
            let (c, v) = last
                .split_once('/')
                .ok_or_else(|| format!("last {last:?} is not cell/value or -"))?;
            let cell = c.parse().ok().and_then(Cell::new);
            let value = v.parse().ok().and_then(Value::new);
            match (cell, value) {
                (Some(cell), Some(value)) => Some(Last { cell, value }),
                _ => return Err(format!("last {last:?} is not cell/value")),
            }
        };
        let hand = |s: &str| -> Result<Hand, String> {
            let counts: Option<Vec<u64>> =
                s.chars().map(|c| c.to_digit(10).map(u64::from)).collect();
            let counts = counts.ok_or_else(|| format!("hand {s:?} is not 8 digits"))?;
            Hand::new(&counts).map_err(|e| e.to_string())
        };
        let to_move = match to_move {
            "B" => Player::Blue,
            "R" => Player::Red,
            _ => return Err(format!("to move {to_move:?} is not B or R")),
        };
        let mut chars = options.chars();
        let own_landing = match chars.next() {
            Some('d') => OwnLanding::Discard,
            Some('p') => OwnLanding::Place,
            _ => return Err(format!("options {options:?} are not [dp][dr]")),
        };
        let opponent_landing = match (chars.next(), chars.next()) {
            (Some('d'), None) => OpponentLanding::Discard,
            (Some('r'), None) => OpponentLanding::ReplaceSingle,
            _ => return Err(format!("options {options:?} are not [dp][dr]")),
        };
        State::from_position(&Position {
            options: Options {
                own_landing,
                opponent_landing,
            },
            board,
            hands: Hands {
                blue: hand(blue)?,
                red: hand(red)?,
            },
            to_move,
            last,
        })
        .map_err(|e| e.to_string())
    }
}
