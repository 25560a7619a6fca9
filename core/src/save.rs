//! What every game's save file shares: the envelope (`format`, `version`)
//! read before anything else, a size limit, and seeds written as strings.
//!
//! A game file is JSON `{"format": "<kind>-game", "version": N, ...}`. The
//! loader of each game calls [`check_envelope`] first, so a file of another
//! game or a newer version is named as such instead of failing on some
//! member deep inside.

use serde::Deserialize;
use std::fmt;

/// The largest file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;

/// Why a file's envelope is refused. `Display` names the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnvelopeError {
    /// Larger than [`MAX_FILE_BYTES`].
    TooLarge(usize),
    /// Not JSON, or not an object: serde's message (with line and column).
    Invalid(String),
    /// JSON of another kind: the `format` member found (empty if none).
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
}

impl fmt::Display for EnvelopeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnvelopeError::TooLarge(n) => write!(
                f,
                "the file is {n} bytes; the largest accepted is {MAX_FILE_BYTES}"
            ),
            EnvelopeError::Invalid(e) => write!(f, "not a valid game file: {e}"),
            EnvelopeError::WrongFormat { expected, found } if found.is_empty() => {
                write!(f, "this is not a {expected} file (it has no format member)")
            }
            EnvelopeError::WrongFormat { expected, found } => {
                write!(f, "this is not a {expected} file (format {found:?})")
            }
            EnvelopeError::UnsupportedVersion { found, newest } => write!(
                f,
                "file version {found} is not supported (this app reads versions up to {newest})"
            ),
        }
    }
}

impl std::error::Error for EnvelopeError {}

#[derive(Deserialize)]
struct Envelope {
    format: Option<String>,
    version: Option<u32>,
}

/// The `format` member of a JSON text, if it has one (which game a file is).
pub fn format_of(json: &str) -> Option<String> {
    serde_json::from_str::<Envelope>(json).ok()?.format
}

/// Checks size, JSON, `format` and `version` (at most `newest`; a missing
/// version counts as 1). Returns the version.
pub fn check_envelope(json: &str, format: &'static str, newest: u32) -> Result<u32, EnvelopeError> {
    if json.len() > MAX_FILE_BYTES {
        return Err(EnvelopeError::TooLarge(json.len()));
    }
    let env: Envelope =
        serde_json::from_str(json).map_err(|e| EnvelopeError::Invalid(e.to_string()))?;
    match env.format {
        Some(f) if f == format => {}
        found => {
            return Err(EnvelopeError::WrongFormat {
                expected: format,
                found: found.unwrap_or_default(),
            });
        }
    }
    let version = env.version.unwrap_or(1);
    if version == 0 || version > newest {
        return Err(EnvelopeError::UnsupportedVersion {
            found: version,
            newest,
        });
    }
    Ok(version)
}

/// Serde for a `u64` written as a decimal string (JavaScript and most JSON
/// tools round numbers above 2^53); reads a string or, from older files, a
/// number. Use with `#[serde(with = "console_core::save::u64_string")]`.
pub mod u64_string {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the decimal string.
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
    use super::*;

    #[test]
    fn envelopes() {
        assert_eq!(
            check_envelope(r#"{"format":"x-game","version":2}"#, "x-game", 2),
            Ok(2)
        );
        assert_eq!(check_envelope(r#"{"format":"x-game"}"#, "x-game", 2), Ok(1));
        let e = check_envelope(r#"{"format":"y-game","version":1}"#, "x-game", 2).unwrap_err();
        assert!(e.to_string().contains("\"y-game\""), "{e}");
        let e = check_envelope(r#"{"format":"x-game","version":3}"#, "x-game", 2).unwrap_err();
        assert!(e.to_string().contains("version 3"), "{e}");
        assert!(matches!(
            check_envelope("[1,", "x-game", 1),
            Err(EnvelopeError::Invalid(_))
        ));
        assert_eq!(
            format_of(r#"{"format":"dice-org-game"}"#).as_deref(),
            Some("dice-org-game")
        );
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
