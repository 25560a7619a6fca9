//! Cells of the circle (C1.1) and sets of cells.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The number of cells on the circle (C1.1).
pub const CELLS: u8 = 16;

/// A cell of the circle: 0 to 15, numbered clockwise (C1.1). Serialised as
/// its number; reading checks the range.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// Cell 0, where the first token of the game lands (C3.1).
    pub const ZERO: Cell = Cell(0);

    /// The cell numbered `n`, if `n` is 0 to 15.
    pub const fn new(n: u8) -> Option<Cell> {
        if n < CELLS { Some(Cell(n)) } else { None }
    }

    /// Its number, 0 to 15.
    #[inline(always)]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The cell `steps` cells clockwise (C3.2: `(p + v) mod 16`).
    #[inline(always)]
    pub const fn plus(self, steps: u8) -> Cell {
        Cell((self.0 + steps) & 15)
    }

    /// The cell's bit in a 16-bit mask.
    #[inline(always)]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// Every cell, 0 first.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let n = u8::deserialize(d)?;
        Cell::new(n).ok_or_else(|| serde::de::Error::custom(format!("cell {n} is not 0 to 15")))
    }
}

/// A set of cells as a 16-bit mask (bit `i` is cell `i`). Serialised as the
/// sorted list of cell numbers.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct Cells(pub u16);

impl Cells {
    /// No cell.
    pub const EMPTY: Cells = Cells(0);

    /// Whether `cell` is in the set.
    #[inline(always)]
    pub fn contains(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }

    /// How many cells.
    #[inline(always)]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cells in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        Cell::all().filter(move |c| self.contains(*c))
    }
}

impl Serialize for Cells {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Cells {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cells, D::Error> {
        let cells = Vec::<Cell>::deserialize(d)?;
        Ok(Cells(cells.iter().fold(0, |m, c| m | c.bit())))
    }
}
