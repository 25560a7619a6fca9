//! Conversation scheduling (D6): who is open to whom, ranked wishes, pair
//! priorities, and slots filled greedily in priority order (D6.3), with
//! re-planning after a slot from updated preferences (D6.4). No dice.

use crate::by_name::ByName;
use crate::report::{Rejection, StepError, sort_rejections};
use crate::state::{Phase, PlayerId, State};
use serde::{Deserialize, Serialize};

/// One player's preferences (D6.1).
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Prefs {
    /// Players they are not open to (default: open to all).
    pub closed: Vec<String>,
    /// Players they want to talk to, most wanted first.
    pub ranks: Vec<String>,
    /// The player answered with a choice of nothing (D12.12: `no`): a
    /// choice held for the prod list (D9.7) that the step ignores, the
    /// defaults (open to all, nobody ranked) applying as with no
    /// preferences. With a name given it means nothing
    /// ([`Prefs::is_nothing`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub nothing: bool,
}

impl Prefs {
    /// Whether this is a choice of nothing (D12.12): declined, and no
    /// name ranked or closed.
    pub fn is_nothing(&self) -> bool {
        self.nothing && self.closed.is_empty() && self.ranks.is_empty()
    }
}

/// The conversation step's input.
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ConversationInput {
    /// Player name to preferences; players not listed are open to all and
    /// rank nobody.
    pub prefs: ByName<Prefs>,
    /// Pairs that already talked this round (D6.3, D6.4), left out.
    pub held: Vec<[String; 2]>,
    /// How many slots to schedule now; default `conversation_slots`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slots: Option<u32>,
}

/// A pair that can talk (D6.2): names in byte order, `a < b`.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Pair {
    /// The smaller name's player.
    pub a: PlayerId,
    /// The other.
    pub b: PlayerId,
    /// `rank_a(b) + rank_b(a)`; unranked counts as the number of living
    /// players. Lower is wanted more.
    pub priority: u32,
}

/// The schedule and why.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct ConversationReport {
    /// The round.
    pub round: u32,
    /// Refused preferences, by player name.
    pub rejected: Vec<Rejection>,
    /// Every pair that can talk and has not, in schedule order (priority,
    /// then names).
    pub pairs: Vec<Pair>,
    /// The slots scheduled, each a list of pairs in the order taken.
    pub slots: Vec<Vec<Pair>>,
    /// Pairs that found no slot.
    pub left_over: Vec<Pair>,
}

/// Checked preferences by roster index: (closed, ranks in order), `None`
/// for a player who gave none.
type Checked = Vec<Option<(Vec<PlayerId>, Vec<PlayerId>)>>;

fn check(state: &State, input: &ConversationInput) -> Result<(Checked, Vec<Rejection>), StepError> {
    let find = |n: &String| {
        state
            .find(n)
            .ok_or_else(|| StepError::UnknownPlayer(n.clone()))
    };
    let mut rejected = Vec::new();
    let mut out: Checked = vec![None; state.players.len()];
    for (name, prefs) in &input.prefs {
        let p = find(name)?;
        let mut closed = Vec::new();
        let mut ranks = Vec::new();
        let alive = state.living(p).is_some();
        for n in &prefs.closed {
            let q = find(n)?;
            if q == p {
                rejected.push(Rejection::new(name, "cannot close themself (D6.1)"));
            } else if state.living(q).is_none() {
                rejected.push(Rejection::new(
                    name,
                    format!("closed {n}, who is out of the game (D6.2)"),
                ));
            } else if !closed.contains(&q) {
                closed.push(q);
            }
        }
        for n in &prefs.ranks {
            let q = find(n)?;
            if q == p {
                rejected.push(Rejection::new(name, "cannot rank themself (D6.1)"));
            } else if state.living(q).is_none() {
                rejected.push(Rejection::new(
                    name,
                    format!("ranked {n}, who is out of the game (D6.2)"),
                ));
            } else if ranks.contains(&q) {
                rejected.push(Rejection::new(
                    name,
                    format!("ranked {n} twice; the first place counts"),
                ));
            } else {
                ranks.push(q);
            }
        }
        if !alive {
            rejected.push(Rejection::new(
                name,
                "is out of the game: no conversations (D6.2)",
            ));
            continue;
        }
        out[p.index()] = Some((closed, ranks));
    }
    Ok((out, rejected))
}

/// The pairs that can talk (D6.2), minus `held`, in schedule order (D6.3).
fn pairs(state: &State, prefs: &Checked, held: &[(PlayerId, PlayerId)]) -> Vec<Pair> {
    let alive: Vec<PlayerId> = state.alive().map(|(p, _)| p).collect();
    let n = alive.len() as u32;
    let empty = (Vec::new(), Vec::new());
    let rank = |x: PlayerId, y: PlayerId| -> Option<u32> {
        let (_, r) = prefs[x.index()].as_ref().unwrap_or(&empty);
        r.iter().position(|&q| q == y).map(|i| i as u32 + 1)
    };
    let open =
        |x: PlayerId, y: PlayerId| !prefs[x.index()].as_ref().unwrap_or(&empty).0.contains(&y);
    let mut out = Vec::new();
    for (i, &x) in alive.iter().enumerate() {
        for &y in &alive[i + 1..] {
            let (a, b) = if state.name(x) < state.name(y) {
                (x, y)
            } else {
                (y, x)
            };
            if held.contains(&(a, b)) || !open(a, b) || !open(b, a) {
                continue;
            }
            let (ra, rb) = (rank(a, b), rank(b, a));
            if ra.is_none() && rb.is_none() {
                continue;
            }
            out.push(Pair {
                a,
                b,
                priority: ra.unwrap_or(n) + rb.unwrap_or(n),
            });
        }
    }
    crate::order::sort_by(&mut out, |p, q| {
        p.priority
            .cmp(&q.priority)
            .then_with(|| state.name(p.a).cmp(state.name(q.a)))
            .then_with(|| state.name(p.b).cmp(state.name(q.b)))
    });
    out
}

/// Fills up to `slots` slots from `pairs` in order (D6.3): each slot walks
/// the list and takes every pair whose two players are both still free in
/// it; stops early when no pair is left.
pub fn fill_slots(pairs: &[Pair], slots: u32) -> (Vec<Vec<Pair>>, Vec<Pair>) {
    let mut left: Vec<Pair> = pairs.to_vec();
    let mut out = Vec::new();
    while (out.len() as u32) < slots && !left.is_empty() {
        let mut busy: Vec<PlayerId> = Vec::new();
        let mut slot = Vec::new();
        let mut rest = Vec::new();
        for p in left {
            if !busy.contains(&p.a) && !busy.contains(&p.b) {
                busy.push(p.a);
                busy.push(p.b);
                slot.push(p);
            } else {
                rest.push(p);
            }
        }
        out.push(slot);
        left = rest;
    }
    (out, left)
}

/// A conversation input for the slots left this round on `state` (D6.4):
/// the pairs that talked this round are held; `slots` defaults to the
/// slots left, and is at most that.
pub fn input_for(state: &State, prefs: ByName<Prefs>, slots: Option<u32>) -> ConversationInput {
    let left = state
        .options
        .conversation_slots
        .saturating_sub(state.slots_used);
    ConversationInput {
        prefs,
        held: state
            .talked()
            .into_iter()
            .map(|(a, b)| [state.name(a).to_string(), state.name(b).to_string()])
            .collect(),
        slots: Some(slots.unwrap_or(left).min(left)),
    }
}

/// Schedules conversations (D6) from `input`; the state records the pairs
/// scheduled as this round's talks and the slots asked for as used.
///
/// # Errors
///
/// [`StepError::GameOver`] if the season is over, [`StepError::UnknownPlayer`]
/// for a preference or held pair naming no player, and [`StepError::Invalid`]
/// for a held pair of one player.
pub fn conversation(
    state: &State,
    input: &ConversationInput,
) -> Result<(State, ConversationReport), StepError> {
    if state.is_over() {
        return Err(StepError::GameOver);
    }
    let (prefs, mut rejected) = check(state, input)?;
    let mut held: Vec<(PlayerId, PlayerId)> = Vec::new();
    for [x, y] in &input.held {
        let x = state
            .find(x)
            .ok_or_else(|| StepError::UnknownPlayer(x.clone()))?;
        let y = state
            .find(y)
            .ok_or_else(|| StepError::UnknownPlayer(y.clone()))?;
        if x == y {
            return Err(StepError::Invalid(format!(
                "held pair [{0:?}, {0:?}] is one player",
                state.name(x)
            )));
        }
        let pair = if state.name(x) < state.name(y) {
            (x, y)
        } else {
            (y, x)
        };
        if !held.contains(&pair) {
            held.push(pair);
        }
    }
    let all = pairs(state, &prefs, &held);
    let slots = input.slots.unwrap_or(state.options.conversation_slots);
    let (scheduled, left_over) = fill_slots(&all, slots);
    let mut s = state.clone();
    s.talks.extend(
        scheduled
            .iter()
            .map(|slot| slot.iter().map(|p| (p.a, p.b)).collect()),
    );
    // Every slot asked for counts as used, even when no pair was left for
    // it (the wizard then moves on to the vote).
    s.slots_used = s.slots_used.saturating_add(slots);
    s.last_phase = Some(Phase::Conversation);
    sort_rejections(&mut rejected);
    Ok((
        s,
        ConversationReport {
            round: state.round(),
            rejected,
            pairs: all,
            slots: scheduled,
            left_over,
        },
    ))
}
