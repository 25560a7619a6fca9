//! Verify a season (D1.4, D10.3): from the seed and salt revealed in the
//! final post and the setup as published (players in roster order, teams
//! in team order, rolled or entered attributes, dealt or assigned teams),
//! recompute the commitment and compare it with the one published at the
//! start; show what the seed gives (each player's attribute rolls and
//! team); and, with the season's inputs, replay every roll in D11 order
//! beside the roll the season recorded. Each comparison says whether it
//! matches.

use crate::dice::DieUse;
use crate::season::Season;
use crate::setup::{AttributeSource, SetupInput, commitment, committed_text};
use crate::state::Attributes;
use serde::{Deserialize, Serialize};

/// One player as the seed gives them.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct VerifiedPlayer {
    /// The name.
    pub name: String,
    /// The team the seed deals them into (or the one assigned).
    pub team: String,
    /// The Competition then Survival rolls (D1.2): three dice each, in the
    /// order drawn; `None` when attributes were entered.
    pub rolls: Option<([u8; 3], [u8; 3])>,
    /// The attributes the seed gives (or the ones entered).
    pub attributes: Attributes,
    /// The attributes the open season told the player, when it is given.
    pub told: Option<Attributes>,
    /// The team the open season put them in, when it is given.
    pub told_team: Option<String>,
    /// Whether both agree; `None` with nothing to compare.
    pub matches: Option<bool>,
}

/// One roll (three dice) of the season replayed from the revealed seed.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct VerifiedRoll {
    /// The entry that drew it (index from 0); `None` for the setup.
    pub entry: Option<usize>,
    /// Who rolled and what for, in words: `Ann: competition roll`.
    pub what: String,
    /// The dice the revealed seed gives.
    pub dice: Vec<u8>,
    /// Their total.
    pub total: u32,
    /// The dice the season recorded for this roll.
    pub recorded: Vec<u8>,
    /// Whether they are the same dice for the same roll.
    pub matches: bool,
}

/// What a check of a revealed seed found.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Verification {
    /// The text the commitment hashes ([`committed_text`]).
    pub committed_text: String,
    /// SHA-256 of it: the commitment these inputs give.
    pub commitment: String,
    /// The commitment as published (normalised: hex digits, lowercase).
    pub published: Option<String>,
    /// Whether the two are equal; `None` with none published.
    pub commitment_matches: Option<bool>,
    /// What the seed gives each player, roster order; empty when the
    /// setup is refused.
    pub players: Vec<VerifiedPlayer>,
    /// Every roll of the season replayed, in D11 order (setup first);
    /// empty without the season.
    pub rolls: Vec<VerifiedRoll>,
    /// Why the setup or the replay could not be made, if it could not.
    pub problem: Option<String>,
    /// What was taken from the open season rather than typed, in words
    /// (entered attributes, never published, D10.3).
    pub notes: Vec<String>,
}

impl Verification {
    /// Whether every comparison made agrees (and at least the commitment
    /// was compared), with no problem.
    pub fn all_match(&self) -> bool {
        self.problem.is_none()
            && self.commitment_matches == Some(true)
            && self.players.iter().all(|p| p.matches != Some(false))
            && self.rolls.iter().all(|r| r.matches)
    }

    /// How many rolls disagree with the season's record.
    pub fn mismatched_rolls(&self) -> usize {
        self.rolls.iter().filter(|r| !r.matches).count()
    }
}

/// A published commitment as written (spaces, line breaks and case
/// ignored), or `None` when blank.
pub fn normalise_commitment(text: &str) -> Option<String> {
    let t: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    (!t.is_empty()).then_some(t)
}

/// Checks a revealed seed (D1.4): `input` is the setup as published with
/// the revealed seed and salt; `published` the commitment posted at the
/// start; `season` the open season, if any, whose attributes, teams and
/// rolls are compared with what the seed gives (its rule options are the
/// ones replayed: they are not in the setup as published, and the camp
/// dice option, D11.1, says where its camp dice came from). Never fails:
/// what cannot be checked is said in [`Verification::problem`].
pub fn verify(
    input: &SetupInput,
    published: Option<&str>,
    season: Option<&Season>,
) -> Verification {
    let mut notes = Vec::new();
    let mut input = SetupInput {
        options: season.map_or(input.options, |s| s.setup().options),
        ..input.clone()
    };
    // Entered attributes are never published (D10.3): with the open
    // season, its own are replayed.
    if let (AttributeSource::Entered(typed), Some(AttributeSource::Entered(theirs))) =
        (&input.attributes, season.map(|s| &s.setup().attributes))
        && typed.is_empty()
    {
        input.attributes = AttributeSource::Entered(theirs.clone());
        notes.push(
            "The attributes were entered: the open season's are used (they are never published, D10.3)."
                .to_string(),
        );
    }
    let input = &input;
    let mine = commitment(input);
    let published = published.and_then(normalise_commitment);
    let mut out = Verification {
        committed_text: committed_text(input),
        commitment_matches: published.as_ref().map(|p| *p == mine),
        commitment: mine,
        published,
        players: Vec::new(),
        rolls: Vec::new(),
        problem: None,
        notes,
    };
    let replayed = match season {
        Some(s) => Season::replay(input.clone(), &s.entries()).map_err(|e| e.to_string()),
        None => Season::new(input.clone()).map_err(|e| format!("setup: {e}")),
    };
    let replayed = match replayed {
        Ok(r) => r,
        Err(e) => {
            out.problem = Some(e);
            return out;
        }
    };
    let start = replayed.start();
    let report = replayed.setup_report();
    let told = season.map(Season::start);
    for (i, p) in start.players.iter().enumerate() {
        let Some(l) = &p.living else { continue };
        let rolls = report
            .attribute_rolls
            .iter()
            .find(|(q, _, _)| q.index() == i)
            .map(|(_, c, v)| (c.dice, v.dice));
        let team = start.team_name(l.team).to_string();
        let theirs = told.and_then(|s| {
            let q = s.find(&p.name)?;
            let tl = s.living(q)?;
            Some((tl.attributes, s.team_name(tl.team).to_string()))
        });
        out.players.push(VerifiedPlayer {
            name: p.name.clone(),
            matches: told.map(|_| theirs.as_ref() == Some(&(l.attributes, team.clone()))),
            told: theirs.as_ref().map(|t| t.0),
            told_team: theirs.map(|t| t.1),
            team,
            rolls: matches!(input.attributes, AttributeSource::Rolled)
                .then_some(rolls)
                .flatten(),
            attributes: l.attributes,
        });
    }
    if let Some(s) = season {
        let mine = replayed.dice_log();
        let theirs = s.dice_log();
        let mut k = 0;
        while k < mine.len() {
            // A roll is the run of dice drawn for one use (three for every
            // roll of D2 and D11.3).
            let why: &DieUse = &mine[k].die.why;
            let entry = mine[k].entry;
            let mut end = k + 1;
            while end < mine.len()
                && end - k < 3
                && mine[end].die.why == *why
                && mine[end].entry == entry
            {
                end += 1;
            }
            let dice: Vec<u8> = mine[k..end].iter().map(|d| d.die.value).collect();
            let recorded: Vec<u8> = theirs
                .get(k..end.min(theirs.len()))
                .unwrap_or(&[])
                .iter()
                .map(|d| d.die.value)
                .collect();
            let same_use = theirs
                .get(k..end)
                .is_some_and(|t| t.iter().all(|d| d.die.why == *why && d.entry == entry));
            out.rolls.push(VerifiedRoll {
                entry,
                what: why.to_string(),
                total: dice.iter().map(|&d| u32::from(d)).sum(),
                matches: same_use && recorded == dice,
                dice,
                recorded,
            });
            k = end;
        }
        if theirs.len() > mine.len() {
            out.problem = Some(format!(
                "the season drew {} dice; the revealed seed's replay draws {}",
                theirs.len(),
                mine.len()
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::competition::CompetitionInput;
    use crate::setup::TeamSource;
    use crate::step::Entry;
    use console_core::commitment::Salt;

    fn input(seed: u64) -> SetupInput {
        SetupInput {
            players: ["Ann", "Bob", "Cid", "Dee"].map(String::from).to_vec(),
            teams: vec!["Koru".into(), "Mana".into()],
            attributes: AttributeSource::Rolled,
            assignment: TeamSource::Dealt,
            options: crate::Options::default(),
            seed,
            salt: Salt([9; 32]),
        }
    }

    fn season() -> Season {
        let mut s = Season::new(input(41)).unwrap();
        s.play(Entry::Competition(CompetitionInput::default()))
            .unwrap();
        s.play(Entry::Camp(Default::default())).unwrap();
        s
    }

    #[test]
    fn the_revealed_seed_gives_the_published_commitment_and_every_roll() {
        let s = season();
        let published = s.commitment().to_uppercase();
        let v = verify(&input(41), Some(&format!(" {published}\n")), Some(&s));
        assert_eq!(v.commitment_matches, Some(true));
        assert_eq!(v.players.len(), 4);
        for p in &v.players {
            let (c, sv) = p.rolls.unwrap();
            let sum = |d: [u8; 3]| d.iter().sum::<u8>();
            assert_eq!(
                (sum(c), sum(sv)),
                (p.attributes.competition, p.attributes.survival)
            );
            assert_eq!(p.matches, Some(true));
        }
        // 4 players x 2 attributes, 4 competition rolls, 4 gathering rolls (D11.1).
        assert_eq!(v.rolls.len(), 16);
        assert_eq!(v.rolls[0].what, "Ann: Competition attribute");
        assert_eq!(v.rolls[8].entry, Some(0));
        assert!(v.rolls.iter().all(|r| r.matches && r.dice.len() == 3));
        assert!(v.all_match());
    }

    #[test]
    fn assigned_teams_are_checked_d1_5() {
        let mut setup = input(41);
        let teams = ["Koru", "Mana", "Mana", "Koru"].map(String::from).to_vec();
        setup.assignment = TeamSource::Assigned(teams.clone());
        let s = Season::new(setup.clone()).unwrap();
        let v = verify(&setup, Some(&s.commitment()), Some(&s));
        assert!(v.all_match(), "{v:?}");
        assert_eq!(v.players[1].team, "Mana");
        // None typed: said, not verified; one typed wrong: that player
        // does not match.
        let mut none = setup.clone();
        none.assignment = TeamSource::Assigned(Vec::new());
        let v = verify(&none, Some(&s.commitment()), Some(&s));
        assert!(
            v.problem
                .unwrap()
                .contains("0 teams assigned for 4 players")
        );
        let mut wrong = setup;
        let mut t = teams;
        t.swap(0, 1);
        wrong.assignment = TeamSource::Assigned(t);
        let v = verify(&wrong, Some(&s.commitment()), Some(&s));
        assert_eq!(
            v.players.iter().map(|p| p.matches).collect::<Vec<_>>(),
            [Some(false), Some(false), Some(true), Some(true)]
        );
    }

    #[test]
    fn entered_attributes_come_from_the_open_season_d10_3() {
        let mut setup = input(41);
        let a = |c, s| Attributes {
            competition: c,
            survival: s,
        };
        setup.attributes = AttributeSource::Entered(vec![a(10, 11), a(12, 9), a(7, 8), a(15, 14)]);
        let s = Season::new(setup.clone()).unwrap();
        let mut typed = setup;
        typed.attributes = AttributeSource::Entered(Vec::new());
        let v = verify(&typed, Some(&s.commitment()), Some(&s));
        assert!(v.all_match(), "{v:?}");
        assert_eq!(v.notes.len(), 1);
    }

    #[test]
    fn a_season_replays_with_its_own_options_d11_1() {
        // A season played with the camp dice of file version 1 and other
        // options: the setup typed on the Verify screen has the defaults.
        let mut setup = input(41);
        setup.options.camp_dice = crate::options::CampDice::OneStream;
        setup.options.food_per_player = 2;
        let mut s = Season::new(setup).unwrap();
        s.play(Entry::Competition(CompetitionInput::default()))
            .unwrap();
        s.play(Entry::Camp(Default::default())).unwrap();
        let v = verify(&input(41), Some(&s.commitment()), Some(&s));
        assert!(v.all_match(), "{v:?}");
    }

    #[test]
    fn a_wrong_seed_or_salt_says_what_disagrees() {
        let s = season();
        let v = verify(&input(42), Some(&s.commitment()), Some(&s));
        assert_eq!(v.commitment_matches, Some(false));
        assert!(v.mismatched_rolls() > 0);
        assert!(v.players.iter().any(|p| p.matches == Some(false)));
        assert!(!v.all_match());
        let mut wrong_salt = input(41);
        wrong_salt.salt = Salt([8; 32]);
        let v = verify(&wrong_salt, Some(&s.commitment()), Some(&s));
        assert_eq!(v.commitment_matches, Some(false), "the salt is committed");
        assert_eq!(v.mismatched_rolls(), 0, "the dice come from the seed alone");
        // Without the season: the commitment and what the seed gives.
        let v = verify(&input(41), None, None);
        assert_eq!(v.commitment_matches, None);
        assert!(v.rolls.is_empty() && v.players.len() == 4);
        assert!(!v.all_match(), "nothing was compared");
        let mut bad = input(41);
        bad.players.truncate(2);
        assert!(
            verify(&bad, None, None)
                .problem
                .unwrap()
                .contains("4 to 40")
        );
    }
}
