//! The game's setup (fixed for a whole game) and its position (the state at
//! the start of a round). Plain data; the rules live in `submission` and
//! `adjudicate`.

use crate::options::Options;
use crate::player::{PlayerId, Roster};
use crate::survivor::SurvivorId;
use crate::tribe::{GEMSTONES, Grid, TribeId, TribeSet};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Reads a seed written as a decimal string (version 2) or a number
/// (version 1), as `console_core::save::u64_string` does, with a visitor
/// rather than an untagged enum (which would pull serde's buffering code
/// into the browser build).
fn seed_from_string_or_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    struct Seed;
    impl serde::de::Visitor<'_> for Seed {
        type Value = u64;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a whole number from 0 to 18446744073709551615, as a string or a number")
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<u64, E> {
            v.trim()
                .parse()
                .map_err(|_| E::custom(format!("not a whole number: {v:?}")))
        }
    }
    d.deserialize_any(Seed)
}

/// How a game's first position came about.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// Dealt from the seed (R1.3): the deal commitment and its check apply.
    #[default]
    Deal,
    /// A position entered by the moderator or read from a rules-case file:
    /// a game already under way. There is no deal to commit to or verify;
    /// the seed drives only the round draws (R6.7, R7.3).
    Position,
}

/// Everything fixed for a whole game: players, grid, tribe names, rule
/// options, the seed of the random generator (R1) and how the game started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The players (R1.1).
    pub players: Roster,
    /// The tribe grid (R1.2).
    pub grid: Grid,
    /// One display name per tribe of the grid, in letter order (R1.2).
    pub tribe_names: Vec<String>,
    /// Rule options.
    #[serde(default)]
    pub options: Options,
    /// Seed of the game's generator (R1.5). Secret until the game ends
    /// (R9.2). Written as a decimal string (JSON tools round numbers above
    /// 2^53); a number is read too (version-1 files).
    #[serde(
        serialize_with = "console_core::save::u64_string::serialize",
        deserialize_with = "seed_from_string_or_number"
    )]
    pub seed: u64,
    /// Salt of the seed commitment (`commitment`); revealed with the seed.
    #[serde(default)]
    pub salt: crate::commitment::Salt,
    /// A deal, or a position entered for a game already under way (absent
    /// in version-1 files: a deal).
    #[serde(default)]
    pub origin: Origin,
}

/// Why a [`Setup`] is inconsistent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// `tribe_names` does not have one name per tribe.
    TribeNameCount {
        /// Names needed (tribes in the grid).
        expected: usize,
        /// Names given.
        found: usize,
    },
    /// A blank tribe name, for this tribe.
    BlankTribeName(TribeId),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TribeNameCount { expected, found } => {
                write!(
                    f,
                    "the grid has {expected} tribes but {found} tribe names were given"
                )
            }
            SetupError::BlankTribeName(t) => write!(f, "tribe {t} has a blank name"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// A setup with the default gemstone tribe names.
    pub fn new(players: Roster, grid: Grid, options: Options, seed: u64) -> Setup {
        let tribe_names = GEMSTONES[..grid.len()]
            .iter()
            .map(|s| s.to_string())
            .collect();
        Setup {
            players,
            grid,
            tribe_names,
            options,
            seed,
            salt: Default::default(),
            origin: Origin::Deal,
        }
    }

    /// Checks that there is one non-blank name per tribe.
    ///
    /// # Errors
    ///
    /// [`SetupError::TribeNameCount`] unless there is one name per tribe of the
    /// grid, [`SetupError::BlankTribeName`] for the first tribe whose name is
    /// blank.
    pub fn check(&self) -> Result<(), SetupError> {
        if self.tribe_names.len() != self.grid.len() {
            return Err(SetupError::TribeNameCount {
                expected: self.grid.len(),
                found: self.tribe_names.len(),
            });
        }
        match self
            .grid
            .tribes()
            .find(|t| self.tribe_names[t.index()].trim().is_empty())
        {
            Some(t) => Err(SetupError::BlankTribeName(t)),
            None => Ok(()),
        }
    }

    /// A tribe's display name.
    pub fn tribe_name(&self, t: TribeId) -> &str {
        self.tribe_names.get(t.index()).map_or("", |s| s.as_str())
    }

    /// The tribe an order's tribe word names (R1.2, R3.2): the tribe whose
    /// display name equals `word` ignoring case, else the tribe whose letter
    /// is the first character of `word`. `None` when that is not in the grid.
    pub fn tribe_named(&self, word: &str) -> Option<TribeId> {
        use crate::player::eq_folded;
        let word = crate::order::trim(word);
        let by_letter = word.chars().next().and_then(|c| self.grid.tribe(c));
        // Fast path: the word is the letter, or the name, of the tribe its
        // first character names.
        if let Some(t) = by_letter
            && (word.len() == 1 || eq_folded(word, self.tribe_name(t)))
        {
            return Some(t);
        }
        match self.tribe_names.iter().position(|n| eq_folded(word, n)) {
            Some(i) => Some(TribeId::from_index(i)),
            None => by_letter,
        }
    }
}

/// The two segments in which survivors are eliminated.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Segment {
    /// R4.
    Assassination,
    /// R5.
    Voting,
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Segment::Assassination => "Assassination",
            Segment::Voting => "Voting",
        })
    }
}

/// When something was eliminated, ordered as the game runs (R8.4): before
/// round 1, then by round, then Assassination before Voting.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Moment {
    /// Before round 1 (a player who starts a record with no survivors).
    Start,
    /// A segment of a round.
    Segment {
        /// Round, from 1.
        round: u16,
        /// Segment of that round.
        segment: Segment,
    },
}

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Moment::Start => write!(f, "before the first round"),
            Moment::Segment { round, segment } => {
                write!(f, "in the {segment} segment of round {round}")
            }
        }
    }
}

/// Where a survivor is.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Place {
    /// A member of a tribe.
    Tribe(TribeId),
    /// In no tribe (R7.4).
    Outcast,
    /// Eliminated, and when (R2.3: its controller is then public).
    Eliminated(Moment),
}

impl Place {
    /// Whether the survivor is alive (in a tribe or outcast).
    #[inline(always)]
    pub fn is_alive(self) -> bool {
        !matches!(self, Place::Eliminated(_))
    }

    /// Whether this is membership of tribe `t`.
    #[inline(always)]
    pub fn is_in(self, t: TribeId) -> bool {
        matches!(self, Place::Tribe(u) if u == t)
    }

    /// The tribe, if a member of one.
    pub fn tribe(self) -> Option<TribeId> {
        match self {
            Place::Tribe(t) => Some(t),
            _ => None,
        }
    }
}

/// One survivor: who controls it and where it is.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Survivor {
    /// The survivor's ID.
    pub id: SurvivorId,
    /// Its controller (secret while it lives, R2.3).
    pub controller: PlayerId,
    /// Where it is.
    pub place: Place,
}

/// A player's idols and garnets (R1.4, R5.4).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Holdings {
    /// Idols held.
    pub idols: u32,
    /// Garnet balance.
    pub garnets: u32,
    /// Idols bought so far (sets the next price).
    pub purchases: u32,
}

impl Holdings {
    /// Garnets the next idol purchase costs: 3, 5, 7, ... (R5.4).
    pub fn next_price(self) -> u32 {
        3u32.saturating_add(self.purchases.saturating_mul(2))
    }
}

/// The state of a game at the start of a round (or at its end, once over).
///
/// Survivors are stored in a table indexed by ID; serialised as a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "PositionData", into = "PositionData")]
pub struct Position {
    pub(crate) round: u16,
    pub(crate) survivors: Vec<Option<Survivor>>,
    pub(crate) removed: TribeSet,
    pub(crate) holdings: Vec<Holdings>,
    pub(crate) eliminated_at: Vec<Option<Moment>>,
    pub(crate) garnet_award: Option<GarnetAward>,
    pub(crate) alive_at_round_start: Vec<u32>,
    pub(crate) game_over: bool,
}

/// The R8.3 award: fixed at the end of the first round with 25 or fewer
/// survivors alive, paid when the game ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GarnetAward {
    /// The round at whose end it was fixed.
    pub round: u16,
    /// Garnets per player, in roster order.
    pub amounts: Vec<u32>,
}

/// The serialised form of a [`Position`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionData {
    /// The next round to play, from 1.
    pub round: u16,
    /// Every survivor, by ID ascending.
    pub survivors: Vec<Survivor>,
    /// Removed tribes.
    pub removed: Vec<TribeId>,
    /// Per player, roster order.
    pub holdings: Vec<Holdings>,
    /// Per player: when their last survivor fell.
    pub eliminated_at: Vec<Option<Moment>>,
    /// R8.3.
    #[serde(default)]
    pub garnet_award: Option<GarnetAward>,
    /// Per player: survivors alive at the start of the current round (R8.4).
    pub alive_at_round_start: Vec<u32>,
    /// R8.1.
    #[serde(default)]
    pub game_over: bool,
}

impl From<Position> for PositionData {
    fn from(p: Position) -> PositionData {
        PositionData {
            round: p.round,
            survivors: p.survivors.iter().flatten().copied().collect(),
            removed: p.removed.iter().collect(),
            holdings: p.holdings,
            eliminated_at: p.eliminated_at,
            garnet_award: p.garnet_award,
            alive_at_round_start: p.alive_at_round_start,
            game_over: p.game_over,
        }
    }
}

impl TryFrom<PositionData> for Position {
    type Error = PositionError;
    fn try_from(d: PositionData) -> Result<Position, PositionError> {
        let mut p = Position::empty(d.holdings.len());
        p.round = d.round;
        for s in d.survivors {
            p.insert(s)?;
        }
        p.removed = d.removed.into_iter().collect();
        p.holdings = d.holdings;
        p.eliminated_at = d.eliminated_at;
        p.garnet_award = d.garnet_award;
        p.alive_at_round_start = d.alive_at_round_start;
        p.game_over = d.game_over;
        Ok(p)
    }
}

/// Why a position is inconsistent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The same survivor ID appears twice.
    DuplicateSurvivor(SurvivorId),
    /// A tribe outside the grid.
    TribeOutsideGrid(TribeId),
    /// A survivor is in a tribe that is removed.
    InRemovedTribe(SurvivorId, TribeId),
    /// A controller that is not a player of the game.
    UnknownController(SurvivorId),
    /// Per-player lists do not have one entry per player.
    PlayerCount {
        /// Players in the setup.
        expected: usize,
        /// Entries found.
        found: usize,
    },
    /// Round 0 or a round beyond the game's end.
    BadRound(u16),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::DuplicateSurvivor(s) => write!(f, "survivor {s} is listed twice"),
            PositionError::TribeOutsideGrid(t) => write!(f, "tribe {t} is not in the grid"),
            PositionError::InRemovedTribe(s, t) => {
                write!(f, "survivor {s} is in tribe {t}, which is removed")
            }
            PositionError::UnknownController(s) => {
                write!(f, "survivor {s} is controlled by an unknown player")
            }
            PositionError::PlayerCount { expected, found } => {
                write!(
                    f,
                    "the position has data for {found} players, the game has {expected}"
                )
            }
            PositionError::BadRound(r) => write!(f, "round {r} is not a valid round"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// A position for round 1 with no survivors, no removed tribes, and
    /// 1 idol and 0 garnets per player (R1.4).
    pub fn empty(players: usize) -> Position {
        Position {
            round: 1,
            survivors: Vec::new(),
            removed: TribeSet::EMPTY,
            holdings: vec![
                Holdings {
                    idols: 1,
                    garnets: 0,
                    purchases: 0
                };
                players
            ],
            eliminated_at: vec![None; players],
            garnet_award: None,
            alive_at_round_start: vec![0; players],
            game_over: false,
        }
    }

    /// Adds a survivor.
    ///
    /// # Errors
    ///
    /// [`PositionError::DuplicateSurvivor`] if a survivor with this ID is
    /// already present (the position is then unchanged).
    pub fn insert(&mut self, s: Survivor) -> Result<(), PositionError> {
        let i = s.id.index();
        if self.survivors.len() <= i {
            self.survivors.resize(i + 1, None);
        }
        if self.survivors[i].is_some() {
            return Err(PositionError::DuplicateSurvivor(s.id));
        }
        self.survivors[i] = Some(s);
        Ok(())
    }

    /// Marks a tribe as removed before the record starts.
    pub fn remove_tribe(&mut self, t: TribeId) {
        self.removed.insert(t);
    }

    /// Sets a player's idols and garnets.
    pub fn set_holdings(&mut self, p: PlayerId, h: Holdings) {
        self.holdings[p.index()] = h;
    }

    /// Finishes a position built by hand for round 1: players with no
    /// survivor count as eliminated before round 1 (R8.4), and survivor
    /// counts per player are recorded. Then checks it against `setup`.
    ///
    /// # Errors
    ///
    /// As [`Position::check`].
    pub fn start(mut self, setup: &Setup) -> Result<Position, PositionError> {
        self.check(setup)?;
        let counts = self.alive_per_player(setup.players.len());
        for (i, &n) in counts.iter().enumerate() {
            if n == 0 && self.eliminated_at[i].is_none() {
                self.eliminated_at[i] = Some(Moment::Start);
            }
        }
        self.alive_at_round_start = counts;
        Ok(self)
    }

    /// Checks the position against a setup: per-player data for every
    /// player, tribes in the grid, nobody in a removed tribe.
    ///
    /// # Errors
    ///
    /// [`PositionError::PlayerCount`] unless the per-player data has one entry
    /// per player, [`PositionError::BadRound`] for round 0,
    /// [`PositionError::TribeOutsideGrid`] for a removed tribe or a survivor's
    /// tribe outside the grid, [`PositionError::UnknownController`] for a
    /// survivor whose controller is not a player, and
    /// [`PositionError::InRemovedTribe`] for a survivor in a removed tribe.
    pub fn check(&self, setup: &Setup) -> Result<(), PositionError> {
        let n = setup.players.len();
        for found in [
            self.holdings.len(),
            self.eliminated_at.len(),
            self.alive_at_round_start.len(),
        ] {
            if found != n {
                return Err(PositionError::PlayerCount { expected: n, found });
            }
        }
        if self.round == 0 {
            return Err(PositionError::BadRound(0));
        }
        if let Some(t) = self.removed.iter().find(|t| t.index() >= setup.grid.len()) {
            return Err(PositionError::TribeOutsideGrid(t));
        }
        for s in self.survivors() {
            if s.controller.index() >= n {
                return Err(PositionError::UnknownController(s.id));
            }
            if let Place::Tribe(t) = s.place {
                if t.index() >= setup.grid.len() {
                    return Err(PositionError::TribeOutsideGrid(t));
                }
                if self.removed.contains(t) {
                    return Err(PositionError::InRemovedTribe(s.id, t));
                }
            }
        }
        Ok(())
    }

    /// The round about to be played (from 1); once the game is over, the
    /// round after the last one played.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// Whether R8.1 has ended the game.
    #[inline(always)]
    pub fn is_game_over(&self) -> bool {
        self.game_over
    }

    /// Every survivor in ID order, eliminated ones included.
    pub fn survivors(&self) -> impl Iterator<Item = &Survivor> + Clone {
        self.survivors.iter().flatten()
    }

    /// The survivor with this ID, if it exists in the game.
    #[inline(always)]
    pub fn survivor(&self, id: SurvivorId) -> Option<&Survivor> {
        self.survivors.get(id.index()).and_then(Option::as_ref)
    }

    /// Living survivors in ID order.
    pub fn living(&self) -> impl Iterator<Item = &Survivor> + Clone {
        self.survivors().filter(|s| s.place.is_alive())
    }

    /// Number of living survivors, outcasts included.
    pub fn alive(&self) -> usize {
        self.living().count()
    }

    /// Members of a tribe in ID order.
    pub fn members(&self, t: TribeId) -> impl Iterator<Item = SurvivorId> + Clone + '_ {
        self.survivors()
            .filter(move |s| s.place.is_in(t))
            .map(|s| s.id)
    }

    /// Outcasts in ID order.
    pub fn outcasts(&self) -> impl Iterator<Item = SurvivorId> + Clone + '_ {
        self.survivors()
            .filter(|s| s.place == Place::Outcast)
            .map(|s| s.id)
    }

    /// Whether a tribe is removed.
    #[inline(always)]
    pub fn is_removed(&self, t: TribeId) -> bool {
        self.removed.contains(t)
    }

    /// The tribes of the grid that still exist, in letter order.
    pub fn existing_tribes(&self, grid: Grid) -> impl Iterator<Item = TribeId> + Clone + '_ {
        self.existing(grid).iter()
    }

    /// The tribes of the grid that still exist, as a set.
    pub fn existing(&self, grid: Grid) -> TribeSet {
        grid.all().without(self.removed)
    }

    /// A player's idols and garnets.
    pub fn holdings(&self, p: PlayerId) -> Holdings {
        self.holdings[p.index()]
    }

    /// When a player's last survivor was eliminated, if it was.
    pub fn eliminated_at(&self, p: PlayerId) -> Option<Moment> {
        self.eliminated_at[p.index()]
    }

    /// The R8.3 award, once fixed.
    pub fn garnet_award(&self) -> Option<&GarnetAward> {
        self.garnet_award.as_ref()
    }

    /// Per player (roster order): living survivors at the start of the
    /// current round.
    pub fn alive_at_round_start(&self) -> &[u32] {
        &self.alive_at_round_start
    }

    /// Living survivors per player, roster order.
    pub fn alive_per_player(&self, players: usize) -> Vec<u32> {
        let mut counts = Vec::new();
        self.count_alive_per_player(players, &mut counts);
        counts
    }

    /// [`Position::alive_per_player`] into `counts` (its buffer reused).
    pub fn count_alive_per_player(&self, players: usize, counts: &mut Vec<u32>) {
        counts.clear();
        counts.resize(players, 0);
        for s in &self.survivors {
            let Some(s) = s.filter(|s| s.place.is_alive()) else {
                continue;
            };
            if let Some(c) = counts.get_mut(s.controller.index()) {
                *c += 1;
            }
        }
    }

    /// A player's survivors (living and eliminated) in ID order.
    pub fn survivors_of(&self, p: PlayerId) -> impl Iterator<Item = &Survivor> + Clone {
        self.survivors().filter(move |s| s.controller == p)
    }

    pub(crate) fn survivor_mut(&mut self, id: SurvivorId) -> &mut Survivor {
        self.survivors[id.index()]
            .as_mut()
            .expect("survivor exists")
    }
}
