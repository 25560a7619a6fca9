//! The transposition table: buckets of two 16-byte entries keyed by the
//! whole packed position (no false hits), one kept by depth and one always
//! replaced.

/// The bound an entry's score is.
pub(crate) const LOWER: u8 = 1;
pub(crate) const UPPER: u8 = 2;
pub(crate) const EXACT_BOUND: u8 = 3;

/// One entry: the full key (`k1`, and the low 24 bits of `k2`), the
/// generation in the top byte of `k2`, the score, the depth and
/// `bound | move << 2` (move 0: none, else the value).
#[derive(Copy, Clone, Default)]
#[repr(C)]
pub(crate) struct Entry {
    k1: u64,
    k2: u32,
    pub score: i16,
    pub depth: u8,
    meta: u8,
}

impl Entry {
    #[inline(always)]
    pub fn bound(&self) -> u8 {
        self.meta & 3
    }

    #[inline(always)]
    pub fn best(&self) -> u8 {
        self.meta >> 2
    }
}

pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

const KEY2: u32 = 0x00ff_ffff;

#[inline(always)]
fn index(k1: u64, k2: u32, mask: usize) -> usize {
    let h =
        k1.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(k2).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    ((h ^ (h >> 29)) as usize) & mask & !1
}

impl Table {
    /// A table of about `bytes` bytes (a power of two entries, at least 2).
    pub fn new(bytes: usize) -> Table {
        let n = (bytes / std::mem::size_of::<Entry>()).max(2);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            generation: 1,
        }
    }

    /// The size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Starts a new search: older entries are replaced first.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline(always)]
    pub fn probe(&self, k1: u64, k2: u32) -> Option<Entry> {
        let i = index(k1, k2, self.mask);
        let b = &self.entries[i..i + 2];
        for e in b {
            if e.k1 == k1 && e.k2 & KEY2 == k2 && e.meta != 0 {
                return Some(*e);
            }
        }
        None
    }

    #[inline(always)]
    pub fn store(&mut self, k1: u64, k2: u32, score: i32, depth: u8, bound: u8, best: u8) {
        let i = index(k1, k2, self.mask);
        let generation = self.generation;
        let entry = Entry {
            k1,
            k2: k2 | u32::from(generation) << 24,
            score: score as i16,
            depth,
            meta: bound | best << 2,
        };
        let b = &mut self.entries[i..i + 2];
        // Same position: replace where it is (keeping a known best move).
        for e in b.iter_mut() {
            if e.k1 == k1 && e.k2 & KEY2 == k2 {
                if depth >= e.depth || bound == EXACT_BOUND || (e.k2 >> 24) as u8 != generation {
                    let best = if best == 0 { e.best() } else { best };
                    *e = Entry {
                        meta: bound | best << 2,
                        ..entry
                    };
                }
                return;
            }
        }
        // The first slot keeps the deepest entry of this search, the second
        // takes the rest.
        let first = b[0];
        if (first.k2 >> 24) as u8 != generation || depth >= first.depth {
            b[1] = first;
            b[0] = entry;
        } else {
            b[1] = entry;
        }
    }
}
