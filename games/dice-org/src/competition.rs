//! The competition (D4): options before rolling (D4.1), team (D4.2) or
//! individual (D4.3) scoring, re-rolls and lots for ties that matter
//! (D4.4), the reward (D4.5), immunity, and a depletion counter for every
//! participant (D4.6). Dice in D11.1 order: participants in team order then
//! roster order, re-rolls the same.

use crate::by_name::ByName;
use crate::dice::{Dice, LotFor, OutOfDice, Purpose};
use crate::options::TeamScore;
use crate::report::{Rejection, StepError, sort_rejections};
use crate::roll::{Boost, Roll, RollKind, RollOptions, roll};
use crate::state::{Phase, PlayerId, State};
use crate::tiebreak::{Contest, Lot, Reroll, Score, Want};
use serde::{Deserialize, Serialize};

/// One player's choices before rolling (D4.1).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CompetitionChoice {
    /// Deduct 3 from the roll for 1 RP, paid at once (blind).
    pub deduct: bool,
    /// One RP boost (D2.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boost: Option<Boost>,
    /// The player answered with a choice of nothing (D12.12: `no`,
    /// `pass`): a choice held for the prod list (D9.7) that the step
    /// ignores, the defaults applying as with no choice. With an option
    /// chosen it means nothing ([`CompetitionChoice::is_nothing`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub nothing: bool,
}

/// What a participant's choices come to with the RP they hold (D4.1,
/// D2.3): the deduction's RP is paid at once, then the boost is bought if
/// the RP cover it.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default)]
pub struct Paid {
    /// The roll's options.
    pub options: RollOptions,
    /// RP gained by deducting.
    pub gained: u32,
    /// RP spent on the boost.
    pub spent: u32,
    /// The boost the RP could not pay for (rolled without it).
    pub refused: Option<Boost>,
}

impl CompetitionChoice {
    /// Whether this is a choice of nothing (D12.12): declined, and no
    /// option chosen.
    pub fn is_nothing(&self) -> bool {
        self.nothing && !self.deduct && self.boost.is_none()
    }

    /// What these choices come to for a player holding `rp` RP (D4.1, D2.3).
    pub fn pay(&self, rp: u32) -> Paid {
        let mut paid = Paid::default();
        let mut rp = rp;
        if self.deduct {
            paid.options.minus3 = true;
            paid.gained = 1;
            rp = rp.saturating_add(1);
        }
        if let Some(b) = self.boost {
            if rp >= b.cost() {
                paid.spent = b.cost();
                paid.options.boost = Some(b);
            } else {
                paid.refused = Some(b);
            }
        }
        paid
    }
}

/// The competition's input: player name to choices; players not listed
/// choose nothing.
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CompetitionInput {
    /// Player name to choices.
    pub choices: ByName<CompetitionChoice>,
}

/// Team or individual competition.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Two or more teams with living members (D4.2).
    Team,
    /// One team (D4.3).
    Individual,
}

/// One participant's first roll, with the choices that applied.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct CompetitionRoll {
    /// The player.
    pub player: PlayerId,
    /// Their name.
    pub name: String,
    /// Their team's name.
    pub team: String,
    /// The options that applied (rejected ones are not here).
    pub options: RollOptions,
    /// RP gained by deducting (paid at once, D2.3).
    pub rp_gained: u32,
    /// RP spent on the boost.
    pub rp_spent: u32,
    /// The roll (D2.2).
    pub roll: Roll,
}

/// A roll of a re-roll round (no options, D4.4).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct RerollRoll {
    /// The re-roll round, from 1.
    pub round: u32,
    /// The player.
    pub player: PlayerId,
    /// The roll.
    pub roll: Roll,
}

/// Why the competition came out as it did.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct CompetitionReport {
    /// The round (D3.1).
    pub round: u32,
    /// Team or individual.
    pub mode: Mode,
    /// Refused choices, by player name.
    pub rejected: Vec<Rejection>,
    /// First rolls, in roll order (D11.1).
    pub rolls: Vec<CompetitionRoll>,
    /// First scores of the contenders (teams or players), in roll order.
    pub scores: Vec<(String, Score)>,
    /// Re-roll rounds (D4.4), highest tie first.
    pub rerolls: Vec<Reroll>,
    /// The rolls of the re-roll rounds.
    pub reroll_rolls: Vec<RerollRoll>,
    /// Lots after 10 re-rolls (D4.4, D11.3).
    pub lots: Vec<Lot>,
    /// The winning team or player (D4.2, D4.3).
    pub winner: String,
    /// The lowest team, which goes to the vote; `None` when individual.
    pub lowest: Option<String>,
    /// Players given the reward (D4.5).
    pub rewarded: Vec<PlayerId>,
    /// RP each of them got.
    pub reward_rp: u32,
    /// Players made immune, roster order.
    pub immune: Vec<PlayerId>,
    /// Every participant, roll order; each got one depletion counter (D4.6).
    pub participants: Vec<PlayerId>,
}

struct Contender {
    name: String,
    members: Vec<PlayerId>,
}

fn score_of(results: &[u32], mode: Mode, team_score: TeamScore) -> Score {
    let sum: u64 = results.iter().map(|&r| u64::from(r)).sum();
    match (mode, team_score) {
        (Mode::Team, TeamScore::Mean) => Score::new(sum, results.len() as u64),
        _ => Score::whole(sum),
    }
}

/// Plays a competition (D4) on `state` with `input`, drawing from `dice`.
///
/// # Errors
///
/// [`StepError::GameOver`] if the season is over, [`StepError::Invalid`] if no
/// player is living, [`StepError::UnknownPlayer`] for a choice naming no
/// player, and [`StepError::OutOfDice`] if the dice run out (a case with too
/// few dice); nothing is applied then.
///
/// # Panics
///
/// Never: the participants, rewarded and immune players are members of teams in
/// play, so living.
pub fn competition(
    state: &State,
    input: &CompetitionInput,
    dice: &mut Dice,
) -> Result<(State, CompetitionReport), StepError> {
    if state.is_over() {
        return Err(StepError::GameOver);
    }
    let mut s = state.clone();
    let teams = s.teams_in_play();
    if teams.is_empty() {
        return Err(StepError::Invalid("no living player to compete".into()));
    }
    let mode = if teams.len() > 1 {
        Mode::Team
    } else {
        Mode::Individual
    };
    let contenders: Vec<Contender> = match mode {
        Mode::Team => teams
            .iter()
            .map(|&t| Contender {
                name: s.team_name(t).to_string(),
                members: s.members(t),
            })
            .collect(),
        Mode::Individual => s
            .members(teams[0])
            .into_iter()
            .map(|p| Contender {
                name: s.name(p).to_string(),
                members: vec![p],
            })
            .collect(),
    };
    let participants: Vec<PlayerId> = contenders
        .iter()
        .flat_map(|c| c.members.iter().copied())
        .collect();

    // D4.1: choices, paid at once.
    let mut rejected = Vec::new();
    let mut chosen: Vec<Option<(RollOptions, u32, u32)>> = vec![None; s.players.len()];
    for (name, choice) in &input.choices {
        let p = s
            .find(name)
            .ok_or_else(|| StepError::UnknownPlayer(name.clone()))?;
        let Some(l) = s.living_mut(p) else {
            rejected.push(Rejection::new(
                name,
                "is out of the game: only living players compete (D3.2)",
            ));
            continue;
        };
        let paid = choice.pay(l.rp);
        if let Some(b) = paid.refused {
            rejected.push(Rejection::new(
                name,
                format!(
                    "has {} RP: a +{} boost costs {} RP (D2.3); rolled without it",
                    l.rp.saturating_add(paid.gained),
                    b.bonus(),
                    b.cost()
                ),
            ));
        }
        l.rp = l.rp.saturating_add(paid.gained) - paid.spent;
        chosen[p.index()] = Some((paid.options, paid.gained, paid.spent));
    }

    // First rolls, team order then roster order (D11.1).
    let mut rolls = Vec::with_capacity(participants.len());
    for (c, contender) in contenders.iter().enumerate() {
        for &p in &contender.members {
            let (options, rp_gained, rp_spent) = chosen[p.index()].unwrap_or_default();
            let l = s.living(p).expect("participants live");
            let d = dice.three(s.name(p), Purpose::Competition { reroll: 0 })?;
            let r = roll(
                RollKind::Competition,
                l.attributes.competition,
                l.counters,
                options,
                d,
            );
            rolls.push((
                c,
                CompetitionRoll {
                    player: p,
                    name: s.name(p).to_string(),
                    team: s.team_name(l.team).to_string(),
                    options,
                    rp_gained,
                    rp_spent,
                    roll: r,
                },
            ));
        }
    }
    let team_score = s.options.team_score;
    let first: Vec<Score> = (0..contenders.len())
        .map(|c| {
            let results: Vec<u32> = rolls
                .iter()
                .filter(|(i, _)| *i == c)
                .map(|(_, r)| r.roll.result)
                .collect();
            score_of(&results, mode, team_score)
        })
        .collect();
    let scores: Vec<(String, Score)> = contenders
        .iter()
        .zip(&first)
        .map(|(c, &k)| (c.name.clone(), k))
        .collect();
    let names: Vec<String> = contenders.iter().map(|c| c.name.clone()).collect();

    // D4.4: re-rolls, no options, same order.
    let mut reroll_rolls: Vec<RerollRoll> = Vec::new();
    let state_ref = &s;
    let mut reroll =
        |set: &[usize], round: u32, dice: &mut Dice| -> Result<Vec<Score>, OutOfDice> {
            let mut out = Vec::with_capacity(set.len());
            for &c in set {
                let mut results = Vec::new();
                for &p in &contenders[c].members {
                    let l = state_ref.living(p).expect("participants live");
                    let d =
                        dice.three(state_ref.name(p), Purpose::Competition { reroll: round })?;
                    let r = roll(
                        RollKind::Competition,
                        l.attributes.competition,
                        l.counters,
                        RollOptions::default(),
                        d,
                    );
                    results.push(r.result);
                    reroll_rolls.push(RerollRoll {
                        round,
                        player: p,
                        roll: r,
                    });
                }
                out.push(score_of(&results, mode, team_score));
            }
            Ok(out)
        };
    let all: Vec<usize> = (0..contenders.len()).collect();
    let mut contest = Contest::new(names.clone(), &first);
    let mut rerolls = Vec::new();
    let mut lots = Vec::new();
    let top = contest.extreme(&all, Want::Highest);
    let (winner, broken) = contest.break_tie(
        top,
        Want::Highest,
        LotFor::CompetitionHighest,
        dice,
        &mut reroll,
    )?;
    rerolls.extend(broken.rerolls);
    lots.extend(broken.lot);
    let lowest = if mode == Mode::Team {
        let rest: Vec<usize> = all.iter().copied().filter(|&c| c != winner).collect();
        let bottom = contest.extreme(&rest, Want::Lowest);
        let (low, broken) = contest.break_tie(
            bottom,
            Want::Lowest,
            LotFor::CompetitionLowest,
            dice,
            &mut reroll,
        )?;
        rerolls.extend(broken.rerolls);
        lots.extend(broken.lot);
        Some(low)
    } else {
        None
    };

    // D4.5 reward, immunity, D4.6 counters.
    let reward_rp = s.options.reward_rp;
    let rewarded = contenders[winner].members.clone();
    let mut immune: Vec<PlayerId> = match lowest {
        Some(low) => contenders
            .iter()
            .enumerate()
            .filter(|&(c, _)| c != low)
            .flat_map(|(_, c)| c.members.iter().copied())
            .collect(),
        None => rewarded.clone(),
    };
    crate::order::sort(&mut immune);
    for &p in &rewarded {
        let l = s.living_mut(p).expect("living");
        l.rp = l.rp.saturating_add(reward_rp);
    }
    for &p in &immune {
        s.living_mut(p).expect("living").immune = true;
    }
    for &p in &participants {
        let l = s.living_mut(p).expect("living");
        l.counters = l.counters.saturating_add(1);
    }
    s.to_vote = lowest.map(|c| teams[c]);
    s.last_phase = Some(Phase::Competition);
    sort_rejections(&mut rejected);
    let report = CompetitionReport {
        round: s.round(),
        mode,
        rejected,
        rolls: rolls.into_iter().map(|(_, r)| r).collect(),
        scores,
        rerolls,
        reroll_rolls,
        lots,
        winner: names[winner].clone(),
        lowest: lowest.map(|c| names[c].clone()),
        rewarded,
        reward_rp,
        immune,
        participants,
    };
    Ok((s, report))
}
