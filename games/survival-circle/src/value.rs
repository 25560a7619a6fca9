//! Token values 1 to 8 (C1.2) and sets of values.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A token value: 1 to 8 (C1.2). Serialised as its number; reading checks
/// the range.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub struct Value(u8);

impl Value {
    /// The value `n`, if `n` is 1 to 8.
    pub const fn new(n: u8) -> Option<Value> {
        if n >= 1 && n <= 8 {
            Some(Value(n))
        } else {
            None
        }
    }

    /// Its number, 1 to 8.
    #[inline(always)]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// 0 to 7: index into per-value arrays (`hands` lists count value 1 first).
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 - 1) as usize
    }

    /// The value at index `i` (0 to 7).
    #[inline(always)]
    pub(crate) const fn from_index(i: u32) -> Value {
        Value(i as u8 + 1)
    }

    /// Every value, 1 first.
    pub fn all() -> impl Iterator<Item = Value> {
        (1..=8).map(Value)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        let n = u8::deserialize(d)?;
        Value::new(n).ok_or_else(|| serde::de::Error::custom(format!("value {n} is not 1 to 8")))
    }
}

/// A set of values as an 8-bit mask (bit `i` is value `i + 1`): what a
/// player may play (C2.1). Serialised as the sorted list of values.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct Values(pub u8);

impl Values {
    /// Whether `v` is in the set.
    #[inline(always)]
    pub fn contains(self, v: Value) -> bool {
        self.0 & (1 << v.index()) != 0
    }

    /// How many values.
    #[inline(always)]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The values in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Value> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros();
            m &= m - 1;
            Some(Value::from_index(i))
        })
    }
}

impl Serialize for Values {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Values {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Values, D::Error> {
        let values = Vec::<Value>::deserialize(d)?;
        Ok(Values(values.iter().fold(0, |m, v| m | 1 << v.index())))
    }
}
