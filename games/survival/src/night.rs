//! A night (S3, S4): reading each living player's private message against
//! the state at the start of the night (S2), then resolving every action
//! together (S4.1) in the order of S4.2.

use crate::card::Card;
use crate::chain::{self, ChainStart, Guard, settled};
use crate::line::{MessageLine, read_message};
use crate::options::Discovery;
use crate::pair::split_pair;
use crate::report::{
    Accepted, Cause, CheckResult, Detail, NameGuess, NightDetail, Note, PhaseReport, Place, Reason,
    Rejection, TeamChoice, Warning, WatchResult,
};
use crate::roster::{Names, PlayerId};
use crate::setup::Setup;
use crate::state::State;
use crate::verb::{Arity, Kind, Verb};
use crate::win;
use console_core::names::{How, MatchError};
use console_core::text::sort_small;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A night's input (S2.1): each player's private message as text, and the
/// decision texts of players eliminated this night (S7).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NightInput {
    /// Player -> private message.
    pub actions: BTreeMap<PlayerId, String>,
    /// Player -> decision text.
    pub decisions: BTreeMap<PlayerId, String>,
}

/// The verbs `p` may send this night (S3): none for a Memory or a card
/// without an action; the Engineer's used cards left out.
pub fn legal_verbs(setup: &Setup, state: &State, p: PlayerId) -> Vec<Verb> {
    if !state.is_alive(p) {
        return Vec::new();
    }
    let used = state.engineer_used();
    let mut verbs: Vec<Verb> = setup
        .card(p)
        .night_verbs(state.phase().number)
        .iter()
        .copied()
        .filter(|v| !(*v == Verb::Bomb && used.bomb || *v == Verb::Shield && used.shield))
        .collect();
    if verbs.contains(&Verb::Buddies) && state.buddies().is_some() {
        verbs.clear();
    }
    // The PPA with no one left to summon (S3.6).
    if verbs.contains(&Verb::Summon)
        && state
            .alive()
            .iter()
            .all(|q| q == p || state.summoned().contains(q))
    {
        verbs.clear();
    }
    verbs
}

/// Checks one line of `p`'s message against the state at the start of the
/// night (S2.4, S2.6, S3): the accepted action, or why it is rejected.
///
/// # Errors
///
/// The [`Reason`] the line is rejected for, as [`check_action_with`] gives it.
pub fn check_action(
    setup: &Setup,
    state: &State,
    p: PlayerId,
    line: &MessageLine<'_>,
) -> Result<Accepted, Reason> {
    check_action_with(setup, state, &setup.names(state.phase()), p, line)
}

/// The player a name in a line names (S2.3), or the rejection, with the
/// candidates the moderator may have meant.
///
/// # Errors
///
/// [`Reason::name`] of the [`MatchError`] if the text names no one player
/// (empty, too short, unknown or ambiguous), with the nearest candidates unless
/// the game uses the first reading rules.
pub fn name_reason(names: &Names, text: &str) -> Result<crate::roster::Read, Reason> {
    names.read(text).map_err(|e| {
        let candidates = match &e {
            MatchError::Ambiguous(_, v) if !names.is_first() => {
                v.iter().copied().map(PlayerId::from_index).collect()
            }
            _ if !names.is_first() => names.nearest(text),
            _ => Vec::new(),
        };
        Reason::name(e, candidates)
    })
}

/// [`check_action`] with the night's name reader (built once per night).
///
/// # Errors
///
/// The [`Reason`] the line is rejected for: [`Reason::Memory`] if `p` is a
/// Memory; [`Reason::NoNightAction`], [`Reason::Verb`], [`Reason::TooEarly`],
/// [`Reason::NightOneOnly`] or [`Reason::NotYourVerb`] if the verb is
/// unreadable or not one of `p`'s card this night; [`Reason::Used`] for a bomb
/// or shield already used; [`Reason::ExtraText`], [`Reason::NoName`] or a name
/// error if the targets cannot be read; and the target rules ([`Reason::Dead`],
/// [`Reason::EvilTarget`], [`Reason::SelfTarget`],
/// [`Reason::ProtectedLastNight`], [`Reason::SummonedBefore`],
/// [`Reason::BuddiesSame`], [`Reason::BuddiesFormed`]).
pub fn check_action_with(
    setup: &Setup,
    state: &State,
    names: &Names,
    p: PlayerId,
    line: &MessageLine<'_>,
) -> Result<Accepted, Reason> {
    if !state.is_alive(p) {
        return Err(Reason::Memory);
    }
    let card = setup.card(p);
    let night = state.phase().number;
    let verbs = card.night_verbs(night);
    let (verb, rest) = match &line.parsed {
        Ok(x) => *x,
        Err(_) if verbs.is_empty() => return Err(Reason::NoNightAction { card }),
        Err(e) => return Err(Reason::Verb { error: e.clone() }),
    };
    if !verbs.contains(&verb) {
        return Err(match (card, verb) {
            (Card::Engineer, Verb::Bomb | Verb::Shield) => Reason::TooEarly { verb },
            (Card::MotherNature, Verb::Buddies) => Reason::NightOneOnly,
            _ if verbs.is_empty() => Reason::NoNightAction { card },
            _ => Reason::NotYourVerb { verb, card },
        });
    }
    let used = state.engineer_used();
    if verb == Verb::Bomb && used.bomb || verb == Verb::Shield && used.shield {
        return Err(Reason::Used { verb });
    }
    let alive = state.alive();
    let place = Place::Night { line: line.number };
    let accepted = |targets: Vec<PlayerId>, guesses: Vec<NameGuess>| Accepted {
        player: p,
        place,
        verb,
        targets,
        guesses,
    };
    let guess = |written: &str, read: crate::roster::Read| -> Vec<NameGuess> {
        if read.how == How::Full || names.is_first() {
            Vec::new()
        } else {
            vec![NameGuess {
                player: p,
                place,
                written: written.to_string(),
                read_as: read.player,
                how: read.how,
            }]
        }
    };
    match verb.arity() {
        Arity::Zero if !rest.is_empty() => Err(Reason::ExtraText { verb }),
        Arity::Zero => Ok(accepted(Vec::new(), Vec::new())),
        Arity::Two => {
            if state.buddies().is_some() {
                return Err(Reason::BuddiesFormed);
            }
            let [a, b] = split_pair(names, rest)?;
            for t in [a, b] {
                if !alive.contains(t) {
                    return Err(Reason::Dead { target: t });
                }
            }
            if a == b {
                return Err(Reason::BuddiesSame { target: a });
            }
            Ok(accepted(vec![a, b], Vec::new()))
        }
        Arity::One => {
            if rest.is_empty() {
                return Err(Reason::NoName { verb });
            }
            let read = name_reason(names, rest)?;
            let t = read.player;
            let accepted = |targets| accepted(targets, guess(rest, read));
            if !alive.contains(t) {
                return Err(Reason::Dead { target: t });
            }
            match verb {
                Verb::Kill if setup.is_evil(t) => Err(Reason::EvilTarget { target: t }),
                Verb::Protect if state.last_protected() == Some(t) => {
                    Err(Reason::ProtectedLastNight { target: t })
                }
                Verb::Check | Verb::Bomb | Verb::Summon if t == p => {
                    Err(Reason::SelfTarget { verb })
                }
                Verb::Summon if state.summoned().contains(t) => {
                    Err(Reason::SummonedBefore { target: t })
                }
                _ => Ok(accepted(vec![t])),
            }
        }
    }
}

/// The lines that count after reading every message (S2.5): per player,
/// the last accepted line of each kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Orders {
    /// Accepted lines that count, by sender (roster order) then kind.
    pub accepted: Vec<Accepted>,
    /// Rejected lines.
    pub rejections: Vec<Rejection>,
    /// Replaced lines.
    pub warnings: Vec<Warning>,
}

impl Orders {
    /// The counting line of `p` of `kind`.
    pub fn get(&self, p: PlayerId, kind: Kind) -> Option<&Accepted> {
        self.accepted
            .iter()
            .find(|a| a.player == p && a.verb.kind() == kind)
    }

    /// Whether `p` has an accepted line.
    pub fn has_any(&self, p: PlayerId) -> bool {
        self.accepted.iter().any(|a| a.player == p)
    }
}

/// Reads every private message of the night (S2.2-S2.6).
pub fn read_orders(setup: &Setup, state: &State, actions: &BTreeMap<PlayerId, String>) -> Orders {
    let mut orders = Orders::default();
    let names = setup.names(state.phase());
    for (&p, text) in actions {
        let mut mine: Vec<Accepted> = Vec::new();
        // Invisible characters copied from a forum or chat do not count (S2.3).
        let text = console_core::text::visible(text);
        for line in read_message(&text) {
            match check_action_with(setup, state, &names, p, &line) {
                Ok(a) => {
                    let kind = a.verb.kind();
                    if let Some(prev) = mine.iter_mut().find(|m| m.verb.kind() == kind) {
                        orders.warnings.push(Warning::Replaced {
                            player: p,
                            kind,
                            earlier: prev.place,
                            later: a.place,
                        });
                        *prev = a;
                    } else {
                        mine.push(a);
                    }
                }
                Err(reason) => orders.rejections.push(Rejection {
                    player: p,
                    place: Place::Night { line: line.number },
                    text: line.text.to_string(),
                    reason,
                }),
            }
        }
        sort_small(&mut mine, |a| a.verb.kind());
        orders.accepted.extend(mine);
    }
    orders
}

/// The Evil Forces' joint choice of one kind (S3.1): the target named by
/// the most living Evil Forces; a tie between different targets is none.
fn team(setup: &Setup, orders: &Orders, kind: Kind) -> TeamChoice {
    let mut votes: BTreeMap<PlayerId, usize> = BTreeMap::new();
    for a in &orders.accepted {
        if a.verb.kind() == kind && setup.is_evil(a.player) {
            *votes.entry(a.targets[0]).or_default() += 1;
        }
    }
    let Some(max) = votes.values().copied().max() else {
        return TeamChoice::None;
    };
    let top: Vec<PlayerId> = votes
        .iter()
        .filter(|(_, n)| **n == max)
        .map(|(p, _)| *p)
        .collect();
    if top.len() == 1 {
        TeamChoice::Target(top[0])
    } else {
        TeamChoice::Tie(top)
    }
}

/// Plays a night (S3, S4): the report and the state after it.
///
/// `input`'s player IDs must belong to the setup's roster.
pub fn play_night(setup: &Setup, state: &State, input: &NightInput) -> (State, PhaseReport) {
    let phase = state.phase();
    debug_assert!(phase.is_night());
    let orders = read_orders(setup, state, &input.actions);
    let mut warnings = orders.warnings.clone();
    let mut notes = Vec::new();
    let kill = team(setup, &orders, Kind::Kill);
    let expose = team(setup, &orders, Kind::Expose);
    for (choice, kind) in [(&kill, Kind::Kill), (&expose, Kind::Expose)] {
        if let TeamChoice::Tie(targets) = choice {
            warnings.push(Warning::TeamTie {
                kind,
                targets: targets.clone(),
            });
        }
    }
    let single = |card: Card, kind: Kind| -> Option<&Accepted> {
        setup.holder(card).and_then(|h| orders.get(h, kind))
    };
    let protect = single(Card::ForestRanger, Kind::Protect).map(|a| a.targets[0]);
    let engineer = single(Card::Engineer, Kind::Engineer);
    let bomb = engineer
        .filter(|a| a.verb == Verb::Bomb)
        .map(|a| a.targets[0]);
    let shield = engineer
        .filter(|a| a.verb == Verb::Shield)
        .map(|a| a.targets[0]);
    let check = single(Card::Scientist, Kind::Check).map(|a| CheckResult {
        scientist: a.player,
        target: a.targets[0],
        evil: setup.is_evil(a.targets[0]),
    });
    let activist = single(Card::GreenActivist, Kind::Watch).map(|a| a.player);
    let summon = single(Card::Ppa, Kind::Summon).map(|a| a.targets[0]);
    // (1) Mother Nature's buddies.
    let formed = single(Card::MotherNature, Kind::Buddies).map(|a| {
        let (x, y) = (a.targets[0], a.targets[1]);
        if x < y { [x, y] } else { [y, x] }
    });
    let buddies = formed.or(state.buddies());
    // (2) protections and the shield are placed; (3) primary eliminations.
    let mut primary: BTreeMap<PlayerId, Vec<Cause>> = BTreeMap::new();
    if let Some(t) = kill.target() {
        if protect == Some(t) {
            notes.push(Note::Protected { player: t });
        } else if shield == Some(t) {
            notes.push(Note::Shielded {
                player: t,
                from: Cause::Kill,
            });
        } else {
            primary.entry(t).or_default().push(Cause::Kill);
        }
    }
    if let Some(b) = bomb {
        primary.entry(b).or_default().push(Cause::Bomb);
    }
    if let Some(t) = expose.target() {
        let discovered =
            activist == Some(t) && setup.options.green_activist_discovery == Discovery::Expose;
        if !discovered {
            notes.push(Note::ExposureNoEffect { player: t });
        } else if shield == Some(t) {
            notes.push(Note::Shielded {
                player: t,
                from: Cause::Discovered,
            });
        } else {
            primary.entry(t).or_default().push(Cause::Discovered);
        }
    }
    // (4) chains.
    let guard = shield.map_or(Guard::None, Guard::Shield);
    let end = chain::run(ChainStart {
        setup,
        names: setup.names(phase),
        alive: state.alive(),
        buddies,
        spotlight: state.spotlight(),
        decisions: &input.decisions,
        guard,
        primary: primary.into_iter().collect(),
    });
    notes.extend(end.notes);
    warnings.extend(end.warnings);
    // (5) results.
    let watch = activist.map(|a| WatchResult {
        activist: a,
        evil: setup
            .roster
            .sorted(state.alive())
            .into_iter()
            .filter(|p| setup.is_evil(*p))
            .collect(),
        target: kill.target(),
    });
    // (6) the summons.
    let nairobi = summon.filter(|s| end.alive.contains(*s));
    if let Some(s) = summon
        && nairobi.is_none()
    {
        notes.push(Note::SummonVoid { player: s });
    }
    // (7) the winner check.
    let winners = win::check(setup, end.alive, buddies);
    let mut summoned = state.summoned();
    if let Some(s) = summon {
        summoned.insert(s);
    }
    let mut engineer_used = state.engineer_used();
    engineer_used.bomb |= bomb.is_some();
    engineer_used.shield |= shield.is_some();
    let after = State {
        phase: phase.next(),
        alive: end.alive,
        buddies,
        spotlight: end.spotlight,
        nairobi,
        last_protected: protect,
        engineer_used,
        summoned,
        polar_bear: end.polar_bear.or(state.polar_bear()),
        winners: winners.clone(),
        replaced: state.replaced.clone(),
    };
    let mut rejections = orders.rejections.clone();
    rejections.extend(end.rejections);
    sort_rejections(setup, &mut rejections);
    let guesses: Vec<NameGuess> = orders
        .accepted
        .iter()
        .flat_map(|a| a.guesses.iter().cloned())
        .collect();
    let report = PhaseReport {
        phase,
        rejections,
        warnings,
        eliminations: end.eliminations,
        notes,
        decisions: settled(end.requests, &winners),
        detail: Detail::Night(NightDetail {
            accepted: orders.accepted,
            kill,
            expose,
            protect,
            shield,
            bomb,
            check,
            watch,
            buddies: formed,
            summon,
            nairobi,
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

/// Sorts rejections as the record lists them (FORMAT.md): by player name
/// (byte order), then post, then line, a player's decision lines last.
pub(crate) fn sort_rejections(setup: &Setup, rejections: &mut [Rejection]) {
    rejections.sort_by_key(|r| (setup.roster.rank(r.player), r.place.sort_key()));
}

/// The living players whose card has a night action this night and who
/// have no accepted line yet (the night-entry screen's "not sent yet").
pub fn missing(setup: &Setup, state: &State, orders: &Orders) -> Vec<PlayerId> {
    let mut out: Vec<PlayerId> = state
        .alive()
        .iter()
        .filter(|p| !legal_verbs(setup, state, *p).is_empty() && !orders.has_any(*p))
        .collect();
    sort_small(&mut out, |p| setup.roster.rank(*p));
    out
}
