//! The cards (S1.2): Evil Forces, Special Forces and Elements for Survival,
//! and which verbs each allows at night (S3).

use crate::options::EvilWinsAt;
use crate::verb::Verb;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The side a card is on (S1.2). *Good* is every side but [`Side::Evil`].
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
pub enum Side {
    /// An Evil Force.
    Evil,
    /// A Special Force.
    Special,
    /// An Element for Survival.
    Element,
}

/// A card (S1.2). Serialised as its name (`"Forest Ranger"`).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
#[allow(missing_docs)]
pub enum Card {
    Pollution,
    Waste,
    Greediness,
    Ignorance,
    Overpopulation,
    Consumerism,
    Scientist,
    ForestRanger,
    GreenActivist,
    PolarBear,
    Gmo,
    Engineer,
    Ppa,
    MotherNature,
    Knowledge,
    OzoneLayer,
    CleanEnergy,
    Plankton,
    CleanWater,
    Insects,
    EdiblePlants,
    Algae,
    CleanAir,
    Bacteria,
    Fish,
    Biodiversity,
    FarmAnimals,
    GoodWeather,
    FarmLand,
    Intelligence,
    Antibiotics,
    FertileSoil,
    Fungi,
    ImmuneSystem,
    HumanRights,
    Peace,
}

use Card::*;

/// The night verbs of each card with a night action (S3).
const EVIL_VERBS: [Verb; 2] = [Verb::Kill, Verb::Expose];

impl Card {
    /// Every card in S1.2 order.
    pub const ALL: [Card; 36] = [
        Pollution,
        Waste,
        Greediness,
        Ignorance,
        Overpopulation,
        Consumerism,
        Scientist,
        ForestRanger,
        GreenActivist,
        PolarBear,
        Gmo,
        Engineer,
        Ppa,
        MotherNature,
        Knowledge,
        OzoneLayer,
        CleanEnergy,
        Plankton,
        CleanWater,
        Insects,
        EdiblePlants,
        Algae,
        CleanAir,
        Bacteria,
        Fish,
        Biodiversity,
        FarmAnimals,
        GoodWeather,
        FarmLand,
        Intelligence,
        Antibiotics,
        FertileSoil,
        Fungi,
        ImmuneSystem,
        HumanRights,
        Peace,
    ];

    /// The Evil Forces, in the order a deck takes them (S1.2).
    pub const EVIL: [Card; 6] = [
        Pollution,
        Waste,
        Greediness,
        Ignorance,
        Overpopulation,
        Consumerism,
    ];

    /// The Special Forces (S1.2).
    pub const SPECIAL: [Card; 8] = [
        Scientist,
        ForestRanger,
        GreenActivist,
        PolarBear,
        Gmo,
        Engineer,
        Ppa,
        MotherNature,
    ];

    /// The Special Forces of the basic edition (S1.3).
    pub const BASIC_SPECIAL: [Card; 3] = [Scientist, ForestRanger, GreenActivist];

    /// The Elements for Survival, in the order a deck takes them (S1.2).
    pub const ELEMENTS: [Card; 22] = [
        Knowledge,
        OzoneLayer,
        CleanEnergy,
        Plankton,
        CleanWater,
        Insects,
        EdiblePlants,
        Algae,
        CleanAir,
        Bacteria,
        Fish,
        Biodiversity,
        FarmAnimals,
        GoodWeather,
        FarmLand,
        Intelligence,
        Antibiotics,
        FertileSoil,
        Fungi,
        ImmuneSystem,
        HumanRights,
        Peace,
    ];

    /// The card's name as S1.2 writes it.
    pub fn name(self) -> &'static str {
        match self {
            Pollution => "Pollution",
            Waste => "Waste",
            Greediness => "Greediness",
            Ignorance => "Ignorance",
            Overpopulation => "Overpopulation",
            Consumerism => "Consumerism",
            Scientist => "Scientist",
            ForestRanger => "Forest Ranger",
            GreenActivist => "Green Activist",
            PolarBear => "Polar Bear",
            Gmo => "GMO",
            Engineer => "Engineer",
            Ppa => "PPA",
            MotherNature => "Mother Nature",
            Knowledge => "Knowledge",
            OzoneLayer => "Ozone Layer",
            CleanEnergy => "Clean Energy",
            Plankton => "Plankton",
            CleanWater => "Clean Water",
            Insects => "Insects",
            EdiblePlants => "Edible Plants",
            Algae => "Algae",
            CleanAir => "Clean Air",
            Bacteria => "Bacteria",
            Fish => "Fish",
            Biodiversity => "Biodiversity",
            FarmAnimals => "Farm Animals",
            GoodWeather => "Good Weather",
            FarmLand => "Farm Land",
            Intelligence => "Intelligence",
            Antibiotics => "Antibiotics",
            FertileSoil => "Fertile Soil",
            Fungi => "Fungi",
            ImmuneSystem => "Immune System",
            HumanRights => "Human Rights",
            Peace => "Peace",
        }
    }

    /// The card a name names: its S1.2 name, ignoring case (and `G.M.O.`,
    /// `P.P.A.` written with dots).
    pub fn from_name(name: &str) -> Option<Card> {
        let t = name.trim();
        Card::ALL
            .iter()
            .copied()
            .find(|c| c.name().eq_ignore_ascii_case(t))
            .or_else(|| match t.to_ascii_lowercase().as_str() {
                "g.m.o." | "g.m.o" | "genetically modified organism" => Some(Gmo),
                "p.p.a." | "p.p.a" | "planet protection agency" => Some(Ppa),
                _ => None,
            })
    }

    /// Its side.
    pub fn side(self) -> Side {
        if Card::EVIL.contains(&self) {
            Side::Evil
        } else if Card::SPECIAL.contains(&self) {
            Side::Special
        } else {
            Side::Element
        }
    }

    /// Whether it is an Evil Force.
    pub fn is_evil(self) -> bool {
        self.side() == Side::Evil
    }

    /// The verbs the card allows on night `night` (S3; S3.5 the Engineer
    /// from night 2, S3.7 Mother Nature on night 1 only), before used-up
    /// Engineer cards are taken out. Empty for cards without a night action
    /// (S3.8).
    pub fn night_verbs(self, night: u16) -> &'static [Verb] {
        match self.side() {
            Side::Evil => &EVIL_VERBS,
            Side::Element => &[],
            Side::Special => match self {
                Scientist => &[Verb::Check],
                ForestRanger => &[Verb::Protect],
                GreenActivist => &[Verb::Watch],
                Engineer if night >= 2 => &[Verb::Bomb, Verb::Shield],
                Ppa => &[Verb::Summon],
                MotherNature if night == 1 => &[Verb::Buddies],
                _ => &[],
            },
        }
    }

    /// What the card does, for its private message (S9.3).
    pub fn abilities(self) -> &'static str {
        match self.side() {
            Side::Evil => {
                "Each night send `kill NAME` to choose, with the other Evil Forces, the night's victim (not an Evil Force); the name most of you send is killed, and a tie kills no one. You may also send `expose NAME` to name the player you believe is the Green Activist: if the Green Activist watched that night, they are eliminated."
            }
            Side::Element => {
                "No special power: your words and your vote at the conference are your strength."
            }
            Side::Special => match self {
                Scientist => {
                    "Each night send `check NAME` (not yourself): you learn whether that player is Good or Evil."
                }
                ForestRanger => {
                    "Each night send `protect NAME` (yourself included): that player cannot be killed by the Evil Forces that night. You may not protect the same player on two nights in a row."
                }
                GreenActivist => {
                    "Each night you may send `watch`: you learn who the living Evil Forces are and whom they chose to kill. If the Evil Forces expose you on a night you watch, you are eliminated."
                }
                PolarBear => {
                    "When the vote ties, you are eliminated instead. When you are eliminated, for any reason, send `sole NAME` (only that player votes at the next conference) or `bar NAME` (that player may not vote)."
                }
                Gmo => {
                    "When you are eliminated, for any reason, send `revenge NAME`: that player is eliminated at once."
                }
                Engineer => {
                    "From night 2, once per game `bomb NAME` (that player is eliminated; not yourself) and once per game `shield NAME` (that player cannot be eliminated that night; yourself included), at most one of them per night."
                }
                Ppa => {
                    "Each night send `summon NAME` (not yourself, never the same player twice): that player goes to Nairobi for the next conference and can neither vote nor be eliminated that day."
                }
                MotherNature => {
                    "On night 1 send `buddies NAME NAME` (two different players, you may be one): they become buddies. When one buddy is eliminated, the other is too; if the two buddies are the last players alive, they win."
                }
                _ => "",
            },
        }
    }

    /// How the card wins (S8), for its private message (S9.3), under the
    /// option `evil_wins_at`.
    pub fn win_condition(self, evil_wins_at: EvilWinsAt) -> &'static str {
        match (self.is_evil(), evil_wins_at) {
            (true, EvilWinsAt::Parity) => {
                "The Evil Forces win when they are at least as many as all other living players."
            }
            (true, EvilWinsAt::Majority) => {
                "The Evil Forces win when they are more than all other living players together."
            }
            (false, _) => {
                "Good (the Special Forces and Elements) wins when no Evil Force is left alive."
            }
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl TryFrom<String> for Card {
    type Error = String;
    fn try_from(s: String) -> Result<Card, String> {
        Card::from_name(&s).ok_or_else(|| format!("unknown card {s:?}"))
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.name().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in Card::ALL {
            assert_eq!(Card::from_name(c.name()), Some(c));
            assert_eq!(Card::from_name(&c.name().to_uppercase()), Some(c));
        }
        assert_eq!(Card::from_name("Forrest Ranger"), None);
        assert_eq!(Card::from_name("G.M.O."), Some(Gmo));
        let json = serde_json::to_string(&ForestRanger).unwrap();
        assert_eq!(json, "\"Forest Ranger\"");
        assert!(serde_json::from_str::<Card>("\"Dragon\"").is_err());
    }

    #[test]
    fn sides_and_verbs_s3() {
        assert_eq!(
            Card::EVIL.len() + Card::SPECIAL.len() + Card::ELEMENTS.len(),
            36
        );
        assert!(Card::EVIL.iter().all(|c| c.side() == Side::Evil));
        assert!(Card::SPECIAL.iter().all(|c| c.side() == Side::Special));
        assert!(Card::ELEMENTS.iter().all(|c| c.side() == Side::Element));
        assert_eq!(Engineer.night_verbs(1), &[] as &[Verb]);
        assert_eq!(Engineer.night_verbs(2), &[Verb::Bomb, Verb::Shield]);
        assert_eq!(MotherNature.night_verbs(1), &[Verb::Buddies]);
        assert!(MotherNature.night_verbs(2).is_empty());
        assert!(PolarBear.night_verbs(1).is_empty());
        assert!(Gmo.night_verbs(3).is_empty());
        assert!(Fish.night_verbs(1).is_empty());
        assert_eq!(Waste.night_verbs(4), &[Verb::Kill, Verb::Expose]);
    }
}
