//! Competition and survival rolls (D2.2), RP boosts (D2.3), plain 3d6
//! (D2.4), and the exact odds of a roll for the app's chart.

use crate::penalty::Penalties;
use serde::{Deserialize, Serialize};

/// Which attribute a roll is made against (D1.2, D2.2).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RollKind {
    /// A competition roll (D4), capped by Competition.
    Competition,
    /// A survival roll (D5.2, D7.5), capped by Survival.
    Survival,
}

/// An RP boost (D2.3): 1 RP for +2, 3 RP for +7. Written as the bonus, `2`
/// or `7`.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Boost {
    /// +2 for 1 RP.
    Two,
    /// +7 for 3 RP.
    Seven,
}

impl Boost {
    /// What it adds to the roll.
    pub fn bonus(self) -> i64 {
        match self {
            Boost::Two => 2,
            Boost::Seven => 7,
        }
    }

    /// What it costs in RP.
    pub fn cost(self) -> u32 {
        match self {
            Boost::Two => 1,
            Boost::Seven => 3,
        }
    }
}

impl TryFrom<u8> for Boost {
    type Error = String;
    fn try_from(n: u8) -> Result<Boost, String> {
        match n {
            2 => Ok(Boost::Two),
            7 => Ok(Boost::Seven),
            _ => Err(format!("a boost is 2 (for 1 RP) or 7 (for 3 RP), not {n}")),
        }
    }
}

impl From<Boost> for u8 {
    fn from(b: Boost) -> u8 {
        b.bonus() as u8
    }
}

/// The blind deduction (D4.1 deduct 3 for 1 RP; D5.2 deduct 3 for a bonus
/// roll), in roll points.
pub const BLIND_DEDUCTION: u32 = 3;

/// The informed deduction at camp (D5.2 deduct 5 for 1 RP), in roll points.
pub const INFORMED_DEDUCTION: u32 = 5;

/// The options of one roll, as the odds chart and the roll itself see
/// them: blind modifiers act on the roll under the cap, informed ones on
/// the result (D2.2).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RollOptions {
    /// Blind -3 (D4.1 deduct for 1 RP; D5.2 deduct for a bonus roll).
    pub minus3: bool,
    /// An RP boost (D2.3), blind.
    pub boost: Option<Boost>,
    /// Informed -5 (D5.2 deduct for 1 RP), survival rolls at camp only.
    pub minus5: bool,
}

impl RollOptions {
    /// The sum of the blind modifiers.
    pub fn blind(&self) -> i64 {
        -i64::from(BLIND_DEDUCTION) * i64::from(self.minus3) + self.boost.map_or(0, Boost::bonus)
    }

    /// The sum of the informed modifiers.
    pub fn informed(&self) -> i64 {
        -i64::from(INFORMED_DEDUCTION) * i64::from(self.minus5)
    }
}

/// One competition or survival roll with every step of D2.2, so the report
/// can say why the result is what it is.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Roll {
    /// Competition or survival.
    pub kind: RollKind,
    /// The three dice, in the order drawn.
    pub dice: [u8; 3],
    /// Their sum, 3 to 18.
    pub raw: u32,
    /// Blind modifiers (-3, +2, +7 summed).
    pub blind: i64,
    /// The roll penalty of the player's counters (D2.1).
    pub roll_penalty: u32,
    /// `max(1, raw + blind - roll penalty)`.
    pub roll: i64,
    /// The attribute rolled against.
    pub attribute: u8,
    /// The stat penalty (D2.1).
    pub stat_penalty: u32,
    /// `max(1, attribute - stat penalty)`.
    pub cap: i64,
    /// Whether the cap cut the roll.
    pub capped: bool,
    /// The outcome penalty (D2.1).
    pub outcome_penalty: u32,
    /// Informed modifiers (-5).
    pub informed: i64,
    /// `max(0, min(roll, cap) - outcome penalty + informed)`.
    pub result: u32,
}

/// D2.2 for three dice: `raw` = their sum; `roll` = max(1, raw + blind -
/// roll penalty); `cap` = max(1, attribute - stat penalty); `result` =
/// max(0, min(roll, cap) - outcome penalty + informed).
pub fn roll(
    kind: RollKind,
    attribute: u8,
    counters: u32,
    options: RollOptions,
    dice: [u8; 3],
) -> Roll {
    let p = Penalties::of(counters);
    let raw: u32 = dice.iter().map(|&d| u32::from(d)).sum();
    let blind = options.blind();
    let informed = options.informed();
    let rolled = (i64::from(raw) + blind - i64::from(p.roll)).max(1);
    let cap = (i64::from(attribute) - i64::from(p.stat)).max(1);
    let result = (rolled.min(cap) - i64::from(p.outcome) + informed).max(0);
    Roll {
        kind,
        dice,
        raw,
        blind,
        roll_penalty: p.roll,
        roll: rolled,
        attribute,
        stat_penalty: p.stat,
        cap,
        capped: rolled > cap,
        outcome_penalty: p.outcome,
        informed,
        result: result as u32,
    }
}

/// A plain 3d6 (D2.4): bonus rolls, lots and attribute rolls.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct PlainRoll {
    /// The dice in the order drawn.
    pub dice: [u8; 3],
    /// Their sum, 3 to 18.
    pub total: u32,
}

impl PlainRoll {
    /// The roll of these dice.
    pub fn of(dice: [u8; 3]) -> PlainRoll {
        PlainRoll {
            dice,
            total: dice.iter().map(|&d| u32::from(d)).sum(),
        }
    }
}

/// How many of the 216 ordered throws of 3d6 give each sum 0 to 18.
pub const SUM_COUNTS: [u32; 19] = [
    0, 0, 0, 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1,
];

/// The exact distribution of a roll's result (for the app's odds chart):
/// `counts[r]` is how many of the 216 throws give result `r`.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Odds {
    /// Index = result, 0 up to the largest possible result.
    pub counts: Vec<u32>,
}

impl Odds {
    /// Throws (out of 216) giving at least `r`.
    pub fn at_least(&self, r: u32) -> u32 {
        self.counts.iter().skip(r as usize).sum()
    }

    /// The total, always 216.
    pub fn total(&self) -> u32 {
        self.counts.iter().sum()
    }
}

/// The exact odds of a roll against `attribute` with `counters` counters
/// and `options` (D2.1, D2.2): counts out of 216 per result.
pub fn odds(attribute: u8, counters: u32, options: RollOptions) -> Odds {
    let mut counts: Vec<u32> = Vec::new();
    for (raw, &n) in SUM_COUNTS.iter().enumerate().skip(3) {
        // Any three dice with this sum give the same result.
        let a = raw as u8 / 3;
        let rest = raw as u8 - a;
        let dice = [a, rest / 2, rest - rest / 2];
        let r = roll(RollKind::Competition, attribute, counters, options, dice).result as usize;
        if counts.len() <= r {
            counts.resize(r + 1, 0);
        }
        counts[r] += n;
    }
    Odds { counts }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_example_d2_2() {
        // [7, 9] with four counters: competition raw 6 scores 3, survival raw 12 scores 6.
        let r = roll(
            RollKind::Competition,
            7,
            4,
            RollOptions::default(),
            [1, 2, 3],
        );
        assert_eq!((r.roll, r.cap, r.result), (4, 5, 3));
        let r = roll(RollKind::Survival, 9, 4, RollOptions::default(), [4, 4, 4]);
        assert_eq!((r.roll, r.cap, r.result, r.capped), (10, 7, 6, true));
    }

    #[test]
    fn floors() {
        let o = RollOptions {
            minus3: true,
            ..Default::default()
        };
        // raw 3 - 3 - 1 = -1 -> roll 1 (D2.2 floor), cap 9.
        assert_eq!(roll(RollKind::Competition, 10, 2, o, [1, 1, 1]).result, 1);
        // cap floored at 1.
        assert_eq!(
            roll(
                RollKind::Competition,
                1,
                1,
                RollOptions::default(),
                [4, 4, 4]
            )
            .result,
            1
        );
        // result floored at 0.
        assert_eq!(
            roll(
                RollKind::Competition,
                5,
                7,
                RollOptions::default(),
                [6, 6, 6]
            )
            .result,
            0
        );
        let o = RollOptions {
            minus5: true,
            ..Default::default()
        };
        assert_eq!(roll(RollKind::Survival, 4, 0, o, [1, 1, 1]).result, 0);
    }

    #[test]
    fn odds_of_a_plain_capped_roll() {
        let o = odds(18, 0, RollOptions::default());
        assert_eq!(o.total(), 216);
        assert_eq!(&o.counts[3..], &SUM_COUNTS[3..]);
        // Capped at 10: everything from 10 up lands on 10.
        let o = odds(10, 0, RollOptions::default());
        assert_eq!(o.counts.len(), 11);
        assert_eq!(o.counts[10], 27 + 27 + 25 + 21 + 15 + 10 + 6 + 3 + 1);
        assert_eq!(o.at_least(0), 216);
    }
}
