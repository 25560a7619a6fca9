//! The deal commitment (S1.6): at the deal the moderator publishes the
//! SHA-256 of a text naming the seed, a 256-bit salt, the players and the
//! deck; at the end seed and salt are revealed and anyone can recompute the
//! hash and the deal ([`verify`]).

use crate::card::Card;
use crate::roster::Roster;
use crate::setup::{Setup, shuffle_deck};
pub use console_core::commitment::Salt;
use console_core::commitment::sha256_hex;
use console_core::text::sort_small;
use std::fmt;

/// The committed text: a version line, then one input per line: seed,
/// salt, the players in order, the deck in S1.2 order (names separated by
/// `, `; names cannot contain commas, S1.1).
pub fn committed_text(players: &[String], deck: &[Card], seed: u64, salt: &Salt) -> String {
    let deck: Vec<&str> = deck.iter().map(|c| c.name()).collect();
    format!(
        "survival deal v1\nseed {seed}\nsalt {salt}\nplayers {}\ndeck {}\n",
        players.join(", "),
        deck.join(", ")
    )
}

/// The commitment of a setup: SHA-256 of [`committed_text`], 64 lowercase
/// hex digits. It names the players as dealt ([`Setup::dealt_names`]):
/// the commitment the deal post published, whatever the slots are named
/// since (S1.6, S10.1).
pub fn commitment(setup: &Setup) -> String {
    sha256_hex(&committed_text(
        setup.dealt_names(),
        &setup.deck(),
        setup.seed,
        &setup.salt,
    ))
}

/// Why a verification failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// The players are not a valid roster.
    Players(String),
    /// A deck entry is not a card.
    UnknownCard(String),
    /// The deck does not have one card per player.
    DeckSize {
        /// Cards.
        cards: usize,
        /// Players.
        players: usize,
    },
    /// The recomputed hash differs from the published one.
    Mismatch {
        /// The recomputed hash.
        computed: String,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Players(e) => write!(f, "the players are not valid: {e}"),
            VerifyError::UnknownCard(c) => write!(f, "{c:?} is not a card"),
            VerifyError::DeckSize { cards, players } => {
                write!(f, "{cards} cards for {players} players")
            }
            VerifyError::Mismatch { computed } => write!(
                f,
                "the commitment does not match: these inputs hash to {computed}"
            ),
        }
    }
}

impl std::error::Error for VerifyError {}

/// Checks a published commitment against revealed inputs (the verify
/// page): players (one per line or separated by commas), deck (card names
/// separated by commas or lines, any order), seed and salt. On success,
/// every player's card as the deal gave it.
///
/// # Errors
///
/// [`VerifyError::Players`] if the players are not a valid roster (S1.1),
/// [`VerifyError::UnknownCard`] for the first deck entry that names no card,
/// [`VerifyError::DeckSize`] if the deck does not have one card per player, and
/// [`VerifyError::Mismatch`] (with the recomputed hash) if the hash of the
/// revealed inputs differs from `published` (compared ignoring case and
/// surrounding spaces).
pub fn verify(
    players: &str,
    deck: &str,
    seed: u64,
    salt: &Salt,
    published: &str,
) -> Result<Vec<(String, Card)>, VerifyError> {
    let split = |s: &str| -> Vec<String> {
        s.split([',', '\n'])
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    };
    let names = split(players);
    let roster = Roster::new(&names).map_err(|e| VerifyError::Players(e.to_string()))?;
    let mut cards = Vec::new();
    for c in split(deck) {
        cards.push(Card::from_name(&c).ok_or(VerifyError::UnknownCard(c))?);
    }
    if cards.len() != roster.len() {
        return Err(VerifyError::DeckSize {
            cards: cards.len(),
            players: roster.len(),
        });
    }
    sort_small(&mut cards, |c| *c);
    let computed = sha256_hex(&committed_text(roster.names(), &cards, seed, salt));
    if !computed.eq_ignore_ascii_case(published.trim()) {
        return Err(VerifyError::Mismatch { computed });
    }
    Ok(roster
        .names()
        .iter()
        .cloned()
        .zip(shuffle_deck(&cards, seed))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use crate::setup::{DealSpec, Edition, deal};

    fn dealt(seed: u64) -> Setup {
        deal(&DealSpec {
            nicknames: Vec::new(),
            no_guess: Vec::new(),
            players: ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
                .map(String::from)
                .to_vec(),
            edition: Edition::Basic,
            evil: None,
            specials: vec![Card::Scientist],
            spotlight: None,
            options: Options::default(),
            seed,
            salt: Salt([1; 32]),
        })
        .unwrap()
        .setup
    }

    #[test]
    fn commitment_text_and_verification() {
        let s = dealt(7);
        let text = committed_text(s.roster.names(), &s.deck(), s.seed, &s.salt);
        assert!(
            text.starts_with("survival deal v1\nseed 7\nsalt 0101"),
            "{text}"
        );
        assert!(text.contains("players Ann, Bob, Cid"), "{text}");
        assert!(
            text.contains("deck Pollution, Waste, Scientist, Knowledge"),
            "{text}"
        );
        let c = commitment(&s);
        assert_eq!(c.len(), 64);
        assert_ne!(commitment(&dealt(8)), c);
        let got = verify(
            "Ann\nBob\nCid\nDee\nEve\nFay\nGus\nHal",
            "Knowledge, Ozone Layer, Clean Energy, Plankton, Clean Water, Scientist, Waste, Pollution",
            7,
            &Salt([1; 32]),
            &c.to_uppercase(),
        )
        .unwrap();
        let cards: Vec<Card> = got.iter().map(|(_, c)| *c).collect();
        assert_eq!(cards, s.cards);
        let bad = verify(
            "Ann, Bob, Cid, Dee, Eve, Fay, Gus, Hal",
            &s.deck()
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(","),
            8,
            &Salt([1; 32]),
            &c,
        );
        assert!(matches!(bad, Err(VerifyError::Mismatch { .. })));
    }
}
