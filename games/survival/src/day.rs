//! A day (S5, S6): reading the thread's votes post by post, the count, the
//! outcome (plurality or majority, the Polar Bear on a tie, the revote and
//! the lot), then chains (S7) and the winner check (S8).

use crate::card::Card;
use crate::chain::{self, ChainStart, Guard};
use crate::count::{Electorate, Tally, VoteCount};
use crate::night::sort_rejections;
use crate::options::{SecondTie, VoteRule};
use crate::report::{
    Cause, DayDetail, Detail, NameProblem, Outcome, PhaseReport, Place, Reason, Rejection,
};
use crate::roster::{PlayerId, PlayerSet};
use crate::setup::Setup;
use crate::state::State;
use crate::vote::{VoteLine, read_votes};
use crate::win;
use console_core::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// One post of a day thread (S2.1): its author and text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Post {
    /// The author.
    pub author: PlayerId,
    /// The text as posted.
    pub text: String,
}

impl Post {
    /// A post.
    pub fn new(author: PlayerId, text: impl Into<String>) -> Post {
        Post {
            author,
            text: text.into(),
        }
    }
}

/// A day's input (S2.1): the thread up to the deadline, the revote thread
/// if one is held (S6.3), and the decision texts of players eliminated this
/// day (S7).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayInput {
    /// The thread, in posting order.
    pub posts: Vec<Post>,
    /// The revote thread, in posting order.
    pub revote: Vec<Post>,
    /// Player -> decision text.
    pub decisions: BTreeMap<PlayerId, String>,
}

/// Counts a thread's votes post by post (S5.3-S5.5), keeping every
/// rejected vote line. Push posts in order; under `majority` the posts
/// after the one that gave a majority are ignored.
///
/// It borrows the game's setup ([`Counter::for_day`]) or owns a copy
/// ([`Counter::owned`], a `Counter<'static>` the UI can keep between
/// keystrokes and push each newly pasted post to).
#[derive(Clone, Debug)]
pub struct Counter<'a> {
    setup: Cow<'a, Setup>,
    electorate: Electorate,
    tally: Tally,
    rejections: Vec<Rejection>,
    posts: u32,
    revote: bool,
    majority: bool,
    decided: Option<u32>,
}

impl<'a> Counter<'a> {
    /// A counter for the day's thread (`revote` false) or the revote
    /// thread (S6.3; always plurality).
    pub fn new(setup: &'a Setup, electorate: Electorate, revote: bool) -> Counter<'a> {
        Counter {
            tally: Tally::new(setup.roster.len()),
            setup: Cow::Borrowed(setup),
            electorate,
            rejections: Vec::new(),
            posts: 0,
            revote,
            majority: !revote && setup.options.vote_rule == VoteRule::Majority,
            decided: None,
        }
    }

    /// A counter for the day starting in `state`: keep it and push each new
    /// post to count incrementally (the day screen's live count).
    pub fn for_day(setup: &'a Setup, state: &State) -> Counter<'a> {
        Counter::new(setup, Electorate::new(setup, state), false)
    }

    /// A counter for the day starting in `state` that owns its copy of the
    /// setup, so it can be kept (the day screen's live count, pushed to as
    /// the thread grows).
    pub fn owned(setup: Setup, state: &State) -> Counter<'static> {
        let electorate = Electorate::new(&setup, state);
        let Counter {
            electorate,
            tally,
            rejections,
            posts,
            revote,
            majority,
            decided,
            ..
        } = Counter::new(&setup, electorate, false);
        Counter {
            setup: Cow::Owned(setup),
            electorate,
            tally,
            rejections,
            posts,
            revote,
            majority,
            decided,
        }
    }

    /// Reads one post (S5.3): each vote line in order replaces the author's
    /// vote, a vote naming no candidate or from a player who may not vote
    /// is rejected (S5.4). Ignored once a majority ended the day (S5.5).
    pub fn push(&mut self, author: PlayerId, text: &str) {
        self.posts += 1;
        if self.decided.is_some() {
            return;
        }
        let post = self.posts;
        let place = |line: u32| {
            if self.revote {
                Place::Revote { post, line }
            } else {
                Place::Post { post, line }
            }
        };
        for v in read_votes(text) {
            let reject = |reason: Reason, v: &VoteLine<'_>| Rejection {
                player: author,
                place: place(v.line()),
                text: v.text().to_string(),
                reason,
            };
            let weight = match self.electorate.weight(author) {
                Ok(w) => w,
                Err(why) => {
                    self.rejections.push(reject(Reason::MayNotVote { why }, &v));
                    continue;
                }
            };
            match &v {
                VoteLine::Unvote { .. } => self.tally.unvote(author),
                VoteLine::Vote { name, .. } => match self.setup.roster.resolve(name) {
                    Err(e) => self.rejections.push(reject(
                        Reason::Name {
                            error: NameProblem::from(e),
                        },
                        &v,
                    )),
                    Ok(t) => match self.electorate.candidate(t) {
                        Err(why) => self
                            .rejections
                            .push(reject(Reason::NotCandidate { target: t, why }, &v)),
                        Ok(()) => self.tally.vote(author, weight, t),
                    },
                },
            }
        }
        if self.majority {
            let need = self.electorate.majority();
            if self.tally.counts().any(|(_, c)| c >= need) {
                self.decided = Some(post);
            }
        }
    }

    /// The count so far.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The electorate.
    pub fn electorate(&self) -> &Electorate {
        &self.electorate
    }

    /// Rejected vote lines so far, in reading order.
    pub fn rejections(&self) -> &[Rejection] {
        &self.rejections
    }

    /// Posts pushed.
    pub fn posts(&self) -> u32 {
        self.posts
    }

    /// Under `majority`: the post after which a candidate held a majority.
    pub fn decided(&self) -> Option<u32> {
        self.decided
    }

    /// The public count view (S9.2).
    pub fn view(&self, state: &State) -> VoteCount {
        VoteCount::new(
            &self.setup,
            state.phase().number,
            self.posts as usize,
            &self.electorate,
            &self.tally,
            state.spotlight(),
        )
    }
}

/// The count after the first `upto` posts of a day starting in `state`
/// (the live count of the day screen; S5.5, S9.2).
pub fn count_at(setup: &Setup, state: &State, posts: &[Post], upto: usize) -> VoteCount {
    let mut c = Counter::for_day(setup, state);
    for p in &posts[..upto.min(posts.len())] {
        c.push(p.author, &p.text);
    }
    c.view(state)
}

/// The day's lot stream (S6.5): stream `1000 + phase index` of the seed.
pub fn lot_stream(seed: u64, phase: crate::phase::Phase) -> GameRng {
    GameRng::stream(seed, 1000 + phase.index())
}

/// Plays a day (S5-S8): the report and the state after it.
///
/// `input`'s player IDs must belong to the setup's roster.
pub fn play_day(setup: &Setup, state: &State, input: &DayInput) -> (State, PhaseReport) {
    let phase = state.phase();
    debug_assert!(!phase.is_night());
    let electorate = Electorate::new(setup, state);
    let mut counter = Counter::new(setup, electorate.clone(), false);
    for p in &input.posts {
        counter.push(p.author, &p.text);
    }
    let mut rejections = counter.rejections.clone();
    let ended_at_post = counter.decided;
    let count = counter.tally.clone();
    let mut revote_tally = None;
    let outcome = match setup.options.vote_rule {
        VoteRule::Majority => match ended_at_post {
            Some(_) => Outcome::Vote {
                player: count.top().1.iter().next().expect("a majority holder"),
            },
            None => Outcome::None,
        },
        VoteRule::Plurality => {
            let (max, top) = count.top();
            let bear = setup
                .holder(Card::PolarBear)
                .filter(|b| state.is_alive(*b) && state.nairobi() != Some(*b));
            if max == 0 {
                Outcome::None
            } else if top.len() == 1 {
                Outcome::Vote {
                    player: top.iter().next().expect("one"),
                }
            } else if let Some(bear) = bear {
                Outcome::Tie {
                    tied: setup.roster.sorted(top),
                    bear,
                }
            } else {
                let mut rc = Counter::new(setup, electorate.revote(top), true);
                for p in &input.revote {
                    rc.push(p.author, &p.text);
                }
                rejections.extend(rc.rejections.iter().cloned());
                let (rmax, rtop) = rc.tally.top();
                revote_tally = Some(rc.tally.clone());
                if rmax > 0 && rtop.len() == 1 {
                    Outcome::Revote {
                        player: rtop.iter().next().expect("one"),
                    }
                } else {
                    match setup.options.second_tie {
                        SecondTie::None => Outcome::None,
                        SecondTie::Lot => {
                            let among = setup.roster.sorted(if rmax == 0 { top } else { rtop });
                            let pick = lot_stream(setup.seed, phase).below(among.len());
                            Outcome::Lot {
                                player: among[pick],
                                among,
                            }
                        }
                    }
                }
            }
        }
    };
    let primary: Vec<(PlayerId, Vec<Cause>)> = match &outcome {
        Outcome::None => Vec::new(),
        Outcome::Vote { player } | Outcome::Revote { player } => vec![(*player, vec![Cause::Vote])],
        Outcome::Tie { bear, .. } => vec![(*bear, vec![Cause::Tie])],
        Outcome::Lot { player, .. } => vec![(*player, vec![Cause::Lot])],
    };
    let guard = state.nairobi().map_or(Guard::None, Guard::Nairobi);
    let end = chain::run(ChainStart {
        setup,
        alive: state.alive(),
        buddies: state.buddies(),
        spotlight: state.spotlight(),
        decisions: &input.decisions,
        guard,
        primary,
    });
    rejections.extend(end.rejections);
    sort_rejections(setup, &mut rejections);
    let winners = win::check(setup, end.alive, state.buddies());
    let after = State {
        phase: phase.next(),
        alive: end.alive,
        buddies: state.buddies(),
        spotlight: end.spotlight,
        nairobi: None,
        last_protected: state.last_protected(),
        engineer_used: state.engineer_used(),
        summoned: state.summoned(),
        polar_bear: end.polar_bear,
        winners: winners.clone(),
    };
    let report = PhaseReport {
        phase,
        rejections,
        warnings: end.warnings,
        eliminations: end.eliminations,
        notes: end.notes,
        decisions: end.requests,
        detail: Detail::Day(DayDetail {
            posts: counter.posts,
            count,
            ended_at_post,
            revote: revote_tally,
            outcome,
        }),
        spotlight: end.spotlight,
        polar_bear: end.polar_bear,
        alive: end.alive,
        winners,
    };
    (after, report)
}

/// The players who may vote in the day starting in `state`, with weights
/// (S5.1, S5.2).
pub fn voters(setup: &Setup, state: &State) -> Vec<(PlayerId, u8)> {
    Electorate::new(setup, state).voters().collect()
}

/// The candidates of the day starting in `state` (S5.1).
pub fn candidates(setup: &Setup, state: &State) -> PlayerSet {
    Electorate::new(setup, state).candidates()
}
