//! A player's hand (C1.2): how many tokens of each value 1 to 8 they still
//! hold, 0 to 6 each.

use crate::value::{Value, Values};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The most tokens of one value a player owns (C1.2).
pub const PER_VALUE: u8 = 6;
/// The tokens a player owns (C1.2): 6 of each of 8 values.
pub const TOKENS: u8 = 48;

/// A hand: the count of each value, 0 to 6, packed three bits per value
/// (value 1 in the lowest bits) so a hand is one `u32` and can never hold
/// more than 6 of a value. Serialised as the 8 counts, value 1 first.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default)]
pub struct Hand(u32);

/// Why a list of counts is not a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// Not 8 counts (the number found).
    Length(usize),
    /// A count above 6: (value, count).
    Count(u8, u64),
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::Length(n) => write!(f, "a hand is 8 counts (values 1 to 8), not {n}"),
            HandError::Count(v, n) => {
                write!(f, "{n} tokens of value {v}: a player owns 6 of each")
            }
        }
    }
}

impl std::error::Error for HandError {}

impl Hand {
    /// The starting hand: six of each value (C1.2).
    pub const FULL: Hand = Hand(0o66666666);
    /// No token.
    pub const EMPTY: Hand = Hand(0);

    /// A hand from its 8 counts (value 1 first), each 0 to 6.
    ///
    /// # Errors
    ///
    /// [`HandError::Length`] unless there are exactly 8 counts,
    /// [`HandError::Count`] (with the value and count) for the first count
    /// above 6.
    pub fn new(counts: &[u64]) -> Result<Hand, HandError> {
        if counts.len() != 8 {
            return Err(HandError::Length(counts.len()));
        }
        let mut h = 0u32;
        for (i, &n) in counts.iter().enumerate() {
            if n > u64::from(PER_VALUE) {
                return Err(HandError::Count(i as u8 + 1, n));
            }
            h |= (n as u32) << (3 * i);
        }
        Ok(Hand(h))
    }

    /// The packed counts (3 bits per value, value 1 lowest).
    #[inline(always)]
    pub(crate) const fn raw(self) -> u32 {
        self.0
    }

    /// How many tokens of value `v`.
    #[inline(always)]
    pub fn count(self, v: Value) -> u8 {
        ((self.0 >> (3 * v.index())) & 7) as u8
    }

    /// The 8 counts, value 1 first.
    pub fn counts(self) -> [u8; 8] {
        let mut out = [0u8; 8];
        for v in Value::all() {
            out[v.index()] = self.count(v);
        }
        out
    }

    /// The number of tokens held.
    pub fn total(self) -> u8 {
        self.counts().iter().sum()
    }

    /// Whether no token is left.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether at least one token of value `v` is left (C2.1).
    #[inline(always)]
    pub fn holds(self, v: Value) -> bool {
        self.count(v) > 0
    }

    /// The values held: what the player may play (C2.1).
    pub fn values(self) -> Values {
        let mut m = 0u8;
        for i in 0..8 {
            if (self.0 >> (3 * i)) & 7 != 0 {
                m |= 1 << i;
            }
        }
        Values(m)
    }

    /// The hand without one token of value `v`, which must be held.
    #[inline(always)]
    pub(crate) fn take(self, v: Value) -> Hand {
        debug_assert!(self.holds(v));
        Hand(self.0 - (1 << (3 * v.index())))
    }

    /// The hand with a token of value `v` given back (undo), which must leave
    /// at most 6 of it.
    #[inline(always)]
    pub(crate) fn put(self, v: Value) -> Hand {
        debug_assert!(self.count(v) < PER_VALUE);
        Hand(self.0 + (1 << (3 * v.index())))
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand{:?}", self.counts())
    }
}

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.counts().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hand, D::Error> {
        let counts = Vec::<u64>::deserialize(d)?;
        Hand::new(&counts).map_err(serde::de::Error::custom)
    }
}
