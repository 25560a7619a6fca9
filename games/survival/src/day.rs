//! A day (S5, S6): reading the thread's votes post by post, the count, the
//! outcome (plurality or majority, the Polar Bear on a tie, the revote and
//! the lot), then chains (S7) and the winner check (S8).

use crate::card::Card;
use crate::chain::{self, ChainStart, Guard, settled};
use crate::count::{Electorate, Tally, VoteCount};
use crate::night::sort_rejections;
use crate::options::InvalidVote;
use crate::options::{SecondTie, VoteRule};
use crate::phase::Phase;
use crate::report::{
    Cause, CountedVote, DayDetail, Detail, IgnoredLine, NameGuess, NameProblem, Outcome,
    PhaseReport, Place, Reason, Rejection,
};
use crate::roster::{Names, PlayerId, PlayerSet};
use crate::setup::Setup;
use crate::state::State;
use crate::vote::{Ignored, Rules, Target, What, read_votes};
use crate::vote_first::{self, VoteLine};
use crate::win;
use console_core::names::How;
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

/// Counts a thread's votes post by post (S5.3-S5.6), keeping every
/// counted vote, every rejected vote line and every line that looks like a
/// vote but is not one. Push posts in order; under `majority` the posts
/// after the one that gave a majority are not counted (their vote lines
/// are listed as ignored).
///
/// It borrows the game's setup ([`Counter::for_day`]) or owns a copy
/// ([`Counter::owned`], a `Counter<'static>` the UI can keep between
/// keystrokes and push each newly pasted post to).
#[derive(Clone, Debug)]
pub struct Counter<'a> {
    setup: Cow<'a, Setup>,
    names: Names,
    rules: Rules,
    electorate: Electorate,
    tally: Tally,
    rejections: Vec<Rejection>,
    votes: Vec<CountedVote>,
    ignored: Vec<IgnoredLine>,
    guesses: Vec<NameGuess>,
    posts: u32,
    revote: bool,
    majority: bool,
    decided: Option<u32>,
}

impl<'a> Counter<'a> {
    /// A counter for the day's thread (`revote` false) or the revote
    /// thread (S6.3; always plurality) of `phase`.
    pub fn new(
        setup: &'a Setup,
        electorate: Electorate,
        revote: bool,
        phase: Phase,
    ) -> Counter<'a> {
        Counter {
            tally: Tally::new(setup.roster.len()),
            names: setup.names(phase),
            rules: Rules::of(&setup.options),
            setup: Cow::Borrowed(setup),
            electorate,
            rejections: Vec::new(),
            votes: Vec::new(),
            ignored: Vec::new(),
            guesses: Vec::new(),
            posts: 0,
            revote,
            majority: !revote && setup.options.vote_rule == VoteRule::Majority,
            decided: None,
        }
    }

    /// A counter for the day starting in `state`: keep it and push each new
    /// post to count incrementally (the day screen's live count).
    pub fn for_day(setup: &'a Setup, state: &State) -> Counter<'a> {
        Counter::new(setup, Electorate::new(setup, state), false, state.phase())
    }

    /// A counter for the day starting in `state` that owns its copy of the
    /// setup, so it can be kept (the day screen's live count, pushed to as
    /// the thread grows).
    pub fn owned(setup: Setup, state: &State) -> Counter<'static> {
        let c = Counter::for_day(&setup, state);
        let Counter {
            names,
            rules,
            electorate,
            tally,
            rejections,
            votes,
            ignored,
            guesses,
            posts,
            revote,
            majority,
            decided,
            ..
        } = c;
        Counter {
            setup: Cow::Owned(setup),
            names,
            rules,
            electorate,
            tally,
            rejections,
            votes,
            ignored,
            guesses,
            posts,
            revote,
            majority,
            decided,
        }
    }

    fn place(&self, line: u32) -> Place {
        let post = self.posts;
        if self.revote {
            Place::Revote { post, line }
        } else {
            Place::Post { post, line }
        }
    }

    /// Reads one post (S5.3): each vote in order replaces the author's
    /// vote, `unvote` withdraws it; a vote naming no candidate or from a
    /// player who may not vote is rejected (S5.4); lines that look like
    /// votes but are not are listed as ignored. Once a majority ended the
    /// day (S5.5) posts are only listed.
    pub fn push(&mut self, author: PlayerId, text: &str) {
        self.posts += 1;
        if self.names.is_first() {
            self.push_first(author, text);
        } else {
            self.push_second(author, text);
        }
        if self.majority && self.decided.is_none() {
            let need = self.electorate.majority();
            if self.tally.highest() >= need {
                self.decided = Some(self.posts);
            }
        }
    }

    /// The second reading rules (S5.3-S5.6).
    fn push_second(&mut self, author: PlayerId, text: &str) {
        let marks = read_votes(text, &self.names, self.rules);
        for m in marks {
            let place = self.place(m.line);
            let reject = |reason: Reason| Rejection {
                player: author,
                place,
                text: m.text.to_string(),
                reason,
            };
            if self.decided.is_some() {
                let written = match &m.what {
                    What::Vote { written, .. }
                    | What::NoName { written, .. }
                    | What::NoEliminationOff { written }
                    | What::Ignored { written, .. } => written.clone(),
                    What::Unvote => String::new(),
                };
                self.ignored.push(IgnoredLine {
                    player: author,
                    place,
                    text: m.text.to_string(),
                    why: Ignored::AfterMajority,
                    written,
                });
                continue;
            }
            if let What::Ignored { why, written } = m.what {
                self.ignored.push(IgnoredLine {
                    player: author,
                    place,
                    text: m.text.to_string(),
                    why,
                    written,
                });
                continue;
            }
            let weight = match self.electorate.weight(author) {
                Ok(w) => w,
                Err(why) => {
                    self.rejections.push(reject(Reason::MayNotVote { why }));
                    continue;
                }
            };
            let withdraw = self.setup.options.invalid_vote == InvalidVote::Withdraws;
            let invalid = |c: &mut Counter<'_>, reason: Reason, written: String| {
                c.rejections.push(reject(reason));
                if withdraw && c.tally.target_of(author).is_some() {
                    c.tally.unvote(author);
                    c.votes.push(CountedVote {
                        player: author,
                        place,
                        target: None,
                        how: None,
                        written,
                    });
                }
            };
            match m.what {
                What::Ignored { .. } => unreachable!("handled above"),
                What::Unvote => {
                    self.tally.unvote(author);
                    self.votes.push(CountedVote {
                        player: author,
                        place,
                        target: None,
                        how: None,
                        written: String::new(),
                    });
                }
                What::NoName {
                    written,
                    error,
                    candidates,
                } => invalid(self, Reason::name(error, candidates), written),
                What::NoEliminationOff { written } => {
                    invalid(self, Reason::NoEliminationOff, written);
                }
                What::Vote {
                    target,
                    how,
                    written,
                } => {
                    if let Target::Player(t) = target
                        && let Err(why) = self.electorate.candidate(t)
                    {
                        invalid(self, Reason::NotCandidate { target: t, why }, written);
                        continue;
                    }
                    if target == Target::NoElimination && self.revote {
                        // A revote is among the tied players only (S6.3).
                        invalid(self, Reason::NoEliminationOff, written);
                        continue;
                    }
                    self.tally.vote_for(author, weight, target);
                    if let Target::Player(t) = target
                        && how != How::Full
                    {
                        self.guesses.push(NameGuess {
                            player: author,
                            place,
                            written: written.clone(),
                            read_as: t,
                            how,
                        });
                    }
                    self.votes.push(CountedVote {
                        player: author,
                        place,
                        target: Some(target),
                        how: Some(how),
                        written,
                    });
                }
            }
        }
    }

    /// The first reading rules (S2.8): the reader and names of the rules
    /// the game was played under.
    fn push_first(&mut self, author: PlayerId, text: &str) {
        if self.decided.is_some() {
            return;
        }
        for v in vote_first::read_votes(text) {
            let place = self.place(v.line());
            let reject = |reason: Reason, v: &VoteLine<'_>| Rejection {
                player: author,
                place,
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
                VoteLine::Unvote { .. } => {
                    self.tally.unvote(author);
                    self.votes.push(CountedVote {
                        player: author,
                        place,
                        target: None,
                        how: None,
                        written: String::new(),
                    });
                }
                VoteLine::Vote { name, .. } => match self.names.resolve(name) {
                    Err(e) => self.rejections.push(reject(
                        Reason::Name {
                            error: NameProblem::from(e),
                            candidates: Vec::new(),
                        },
                        &v,
                    )),
                    Ok(t) => match self.electorate.candidate(t) {
                        Err(why) => self
                            .rejections
                            .push(reject(Reason::NotCandidate { target: t, why }, &v)),
                        Ok(()) => {
                            self.tally.vote(author, weight, t);
                            self.votes.push(CountedVote {
                                player: author,
                                place,
                                target: Some(Target::Player(t)),
                                how: Some(if self.setup.roster.is_full_name(name) {
                                    How::Full
                                } else {
                                    How::Prefix
                                }),
                                written: name.clone(),
                            });
                        }
                    },
                },
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

    /// Counted votes and withdrawals so far, in reading order.
    pub fn votes(&self) -> &[CountedVote] {
        &self.votes
    }

    /// Lines that look like votes but were not read as votes, in reading
    /// order.
    pub fn ignored(&self) -> &[IgnoredLine] {
        &self.ignored
    }

    /// Names read by a guess or nickname in counted votes.
    pub fn guesses(&self) -> &[NameGuess] {
        &self.guesses
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
///
/// # Panics
///
/// Only if `input` names a player outside the setup's roster (an index out of
/// bounds). The vote count's `expect`s cannot fail: a majority or a single top
/// player always has one holder.
pub fn play_day(setup: &Setup, state: &State, input: &DayInput) -> (State, PhaseReport) {
    let phase = state.phase();
    debug_assert!(!phase.is_night());
    let electorate = Electorate::new(setup, state);
    let mut counter = Counter::new(setup, electorate.clone(), false, phase);
    for p in &input.posts {
        counter.push(p.author, &p.text);
    }
    let mut rejections = counter.rejections.clone();
    let ended_at_post = counter.decided;
    let count = counter.tally.clone();
    let mut revote_tally = None;
    let mut votes = counter.votes.clone();
    let mut ignored = counter.ignored.clone();
    let mut guesses = counter.guesses.clone();
    let outcome = match setup.options.vote_rule {
        VoteRule::Majority => match ended_at_post {
            Some(_) if count.no_elimination() >= electorate.majority() => Outcome::NoElimination,
            Some(_) => Outcome::Vote {
                player: count.top().1.iter().next().expect("a majority holder"),
            },
            None => Outcome::None,
        },
        VoteRule::Plurality
            if count.no_elimination() > 0 && count.no_elimination() >= count.top().0 =>
        {
            Outcome::NoElimination
        }
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
                let mut rc = Counter::new(setup, electorate.revote(top), true, phase);
                for p in &input.revote {
                    rc.push(p.author, &p.text);
                }
                rejections.extend(rc.rejections.iter().cloned());
                votes.extend(rc.votes.iter().cloned());
                ignored.extend(rc.ignored.iter().cloned());
                guesses.extend(rc.guesses.iter().cloned());
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
        Outcome::None | Outcome::NoElimination => Vec::new(),
        Outcome::Vote { player } | Outcome::Revote { player } => vec![(*player, vec![Cause::Vote])],
        Outcome::Tie { bear, .. } => vec![(*bear, vec![Cause::Tie])],
        Outcome::Lot { player, .. } => vec![(*player, vec![Cause::Lot])],
    };
    let guard = state.nairobi().map_or(Guard::None, Guard::Nairobi);
    let end = chain::run(ChainStart {
        setup,
        names: setup.names(phase),
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
        replaced: state.replaced.clone(),
    };
    let report = PhaseReport {
        phase,
        rejections,
        warnings: end.warnings,
        eliminations: end.eliminations,
        notes: end.notes,
        decisions: settled(end.requests, &winners),
        detail: Detail::Day(DayDetail {
            posts: counter.posts,
            count,
            ended_at_post,
            revote: revote_tally,
            outcome,
            votes,
            ignored,
        }),
        spotlight: end.spotlight,
        polar_bear: end.polar_bear,
        alive: end.alive,
        winners,
        guesses,
        events: Vec::new(),
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
