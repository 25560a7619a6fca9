//! Tribes and the tribe grid (R1.2, R6.1).

use crate::options::Adjacency;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most tribes a grid may have: one per letter A-Z.
pub const MAX_TRIBES: usize = 26;

/// Default display names, one per letter (R1.2).
pub const GEMSTONES: [&str; MAX_TRIBES] = [
    "Amethyst",
    "Beryl",
    "Citrine",
    "Diamond",
    "Emerald",
    "Fluorite",
    "Garnet",
    "Heliodor",
    "Iolite",
    "Jade",
    "Kunzite",
    "Lapis",
    "Moonstone",
    "Nephrite",
    "Opal",
    "Peridot",
    "Quartz",
    "Ruby",
    "Sapphire",
    "Topaz",
    "Unakite",
    "Variscite",
    "Wavellite",
    "Xenotime",
    "Yooperlite",
    "Zircon",
];

/// A tribe, by its position in the grid lettered row-major from A (R1.2).
///
/// Serialised as its letter (`"A"`). Whether a tribe is inside a given grid is
/// checked by [`Grid::tribe`].
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "char", into = "char")]
pub struct TribeId(u8);

impl TribeId {
    /// The tribe with this letter (either case), A-Z.
    #[inline(always)]
    pub fn from_letter(c: char) -> Option<TribeId> {
        let c = c.to_ascii_uppercase();
        c.is_ascii_uppercase().then(|| TribeId(c as u8 - b'A'))
    }

    /// The tribe's letter, `'A'..='Z'`.
    pub fn letter(self) -> char {
        (b'A' + self.0) as char
    }

    /// Index 0..[`MAX_TRIBES`] (row-major position in the grid).
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn from_index(i: usize) -> TribeId {
        debug_assert!(i < MAX_TRIBES);
        TribeId(i as u8)
    }
}

impl TryFrom<char> for TribeId {
    type Error = String;
    fn try_from(c: char) -> Result<Self, String> {
        TribeId::from_letter(c).ok_or_else(|| format!("{c:?} is not a tribe letter (A-Z)"))
    }
}

impl From<TribeId> for char {
    fn from(t: TribeId) -> char {
        t.letter()
    }
}

impl fmt::Display for TribeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of tribes (a bit set over the 26 letters).
#[derive(Copy, Clone, Eq, PartialEq, Default, Debug, Hash)]
pub struct TribeSet(u32);

impl TribeSet {
    /// The empty set.
    pub const EMPTY: TribeSet = TribeSet(0);

    /// Whether `t` is in the set.
    #[inline(always)]
    pub fn contains(self, t: TribeId) -> bool {
        self.0 & (1 << t.0) != 0
    }

    /// Adds `t`.
    #[inline(always)]
    pub fn insert(&mut self, t: TribeId) {
        self.0 |= 1 << t.0;
    }

    /// Number of tribes in the set.
    #[inline(always)]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The tribes in the set, in letter order.
    pub fn iter(self) -> impl Iterator<Item = TribeId> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros();
            (i < 32).then(|| {
                bits &= bits - 1;
                TribeId(i as u8)
            })
        })
    }

    /// The tribes of `self` not in `other`.
    pub fn without(self, other: TribeSet) -> TribeSet {
        TribeSet(self.0 & !other.0)
    }
}

impl FromIterator<TribeId> for TribeSet {
    fn from_iter<I: IntoIterator<Item = TribeId>>(iter: I) -> Self {
        let mut s = TribeSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

/// The tribe grid: `rows` x `cols` tribes, 1 to 26 in all, not wrapping (R1.2).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "GridSize", into = "GridSize")]
pub struct Grid {
    rows: u8,
    cols: u8,
}

/// The serialised form of a [`Grid`]: `{"rows": 3, "cols": 4}`.
#[derive(Copy, Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridSize {
    /// Rows, at least 1.
    pub rows: u32,
    /// Columns, at least 1.
    pub cols: u32,
}

/// A grid size that is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError {
    /// Rows asked for.
    pub rows: u32,
    /// Columns asked for.
    pub cols: u32,
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a grid of {} x {} tribes is not allowed: it needs 1 to {MAX_TRIBES} tribes",
            self.rows, self.cols
        )
    }
}

impl std::error::Error for GridError {}

impl TryFrom<GridSize> for Grid {
    type Error = GridError;
    fn try_from(s: GridSize) -> Result<Self, GridError> {
        Grid::new(s.rows, s.cols)
    }
}

impl From<Grid> for GridSize {
    fn from(g: Grid) -> GridSize {
        GridSize {
            rows: g.rows.into(),
            cols: g.cols.into(),
        }
    }
}

impl Default for Grid {
    /// The standard 3 x 4 grid, A-L.
    fn default() -> Self {
        Grid { rows: 3, cols: 4 }
    }
}

impl Grid {
    /// A grid of `rows` x `cols`.
    ///
    /// # Errors
    ///
    /// A [`GridError`] with both numbers unless `rows` and `cols` are at least
    /// 1 and their product is at most [`MAX_TRIBES`].
    pub fn new(rows: u32, cols: u32) -> Result<Grid, GridError> {
        let n = u64::from(rows) * u64::from(cols);
        if rows == 0 || cols == 0 || n > MAX_TRIBES as u64 {
            return Err(GridError { rows, cols });
        }
        Ok(Grid {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// Rows.
    #[inline(always)]
    pub fn rows(self) -> usize {
        self.rows.into()
    }

    /// Columns.
    #[inline(always)]
    pub fn cols(self) -> usize {
        self.cols.into()
    }

    /// Number of tribes, rows x cols.
    #[inline(always)]
    pub fn len(self) -> usize {
        self.rows() * self.cols()
    }

    /// Always false: a grid has at least one tribe.
    pub fn is_empty(self) -> bool {
        false
    }

    /// The tribe with this letter, if it is in the grid.
    #[inline(always)]
    pub fn tribe(self, letter: char) -> Option<TribeId> {
        TribeId::from_letter(letter).filter(|t| t.index() < self.len())
    }

    /// Every tribe of the grid in letter order.
    pub fn tribes(self) -> impl Iterator<Item = TribeId> + Clone {
        (0..self.len()).map(TribeId::from_index)
    }

    /// All tribes of the grid as a set.
    pub fn all(self) -> TribeSet {
        TribeSet(((1u64 << self.len()) - 1) as u32)
    }

    /// (row, column) of a tribe.
    #[inline(always)]
    pub fn coordinates(self, t: TribeId) -> (usize, usize) {
        (t.index() / self.cols(), t.index() % self.cols())
    }

    /// Whether `a` and `b` are adjacent under `adjacency` (R6.1). A tribe is
    /// not adjacent to itself.
    #[inline(always)]
    pub fn adjacent(self, a: TribeId, b: TribeId, adjacency: Adjacency) -> bool {
        let (ar, ac) = self.coordinates(a);
        let (br, bc) = self.coordinates(b);
        let (dr, dc) = (ar.abs_diff(br), ac.abs_diff(bc));
        match adjacency {
            Adjacency::Orthogonal => dr + dc == 1,
            Adjacency::Diagonal => dr <= 1 && dc <= 1 && dr + dc > 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(c: char) -> TribeId {
        TribeId::from_letter(c).unwrap()
    }

    #[test]
    fn adjacency_on_the_standard_grid() {
        let g = Grid::default();
        assert!(g.adjacent(t('A'), t('B'), Adjacency::Orthogonal));
        assert!(g.adjacent(t('A'), t('E'), Adjacency::Orthogonal));
        assert!(!g.adjacent(t('A'), t('F'), Adjacency::Orthogonal));
        assert!(g.adjacent(t('A'), t('F'), Adjacency::Diagonal));
        // no wrapping: D (end of row 1) is not next to E (start of row 2)
        assert!(!g.adjacent(t('D'), t('E'), Adjacency::Orthogonal));
        assert!(!g.adjacent(t('D'), t('E'), Adjacency::Diagonal));
        assert!(!g.adjacent(t('A'), t('A'), Adjacency::Diagonal));
    }

    #[test]
    fn grid_bounds() {
        assert!(Grid::new(0, 4).is_err());
        assert!(Grid::new(6, 5).is_err());
        assert_eq!(Grid::new(2, 13).unwrap().len(), 26);
        assert_eq!(Grid::default().tribe('l'), Some(t('L')));
        assert_eq!(Grid::default().tribe('M'), None);
        assert_eq!(Grid::default().all().len(), 12);
    }
}
