//! The vote (D7): voters and candidates (D7.1), advantages (D7.2), secret
//! ballots (D7.3), the count (D7.4), the revote and the deadlock (D7.5).
//! A tie's revote is held in the vote's step, or, when the vote's input
//! asks for it, in a step of its own ([`revote`]) after the first count is
//! posted.
//! The report holds who voted for whom: it is for the producers only; the
//! public reveal (D7.6) is built from [`crate::post::PublicVote`], which
//! cannot hold a voter.

use crate::advantage::Advantage;
use crate::by_name::ByName;
use crate::competition::RerollRoll;
use crate::dice::{Dice, LotFor, OutOfDice, Purpose};
use crate::options::Deadlock;
use crate::report::{Rejection, StepError, sort_rejections};
use crate::roll::{Roll, RollKind, RollOptions, roll};
use crate::state::{Phase, PlayerId, State};
use crate::tiebreak::{Contest, Lot, Reroll, Score, Want, lot};
use serde::{Deserialize, Serialize};

/// The advantage opportunity a card is played at (D7.2).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum When {
    /// Before votes are cast (the default).
    #[default]
    Before,
    /// After votes are cast.
    After,
}

/// A card played at the vote (D7.2).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Play {
    /// The holder.
    pub player: String,
    /// The card.
    pub card: Advantage,
    /// Hidden Immunity: the voter it protects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    /// The opportunity (default before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<When>,
}

/// A voter's ballot: one name, or a list (two with an Extra Vote).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Ballot {
    /// One vote.
    One(String),
    /// Several votes (an Extra Vote gives two); empty casts nothing.
    Many(Vec<String>),
}

impl Ballot {
    /// The names voted for, in order.
    pub fn names(&self) -> Vec<&String> {
        match self {
            Ballot::One(n) => vec![n],
            Ballot::Many(v) => v.iter().collect(),
        }
    }
}

/// The vote's input.
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VoteInput {
    /// Cards played, in the order played.
    pub advantages: Vec<Play>,
    /// Voter name to ballot; voters not listed cast nothing.
    pub votes: ByName<Ballot>,
    /// Voter name to revote ballot (D7.5), used only if a revote is held.
    pub revote: ByName<Ballot>,
    /// D7.5: a tie for the most ends this step with its first count
    /// (nobody is out, the tie is posted) and the revote is a step of its
    /// own ([`revote`]); revote ballots given here are refused. When false
    /// (as a case or a version-1 season file gives a vote), a tie is
    /// revoted in this step with `revote`, none given being a revote with
    /// no vote.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ask_revote: bool,
}

/// A revote due (D7.5): the first count of a vote tied and the vote's
/// input asked for the revote as a step of its own. Kept in the state
/// until the revote is played.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct RevoteDue {
    /// The vote's voters (D7.1), roster order.
    pub voters: Vec<PlayerId>,
    /// The voters immune for the vote (held immunity or Hidden Immunity),
    /// roster order: they draw no rock (D7.5).
    pub immune: Vec<PlayerId>,
    /// Those tied for the most: the revote's candidates, roster order.
    pub tied: Vec<PlayerId>,
}

/// The revote as a step of its own (D7.5): voter name to revote ballot
/// (one name; voters not listed cast nothing). No ballot at all is the
/// producers' call to settle the tie without a revote: a revote with no
/// vote goes to the deadlock.
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RevoteInput {
    /// Voter name to revote ballot.
    pub revote: ByName<Ballot>,
}

/// A card that took effect.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct PlayedCard {
    /// The holder who played it.
    pub player: PlayerId,
    /// The card.
    pub card: Advantage,
    /// Hidden Immunity's protected voter.
    pub on: Option<PlayerId>,
    /// When.
    pub when: When,
}

/// One vote cast (secret: who cast it is never public, D10.3).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct CastVote {
    /// Who cast it.
    pub voter: PlayerId,
    /// Who it names.
    pub target: PlayerId,
    /// False for a vote on a Hidden Immunity target (D7.2).
    pub counted: bool,
}

/// The revote (D7.5).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct RevoteReport {
    /// Voters of the revote: the vote's voters who are not tied.
    pub voters: Vec<PlayerId>,
    /// Candidates: the tied.
    pub candidates: Vec<PlayerId>,
    /// Votes cast.
    pub ballots: Vec<CastVote>,
    /// Candidate to votes, candidates with at least one, roster order.
    pub counts: Vec<(PlayerId, u32)>,
    /// Those with the most (all candidates with no vote at all).
    pub tied: Vec<PlayerId>,
}

/// How a deadlock was settled (D7.5).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum DeadlockReport {
    /// Survival roll-off: every deadlocked player rolls, the lowest is out.
    RollOff {
        /// Chosen because rocks had nobody to draw.
        rocks_fallback: bool,
        /// The first roll of each, name order.
        first: Vec<(PlayerId, Roll)>,
        /// Re-rolls among the lowest (D4.4's limit applies).
        rerolls: Vec<Reroll>,
        /// Their rolls.
        reroll_rolls: Vec<RerollRoll>,
        /// The lot after 10 re-rolls: the one chosen is out.
        lot: Option<Lot>,
    },
    /// Rocks: the voters neither deadlocked nor immune draw by lot.
    Rocks {
        /// Who drew, name order.
        drawers: Vec<PlayerId>,
        /// The lot: the one chosen is out.
        lot: Lot,
    },
}

/// Why the vote came out as it did (producers only: holds the ballots).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct VoteReport {
    /// The round.
    pub round: u32,
    /// Refused choices, by player name.
    pub rejected: Vec<Rejection>,
    /// Voters (D7.1), roster order.
    pub voters: Vec<PlayerId>,
    /// Voters immune for this vote (immunity held or Hidden Immunity), roster order.
    pub immune: Vec<PlayerId>,
    /// Candidates whose votes count: voters not immune, roster order.
    pub candidates: Vec<PlayerId>,
    /// Cards that took effect, in the order played.
    pub played: Vec<PlayedCard>,
    /// Votes cast (rejected ones are not here), by voter name.
    pub ballots: Vec<CastVote>,
    /// Candidate to counted votes, candidates with at least one, roster order.
    pub counts: Vec<(PlayerId, u32)>,
    /// Candidates with the most (all with no counted vote at all).
    pub tied: Vec<PlayerId>,
    /// The revote, if held.
    pub revote: Option<RevoteReport>,
    /// The deadlock, if any.
    pub deadlock: Option<DeadlockReport>,
    /// Who is out; `None` when nobody could be (no candidate), or while
    /// the revote is due.
    pub voted_out: Option<PlayerId>,
    /// The first count tied and the revote is a step of its own (D7.5):
    /// `tied` are its candidates.
    #[serde(default)]
    pub revote_due: bool,
}

/// Why a revote played as a step of its own came out as it did (D7.5;
/// producers only: holds the ballots).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct RevoteStepReport {
    /// The round.
    pub round: u32,
    /// Refused revotes, by player name.
    pub rejected: Vec<Rejection>,
    /// The vote's voters, roster order.
    pub voters: Vec<PlayerId>,
    /// Those tied in the first count, roster order.
    pub tied: Vec<PlayerId>,
    /// The revote.
    pub revote: RevoteReport,
    /// The deadlock, if any.
    pub deadlock: Option<DeadlockReport>,
    /// Who is out; `None` when nobody could be.
    pub voted_out: Option<PlayerId>,
}

/// Votes per player named, players with at least one, roster order.
pub(crate) fn tally(targets: impl Iterator<Item = PlayerId>) -> Vec<(PlayerId, u32)> {
    let mut v: Vec<(PlayerId, u32)> = Vec::new();
    for t in targets {
        match v.iter_mut().find(|(p, _)| *p == t) {
            Some((_, n)) => *n += 1,
            None => v.push((t, 1)),
        }
    }
    crate::order::sort_by(&mut v, |a, b| a.0.cmp(&b.0));
    v
}

fn counts_of(ballots: &[CastVote]) -> Vec<(PlayerId, u32)> {
    tally(ballots.iter().filter(|b| b.counted).map(|b| b.target))
}

/// Those of `candidates` with the most votes in `counts`; all of them when
/// no vote counted.
fn most(candidates: &[PlayerId], counts: &[(PlayerId, u32)]) -> Vec<PlayerId> {
    let get = |p: PlayerId| counts.iter().find(|c| c.0 == p).map_or(0, |c| c.1);
    let top = candidates.iter().map(|&p| get(p)).max().unwrap_or(0);
    candidates
        .iter()
        .copied()
        .filter(|&p| get(p) == top)
        .collect()
}

/// Plays a vote (D7).
///
/// # Errors
///
/// [`StepError::GameOver`] if the season is over, [`StepError::UnknownPlayer`]
/// for an advantage, vote or revote naming no player, and
/// [`StepError::OutOfDice`] if the dice run out (a case with too few dice).
///
/// # Panics
///
/// Never: an advantage is only removed from a living player after checking that
/// they hold it.
pub fn vote(
    state: &State,
    input: &VoteInput,
    dice: &mut Dice,
) -> Result<(State, VoteReport), StepError> {
    if state.is_over() {
        return Err(StepError::GameOver);
    }
    let find = |n: &String| {
        state
            .find(n)
            .ok_or_else(|| StepError::UnknownPlayer(n.clone()))
    };
    let mut s = state.clone();
    let voters = s.voters();
    let is_voter = |p: PlayerId| voters.contains(&p);
    let mut rejected = Vec::new();

    // D7.2 advantages, in the order played.
    let mut hidden: Vec<PlayerId> = Vec::new();
    let mut extra: Vec<usize> = vec![0; s.players.len()];
    let mut played = Vec::new();
    for play in &input.advantages {
        let p = find(&play.player)?;
        let on = play.on.as_ref().map(find).transpose()?;
        let when = play.when.unwrap_or_default();
        let name = &play.player;
        let Some(l) = s.living(p) else {
            rejected.push(Rejection::new(
                name,
                "is out of the game and cannot play an advantage",
            ));
            continue;
        };
        if !l.advantages.contains(&play.card) {
            rejected.push(Rejection::new(
                name,
                format!("does not hold {} (D7.2)", play.card),
            ));
            continue;
        }
        match &play.card {
            Advantage::HiddenImmunity => match on {
                None => {
                    rejected.push(Rejection::new(
                        name,
                        "played Hidden Immunity on nobody: it is played on a voter (D7.2)",
                    ));
                    continue;
                }
                Some(t) if !is_voter(t) => {
                    rejected.push(Rejection::new(
                        name,
                        format!(
                            "played Hidden Immunity on {}, who is not a voter (D7.2)",
                            s.name(t)
                        ),
                    ));
                    continue;
                }
                Some(t) => {
                    if !hidden.contains(&t) {
                        hidden.push(t);
                    }
                }
            },
            Advantage::ExtraVote => {
                if !is_voter(p) {
                    rejected.push(Rejection::new(
                        name,
                        "is not a voter: an Extra Vote adds a vote to its holder's (D7.2)",
                    ));
                    continue;
                }
                if when == When::After {
                    rejected.push(Rejection::new(
                        name,
                        "an Extra Vote is played before votes are cast (D7.2)",
                    ));
                    continue;
                }
                extra[p.index()] += 1;
            }
            Advantage::Other(card) => {
                rejected.push(Rejection::new(
                    name,
                    format!("{card} is a producers' card, applied by hand (D7.2, D9)"),
                ));
                continue;
            }
        }
        let l = s.living_mut(p).expect("living");
        let i = l
            .advantages
            .iter()
            .position(|a| *a == play.card)
            .expect("held");
        l.advantages.remove(i);
        played.push(PlayedCard {
            player: p,
            card: play.card.clone(),
            on: if play.card == Advantage::HiddenImmunity {
                on
            } else {
                None
            },
            when,
        });
    }
    let held_immunity = |p: PlayerId| s.living(p).is_some_and(|l| l.immune);
    let immune: Vec<PlayerId> = voters
        .iter()
        .copied()
        .filter(|&p| held_immunity(p) || hidden.contains(&p))
        .collect();
    let candidates: Vec<PlayerId> = voters
        .iter()
        .copied()
        .filter(|&p| !held_immunity(p) && !hidden.contains(&p))
        .collect();

    // D7.3 ballots.
    let mut ballots = Vec::new();
    for (name, ballot) in &input.votes {
        let v = find(name)?;
        let targets = ballot
            .names()
            .into_iter()
            .map(find)
            .collect::<Result<Vec<_>, _>>()?;
        if !is_voter(v) {
            rejected.push(Rejection::new(name, "is not a voter in this vote (D7.1)"));
            continue;
        }
        let allowed = 1 + extra[v.index()];
        for (k, t) in targets.into_iter().enumerate() {
            if k >= allowed {
                rejected.push(Rejection::new(
                    name,
                    format!("cast vote {} but holds {allowed} (D7.2, D7.3)", k + 1),
                ));
            } else if hidden.contains(&t) {
                ballots.push(CastVote {
                    voter: v,
                    target: t,
                    counted: false,
                });
            } else if candidates.contains(&t) {
                ballots.push(CastVote {
                    voter: v,
                    target: t,
                    counted: true,
                });
            } else {
                let why = if s.living(t).is_none() {
                    "is out of the game"
                } else if immune.contains(&t) {
                    "is immune"
                } else {
                    "is not a voter in this vote"
                };
                rejected.push(Rejection::new(
                    name,
                    format!("voted for {}, who {why}: not a candidate (D7.3)", s.name(t)),
                ));
            }
        }
    }
    let counts = counts_of(&ballots);
    let tied = most(&candidates, &counts);

    // D7.5 revote and deadlock.
    let mut revote = None;
    let mut deadlock = None;
    let mut voted_out = None;
    let mut revote_due = None;
    match tied.len() {
        0 => {}
        1 => voted_out = Some(tied[0]),
        _ if input.ask_revote => {
            for name in input.revote.keys() {
                find(name)?;
                rejected.push(Rejection::new(
                    name,
                    "the revote is a step of its own after the first count: its ballots are given there (D7.5)",
                ));
            }
            revote_due = Some(RevoteDue {
                voters: voters.clone(),
                immune: immune.clone(),
                tied: tied.clone(),
            });
        }
        _ => {
            let (rv, out, dl) = hold_revote(
                &s,
                &voters,
                &immune,
                &tied,
                &input.revote,
                &mut rejected,
                dice,
            )?;
            revote = Some(rv);
            voted_out = out;
            deadlock = dl;
        }
    }
    if tied.len() < 2 {
        for name in input.revote.keys() {
            find(name)?;
            rejected.push(Rejection::new(
                name,
                "no revote was held: the vote was not tied (D7.5)",
            ));
        }
    }

    // The end of the vote (immunity ends, D7.1; the round ends, D3.1),
    // unless the revote is due.
    let due = revote_due.is_some();
    match revote_due {
        Some(d) => s.revote_due = Some(d),
        None => end_vote(&mut s, voted_out),
    }
    crate::order::sort_by(&mut ballots, |a, b| {
        state.name(a.voter).cmp(state.name(b.voter))
    });
    sort_rejections(&mut rejected);
    Ok((
        s,
        VoteReport {
            round: state.round(),
            rejected,
            voters,
            immune,
            candidates,
            played,
            ballots,
            counts,
            tied,
            revote,
            deadlock,
            voted_out,
            revote_due: due,
        },
    ))
}

/// The end of a vote (with its revote, if any): the one voted out leaves
/// (D8.1's jury pool), immunity ends (D7.1), the round ends (D3.1).
fn end_vote(s: &mut State, voted_out: Option<PlayerId>) {
    if let Some(p) = voted_out {
        s.remove(p);
    }
    for pl in &mut s.players {
        if let Some(l) = pl.living.as_mut() {
            l.immune = false;
        }
    }
    s.to_vote = None;
    s.votes_held += 1;
    s.last_phase = Some(Phase::Vote);
    s.talks.clear();
    s.slots_used = 0;
    s.revote_due = None;
}

/// D7.5's revote among `tied` (two or more, or what is left of them): the
/// voters who are not tied vote again between them (one vote each, no
/// advantage); a tie again, or no vote, is a deadlock settled by
/// [`settle`]. Returns the revote, who is out and the deadlock; refused
/// ballots are added to `rejected`.
fn hold_revote(
    s: &State,
    voters: &[PlayerId],
    immune: &[PlayerId],
    tied: &[PlayerId],
    ballots: &ByName<Ballot>,
    rejected: &mut Vec<Rejection>,
    dice: &mut Dice,
) -> Result<(RevoteReport, Option<PlayerId>, Option<DeadlockReport>), StepError> {
    let find = |n: &String| s.find(n).ok_or_else(|| StepError::UnknownPlayer(n.clone()));
    let voters2: Vec<PlayerId> = voters
        .iter()
        .copied()
        .filter(|p| !tied.contains(p))
        .collect();
    let mut ballots2 = Vec::new();
    for (name, ballot) in ballots {
        let v = find(name)?;
        let targets = ballot
            .names()
            .into_iter()
            .map(find)
            .collect::<Result<Vec<_>, _>>()?;
        if tied.contains(&v) {
            rejected.push(Rejection::new(
                name,
                "is tied: the tied do not vote in the revote (D7.5)",
            ));
            continue;
        }
        if !voters2.contains(&v) {
            rejected.push(Rejection::new(name, "is not a voter in this vote (D7.1)"));
            continue;
        }
        for (k, t) in targets.into_iter().enumerate() {
            if k >= 1 {
                rejected.push(Rejection::new(
                    name,
                    "cast a second revote: no advantage may be played in tie breaking (D7.2)",
                ));
            } else if tied.contains(&t) {
                ballots2.push(CastVote {
                    voter: v,
                    target: t,
                    counted: true,
                });
            } else {
                rejected.push(Rejection::new(
                    name,
                    format!("revoted for {}, who is not tied (D7.5)", s.name(t)),
                ));
            }
        }
    }
    let counts2 = counts_of(&ballots2);
    let tied2 = most(tied, &counts2);
    let mut voted_out = None;
    let mut deadlock = None;
    if tied2.len() == 1 {
        voted_out = Some(tied2[0]);
    } else if !tied2.is_empty() {
        let (out, report) = settle(s, voters, immune, &tied2, dice)?;
        voted_out = Some(out);
        deadlock = Some(report);
    }
    Ok((
        RevoteReport {
            voters: voters2,
            candidates: tied.to_vec(),
            ballots: ballots2,
            counts: counts2,
            tied: tied2,
        },
        voted_out,
        deadlock,
    ))
}

/// Plays the revote due (D7.5) as a step of its own: the vote's voters who
/// are not tied (and still living) vote again between the tied (still
/// living); a tie again, or no vote, is settled by the deadlock (a
/// survival roll-off or rocks); then the vote ends as [`vote`]'s does.
///
/// # Errors
///
/// [`StepError::GameOver`] if the season is over, [`StepError::Invalid`]
/// when no revote is due, [`StepError::UnknownPlayer`] for a ballot naming
/// no player, and [`StepError::OutOfDice`] if the dice run out (a case
/// with too few dice).
pub fn revote(
    state: &State,
    input: &RevoteInput,
    dice: &mut Dice,
) -> Result<(State, RevoteStepReport), StepError> {
    if state.is_over() {
        return Err(StepError::GameOver);
    }
    let due = state.revote_due.clone().ok_or_else(|| {
        StepError::Invalid(
            "no revote is due: a revote follows a vote whose first count tied (D7.5)".into(),
        )
    })?;
    let mut s = state.clone();
    let living = |v: &[PlayerId]| -> Vec<PlayerId> {
        v.iter()
            .copied()
            .filter(|&p| state.living(p).is_some())
            .collect()
    };
    let (voters, tied) = (living(&due.voters), living(&due.tied));
    let mut rejected = Vec::new();
    let (rv, voted_out, deadlock) = hold_revote(
        &s,
        &voters,
        &due.immune,
        &tied,
        &input.revote,
        &mut rejected,
        dice,
    )?;
    end_vote(&mut s, voted_out);
    sort_rejections(&mut rejected);
    Ok((
        s,
        RevoteStepReport {
            round: state.round(),
            rejected,
            voters: due.voters,
            tied: due.tied,
            revote: rv,
            deadlock,
            voted_out,
        },
    ))
}

/// D7.5's deadlock among `tied` (two or more): rocks or the survival roll-off.
fn settle(
    s: &State,
    voters: &[PlayerId],
    immune: &[PlayerId],
    tied: &[PlayerId],
    dice: &mut Dice,
) -> Result<(PlayerId, DeadlockReport), OutOfDice> {
    let by_name =
        |v: &mut Vec<PlayerId>| crate::order::sort_by(v, |&a, &b| s.name(a).cmp(s.name(b)));
    let mut rocks_fallback = false;
    if s.options.deadlock == Deadlock::Rocks {
        let mut drawers: Vec<PlayerId> = voters
            .iter()
            .copied()
            .filter(|p| !tied.contains(p) && !immune.contains(p))
            .collect();
        by_name(&mut drawers);
        if !drawers.is_empty() {
            let names: Vec<String> = drawers.iter().map(|&p| s.name(p).to_string()).collect();
            let (k, l) = lot(&names, LotFor::Rocks, dice)?;
            return Ok((drawers[k], DeadlockReport::Rocks { drawers, lot: l }));
        }
        rocks_fallback = true;
    }
    let mut players = tied.to_vec();
    by_name(&mut players);
    let names: Vec<String> = players.iter().map(|&p| s.name(p).to_string()).collect();
    let survival_roll = |p: PlayerId, reroll: u32, dice: &mut Dice| -> Result<Roll, OutOfDice> {
        let l = s.living(p).expect("tied players live");
        let d = dice.three(s.name(p), Purpose::RollOff { reroll })?;
        Ok(roll(
            RollKind::Survival,
            l.attributes.survival,
            l.counters,
            RollOptions::default(),
            d,
        ))
    };
    let mut first = Vec::with_capacity(players.len());
    for &p in &players {
        first.push((p, survival_roll(p, 0, dice)?));
    }
    let scores: Vec<Score> = first
        .iter()
        .map(|(_, r)| Score::whole(u64::from(r.result)))
        .collect();
    let mut contest = Contest::new(names, &scores);
    let all: Vec<usize> = (0..players.len()).collect();
    let bottom = contest.extreme(&all, Want::Lowest);
    let mut reroll_rolls = Vec::new();
    let mut reroll =
        |set: &[usize], round: u32, dice: &mut Dice| -> Result<Vec<Score>, OutOfDice> {
            let mut out = Vec::with_capacity(set.len());
            for &i in set {
                let r = survival_roll(players[i], round, dice)?;
                out.push(Score::whole(u64::from(r.result)));
                reroll_rolls.push(RerollRoll {
                    round,
                    player: players[i],
                    roll: r,
                });
            }
            Ok(out)
        };
    let (out, broken) =
        contest.break_tie(bottom, Want::Lowest, LotFor::RollOff, dice, &mut reroll)?;
    Ok((
        players[out],
        DeadlockReport::RollOff {
            rocks_fallback,
            first,
            rerolls: broken.rerolls,
            reroll_rolls,
            lot: broken.lot,
        },
    ))
}
