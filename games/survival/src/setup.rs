//! Setup and the deal (S1): the deck for an edition and player count, the
//! refusal of impossible decks with a reason, and the seeded shuffle.

use crate::card::{Card, Side};
use crate::options::Options;
use crate::phase::Phase;
use crate::roster::{Names, PlayerId, Roster, RosterError, SEED_PLAYERS};
use console_core::commitment::Salt;
use console_core::events::{Replaced, Slots};
use console_core::names::{NameIndex, NicknameError};
use console_core::rng::GameRng;
use console_core::text::sort_small;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most Evil Forces a deck holds (S1.2).
pub const MAX_EVIL: usize = 6;

/// The edition (S1.3).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edition {
    /// Only Scientist, Forest Ranger and Green Activist; no Spotlight.
    Basic,
    /// Every Special Force and the Spotlight.
    #[default]
    Advanced,
}

/// The default number of Evil Forces for `players` (S1.3):
/// `max(1, floor(players / 4))`, at most 6.
pub fn default_evil(players: usize) -> usize {
    (players / 4).clamp(1, MAX_EVIL)
}

/// Why a setup is refused (S1). `Display` gives the reason in one sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The names (S1.1).
    Roster(RosterError),
    /// Evil Forces must be 1 to 6 (S1.2).
    EvilCount(usize),
    /// A card that is not a Special Force was given as one.
    NotSpecial(Card),
    /// A Special Force chosen twice (S1.2).
    SpecialTwice(Card),
    /// A Special Force the basic edition does not deal (S1.3).
    NotInBasic(Card),
    /// The basic edition has no Spotlight (S1.3).
    SpotlightInBasic,
    /// The Spotlight holder is not a player (S1.5).
    UnknownSpotlight(String),
    /// More Evil and Special Forces than players.
    TooManyForces {
        /// Players.
        players: usize,
        /// Evil Forces plus Special Forces.
        forces: usize,
    },
    /// More Elements needed than S1.2 has.
    TooFewElements {
        /// Elements the deck would need.
        needed: usize,
    },
    /// The Evil Forces would not be fewer than the other players (S1.3).
    EvilNotFewer {
        /// Evil Forces.
        evil: usize,
        /// Everyone else.
        others: usize,
    },
    /// One card per player is needed.
    CardCount {
        /// Cards given.
        cards: usize,
        /// Players.
        players: usize,
    },
    /// A card dealt twice.
    CardTwice(Card),
    /// A nickname for a name that is no player's (S2.3).
    NicknameOfNoOne(String),
    /// A nickname S2.3 refuses.
    Nickname(String, String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Roster(e) => e.fmt(f),
            SetupError::EvilCount(n) => {
                write!(f, "{n} Evil Forces: a deck has 1 to {MAX_EVIL} (S1.2)")
            }
            SetupError::NotSpecial(c) => write!(f, "{c} is not a Special Force"),
            SetupError::SpecialTwice(c) => {
                write!(
                    f,
                    "{c} is chosen twice: each Special Force is dealt at most once"
                )
            }
            SetupError::NotInBasic(c) => write!(
                f,
                "the basic edition deals only Scientist, Forest Ranger and Green Activist, not {c} (S1.3)"
            ),
            SetupError::SpotlightInBasic => {
                write!(f, "the basic edition has no Spotlight (S1.3)")
            }
            SetupError::UnknownSpotlight(n) => {
                write!(f, "the Spotlight holder {n:?} is not a player")
            }
            SetupError::TooManyForces { players, forces } => write!(
                f,
                "{forces} Evil and Special Forces do not fit among {players} players"
            ),
            SetupError::TooFewElements { needed } => write!(
                f,
                "the deck would need {needed} Elements for Survival but there are only {}: add Evil or Special Forces",
                Card::ELEMENTS.len()
            ),
            SetupError::EvilNotFewer { evil, others } => write!(
                f,
                "{evil} Evil Forces would not be fewer than the {others} other players (S1.3)"
            ),
            SetupError::CardCount { cards, players } => {
                write!(
                    f,
                    "{cards} cards for {players} players: each player holds one"
                )
            }
            SetupError::CardTwice(c) => write!(f, "{c} is dealt twice"),
            SetupError::NicknameOfNoOne(n) => {
                write!(f, "a nickname is given for {n:?}, who is not a player")
            }
            SetupError::Nickname(n, e) => write!(f, "the nickname {n:?}: {e}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// The deck for `players` players (S1.2, S1.3): `evil` Evil Forces in
/// S1.2 order, the chosen Special Forces in S1.2 order, and Elements in
/// S1.2 order for the rest.
///
/// # Errors
///
/// [`SetupError::EvilCount`] for no Evil Force or more than six;
/// [`SetupError::NotSpecial`], [`SetupError::SpecialTwice`] or
/// [`SetupError::NotInBasic`] for a chosen card that is not a Special Force, is
/// chosen twice or is not dealt in the basic edition;
/// [`SetupError::TooManyForces`] if Evil and Special Forces outnumber the
/// players; [`SetupError::EvilNotFewer`] if the Evil Forces are not fewer than
/// the rest; [`SetupError::TooFewElements`] if the rest needs more Elements
/// than S1.2 has.
pub fn build_deck(
    players: usize,
    edition: Edition,
    evil: usize,
    specials: &[Card],
) -> Result<Vec<Card>, SetupError> {
    if evil == 0 || evil > MAX_EVIL {
        return Err(SetupError::EvilCount(evil));
    }
    for (i, c) in specials.iter().enumerate() {
        if c.side() != Side::Special {
            return Err(SetupError::NotSpecial(*c));
        }
        if specials[..i].contains(c) {
            return Err(SetupError::SpecialTwice(*c));
        }
        if edition == Edition::Basic && !Card::BASIC_SPECIAL.contains(c) {
            return Err(SetupError::NotInBasic(*c));
        }
    }
    let forces = evil + specials.len();
    if forces > players {
        return Err(SetupError::TooManyForces { players, forces });
    }
    if evil >= players - evil {
        return Err(SetupError::EvilNotFewer {
            evil,
            others: players - evil,
        });
    }
    let elements = players - forces;
    if elements > Card::ELEMENTS.len() {
        return Err(SetupError::TooFewElements { needed: elements });
    }
    let mut deck: Vec<Card> = Card::EVIL[..evil].to_vec();
    deck.extend(Card::SPECIAL.iter().filter(|c| specials.contains(c)));
    deck.extend(&Card::ELEMENTS[..elements]);
    Ok(deck)
}

/// The seeded deal (S1.4, S1.6): `deck` shuffled with stream 0 of `seed`;
/// player `i` (roster order) gets element `i`.
pub fn shuffle_deck(deck: &[Card], seed: u64) -> Vec<Card> {
    let mut cards = deck.to_vec();
    GameRng::stream(seed, 0).shuffle(&mut cards);
    cards
}

/// A nickname the moderator keeps for a player (S2.3): from phase `from`
/// on (from the start when `None`), a text reading as `nickname` names the
/// player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nickname {
    /// The player's name.
    pub player: String,
    /// The nickname.
    pub nickname: String,
    /// The first phase it applies to; `None`: from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Phase>,
}

/// A text the moderator refused as a guess (S2.3): from phase `from` on it
/// is never read as a prefix, part, initials or near miss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoGuess {
    /// The text as written.
    pub text: String,
    /// The first phase it applies to; `None`: from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Phase>,
}

/// Whether an entry in force from `from` applies in `phase`.
fn in_force(from: Option<Phase>, phase: Phase) -> bool {
    from.is_none_or(|f| f <= phase)
}

/// Checks nicknames against a roster (S2.3): each for a player, each one
/// [`NameIndex::check_nickname`] accepts among those before it.
///
/// # Errors
///
/// The first problem: a player who is not in the game, or a nickname
/// refused (invalid, another player's name or nickname).
pub fn check_nicknames(roster: &Roster, nicknames: &[Nickname]) -> Result<(), SetupError> {
    let mut idx = NameIndex::new(roster.names());
    for n in nicknames {
        let p = roster
            .find(&n.player)
            .ok_or_else(|| SetupError::NicknameOfNoOne(n.player.clone()))?;
        idx.add_nickname(p.index(), &n.nickname)
            .map_err(|e: NicknameError| SetupError::Nickname(n.nickname.clone(), e.to_string()))?;
    }
    Ok(())
}

/// Everything fixed before night 1: players, their cards, options, the
/// generator's seed and the commitment's salt; and the nicknames the
/// moderator keeps (S2.3), which may grow during the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The players.
    pub roster: Roster,
    /// Each player's card, roster order.
    pub cards: Vec<Card>,
    /// Rule options.
    pub options: Options,
    /// The edition (S1.3).
    pub edition: Edition,
    /// Seed of the game's generator (S1.6), written as a string.
    #[serde(with = "console_core::save::u64_string")]
    pub seed: u64,
    /// The commitment's salt (S1.6).
    pub salt: Salt,
    /// Nicknames (S2.3), checked by [`check_nicknames`].
    #[serde(default)]
    pub nicknames: Vec<Nickname>,
    /// Texts refused as guesses (S2.3).
    #[serde(default)]
    pub no_guess: Vec<NoGuess>,
    /// The former names of replaced slots (S10.1), read as nicknames of
    /// their slot: set by [`Setup::slotted`], never saved (a game's
    /// replacements are in its phases).
    #[serde(skip)]
    pub former: Vec<(PlayerId, String)>,
    /// The players as dealt, roster order, when the slots are named
    /// otherwise since (S10.1): set by [`Setup::slotted`], never saved.
    /// The commitment names them (S1.6): what the deal post published.
    #[serde(skip)]
    pub dealt: Vec<String>,
}

impl Setup {
    /// A setup with these cards (as a case gives them).
    ///
    /// # Errors
    ///
    /// [`SetupError::CardCount`] if there is not one card per player,
    /// [`SetupError::CardTwice`] for a card given twice,
    /// [`SetupError::EvilCount`] for no Evil Force and
    /// [`SetupError::EvilNotFewer`] if the Evil Forces are not fewer than the
    /// rest (S1.3).
    pub fn new(
        roster: Roster,
        cards: Vec<Card>,
        options: Options,
        edition: Edition,
        seed: u64,
        salt: Salt,
    ) -> Result<Setup, SetupError> {
        if cards.len() != roster.len() {
            return Err(SetupError::CardCount {
                cards: cards.len(),
                players: roster.len(),
            });
        }
        for (i, c) in cards.iter().enumerate() {
            if cards[..i].contains(c) {
                return Err(SetupError::CardTwice(*c));
            }
        }
        let evil = cards.iter().filter(|c| c.is_evil()).count();
        if evil == 0 {
            return Err(SetupError::EvilCount(0));
        }
        if evil >= cards.len() - evil {
            return Err(SetupError::EvilNotFewer {
                evil,
                others: cards.len() - evil,
            });
        }
        Ok(Setup {
            roster,
            cards,
            options,
            edition,
            seed,
            salt,
            nicknames: Vec::new(),
            no_guess: Vec::new(),
            former: Vec::new(),
            dealt: Vec::new(),
        })
    }

    /// The setup with these nicknames and refused guesses (S2.3).
    ///
    /// # Errors
    ///
    /// [`check_nicknames`]'s.
    pub fn with_nicknames(
        mut self,
        nicknames: Vec<Nickname>,
        no_guess: Vec<NoGuess>,
    ) -> Result<Setup, SetupError> {
        check_nicknames(&self.roster, &nicknames)?;
        self.nicknames = nicknames;
        self.no_guess = no_guess;
        Ok(self)
    }

    /// Keeps a nickname for `player` from `phase` on (S2.3), as the
    /// moderator's "make nickname"; a text refused before as a guess is
    /// read as the nickname from then on (nicknames come before guesses).
    ///
    /// # Errors
    ///
    /// [`check_nicknames`]'s; the setup is unchanged.
    pub fn add_nickname(
        &mut self,
        player: PlayerId,
        nickname: &str,
        phase: Phase,
    ) -> Result<(), SetupError> {
        let mut all = self.nicknames.clone();
        all.push(Nickname {
            player: self.roster.name(player).to_string(),
            nickname: nickname.trim().to_string(),
            from: Some(phase),
        });
        check_nicknames(&self.roster, &all)?;
        self.nicknames = all;
        Ok(())
    }

    /// Refuses a text as a guess from `phase` on (S2.3), as the
    /// moderator's "reject".
    pub fn refuse_guess(&mut self, text: &str, phase: Phase) {
        self.no_guess.push(NoGuess {
            text: text.trim().to_string(),
            from: Some(phase),
        });
    }

    /// The setup as the slots are named after `replaced` (S10.1): each
    /// replaced slot under its new name, its former names read as its
    /// nicknames (under either reading rules), the moderator's nicknames
    /// kept for the slot. The setup itself when nothing was replaced.
    pub fn slotted(&self, replaced: &[Replaced]) -> Setup {
        if replaced.is_empty() {
            return self.clone();
        }
        let Ok(slots) = Slots::with_replaced(self.roster.names(), replaced) else {
            return self.clone();
        };
        let Ok(roster) = Roster::new(&slots.names) else {
            return self.clone();
        };
        let nicknames = self
            .nicknames
            .iter()
            .filter_map(|n| {
                let p = self.roster.find(&n.player)?;
                Some(Nickname {
                    player: roster.name(p).to_string(),
                    ..n.clone()
                })
            })
            .collect();
        Setup {
            dealt: self.dealt_names().to_vec(),
            roster,
            nicknames,
            former: slots
                .former()
                .into_iter()
                .map(|(i, n)| (PlayerId::from_index(i), n))
                .collect(),
            ..self.clone()
        }
    }

    /// The players as dealt, roster order (S1.6): the names the deal post
    /// published and the commitment hashes, whatever the slots are named
    /// now (S10.1).
    pub fn dealt_names(&self) -> &[String] {
        if self.dealt.is_empty() {
            self.roster.names()
        } else {
            &self.dealt
        }
    }

    /// How names are read in `phase` (S2.3, S2.8): the roster, the
    /// nicknames and refused guesses in force, the game's reading rules.
    pub fn names(&self, phase: Phase) -> Names {
        let first = !self.options.second_reading();
        let nicks: Vec<(usize, &str)> = if first {
            Vec::new()
        } else {
            self.nicknames
                .iter()
                .filter(|n| in_force(n.from, phase))
                .filter_map(|n| {
                    self.roster
                        .find(&n.player)
                        .map(|p| (p.index(), n.nickname.as_str()))
                })
                .collect()
        };
        let no_guess: Vec<&str> = self
            .no_guess
            .iter()
            .filter(|n| in_force(n.from, phase))
            .map(|n| n.text.as_str())
            .collect();
        let mut index = NameIndex::with_nicknames(self.roster.names(), &nicks, &no_guess)
            .unwrap_or_else(|_| NameIndex::new(self.roster.names()));
        for (p, old) in &self.former {
            // A former name another slot now uses stays that slot's.
            let _ = index.add_nickname(p.index(), old);
        }
        Names::new(index, first)
    }

    /// A player's card.
    pub fn card(&self, p: PlayerId) -> Card {
        self.cards[p.index()]
    }

    /// The player holding `card`, if any.
    pub fn holder(&self, card: Card) -> Option<PlayerId> {
        self.cards
            .iter()
            .position(|c| *c == card)
            .map(PlayerId::from_index)
    }

    /// Whether `p` is an Evil Force.
    pub fn is_evil(&self, p: PlayerId) -> bool {
        self.card(p).is_evil()
    }

    /// The deck in S1.2 order (what the commitment names).
    pub fn deck(&self) -> Vec<Card> {
        let mut d = self.cards.clone();
        sort_small(&mut d, |c| *c);
        d
    }
}

/// What the moderator chooses at setup (S1): the input of [`deal`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealSpec {
    /// Player names in the order entered (S1.1).
    pub players: Vec<String>,
    /// The edition (S1.3).
    pub edition: Edition,
    /// Evil Forces; `None` for the default [`default_evil`] (S1.3).
    #[serde(default)]
    pub evil: Option<usize>,
    /// The Special Forces in play (S1.2).
    #[serde(default)]
    pub specials: Vec<Card>,
    /// The Spotlight holder chosen by the players before the deal (S1.5).
    #[serde(default)]
    pub spotlight: Option<String>,
    /// Rule options (a file without them was saved under the first
    /// reading rules, S2.8).
    #[serde(default = "Options::first_rules")]
    pub options: Options,
    /// Nicknames the moderator keeps (S2.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<Nickname>,
    /// Texts the moderator refused as guesses (S2.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_guess: Vec<NoGuess>,
    /// The generator's seed (S1.6), written as a string.
    #[serde(with = "console_core::save::u64_string")]
    pub seed: u64,
    /// The commitment's 256-bit salt (S1.6).
    pub salt: Salt,
}

impl DealSpec {
    /// The number of Evil Forces this spec deals.
    pub fn evil_count(&self) -> usize {
        self.evil
            .unwrap_or_else(|| default_evil(self.players.len()))
    }

    /// Non-fatal remarks the app shows at setup (S1.1: the seed plays 8 to
    /// 30 players).
    pub fn warnings(&self) -> Vec<String> {
        let n = self.players.len();
        let mut w = Vec::new();
        if !SEED_PLAYERS.contains(&n) && (5..=36).contains(&n) {
            w.push(format!(
                "{n} players: the original game is played by {} to {} (S1.1)",
                SEED_PLAYERS.start(),
                SEED_PLAYERS.end()
            ));
        }
        w
    }
}

/// A dealt game: the setup and the Spotlight holder at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dealt {
    /// Players, cards, options, seed, salt.
    pub setup: Setup,
    /// The Spotlight holder (S1.5), if any.
    pub spotlight: Option<PlayerId>,
}

/// Deals a game (S1.3-S1.6): checks the names, builds the deck and shuffles
/// it with the seed's deal stream.
///
/// # Errors
///
/// [`SetupError::Roster`] for the names (see [`Roster::new`]), any error of
/// [`build_deck`], [`SetupError::SpotlightInBasic`] or
/// [`SetupError::UnknownSpotlight`] for a Spotlight in the basic edition or
/// naming no player, and the errors of [`Setup::new`] and
/// [`Setup::with_nicknames`].
pub fn deal(spec: &DealSpec) -> Result<Dealt, SetupError> {
    let roster = Roster::new(&spec.players).map_err(SetupError::Roster)?;
    let deck = build_deck(
        roster.len(),
        spec.edition,
        spec.evil_count(),
        &spec.specials,
    )?;
    let spotlight = match &spec.spotlight {
        None => None,
        Some(_) if spec.edition == Edition::Basic => return Err(SetupError::SpotlightInBasic),
        Some(n) => Some(
            roster
                .find(n)
                .ok_or_else(|| SetupError::UnknownSpotlight(n.clone()))?,
        ),
    };
    let cards = shuffle_deck(&deck, spec.seed);
    let setup = Setup::new(
        roster,
        cards,
        spec.options,
        spec.edition,
        spec.seed,
        spec.salt,
    )?
    .with_nicknames(spec.nicknames.clone(), spec.no_guess.clone())?;
    Ok(Dealt { setup, spotlight })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("P{i:02}")).collect()
    }

    fn spec(n: usize) -> DealSpec {
        DealSpec {
            players: names(n),
            edition: Edition::Advanced,
            evil: None,
            specials: vec![Card::Scientist, Card::ForestRanger],
            spotlight: None,
            options: Options::default(),
            nicknames: Vec::new(),
            no_guess: Vec::new(),
            seed: 7,
            salt: Salt([3; 32]),
        }
    }

    #[test]
    fn default_evil_s1_3() {
        assert_eq!(default_evil(5), 1);
        assert_eq!(default_evil(7), 1);
        assert_eq!(default_evil(8), 2);
        assert_eq!(default_evil(12), 3);
        assert_eq!(default_evil(16), 4);
        assert_eq!(default_evil(36), 6);
    }

    #[test]
    fn decks_s1_2() {
        let d = build_deck(
            8,
            Edition::Basic,
            2,
            &[Card::GreenActivist, Card::Scientist],
        )
        .unwrap();
        assert_eq!(
            d,
            [
                Card::Pollution,
                Card::Waste,
                Card::Scientist,
                Card::GreenActivist,
                Card::Knowledge,
                Card::OzoneLayer,
                Card::CleanEnergy,
                Card::Plankton
            ]
        );
        assert_eq!(
            build_deck(8, Edition::Basic, 2, &[Card::Gmo]),
            Err(SetupError::NotInBasic(Card::Gmo))
        );
        assert_eq!(
            build_deck(8, Edition::Advanced, 0, &[]),
            Err(SetupError::EvilCount(0))
        );
        assert_eq!(
            build_deck(8, Edition::Advanced, 7, &[]),
            Err(SetupError::EvilCount(7))
        );
        assert_eq!(
            build_deck(8, Edition::Advanced, 4, &[]),
            Err(SetupError::EvilNotFewer { evil: 4, others: 4 })
        );
        assert_eq!(
            build_deck(8, Edition::Advanced, 2, &[Card::Scientist, Card::Scientist]),
            Err(SetupError::SpecialTwice(Card::Scientist))
        );
        assert_eq!(
            build_deck(8, Edition::Advanced, 2, &[Card::Fish]),
            Err(SetupError::NotSpecial(Card::Fish))
        );
        // 36 players fit exactly with 6 Evil and all 8 Special Forces.
        assert_eq!(
            build_deck(36, Edition::Advanced, 6, &Card::SPECIAL)
                .unwrap()
                .len(),
            36
        );
        assert_eq!(
            build_deck(36, Edition::Basic, 6, &Card::BASIC_SPECIAL),
            Err(SetupError::TooFewElements { needed: 27 })
        );
        let e = build_deck(5, Edition::Advanced, 2, &Card::SPECIAL).unwrap_err();
        assert!(e.to_string().contains("do not fit"), "{e}");
    }

    #[test]
    fn the_deal_is_seeded_and_a_permutation() {
        let a = deal(&spec(12)).unwrap();
        let b = deal(&spec(12)).unwrap();
        assert_eq!(a, b);
        let mut other = spec(12);
        other.seed = 8;
        assert_ne!(deal(&other).unwrap().setup.cards, a.setup.cards);
        assert_eq!(
            a.setup.deck(),
            build_deck(
                12,
                Edition::Advanced,
                3,
                &[Card::Scientist, Card::ForestRanger]
            )
            .unwrap()
        );
        let mut s = spec(12);
        s.spotlight = Some("p03".into());
        assert_eq!(deal(&s).unwrap().spotlight, Some(PlayerId::from_index(3)));
        s.spotlight = Some("Nobody".into());
        assert_eq!(deal(&s), Err(SetupError::UnknownSpotlight("Nobody".into())));
        s.spotlight = Some("P03".into());
        s.edition = Edition::Basic;
        assert_eq!(deal(&s), Err(SetupError::SpotlightInBasic));
        assert!(spec(6).warnings()[0].contains("8 to 30"));
        assert!(spec(8).warnings().is_empty());
    }
}
