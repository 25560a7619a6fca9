//! Players and how orders name them (R1.1, R3.2).

use console_core::names::is_invisible;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 200;

/// A player, by position in the game's [`Roster`].
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(u8);

impl From<usize> for PlayerId {
    /// The player at a 0-based roster index (no check against a roster).
    fn from(i: usize) -> PlayerId {
        PlayerId::from_index(i)
    }
}

impl PlayerId {
    /// Index into the roster, 0-based.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn from_index(i: usize) -> PlayerId {
        debug_assert!(i < MAX_PLAYERS);
        PlayerId(i as u8)
    }
}

/// The players of a game in the order the moderator entered them.
///
/// Names are trimmed, non-empty, and distinct ignoring case. Serialised as a
/// list of names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "Vec<String>")]
pub struct Roster {
    names: Vec<String>,
    /// Lowercased names with whitespace runs folded to one space.
    folded: Vec<String>,
    /// The first 3 bytes of each folded name, packed by [`head`].
    heads: Vec<u32>,
    /// The players in the byte order of their names (reports list
    /// rejections by player name).
    by_name: Vec<PlayerId>,
    /// Former names of slots after replacements (R10.1), folded, oldest
    /// first: read as names of their slot. Not serialised: a game keeps
    /// its replacements and builds the roster with [`Roster::renamed`].
    former: Vec<(PlayerId, String)>,
}

/// The first 3 bytes of `b` as one number; a shorter `b` gets a value no
/// 3 ASCII bytes give (for comparing 3-character ASCII prefixes at once).
fn head(b: &[u8]) -> u32 {
    match b {
        [x, y, z, ..] => u32::from_le_bytes([*x, *y, *z, 0]),
        _ => u32::MAX,
    }
}

/// Why a list of player names is not a valid roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterError {
    /// No players at all.
    Empty,
    /// More than [`MAX_PLAYERS`].
    TooMany(usize),
    /// A blank name at this 0-based position.
    BlankName(usize),
    /// Two names equal ignoring case.
    Duplicate(String),
    /// A name holding an invisible or direction character (zero-width
    /// space, bidi control, byte-order mark: `names::is_invisible` of the
    /// core) or an accent typed as a combining mark: the name as typed and
    /// the character.
    Character(String, char),
    /// Two names that read as one ignoring case, spaces and punctuation:
    /// the earlier name, then the later.
    LookAlike(String, String),
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RosterError::Empty => write!(f, "a game needs at least one player"),
            RosterError::TooMany(n) => write!(f, "{n} players is too many (at most {MAX_PLAYERS})"),
            RosterError::BlankName(i) => write!(f, "player {} has a blank name", i + 1),
            RosterError::Duplicate(n) => write!(f, "the player name {n:?} appears twice"),
            RosterError::Character(n, c) => {
                let shown = |s: &str| s.chars().filter(|&c| !is_invisible(c)).collect::<String>();
                let before = n.split(*c).next().unwrap_or_default();
                let (what, fix) = if is_invisible(*c) {
                    ("the invisible character", "type the name without it")
                } else {
                    (
                        "an accent typed apart, the combining mark",
                        "type the accented letter as one character",
                    )
                };
                write!(
                    f,
                    "the player name \"{}\" holds {what} U+{:04X} ",
                    shown(n),
                    u32::from(*c)
                )?;
                if before.is_empty() {
                    write!(f, "at its start")?;
                } else {
                    write!(f, "after \"{}\"", shown(before))?;
                }
                write!(f, ": {fix}")
            }
            RosterError::LookAlike(a, b) => write!(
                f,
                "the player names {a:?} and {b:?} read as the same name (ignoring case, spaces and punctuation)"
            ),
        }
    }
}

impl std::error::Error for RosterError {}

/// Why a guess names no single player (R3.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuessError {
    /// The guess matches no player.
    NoMatch,
    /// The guess matches several players (by their first 3 characters).
    Ambiguous(Vec<PlayerId>),
}

/// The characters of `s` lowercased, whitespace runs folded to one space,
/// trimmed; without allocating.
pub(crate) fn folded(s: &str) -> impl Iterator<Item = char> + Clone + '_ {
    s.split_whitespace().enumerate().flat_map(|(i, w)| {
        (i > 0)
            .then_some(' ')
            .into_iter()
            .chain(w.chars().flat_map(char::to_lowercase))
    })
}

/// Whether `a` and `b` are equal ignoring case and whitespace runs; an
/// ASCII fast path, else Unicode lowercase.
pub(crate) fn eq_folded(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return AsciiFolded::new(a.as_bytes()).eq(AsciiFolded::new(b.as_bytes()));
    }
    folded(a).eq(folded(b))
}

/// [`folded`] for ASCII text, byte by byte: lowercased, whitespace runs as
/// one space, none at either end.
struct AsciiFolded<'a> {
    bytes: &'a [u8],
    at: usize,
    /// A byte has been given.
    started: bool,
    /// A space is owed before the next non-space byte.
    space: bool,
}

impl<'a> AsciiFolded<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        AsciiFolded {
            bytes,
            at: 0,
            started: false,
            space: false,
        }
    }
}

impl Iterator for AsciiFolded<'_> {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        loop {
            let c = *self.bytes.get(self.at)?;
            if c.is_ascii_whitespace() {
                self.space = self.started;
                self.at += 1;
                continue;
            }
            if std::mem::take(&mut self.space) {
                return Some(b' ');
            }
            self.started = true;
            self.at += 1;
            return Some(c.to_ascii_lowercase());
        }
    }
}

/// Whether a name may not hold `c` (R1.1): an invisible or direction
/// character (the core's `names::is_invisible`) makes a name that looks
/// like another and that players' orders, read without such characters,
/// never name; so does an accent typed as a separate combining mark
/// (U+0300 to U+036F: `Zoe` and U+0308 prints as `Zoë` but is another
/// text than the `Zoë` players type). The zero-width joiner and the emoji
/// presentation selector stay: emoji are written with them.
fn refused_in_name(c: char) -> bool {
    (is_invisible(c) && !matches!(c, '\u{200D}' | '\u{FE0F}'))
        || ('\u{300}'..='\u{36F}').contains(&c)
}

/// A name as players are told apart (R1.1): its letters and digits,
/// lowercase; spaces and punctuation do not count (`B.o.b` is `bob`).
fn reading(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// [`folded`] collected.
pub(crate) fn fold(s: &str) -> String {
    folded(s).collect()
}

/// Read as [`Roster::new`] reads its names; a list of more than
/// [`MAX_PLAYERS`] is counted, not read, so a file of any length is
/// refused at once with its count ([`RosterError::TooMany`]).
impl<'de> Deserialize<'de> for Roster {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Roster, D::Error> {
        console_core::names::capped_names(d, MAX_PLAYERS)?
            .map_err(RosterError::TooMany)
            .and_then(Roster::new)
            .map_err(serde::de::Error::custom)
    }
}

impl TryFrom<Vec<String>> for Roster {
    type Error = RosterError;
    fn try_from(names: Vec<String>) -> Result<Self, RosterError> {
        Roster::new(names)
    }
}

impl From<Roster> for Vec<String> {
    fn from(r: Roster) -> Vec<String> {
        r.names
    }
}

impl Roster {
    /// A roster from names; each is trimmed and whitespace-folded (R1.1).
    ///
    /// The count is checked before any name is read, so a list of any
    /// length is answered at once.
    ///
    /// # Errors
    ///
    /// [`RosterError::Empty`] for no names, [`RosterError::TooMany`] for more
    /// than [`MAX_PLAYERS`], then, in roster order, [`RosterError::BlankName`]
    /// for a blank name, [`RosterError::Character`] for a name holding an
    /// invisible or direction character or an accent typed apart, [`RosterError::Duplicate`] for a
    /// name equal to an earlier one ignoring case and spacing, and
    /// [`RosterError::LookAlike`] for one that reads as an earlier one
    /// ignoring punctuation too (`Bob` and `B.o.b`).
    pub fn new<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> Result<Roster, RosterError> {
        let names: Vec<S> = names.into_iter().collect();
        match names.len() {
            0 => return Err(RosterError::Empty),
            n if n > MAX_PLAYERS => return Err(RosterError::TooMany(n)),
            _ => {}
        }
        let mut out = Roster {
            names: Vec::with_capacity(names.len()),
            folded: Vec::with_capacity(names.len()),
            heads: Vec::with_capacity(names.len()),
            by_name: Vec::new(),
            former: Vec::new(),
        };
        // Each name's reading as the core folds it (at most MAX_PLAYERS).
        let mut readings: Vec<String> = Vec::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            let clean = name
                .as_ref()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if clean.is_empty() {
                return Err(RosterError::BlankName(i));
            }
            if let Some(c) = clean.chars().find(|&c| refused_in_name(c)) {
                return Err(RosterError::Character(clean, c));
            }
            let folded = fold(&clean);
            if out.folded.contains(&folded) {
                return Err(RosterError::Duplicate(clean));
            }
            let reading = reading(&clean);
            if let Some(j) = readings.iter().position(|r| !r.is_empty() && *r == reading) {
                return Err(RosterError::LookAlike(out.names[j].clone(), clean));
            }
            readings.push(reading);
            out.heads.push(head(folded.as_bytes()));
            out.names.push(clean);
            out.folded.push(folded);
        }
        out.by_name = (0..out.names.len()).map(PlayerId::from_index).collect();
        let names = &out.names;
        console_core::text::sort_small(&mut out.by_name, |p| names[p.index()].as_str());
        Ok(out)
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Always false: a roster has at least one player.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every player in roster order.
    pub fn ids(&self) -> impl Iterator<Item = PlayerId> + Clone + use<> {
        (0..self.names.len()).map(PlayerId::from_index)
    }

    /// A player's display name.
    pub fn name(&self, p: PlayerId) -> &str {
        &self.names[p.index()]
    }

    /// Every name, in roster order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The players in the byte order of their names.
    pub fn by_name(&self) -> &[PlayerId] {
        &self.by_name
    }

    /// The player whose name is exactly `name` ignoring case and spacing:
    /// a current name, else a former name of the slot (R10.1).
    pub fn find(&self, name: &str) -> Option<PlayerId> {
        self.folded
            .iter()
            .position(|n| eq_folded(name, n))
            .map(PlayerId::from_index)
            .or_else(|| {
                self.former
                    .iter()
                    .rev()
                    .find(|(_, n)| eq_folded(name, n))
                    .map(|(p, _)| *p)
            })
    }

    /// The roster after replacements (R10.1): `names` are the slots'
    /// current names (roster order), `former` each slot's former names
    /// (slot index, name), oldest first, read as names of the slot by
    /// [`Roster::find`] and [`Roster::resolve_guess`].
    ///
    /// # Errors
    ///
    /// As [`Roster::new`] for `names`; a different number of names than
    /// this roster's is [`RosterError::BlankName`] at the first missing
    /// or extra place.
    pub fn renamed<S: AsRef<str>>(
        &self,
        names: &[S],
        former: &[(usize, String)],
    ) -> Result<Roster, RosterError> {
        if names.len() != self.len() {
            return Err(RosterError::BlankName(names.len().min(self.len())));
        }
        let mut r = Roster::new(names)?;
        r.former = former
            .iter()
            .filter(|(i, _)| *i < r.len())
            .map(|(i, n)| (PlayerId::from_index(*i), fold(n)))
            .collect();
        Ok(r)
    }

    /// Every slot's former names (R10.1) as [`Roster::renamed`] takes
    /// them: (slot index, folded name), in the order they were given (a
    /// later one wins where two slots had the same name). With the current
    /// names this rebuilds the roster elsewhere (the site's worker).
    pub fn former(&self) -> Vec<(usize, String)> {
        self.former
            .iter()
            .map(|(p, n)| (p.index(), n.clone()))
            .collect()
    }

    /// A slot's former names (R10.1), folded, oldest first.
    pub fn former_names(&self, p: PlayerId) -> impl Iterator<Item = &str> + '_ {
        self.former
            .iter()
            .filter(move |(q, _)| *q == p)
            .map(|(_, n)| n.as_str())
    }

    /// Resolves a guess (R3.2): a guess equal to a full name (ignoring case)
    /// names that player; otherwise its first 3 characters must be the first
    /// 3 characters of exactly one name (a shorter guess must start exactly
    /// one name).
    ///
    /// # Errors
    ///
    /// [`GuessError::NoMatch`] if the guess is blank or no name matches it,
    /// [`GuessError::Ambiguous`] (with the players matched) if its first 3
    /// characters start several names and it equals none of them.
    ///
    /// # Panics
    ///
    /// Never: the folded guess is built from a `str`, so it is valid UTF-8.
    pub fn resolve_guess(&self, guess: &str) -> Result<PlayerId, GuessError> {
        if !self.former.is_empty() {
            return self.resolve_guess_renamed(guess);
        }
        // Fold the guess once: into a stack buffer when it is short ASCII.
        let mut stack = [0u8; 64];
        let owned: String;
        let (g, ascii): (&[u8], bool) = if guess.is_ascii() && guess.len() <= stack.len() {
            let mut n = 0;
            for b in AsciiFolded::new(guess.as_bytes()) {
                stack[n] = b;
                n += 1;
            }
            (&stack[..n], true)
        } else {
            owned = fold(guess);
            (owned.as_bytes(), owned.is_ascii())
        };
        if g.is_empty() {
            return Err(GuessError::NoMatch);
        }
        // The guess's first 3 characters (all of it when shorter).
        let prefix = if ascii {
            &g[..g.len().min(3)]
        } else {
            let s = std::str::from_utf8(g).expect("folded from a str");
            s.char_indices().nth(3).map_or(g, |(i, _)| &g[..i])
        };
        // One pass: an exact match wins, else the players whose folded name
        // starts with the prefix (an exact match has that prefix too).
        let key = (ascii && prefix.len() == 3).then(|| head(prefix));
        let mut hits = 0usize;
        let mut first = None;
        for (i, n) in self.folded.iter().enumerate() {
            let n = n.as_bytes();
            let starts = match key {
                Some(k) => self.heads[i] == k,
                None => n.starts_with(prefix),
            };
            if starts {
                if n == g {
                    return Ok(PlayerId::from_index(i));
                }
                hits += 1;
                first.get_or_insert(i);
            }
        }
        match first {
            None => Err(GuessError::NoMatch),
            Some(p) if hits == 1 => Ok(PlayerId::from_index(p)),
            Some(_) => Err(GuessError::Ambiguous(
                self.folded
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| n.as_bytes().starts_with(prefix))
                    .map(|(i, _)| PlayerId::from_index(i))
                    .collect(),
            )),
        }
    }

    /// R3.2 with former names (R10.1): a guess equal to a current or
    /// former full name names that slot; else its first 3 characters are
    /// compared with every current and former name, and matches that all
    /// belong to one slot count as one.
    fn resolve_guess_renamed(&self, guess: &str) -> Result<PlayerId, GuessError> {
        let g = fold(guess);
        if g.is_empty() {
            return Err(GuessError::NoMatch);
        }
        let all = || {
            self.folded
                .iter()
                .enumerate()
                .map(|(i, n)| (PlayerId::from_index(i), n.as_str()))
                .chain(self.former.iter().map(|(p, n)| (*p, n.as_str())))
        };
        if let Some((p, _)) = all().find(|(_, n)| *n == g) {
            return Ok(p);
        }
        let prefix: String = g.chars().take(3).collect();
        let mut hits: Vec<PlayerId> = all()
            .filter(|(_, n)| n.starts_with(&prefix))
            .map(|(p, _)| p)
            .collect();
        hits.sort();
        hits.dedup();
        match hits.as_slice() {
            [] => Err(GuessError::NoMatch),
            [p] => Ok(*p),
            _ => Err(GuessError::Ambiguous(hits)),
        }
    }

    /// (name, count) for every player whose count is above 0, in roster
    /// order, from per-player counts in roster order (Tokens of Life,
    /// garnets awarded).
    pub fn named_counts<'a>(
        &'a self,
        counts: &'a [u32],
    ) -> impl Iterator<Item = (&'a str, u32)> + 'a {
        self.names
            .iter()
            .zip(counts)
            .filter(|(_, n)| **n > 0)
            .map(|(name, n)| (name.as_str(), *n))
    }

    /// Pairs of players whose names share their first 3 characters (ignoring
    /// case), which makes 3-character guesses ambiguous (R3.2 setup warning).
    pub fn prefix_clashes(&self) -> Vec<(PlayerId, PlayerId)> {
        let prefix = |s: &String| s.chars().take(3).collect::<String>();
        let mut out = Vec::new();
        for i in 0..self.len() {
            for j in i + 1..self.len() {
                if prefix(&self.folded[i]) == prefix(&self.folded[j]) {
                    out.push((PlayerId::from_index(i), PlayerId::from_index(j)));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster() -> Roster {
        Roster::new(["Ann", "Annabel", "Bob", "Harbor  Lights"]).unwrap()
    }

    #[test]
    fn a_saved_roster_is_read_as_new_reads_it_and_a_long_one_counted() {
        let json = |n: usize| {
            serde_json::to_string(&(1..=n).map(|i| format!("P{i}")).collect::<Vec<_>>()).unwrap()
        };
        let r: Roster = serde_json::from_str(&json(MAX_PLAYERS)).unwrap();
        assert_eq!(r.len(), MAX_PLAYERS);
        assert_eq!(serde_json::to_string(&r).unwrap(), json(MAX_PLAYERS));
        let e = serde_json::from_str::<Roster>(&json(100_000)).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("100000 players is too many (at most 200)"),
            "{e}"
        );
        let e = serde_json::from_str::<Roster>(r#"["Ann", " ann "]"#).unwrap_err();
        assert!(e.to_string().contains("appears twice"), "{e}");
        assert!(serde_json::from_str::<Roster>("[]").is_err());
        assert!(serde_json::from_str::<Roster>(r#""Ann""#).is_err());
    }

    #[test]
    fn look_alike_names_are_refused_with_both_named_r1_1() {
        assert_eq!(
            Roster::new(["Bob", "Bo\u{200B}b"]),
            Err(RosterError::Character("Bo\u{200B}b".into(), '\u{200B}'))
        );
        let err = Roster::new(["Ann", "\u{202E}Dee"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the player name \"Dee\" holds the invisible character U+202E at its start: type the name without it"
        );
        assert_eq!(
            Roster::new(["Zo\u{EB}", "Zoe\u{308}"])
                .unwrap_err()
                .to_string(),
            "the player name \"Zoe\u{308}\" holds an accent typed apart, the combining mark U+0308 after \"Zoe\": type the accented letter as one character"
        );
        assert_eq!(
            Roster::new(["Zo\u{EB}", "ZO\u{CB}"]),
            Err(RosterError::Duplicate("ZO\u{CB}".into()))
        );
        assert!(matches!(
            Roster::new(["Bob", "B.o.b"]),
            Err(RosterError::LookAlike(..))
        ));
        // Emoji names keep their joiners; two names of emoji alone are
        // told apart by the emoji.
        assert!(Roster::new(["\u{1F98A} Foxy", "\u{2764}\u{FE0F}", "\u{1F338}"]).is_ok());
    }

    #[test]
    fn the_count_is_checked_first() {
        let many: Vec<String> = (0..100_000).map(|i| format!("P{}", i % 7)).collect();
        assert_eq!(Roster::new(&many), Err(RosterError::TooMany(100_000)));
    }

    #[test]
    fn full_name_beats_prefix() {
        let r = roster();
        assert_eq!(r.resolve_guess("ann"), Ok(PlayerId(0)));
        assert_eq!(r.resolve_guess("ANNABEL"), Ok(PlayerId(1)));
        assert!(matches!(r.resolve_guess("anna"), Err(GuessError::Ambiguous(v)) if v.len() == 2));
        assert_eq!(r.resolve_guess("bo"), Ok(PlayerId(2)));
        assert_eq!(r.resolve_guess("Bobby"), Ok(PlayerId(2)));
        assert_eq!(r.resolve_guess("x"), Err(GuessError::NoMatch));
        assert_eq!(r.resolve_guess("harbor lights"), Ok(PlayerId(3)));
        assert_eq!(r.resolve_guess("HAR"), Ok(PlayerId(3)));
        assert_eq!(r.name(PlayerId(3)), "Harbor Lights");
    }

    #[test]
    fn former_names_read_as_their_slot() {
        let r = roster()
            .renamed(
                &["Ann", "Zelda", "Bob", "Harbor Lights"],
                &[(1, "Annabel".to_string())],
            )
            .unwrap();
        assert_eq!(r.find("annabel"), Some(PlayerId(1)));
        assert_eq!(r.find("zelda"), Some(PlayerId(1)));
        assert_eq!(r.resolve_guess("Annabel"), Ok(PlayerId(1)));
        assert_eq!(r.resolve_guess("ann"), Ok(PlayerId(0)));
        assert!(matches!(r.resolve_guess("anna"), Err(GuessError::Ambiguous(v)) if v.len() == 2));
        assert_eq!(r.resolve_guess("zel"), Ok(PlayerId(1)));
        assert_eq!(r.former_names(PlayerId(1)).collect::<Vec<_>>(), ["annabel"]);
    }

    #[test]
    fn roster_errors() {
        assert_eq!(Roster::new(Vec::<String>::new()), Err(RosterError::Empty));
        assert_eq!(Roster::new(["a", " "]), Err(RosterError::BlankName(1)));
        assert_eq!(
            Roster::new(["Ann", "ANN"]),
            Err(RosterError::Duplicate("ANN".into()))
        );
        assert_eq!(roster().prefix_clashes(), vec![(PlayerId(0), PlayerId(1))]);
    }
}
