//! The season state: players (roster order, D11.2), teams (team order),
//! pools, camp advantages, immunity, who was voted out, and the options.
//! Plain serde data; every step is a pure function from one state to the
//! next (see [`crate::step`]).

use crate::advantage::Advantage;
use crate::options::Options;
use crate::roll::RollKind;
use console_core::events::PhaseDeadline;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player: an index into the roster (roster order, D11.2). The roster
/// only grows, so an ID stays valid for the whole season.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u16);

impl PlayerId {
    /// The roster index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A team: an index into the team list (team order, D11.2). Merging teams
/// (D9.1) renumbers them.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TeamId(pub u8);

impl TeamId {
    /// The team-order index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A player's two secret attributes (D1.2), written `[Competition, Survival]`.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Attributes {
    /// The cap of competition rolls.
    pub competition: u8,
    /// The cap of survival rolls.
    pub survival: u8,
}

impl Attributes {
    /// The attribute a roll kind is capped by.
    pub fn get(self, kind: RollKind) -> u8 {
        match kind {
            RollKind::Competition => self.competition,
            RollKind::Survival => self.survival,
        }
    }
}

impl fmt::Display for Attributes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.competition, self.survival)
    }
}

/// What a living player has (D1.3): team, attributes, RP, depletion
/// counters, advantages held, immunity.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Living {
    /// The player's team.
    pub team: TeamId,
    /// Secret attributes.
    pub attributes: Attributes,
    /// Reward points.
    pub rp: u32,
    /// Depletion counters (D2.1).
    pub counters: u32,
    /// Advantages held, in the order received.
    pub advantages: Vec<Advantage>,
    /// Immune until the end of the next vote (D7.1).
    pub immune: bool,
}

/// One player of the roster: living, or out (voted out or quit).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Player {
    /// The name (S1.1 rules via `console_core::names`).
    pub name: String,
    /// `None` once voted out or quit.
    pub living: Option<Living>,
}

/// A team (D1.1): name, resource pool, advantages waiting at its camp (D5.4).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Team {
    /// The name.
    pub name: String,
    /// The resource pool (D1.3, D5).
    pub pool: u32,
    /// Advantages waiting at the camp, first found first (D5.4).
    pub camp: Vec<Advantage>,
}

/// The phases of a round (D3.1) and the final (D8), for the round wizard.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// D4.
    Competition,
    /// D5.
    Camp,
    /// D6.
    Conversation,
    /// D7.
    Vote,
    /// D7.5: the revote of a tied vote, as a step of its own.
    Revote,
    /// D8.
    Final,
    /// The season is over.
    Over,
}

impl Phase {
    /// The phase in words, as the wizard and the status say it:
    /// `competition`, `camp`, `conversation`, `vote`, `revote`, `final`,
    /// `over`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Competition => "competition",
            Phase::Camp => "camp",
            Phase::Conversation => "conversation",
            Phase::Vote => "vote",
            Phase::Revote => "revote",
            Phase::Final => "final",
            Phase::Over => "over",
        }
    }
}

/// The season at one moment.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct State {
    /// The rule options (D9.1 may change them).
    pub options: Options,
    /// Teams in team order.
    pub teams: Vec<Team>,
    /// Every player ever in the season, roster order.
    pub players: Vec<Player>,
    /// Players voted out or quit, oldest first (the jury pool, D8.1).
    pub voted_out: Vec<PlayerId>,
    /// The team that lost the last competition, which votes next (D7.1);
    /// `None` after an individual competition or a vote.
    pub to_vote: Option<TeamId>,
    /// Votes held so far; the round number is one more (D3.1).
    pub votes_held: u32,
    /// The last phase played in this round (for the wizard).
    pub last_phase: Option<Phase>,
    /// This round's conversation slots so far (D6.4), each a list of pairs.
    pub talks: Vec<Vec<(PlayerId, PlayerId)>>,
    /// Conversation slots used this round (asked for, even if left empty).
    pub slots_used: u32,
    /// The winner, once the final is over (D8.2).
    pub winner: Option<PlayerId>,
    /// Former names of replaced players (D9.4), oldest first: each still
    /// names its slot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub former: Vec<(String, PlayerId)>,
    /// The deadline of the phase to play and its extensions (D9.6); a
    /// phase played clears it.
    #[serde(default, skip_serializing_if = "no_deadline")]
    pub deadline: PhaseDeadline,
    /// The revote due after a vote's tied first count (D7.5), until it is
    /// played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revote_due: Option<crate::vote::RevoteDue>,
}

fn no_deadline(d: &PhaseDeadline) -> bool {
    d.set.is_none() && d.extensions.is_empty()
}

impl State {
    /// A state at the start: `players` as (name, living) in roster order.
    pub fn new(options: Options, teams: Vec<Team>, players: Vec<Player>) -> State {
        State {
            options,
            teams,
            players,
            voted_out: Vec::new(),
            to_vote: None,
            votes_held: 0,
            last_phase: None,
            talks: Vec::new(),
            slots_used: 0,
            winner: None,
            former: Vec::new(),
            deadline: PhaseDeadline::default(),
            revote_due: None,
        }
    }

    /// The round being played, from 1 (a round ends with its vote, D3.1).
    pub fn round(&self) -> u32 {
        self.votes_held + 1
    }

    /// The player of this exact name, else the player a replacement took
    /// this name from (D9.4).
    pub fn find(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .map(|i| PlayerId(i as u16))
            .or_else(|| {
                self.former
                    .iter()
                    .rev()
                    .find(|(n, _)| n == name)
                    .map(|(_, p)| *p)
            })
    }

    /// The team of this exact name.
    pub fn find_team(&self, name: &str) -> Option<TeamId> {
        self.teams
            .iter()
            .position(|t| t.name == name)
            .map(|i| TeamId(i as u8))
    }

    /// A player's name.
    pub fn name(&self, p: PlayerId) -> &str {
        &self.players[p.index()].name
    }

    /// A team's name.
    pub fn team_name(&self, t: TeamId) -> &str {
        &self.teams[t.index()].name
    }

    /// A player's living state, if living.
    pub fn living(&self, p: PlayerId) -> Option<&Living> {
        self.players.get(p.index())?.living.as_ref()
    }

    /// A living player's state, mutable.
    pub fn living_mut(&mut self, p: PlayerId) -> Option<&mut Living> {
        self.players.get_mut(p.index())?.living.as_mut()
    }

    /// Every living player, roster order.
    pub fn alive(&self) -> impl Iterator<Item = (PlayerId, &Living)> + '_ {
        self.players
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.living.as_ref().map(|l| (PlayerId(i as u16), l)))
    }

    /// How many players are living.
    pub fn alive_count(&self) -> usize {
        self.alive().count()
    }

    /// Living members of a team, roster order.
    pub fn members(&self, t: TeamId) -> Vec<PlayerId> {
        self.alive()
            .filter(|(_, l)| l.team == t)
            .map(|(p, _)| p)
            .collect()
    }

    /// Teams with at least one living member, team order: the teams that
    /// compete and camp.
    pub fn teams_in_play(&self) -> Vec<TeamId> {
        (0..self.teams.len())
            .map(|i| TeamId(i as u8))
            .filter(|&t| self.alive().any(|(_, l)| l.team == t))
            .collect()
    }

    /// The voters of the next vote (D7.1): the team that lost the
    /// competition, or every living player with one team or when no team
    /// competition was held since the last vote. Roster order.
    pub fn voters(&self) -> Vec<PlayerId> {
        match self.to_vote {
            Some(t) if self.teams_in_play().len() > 1 && !self.members(t).is_empty() => {
                self.members(t)
            }
            _ => self.alive().map(|(p, _)| p).collect(),
        }
    }

    /// The jury (D8.1): once three players or fewer remain, the last J
    /// players voted out (all of them if fewer), in the order voted out;
    /// before that, empty.
    pub fn jury(&self) -> Vec<PlayerId> {
        if self.alive_count() > 3 {
            return Vec::new();
        }
        let j = self.options.jury_size.get() as usize;
        let n = self.voted_out.len();
        self.voted_out[n.saturating_sub(j)..].to_vec()
    }

    /// Whether the final has been played (D8.2).
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The phase the round wizard offers next (D3.1, D8): the revote due
    /// after a tied vote (D7.5); the final once three players or fewer
    /// remain; otherwise the phase after the last one played (conversation
    /// repeats while slots remain).
    pub fn next_phase(&self) -> Phase {
        if self.is_over() {
            return Phase::Over;
        }
        if self.revote_due.is_some() {
            return Phase::Revote;
        }
        if self.alive_count() <= 3 {
            return Phase::Final;
        }
        match self.last_phase {
            None | Some(Phase::Vote | Phase::Revote | Phase::Final | Phase::Over) => {
                Phase::Competition
            }
            Some(Phase::Competition) => Phase::Camp,
            Some(Phase::Camp) => Phase::Conversation,
            Some(Phase::Conversation) => {
                if self.slots_used < self.options.conversation_slots {
                    Phase::Conversation
                } else {
                    Phase::Vote
                }
            }
        }
    }

    /// Pairs that talked this round (D6.3: each pair at most once a round).
    pub fn talked(&self) -> Vec<(PlayerId, PlayerId)> {
        self.talks.iter().flatten().copied().collect()
    }

    /// Takes a player out of the game (voted out or quit): they join the
    /// jury pool (D8.1, D9.1).
    pub fn remove(&mut self, p: PlayerId) {
        if self.players[p.index()].living.take().is_some() {
            self.voted_out.push(p);
        }
    }
}
