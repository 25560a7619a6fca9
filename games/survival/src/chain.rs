//! Chains and decisions after eliminations (S7): buddies (S7.1), the GMO's
//! revenge (S7.2), the Polar Bear's decision (S7.3) and the Spotlight
//! handover (S7.4), run in the order S7.5 fixes.

use crate::card::Card;
use crate::line::{MessageLine, read_message};
use crate::report::{
    Cause, DecisionKind, DecisionRequest, Elimination, Note, Place, Reason, Rejection, Warning,
};
use crate::roster::{Names, PlayerId, PlayerSet};
use crate::setup::Setup;
use crate::state::PolarDecision;
use crate::verb::{Kind, Verb};
use console_core::text::sort_small;
use std::collections::BTreeMap;

/// What protects one player from chain eliminations in this phase.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Guard {
    /// The night's shield (S4.4).
    Shield(PlayerId),
    /// The day's Nairobi (S6.6).
    Nairobi(PlayerId),
    /// No one.
    None,
}

impl Guard {
    /// The note when the guard stops `from` on `p`, if it does.
    fn stops(self, p: PlayerId, from: Cause) -> Option<Note> {
        match self {
            Guard::Shield(s) if s == p => Some(Note::Shielded { player: p, from }),
            Guard::Nairobi(s) if s == p => Some(Note::InNairobi { player: p, from }),
            _ => None,
        }
    }
}

/// The start of a chain: the phase's state and primary eliminations.
pub(crate) struct ChainStart<'a> {
    pub setup: &'a Setup,
    /// How names are read this phase (S2.3).
    pub names: Names,
    /// Alive at the start of the phase.
    pub alive: PlayerSet,
    /// Buddies (including any formed this night).
    pub buddies: Option<[PlayerId; 2]>,
    /// The Spotlight holder at the start of the phase.
    pub spotlight: Option<PlayerId>,
    /// Decision texts, by player.
    pub decisions: &'a BTreeMap<PlayerId, String>,
    /// Who is protected from chain eliminations.
    pub guard: Guard,
    /// The primary eliminations and their causes.
    pub primary: Vec<(PlayerId, Vec<Cause>)>,
}

/// What a chain did.
#[derive(Default)]
pub(crate) struct ChainEnd {
    pub eliminations: Vec<Elimination>,
    pub alive: PlayerSet,
    pub spotlight: Option<PlayerId>,
    pub polar_bear: Option<PolarDecision>,
    pub notes: Vec<Note>,
    pub rejections: Vec<Rejection>,
    pub warnings: Vec<Warning>,
    pub requests: Vec<DecisionRequest>,
}

/// A decision text, read, with each line's fate once processed.
struct Texts<'a> {
    lines: BTreeMap<PlayerId, Vec<(MessageLine<'a>, bool)>>,
}

impl<'a> Texts<'a> {
    /// The lines of `p` of one kind not yet settled, validated now: the last
    /// valid one wins (S2.5), the others are replaced or rejected.
    fn decide(
        &mut self,
        p: PlayerId,
        kind: Kind,
        check: impl Fn(&str) -> Result<PlayerId, Reason>,
        end: &mut ChainEnd,
    ) -> Option<(Verb, PlayerId)> {
        let lines = self.lines.get_mut(&p)?;
        let mut chosen: Option<(u32, Verb, PlayerId)> = None;
        for (l, settled) in lines.iter_mut() {
            let Ok((verb, rest)) = l.parsed else { continue };
            if *settled || verb.kind() != kind {
                continue;
            }
            *settled = true;
            match check(rest) {
                Ok(t) => {
                    if let Some((earlier, _, _)) = chosen {
                        end.warnings.push(Warning::Replaced {
                            player: p,
                            kind,
                            earlier: Place::Decision { line: earlier },
                            later: Place::Decision { line: l.number },
                        });
                    }
                    chosen = Some((l.number, verb, t));
                }
                Err(reason) => end.rejections.push(Rejection {
                    player: p,
                    place: Place::Decision { line: l.number },
                    text: l.text.to_string(),
                    reason,
                }),
            }
        }
        chosen.map(|(_, v, t)| (v, t))
    }

    /// Rejects every unsettled line of `p` with `why(verb)`.
    fn reject_rest(&mut self, p: PlayerId, end: &mut ChainEnd, why: impl Fn(Verb) -> Reason) {
        let Some(lines) = self.lines.get_mut(&p) else {
            return;
        };
        for (l, settled) in lines.iter_mut() {
            if *settled {
                continue;
            }
            *settled = true;
            let reason = match &l.parsed {
                Err(e) => Reason::Verb { error: e.clone() },
                Ok((v, _)) => why(*v),
            };
            end.rejections.push(Rejection {
                player: p,
                place: Place::Decision { line: l.number },
                text: l.text.to_string(),
                reason,
            });
        }
    }
}

/// The living player a decision names (S7.5), or why not.
fn living(names: &Names, alive: PlayerSet, rest: &str) -> Result<PlayerId, Reason> {
    let t = crate::night::name_reason(names, rest)?.player;
    if alive.contains(t) {
        Ok(t)
    } else {
        Err(Reason::Dead { target: t })
    }
}

/// The decisions still to ask once the winner check ran: when the game is
/// over, a Spotlight handover or a Polar Bear decision changes nothing and
/// is no longer asked (unless given); a GMO's revenge still can change who
/// wins (S8.1's buddies), so it stays.
pub(crate) fn settled(
    mut requests: Vec<DecisionRequest>,
    winners: &Option<Vec<crate::win::Winner>>,
) -> Vec<DecisionRequest> {
    if winners.is_some() {
        requests.retain(|d| d.given || d.kind == DecisionKind::Revenge);
    }
    requests
}

/// Runs the chains (S7.5): the primary eliminations first, in name order,
/// then each elimination's consequences in the order they were caused:
/// the buddy (S7.1), the GMO's revenge (S7.2), the Polar Bear's decision
/// (S7.3) and the Spotlight handover (S7.4). Decisions must name a player
/// alive when processed (S7.5); decision lines of players not eliminated in
/// this phase are rejected (S2.6).
pub(crate) fn run(start: ChainStart<'_>) -> ChainEnd {
    let setup = start.setup;
    let roster = &setup.roster;
    let mut end = ChainEnd {
        alive: start.alive,
        spotlight: start.spotlight,
        ..ChainEnd::default()
    };
    // Invisible characters copied from a forum or chat do not count (S2.3).
    let folded: BTreeMap<PlayerId, std::borrow::Cow<'_, str>> = start
        .decisions
        .iter()
        .map(|(p, t)| (*p, console_core::text::visible(t)))
        .collect();
    let mut texts = Texts {
        lines: folded
            .iter()
            .map(|(p, t)| {
                (
                    *p,
                    read_message(t).into_iter().map(|l| (l, false)).collect(),
                )
            })
            .collect(),
    };
    let mut primary = start.primary;
    sort_small(&mut primary, |(p, _)| roster.rank(*p));
    for (p, mut causes) in primary {
        sort_small(&mut causes, |c| *c);
        causes.dedup();
        end.alive.remove(p);
        end.eliminations.push(Elimination {
            player: p,
            causes,
            by: None,
        });
    }
    let mut i = 0;
    while i < end.eliminations.len() {
        let p = end.eliminations[i].player;
        i += 1;
        // S7.1: the other buddy.
        if let Some([a, b]) = start.buddies
            && (a == p || b == p)
        {
            let q = if a == p { b } else { a };
            if end.alive.contains(q) {
                match start.guard.stops(q, Cause::Buddy) {
                    Some(note) => end.notes.push(note),
                    None => {
                        end.alive.remove(q);
                        end.eliminations.push(Elimination {
                            player: q,
                            causes: vec![Cause::Buddy],
                            by: Some(p),
                        });
                    }
                }
            }
        }
        let card = setup.card(p);
        let alive_now = end.alive;
        // S7.2: the GMO's revenge.
        if card == Card::Gmo {
            let chosen = texts.decide(
                p,
                Kind::Revenge,
                |rest| living(&start.names, alive_now, rest),
                &mut end,
            );
            end.requests.push(DecisionRequest {
                player: p,
                kind: DecisionKind::Revenge,
                given: chosen.is_some(),
            });
            match chosen {
                Some((_, t)) => match start.guard.stops(t, Cause::Revenge) {
                    Some(note) => end.notes.push(note),
                    None => {
                        end.alive.remove(t);
                        end.eliminations.push(Elimination {
                            player: t,
                            causes: vec![Cause::Revenge],
                            by: Some(p),
                        });
                    }
                },
                None => end.notes.push(Note::NoRevenge { gmo: p }),
            }
        }
        let alive_now = end.alive;
        // S7.3: the Polar Bear's decision for the next day.
        if card == Card::PolarBear {
            let chosen = texts.decide(
                p,
                Kind::PolarBear,
                |rest| living(&start.names, alive_now, rest),
                &mut end,
            );
            end.requests.push(DecisionRequest {
                player: p,
                kind: DecisionKind::PolarBear,
                given: chosen.is_some(),
            });
            if let Some((verb, t)) = chosen {
                let decision = if verb == Verb::Sole {
                    PolarDecision::Sole(t)
                } else {
                    PolarDecision::Bar(t)
                };
                end.polar_bear = Some(decision);
                end.notes.push(Note::PolarBear { bear: p, decision });
            }
        }
        // S7.4: the Spotlight handover.
        if end.spotlight == Some(p) {
            let chosen = texts.decide(
                p,
                Kind::Spotlight,
                |rest| living(&start.names, alive_now, rest),
                &mut end,
            );
            end.requests.push(DecisionRequest {
                player: p,
                kind: DecisionKind::Spotlight,
                given: chosen.is_some(),
            });
            match chosen {
                Some((_, t)) => {
                    end.spotlight = Some(t);
                    end.notes.push(Note::SpotlightHanded { from: p, to: t });
                }
                None => {
                    end.spotlight = None;
                    end.notes.push(Note::SpotlightLapsed { from: p });
                }
            }
        }
        texts.reject_rest(p, &mut end, |verb| {
            if verb.is_decision() {
                Reason::NotYourDecision { verb }
            } else {
                Reason::NotADecision { verb }
            }
        });
    }
    // S7.4: a handover to a player not alive when the chain ends lapses.
    if let Some(h) = end.spotlight
        && !end.alive.contains(h)
    {
        end.spotlight = None;
        end.notes.push(Note::SpotlightLapsed { from: h });
    }
    // S2.6: decisions from players not eliminated in this phase.
    let players: Vec<PlayerId> = texts.lines.keys().copied().collect();
    for p in players {
        texts.reject_rest(p, &mut end, |_| Reason::NotEliminated);
    }
    end
}
