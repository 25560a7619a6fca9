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
    /// A move number (C8.5) out of turn (`expected` the number due), or
    /// with no coloured move after it (`expected` is `None`).
    MoveNumber {
        /// The number written.
        number: i64,
        /// The number due after the previous one, if that is the fault.
        expected: Option<i64>,
    },
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Unreadable => f.write_str(
                "not a move: write the value 1 to 8, optionally after B or R (e.g. 5, B5 or Blue 5)",
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
            Rejection::MoveNumber {
                number,
                expected: Some(e),
            } => write!(f, "move number {number} where {e} is next"),
            Rejection::MoveNumber {
                number,
                expected: None,
            } => write!(
                f,
                "{number}. is a move number but no move with its colour follows (write B{number} or R{number}, or the value without the full stop)"
            ),
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

/// A character as the reader sees it (C8.4): the full-width forms of
/// ASCII (U+FF01 to U+FF5E, as East Asian keyboards type `Ｂ５`) read as
/// their ASCII letters, digits and signs, and the ideographic space as a
/// space.
pub fn narrow(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// Whether `c` separates moves (C8.1): a comma or any white space
/// (full-width forms included, C8.4).
fn is_separator(c: char) -> bool {
    let c = narrow(c);
    c == ',' || c.is_whitespace()
}

/// The colour a text starts with (C8.4): `B`, `R`, `Blue` or `Red` in any
/// case (full-width forms read as ASCII), with the number of bytes it
/// takes and whether it is a word. A letter must not be followed by
/// another letter (`Bob` names no colour); the caller checks what is
/// before it.
pub(crate) fn colour_at(text: &str) -> Option<(Player, usize, bool)> {
    let mut chars = text.char_indices().map(|(i, c)| (i, narrow(c)));
    let (_, first) = chars.next()?;
    let player = Player::from_letter(first)?;
    let word = match player {
        Player::Blue => "lue",
        Player::Red => "ed",
    };
    // At most four characters after the first, kept on the stack (this
    // runs for every word of a pasted record).
    let mut ahead = [(0, ' '); 4];
    let mut n = 0;
    for (slot, c) in ahead.iter_mut().zip(chars.take(word.len() + 1)) {
        *slot = c;
        n += 1;
    }
    let rest = &ahead[..n];
    let is_word = rest.len() >= word.len()
        && rest
            .iter()
            .zip(word.chars())
            .all(|((_, c), w)| c.to_ascii_lowercase() == w);
    let (len, after) = if is_word {
        let len = rest.get(word.len()).map_or(text.len(), |(i, _)| *i);
        (len, rest.get(word.len()).map(|(_, c)| *c))
    } else {
        (first_len(text), rest.first().map(|(_, c)| *c))
    };
    if after.is_some_and(char::is_alphabetic) {
        return None;
    }
    Some((player, len, is_word))
}

/// The byte length of the first character of `text`.
fn first_len(text: &str) -> usize {
    text.chars().next().map_or(0, char::len_utf8)
}

/// Reads a number at the start of `text` (C8.1): an optional `-` then
/// ASCII or full-width digits. Returns the number (saturated to the `i64`
/// range) and the bytes it takes.
fn number_at(text: &str) -> Option<(i64, usize)> {
    let mut chars = text.char_indices().map(|(i, c)| (i, narrow(c))).peekable();
    let negative = chars.next_if(|(_, c)| *c == '-').is_some();
    let mut n: i64 = 0;
    let mut end = None;
    while let Some((i, c)) = chars.next_if(|(_, c)| c.is_ascii_digit()) {
        n = n
            .saturating_mul(10)
            .saturating_add(i64::from(c as u8 - b'0'));
        end = Some(i + c.len_utf8());
    }
    // Full-width digits are 3 bytes: the end is where the next char starts.
    let end = match (end, chars.peek()) {
        (None, _) => return None,
        (Some(_), Some((i, _))) => *i,
        (Some(_), None) => text.len(),
    };
    Some((if negative { n.saturating_neg() } else { n }, end))
}

/// Reads one move (C8.1, C8.4): an optional colour (`B`, `R`, `Blue`,
/// `Red`, any case, optionally followed by `:` or `=`, and by spaces when
/// it is a word or a capital letter), then an optional `-` and digits,
/// then a full stop if the move has a colour. Full-width forms read as
/// ASCII. So `B5`, `b5`, `B 5`, `Blue: 5`, `red=3`, `Ｂ５` and `B5.` read
/// as moves; `+3`, `5.0`, `b 5` (a small letter apart from its number)
/// and `5.` (a move number, C8.5) do not.
///
/// # Errors
/// [`Rejection::Unreadable`] for anything else.
pub fn parse_move(text: &str) -> Result<RawMove, Rejection> {
    let mut rest = text;
    let mut player = None;
    if let Some((p, len, word)) = colour_at(rest) {
        player = Some(p);
        let capital = narrow(rest.chars().next().unwrap_or(' ')).is_ascii_uppercase();
        rest = &rest[len..];
        let mut spaced = false;
        loop {
            match rest.chars().next().map(narrow) {
                Some(':' | '=') => rest = &rest[first_len(rest)..],
                Some(' ' | '\t') => {
                    spaced = true;
                    rest = &rest[first_len(rest)..];
                }
                _ => break,
            }
        }
        if spaced && !word && !capital {
            return Err(Rejection::Unreadable);
        }
    }
    let Some((n, len)) = number_at(rest) else {
        return Err(Rejection::Unreadable);
    };
    let tail = &rest[len..];
    let tail_ok = tail.is_empty() || (player.is_some() && tail.chars().map(narrow).eq(['.']));
    if !tail_ok {
        return Err(Rejection::Unreadable);
    }
    Ok(RawMove { player, value: n })
}

/// A move number as the console's move list writes them (C8.5): digits
/// and a full stop, `12.`.
fn move_number(text: &str) -> Option<i64> {
    let (n, len) = number_at(text)?;
    let tail = &text[len..];
    (n >= 0 && !text.starts_with('-') && tail.chars().map(narrow).eq(['.'])).then_some(n)
}

/// Whether `text` is a colour alone (C8.4), optionally with `:` or `=`,
/// that may join the number written after a space: a word or a capital.
fn colour_alone(text: &str) -> bool {
    match colour_at(text) {
        Some((_, len, word)) => {
            let capital = narrow(text.chars().next().unwrap_or(' ')).is_ascii_uppercase();
            let mut rest = text[len..].chars().map(narrow);
            let sign_or_nothing = match rest.next() {
                None => true,
                Some(':' | '=') => rest.next().is_none(),
                Some(_) => false,
            };
            (word || capital) && sign_or_nothing
        }
        None => false,
    }
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

/// The words of a text: byte ranges between separators, each with
/// whether only spaces and tabs stand between it and the word before.
fn words(text: &str) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut gap_is_space = false;
    for (i, c) in text.char_indices() {
        if is_separator(c) {
            if let Some(s) = start.take() {
                out.push((s, i, gap_is_space));
                gap_is_space = true;
            }
            if !matches!(narrow(c), ' ' | '\t') {
                gap_is_space = false;
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, text.len(), gap_is_space));
    }
    out
}

/// Splits a record into moves and reads each (C8.1): moves are separated
/// by commas and white space, any run of them being one separator; a
/// colour written alone and the number after it on the same line (spaces
/// and tabs between) are one move (C8.4); move numbers before a coloured
/// move (`1. B5 R3  2. B8`) are skipped, each one more than the one before
/// (C8.5). A move number out of turn, or with no coloured move after it,
/// is a move rejected with the reason.
pub fn parse_moves(text: &str) -> Vec<MoveText<'_>> {
    let words = words(text);
    let mut out = Vec::new();
    let mut previous_number: Option<i64> = None;
    let mut i = 0;
    // The move starting at word `i`: its text and how many words it takes
    // (a colour alone, possibly a `:` or `=` alone, then the number, on
    // one line).
    let move_at = |i: usize| -> (&str, usize) {
        let (s, e, _) = words[i];
        let w = &text[s..e];
        if colour_alone(w) {
            for n in 1..=2 {
                let Some(&(_, end, _)) = words.get(i + n) else {
                    break;
                };
                let on_one_line = words[i + 1..=i + n].iter().all(|w| w.2);
                let (ls, le, _) = words[i + n];
                if on_one_line
                    && colour_at(&text[ls..le]).is_none()
                    && parse_move(&text[s..end]).is_ok()
                {
                    return (&text[s..end], n + 1);
                }
            }
        }
        (w, 1)
    };
    while i < words.len() {
        let (s, e, _) = words[i];
        let w = &text[s..e];
        if let Some(n) = move_number(w) {
            let coloured_next = i + 1 < words.len()
                && parse_move(move_at(i + 1).0).is_ok_and(|m| m.player.is_some());
            let expected = previous_number.map(|p| p.saturating_add(1));
            let parsed = if !coloured_next {
                Err(Rejection::MoveNumber {
                    number: n,
                    expected: None,
                })
            } else if expected.is_some_and(|x| x != n) {
                Err(Rejection::MoveNumber {
                    number: n,
                    expected,
                })
            } else {
                previous_number = Some(n);
                i += 1;
                continue;
            };
            previous_number = Some(n);
            out.push(MoveText {
                index: out.len() + 1,
                text: w,
                parsed,
            });
            i += 1;
            continue;
        }
        let (m, taken) = move_at(i);
        out.push(MoveText {
            index: out.len() + 1,
            text: m,
            parsed: parse_move(m),
        });
        i += taken;
    }
    out
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
/// state unchanged and play goes on with the next (C8.2). Invisible
/// characters a forum slipped into the text (zero-width spaces, direction
/// controls) are not read: `B\u{200B}1` is `B1`.
pub fn play_text(state: &mut State, text: &str) -> Vec<Played> {
    let text = console_core::text::visible(text);
    parse_moves(&text)
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
    ///
    /// # Errors
    ///
    /// [`Rejection::OutOfRange`] for a value outside 1 to 8,
    /// [`Rejection::GameOver`] if the game is over, [`Rejection::WrongPlayer`]
    /// if the move names a player who is not to move, and
    /// [`Rejection::NotHeld`] if the mover does not hold the value.
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

    /// Reads [`State::code`].
    ///
    /// # Errors
    ///
    /// A sentence naming the wrong part: not 6 parts, a bad board (see
    /// [`Board::parse`]), a last move that is not `cell/value` or `-`, a hand
    /// that is not 8 digits or has a count above 6, a mover that is not `B` or
    /// `R`, options that are not `[dp][dr]`, or a position
    /// [`State::from_position`] refuses.
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
