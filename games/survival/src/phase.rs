//! Nights and days, numbered from 1: night 1, day 1, night 2, ... (RULES.md
//! terms).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Night or day.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseKind {
    /// A night: private actions (S3, S4).
    Night,
    /// A day: the public vote (S5, S6).
    Day,
}

/// A phase: night N or day N (N from 1). Night N comes before day N.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
pub struct Phase {
    /// Night or day.
    pub kind: PhaseKind,
    /// The number, from 1.
    pub number: u16,
}

impl Phase {
    /// Night 1, where a dealt game starts.
    pub const FIRST: Phase = Phase {
        kind: PhaseKind::Night,
        number: 1,
    };

    /// Night `n`.
    pub fn night(n: u16) -> Phase {
        Phase {
            kind: PhaseKind::Night,
            number: n,
        }
    }

    /// Day `n`.
    pub fn day(n: u16) -> Phase {
        Phase {
            kind: PhaseKind::Day,
            number: n,
        }
    }

    /// Whether it is a night.
    pub fn is_night(self) -> bool {
        self.kind == PhaseKind::Night
    }

    /// The phase after this one: night N -> day N -> night N+1.
    pub fn next(self) -> Phase {
        match self.kind {
            PhaseKind::Night => Phase::day(self.number),
            PhaseKind::Day => Phase::night(self.number.saturating_add(1)),
        }
    }

    /// The phase's place in the whole game's sequence (night 1 is 0, day 1
    /// is 1, night 2 is 2, ...): the lot of a day draws from stream
    /// `1000 + index` of the seed (S6.5), whatever phase a game started at.
    pub fn index(self) -> u64 {
        2 * u64::from(self.number.saturating_sub(1)) + u64::from(self.kind == PhaseKind::Day)
    }
}

impl Ord for Phase {
    fn cmp(&self, other: &Phase) -> std::cmp::Ordering {
        self.index().cmp(&other.index())
    }
}

impl PartialOrd for Phase {
    fn partial_cmp(&self, other: &Phase) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Phase {
    /// `night 1`, `day 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PhaseKind::Night => write!(f, "night {}", self.number),
            PhaseKind::Day => write!(f, "day {}", self.number),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence() {
        let p = Phase::FIRST;
        assert_eq!(p.to_string(), "night 1");
        assert_eq!(p.next(), Phase::day(1));
        assert_eq!(p.next().next(), Phase::night(2));
        assert_eq!(Phase::night(1).index(), 0);
        assert_eq!(Phase::day(1).index(), 1);
        assert_eq!(Phase::night(2).index(), 2);
        assert_eq!(Phase::day(3).index(), 5);
        assert!(Phase::day(1) < Phase::night(2));
    }
}
