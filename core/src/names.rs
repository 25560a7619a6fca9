//! Player names (Survival S1.1, Dice ORG D1.1) and how players name each
//! other in their messages (Survival S2.3), written once for every game.
//!
//! A name is 1 to 32 characters: letters, digits, spaces, `- ' . _` and
//! emoji, with at least one letter or digit and no space at either end or
//! twice in a row: what Discord usernames (`tofu_cat`, `sunny.d`) and
//! display names (`Mika 🌸`) and forum names hold, and nothing a post
//! format reads as markup that escaping does not cover. Names are unique
//! ignoring case, spaces and punctuation ([`plain_key`]): `Ann Marie`,
//! `Ann-Marie` and `ann_marie` are one name, refused at set-up with both
//! named.
//!
//! Reading a name a player wrote ([`NameIndex::read`]) goes from the
//! surest reading to the loosest, and each reading must name exactly one
//! player (several at the first reading that hits: ambiguous, refused with
//! the candidates):
//!
//! 1. the full name, ignoring case and spaces, then [folded](fold): accents,
//!    apostrophes and other punctuation, `@` mentions and invisible
//!    characters do not count (`Zoe` = `Zoë`, `O’Neil` = `O'Neil`,
//!    `@ann` = `Ann`);
//! 2. a nickname the moderator keeps for a player;
//! 3. a prefix of at least 3 letters that starts one name (`harbor`);
//! 4. a word or run of words of a name, at least 3 letters, where words
//!    are split at spaces, punctuation, capitals and digits (`Gin` for
//!    `TheRealGin-N-Tonic`);
//! 5. the initials of a name of two or more words (`HD`, `trgnt`);
//! 6. a near miss in spelling of a name of at least 5 letters (one letter
//!    wrong, missing, extra or two swapped; two for names of 8 or more).
//!
//! Readings 3 to 6 are guesses ([`How::is_guess`]): a caller shows each
//! with how it was read, and the moderator can keep it as a nickname or
//! refuse it ([`NameIndex::with_nicknames`]'s `no_guess`). The first
//! rules' reading (full name, else a unique prefix) stays available as
//! [`NameIndex::resolve`].

use std::fmt;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// The shortest prefix that names a player (S2.3).
pub const MIN_PREFIX_CHARS: usize = 3;
/// The shortest name a near miss in spelling may name (S2.3), in folded
/// letters.
pub const MIN_NEAR_MISS_CHARS: usize = 5;

/// Why a name is refused (S1.1). `Display` names the name and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Empty (or only spaces).
    Empty,
    /// Longer than [`MAX_NAME_CHARS`].
    TooLong(String),
    /// A character outside letters, digits, spaces, `- ' . _` and emoji.
    BadCharacter(String, char),
    /// No letter or digit (`🌸`, `...`): nothing players could write.
    NoLetter(String),
    /// Spaces at an end or two in a row.
    Spacing(String),
    /// Two names equal ignoring case, spaces and punctuation
    /// ([`plain_key`]).
    Duplicate(String, String),
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty => write!(f, "a name is empty"),
            NameError::TooLong(n) => {
                write!(f, "{n:?} is longer than {MAX_NAME_CHARS} characters")
            }
            NameError::BadCharacter(n, c) => write!(
                f,
                "{n:?} contains {c:?}: names use letters, digits, spaces, emoji and - ' . _ only"
            ),
            NameError::NoLetter(n) => write!(
                f,
                "{n:?} has no letter or digit: players could not write it"
            ),
            NameError::Spacing(n) => {
                write!(f, "{n:?} has a space at an end or two spaces in a row")
            }
            NameError::Duplicate(a, b) => {
                write!(
                    f,
                    "{a:?} and {b:?} read as the same name (case, spaces and punctuation do not count)"
                )
            }
        }
    }
}

impl std::error::Error for NameError {}

/// The form names are compared in: lowercase, spaces removed.
pub fn key(name: &str) -> String {
    if name.is_ascii() {
        return name
            .bytes()
            .filter(|b| !char::from(*b).is_whitespace())
            .map(|b| char::from(b.to_ascii_lowercase()))
            .collect();
    }
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `c` is drawn as (part of) an emoji: the pictographs and
/// symbols of U+1F000 to U+1FAFF (with flags' regional indicators and
/// skin tones), U+2600 to U+27BF (`☀ ✨ ❤`) and U+2B00 to U+2BFF (`⭐`),
/// and the joiner and presentation selector emoji are written with.
pub fn is_emoji(c: char) -> bool {
    matches!(c,
        '\u{1F000}'..='\u{1FAFF}'
        | '\u{2600}'..='\u{27BF}'
        | '\u{2B00}'..='\u{2BFF}'
        | '\u{200D}' | '\u{FE0F}')
}

/// Whether `c` may stand in a name (S1.1): a letter or digit, a space,
/// `- ' . _`, or part of an emoji ([`is_emoji`]).
fn name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, ' ' | '-' | '\'' | '.' | '_') || is_emoji(c)
}

/// Checks one name (S1.1).
///
/// # Errors
///
/// [`NameError::Empty`] if the name is empty or only spaces,
/// [`NameError::TooLong`] if it has more than [`MAX_NAME_CHARS`] characters,
/// [`NameError::BadCharacter`] for the first character that is not a letter,
/// digit, space, `-`, `'`, `.`, `_` or emoji, [`NameError::NoLetter`] for a
/// name with no letter or digit, and [`NameError::Spacing`] for a space at
/// either end or two spaces in a row (checked in that order).
pub fn check_name(name: &str) -> Result<(), NameError> {
    if name.trim().is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong(name.to_string()));
    }
    if let Some(c) = name.chars().find(|&c| !name_char(c)) {
        return Err(NameError::BadCharacter(name.to_string(), c));
    }
    if !name.chars().any(char::is_alphanumeric) {
        return Err(NameError::NoLetter(name.to_string()));
    }
    if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
        return Err(NameError::Spacing(name.to_string()));
    }
    Ok(())
}

/// A name's letters and digits, lowercase: the form two names may not
/// share (S1.1). Accents count here, unlike in [`fold`]: telling `Zoë`
/// from `Zoe` at set-up would need the canonical decomposition tables in
/// every set-up page, and a reader tells the two apart by the exact name
/// first (S2.3 reading 1).
pub fn plain_key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Checks a roster: every name valid, no two with the same [`plain_key`].
/// The first problem is returned ([`name_problems`] gives them all).
///
/// # Errors
///
/// The first name, in roster order, that [`check_name`] refuses gives that
/// error; a name with the [`plain_key`] of an earlier one gives
/// [`NameError::Duplicate`] (the earlier name first).
pub fn check_names<S: AsRef<str>>(names: &[S]) -> Result<(), NameError> {
    match name_problems(names).into_iter().next() {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Every problem of a roster at once, in roster order: (index of the
/// name, what [`check_name`] refuses in it, or [`NameError::Duplicate`]
/// naming the earlier name with its [`plain_key`]). Empty for a good roster. Each
/// name is keyed once and compared against the earlier ones: call it
/// after a game's player count is checked (at most a few hundred names).
pub fn name_problems<S: AsRef<str>>(names: &[S]) -> Vec<(usize, NameError)> {
    let mut out = Vec::new();
    let mut seen: Vec<(String, &str)> = Vec::with_capacity(names.len());
    for (i, n) in names.iter().enumerate() {
        let n = n.as_ref();
        if let Err(e) = check_name(n) {
            out.push((i, e));
            continue;
        }
        let k = plain_key(n);
        if let Some((_, other)) = seen.iter().find(|(sk, _)| *sk == k) {
            out.push((i, NameError::Duplicate(other.to_string(), n.to_string())));
            continue;
        }
        seen.push((k, n));
    }
    out
}

/// Why a text names no one player (S2.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// Nothing to match.
    Empty,
    /// Shorter than [`MIN_PREFIX_CHARS`] and not a full name.
    TooShort(String),
    /// No name starts with it.
    Unknown(String),
    /// Several names start with it: their indices.
    Ambiguous(String, Vec<usize>),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Empty => write!(f, "no name given"),
            MatchError::TooShort(t) => write!(
                f,
                "{t:?} is not a name, and a shortened name needs at least {MIN_PREFIX_CHARS} letters"
            ),
            MatchError::Unknown(t) => write!(f, "{t:?} names no player"),
            MatchError::Ambiguous(t, v) => {
                write!(f, "{t:?} could be any of {} players", v.len())
            }
        }
    }
}

impl std::error::Error for MatchError {}

/// Whether `c` sets or ends a direction of text (the Arabic letter mark,
/// the left-to-right and right-to-left marks, embeddings, overrides and
/// isolates): in a post, one in a player's name or line would turn the
/// forum's text around it (`format::without_bidi`).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` is an invisible character that never counts in a name:
/// zero-width spaces and joiners, the direction controls
/// ([`is_bidi_control`]), the soft hyphen, the byte-order mark, variation
/// selectors.
pub fn is_invisible(c: char) -> bool {
    is_bidi_control(c)
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2065}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}')
}

/// Letters without a decomposition that readers still type plainly.
fn plain_letters(c: char) -> Option<&'static str> {
    Some(match c {
        'ø' | 'Ø' => "o",
        'ł' | 'Ł' => "l",
        'đ' | 'Đ' | 'ð' | 'Ð' => "d",
        'ß' | 'ẞ' => "ss",
        'æ' | 'Æ' => "ae",
        'œ' | 'Œ' => "oe",
        'þ' | 'Þ' => "th",
        'ı' => "i",
        _ => return None,
    })
}

/// The folded form of a name or of a text naming one (S2.3): canonical
/// decomposition (NFD, by `unicode-normalization`), accents and other
/// combining marks removed,
/// lowercase, and only letters and digits kept (spaces, apostrophes of any
/// kind, hyphens, periods, `@` and invisible characters dropped).
/// `fold("O’Neil") == fold("o'neil") == "oneil"`, `fold("Zoë") == "zoe"`.
pub fn fold(text: &str) -> String {
    use unicode_normalization::char::{decompose_canonical, is_combining_mark};
    if text.is_ascii() {
        // ASCII has nothing to decompose: the common case, kept cheap.
        return text
            .bytes()
            .filter(u8::is_ascii_alphanumeric)
            .map(|b| char::from(b.to_ascii_lowercase()))
            .collect();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        decompose_canonical(c, |c| {
            if let Some(p) = plain_letters(c) {
                out.push_str(p);
            } else if c.is_alphanumeric() && !is_combining_mark(c) {
                out.extend(c.to_lowercase());
            }
        });
    }
    out
}

/// The words of a name for readings 4 and 5 of the module: split at every
/// character that is not a letter or digit, between a lowercase letter and
/// a capital, and between letters and digits; each folded.
/// `TheRealGin-N-Tonic` gives `the real gin n tonic`.
pub fn words(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut prev: Option<char> = None;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(fold(&cur));
                cur.clear();
            }
            prev = None;
            continue;
        }
        if let Some(p) = prev {
            let camel = p.is_lowercase() && c.is_uppercase();
            let digit = p.is_numeric() != c.is_numeric();
            if (camel || digit) && !cur.is_empty() {
                out.push(fold(&cur));
                cur.clear();
            }
        }
        cur.push(c);
        prev = Some(c);
    }
    if !cur.is_empty() {
        out.push(fold(&cur));
    }
    out.retain(|w| !w.is_empty());
    out
}

/// How a text was read as a player's name (S2.3), surest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum How {
    /// The full name (case, spaces, accents, punctuation and `@` aside).
    Full,
    /// A nickname the moderator keeps for the player.
    Nickname,
    /// The start of the name (3 letters or more).
    Prefix,
    /// A word or run of words of the name (3 letters or more).
    Part,
    /// The initials of the name's words.
    Initials,
    /// A near miss in spelling.
    NearMiss,
}

impl How {
    /// Whether the reading is a guess the moderator should confirm (a
    /// prefix, part, initials or near miss); full names and nicknames are
    /// not.
    pub fn is_guess(self) -> bool {
        !matches!(self, How::Full | How::Nickname)
    }

    /// A short name for records and case files: `full`, `nickname`,
    /// `prefix`, `part`, `initials`, `near_miss`.
    pub fn name(self) -> &'static str {
        match self {
            How::Full => "full",
            How::Nickname => "nickname",
            How::Prefix => "prefix",
            How::Part => "part",
            How::Initials => "initials",
            How::NearMiss => "near_miss",
        }
    }

    /// The reading from its short name ([`How::name`]).
    pub fn from_name(s: &str) -> Option<How> {
        [
            How::Full,
            How::Nickname,
            How::Prefix,
            How::Part,
            How::Initials,
            How::NearMiss,
        ]
        .into_iter()
        .find(|h| h.name() == s)
    }
}

impl fmt::Display for How {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            How::Full => "the full name",
            How::Nickname => "a nickname",
            How::Prefix => "the start of the name",
            How::Part => "part of the name",
            How::Initials => "the initials",
            How::NearMiss => "a near spelling",
        })
    }
}

/// One reading of a text as a name: the player's index and how.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NameRead {
    /// The player, as an index into the names the index was built from.
    pub index: usize,
    /// How the text was read.
    pub how: How,
}

/// Why a nickname cannot be kept (S2.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NicknameError {
    /// Not a valid name (S1.1's characters and length), or nothing left
    /// once folded.
    Invalid(NameError),
    /// It is (folded) another player's full name: that player's index.
    OtherName(String, usize),
    /// Another player already has it as a nickname: that player's index.
    Taken(String, usize),
}

impl fmt::Display for NicknameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NicknameError::Invalid(e) => write!(f, "not a nickname: {e}"),
            NicknameError::OtherName(n, _) => {
                write!(f, "{n:?} is another player's name")
            }
            NicknameError::Taken(n, _) => {
                write!(f, "{n:?} is already another player's nickname")
            }
        }
    }
}

impl std::error::Error for NicknameError {}

/// The length of `s` in characters.
fn chars(s: &str) -> usize {
    s.chars().count()
}

/// The characters of `s`, sorted (a bag of characters, for
/// [`bag_distance`]).
fn bag(s: &str) -> Vec<char> {
    let mut b: Vec<char> = s.chars().collect();
    crate::text::sort_small(&mut b, |c| *c);
    b
}

/// The bag distance of two sorted character bags: the larger of the counts
/// of characters one has and the other lacks. Never more than their optimal
/// string alignment distance (an insertion, deletion or substitution
/// changes it by at most one, a transposition not at all), so a name whose
/// bag distance is over a limit is left out without aligning it (aligning
/// every unknown vote target with every name would be most of a 1 MB day's
/// count).
fn bag_distance(a: &[char], b: &[char]) -> usize {
    let (mut i, mut j, mut common) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    (a.len() - common).max(b.len() - common)
}

/// Names compared by key and by folded form, with the moderator's
/// nicknames and refused guesses, for matching many texts against one
/// roster.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameIndex {
    /// Each name's [`key`] (the first rules' comparison).
    keys: Vec<String>,
    /// Each name folded.
    folds: Vec<String>,
    /// Each name's folded words.
    words: Vec<Vec<String>>,
    /// Each folded name's characters, sorted ([`bag`]).
    bags: Vec<Vec<char>>,
    /// Folded nickname and the player's index.
    nicks: Vec<(String, usize)>,
    /// Folded texts never read by a guess.
    no_guess: Vec<String>,
}

impl NameIndex {
    /// An index over `names` (in roster order; indices refer to it).
    pub fn new<S: AsRef<str>>(names: &[S]) -> NameIndex {
        let folds: Vec<String> = names.iter().map(|n| fold(n.as_ref())).collect();
        NameIndex {
            keys: names.iter().map(|n| key(n.as_ref())).collect(),
            bags: folds.iter().map(|f| bag(f)).collect(),
            folds,
            words: names.iter().map(|n| words(n.as_ref())).collect(),
            nicks: Vec::new(),
            no_guess: Vec::new(),
        }
    }

    /// An index over `names` with the moderator's nicknames (player index,
    /// nickname) and the texts they refused as guesses (never read by
    /// readings 3 to 6; they can still be a full name or a nickname).
    ///
    /// # Errors
    ///
    /// The first nickname [`check_nickname`] refuses, with its place in
    /// `nicknames`.
    pub fn with_nicknames<S: AsRef<str>, T: AsRef<str>>(
        names: &[S],
        nicknames: &[(usize, T)],
        no_guess: &[T],
    ) -> Result<NameIndex, (usize, NicknameError)> {
        let mut idx = NameIndex::new(names);
        for (i, (p, nick)) in nicknames.iter().enumerate() {
            idx.add_nickname(*p, nick.as_ref()).map_err(|e| (i, e))?;
        }
        idx.no_guess = no_guess
            .iter()
            .map(|t| fold(t.as_ref()))
            .filter(|t| !t.is_empty())
            .collect();
        Ok(idx)
    }

    /// Checks a nickname for player `player` against the names and the
    /// nicknames already kept: a valid name (S1.1) with something left
    /// once folded, not another player's full name, not another player's
    /// nickname. The player's own name or a nickname kept twice is
    /// accepted (it changes nothing).
    ///
    /// # Errors
    ///
    /// [`NicknameError`] naming the problem.
    pub fn check_nickname(&self, player: usize, nick: &str) -> Result<(), NicknameError> {
        check_name(nick).map_err(NicknameError::Invalid)?;
        let f = fold(nick);
        if f.is_empty() {
            return Err(NicknameError::Invalid(NameError::Empty));
        }
        if let Some(o) = self.folds.iter().position(|n| *n == f)
            && o != player
        {
            return Err(NicknameError::OtherName(nick.to_string(), o));
        }
        if let Some((_, o)) = self.nicks.iter().find(|(n, o)| *n == f && *o != player) {
            return Err(NicknameError::Taken(nick.to_string(), *o));
        }
        Ok(())
    }

    /// Adds a nickname for player `player` (see [`NameIndex::check_nickname`]).
    ///
    /// # Errors
    ///
    /// [`NicknameError`] naming the problem; the index is unchanged.
    pub fn add_nickname(&mut self, player: usize, nick: &str) -> Result<(), NicknameError> {
        self.check_nickname(player, nick)?;
        let f = fold(nick);
        if !self.nicks.iter().any(|(n, _)| *n == f) {
            self.nicks.push((f, player));
        }
        Ok(())
    }

    /// The number of names.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there is no name.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The one player `text` names under the first rules (S2.3 before the
    /// reading of the module): a full name (ignoring case and spaces), else
    /// a prefix of at least 3 characters that starts exactly one name.
    ///
    /// # Errors
    ///
    /// [`MatchError`]: nothing given, too short, no name, several names.
    pub fn resolve(&self, text: &str) -> Result<usize, MatchError> {
        let t = text.trim();
        let k = key(t);
        if k.is_empty() {
            return Err(MatchError::Empty);
        }
        if let Some(i) = self.keys.iter().position(|n| *n == k) {
            return Ok(i);
        }
        if k.chars().count() < MIN_PREFIX_CHARS {
            return Err(MatchError::TooShort(t.to_string()));
        }
        let hits: Vec<usize> = (0..self.keys.len())
            .filter(|&i| self.keys[i].starts_with(&k))
            .collect();
        match hits.len() {
            0 => Err(MatchError::Unknown(t.to_string())),
            1 => Ok(hits[0]),
            _ => Err(MatchError::Ambiguous(t.to_string(), hits)),
        }
    }

    /// Whether `text` is exactly a full name (ignoring case and spaces).
    pub fn is_full_name(&self, text: &str) -> bool {
        let k = key(text);
        self.keys.contains(&k)
    }

    /// The player `text` names exactly: a full name (by key, then folded)
    /// or a nickname; no guess. For headers and authors.
    pub fn exact(&self, text: &str) -> Option<NameRead> {
        if text.is_ascii() {
            return self.exact_ascii(text.as_bytes());
        }
        self.exact_folded(text)
    }

    /// [`NameIndex::exact`] by building the [`key`] and the [`fold`].
    fn exact_folded(&self, text: &str) -> Option<NameRead> {
        let k = key(text.trim());
        if k.is_empty() {
            return None;
        }
        if let Some(i) = self.keys.iter().position(|n| *n == k) {
            return Some(NameRead {
                index: i,
                how: How::Full,
            });
        }
        let f = fold(text);
        if f.is_empty() {
            return None;
        }
        let full: Vec<usize> = (0..self.folds.len())
            .filter(|&i| self.folds[i] == f)
            .collect();
        if let [i] = full[..] {
            return Some(NameRead {
                index: i,
                how: How::Full,
            });
        }
        self.nicks
            .iter()
            .find(|(n, _)| *n == f)
            .map(|(_, i)| NameRead {
                index: *i,
                how: How::Nickname,
            })
    }

    /// [`NameIndex::exact`] for ASCII text without allocating: the
    /// [`key`] and the [`fold`] are built in a buffer on the stack (headers
    /// and vote names are read on every recount). Longer texts are read
    /// by [`NameIndex::exact_folded`].
    fn exact_ascii(&self, text: &[u8]) -> Option<NameRead> {
        const CAP: usize = 96;
        /// The bytes `keep` keeps, lowercased, into `buf`: how many, or
        /// `None` when they do not fit.
        fn fill(text: &[u8], buf: &mut [u8; CAP], keep: fn(u8) -> bool) -> Option<usize> {
            let mut n = 0;
            for &b in text.iter().filter(|b| keep(**b)) {
                *buf.get_mut(n)? = b.to_ascii_lowercase();
                n += 1;
            }
            Some(n)
        }
        let mut buf = [0u8; CAP];
        // Alphanumerics are a part of the non-spaces: both fit, or neither.
        let Some(n) = fill(text, &mut buf, |b| !crate::text::ascii_space(b)) else {
            return self.exact_folded(std::str::from_utf8(text).ok()?);
        };
        if n == 0 {
            return None;
        }
        let key = &buf[..n];
        // The last bytes first: names often differ only there (`Player 07`).
        let same = |k: &[u8]| k.len() == n && k[n - 1] == key[n - 1] && k == key;
        if let Some(i) = self.keys.iter().position(|k| same(k.as_bytes())) {
            return Some(NameRead {
                index: i,
                how: How::Full,
            });
        }
        let n = fill(text, &mut buf, |b| b.is_ascii_alphanumeric())?;
        if n == 0 {
            return None;
        }
        let f = &buf[..n];
        let same = |k: &[u8]| k.len() == n && k[n - 1] == f[n - 1] && k == f;
        let mut full = (0..self.folds.len()).filter(|&i| same(self.folds[i].as_bytes()));
        if let (Some(i), None) = (full.next(), full.next()) {
            return Some(NameRead {
                index: i,
                how: How::Full,
            });
        }
        self.nicks
            .iter()
            .find(|(k, _)| same(k.as_bytes()))
            .map(|(_, i)| NameRead {
                index: *i,
                how: How::Nickname,
            })
    }

    /// The one player `text` names, and how it was read (the module's
    /// readings 1 to 6, surest first; the first reading with any hit
    /// decides).
    ///
    /// # Errors
    ///
    /// [`MatchError`]: nothing given (or nothing once folded), shorter than
    /// 3 letters and no full name, nickname or initials, no player, or
    /// several players at the first reading that hits (their indices).
    pub fn read(&self, text: &str) -> Result<NameRead, MatchError> {
        let t = text.trim();
        let f = fold(t);
        if f.is_empty() {
            return Err(MatchError::Empty);
        }
        // 1. Full name: by key first (names unique by key), then folded.
        let k = key(t);
        if let Some(i) = self.keys.iter().position(|n| *n == k) {
            return Ok(NameRead {
                index: i,
                how: How::Full,
            });
        }
        let one = |hits: Vec<usize>, how: How| -> Option<Result<NameRead, MatchError>> {
            match hits.len() {
                0 => None,
                1 => Some(Ok(NameRead {
                    index: hits[0],
                    how,
                })),
                _ => Some(Err(MatchError::Ambiguous(t.to_string(), hits))),
            }
        };
        let all = 0..self.folds.len();
        if let Some(r) = one(
            all.clone().filter(|&i| self.folds[i] == f).collect(),
            How::Full,
        ) {
            return r;
        }
        // 2. Nicknames.
        if let Some((_, i)) = self.nicks.iter().find(|(n, _)| *n == f) {
            return Ok(NameRead {
                index: *i,
                how: How::Nickname,
            });
        }
        let n = chars(&f);
        let guessable = !self.no_guess.contains(&f);
        // 5 comes first for short all-letter texts: `HD` is too short for
        // anything else.
        if n < MIN_PREFIX_CHARS {
            if guessable && let Some(r) = self.initials(t, &f) {
                return r;
            }
            return Err(MatchError::TooShort(t.to_string()));
        }
        if !guessable {
            return Err(MatchError::Unknown(t.to_string()));
        }
        // 3. Prefix.
        if let Some(r) = one(
            all.clone()
                .filter(|&i| self.folds[i].starts_with(&f))
                .collect(),
            How::Prefix,
        ) {
            return r;
        }
        // 4. A word or a run of words.
        if let Some(r) = one(
            all.clone()
                .filter(|&i| {
                    let w = &self.words[i];
                    (0..w.len()).any(|a| {
                        let mut run = String::new();
                        w[a..].iter().any(|x| {
                            run.push_str(x);
                            run == f
                        })
                    })
                })
                .collect(),
            How::Part,
        ) {
            return r;
        }
        // 5. Initials.
        if let Some(r) = self.initials(t, &f) {
            return r;
        }
        // 6. Near miss.
        let fb = bag(&f);
        if n + 1 >= MIN_NEAR_MISS_CHARS
            && let Some(r) = one(
                all.filter(|&i| {
                    let name = &self.folds[i];
                    let len = chars(name);
                    let limit = if len >= 8 { 2 } else { 1 };
                    len >= MIN_NEAR_MISS_CHARS
                        && n.abs_diff(len) <= limit
                        && bag_distance(&fb, &self.bags[i]) <= limit
                        && strsim::osa_distance(&f, name) <= limit
                })
                .collect(),
                How::NearMiss,
            )
        {
            return r;
        }
        Err(MatchError::Unknown(t.to_string()))
    }

    /// Reading 5: `f` (letters only, 2 or more) is the initials of one
    /// name of two or more words.
    fn initials(&self, t: &str, f: &str) -> Option<Result<NameRead, MatchError>> {
        if chars(f) < 2 || !f.chars().all(char::is_alphabetic) {
            return None;
        }
        let hits: Vec<usize> = (0..self.words.len())
            .filter(|&i| {
                let w = &self.words[i];
                w.len() >= 2 && w.len() == chars(f) && {
                    let init: String = w.iter().filter_map(|x| x.chars().next()).collect();
                    init == f
                }
            })
            .collect();
        match hits.len() {
            0 => None,
            1 => Some(Ok(NameRead {
                index: hits[0],
                how: How::Initials,
            })),
            _ => Some(Err(MatchError::Ambiguous(t.to_string(), hits))),
        }
    }

    /// The names nearest to an unknown text, for the moderator: up to 3
    /// indices by spelling distance of the folded forms (at most half the
    /// text's length), nearest first.
    pub fn nearest(&self, text: &str) -> Vec<usize> {
        let f = fold(text);
        if f.is_empty() {
            return Vec::new();
        }
        let n = chars(&f);
        let limit = n.div_ceil(2);
        let fb = bag(&f);
        // (Each distance only aligned when its bag distance allows it to
        // be within the limit: the result is the same.)
        let mut d: Vec<(usize, usize)> = (0..self.folds.len())
            .map(|i| {
                let name = &self.folds[i];
                let whole = if bag_distance(&fb, &self.bags[i]) <= limit {
                    strsim::osa_distance(&f, name)
                } else {
                    usize::MAX
                };
                // The name's first n characters, one more for the cut.
                let head = if chars(name) > n {
                    let head: String = name.chars().take(n).collect();
                    if bag_distance(&fb, &bag(&head)) < limit {
                        strsim::osa_distance(&f, &head) + 1
                    } else {
                        usize::MAX
                    }
                } else {
                    // (The head is the whole name: one more than it.)
                    usize::MAX
                };
                (whole.min(head), i)
            })
            .filter(|(dist, _)| *dist <= limit)
            .collect();
        d.sort();
        d.into_iter().take(3).map(|(_, i)| i).collect()
    }
}

/// Reads a serialised list of names (a save file's roster) as far as
/// `max` of them: `Ok(names)` when the list has at most `max`, else
/// `Err(count)`, the list counted without its names being read, so a file
/// holding a list of any length is refused at once with its count.
///
/// # Errors
///
/// The deserializer's error when the value is not a list of strings (the
/// names past `max` are counted whatever they are).
pub fn capped_names<'de, D: serde::Deserializer<'de>>(
    d: D,
    max: usize,
) -> Result<Result<Vec<String>, usize>, D::Error> {
    struct Capped(usize);
    impl<'de> serde::de::Visitor<'de> for Capped {
        type Value = Result<Vec<String>, usize>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a list of player names")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut names: Vec<String> = Vec::new();
            while names.len() < self.0 {
                match seq.next_element()? {
                    Some(name) => names.push(name),
                    None => return Ok(Ok(names)),
                }
            }
            let mut n = names.len();
            while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                n += 1;
            }
            Ok(if n > self.0 { Err(n) } else { Ok(names) })
        }
    }
    d.deserialize_seq(Capped(max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_names_is_read_up_to_its_cap_and_counted_past_it() {
        let read = |json: &str| capped_names(&mut serde_json::Deserializer::from_str(json), 3);
        assert_eq!(
            read(r#"["Ann","Bob"]"#).unwrap(),
            Ok(vec!["Ann".to_string(), "Bob".to_string()])
        );
        assert_eq!(read(r#"["A","B","C"]"#).unwrap().map(|v| v.len()), Ok(3));
        // Past the cap the rest is counted, whatever it holds.
        assert_eq!(read(r#"["A","B","C","D",5,{"x":[1]}]"#).unwrap(), Err(6));
        assert!(read(r#"["A",5]"#).is_err());
        assert!(read(r#""A""#).is_err());
    }

    #[test]
    fn names_s1_1() {
        assert!(check_name("Harbor Lights").is_ok());
        assert!(check_name("O'Neil-Smith Jr.").is_ok());
        assert!(check_name("Zoë").is_ok());
        assert!(matches!(
            check_name("a*b"),
            Err(NameError::BadCharacter(_, '*'))
        ));
        assert!(matches!(
            check_name("[b]x"),
            Err(NameError::BadCharacter(_, '['))
        ));
        assert!(matches!(
            check_name(&"x".repeat(33)),
            Err(NameError::TooLong(_))
        ));
        assert!(matches!(check_name(" x"), Err(NameError::Spacing(_))));
        assert!(matches!(check_name(""), Err(NameError::Empty)));
        assert!(matches!(
            check_names(&["Ann Lee", "annlee"]),
            Err(NameError::Duplicate(_, _))
        ));
    }

    #[test]
    fn names_platforms_allow_s1_1() {
        // Discord usernames and display names, forum names.
        for ok in [
            "tofu_cat",
            "Mafia_Mom",
            "sunny.d",
            "🦊 Foxy",
            "Mika 🌸",
            "👩‍💻 Dev",
            "x_x 2",
        ] {
            assert_eq!(check_name(ok), Ok(()), "{ok}");
        }
        assert!(matches!(check_name("🌸🌸"), Err(NameError::NoLetter(_))));
        assert!(matches!(check_name("..."), Err(NameError::NoLetter(_))));
        assert!(matches!(
            check_name("a:b"),
            Err(NameError::BadCharacter(_, ':'))
        ));
        assert!(matches!(
            check_name("a@b"),
            Err(NameError::BadCharacter(_, '@'))
        ));
        // Names equal but for case, spaces and punctuation are one name: both named, every
        // problem at once.
        let p = name_problems(&["Ann Marie", "Bob", "ann_marie", "H*l", "Mika 🌸", "Mika"]);
        assert_eq!(
            p,
            [
                (
                    2,
                    NameError::Duplicate("Ann Marie".into(), "ann_marie".into())
                ),
                (3, NameError::BadCharacter("H*l".into(), '*')),
                (5, NameError::Duplicate("Mika 🌸".into(), "Mika".into())),
            ]
        );
    }

    #[test]
    fn matching_s2_3() {
        let idx = NameIndex::new(&["Harbor Lights", "Ann", "Annabel", "Bob"]);
        assert_eq!(idx.resolve("harbor"), Ok(0));
        assert_eq!(idx.resolve("HARBORLIGHTS"), Ok(0));
        // A full name wins over the prefix it is of another name.
        assert_eq!(idx.resolve("ann"), Ok(1));
        assert_eq!(idx.resolve("anna"), Ok(2));
        assert_eq!(idx.resolve("bo"), Err(MatchError::TooShort("bo".into())));
        assert_eq!(idx.resolve("Bob"), Ok(3));
        assert!(matches!(idx.resolve("zed"), Err(MatchError::Unknown(_))));
        let idx = NameIndex::new(&["Annie", "Annabel"]);
        assert!(matches!(idx.resolve("ann"), Err(MatchError::Ambiguous(_, v)) if v == vec![0, 1]));
        assert!(matches!(idx.resolve("  "), Err(MatchError::Empty)));
    }

    fn read(idx: &NameIndex, t: &str) -> Result<(usize, How), MatchError> {
        idx.read(t).map(|r| (r.index, r.how))
    }

    #[test]
    fn folding_s2_3() {
        assert_eq!(fold("Zoë"), "zoe");
        assert_eq!(fold("O’Neil"), fold("o'neil"));
        assert_eq!(fold("@Ann"), "ann");
        assert_eq!(fold("A\u{200b}nn"), "ann");
        // Canonical decomposition only: compatibility forms (full-width
        // letters, ligatures) stay themselves. The compatibility tables
        // cost a page 31 KB brotli, and S2.3 asks for accents only.
        assert_eq!(fold("Ｂｏｂ"), "ｂｏｂ");
        assert_eq!(fold("Åsa"), "asa");
        assert_eq!(fold("Søren Łukasz"), "sorenlukasz");
        assert_eq!(fold("!!"), "");
        assert_eq!(
            words("TheRealGin-N-Tonic"),
            ["the", "real", "gin", "n", "tonic"]
        );
        assert_eq!(words("Harbor Lights"), ["harbor", "lights"]);
        assert_eq!(words("R2D2"), ["r", "2", "d", "2"]);
        assert!(is_invisible('\u{feff}'));
    }

    #[test]
    fn readings_s2_3() {
        let names = [
            "TheRealGin-N-Tonic",
            "Harvey Dent",
            "Zoë",
            "O'Neil",
            "Annabel",
            "Annie",
            "Bartholomew",
        ];
        let idx = NameIndex::with_nicknames(&names, &[(4, "Bel")], &[]).unwrap();
        assert_eq!(read(&idx, "zoe"), Ok((2, How::Full)));
        assert_eq!(read(&idx, "O’Neil"), Ok((3, How::Full)));
        assert_eq!(read(&idx, "@oneil"), Ok((3, How::Full)));
        assert_eq!(read(&idx, "bel"), Ok((4, How::Nickname)));
        assert_eq!(read(&idx, "therealgin"), Ok((0, How::Prefix)));
        assert_eq!(read(&idx, "Gin"), Ok((0, How::Part)));
        assert_eq!(read(&idx, "Tonic"), Ok((0, How::Part)));
        assert_eq!(read(&idx, "GinNTonic"), Ok((0, How::Part)));
        assert_eq!(read(&idx, "Dent"), Ok((1, How::Part)));
        assert_eq!(read(&idx, "HD"), Ok((1, How::Initials)));
        assert_eq!(read(&idx, "trgnt"), Ok((0, How::Initials)));
        assert_eq!(read(&idx, "Bartholomeu"), Ok((6, How::NearMiss)));
        assert_eq!(read(&idx, "Bartolomew"), Ok((6, How::NearMiss)));
        assert_eq!(read(&idx, "Anabel"), Ok((4, How::NearMiss)));
        assert!(matches!(idx.read("Ann"), Err(MatchError::Ambiguous(_, v)) if v == vec![4, 5]));
        assert!(matches!(idx.read("Zed"), Err(MatchError::Unknown(_))));
        assert!(matches!(idx.read("Zo"), Err(MatchError::TooShort(_))));
        assert!(matches!(idx.read("  "), Err(MatchError::Empty)));
        // A near miss needs a name of 5 letters or more.
        assert!(matches!(idx.read("Zox"), Err(MatchError::Unknown(_))));
        // Refused guesses are never read again as a guess.
        let idx = NameIndex::with_nicknames(&names, &[], &["Gin"]).unwrap();
        assert!(matches!(idx.read("gin"), Err(MatchError::Unknown(_))));
        assert_eq!(idx.nearest("Hervey"), [1]);
    }

    #[test]
    fn nicknames_s2_3() {
        let names = ["Ann", "Bob", "Cid"];
        let mut idx = NameIndex::new(&names);
        assert_eq!(idx.add_nickname(0, "Annie"), Ok(()));
        assert_eq!(idx.add_nickname(0, "annie"), Ok(()));
        assert!(matches!(
            idx.add_nickname(1, "Annie"),
            Err(NicknameError::Taken(_, 0))
        ));
        assert!(matches!(
            idx.add_nickname(1, "C.I.D."),
            Err(NicknameError::OtherName(_, 2))
        ));
        assert!(matches!(
            idx.add_nickname(1, "[b]"),
            Err(NicknameError::Invalid(_))
        ));
        assert_eq!(idx.exact("ANNIE").map(|r| r.index), Some(0));
        assert_eq!(idx.exact("Ann").map(|r| r.how), Some(How::Full));
        assert_eq!(idx.exact("An"), None);
        // The first rules' reading is unchanged.
        assert_eq!(
            idx.resolve("annie"),
            Err(MatchError::Unknown("annie".into()))
        );
    }

    proptest::proptest! {
        /// The byte-by-byte reading of ASCII text reads as building the
        /// key and the fold does: names with spaces, marks and cases that
        /// key and fold treat apart, and nicknames.
        #[test]
        fn exact_ascii_reads_as_exact_folded(text in "[ a-cA-C.'\\-\t0-1]{0,12}") {
            let mut idx = NameIndex::new(&["Ab", "A-b", "ab c", "B.C", "Cab 1", "c'a"]);
            idx.add_nickname(1, "Bca").unwrap();
            idx.add_nickname(4, "b 0").unwrap();
            proptest::prop_assert_eq!(idx.exact_ascii(text.as_bytes()), idx.exact_folded(&text));
            // Past the stack buffer: read by building the strings.
            let long = text.repeat(12);
            proptest::prop_assert_eq!(idx.exact_ascii(long.as_bytes()), idx.exact_folded(&long));
        }

        /// The bag distance is never more than the alignment distance, so
        /// the names it leaves out could not have been within a limit.
        #[test]
        fn bag_distance_is_a_lower_bound(a in "[a-eé]{0,10}", b in "[a-eé]{0,10}") {
            proptest::prop_assert!(bag_distance(&bag(&a), &bag(&b)) <= strsim::osa_distance(&a, &b));
        }

        /// The nearest names and the near-miss reading (6) are what
        /// aligning the text with every name gives: the bag distance
        /// only saves work.
        #[test]
        fn pruned_nearest_and_near_miss_are_the_unpruned(text in "[a-fé ]{1,10}") {
            let names = ["Abcde", "Bacdef", "Cabbage Face", "Decaf", "Efface", "Faded Bead", "Abc", "Ébène"];
            let idx = NameIndex::new(&names);
            let f = fold(&text);
            let n = chars(&f);
            let mut want: Vec<(usize, usize)> = (0..names.len())
                .map(|i| {
                    let name = &idx.folds[i];
                    let head: String = name.chars().take(n).collect();
                    (strsim::osa_distance(&f, name).min(strsim::osa_distance(&f, &head) + 1), i)
                })
                .filter(|(d, _)| !f.is_empty() && *d <= n.div_ceil(2))
                .collect();
            want.sort();
            let want: Vec<usize> = want.into_iter().take(3).map(|(_, i)| i).collect();
            proptest::prop_assert_eq!(idx.nearest(&text), want);
            if let Ok(r) = idx.read(&text) && r.how == How::NearMiss {
                let name = &idx.folds[r.index];
                let limit = if chars(name) >= 8 { 2 } else { 1 };
                proptest::prop_assert!(strsim::osa_distance(&f, name) <= limit);
            }
            if let Err(MatchError::Unknown(_)) = idx.read(&text) && n + 1 >= MIN_NEAR_MISS_CHARS {
                // No name of 5 letters or more was a near miss.
                for name in &idx.folds {
                    let len = chars(name);
                    let limit = if len >= 8 { 2 } else { 1 };
                    proptest::prop_assert!(len < MIN_NEAR_MISS_CHARS || n.abs_diff(len) > limit || strsim::osa_distance(&f, name) > limit);
                }
            }
        }
    }
}
