//! The circle (C1.1) and what a landing does to it (C4-C6).

use crate::cell::{CELLS, Cell, Cells};
use crate::options::Options;
use crate::player::Player;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The board: one 16-bit mask per colour (bit `i` is cell `i`). The masks
/// never overlap: a cell holds at most one token (C1.1).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default)]
pub struct Board {
    blue: u16,
    red: u16,
}

/// Why a board text is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Not 16 characters (the number found).
    Length(usize),
    /// A character other than `.`, `B`, `R`: (cell, character).
    Char(u8, char),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Length(n) => write!(f, "a board is 16 cells, not {n}"),
            BoardError::Char(i, c) => {
                write!(f, "cell {i} is {c:?}: each cell is '.', 'B' or 'R'")
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// What the token landed on (C4, C5, C6). Serialised `"empty"`, `"own"`,
/// `"opponent"`.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LandedOn {
    /// An empty cell: the token is placed (C4.1).
    Empty,
    /// One of the mover's tokens (C5).
    Own,
    /// An opposing token (C6).
    Opponent,
}

/// What a landing did to the board (C4-C6).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
pub struct Landing {
    /// Where the token landed (C3).
    pub cell: Cell,
    /// What was there.
    pub landed_on: LandedOn,
    /// Cells whose tokens were removed from the game (C5.2; C6.2
    /// `replace_single`), either colour.
    pub removed: Cells,
    /// Where the played token stayed: the landing cell, or `None` when it was
    /// removed from the game (C5.3, C6.2).
    pub placed: Option<Cell>,
}

/// The rules of C4-C6 on raw masks, from the mover's side: `me` and `opp`
/// after the mover's token lands on `cell` (0-15), with what it landed on,
/// the mask of removed tokens, whether the played token stayed, and the
/// change of the mover's lead (own tokens minus opposing ones on the
/// board). The one implementation of landing, used by [`Board::land`] and
/// by the AI.
#[inline(always)]
pub(crate) fn land_masks(
    me: u16,
    opp: u16,
    cell: u32,
    options: Options,
) -> (u16, u16, LandedOn, u16, bool, i32) {
    let bit = 1u16 << cell;
    if me & bit != 0 {
        // C5.2: the landed-on token and the mover's tokens clockwise of it
        // without a gap; a whole board of one colour goes entirely.
        let run = me.rotate_right(cell).trailing_ones();
        let removed = if run >= 16 {
            u16::MAX
        } else {
            (((1u32 << run) - 1) as u16).rotate_left(cell)
        };
        // C5.3: the played token is discarded, or placed with `place`.
        let place = options.place_own();
        let me = (me & !removed) | if place { bit } else { 0 };
        let gain = i32::from(place) - run.min(16) as i32;
        (me, opp, LandedOn::Own, removed, place, gain)
    } else if opp & bit != 0 {
        // C6.1, C6.2: opposing tokens stay, except a lone one with
        // `replace_single` (no opposing token on either neighbour, C5.1).
        let neighbours = opp.rotate_right(cell) & 0x8002;
        if options.replace_single() && neighbours == 0 {
            (me | bit, opp & !bit, LandedOn::Opponent, bit, true, 2)
        } else {
            (me, opp, LandedOn::Opponent, 0, false, 0)
        }
    } else {
        // C4.1.
        (me | bit, opp, LandedOn::Empty, 0, true, 1)
    }
}

impl Board {
    /// The empty circle.
    pub const EMPTY: Board = Board { blue: 0, red: 0 };

    /// A board from the two masks, if they do not overlap.
    pub fn from_masks(blue: u16, red: u16) -> Option<Board> {
        (blue & red == 0).then_some(Board { blue, red })
    }

    /// Reads 16 characters `.`, `B`, `R`, cell 0 first (C8.3).
    ///
    /// # Errors
    ///
    /// [`BoardError::Length`] unless the text has exactly 16 characters,
    /// [`BoardError::Char`] (with its cell) for the first character that is not
    /// `.`, `B` or `R`.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let n = text.chars().count();
        if n != usize::from(CELLS) {
            return Err(BoardError::Length(n));
        }
        let mut b = Board::EMPTY;
        for (i, c) in text.chars().enumerate() {
            match c {
                '.' => {}
                'B' => b.blue |= 1 << i,
                'R' => b.red |= 1 << i,
                _ => return Err(BoardError::Char(i as u8, c)),
            }
        }
        Ok(b)
    }

    /// The mask of a player's tokens.
    #[inline(always)]
    pub fn mask(self, p: Player) -> u16 {
        match p {
            Player::Blue => self.blue,
            Player::Red => self.red,
        }
    }

    /// The cells holding a player's tokens.
    pub fn cells(self, p: Player) -> Cells {
        Cells(self.mask(p))
    }

    /// The empty cells.
    pub fn empty_cells(self) -> Cells {
        Cells(!(self.blue | self.red))
    }

    /// A player's tokens on the board: their score (C7.1).
    #[inline(always)]
    pub fn count(self, p: Player) -> u8 {
        self.mask(p).count_ones() as u8
    }

    /// Who holds a cell, if anyone.
    pub fn at(self, cell: Cell) -> Option<Player> {
        if self.blue & cell.bit() != 0 {
            Some(Player::Blue)
        } else if self.red & cell.bit() != 0 {
            Some(Player::Red)
        } else {
            None
        }
    }

    /// The board after `mover`'s token lands on `cell`, and what happened
    /// (C4-C6, with the options of C5.3 and C6.2).
    pub fn land(self, mover: Player, cell: Cell, options: Options) -> (Board, Landing) {
        let (me, opp) = (self.mask(mover), self.mask(mover.other()));
        let (me, opp, landed_on, removed, placed, _) =
            land_masks(me, opp, u32::from(cell.get()), options);
        let board = match mover {
            Player::Blue => Board { blue: me, red: opp },
            Player::Red => Board { blue: opp, red: me },
        };
        let landing = Landing {
            cell,
            landed_on,
            removed: Cells(removed),
            placed: placed.then_some(cell),
        };
        (board, landing)
    }
}

impl fmt::Display for Board {
    /// 16 characters, cell 0 first: `.` empty, `B`, `R` (C8.3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in Cell::all() {
            let ch = match self.at(c) {
                None => '.',
                Some(p) => p.letter(),
            };
            write!(f, "{ch}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let text = String::deserialize(d)?;
        Board::parse(&text).map_err(serde::de::Error::custom)
    }
}
