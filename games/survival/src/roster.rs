//! Players (S1.1) and how messages name them (S2.3).

use console_core::names::{How, MatchError, NameError, NameIndex, check_names};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The fewest players a game may have (S1.1).
pub const MIN_PLAYERS: usize = 5;
/// The most players a game may have (S1.1).
pub const MAX_PLAYERS: usize = 36;
/// The player counts the seed plays (S1.1): outside them the app warns.
pub const SEED_PLAYERS: std::ops::RangeInclusive<usize> = 8..=30;

/// A player, by position in the game's [`Roster`] (0-based, below
/// [`MAX_PLAYERS`]). Serialised as the index.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(u8);

impl PlayerId {
    /// The player at a 0-based roster index.
    ///
    /// # Panics
    ///
    /// If `i` is [`MAX_PLAYERS`] or above.
    pub fn from_index(i: usize) -> PlayerId {
        assert!(i < MAX_PLAYERS, "player index {i} out of range");
        PlayerId(i as u8)
    }

    /// Index into the roster, 0-based.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A set of players as a bit set (at most [`MAX_PLAYERS`]). Iterates in
/// roster order. Serialised as the list of indices.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default, Debug)]
pub struct PlayerSet(u64);

impl PlayerSet {
    /// No one.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The first `n` players.
    pub fn first(n: usize) -> PlayerSet {
        debug_assert!(n <= MAX_PLAYERS);
        PlayerSet(if n >= 64 { u64::MAX } else { (1u64 << n) - 1 })
    }

    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(self, p: PlayerId) -> bool {
        self.0 >> p.0 & 1 == 1
    }

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p.0;
    }

    /// Removes `p`.
    #[inline]
    pub fn remove(&mut self, p: PlayerId) {
        self.0 &= !(1 << p.0);
    }

    /// How many players.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in roster order.
    pub fn iter(self) -> impl Iterator<Item = PlayerId> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(PlayerId(i as u8))
        })
    }

    /// The players in both sets.
    pub fn and(self, other: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 & other.0)
    }

    /// The players of `self` not in `other`.
    pub fn minus(self, other: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 & !other.0)
    }
}

impl FromIterator<PlayerId> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = PlayerId>>(iter: I) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

impl Serialize for PlayerSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PlayerSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PlayerSet, D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        let mut s = PlayerSet::EMPTY;
        for i in v {
            if usize::from(i) >= MAX_PLAYERS {
                return Err(serde::de::Error::custom(format!(
                    "player index {i} out of range"
                )));
            }
            s.insert(PlayerId(i));
        }
        Ok(s)
    }
}

/// Why a list of names is not a roster (S1.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterError {
    /// Fewer than [`MIN_PLAYERS`].
    TooFew(usize),
    /// More than [`MAX_PLAYERS`].
    TooMany(usize),
    /// A name S1.1 forbids, or two names the same.
    Name(NameError),
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RosterError::TooFew(n) => write!(
                f,
                "{n} players are too few: a game needs {MIN_PLAYERS} to {MAX_PLAYERS}"
            ),
            RosterError::TooMany(n) => write!(
                f,
                "{n} players are too many: a game needs {MIN_PLAYERS} to {MAX_PLAYERS}"
            ),
            RosterError::Name(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RosterError {}

/// The players of a game in the order the moderator entered them: 5 to 36
/// names, each valid by S1.1, unique ignoring case and spaces. Serialised as
/// the list of names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "Vec<String>")]
pub struct Roster {
    names: Vec<String>,
    index: NameIndex,
    /// Players in the byte order of their names (records list by name).
    by_name: Vec<PlayerId>,
    /// Each player's place in `by_name`.
    rank: Vec<u8>,
}

impl TryFrom<Vec<String>> for Roster {
    type Error = RosterError;
    fn try_from(v: Vec<String>) -> Result<Roster, RosterError> {
        Roster::new(&v)
    }
}

/// Read as [`Roster::new`] reads its names; a list of more than
/// [`MAX_PLAYERS`] is counted, not read, so a file of any length is
/// refused at once with its count ([`RosterError::TooMany`]).
impl<'de> serde::Deserialize<'de> for Roster {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Roster, D::Error> {
        console_core::names::capped_names(d, MAX_PLAYERS)?
            .map_err(RosterError::TooMany)
            .and_then(|names| Roster::new(&names))
            .map_err(serde::de::Error::custom)
    }
}

impl From<Roster> for Vec<String> {
    fn from(r: Roster) -> Vec<String> {
        r.names
    }
}

impl Roster {
    /// A roster of these names (S1.1).
    ///
    /// # Errors
    ///
    /// [`RosterError::TooFew`] for fewer than [`MIN_PLAYERS`] names,
    /// [`RosterError::TooMany`] for more than [`MAX_PLAYERS`], and
    /// [`RosterError::Name`] for a name S1.1 forbids or two names equal
    /// ignoring case and spaces.
    pub fn new<S: AsRef<str>>(names: &[S]) -> Result<Roster, RosterError> {
        if names.len() < MIN_PLAYERS {
            return Err(RosterError::TooFew(names.len()));
        }
        if names.len() > MAX_PLAYERS {
            return Err(RosterError::TooMany(names.len()));
        }
        check_names(names).map_err(RosterError::Name)?;
        let names: Vec<String> = names.iter().map(|n| n.as_ref().to_string()).collect();
        let mut by_name: Vec<PlayerId> = (0..names.len()).map(PlayerId::from_index).collect();
        console_core::text::sort_small(&mut by_name, |p| names[p.index()].as_bytes());
        let mut rank = vec![0u8; names.len()];
        for (r, p) in by_name.iter().enumerate() {
            rank[p.index()] = r as u8;
        }
        Ok(Roster {
            index: NameIndex::new(&names),
            names,
            by_name,
            rank,
        })
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Always false: a roster has at least 5 players.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every player, as a set.
    pub fn all(&self) -> PlayerSet {
        PlayerSet::first(self.len())
    }

    /// The names in roster order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// A player's name.
    pub fn name(&self, p: PlayerId) -> &str {
        &self.names[p.index()]
    }

    /// Every player in roster order.
    pub fn ids(&self) -> impl Iterator<Item = PlayerId> + Clone + use<> {
        (0..self.names.len()).map(PlayerId::from_index)
    }

    /// Every player in the byte order of their names.
    pub fn by_name(&self) -> &[PlayerId] {
        &self.by_name
    }

    /// A player's place in the byte order of names (0 = first).
    pub fn rank(&self, p: PlayerId) -> usize {
        usize::from(self.rank[p.index()])
    }

    /// The players of `set` in the byte order of their names.
    pub fn sorted(&self, set: PlayerSet) -> Vec<PlayerId> {
        self.by_name
            .iter()
            .copied()
            .filter(|p| set.contains(*p))
            .collect()
    }

    /// The names of `set`, in the byte order of names.
    pub fn sorted_names(&self, set: PlayerSet) -> Vec<String> {
        self.sorted(set)
            .into_iter()
            .map(|p| self.name(p).to_string())
            .collect()
    }

    /// The player a text names (S2.3): a full name ignoring case and
    /// spaces, else a prefix of at least 3 characters starting exactly one
    /// name. Every player counts, Memories included.
    ///
    /// # Errors
    ///
    /// The [`MatchError`] if the text names no one player: empty, too short,
    /// matching no name or the prefix of several.
    pub fn resolve(&self, text: &str) -> Result<PlayerId, MatchError> {
        self.index.resolve(text).map(PlayerId::from_index)
    }

    /// The player whose full name this is, ignoring case and spaces (no
    /// prefixes): for headers and case files.
    pub fn find(&self, name: &str) -> Option<PlayerId> {
        // A full name wins over prefixes in `resolve` (S2.3).
        if self.index.is_full_name(name) {
            self.resolve(name).ok()
        } else {
            None
        }
    }

    /// Whether `text` is exactly a full name (ignoring case and spaces).
    pub fn is_full_name(&self, text: &str) -> bool {
        self.index.is_full_name(text)
    }

    /// The reader of names under the current rules (S2.3) with no
    /// nicknames; a game's reader, with its nicknames, is
    /// [`Setup::names`](crate::setup::Setup::names).
    pub fn reader(&self) -> Names {
        Names {
            index: NameIndex::new(&self.names),
            first: false,
        }
    }
}

/// One reading of a written name (S2.3): the player and how it was read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Read {
    /// The player.
    pub player: PlayerId,
    /// How the text was read.
    #[serde(with = "how_name")]
    pub how: How,
}

/// [`How`] written by its short name (`full`, `prefix`, ...).
pub mod how_name {
    use console_core::names::How;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the short name.
    ///
    /// # Errors
    ///
    /// The serializer's.
    pub fn serialize<S: Serializer>(how: &How, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(how.name())
    }

    /// Reads the short name.
    ///
    /// # Errors
    ///
    /// An unknown name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<How, D::Error> {
        let s = String::deserialize(d)?;
        How::from_name(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown reading {s:?}")))
    }
}

/// How a game reads the names players write, for one phase (S2.3, S2.8):
/// the roster's names with the nicknames and refused guesses in force,
/// under the game's edition of the reading rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    index: NameIndex,
    /// The first reading rules: full name or unique prefix only.
    first: bool,
}

impl Names {
    /// A reader over `index`; `first` for the first reading rules (S2.8).
    pub fn new(index: NameIndex, first: bool) -> Names {
        Names { index, first }
    }

    /// The one player `text` names and how it was read (S2.3).
    ///
    /// # Errors
    ///
    /// [`MatchError`]: nothing given, too short, no player, several.
    pub fn read(&self, text: &str) -> Result<Read, MatchError> {
        if self.first {
            // A replaced slot's former name (S10.1) is its nickname under
            // either reading rules.
            let i = match self.index.resolve(text) {
                Ok(i) => i,
                Err(e) => match self.index.exact(text).filter(|r| r.how == How::Nickname) {
                    Some(r) => {
                        return Ok(Read {
                            player: PlayerId::from_index(r.index),
                            how: r.how,
                        });
                    }
                    None => return Err(e),
                },
            };
            let how = if self.index.is_full_name(text) {
                How::Full
            } else {
                How::Prefix
            };
            return Ok(Read {
                player: PlayerId::from_index(i),
                how,
            });
        }
        self.index.read(text).map(|r| Read {
            player: PlayerId::from_index(r.index),
            how: r.how,
        })
    }

    /// The one player `text` names (S2.3), however it was read.
    ///
    /// # Errors
    ///
    /// As [`Names::read`].
    pub fn resolve(&self, text: &str) -> Result<PlayerId, MatchError> {
        self.read(text).map(|r| r.player)
    }

    /// The player `text` names exactly (full name or nickname, no guess):
    /// for post authors.
    pub fn exact(&self, text: &str) -> Option<Read> {
        if self.first {
            return (self.index.is_full_name(text))
                .then(|| self.index.resolve(text).ok())
                .flatten()
                .map(|i| Read {
                    player: PlayerId::from_index(i),
                    how: How::Full,
                })
                .or_else(|| {
                    // A replaced slot's former name (S10.1).
                    self.index
                        .exact(text)
                        .filter(|r| r.how == How::Nickname)
                        .map(|r| Read {
                            player: PlayerId::from_index(r.index),
                            how: r.how,
                        })
                });
        }
        self.index.exact(text).map(|r| Read {
            player: PlayerId::from_index(r.index),
            how: r.how,
        })
    }

    /// Whether `text` is exactly a full name (ignoring case and spaces).
    pub fn is_full_name(&self, text: &str) -> bool {
        self.index.is_full_name(text)
    }

    /// The players nearest to a text that names no one, nearest first (at
    /// most 3), for the moderator.
    pub fn nearest(&self, text: &str) -> Vec<PlayerId> {
        self.index
            .nearest(text)
            .into_iter()
            .map(PlayerId::from_index)
            .collect()
    }

    /// Whether the first reading rules apply (S2.8).
    pub fn is_first(&self) -> bool {
        self.first
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_roster_is_read_as_new_reads_it_and_a_long_one_counted() {
        let json = |n: usize| {
            serde_json::to_string(&(1..=n).map(|i| format!("P{i}")).collect::<Vec<_>>()).unwrap()
        };
        let r: Roster = serde_json::from_str(&json(MAX_PLAYERS)).unwrap();
        assert_eq!(serde_json::to_string(&r).unwrap(), json(MAX_PLAYERS));
        let e = serde_json::from_str::<Roster>(&json(100_000)).unwrap_err();
        assert!(
            e.to_string().starts_with("100000 players are too many"),
            "{e}"
        );
        let e = serde_json::from_str::<Roster>(&json(3)).unwrap_err();
        assert!(e.to_string().starts_with("3 players are too few"), "{e}");
    }

    #[test]
    fn the_small_sort_is_a_stable_sort() {
        // Pairs sorted by their first member only: equal keys keep their order.
        let mut x: u32 = 7;
        for len in 0..40 {
            let v: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (x >> 16 & 7, i)
                })
                .collect();
            let mut a = v.clone();
            let mut b = v;
            console_core::text::sort_small(&mut a, |p| p.0);
            b.sort_by_key(|p| p.0);
            assert_eq!(a, b, "length {len}");
        }
    }

    #[test]
    fn rosters_s1_1() {
        assert_eq!(Roster::new(&["a", "b"]), Err(RosterError::TooFew(2)));
        let many: Vec<String> = (0..37).map(|i| format!("P{i}")).collect();
        assert_eq!(Roster::new(&many), Err(RosterError::TooMany(37)));
        assert!(matches!(
            Roster::new(&["Ann", "Bob", "Cid", "Dee", "a*b"]),
            Err(RosterError::Name(_))
        ));
        let r = Roster::new(&["bob", "Ann", "Zoë", "Cid", "Harbor Lights"]).unwrap();
        let names: Vec<&str> = r.by_name().iter().map(|p| r.name(*p)).collect();
        assert_eq!(names, ["Ann", "Cid", "Harbor Lights", "Zoë", "bob"]);
        assert_eq!(r.resolve("harbor").map(|p| r.name(p)), Ok("Harbor Lights"));
        assert_eq!(
            r.find("harborlights").map(|p| r.name(p)),
            Some("Harbor Lights")
        );
        assert_eq!(r.find("harbor"), None);
    }

    #[test]
    fn player_sets() {
        let mut s = PlayerSet::first(5);
        assert_eq!(s.len(), 5);
        s.remove(PlayerId::from_index(2));
        assert!(!s.contains(PlayerId::from_index(2)));
        assert_eq!(
            s.iter().map(|p| p.index()).collect::<Vec<_>>(),
            [0, 1, 3, 4]
        );
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, "[0,1,3,4]");
        assert_eq!(serde_json::from_str::<PlayerSet>(&json).unwrap(), s);
        assert!(serde_json::from_str::<PlayerSet>("[40]").is_err());
        assert_eq!(PlayerSet::first(36).len(), 36);
    }
}
