//! Camp (D5), each team with living members in team order: consumption
//! (D5.1), gathering with its options (D5.2, D5.3), then bonus rolls and
//! advantages (D5.4). Dice in D11.1 order: a team's gathering rolls in
//! roster order, then its bonus rolls in roster order; from a seeded
//! generator each player's camp dice come from their own stream
//! ([`crate::dice::camp_stream`], option `camp_dice`), so no one's choices
//! move another's roll.

use crate::advantage::Advantage;
use crate::by_name::ByName;
use crate::dice::{Dice, Purpose, camp_stream};
use crate::options::CampDice;
use crate::report::{Rejection, StepError, sort_rejections};
use crate::roll::{Boost, PlainRoll, Roll, RollKind, RollOptions, roll};
use crate::state::{Phase, PlayerId, State};
use serde::{Deserialize, Serialize};

/// The raw total of a bonus roll that finds an advantage (D5.4).
pub const ADVANTAGE_ROLL: u32 = 12;

/// One player's camp choices (D5.2).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CampChoice {
    /// Before rolling: deduct 3 for a bonus roll (blind -3).
    pub deduct_for_bonus: bool,
    /// Before rolling: an RP boost (D2.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boost: Option<Boost>,
    /// After rolling: deduct 5 for 1 RP (informed -5; the result stays at least 0).
    pub deduct_for_rp: bool,
    /// After rolling: spend 1 RP for a bonus roll.
    pub rp_for_bonus: bool,
    /// The player answered with a choice of nothing (D12.12: `pass`,
    /// `just gathering`): a choice held for the prod list (D9.7) that the
    /// step ignores, the defaults applying as with no choice. With an
    /// option chosen it means nothing ([`CampChoice::is_nothing`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub nothing: bool,
}

/// What a member's camp choices come to with the RP they hold (D5.2,
/// D2.3): the boost is paid before rolling if the RP cover it; the -5
/// pays 1 RP after rolling; then a bonus roll is bought if 1 RP is left.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default)]
pub struct CampPaid {
    /// RP spent on the boost (0 when refused or none).
    pub boost_spent: u32,
    /// The boost the RP could not pay for.
    pub boost_refused: Option<Boost>,
    /// RP gained by the -5.
    pub gained: u32,
    /// Whether the bonus roll bought with RP is paid.
    pub bonus_bought: bool,
    /// Whether a bonus roll was asked for and the RP could not pay.
    pub bonus_refused: bool,
}

impl CampChoice {
    /// Whether this is a choice of nothing (D12.12): declined, and no
    /// option chosen.
    pub fn is_nothing(&self) -> bool {
        self.nothing
            && !self.deduct_for_bonus
            && self.boost.is_none()
            && !self.deduct_for_rp
            && !self.rp_for_bonus
    }

    /// What these choices come to for a member holding `rp` RP (D5.2, D2.3).
    pub fn pay(&self, rp: u32) -> CampPaid {
        let mut paid = CampPaid::default();
        let mut rp = rp;
        if let Some(b) = self.boost {
            if rp >= b.cost() {
                rp -= b.cost();
                paid.boost_spent = b.cost();
            } else {
                paid.boost_refused = Some(b);
            }
        }
        if self.deduct_for_rp {
            rp = rp.saturating_add(1);
            paid.gained = 1;
        }
        if self.rp_for_bonus {
            if rp >= 1 {
                paid.bonus_bought = true;
            } else {
                paid.bonus_refused = true;
            }
        }
        paid
    }
}

/// The camp's input: player name to choices; players not listed choose nothing.
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CampInput {
    /// Player name to choices.
    pub choices: ByName<CampChoice>,
}

/// One member's gathering (private to the player, D10.2).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Gathering {
    /// The player.
    pub player: PlayerId,
    /// Their name.
    pub name: String,
    /// The roll options that applied.
    pub options: RollOptions,
    /// RP spent on a boost.
    pub rp_spent_boost: u32,
    /// RP gained by the -5 deduction.
    pub rp_gained: u32,
    /// RP spent on a bonus roll.
    pub rp_spent_bonus: u32,
    /// The survival roll; its result goes to the pool.
    pub roll: Roll,
    /// Bonus rolls earned (0 to 2, D5.3).
    pub bonus_rolls: u8,
}

/// One bonus roll (D5.4).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct BonusRoll {
    /// The player.
    pub player: PlayerId,
    /// The plain 3d6 (D2.4).
    pub roll: PlainRoll,
    /// The advantage it found, if any.
    pub found: Option<Advantage>,
}

/// One team's camp.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct TeamCamp {
    /// The team's name.
    pub team: String,
    /// Living members, roster order.
    pub members: Vec<PlayerId>,
    /// Food needed: `food_per_player` per living member (D5.1).
    pub need: u32,
    /// The pool before consumption.
    pub pool_before: u32,
    /// Whether the food was consumed (pool at least `need`).
    pub consumed: bool,
    /// Members who lost a counter (those who had one).
    pub counters_removed: Vec<PlayerId>,
    /// Gathering, roster order (D5.2).
    pub gathering: Vec<Gathering>,
    /// The pool at the end.
    pub pool_after: u32,
    /// Bonus rolls, roster order (D5.4).
    pub bonus: Vec<BonusRoll>,
    /// The advantage found: (player, card).
    pub found: Option<(PlayerId, Advantage)>,
}

/// Why the camp came out as it did.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct CampReport {
    /// The round.
    pub round: u32,
    /// Refused choices, by player name.
    pub rejected: Vec<Rejection>,
    /// Per team with living members, team order.
    pub teams: Vec<TeamCamp>,
}

/// Plays a camp (D5) for every team.
///
/// # Errors
///
/// [`StepError::GameOver`] if the season is over, [`StepError::UnknownPlayer`]
/// for a choice naming no player, and [`StepError::OutOfDice`] if the dice run
/// out (a case with too few dice); nothing is applied then.
///
/// # Panics
///
/// Never: every member of a team in play is living.
pub fn camp(
    state: &State,
    input: &CampInput,
    dice: &mut Dice,
) -> Result<(State, CampReport), StepError> {
    if state.is_over() {
        return Err(StepError::GameOver);
    }
    let mut s = state.clone();
    let mut rejected = Vec::new();
    let mut choices: Vec<Option<CampChoice>> = vec![None; s.players.len()];
    for (name, choice) in &input.choices {
        let p = s
            .find(name)
            .ok_or_else(|| StepError::UnknownPlayer(name.clone()))?;
        if s.living(p).is_none() {
            rejected.push(Rejection::new(
                name,
                "is out of the game: only living players camp (D3.2)",
            ));
            continue;
        }
        choices[p.index()] = Some(*choice);
    }
    let food = s.options.food_per_player;
    // D11.1: a player's camp dice from their own stream (or the one
    // stream of seasons saved before file version 2).
    let round = state.round();
    let stream = |p: PlayerId| match state.options.camp_dice {
        CampDice::PlayerStreams => Some(camp_stream(round, p.index())),
        CampDice::OneStream => None,
    };
    let mut teams = Vec::new();
    for t in s.teams_in_play() {
        let members = s.members(t);
        let need = food.saturating_mul(members.len() as u32);
        let pool_before = s.teams[t.index()].pool;
        // D5.1 consumption.
        let consumed = pool_before >= need;
        let mut counters_removed = Vec::new();
        if consumed {
            s.teams[t.index()].pool -= need;
            for &p in &members {
                let l = s.living_mut(p).expect("member");
                if l.counters > 0 {
                    l.counters -= 1;
                    counters_removed.push(p);
                }
            }
        }
        // D5.2 gathering, roster order.
        let mut gathering = Vec::with_capacity(members.len());
        for &p in &members {
            let name = s.name(p).to_string();
            let choice = choices[p.index()].unwrap_or_default();
            let mut options = RollOptions {
                minus3: choice.deduct_for_bonus,
                ..RollOptions::default()
            };
            let l = s.living_mut(p).expect("member");
            let paid = choice.pay(l.rp);
            let rp_spent_boost = paid.boost_spent;
            if let Some(b) = paid.boost_refused {
                rejected.push(Rejection::new(
                    &name,
                    format!(
                        "has {} RP: a +{} boost costs {} RP (D2.3); rolled without it",
                        l.rp,
                        b.bonus(),
                        b.cost()
                    ),
                ));
            } else if choice.boost.is_some() {
                l.rp -= paid.boost_spent;
                options.boost = choice.boost;
            }
            options.minus5 = choice.deduct_for_rp;
            let d = dice.three_of(stream(p), &name, Purpose::Gathering)?;
            let l = s.living_mut(p).expect("member");
            let r = roll(
                RollKind::Survival,
                l.attributes.survival,
                l.counters,
                options,
                d,
            );
            let rp_gained = paid.gained;
            l.rp = l.rp.saturating_add(rp_gained);
            let mut bonus_rolls = u8::from(choice.deduct_for_bonus);
            let mut rp_spent_bonus = 0;
            if paid.bonus_bought {
                l.rp -= 1;
                rp_spent_bonus = 1;
                bonus_rolls += 1;
            } else if paid.bonus_refused {
                rejected.push(Rejection::new(
                    &name,
                    "has 0 RP after rolling: a bonus roll costs 1 RP (D5.2); no bonus roll",
                ));
            }
            let team = &mut s.teams[t.index()];
            team.pool = team.pool.saturating_add(r.result);
            gathering.push(Gathering {
                player: p,
                name,
                options,
                rp_spent_boost,
                rp_gained,
                rp_spent_bonus,
                roll: r,
                bonus_rolls,
            });
        }
        // D5.4 bonus rolls, roster order; every one is made.
        let mut bonus = Vec::new();
        let mut found = None;
        for g in &gathering {
            for _ in 0..g.bonus_rolls {
                let r = PlainRoll::of(dice.three_of(stream(g.player), &g.name, Purpose::Bonus)?);
                let mut card = None;
                if r.total == ADVANTAGE_ROLL
                    && found.is_none()
                    && !s.teams[t.index()].camp.is_empty()
                {
                    let a = s.teams[t.index()].camp.remove(0);
                    s.living_mut(g.player)
                        .expect("member")
                        .advantages
                        .push(a.clone());
                    found = Some((g.player, a.clone()));
                    card = Some(a);
                }
                bonus.push(BonusRoll {
                    player: g.player,
                    roll: r,
                    found: card,
                });
            }
        }
        teams.push(TeamCamp {
            team: s.team_name(t).to_string(),
            members,
            need,
            pool_before,
            consumed,
            counters_removed,
            gathering,
            pool_after: s.teams[t.index()].pool,
            bonus,
            found,
        });
    }
    s.last_phase = Some(Phase::Camp);
    sort_rejections(&mut rejected);
    Ok((
        s,
        CampReport {
            round: state.round(),
            rejected,
            teams,
        },
    ))
}
