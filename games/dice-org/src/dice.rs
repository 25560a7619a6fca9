//! Where dice come from (D1.4, D11): a [`DiceSource`] the engine is given
//! (the season's seeded generator in the app, a case's `dice` list in the
//! catalogue), drawn strictly in the order of D11, every die logged with
//! the action that drew it so the producers can audit any result.

use crate::roll::RollKind;
use console_core::rng::{GameRng, RngState};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a die was drawn for (the dice log's second column).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum Purpose {
    /// An attribute roll at setup (D1.2).
    Attribute {
        /// Which attribute.
        attribute: RollKind,
    },
    /// A competition roll (D4); `reroll` 0 is the first roll, then the
    /// re-roll round (D4.4).
    Competition {
        /// 0 for the first roll, else the re-roll round.
        reroll: u32,
    },
    /// A gathering (survival) roll at camp (D5.2).
    Gathering,
    /// A bonus roll at camp (D5.4).
    Bonus,
    /// A survival roll-off after a deadlocked vote (D7.5); `reroll` as for
    /// competitions.
    RollOff {
        /// 0 for the first roll, else the re-roll round.
        reroll: u32,
    },
    /// A lot (D11.3); `round` counts from 1 (ties roll again).
    Lot {
        /// Which tie the lot settles.
        settles: LotFor,
        /// The lot's round, from 1.
        round: u32,
    },
}

/// Which tie a lot settles (D11.3).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LotFor {
    /// The highest of a competition after 10 re-rolls (D4.4): the one
    /// chosen wins.
    CompetitionHighest,
    /// The lowest team of a competition after 10 re-rolls (D4.4): the one
    /// chosen goes to the vote.
    CompetitionLowest,
    /// A survival roll-off after 10 re-rolls (D7.5): the one chosen is out.
    RollOff,
    /// Rocks (D7.5): the one chosen is out.
    Rocks,
    /// A final vote still tied after the jurors' revote (D8.2): the one
    /// chosen wins.
    Final,
}

impl LotFor {
    /// What the lot settles, in words for the log.
    pub fn words(self) -> &'static str {
        match self {
            LotFor::CompetitionHighest => "the competition's highest",
            LotFor::CompetitionLowest => "the competition's lowest",
            LotFor::RollOff => "the survival roll-off",
            LotFor::Rocks => "rocks",
            LotFor::Final => "the final",
        }
    }
}

/// Why a die was drawn: who rolled it and for what.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct DieUse {
    /// The player (or, for a lot between teams, the team) rolling.
    pub who: String,
    /// What the roll is for.
    #[serde(flatten)]
    pub purpose: Purpose,
}

impl fmt::Display for DieUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.purpose {
            Purpose::Attribute { attribute } => write!(
                f,
                "{}: {} attribute",
                self.who,
                match attribute {
                    RollKind::Competition => "Competition",
                    RollKind::Survival => "Survival",
                }
            ),
            Purpose::Competition { reroll: 0 } => write!(f, "{}: competition roll", self.who),
            Purpose::Competition { reroll } => {
                write!(f, "{}: competition re-roll {reroll}", self.who)
            }
            Purpose::Gathering => write!(f, "{}: gathering roll", self.who),
            Purpose::Bonus => write!(f, "{}: bonus roll", self.who),
            Purpose::RollOff { reroll: 0 } => write!(f, "{}: survival roll-off", self.who),
            Purpose::RollOff { reroll } => {
                write!(f, "{}: survival roll-off re-roll {reroll}", self.who)
            }
            Purpose::Lot { settles, round } => {
                write!(f, "{}: lot ({}), round {round}", self.who, settles.words())
            }
        }
    }
}

/// The dice ran out (a case with too few dice is broken).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct OutOfDice {
    /// Dice drawn before.
    pub drawn: usize,
    /// The die that was wanted.
    pub wanted: DieUse,
}

impl fmt::Display for OutOfDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "too few dice: die {} is needed for {}",
            self.drawn + 1,
            self.wanted
        )
    }
}

impl std::error::Error for OutOfDice {}

/// A source of six-sided dice (D1.4). Each call returns one die, 1 to 6.
pub trait DiceSource {
    /// The next die, drawn for `why`.
    ///
    /// # Errors
    ///
    /// An [`OutOfDice`] when the source has no die left (a finite list); a
    /// seeded source never runs out.
    fn die(&mut self, why: &DieUse) -> Result<u8, OutOfDice>;

    /// The next die of generator stream `stream` (a player's own camp
    /// stream, D11.1). A source with one order of dice (a case's list)
    /// gives its next die: the order of D11.1 is the order of the list.
    ///
    /// # Errors
    ///
    /// As [`DiceSource::die`].
    fn die_of(&mut self, stream: u64, why: &DieUse) -> Result<u8, OutOfDice> {
        let _ = stream;
        self.die(why)
    }
}

/// Dice from a fixed list (a case's `dice`), in order.
#[derive(Clone, Debug)]
pub struct DiceList {
    dice: Vec<u8>,
    next: usize,
}

/// A die outside 1 to 6 in a list: its 0-based index and value.
#[derive(Clone, Copy, Eq, PartialEq, Debug)]
pub struct BadDie(pub usize, pub i64);

impl fmt::Display for BadDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "die {} is {}: a die is 1 to 6", self.0 + 1, self.1)
    }
}

impl DiceList {
    /// A list of dice, each 1 to 6.
    ///
    /// # Errors
    ///
    /// A [`BadDie`] (its 0-based index and value) for the first die outside 1
    /// to 6.
    pub fn new(dice: &[i64]) -> Result<DiceList, BadDie> {
        let mut out = Vec::with_capacity(dice.len());
        for (i, &d) in dice.iter().enumerate() {
            if !(1..=6).contains(&d) {
                return Err(BadDie(i, d));
            }
            out.push(d as u8);
        }
        Ok(DiceList { dice: out, next: 0 })
    }

    /// Dice not drawn yet.
    pub fn left(&self) -> usize {
        self.dice.len() - self.next
    }
}

impl DiceSource for DiceList {
    fn die(&mut self, why: &DieUse) -> Result<u8, OutOfDice> {
        match self.dice.get(self.next) {
            Some(&d) => {
                self.next += 1;
                Ok(d)
            }
            None => Err(OutOfDice {
                drawn: self.next,
                wanted: why.clone(),
            }),
        }
    }
}

/// Dice from the season's seeded generator (D1.4): never runs out.
#[derive(Clone, Debug)]
pub struct SeededDice {
    seed: u64,
    rng: GameRng,
    /// Other streams drawn from (D11.1: a player's camp dice), each from
    /// its start when first drawn.
    side: Vec<(u64, GameRng)>,
}

/// The generator stream of a season's dice (D11); other purposes use other
/// streams of the same seed (see [`crate::season`]).
pub const DICE_STREAM: u64 = 0;

/// Player `slot`'s camp dice in round `round` (D11.1) come from stream
/// `CAMP_STREAMS + round * 2^16 + slot` (no other stream is that high).
pub const CAMP_STREAMS: u64 = 1 << 32;

/// The stream of player `slot`'s camp dice in round `round` (D11.1).
pub fn camp_stream(round: u32, slot: usize) -> u64 {
    CAMP_STREAMS + (u64::from(round) << 16) + slot as u64
}

impl SeededDice {
    /// The dice of `seed` from the start.
    pub fn new(seed: u64) -> SeededDice {
        SeededDice {
            seed,
            rng: GameRng::stream(seed, DICE_STREAM),
            side: Vec::new(),
        }
    }

    /// The dice at a saved position.
    pub fn at(state: RngState) -> SeededDice {
        SeededDice {
            seed: state.seed,
            rng: GameRng::from_state(state),
            side: Vec::new(),
        }
    }

    /// Where the season's dice stream stands, for a save file (the
    /// camp streams are drawn from their start in their one camp).
    pub fn state(&self) -> RngState {
        self.rng.state(self.seed)
    }
}

impl DiceSource for SeededDice {
    fn die(&mut self, _why: &DieUse) -> Result<u8, OutOfDice> {
        Ok(self.rng.die())
    }

    fn die_of(&mut self, stream: u64, _why: &DieUse) -> Result<u8, OutOfDice> {
        let k = match self.side.iter().position(|(s, _)| *s == stream) {
            Some(k) => k,
            None => {
                self.side.push((stream, GameRng::stream(self.seed, stream)));
                self.side.len() - 1
            }
        };
        Ok(self.side[k].1.die())
    }
}

/// One die of the log: its value and why it was drawn.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct LoggedDie {
    /// 1 to 6.
    pub value: u8,
    /// Who rolled it, for what.
    #[serde(flatten)]
    pub why: DieUse,
}

/// A dice source with its log: what every step draws from.
pub struct Dice<'a> {
    source: &'a mut dyn DiceSource,
    log: Vec<LoggedDie>,
}

impl<'a> Dice<'a> {
    /// Draws from `source`, logging every die.
    pub fn new(source: &'a mut dyn DiceSource) -> Dice<'a> {
        Dice {
            source,
            log: Vec::new(),
        }
    }

    /// One die.
    ///
    /// # Errors
    ///
    /// An [`OutOfDice`] when the source has no die left.
    pub fn die(&mut self, why: &DieUse) -> Result<u8, OutOfDice> {
        let d = self.source.die(why)?;
        debug_assert!((1..=6).contains(&d));
        self.log.push(LoggedDie {
            value: d,
            why: why.clone(),
        });
        Ok(d)
    }

    /// Three dice for one roll, in order.
    ///
    /// # Errors
    ///
    /// An [`OutOfDice`] when the source runs out before the third die (the dice
    /// drawn before stay in the log).
    pub fn three(&mut self, who: &str, purpose: Purpose) -> Result<[u8; 3], OutOfDice> {
        self.three_of(None, who, purpose)
    }

    /// Three dice for one roll from generator stream `stream` (D11.1: a
    /// player's camp stream), or from the source's one order with `None`.
    ///
    /// # Errors
    ///
    /// As [`Dice::three`].
    pub fn three_of(
        &mut self,
        stream: Option<u64>,
        who: &str,
        purpose: Purpose,
    ) -> Result<[u8; 3], OutOfDice> {
        let why = DieUse {
            who: who.to_string(),
            purpose,
        };
        let mut out = [0; 3];
        for d in &mut out {
            let v = match stream {
                Some(k) => self.source.die_of(k, &why)?,
                None => self.source.die(&why)?,
            };
            debug_assert!((1..=6).contains(&v));
            self.log.push(LoggedDie {
                value: v,
                why: why.clone(),
            });
            *d = v;
        }
        Ok(out)
    }

    /// The dice drawn so far, in order.
    pub fn log(&self) -> &[LoggedDie] {
        &self.log
    }

    /// The log, taken.
    pub fn into_log(self) -> Vec<LoggedDie> {
        self.log
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_run_out_and_refuse_bad_dice() {
        assert_eq!(DiceList::new(&[1, 7]).unwrap_err(), BadDie(1, 7));
        assert!(DiceList::new(&[0]).is_err());
        let mut list = DiceList::new(&[1, 2, 3, 4]).unwrap();
        let mut dice = Dice::new(&mut list);
        assert_eq!(dice.three("Ann", Purpose::Gathering).unwrap(), [1, 2, 3]);
        let e = dice.three("Bob", Purpose::Bonus).unwrap_err();
        assert_eq!(e.drawn, 4);
        assert!(e.to_string().contains("die 5"), "{e}");
        assert_eq!(dice.log().len(), 4);
        assert_eq!(dice.log()[3].why.who, "Bob");
    }

    #[test]
    fn seeded_dice_resume_from_a_saved_position() {
        let mut a = SeededDice::new(42);
        let why = DieUse {
            who: "x".into(),
            purpose: Purpose::Bonus,
        };
        for _ in 0..7 {
            a.die(&why).unwrap();
        }
        let mut b = SeededDice::at(a.state());
        for _ in 0..20 {
            let d = a.die(&why).unwrap();
            assert!((1..=6).contains(&d));
            assert_eq!(d, b.die(&why).unwrap());
        }
    }
}
