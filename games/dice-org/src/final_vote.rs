//! The jury and the final vote (D8): the last J players voted out judge the
//! finalists; a tie is revoted by the jurors who voted for a finalist not
//! in it; a tie that remains is settled by lot (D11.3).

use crate::by_name::ByName;
use crate::dice::{Dice, LotFor};
use crate::report::{Rejection, StepError, sort_rejections};
use crate::state::{Phase, PlayerId, State};
use crate::tiebreak::{Lot, lot};
use serde::{Deserialize, Serialize};

/// The final's input.
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FinalInput {
    /// Juror name to the finalist they vote for.
    pub votes: ByName<String>,
    /// Juror name to their revote (D8.2), used only if a revote is held.
    pub revote: ByName<String>,
}

/// One juror's vote (secret until read; who cast it is never public).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct JurorVote {
    /// The juror.
    pub juror: PlayerId,
    /// The finalist.
    pub finalist: PlayerId,
}

/// The jurors' revote (D8.2).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct FinalRevote {
    /// Jurors who voted for a finalist not in the tie.
    pub jurors: Vec<PlayerId>,
    /// The tied finalists.
    pub candidates: Vec<PlayerId>,
    /// Votes cast.
    pub ballots: Vec<JurorVote>,
    /// Finalist to votes, those with at least one, roster order.
    pub counts: Vec<(PlayerId, u32)>,
    /// Those with the most (all candidates with no vote).
    pub tied: Vec<PlayerId>,
}

/// Why the final came out as it did (producers only: holds the ballots).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct FinalReport {
    /// Refused votes, by juror name.
    pub rejected: Vec<Rejection>,
    /// The jury (D8.1), in the order voted out.
    pub jury: Vec<PlayerId>,
    /// The finalists, roster order.
    pub finalists: Vec<PlayerId>,
    /// Votes cast, by juror name.
    pub ballots: Vec<JurorVote>,
    /// Finalist to votes, those with at least one, roster order.
    pub counts: Vec<(PlayerId, u32)>,
    /// Finalists with the most.
    pub tied: Vec<PlayerId>,
    /// The revote, if the vote tied.
    pub revote: Option<FinalRevote>,
    /// The lot, if the revote tied too.
    pub lot: Option<Lot>,
    /// The winner.
    pub winner: PlayerId,
}

fn counts_of(ballots: &[JurorVote]) -> Vec<(PlayerId, u32)> {
    crate::vote::tally(ballots.iter().map(|b| b.finalist))
}

fn most(candidates: &[PlayerId], counts: &[(PlayerId, u32)]) -> Vec<PlayerId> {
    let get = |p: PlayerId| counts.iter().find(|c| c.0 == p).map_or(0, |c| c.1);
    let top = candidates.iter().map(|&p| get(p)).max().unwrap_or(0);
    candidates
        .iter()
        .copied()
        .filter(|&p| get(p) == top)
        .collect()
}

/// Plays the final (D8).
///
/// # Errors
///
/// [`StepError::GameOver`] if the season is over, [`StepError::Invalid`] unless
/// one to three players are living (D8.1), [`StepError::UnknownPlayer`] for a
/// juror, vote or revote naming no player, and [`StepError::OutOfDice`] if the
/// dice run out (a case with too few dice) (a lot).
pub fn final_vote(
    state: &State,
    input: &FinalInput,
    dice: &mut Dice,
) -> Result<(State, FinalReport), StepError> {
    if state.is_over() {
        return Err(StepError::GameOver);
    }
    let finalists: Vec<PlayerId> = state.alive().map(|(p, _)| p).collect();
    if finalists.is_empty() || finalists.len() > 3 {
        return Err(StepError::Invalid(format!(
            "the final is held when three players remain (D8.1); {} remain",
            finalists.len()
        )));
    }
    let find = |n: &String| {
        state
            .find(n)
            .ok_or_else(|| StepError::UnknownPlayer(n.clone()))
    };
    let jury = state.jury();
    let mut rejected = Vec::new();
    let mut ballots = Vec::new();
    for (name, vote) in &input.votes {
        let j = find(name)?;
        let f = find(vote)?;
        if !jury.contains(&j) {
            rejected.push(Rejection::new(name, "is not on the jury (D8.1)"));
        } else if !finalists.contains(&f) {
            rejected.push(Rejection::new(
                name,
                format!("voted for {vote}, who is not a finalist (D8.2)"),
            ));
        } else {
            ballots.push(JurorVote {
                juror: j,
                finalist: f,
            });
        }
    }
    let counts = counts_of(&ballots);
    let tied = most(&finalists, &counts);
    let mut revote = None;
    let mut the_lot = None;
    let winner = if tied.len() == 1 {
        for name in input.revote.keys() {
            find(name)?;
            rejected.push(Rejection::new(
                name,
                "no revote was held: the final was not tied (D8.2)",
            ));
        }
        tied[0]
    } else {
        let jurors: Vec<PlayerId> = ballots
            .iter()
            .filter(|b| !tied.contains(&b.finalist))
            .map(|b| b.juror)
            .collect();
        let mut ballots2 = Vec::new();
        for (name, vote) in &input.revote {
            let j = find(name)?;
            let f = find(vote)?;
            if !jurors.contains(&j) {
                let why = if !jury.contains(&j) {
                    "is not on the jury (D8.1)"
                } else {
                    "did not vote for a finalist outside the tie: only those jurors vote again (D8.2)"
                };
                rejected.push(Rejection::new(name, why));
            } else if !tied.contains(&f) {
                rejected.push(Rejection::new(
                    name,
                    format!("revoted for {vote}, who is not in the tie (D8.2)"),
                ));
            } else {
                ballots2.push(JurorVote {
                    juror: j,
                    finalist: f,
                });
            }
        }
        let counts2 = counts_of(&ballots2);
        let tied2 = most(&tied, &counts2);
        let w = if tied2.len() == 1 {
            tied2[0]
        } else {
            let mut among = tied2.clone();
            crate::order::sort_by(&mut among, |&a, &b| state.name(a).cmp(state.name(b)));
            let names: Vec<String> = among.iter().map(|&p| state.name(p).to_string()).collect();
            let (k, l) = lot(&names, LotFor::Final, dice)?;
            the_lot = Some(l);
            among[k]
        };
        revote = Some(FinalRevote {
            jurors,
            candidates: tied.clone(),
            ballots: ballots2,
            counts: counts2,
            tied: tied2,
        });
        w
    };
    let mut s = state.clone();
    s.winner = Some(winner);
    s.last_phase = Some(Phase::Final);
    sort_rejections(&mut rejected);
    Ok((
        s,
        FinalReport {
            rejected,
            jury,
            finalists,
            ballots,
            counts,
            tied,
            revote,
            lot: the_lot,
            winner,
        },
    ))
}
