//! Player names (Survival S1.1, Dice ORG D1.1) and how players name each
//! other in their messages (S2.3).
//!
//! A name is 1 to 32 characters: letters, digits, spaces and `- ' .`, with
//! no space at either end or twice in a row, so every name can be written
//! in any post format. Names are unique ignoring case and spaces. A player
//! is named by their full name or by a prefix of at least 3 characters that
//! starts exactly one name, ignoring case and spaces; a full name wins over
//! prefixes.

use std::fmt;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// The shortest prefix that names a player (S2.3).
pub const MIN_PREFIX_CHARS: usize = 3;

/// Why a name is refused (S1.1). `Display` names the name and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Empty (or only spaces).
    Empty,
    /// Longer than [`MAX_NAME_CHARS`].
    TooLong(String),
    /// A character outside letters, digits, spaces and `- ' .`.
    BadCharacter(String, char),
    /// Spaces at an end or two in a row.
    Spacing(String),
    /// Two names equal ignoring case and spaces.
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
                "{n:?} contains {c:?}: names use letters, digits, spaces and - ' . only"
            ),
            NameError::Spacing(n) => {
                write!(f, "{n:?} has a space at an end or two spaces in a row")
            }
            NameError::Duplicate(a, b) => {
                write!(
                    f,
                    "{a:?} and {b:?} are the same name ignoring case and spaces"
                )
            }
        }
    }
}

impl std::error::Error for NameError {}

/// The form names are compared in: lowercase, spaces removed.
pub fn key(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Checks one name (S1.1).
pub fn check_name(name: &str) -> Result<(), NameError> {
    if name.trim().is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong(name.to_string()));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '\'' | '.')))
    {
        return Err(NameError::BadCharacter(name.to_string(), c));
    }
    if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
        return Err(NameError::Spacing(name.to_string()));
    }
    Ok(())
}

/// Checks a roster: every name valid, no two the same ignoring case and
/// spaces. The first problem is returned.
pub fn check_names<S: AsRef<str>>(names: &[S]) -> Result<(), NameError> {
    let mut seen: Vec<(String, &str)> = Vec::with_capacity(names.len());
    for n in names {
        let n = n.as_ref();
        check_name(n)?;
        let k = key(n);
        if let Some((_, other)) = seen.iter().find(|(sk, _)| *sk == k) {
            return Err(NameError::Duplicate(other.to_string(), n.to_string()));
        }
        seen.push((k, n));
    }
    Ok(())
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

/// Names compared by key, for matching many texts against one roster.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameIndex {
    keys: Vec<String>,
}

impl NameIndex {
    /// An index over `names` (in roster order; indices refer to it).
    pub fn new<S: AsRef<str>>(names: &[S]) -> NameIndex {
        NameIndex {
            keys: names.iter().map(|n| key(n.as_ref())).collect(),
        }
    }

    /// The one player `text` names (S2.3): a full name (ignoring case and
    /// spaces), else a prefix of at least 3 characters that starts exactly
    /// one name.
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
