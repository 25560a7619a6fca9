//! A driver of random but mostly sensible seasons for the property tests
//! and the fuzzer: inputs are made from a list of noise words, following
//! what the round wizard asks for next, with some choices the rules refuse
//! (unaffordable boosts, votes for non-candidates, cards not held) and some
//! production edits.

#![allow(dead_code)]

use console_core::commitment::Salt;
use dice_org::ByName;
use dice_org::camp::{CampChoice, CampInput};
use dice_org::competition::{CompetitionChoice, CompetitionInput};
use dice_org::conversation::Prefs;
use dice_org::edit::{Change, Edit, PlayerChange};
use dice_org::final_vote::FinalInput;
use dice_org::options::{CampDice, Deadlock, JurySize, OptionsPatch, TeamScore};
use dice_org::setup::{AttributeSource, SetupInput, TeamSource};
use dice_org::vote::{Ballot, Play, RevoteInput, VoteInput, When};
use dice_org::{Advantage, Attributes, Boost, Entry, Needs, Options, Season};

/// Names with shared prefixes and a space, all valid (S1.1).
pub const NAMES: [&str; 16] = [
    "Ann",
    "Annabel",
    "Bob",
    "Bobby Lee",
    "Cid",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kim",
    "Lee",
    "Max",
    "Zoë",
];

/// A producers' card name that must never appear in a public post.
pub const SECRET_CARD: &str = "Zircon Idol";

/// Noise words consumed in turn.
pub struct Noise {
    words: Vec<u32>,
    k: usize,
}

impl Noise {
    pub fn new(words: Vec<u32>) -> Noise {
        let words = if words.is_empty() { vec![7] } else { words };
        Noise { words, k: 0 }
    }
    /// A number in 0..n (0 when n is 0).
    pub fn pick(&mut self, n: usize) -> usize {
        self.k += 1;
        let w = self.words[self.k % self.words.len()]
            .wrapping_mul(2_654_435_761)
            .rotate_left((self.k % 31) as u32);
        if n == 0 { 0 } else { w as usize % n }
    }
    /// True with `pct` percent.
    pub fn chance(&mut self, pct: usize) -> bool {
        self.pick(100) < pct
    }
    pub fn one<'a, T>(&mut self, v: &'a [T]) -> Option<&'a T> {
        if v.is_empty() {
            None
        } else {
            Some(&v[self.pick(v.len())])
        }
    }
}

pub fn options(noise: &mut Noise) -> Options {
    Options {
        team_score: if noise.chance(50) {
            TeamScore::Mean
        } else {
            TeamScore::Sum
        },
        reward_rp: noise.pick(3) as u32,
        food_per_player: noise.pick(8) as u32,
        conversation_slots: 1 + noise.pick(3) as u32,
        deadlock: if noise.chance(50) {
            Deadlock::SurvivalRoll
        } else {
            Deadlock::Rocks
        },
        jury_size: JurySize::new([1, 5, 7][noise.pick(3)]).unwrap(),
        camp_dice: if noise.chance(50) {
            CampDice::PlayerStreams
        } else {
            CampDice::OneStream
        },
    }
}

pub fn setup_input(seed: u64, noise: &mut Noise) -> SetupInput {
    let n = 4 + noise.pick(9);
    let teams = 1 + noise.pick(4.min(n));
    let players: Vec<String> = NAMES[..n].iter().map(|s| s.to_string()).collect();
    let attributes = if noise.chance(30) {
        AttributeSource::Entered(
            (0..n)
                .map(|_| Attributes {
                    competition: 3 + noise.pick(16) as u8,
                    survival: 3 + noise.pick(16) as u8,
                })
                .collect(),
        )
    } else {
        AttributeSource::Rolled
    };
    SetupInput {
        players,
        teams: ["Koru", "Mana", "Tane", "Rangi"][..teams]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        attributes,
        assignment: TeamSource::Dealt,
        options: options(noise),
        seed,
        salt: Salt([seed as u8; 32]),
    }
}

fn boost(noise: &mut Noise) -> Option<Boost> {
    match noise.pick(5) {
        0 => Some(Boost::Two),
        1 => Some(Boost::Seven),
        _ => None,
    }
}

fn edit(season: &Season, noise: &mut Noise) -> Entry {
    let s = season.state();
    let living: Vec<String> = s.alive().map(|(p, _)| s.name(p).to_string()).collect();
    let teams: Vec<String> = s.teams.iter().map(|t| t.name.clone()).collect();
    let who = noise.one(&living).cloned().unwrap_or_default();
    let change = match noise.pick(7) {
        0 => Change::Player(PlayerChange {
            name: who,
            rp: Some(noise.pick(6) as u32),
            counters: Some(noise.pick(10) as u32),
            ..Default::default()
        }),
        1 => Change::CampAdvantages {
            team: noise.one(&teams).cloned().unwrap_or_default(),
            cards: vec![
                Advantage::HiddenImmunity,
                Advantage::ExtraVote,
                Advantage::Other(SECRET_CARD.into()),
            ],
        },
        2 => Change::Player(PlayerChange {
            name: who,
            advantages: Some(vec![
                Advantage::HiddenImmunity,
                Advantage::ExtraVote,
                Advantage::Other(SECRET_CARD.into()),
            ]),
            immune: Some(noise.chance(30)),
            ..Default::default()
        }),
        3 if teams.len() > 1 => Change::Merge {
            name: "Tipua".into(),
        },
        4 if living.len() > 4 => Change::Quit {
            player: who,
            reason: None,
        },
        5 => Change::Options(OptionsPatch {
            deadlock: Some(if noise.chance(50) {
                Deadlock::Rocks
            } else {
                Deadlock::SurvivalRoll
            }),
            ..Default::default()
        }),
        _ => Change::Player(PlayerChange {
            name: who,
            competition: Some(1 + noise.pick(18) as u8),
            survival: Some(1 + noise.pick(18) as u8),
            ..Default::default()
        }),
    };
    Entry::Edit(Edit {
        note: "test edit".into(),
        changes: vec![change],
    })
}

/// The next input for `season`, or `None` when it is over.
pub fn next_entry(season: &Season, noise: &mut Noise) -> Option<Entry> {
    if noise.chance(8) {
        return Some(edit(season, noise));
    }
    let s = season.state();
    let out: Vec<String> = s.voted_out.iter().map(|&p| s.name(p).to_string()).collect();
    let living: Vec<String> = s.alive().map(|(p, _)| s.name(p).to_string()).collect();
    Some(match season.needs() {
        Needs::Over { .. } => return None,
        Needs::Competition { participants, .. } => {
            let mut choices = ByName::new();
            for p in participants {
                if noise.chance(50) {
                    choices.insert(
                        p.name,
                        CompetitionChoice {
                            deduct: noise.chance(40),
                            boost: boost(noise),
                            nothing: false,
                        },
                    );
                }
            }
            Entry::Competition(CompetitionInput { choices })
        }
        Needs::Camp { teams } => {
            let mut choices = ByName::new();
            for m in teams.into_iter().flat_map(|t| t.members) {
                if noise.chance(60) {
                    choices.insert(
                        m.name,
                        CampChoice {
                            deduct_for_bonus: noise.chance(50),
                            boost: boost(noise),
                            deduct_for_rp: noise.chance(30),
                            rp_for_bonus: noise.chance(40),
                            nothing: false,
                        },
                    );
                }
            }
            Entry::Camp(CampInput { choices })
        }
        Needs::Conversation { players, .. } => {
            let mut prefs = ByName::new();
            let pool: Vec<String> = players.iter().chain(out.iter()).cloned().collect();
            for p in &players {
                let mut pr = Prefs::default();
                for _ in 0..noise.pick(3) {
                    pr.closed.push(noise.one(&pool).unwrap().clone());
                }
                for _ in 0..noise.pick(5) {
                    pr.ranks.push(noise.one(&pool).unwrap().clone());
                }
                prefs.insert(p.clone(), pr);
            }
            let slots = if noise.chance(50) { Some(1) } else { None };
            Entry::Conversation(season.conversation_input(prefs, slots))
        }
        Needs::Vote {
            voters,
            candidates,
            cards,
            ..
        } => {
            let mut input = VoteInput::default();
            for (holder, card) in cards {
                if noise.chance(50) {
                    input.advantages.push(Play {
                        player: holder,
                        on: (card == Advantage::HiddenImmunity)
                            .then(|| noise.one(&living).unwrap().clone()),
                        card,
                        when: Some(if noise.chance(70) {
                            When::Before
                        } else {
                            When::After
                        }),
                    });
                }
            }
            if noise.chance(10) {
                input.advantages.push(Play {
                    player: noise.one(&living).unwrap().clone(),
                    card: Advantage::Other(SECRET_CARD.into()),
                    on: None,
                    when: None,
                });
            }
            for v in &voters {
                if noise.chance(85) {
                    let t = if noise.chance(85) {
                        noise
                            .one(&candidates)
                            .or(noise.one(&living))
                            .unwrap()
                            .clone()
                    } else {
                        noise.one(&living).unwrap().clone()
                    };
                    let ballot = if noise.chance(15) {
                        Ballot::Many(vec![t.clone(), noise.one(&living).unwrap().clone()])
                    } else {
                        Ballot::One(t)
                    };
                    input.votes.insert(v.clone(), ballot);
                }
                if noise.chance(70) {
                    input.revote.insert(
                        v.clone(),
                        Ballot::One(
                            noise
                                .one(&candidates)
                                .or(noise.one(&living))
                                .unwrap()
                                .clone(),
                        ),
                    );
                }
            }
            // Half the votes ask for the revote as a step of its own (D7.5).
            input.ask_revote = noise.chance(50);
            Entry::Vote(input)
        }
        Needs::Revote { voters, tied } => {
            let mut input = RevoteInput::default();
            for v in voters.iter().chain(tied.iter().take(1)) {
                if noise.chance(75) {
                    let t = if noise.chance(85) {
                        noise.one(&tied).or(noise.one(&living)).unwrap().clone()
                    } else {
                        noise.one(&living).unwrap().clone()
                    };
                    input.revote.insert(v.clone(), Ballot::One(t));
                }
            }
            Entry::Revote(input)
        }
        Needs::Final { jury, finalists } => {
            let mut input = FinalInput::default();
            for j in &jury {
                if noise.chance(90) {
                    input
                        .votes
                        .insert(j.clone(), noise.one(&finalists).unwrap().clone());
                }
                if noise.chance(60) {
                    input
                        .revote
                        .insert(j.clone(), noise.one(&finalists).unwrap().clone());
                }
            }
            Entry::Final(input)
        }
    })
}

/// Plays a random season of at most `max` entries. Every entry the driver
/// makes must be accepted (refused choices are rejections, not errors).
pub fn play(seed: u64, words: Vec<u32>, max: usize) -> Season {
    let mut noise = Noise::new(words);
    let input = setup_input(seed, &mut noise);
    let mut season = Season::new(input).expect("a valid setup");
    for _ in 0..max {
        let Some(e) = next_entry(&season, &mut noise) else {
            break;
        };
        if let Err(err) = season.play(e.clone()) {
            // Edits may be refused (e.g. quitting a player already out); steps never.
            assert!(matches!(e, Entry::Edit(_)), "step refused: {err} for {e:?}");
        }
    }
    season
}
