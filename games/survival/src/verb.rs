//! The verbs of action and decision lines (S2.2) and their kinds (S2.5).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A verb of an action line (night) or a decision line (after an
/// elimination), S2.2.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verb {
    /// `kill NAME`: the Evil Forces' victim (S3.1).
    Kill,
    /// `expose NAME`: the Evil Forces name the Green Activist (S3.1, S3.4).
    Expose,
    /// `protect NAME`: the Forest Ranger (S3.2).
    Protect,
    /// `check NAME`: the Scientist (S3.3).
    Check,
    /// `watch`: the Green Activist (S3.4).
    Watch,
    /// `bomb NAME`: the Engineer, once per game (S3.5).
    Bomb,
    /// `shield NAME`: the Engineer, once per game (S3.5).
    Shield,
    /// `summon NAME`: the PPA (S3.6).
    Summon,
    /// `buddies NAME NAME`: Mother Nature on night 1 (S3.7).
    Buddies,
    /// Decision `revenge NAME`: the eliminated GMO (S7.2).
    Revenge,
    /// Decision `spotlight NAME`: the eliminated Spotlight holder (S7.4).
    Spotlight,
    /// Decision `sole NAME`: the eliminated Polar Bear (S7.3).
    Sole,
    /// Decision `bar NAME`: the eliminated Polar Bear (S7.3).
    Bar,
}

/// What a line replaces (S2.5): a later accepted line of the same kind
/// from the same player replaces the earlier one.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// `kill`.
    Kill,
    /// `expose`.
    Expose,
    /// `protect`.
    Protect,
    /// `check`.
    Check,
    /// `watch`.
    Watch,
    /// `bomb` and `shield`: the Engineer acts once a night.
    Engineer,
    /// `summon`.
    Summon,
    /// `buddies`.
    Buddies,
    /// `revenge`.
    Revenge,
    /// `spotlight`.
    Spotlight,
    /// `sole` and `bar`.
    PolarBear,
}

/// How many names a verb takes.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Arity {
    /// None (`watch`).
    Zero,
    /// One NAME.
    One,
    /// Two NAMEs (`buddies`).
    Two,
}

/// Why the first word of a line is no verb (S2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "why", content = "word")]
pub enum VerbError {
    /// Shorter than 3 letters.
    TooShort(String),
    /// Not a prefix of any verb (or not letters).
    Unknown(String),
}

impl fmt::Display for VerbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerbError::TooShort(w) => write!(
                f,
                "{w:?} is too short for a verb: write at least 3 letters (kill, protect, ...)"
            ),
            VerbError::Unknown(w) => write!(f, "{w:?} is not a verb"),
        }
    }
}

impl Verb {
    /// Every verb, in S2.2 order.
    pub const ALL: [Verb; 13] = [
        Verb::Kill,
        Verb::Expose,
        Verb::Protect,
        Verb::Check,
        Verb::Watch,
        Verb::Bomb,
        Verb::Shield,
        Verb::Summon,
        Verb::Buddies,
        Verb::Revenge,
        Verb::Spotlight,
        Verb::Sole,
        Verb::Bar,
    ];

    /// The verb as written in full.
    pub fn word(self) -> &'static str {
        match self {
            Verb::Kill => "kill",
            Verb::Expose => "expose",
            Verb::Protect => "protect",
            Verb::Check => "check",
            Verb::Watch => "watch",
            Verb::Bomb => "bomb",
            Verb::Shield => "shield",
            Verb::Summon => "summon",
            Verb::Buddies => "buddies",
            Verb::Revenge => "revenge",
            Verb::Spotlight => "spotlight",
            Verb::Sole => "sole",
            Verb::Bar => "bar",
        }
    }

    /// Its kind (S2.5).
    pub fn kind(self) -> Kind {
        match self {
            Verb::Kill => Kind::Kill,
            Verb::Expose => Kind::Expose,
            Verb::Protect => Kind::Protect,
            Verb::Check => Kind::Check,
            Verb::Watch => Kind::Watch,
            Verb::Bomb | Verb::Shield => Kind::Engineer,
            Verb::Summon => Kind::Summon,
            Verb::Buddies => Kind::Buddies,
            Verb::Revenge => Kind::Revenge,
            Verb::Spotlight => Kind::Spotlight,
            Verb::Sole | Verb::Bar => Kind::PolarBear,
        }
    }

    /// Whether it is a decision verb (S2.2, S7), not a night action.
    pub fn is_decision(self) -> bool {
        matches!(
            self,
            Verb::Revenge | Verb::Spotlight | Verb::Sole | Verb::Bar
        )
    }

    /// How many names it takes.
    pub fn arity(self) -> Arity {
        match self {
            Verb::Watch => Arity::Zero,
            Verb::Buddies => Arity::Two,
            _ => Arity::One,
        }
    }

    /// The verb a word names (S2.2): any case, any prefix of at least 3
    /// letters of exactly one verb.
    ///
    /// # Errors
    ///
    /// [`VerbError::Unknown`] if the word is not all letters or is not a prefix
    /// of exactly one verb, [`VerbError::TooShort`] if it has fewer than 3
    /// letters.
    pub fn parse(word: &str) -> Result<Verb, VerbError> {
        if !word.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(VerbError::Unknown(word.to_string()));
        }
        if word.len() < 3 {
            return Err(VerbError::TooShort(word.to_string()));
        }
        let lower = word.to_ascii_lowercase();
        let mut hits = Verb::ALL.iter().filter(|v| v.word().starts_with(&lower));
        match (hits.next(), hits.next()) {
            (Some(v), None) => Ok(*v),
            _ => Err(VerbError::Unknown(word.to_string())),
        }
    }
}

impl fmt::Display for Verb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Kill => "kill",
            Kind::Expose => "expose",
            Kind::Protect => "protect",
            Kind::Check => "check",
            Kind::Watch => "watch",
            Kind::Engineer => "bomb/shield",
            Kind::Summon => "summon",
            Kind::Buddies => "buddies",
            Kind::Revenge => "revenge",
            Kind::Spotlight => "spotlight",
            Kind::PolarBear => "sole/bar",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbs_by_prefix_s2_2() {
        assert_eq!(Verb::parse("PROT"), Ok(Verb::Protect));
        assert_eq!(Verb::parse("pro"), Ok(Verb::Protect));
        assert_eq!(Verb::parse("kil"), Ok(Verb::Kill));
        assert_eq!(Verb::parse("Kill"), Ok(Verb::Kill));
        assert_eq!(Verb::parse("bar"), Ok(Verb::Bar));
        assert_eq!(Verb::parse("spot"), Ok(Verb::Spotlight));
        assert_eq!(Verb::parse("sol"), Ok(Verb::Sole));
        assert_eq!(Verb::parse("ki"), Err(VerbError::TooShort("ki".into())));
        assert_eq!(
            Verb::parse("killing"),
            Err(VerbError::Unknown("killing".into()))
        );
        assert_eq!(
            Verb::parse("murder"),
            Err(VerbError::Unknown("murder".into()))
        );
        assert_eq!(Verb::parse("k1ll"), Err(VerbError::Unknown("k1ll".into())));
        // No two verbs share a 3-letter prefix, so every 3-letter prefix works.
        for v in Verb::ALL {
            assert_eq!(Verb::parse(&v.word()[..3]), Ok(v));
        }
        assert_eq!(Verb::Bomb.kind(), Verb::Shield.kind());
        assert_eq!(Verb::Sole.kind(), Verb::Bar.kind());
    }
}
