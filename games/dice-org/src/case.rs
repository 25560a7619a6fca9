//! The case command's reader and record (`cases/FORMAT.md`): a starting
//! state, the dice, the steps, and the record the engine produces. A case
//! that breaks the format is refused with a one-line reason (the command
//! exits 2); a choice the rules refuse is listed in the step's `rejected`.

use crate::advantage::Advantage;
use crate::camp::CampInput;
use crate::competition::{CompetitionInput, Mode};
use crate::conversation::ConversationInput;
use crate::dice::{Dice, DiceList};
use crate::edit::{Change, Edit, MAX_PLAYERS, MAX_TEAMS, PlayerChange};
use crate::final_vote::FinalInput;
use crate::options::{Options, OptionsPatch};
use crate::report::Rejection;
use crate::state::{Attributes, Living, Player, PlayerId, State, Team, TeamId};
use crate::step::{Entry, StepReport, apply};
use crate::vote::{DeadlockReport, RevoteInput, VoteInput};
use console_core::events::{Extension, RemovalReason};
use console_core::format::Deadline;
use console_core::names::{check_name, check_names};
use console_core::text::map_of;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;

/// The most players a case may list as voted out (the roster holds at most
/// 65,535 players).
pub const MAX_VOTED_OUT: usize = 1000;

/// A player as a case gives them (FORMAT.md).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CasePlayer {
    /// Team name.
    pub team: String,
    /// Competition attribute.
    pub competition: u8,
    /// Survival attribute.
    pub survival: u8,
    /// RP (default 0).
    #[serde(default)]
    pub rp: u32,
    /// Depletion counters (default 0).
    #[serde(default)]
    pub counters: u32,
    /// Advantages held (default none).
    #[serde(default)]
    pub advantages: Vec<Advantage>,
    /// Immune (default false).
    #[serde(default)]
    pub immune: bool,
}

/// A case file as written, `_` members removed.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    game: String,
    #[allow(dead_code)]
    id: String,
    #[allow(dead_code)]
    rule: String,
    #[allow(dead_code)]
    title: String,
    #[serde(default)]
    options: Options,
    teams: Vec<String>,
    players: BTreeMap<String, CasePlayer>,
    #[serde(default)]
    pools: BTreeMap<String, u32>,
    #[serde(default)]
    camp_advantages: BTreeMap<String, Vec<Advantage>>,
    #[serde(default)]
    voted_out: Vec<String>,
    #[serde(default)]
    dice: Vec<i64>,
    steps: Vec<Map<String, Value>>,
    #[serde(default)]
    #[allow(dead_code)]
    expect: IgnoredAny,
}

/// The keys of a JSON object in the order written.
struct OrderedKeys(Vec<String>);

impl<'de> Deserialize<'de> for OrderedKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OrderedKeys, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = OrderedKeys;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<OrderedKeys, A::Error> {
                let mut keys = Vec::new();
                while let Some((k, IgnoredAny)) = m.next_entry::<String, IgnoredAny>()? {
                    keys.push(k);
                }
                Ok(OrderedKeys(keys))
            }
        }
        d.deserialize_map(V)
    }
}

/// Only the roster order of the players.
#[derive(Deserialize)]
struct RosterOrder {
    players: OrderedKeys,
}

/// A D9 edit as a case writes it: the top-level members.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct CaseEdit {
    options: Option<OptionsPatch>,
    teams: Option<Value>,
    players: BTreeMap<String, CasePlayerPatch>,
    pools: BTreeMap<String, u32>,
    camp_advantages: BTreeMap<String, Vec<Advantage>>,
    quit: Vec<String>,
    /// Replacements (D9.4): old name -> new name.
    replace: BTreeMap<String, String>,
    /// Removals by the producers (D9.5): player -> reason.
    remove: BTreeMap<String, RemovalReason>,
    /// The phase's deadline (D9.6), UNIX seconds.
    deadline: Option<Deadline>,
    /// Extensions of the deadline (D9.6), applied in order after it.
    extend: Vec<Extension>,
    /// The producers' note (D9.2): kept with the edit, changes no ruling.
    note: String,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct CasePlayerPatch {
    team: Option<String>,
    competition: Option<u8>,
    survival: Option<u8>,
    rp: Option<u32>,
    counters: Option<u32>,
    advantages: Option<Vec<Advantage>>,
    immune: Option<bool>,
}

/// Removes every member whose name starts with `_` (comments), at any depth.
fn strip_comments(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.retain(|k, _| !k.starts_with('_'));
            m.values_mut().for_each(strip_comments);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_comments),
        _ => {}
    }
}

fn from_value<T: for<'de> Deserialize<'de>>(v: Value, what: &str) -> Result<T, String> {
    serde_json::from_value(v).map_err(|e| format!("{what}: {e}"))
}

impl CaseEdit {
    fn into_edit(self, state: &State) -> Result<Edit, String> {
        let mut changes = Vec::new();
        match self.teams {
            None => {}
            Some(Value::Array(names)) => {
                for n in names {
                    let Value::String(n) = n else {
                        return Err(format!("edit teams: {n} is not a team name"));
                    };
                    if state.find_team(&n).is_none() {
                        changes.push(Change::AddTeam { name: n });
                    }
                }
            }
            Some(Value::Object(m)) => {
                if let Some(name) = m.get("merge") {
                    let (Value::String(name), 1) = (name, m.len()) else {
                        return Err("edit teams: {\"merge\": NAME} takes one team name".into());
                    };
                    changes.push(Change::Merge { name: name.clone() });
                } else {
                    for (from, to) in m {
                        let Value::String(to) = to else {
                            return Err(format!("edit teams: rename {from:?} to a name, not {to}"));
                        };
                        changes.push(Change::RenameTeam { from, to });
                    }
                }
            }
            Some(other) => {
                return Err(format!(
                    "edit teams: {other} is not a merge, renames or a list"
                ));
            }
        }
        for (name, p) in self.players {
            changes.push(Change::Player(PlayerChange {
                name,
                team: p.team,
                competition: p.competition,
                survival: p.survival,
                rp: p.rp,
                counters: p.counters,
                advantages: p.advantages,
                immune: p.immune,
            }));
        }
        for (team, pool) in self.pools {
            changes.push(Change::Pool { team, pool });
        }
        for (team, cards) in self.camp_advantages {
            changes.push(Change::CampAdvantages { team, cards });
        }
        for (old, new) in self.replace {
            changes.push(Change::Replace { old, new });
        }
        for player in self.quit {
            changes.push(Change::Quit {
                player,
                reason: None,
            });
        }
        for (player, reason) in self.remove {
            changes.push(Change::Quit {
                player,
                reason: Some(reason),
            });
        }
        if let Some(at) = self.deadline {
            changes.push(Change::Deadline { at });
        }
        changes.extend(self.extend.into_iter().map(Change::Extend));
        if let Some(o) = self.options {
            changes.push(Change::Options(o));
        }
        Ok(Edit {
            note: self.note,
            changes,
        })
    }
}

/// The state a case starts from.
fn start(case: &CaseFile, order: &[String]) -> Result<State, String> {
    if case.game != "dice-org" {
        return Err(format!("game {:?} is not \"dice-org\"", case.game));
    }
    if case.teams.is_empty() || case.teams.len() > MAX_TEAMS {
        return Err(format!(
            "1 to {MAX_TEAMS} teams (D1.1), not {}",
            case.teams.len()
        ));
    }
    check_names(&case.teams).map_err(|e| format!("teams: {e}"))?;
    if order.len() != case.players.len() {
        return Err("a player is listed twice".into());
    }
    if case.players.is_empty() || case.players.len() > MAX_PLAYERS {
        return Err(format!(
            "1 to {MAX_PLAYERS} living players (D1.1), not {}",
            case.players.len()
        ));
    }
    if case.voted_out.len() > MAX_VOTED_OUT {
        return Err(format!("at most {MAX_VOTED_OUT} players voted out"));
    }
    let all: Vec<&String> = order.iter().chain(&case.voted_out).collect();
    check_names(&all).map_err(|e| format!("players: {e}"))?;
    let team = |n: &str, what: &str| {
        case.teams
            .iter()
            .position(|t| t == n)
            .map(|i| TeamId(i as u8))
            .ok_or_else(|| format!("{what}: unknown team {n:?}"))
    };
    let mut players = Vec::new();
    for name in order {
        let p = &case.players[name];
        players.push(Player {
            name: name.clone(),
            living: Some(Living {
                team: team(&p.team, &format!("player {name}"))?,
                attributes: Attributes {
                    competition: p.competition,
                    survival: p.survival,
                },
                rp: p.rp,
                counters: p.counters,
                advantages: p.advantages.clone(),
                immune: p.immune,
            }),
        });
    }
    for name in &case.voted_out {
        check_name(name).map_err(|e| format!("voted_out: {e}"))?;
        players.push(Player {
            name: name.clone(),
            living: None,
        });
    }
    let mut teams: Vec<Team> = case
        .teams
        .iter()
        .map(|name| Team {
            name: name.clone(),
            pool: 0,
            camp: Vec::new(),
        })
        .collect();
    for (i, t) in teams.iter_mut().enumerate() {
        let members = case
            .players
            .values()
            .filter(|p| p.team == case.teams[i])
            .count() as u32;
        t.pool = 7 * members;
    }
    for (name, &pool) in &case.pools {
        teams[team(name, "pools")?.index()].pool = pool;
    }
    for (name, cards) in &case.camp_advantages {
        teams[team(name, "camp_advantages")?.index()].camp = cards.clone();
    }
    let mut state = State::new(case.options, teams, players);
    state.voted_out = (order.len()..order.len() + case.voted_out.len())
        .map(|i| PlayerId(i as u16))
        .collect();
    Ok(state)
}

/// Reads one step (an object with one member naming the step).
fn entry(step: Map<String, Value>, state: &State) -> Result<Entry, String> {
    let mut it = step.into_iter();
    let (Some((kind, body)), None) = (it.next(), it.next()) else {
        return Err("a step is an object with exactly one member".into());
    };
    Ok(match kind.as_str() {
        "competition" => Entry::Competition(from_value::<CompetitionInput>(body, "competition")?),
        "camp" => Entry::Camp(from_value::<CampInput>(body, "camp")?),
        "conversation" => {
            Entry::Conversation(from_value::<ConversationInput>(body, "conversation")?)
        }
        "vote" => Entry::Vote(from_value::<VoteInput>(body, "vote")?),
        "revote" => Entry::Revote(from_value::<RevoteInput>(body, "revote")?),
        "final" => Entry::Final(from_value::<FinalInput>(body, "final")?),
        "edit" => Entry::Edit(from_value::<CaseEdit>(body, "edit")?.into_edit(state)?),
        other => return Err(format!("unknown step {other:?}")),
    })
}

fn names(state: &State, ps: &[PlayerId]) -> Vec<String> {
    let mut v: Vec<String> = ps.iter().map(|&p| state.name(p).to_string()).collect();
    crate::order::sort(&mut v);
    v
}

/// Candidate to counted votes, candidates with at least one.
fn counts(state: &State, c: &[(PlayerId, u32)]) -> BTreeMap<String, u32> {
    map_of(
        c.iter()
            .filter(|(_, n)| *n > 0)
            .map(|&(p, n)| (state.name(p).to_string(), n)),
    )
}

/// Every living player of `state` and what `f` records of them.
fn players_record<V>(state: &State, f: impl Fn(&Living) -> V) -> BTreeMap<String, V> {
    map_of(
        state
            .alive()
            .map(|(p, l)| (state.name(p).to_string(), f(l))),
    )
}

/// The first roll of a competitor: raw and result (D4.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RollRecord {
    /// The dice's sum.
    pub raw: u32,
    /// The result after penalties, cap and boosts.
    pub result: u32,
}

/// A player's RP and depletion counters after a competition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountersRecord {
    /// RP.
    pub rp: u32,
    /// Depletion counters.
    pub counters: u32,
}

/// A player's RP, counters and advantages after camp.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HoldingsRecord {
    /// RP.
    pub rp: u32,
    /// Depletion counters.
    pub counters: u32,
    /// Advantages held.
    pub advantages: Vec<Advantage>,
}

/// A living player after a production edit: everything D9 can change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerRecord {
    /// Team name.
    pub team: String,
    /// Competition attribute.
    pub competition: u8,
    /// Survival attribute.
    pub survival: u8,
    /// RP.
    pub rp: u32,
    /// Depletion counters.
    pub counters: u32,
    /// Advantages held.
    pub advantages: Vec<Advantage>,
    /// Immune.
    pub immune: bool,
}

/// An advantage found at camp (D5.4): who and which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoundRecord {
    /// The finder.
    pub player: String,
    /// The card's name.
    pub card: String,
}

/// One team's camp (D5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CampTeamRecord {
    /// Whether the team ate from its pool (D5.1).
    pub consumed: bool,
    /// The pool before consumption.
    pub pool_before: u32,
    /// Player to gathering result.
    pub gathered: BTreeMap<String, u32>,
    /// The pool after gathering.
    pub pool_after: u32,
    /// The advantage found, if any.
    pub advantage_found: Option<FoundRecord>,
}

/// How a vote's deadlock was settled (D7.5): `{"rolls": {NAME: result}}`
/// of the first roll-off, or `{"rocks": NAME}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeadlockRecord {
    /// The first roll-off: player to result.
    Rolls(BTreeMap<String, u32>),
    /// Rocks: the one who drew the rock.
    Rocks(String),
}

impl DeadlockRecord {
    /// The record of a deadlock settled in `before` (D7.5).
    fn of(before: &State, d: &DeadlockReport) -> DeadlockRecord {
        match d {
            DeadlockReport::RollOff { first, .. } => DeadlockRecord::Rolls(map_of(
                first
                    .iter()
                    .map(|(p, roll)| (before.name(*p).to_string(), roll.result)),
            )),
            DeadlockReport::Rocks { lot, .. } => DeadlockRecord::Rocks(lot.chosen.clone()),
        }
    }
}

/// The record of one step (FORMAT.md "The record"): `step` names its
/// kind, `rejected` lists the refused choices (sorted by player), then the
/// members of its kind. Player lists are sorted by name (byte order)
/// unless the rules give an order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "lowercase")]
pub enum StepRecord {
    /// A competition (D4).
    Competition {
        /// Refused choices.
        rejected: Vec<Rejection>,
        /// Raw and result of each player's first roll.
        rolls: BTreeMap<String, RollRecord>,
        /// Each player's result.
        results: BTreeMap<String, u32>,
        /// Exact team scores (`"7"`, `"31/4"`); `None` in an individual
        /// competition.
        team_scores: Option<BTreeMap<String, String>>,
        /// Re-roll rounds.
        rerolls: usize,
        /// The winning team or player.
        winner: String,
        /// The immune players.
        immune: Vec<String>,
        /// The team to vote, `None` with one team.
        to_vote: Option<String>,
        /// RP and counters after.
        players: BTreeMap<String, CountersRecord>,
    },
    /// Camp (D5).
    Camp {
        /// Refused choices.
        rejected: Vec<Rejection>,
        /// Each team's camp.
        teams: BTreeMap<String, CampTeamRecord>,
        /// RP, counters and advantages after.
        players: BTreeMap<String, HoldingsRecord>,
    },
    /// Conversations (D6).
    Conversation {
        /// Refused choices.
        rejected: Vec<Rejection>,
        /// The slots, each a list of pairs `[A, B]` with `A < B`, in the
        /// order taken.
        slots: Vec<Vec<[String; 2]>>,
    },
    /// A vote (D7).
    Vote {
        /// Refused choices.
        rejected: Vec<Rejection>,
        /// The voters who are immune.
        immune: Vec<String>,
        /// Candidate to counted votes (at least one).
        counts: BTreeMap<String, u32>,
        /// The revote's counts, `None` when none was held.
        revote: Option<BTreeMap<String, u32>>,
        /// How a deadlock was settled.
        deadlock: Option<DeadlockRecord>,
        /// Who is voted out.
        voted_out: Option<String>,
        /// When the first count tied and the revote is a step of its own
        /// (D7.5): the tied, its candidates. Left out otherwise (so older
        /// records hash the same).
        #[serde(skip_serializing_if = "Option::is_none")]
        revote_due: Option<Vec<String>>,
    },
    /// The revote as a step of its own (D7.5).
    Revote {
        /// Refused revotes.
        rejected: Vec<Rejection>,
        /// The revote's counts (candidates with at least one vote).
        revote: BTreeMap<String, u32>,
        /// How a deadlock was settled.
        deadlock: Option<DeadlockRecord>,
        /// Who is voted out.
        voted_out: Option<String>,
    },
    /// The final vote (D8.2).
    Final {
        /// Refused choices.
        rejected: Vec<Rejection>,
        /// Finalist to counted votes (at least one).
        counts: BTreeMap<String, u32>,
        /// The revote's counts, `None` when none was held.
        revote: Option<BTreeMap<String, u32>>,
        /// The winner.
        winner: String,
    },
    /// A production edit (D9).
    Edit {
        /// Always empty: an edit refuses nothing it applies.
        rejected: Vec<Rejection>,
        /// Every living player after.
        players: BTreeMap<String, PlayerRecord>,
        /// The deadline after the edit with its extensions (D9.6), UNIX
        /// seconds; left out when none is set (so older records hash the
        /// same).
        #[serde(skip_serializing_if = "Option::is_none")]
        deadline: Option<Deadline>,
    },
}

impl StepRecord {
    /// The record of one step (FORMAT.md "The record") from its report
    /// and the states before and after it.
    pub fn new(report: &StepReport, before: &State, after: &State) -> StepRecord {
        let rejected = report.rejected().to_vec();
        match report {
            StepReport::Competition(r) => StepRecord::Competition {
                rejected,
                rolls: map_of(r.rolls.iter().map(|c| {
                    (
                        c.name.clone(),
                        RollRecord {
                            raw: c.roll.raw,
                            result: c.roll.result,
                        },
                    )
                })),
                results: map_of(r.rolls.iter().map(|c| (c.name.clone(), c.roll.result))),
                team_scores: match r.mode {
                    Mode::Team => Some(map_of(
                        r.scores.iter().map(|(t, s)| (t.clone(), s.to_string())),
                    )),
                    Mode::Individual => None,
                },
                rerolls: r.rerolls.len(),
                winner: r.winner.clone(),
                immune: names(before, &r.immune),
                to_vote: r.lowest.clone(),
                players: players_record(after, |l| CountersRecord {
                    rp: l.rp,
                    counters: l.counters,
                }),
            },
            StepReport::Camp(r) => StepRecord::Camp {
                rejected,
                teams: map_of(r.teams.iter().map(|t| {
                    (
                        t.team.clone(),
                        CampTeamRecord {
                            consumed: t.consumed,
                            pool_before: t.pool_before,
                            gathered: map_of(
                                t.gathering.iter().map(|g| (g.name.clone(), g.roll.result)),
                            ),
                            pool_after: t.pool_after,
                            advantage_found: t.found.as_ref().map(|(p, card)| FoundRecord {
                                player: before.name(*p).to_string(),
                                card: card.name().to_string(),
                            }),
                        },
                    )
                })),
                players: players_record(after, |l| HoldingsRecord {
                    rp: l.rp,
                    counters: l.counters,
                    advantages: l.advantages.clone(),
                }),
            },
            StepReport::Conversation(r) => StepRecord::Conversation {
                rejected,
                slots: r
                    .slots
                    .iter()
                    .map(|slot| {
                        slot.iter()
                            .map(|p| [before.name(p.a).to_string(), before.name(p.b).to_string()])
                            .collect()
                    })
                    .collect(),
            },
            StepReport::Vote(r) => StepRecord::Vote {
                rejected,
                immune: names(before, &r.immune),
                counts: counts(before, &r.counts),
                revote: r.revote.as_ref().map(|rv| counts(before, &rv.counts)),
                deadlock: r.deadlock.as_ref().map(|d| DeadlockRecord::of(before, d)),
                voted_out: r.voted_out.map(|p| before.name(p).to_string()),
                revote_due: r.revote_due.then(|| names(before, &r.tied)),
            },
            StepReport::Revote(r) => StepRecord::Revote {
                rejected,
                revote: counts(before, &r.revote.counts),
                deadlock: r.deadlock.as_ref().map(|d| DeadlockRecord::of(before, d)),
                voted_out: r.voted_out.map(|p| before.name(p).to_string()),
            },
            StepReport::Final(r) => StepRecord::Final {
                rejected,
                counts: counts(before, &r.counts),
                revote: r.revote.as_ref().map(|rv| counts(before, &rv.counts)),
                winner: before.name(r.winner).to_string(),
            },
            StepReport::Edit(_) => StepRecord::Edit {
                rejected,
                deadline: after.deadline.current(),
                players: players_record(after, |l| PlayerRecord {
                    team: after.team_name(l.team).to_string(),
                    competition: l.attributes.competition,
                    survival: l.attributes.survival,
                    rp: l.rp,
                    counters: l.counters,
                    advantages: l.advantages.clone(),
                    immune: l.immune,
                }),
            },
        }
    }

    /// The record as compact JSON with every object's members in name
    /// order, as version 1 of the season file hashed it
    /// ([`crate::save::EntryCheck::record`]): through a JSON value, whose
    /// objects keep their members sorted, so the digest does not depend on
    /// the order of the members here.
    ///
    /// # Panics
    ///
    /// Never: the record is plain data (maps keyed by strings), which always
    /// converts to a JSON value.
    pub fn canonical_json(&self) -> String {
        serde_json::to_value(self)
            .expect("a step record serialises")
            .to_string()
    }
}

/// The case command's record (FORMAT.md "The record"): every step, then
/// who was voted out (in order), the jury (in order voted out), whether
/// the season is over and its winner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeasonRecord {
    /// Every step's record.
    pub steps: Vec<CaseStep>,
    /// Players voted out, in order.
    pub voted_out: Vec<String>,
    /// The jury, in order voted out (filled once three players remain).
    pub jury: Vec<String>,
    /// The season is over.
    pub game_over: bool,
    /// The winner once over.
    pub winner: Option<String>,
}

/// One step of a case's record: the step's record and, for a step given
/// as pasted text (FORMAT.md "A step as pasted text", D12), what the text
/// gave and every line's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaseStep {
    /// The step's record.
    #[serde(flatten)]
    pub record: StepRecord,
    /// What the text gave, for a text step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<TextOut>,
}

/// A text step's `text` member: one paste's record, or for a step given
/// as a list of pastes, each one's record in turn (D12.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TextOut {
    /// A step given as one paste.
    One(crate::case_text::TextRecord),
    /// A step given as several pastes.
    Each(Vec<crate::case_text::TextRecord>),
}

impl SeasonRecord {
    /// The end of the record (voted out, jury, game over, winner) after
    /// `steps`, in `state`.
    pub fn new(state: &State, steps: Vec<CaseStep>) -> SeasonRecord {
        let ordered = |v: Vec<PlayerId>| -> Vec<String> {
            v.into_iter().map(|p| state.name(p).to_string()).collect()
        };
        SeasonRecord {
            steps,
            voted_out: ordered(state.voted_out.clone()),
            jury: ordered(state.jury()),
            game_over: state.is_over(),
            winner: state.winner.map(|p| state.name(p).to_string()),
        }
    }
}

/// Plays a case (FORMAT.md): its record.
///
/// # Errors
/// Why the case is broken, in one line: not JSON, a member of the wrong
/// shape, an impossible start, an unknown step, or a step that cannot be
/// played.
pub fn run_case(json: &str) -> Result<SeasonRecord, String> {
    let mut value: Value = serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(top) = &mut value else {
        return Err("a case is a JSON object".into());
    };
    let expect = top.remove("expect");
    strip_comments(&mut value);
    if let (Value::Object(top), Some(e)) = (&mut value, expect) {
        top.insert("expect".into(), e);
    }
    let case: CaseFile = from_value(value, "case")?;
    let order: Vec<String> = serde_json::from_str::<RosterOrder>(json)
        .map_err(|e| format!("players: {e}"))?
        .players
        .0
        .into_iter()
        .filter(|k| !k.starts_with('_'))
        .collect();
    let mut state = start(&case, &order)?;
    let mut list = DiceList::new(&case.dice).map_err(|e| format!("dice: {e}"))?;
    let mut records = Vec::with_capacity(case.steps.len());
    for (i, step) in case.steps.into_iter().enumerate() {
        let at = |e: String| format!("step {}: {e}", i + 1);
        // A step whose body is text is the players' DMs (D12).
        let (e, text) = match (step.len(), step.iter().next()) {
            (1, Some((kind, Value::String(t)))) => {
                let (e, rec) = crate::case_text::text_step(kind, t, &state).map_err(at)?;
                (e, Some(TextOut::One(rec)))
            }
            (1, Some((kind, Value::Array(ts)))) if ts.iter().all(Value::is_string) => {
                let texts: Vec<&str> = ts.iter().filter_map(Value::as_str).collect();
                let (e, recs) = crate::case_text::text_steps(kind, &texts, &state).map_err(at)?;
                (e, Some(TextOut::Each(recs)))
            }
            _ => (entry(step, &state).map_err(at)?, None),
        };
        let mut dice = Dice::new(&mut list);
        let (after, report) = apply(&state, &e, &mut dice).map_err(|err| at(err.to_string()))?;
        records.push(CaseStep {
            record: StepRecord::new(&report, &state, &after),
            text,
        });
        state = after;
    }
    Ok(SeasonRecord::new(&state, records))
}
