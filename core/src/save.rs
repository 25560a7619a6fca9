//! What every game's save file shares: the envelope (`format`, `version`)
//! read before anything else, a size limit, and seeds written as strings.
//!
//! A game file is JSON `{"format": "<kind>-game", "version": N, ...}`.
//! [`SaveFile::parse`] reads the envelope first ([`read_envelope`]), so a
//! file of another game or a newer version is named as such instead of
//! failing on some member deep inside.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;

#[derive(Deserialize)]
struct Envelope {
    format: Option<String>,
    version: Option<u32>,
}

/// The `format` member of a JSON text, if it has one (which game a file is).
pub fn format_of(json: &str) -> Option<String> {
    serde_json::from_str::<Envelope>(json).ok()?.format
}

/// The `format` member of a file's text (`None` for JSON without one),
/// or why the text is no JSON file at all.
///
/// # Errors
/// [`LoadError::TooLarge`]; [`LoadError::NotJson`] when the text is cut
/// off (`cut_off`, at its last line) or malformed (at a line and column).
pub fn read_format(json: &str) -> Result<Option<String>, LoadError> {
    if json.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge(json.len()));
    }
    match serde_json::from_str::<Envelope>(json) {
        Ok(env) => Ok(env.format),
        Err(e) => match LoadError::from_json(&e) {
            // JSON, but not an object with those members' types.
            LoadError::Shape(_) => Ok(None),
            other => Err(other),
        },
    }
}

/// Why a save file cannot be loaded, for every game. `Display` names the
/// problem and where, for the moderator; the game open before stays open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Larger than [`MAX_FILE_BYTES`]: its size in bytes.
    TooLarge(usize),
    /// Not JSON. `cut_off` when the text ends before the JSON does (a
    /// file copied or downloaded only in part); else malformed at the
    /// 1-based `line` and `column`.
    NotJson {
        /// The text ends in the middle of the JSON.
        cut_off: bool,
        /// 1-based line of the problem (the last line when cut off).
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// JSON of another kind: the format expected and the `format` member
    /// found (empty if none).
    WrongFormat {
        /// The format expected.
        expected: &'static str,
        /// The format found.
        found: String,
    },
    /// A version newer than the reader knows.
    UnsupportedVersion {
        /// Found.
        found: u32,
        /// The newest this reader knows.
        newest: u32,
    },
    /// The right kind of file with a member of the wrong shape: serde's
    /// message, which names the member, line and column.
    Shape(String),
    /// The file contradicts itself or the rules when replayed: where (`"round
    /// 3"`, `"move 12"`, `"the setup"`) and why.
    Replay {
        /// The part of the file.
        at: String,
        /// Why it cannot be replayed.
        why: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::TooLarge(n) => write!(
                f,
                "the file is {n} bytes; the largest accepted is {MAX_FILE_BYTES}"
            ),
            LoadError::NotJson {
                cut_off: true,
                line,
                ..
            } => write!(
                f,
                "the file is cut off: it ends at line {line} in the middle of the game (an incomplete copy or download)"
            ),
            LoadError::NotJson { line, column, .. } => write!(
                f,
                "the file is not a game file (not JSON): line {line}, column {column}"
            ),
            LoadError::WrongFormat { expected, found } if found.is_empty() => {
                write!(f, "this is not a {expected} file (it has no format member)")
            }
            LoadError::WrongFormat { expected, found } => {
                write!(f, "this is not a {expected} file (format {found:?})")
            }
            LoadError::UnsupportedVersion { found, newest } => write!(
                f,
                "file version {found} is not supported (this app reads versions up to {newest})"
            ),
            LoadError::Shape(e) => write!(f, "the game file is damaged: {e}"),
            LoadError::Replay { at, why } => write!(f, "{at}: {why}"),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// A `Replay` error at `at`.
    pub fn replay(at: impl Into<String>, why: impl fmt::Display) -> LoadError {
        LoadError::Replay {
            at: at.into(),
            why: why.to_string(),
        }
    }

    /// Checks the deal commitment a file recorded when it was written (the
    /// one the deal post published) against the one its setup gives now:
    /// a seed, salt or player list changed in the file since would deal
    /// other cards, teams or places and publish another commitment, with
    /// no word. A file recording none (written before files recorded it)
    /// passes.
    ///
    /// # Errors
    /// [`LoadError::Replay`] at `"the setup"` when the two differ, naming
    /// both.
    pub fn check_commitment(recorded: Option<&str>, computed: &str) -> Result<(), LoadError> {
        match recorded {
            Some(r) if !r.eq_ignore_ascii_case(computed) => Err(LoadError::replay(
                "the setup",
                format!(
                    "its seed, salt and players give the deal commitment {computed}, but the file recorded {r} when it was dealt: the file was changed since the deal or is damaged"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The error for text that serde_json could not read as JSON at all
    /// (`NotJson`, cut off or malformed), or read as JSON of the wrong
    /// shape (`Shape`).
    pub fn from_json(e: &serde_json::Error) -> LoadError {
        use serde_json::error::Category;
        match e.classify() {
            Category::Eof => LoadError::NotJson {
                cut_off: true,
                line: e.line(),
                column: e.column(),
            },
            Category::Syntax | Category::Io => LoadError::NotJson {
                cut_off: false,
                line: e.line(),
                column: e.column(),
            },
            Category::Data => LoadError::Shape(e.to_string()),
        }
    }
}

/// Reads the envelope of a file's text: size, JSON, `format` (must be
/// `format`) and `version` (at most `newest`; missing counts as 1).
/// Returns the version.
///
/// # Errors
/// [`LoadError::TooLarge`], [`LoadError::NotJson`] (cut off or
/// malformed), [`LoadError::WrongFormat`], [`LoadError::UnsupportedVersion`].
pub fn read_envelope(json: &str, format: &'static str, newest: u32) -> Result<u32, LoadError> {
    if json.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge(json.len()));
    }
    let env: Envelope = serde_json::from_str(json).map_err(|e| match LoadError::from_json(&e) {
        // JSON, but not an object with those members' types.
        LoadError::Shape(_) => LoadError::WrongFormat {
            expected: format,
            found: String::new(),
        },
        other => other,
    })?;
    match env.format {
        Some(f) if f == format => {}
        found => {
            return Err(LoadError::WrongFormat {
                expected: format,
                found: found.unwrap_or_default(),
            });
        }
    }
    let version = env.version.unwrap_or(1);
    if version == 0 || version > newest {
        return Err(LoadError::UnsupportedVersion {
            found: version,
            newest,
        });
    }
    Ok(version)
}

/// A game's save file, written and read by serde's derives: the envelope
/// (`format`, `version`) first, then the members, then the game replayed
/// from its setup and inputs and checked against what the file records.
/// Every game implements it; the web shell saves, exports, imports and
/// follows other tabs through it alone.
pub trait SaveFile: Serialize + DeserializeOwned {
    /// The game the file holds (replayed from it).
    type Game;
    /// The `format` member (`"survival-game"`, ...).
    const FORMAT: &'static str;
    /// The version written; every version from 1 up to it is read.
    const VERSION: u32;

    /// The moderator's name for the game.
    fn name(&self) -> &str;

    /// Brings the JSON of an older `version` to this version's shape
    /// before it is read. The default changes nothing (a format whose
    /// older versions read as they are, by serde defaults).
    ///
    /// # Errors
    /// The older file cannot be brought up to date ([`LoadError::Shape`]).
    fn upgrade(version: u32, json: serde_json::Value) -> Result<serde_json::Value, LoadError> {
        let _ = version;
        Ok(json)
    }

    /// Replays the file into its game, checking every recorded result.
    ///
    /// # Errors
    /// [`LoadError::Replay`]: the setup is refused, an input names no
    /// player or cannot be played, or a recorded result does not follow
    /// from the inputs (a changed or damaged file).
    fn replay(&self) -> Result<Self::Game, LoadError>;

    /// Reads a file's text: envelope, members, replay.
    ///
    /// # Errors
    /// As [`read_envelope`], [`LoadError::Shape`] for a member of the
    /// wrong shape, and as [`SaveFile::replay`].
    fn parse(text: &str) -> Result<(Self, Self::Game), LoadError> {
        let version = read_envelope(text, Self::FORMAT, Self::VERSION)?;
        let file: Self = if version == Self::VERSION {
            serde_json::from_str(text).map_err(|e| LoadError::from_json(&e))?
        } else {
            let old: serde_json::Value =
                serde_json::from_str(text).map_err(|e| LoadError::from_json(&e))?;
            // Read back from text, not with `from_value`: a second reader
            // of every type of the file (from a `Value`) cost each page
            // kilobytes for the rare older file. A member of the wrong
            // shape is then placed in the upgraded file's compact text.
            let upgraded = Self::upgrade(version, old)?.to_string();
            serde_json::from_str(&upgraded).map_err(|e| LoadError::from_json(&e))?
        };
        let game = file.replay()?;
        Ok((file, game))
    }

    /// The file as compact JSON.
    fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a save file serialises")
    }
}

/// Serde for a `u64` written as a decimal string (JavaScript and most JSON
/// tools round numbers above 2^53); reads a string or, from older files, a
/// number. Use with `#[serde(with = "console_core::save::u64_string")]`.
pub mod u64_string {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the decimal string.
    ///
    /// # Errors
    ///
    /// Whatever error the serializer `s` returns for a string.
    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        N(u64),
        S(String),
    }

    /// Reads a decimal string or a number.
    ///
    /// # Errors
    ///
    /// The deserializer's error if the value is neither a number nor a
    /// string, or a custom error "not a whole number: ..." if the string
    /// (trimmed) does not parse as a `u64`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        match Either::deserialize(d)? {
            Either::N(n) => Ok(n),
            Either::S(s) => s
                .trim()
                .parse()
                .map_err(|_| serde::de::Error::custom(format!("not a whole number: {s:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_changed_commitment_is_refused_naming_both() {
        use super::LoadError;
        assert!(LoadError::check_commitment(None, "ab").is_ok());
        assert!(LoadError::check_commitment(Some("AB"), "ab").is_ok());
        let e = LoadError::check_commitment(Some("ab"), "cd").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the setup: its seed, salt and players give the deal commitment cd, but the file recorded ab when it was dealt: the file was changed since the deal or is damaged"
        );
    }

    use super::*;

    #[test]
    fn a_files_format_or_why_it_is_no_json() {
        assert_eq!(
            read_format(r#"{"format":"x-game","version":1}"#),
            Ok(Some("x-game".into()))
        );
        assert_eq!(read_format("[1, 2]"), Ok(None));
        assert_eq!(read_format(r#"{"name":"a"}"#), Ok(None));
        let e = read_format("{\n  \"format\": \"x-game\",\n  \"rounds\": [1,").unwrap_err();
        assert_eq!(
            e,
            LoadError::NotJson {
                cut_off: true,
                line: 3,
                column: 15
            }
        );
        assert!(e.to_string().contains("cut off"), "{e}");
        let e = read_format("<html>").unwrap_err();
        assert!(
            matches!(
                e,
                LoadError::NotJson {
                    cut_off: false,
                    line: 1,
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("not JSON"), "{e}");
    }

    #[test]
    fn load_errors_say_what_and_where() {
        let e =
            read_envelope(r#"{"format":"x-game","version":1,"name":"ab"#, "x-game", 1).unwrap_err();
        assert!(
            matches!(e, LoadError::NotJson { cut_off: true, .. }),
            "{e:?}"
        );
        assert!(e.to_string().contains("cut off"), "{e}");
        let e = read_envelope("{\n  \"format\": x}", "x-game", 1).unwrap_err();
        assert_eq!(
            e,
            LoadError::NotJson {
                cut_off: false,
                line: 2,
                column: 13
            }
        );
        let e = read_envelope("[1, 2]", "x-game", 1).unwrap_err();
        assert!(matches!(e, LoadError::WrongFormat { .. }), "{e:?}");
        assert_eq!(read_envelope(r#"{"format":"x-game"}"#, "x-game", 2), Ok(1));
        assert!(matches!(
            read_envelope(r#"{"format":"x-game","version":3}"#, "x-game", 2),
            Err(LoadError::UnsupportedVersion {
                found: 3,
                newest: 2
            })
        ));
    }

    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct XFile {
        format: String,
        version: u32,
        name: String,
        moves: Vec<u8>,
    }

    impl SaveFile for XFile {
        type Game = u32;
        const FORMAT: &'static str = "x-game";
        const VERSION: u32 = 2;
        fn name(&self) -> &str {
            &self.name
        }
        fn upgrade(
            version: u32,
            mut json: serde_json::Value,
        ) -> Result<serde_json::Value, LoadError> {
            // Version 1 called the moves "turns".
            if version == 1
                && let Some(o) = json.as_object_mut()
                && let Some(t) = o.remove("turns")
            {
                o.insert("moves".into(), t);
            }
            Ok(json)
        }
        fn replay(&self) -> Result<u32, LoadError> {
            self.moves
                .iter()
                .enumerate()
                .try_fold(0u32, |sum, (i, &m)| {
                    if m > 9 {
                        Err(LoadError::replay(format!("move {}", i + 1), "more than 9"))
                    } else {
                        Ok(sum + u32::from(m))
                    }
                })
        }
    }

    #[test]
    fn save_files_round_trip_upgrade_and_replay() {
        let f = XFile {
            format: "x-game".into(),
            version: 2,
            name: "G".into(),
            moves: vec![1, 2],
        };
        let (back, game) = XFile::parse(&f.to_json()).unwrap();
        assert_eq!((back, game), (f, 3));
        let (old, game) =
            XFile::parse(r#"{"format":"x-game","version":1,"name":"G","turns":[4]}"#).unwrap();
        assert_eq!((old.moves, game), (vec![4], 4));
        let e = XFile::parse(r#"{"format":"x-game","version":2,"name":"G","moves":[1,12]}"#)
            .unwrap_err();
        assert_eq!(e.to_string(), "move 2: more than 9");
        let e =
            XFile::parse(r#"{"format":"x-game","version":2,"name":"G","moves":"x"}"#).unwrap_err();
        assert!(matches!(e, LoadError::Shape(_)), "{e:?}");
    }

    #[test]
    fn formats() {
        assert_eq!(
            format_of(r#"{"format":"dice-org-game"}"#).as_deref(),
            Some("dice-org-game")
        );
        assert_eq!(format_of(r#"{"version":1}"#), None);
        assert_eq!(format_of("[1,"), None);
    }

    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct S {
        #[serde(with = "u64_string")]
        seed: u64,
    }

    #[test]
    fn seeds_as_strings_and_old_numbers() {
        let s = S { seed: u64::MAX };
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, r#"{"seed":"18446744073709551615"}"#);
        assert_eq!(serde_json::from_str::<S>(&json).unwrap(), s);
        assert_eq!(
            serde_json::from_str::<S>(r#"{"seed":7}"#).unwrap(),
            S { seed: 7 }
        );
        assert!(serde_json::from_str::<S>(r#"{"seed":"x"}"#).is_err());
    }
}
