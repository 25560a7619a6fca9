//! Depletion-counter penalties (D2.1).

use serde::{Deserialize, Serialize};

/// The penalties of a number of depletion counters (D2.1), each an amount
/// subtracted: `stat` from the attribute (the cap), `roll` from the roll,
/// `outcome` from the result.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Penalties {
    /// Subtracted from the attribute to make the cap.
    pub stat: u32,
    /// Subtracted from the roll.
    pub roll: u32,
    /// Subtracted from the result.
    pub outcome: u32,
}

/// What each penalty level adds (D2.1): (stat, roll, outcome) for levels 1 to 7.
pub const LEVELS: [(u32, u32, u32); 7] = [
    (1, 0, 0),
    (0, 1, 0),
    (0, 0, 1),
    (1, 1, 0),
    (1, 0, 1),
    (0, 1, 1),
    (1, 1, 1),
];

impl Penalties {
    /// The cumulative penalties of `counters` counters (D2.1): level `i`
    /// adds its row of [`LEVELS`]; **Ruling:** every counter past the 7th
    /// counts as level 7 again (-1 to all).
    pub fn of(counters: u32) -> Penalties {
        let mut p = Penalties::default();
        for &(s, r, o) in LEVELS.iter().take(counters.min(7) as usize) {
            p.stat += s;
            p.roll += r;
            p.outcome += o;
        }
        let extra = counters.saturating_sub(7);
        Penalties {
            stat: p.stat.saturating_add(extra),
            roll: p.roll.saturating_add(extra),
            outcome: p.outcome.saturating_add(extra),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(c: u32) -> (u32, u32, u32) {
        let p = Penalties::of(c);
        (p.stat, p.roll, p.outcome)
    }

    #[test]
    fn levels_d2_1() {
        assert_eq!(p(0), (0, 0, 0));
        assert_eq!(p(1), (1, 0, 0));
        assert_eq!(p(2), (1, 1, 0));
        assert_eq!(p(3), (1, 1, 1));
        // The seed's example: 4 counters give -2 stats, -2 rolls, -1 outcomes.
        assert_eq!(p(4), (2, 2, 1));
        assert_eq!(p(5), (3, 2, 2));
        assert_eq!(p(6), (3, 3, 3));
        assert_eq!(p(7), (4, 4, 4));
        assert_eq!(p(8), (5, 5, 5));
        assert_eq!(p(9), (6, 6, 6));
        assert_eq!(Penalties::of(u32::MAX).stat, u32::MAX - 3);
    }
}
