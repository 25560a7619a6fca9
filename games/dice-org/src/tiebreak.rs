//! Ties that matter (D4.4, D7.5): re-rolls among the tied, at most
//! [`MAX_REROLLS`] per tie, then a lot (D11.3). Scores are exact fractions
//! (D4.2: team means are compared exactly).

use crate::dice::{Dice, LotFor, OutOfDice, Purpose};
use crate::roll::PlainRoll;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// **Ruling** (D4.4): after this many re-rolls a tie is settled by lot.
pub const MAX_REROLLS: u32 = 10;

/// An exact score: a whole number or a reduced fraction (team means, D4.2).
/// Written `"7"` or `"31/4"`.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Score {
    num: u64,
    den: u64,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Score {
    /// `num / den`, reduced; `den` 0 is taken as 1.
    pub fn new(num: u64, den: u64) -> Score {
        let den = den.max(1);
        let g = gcd(num, den).max(1);
        Score {
            num: num / g,
            den: den / g,
        }
    }

    /// A whole number.
    pub fn whole(n: u64) -> Score {
        Score { num: n, den: 1 }
    }

    /// Numerator (reduced).
    pub fn num(self) -> u64 {
        self.num
    }

    /// Denominator (reduced, at least 1).
    pub fn den(self) -> u64 {
        self.den
    }
}

impl Score {
    /// The score as a decimal with at most `places` decimal places,
    /// rounded half up, trailing zeros dropped: `9.5`, `10.33`, `7`.
    pub fn decimal(self, places: u32) -> String {
        let scale = 10u128.pow(places);
        let (num, den) = (u128::from(self.num), u128::from(self.den));
        let scaled = (num * scale * 2 + den) / (den * 2);
        let (whole, frac) = (scaled / scale, scaled % scale);
        if frac == 0 {
            return whole.to_string();
        }
        let digits = format!("{frac:0width$}", width = places as usize);
        format!("{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// Scores as decimals for a post (D4.2 team means): exact when they end
/// within two places (`9.5`, `9.25`), else rounded to two (`10.33`); more
/// places when two different scores would read the same, so a post never
/// shows a tie that is not one (and every tie shows as one).
pub fn decimals(scores: &[Score]) -> Vec<String> {
    let mut places = 2;
    loop {
        let out: Vec<String> = scores.iter().map(|s| s.decimal(places)).collect();
        let clash =
            (0..scores.len()).any(|i| (0..i).any(|j| out[i] == out[j] && scores[i] != scores[j]));
        if !clash || places >= 12 {
            return out;
        }
        places += 1;
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        (u128::from(self.num) * u128::from(other.den))
            .cmp(&(u128::from(other.num) * u128::from(self.den)))
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl From<Score> for String {
    fn from(s: Score) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Score {
    type Error = String;
    fn try_from(s: String) -> Result<Score, String> {
        let bad = || format!("{s:?} is not a score (\"7\" or \"31/4\")");
        match s.split_once('/') {
            None => s.trim().parse().map(Score::whole).map_err(|_| bad()),
            Some((n, d)) => {
                let n: u64 = n.trim().parse().map_err(|_| bad())?;
                let d: u64 = d.trim().parse().map_err(|_| bad())?;
                if d == 0 {
                    return Err(bad());
                }
                Ok(Score::new(n, d))
            }
        }
    }
}

/// Which end of a tie matters.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Want {
    /// The highest (the winner of a competition).
    Highest,
    /// The lowest (the team that votes; the player out of a roll-off).
    Lowest,
}

/// One re-roll round: the tied contenders' new scores (D4.4).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Reroll {
    /// The re-roll round within the step, from 1.
    pub round: u32,
    /// Which end of the tie it breaks.
    pub want: Want,
    /// The contenders that rolled and their scores, in roll order.
    pub scores: Vec<(String, Score)>,
}

/// A lot (D11.3): each rolls a plain 3d6 in name order; the highest is
/// chosen; ties roll again among the highest.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Lot {
    /// What the one chosen gets.
    pub settles: LotFor,
    /// Each round: (name, roll) in name order.
    pub rounds: Vec<Vec<(String, PlainRoll)>>,
    /// The one chosen.
    pub chosen: String,
}

/// Draws a lot among `names` (D11.3); returns the index (into `names`) of
/// the one chosen.
///
/// # Errors
///
/// An [`OutOfDice`] if the dice run out before one name is left.
pub fn lot(names: &[String], settles: LotFor, dice: &mut Dice) -> Result<(usize, Lot), OutOfDice> {
    let mut order: Vec<usize> = (0..names.len()).collect();
    crate::order::sort_by(&mut order, |&a, &b| names[a].cmp(&names[b]));
    let mut rounds = Vec::new();
    let mut round = 0u32;
    while order.len() > 1 {
        round += 1;
        let mut rolls = Vec::with_capacity(order.len());
        for &i in &order {
            let d = dice.three(&names[i], Purpose::Lot { settles, round })?;
            rolls.push((i, PlainRoll::of(d)));
        }
        let best = rolls.iter().map(|r| r.1.total).max().unwrap_or(0);
        order = rolls
            .iter()
            .filter(|r| r.1.total == best)
            .map(|r| r.0)
            .collect();
        rounds.push(
            rolls
                .into_iter()
                .map(|(i, r)| (names[i].clone(), r))
                .collect(),
        );
    }
    let chosen = order.first().copied().unwrap_or(0);
    Ok((
        chosen,
        Lot {
            settles,
            rounds,
            chosen: names.get(chosen).cloned().unwrap_or_default(),
        },
    ))
}

/// The contenders of `among` whose score list (compared element by
/// element) is the extreme `want` asks for.
pub fn extreme(keys: &[Vec<Score>], among: &[usize], want: Want) -> Vec<usize> {
    let best =
        among
            .iter()
            .map(|&i| &keys[i])
            .fold(None, |acc: Option<&Vec<Score>>, k| match acc {
                None => Some(k),
                Some(a) => Some(match (want, k.cmp(a)) {
                    (Want::Highest, Ordering::Greater) | (Want::Lowest, Ordering::Less) => k,
                    _ => a,
                }),
            });
    among
        .iter()
        .copied()
        .filter(|&i| Some(&keys[i]) == best)
        .collect()
}

/// What breaking one tie took.
#[derive(Clone, Eq, PartialEq, Debug, Default)]
pub struct Broken {
    /// Re-roll rounds (D4.4).
    pub rerolls: Vec<Reroll>,
    /// The lot after [`MAX_REROLLS`] re-rolls, if one was needed.
    pub lot: Option<Lot>,
}

/// Rolls the given contenders (indices, in roll order) for a re-roll round
/// and returns their scores in the same order.
pub type Reroller<'a> = dyn FnMut(&[usize], u32, &mut Dice) -> Result<Vec<Score>, OutOfDice> + 'a;

/// The contenders of one step's ties: their names and score lists (the
/// first score, then one per re-roll they took part in), and the re-roll
/// rounds so far.
#[derive(Clone, Debug)]
pub struct Contest {
    /// Score lists, compared element by element.
    pub keys: Vec<Vec<Score>>,
    /// Names (for lots and reports).
    pub names: Vec<String>,
    /// Re-roll rounds so far in the step.
    pub round: u32,
}

impl Contest {
    /// Contenders with their first scores.
    pub fn new(names: Vec<String>, first: &[Score]) -> Contest {
        Contest {
            keys: first.iter().map(|&s| vec![s]).collect(),
            names,
            round: 0,
        }
    }

    /// Those of `among` at the extreme `want` asks for.
    pub fn extreme(&self, among: &[usize], want: Want) -> Vec<usize> {
        extreme(&self.keys, among, want)
    }

    /// Breaks a tie among `tied` (in roll order) for `want` (D4.4): the
    /// tied re-roll through `reroll`; after each re-roll only those still
    /// tied roll again; after [`MAX_REROLLS`] re-rolls a lot among those
    /// still tied. Each re-roll's score is appended to the contender's key,
    /// so later ties (the lowest after the highest) see the order re-rolls
    /// made. Returns the one chosen.
    ///
    /// # Errors
    ///
    /// An [`OutOfDice`] if the dice run out during the re-rolls or the lot.
    pub fn break_tie(
        &mut self,
        tied: Vec<usize>,
        want: Want,
        settles: LotFor,
        dice: &mut Dice,
        reroll: &mut Reroller,
    ) -> Result<(usize, Broken), OutOfDice> {
        break_tie(tied, want, settles, self, dice, reroll)
    }
}

fn break_tie(
    mut tied: Vec<usize>,
    want: Want,
    settles: LotFor,
    contest: &mut Contest,
    dice: &mut Dice,
    reroll: &mut Reroller,
) -> Result<(usize, Broken), OutOfDice> {
    let Contest { keys, names, round } = contest;
    let mut broken = Broken::default();
    let mut n = 0;
    while tied.len() > 1 {
        if n == MAX_REROLLS {
            let tied_names: Vec<String> = tied.iter().map(|&i| names[i].clone()).collect();
            let (k, l) = lot(&tied_names, settles, dice)?;
            broken.lot = Some(l);
            return Ok((tied[k], broken));
        }
        n += 1;
        *round += 1;
        let scores = reroll(&tied, *round, dice)?;
        for (&i, &s) in tied.iter().zip(&scores) {
            keys[i].push(s);
        }
        broken.rerolls.push(Reroll {
            round: *round,
            want,
            scores: tied
                .iter()
                .zip(&scores)
                .map(|(&i, &s)| (names[i].clone(), s))
                .collect(),
        });
        tied = extreme(keys.as_slice(), &tied, want);
    }
    Ok((tied[0], broken))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DiceList;

    #[test]
    fn scores_compare_exactly() {
        assert!(Score::new(20, 3) > Score::new(13, 2));
        assert_eq!(Score::new(14, 2), Score::whole(7));
        assert_eq!(Score::new(31, 4).to_string(), "31/4");
        assert_eq!(Score::new(62, 8).to_string(), "31/4");
        assert_eq!(Score::try_from("31/4".to_string()), Ok(Score::new(31, 4)));
        assert!(Score::try_from("1/0".to_string()).is_err());
    }

    #[test]
    fn scores_read_as_decimals_in_posts() {
        assert_eq!(Score::new(19, 2).decimal(2), "9.5");
        assert_eq!(Score::new(37, 4).decimal(2), "9.25");
        assert_eq!(Score::new(31, 3).decimal(2), "10.33");
        assert_eq!(Score::new(32, 3).decimal(2), "10.67");
        assert_eq!(Score::new(2, 3).decimal(2), "0.67");
        assert_eq!(Score::new(1, 200).decimal(2), "0.01");
        assert_eq!(Score::whole(7).decimal(2), "7");
        assert_eq!(Score::new(999, 1000).decimal(2), "1");
        // 67/8 and 109/13 both read 8.38 at two places: three then.
        let d = decimals(&[Score::new(67, 8), Score::new(109, 13), Score::new(67, 8)]);
        assert_eq!(d, ["8.375", "8.385", "8.375"]);
        assert_eq!(
            decimals(&[Score::new(19, 2), Score::whole(9)]),
            ["9.5", "9"]
        );
    }

    #[test]
    fn a_lot_rolls_in_name_order_and_again_among_the_highest() {
        let names: Vec<String> = ["Cid", "Ann", "Bob"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // Ann 6+6+6, Bob 6+6+6, Cid 1+1+1; then Ann 1+1+1, Bob 2+2+2.
        let mut list = DiceList::new(&[6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 2, 2, 2]).unwrap();
        let mut dice = Dice::new(&mut list);
        let (i, l) = lot(&names, LotFor::Rocks, &mut dice).unwrap();
        assert_eq!(names[i], "Bob");
        assert_eq!(l.rounds.len(), 2);
        assert_eq!(l.rounds[0][0].0, "Ann");
        assert_eq!(l.rounds[0][2].0, "Cid");
        assert_eq!(dice.log()[0].why.who, "Ann");
    }
}
