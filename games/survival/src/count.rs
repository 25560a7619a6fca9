//! Who votes and who can be voted (S5.1, S5.2), and the vote count (S5.5).

use crate::options::VoteRule;
use crate::report::{NoVote, NotCandidate};
use crate::roster::{MAX_PLAYERS, PlayerId, PlayerSet};
use crate::setup::Setup;
use crate::state::{PolarDecision, State};
use crate::vote::Target;
use console_core::text::sort_small;
use serde::{Deserialize, Serialize};

/// The day's voters with their weights, and its candidates (S5.1, S5.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Electorate {
    /// Weight per player (0: may not vote).
    weight: [u8; MAX_PLAYERS],
    /// Why a player may not vote.
    why_not: [Option<NoVote>; MAX_PLAYERS],
    /// Who may be voted for.
    candidates: PlayerSet,
    /// The living players.
    alive: PlayerSet,
    /// The player in Nairobi.
    nairobi: Option<PlayerId>,
    /// Whether this is a revote among tied players (S6.3).
    revote: bool,
}

impl Electorate {
    /// The electorate of the day starting in `state` (S5.1): living players
    /// except Nairobi, barred by the Polar Bear, or all but the sole voter;
    /// the Spotlight holder's vote weighs 2 (S5.2). Candidates: the living
    /// not in Nairobi. If the sole voter cannot vote, no one votes (S7.3).
    pub fn new(setup: &Setup, state: &State) -> Electorate {
        let n = setup.roster.len();
        let alive = state.alive();
        let nairobi = state.nairobi();
        let mut weight = [0u8; MAX_PLAYERS];
        let mut why_not = [None; MAX_PLAYERS];
        let sole_ok = match state.polar_bear() {
            Some(PolarDecision::Sole(s)) => alive.contains(s) && nairobi != Some(s),
            _ => true,
        };
        for i in 0..n {
            let p = PlayerId::from_index(i);
            let why = if !alive.contains(p) {
                Some(NoVote::Memory)
            } else if nairobi == Some(p) {
                Some(NoVote::Nairobi)
            } else {
                match state.polar_bear() {
                    Some(PolarDecision::Bar(b)) if b == p => Some(NoVote::Barred),
                    Some(PolarDecision::Sole(_)) if !sole_ok => Some(NoVote::SoleCannotVote),
                    Some(PolarDecision::Sole(s)) if s != p => Some(NoVote::NotSole),
                    _ => None,
                }
            };
            match why {
                Some(w) => why_not[i] = Some(w),
                None => weight[i] = if state.spotlight() == Some(p) { 2 } else { 1 },
            }
        }
        let mut candidates = alive;
        if let Some(p) = nairobi {
            candidates.remove(p);
        }
        Electorate {
            weight,
            why_not,
            candidates,
            alive,
            nairobi,
            revote: false,
        }
    }

    /// The same voters with only `tied` as candidates (S6.3).
    pub fn revote(&self, tied: PlayerSet) -> Electorate {
        Electorate {
            candidates: self.candidates.and(tied),
            revote: true,
            ..self.clone()
        }
    }

    /// A voter's weight, or why they may not vote.
    ///
    /// # Errors
    ///
    /// The [`NoVote`] reason if `p` may not vote: a Memory, in Nairobi, barred
    /// by the Polar Bear, not the Polar Bear's sole voter, or no one votes
    /// because that sole voter cannot (S7.3).
    pub fn weight(&self, p: PlayerId) -> Result<u8, NoVote> {
        match self.why_not[p.index()] {
            Some(w) => Err(w),
            None => Ok(self.weight[p.index()]),
        }
    }

    /// Whether `p` may be voted for, or why not (S5.4).
    ///
    /// # Errors
    ///
    /// [`NotCandidate::Memory`] if `p` is a Memory, [`NotCandidate::Nairobi`]
    /// if `p` is in Nairobi, else [`NotCandidate::NotTied`] if this is a revote
    /// and `p` is not among the tied players.
    pub fn candidate(&self, p: PlayerId) -> Result<(), NotCandidate> {
        if self.candidates.contains(p) {
            Ok(())
        } else if !self.alive.contains(p) {
            Err(NotCandidate::Memory)
        } else if self.nairobi == Some(p) {
            Err(NotCandidate::Nairobi)
        } else {
            debug_assert!(self.revote);
            Err(NotCandidate::NotTied)
        }
    }

    /// The candidates.
    pub fn candidates(&self) -> PlayerSet {
        self.candidates
    }

    /// The voters and their weights, roster order.
    pub fn voters(&self) -> impl Iterator<Item = (PlayerId, u8)> + '_ {
        self.weight
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0)
            .map(|(i, w)| (PlayerId::from_index(i), *w))
    }

    /// The living players who may not vote, and why (Memories left out).
    pub fn cannot_vote(&self) -> impl Iterator<Item = (PlayerId, NoVote)> + '_ {
        self.why_not
            .iter()
            .enumerate()
            .filter_map(|(i, w)| match w {
                Some(NoVote::Memory) | None => None,
                Some(w) => Some((PlayerId::from_index(i), *w)),
            })
    }

    /// The summed weight of all voters (S5.5).
    pub fn total(&self) -> u32 {
        self.weight.iter().map(|w| u32::from(*w)).sum()
    }

    /// The number of voters.
    pub fn voter_count(&self) -> usize {
        self.weight.iter().filter(|w| **w > 0).count()
    }

    /// Votes needed for a majority: more than half the total weight (S5.5).
    pub fn majority(&self) -> u32 {
        self.total() / 2 + 1
    }

    /// The living players.
    pub fn alive(&self) -> PlayerSet {
        self.alive
    }
}

/// A vote count (S5.5, S5.6): each voter's current vote and each
/// candidate's summed weight, no elimination counted as a candidate of its
/// own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Each player's current vote (roster order) and its weight.
    votes: Vec<Option<(Target, u8)>>,
    /// The summed weight on each player.
    counts: Vec<u32>,
    /// The summed weight on no elimination (S5.6).
    #[serde(default)]
    no_elimination: u32,
}

impl Tally {
    /// An empty count for `players` players.
    pub fn new(players: usize) -> Tally {
        Tally {
            votes: vec![None; players],
            counts: vec![0; players],
            no_elimination: 0,
        }
    }

    /// `voter` (weight `weight`) now votes `target`, replacing their vote.
    pub fn vote(&mut self, voter: PlayerId, weight: u8, target: PlayerId) {
        self.vote_for(voter, weight, Target::Player(target));
    }

    /// `voter` (weight `weight`) now votes for `target` (a player or no
    /// elimination), replacing their vote.
    pub fn vote_for(&mut self, voter: PlayerId, weight: u8, target: Target) {
        self.unvote(voter);
        self.votes[voter.index()] = Some((target, weight));
        match target {
            Target::Player(t) => self.counts[t.index()] += u32::from(weight),
            Target::NoElimination => self.no_elimination += u32::from(weight),
        }
    }

    /// Withdraws `voter`'s vote (nothing if none).
    pub fn unvote(&mut self, voter: PlayerId) {
        match self.votes[voter.index()].take() {
            Some((Target::Player(t), w)) => self.counts[t.index()] -= u32::from(w),
            Some((Target::NoElimination, w)) => self.no_elimination -= u32::from(w),
            None => {}
        }
    }

    /// The player `voter` votes for now (`None` also for a vote for no
    /// elimination: see [`Tally::target_of`]).
    pub fn vote_of(&self, voter: PlayerId) -> Option<PlayerId> {
        match self.target_of(voter) {
            Some(Target::Player(p)) => Some(p),
            _ => None,
        }
    }

    /// What `voter` votes for now.
    pub fn target_of(&self, voter: PlayerId) -> Option<Target> {
        self.votes[voter.index()].map(|(t, _)| t)
    }

    /// The count on `p`.
    pub fn count(&self, p: PlayerId) -> u32 {
        self.counts[p.index()]
    }

    /// The count on no elimination (S5.6).
    pub fn no_elimination(&self) -> u32 {
        self.no_elimination
    }

    /// Players with a count above 0, roster order.
    pub fn counts(&self) -> impl Iterator<Item = (PlayerId, u32)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(i, c)| (PlayerId::from_index(i), *c))
    }

    /// The highest count among players and the players holding it (empty
    /// when no player has a vote); no elimination left out.
    pub fn top(&self) -> (u32, PlayerSet) {
        let max = self.counts.iter().copied().max().unwrap_or(0);
        if max == 0 {
            return (0, PlayerSet::EMPTY);
        }
        let set = self
            .counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == max)
            .map(|(i, _)| PlayerId::from_index(i))
            .collect();
        (max, set)
    }

    /// The highest count of all candidates, no elimination included.
    pub fn highest(&self) -> u32 {
        self.top().0.max(self.no_elimination)
    }

    /// The voters of `target` and their weights, roster order.
    pub fn voters_of(&self, target: PlayerId) -> impl Iterator<Item = (PlayerId, u8)> + '_ {
        self.voters_for(Target::Player(target))
    }

    /// The voters of a target (a player or no elimination) and their
    /// weights, roster order.
    pub fn voters_for(&self, target: Target) -> impl Iterator<Item = (PlayerId, u8)> + '_ {
        self.votes
            .iter()
            .enumerate()
            .filter_map(move |(i, v)| match v {
                Some((t, w)) if *t == target => Some((PlayerId::from_index(i), *w)),
                _ => None,
            })
    }
}

/// One line of the vote count (S9.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountRow {
    /// The candidate.
    pub candidate: PlayerId,
    /// The summed weight.
    pub count: u32,
    /// The voters, by name, with their weights.
    pub voters: Vec<(PlayerId, u8)>,
    /// Under `majority`: one vote short (L-1).
    pub l_minus_1: bool,
}

/// The vote count at a moment of the day (S9.2), plain public data: who
/// votes whom, who does not vote, who cannot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteCount {
    /// Day number.
    pub day: u16,
    /// Posts counted.
    pub posts: usize,
    /// Candidates with votes, by count descending then name.
    pub rows: Vec<CountRow>,
    /// Voters with no current vote, by name.
    pub not_voting: Vec<PlayerId>,
    /// Living players who may not vote today, by name, and why.
    pub cannot_vote: Vec<(PlayerId, NoVote)>,
    /// Living players.
    pub living: usize,
    /// Voters (players).
    pub voters: usize,
    /// Total weight of all voters.
    pub total: u32,
    /// Under `majority`: the votes needed to eliminate.
    pub majority: Option<u32>,
    /// Under `majority`: the day already ended with this post's count.
    pub decided: bool,
    /// Votes for no elimination (S5.6), when any: the count, the voters by
    /// name with their weights, and under `majority` whether it is one vote
    /// short.
    #[serde(default)]
    pub no_elimination: Option<CountRow>,
    /// The Spotlight holder, whose vote counts twice.
    pub spotlight: Option<PlayerId>,
}

impl VoteCount {
    /// The count view of `tally`.
    pub fn new(
        setup: &Setup,
        day: u16,
        posts: usize,
        electorate: &Electorate,
        tally: &Tally,
        spotlight: Option<PlayerId>,
    ) -> VoteCount {
        let roster = &setup.roster;
        let majority =
            (setup.options.vote_rule == VoteRule::Majority).then(|| electorate.majority());
        let mut rows: Vec<CountRow> = tally
            .counts()
            .map(|(c, n)| {
                let mut voters: Vec<(PlayerId, u8)> = tally.voters_of(c).collect();
                sort_small(&mut voters, |(p, _)| roster.rank(*p));
                CountRow {
                    candidate: c,
                    count: n,
                    voters,
                    l_minus_1: majority.is_some_and(|m| n + 1 == m),
                }
            })
            .collect();
        sort_small(&mut rows, |r| {
            (u32::MAX - r.count, roster.rank(r.candidate))
        });
        let no_elimination = (tally.no_elimination() > 0).then(|| {
            let mut voters: Vec<(PlayerId, u8)> = tally.voters_for(Target::NoElimination).collect();
            sort_small(&mut voters, |(p, _)| roster.rank(*p));
            let n = tally.no_elimination();
            CountRow {
                // Unused for this row: the first voter stands in.
                candidate: voters[0].0,
                count: n,
                voters,
                l_minus_1: majority.is_some_and(|m| n + 1 == m),
            }
        });
        let mut not_voting: Vec<PlayerId> = electorate
            .voters()
            .filter(|(p, _)| tally.target_of(*p).is_none())
            .map(|(p, _)| p)
            .collect();
        sort_small(&mut not_voting, |p| roster.rank(*p));
        let mut cannot_vote: Vec<(PlayerId, NoVote)> = electorate.cannot_vote().collect();
        sort_small(&mut cannot_vote, |(p, _)| roster.rank(*p));
        VoteCount {
            day,
            posts,
            decided: majority.is_some_and(|m| tally.highest() >= m),
            no_elimination,
            rows,
            not_voting,
            cannot_vote,
            living: electorate.alive().len(),
            voters: electorate.voter_count(),
            total: electorate.total(),
            majority,
            spotlight: spotlight.filter(|s| electorate.weight(*s).is_ok()),
        }
    }
}
