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
use crate::state::{Attributes, Living, Player, PlayerId, State, Team, TeamId};
use crate::step::{Entry, StepReport, apply};
use crate::vote::{DeadlockReport, VoteInput};
use console_core::names::{check_name, check_names};
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
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
        for player in self.quit {
            changes.push(Change::Quit { player });
        }
        if let Some(o) = self.options {
            changes.push(Change::Options(o));
        }
        Ok(Edit {
            note: String::new(),
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

/// A JSON object of these members (a later duplicate replaces an earlier
/// one). Built by inserting, not by collecting into a map: collecting sorts
/// with a copy of the sort per iterator type, which the web page pays for.
fn object(members: Vec<(String, Value)>) -> Value {
    let mut m = Map::new();
    for (k, v) in members {
        m.insert(k, v);
    }
    Value::Object(m)
}

fn counts(state: &State, c: &[(PlayerId, u32)]) -> Value {
    object(
        c.iter()
            .filter(|(_, n)| *n > 0)
            .map(|&(p, n)| (state.name(p).to_string(), json!(n)))
            .collect(),
    )
}

fn players_record(state: &State, f: impl Fn(&Living) -> Value) -> Value {
    object(
        state
            .alive()
            .map(|(p, l)| (state.name(p).to_string(), f(l)))
            .collect(),
    )
}

/// The record of one step (FORMAT.md "The record").
pub fn step_record(entry: &Entry, report: &StepReport, before: &State, after: &State) -> Value {
    let mut out = Map::new();
    out.insert("step".into(), json!(entry.kind()));
    out.insert(
        "rejected".into(),
        serde_json::to_value(report.rejected()).expect("rejections serialise"),
    );
    match report {
        StepReport::Competition(r) => {
            out.insert(
                "rolls".into(),
                object(
                    r.rolls
                        .iter()
                        .map(|c| {
                            (
                                c.name.clone(),
                                json!({"raw": c.roll.raw, "result": c.roll.result}),
                            )
                        })
                        .collect(),
                ),
            );
            out.insert(
                "results".into(),
                object(
                    r.rolls
                        .iter()
                        .map(|c| (c.name.clone(), json!(c.roll.result)))
                        .collect(),
                ),
            );
            out.insert(
                "team_scores".into(),
                match r.mode {
                    Mode::Team => object(
                        r.scores
                            .iter()
                            .map(|(t, s)| (t.clone(), json!(s.to_string())))
                            .collect(),
                    ),
                    Mode::Individual => Value::Null,
                },
            );
            out.insert("rerolls".into(), json!(r.rerolls.len()));
            out.insert("winner".into(), json!(r.winner));
            out.insert("immune".into(), json!(names(before, &r.immune)));
            out.insert("to_vote".into(), json!(r.lowest));
            out.insert(
                "players".into(),
                players_record(after, |l| json!({"rp": l.rp, "counters": l.counters})),
            );
        }
        StepReport::Camp(r) => {
            let teams: Vec<(String, Value)> =
                r.teams
                    .iter()
                    .map(|t| {
                        let gathered: Vec<(String, Value)> = t
                            .gathering
                            .iter()
                            .map(|g| (g.name.clone(), json!(g.roll.result)))
                            .collect();
                        let found = t.found.as_ref().map(
                            |(p, card)| json!({"player": before.name(*p), "card": card.name()}),
                        );
                        (
                            t.team.clone(),
                            json!({
                                "consumed": t.consumed,
                                "pool_before": t.pool_before,
                                "gathered": object(gathered),
                                "pool_after": t.pool_after,
                                "advantage_found": found,
                            }),
                        )
                    })
                    .collect();
            out.insert("teams".into(), object(teams));
            out.insert(
                "players".into(),
                players_record(
                    after,
                    |l| json!({"rp": l.rp, "counters": l.counters, "advantages": l.advantages}),
                ),
            );
        }
        StepReport::Conversation(r) => {
            let slots: Vec<Vec<[String; 2]>> = r
                .slots
                .iter()
                .map(|slot| {
                    slot.iter()
                        .map(|p| [before.name(p.a).to_string(), before.name(p.b).to_string()])
                        .collect()
                })
                .collect();
            out.insert("slots".into(), json!(slots));
        }
        StepReport::Vote(r) => {
            out.insert("immune".into(), json!(names(before, &r.immune)));
            out.insert("counts".into(), counts(before, &r.counts));
            out.insert(
                "revote".into(),
                r.revote
                    .as_ref()
                    .map_or(Value::Null, |rv| counts(before, &rv.counts)),
            );
            out.insert(
                "deadlock".into(),
                match &r.deadlock {
                    None => Value::Null,
                    Some(DeadlockReport::RollOff { first, .. }) => json!({
                        "rolls": object(first
                            .iter()
                            .map(|(p, roll)| (before.name(*p).to_string(), json!(roll.result)))
                            .collect())
                    }),
                    Some(DeadlockReport::Rocks { lot, .. }) => json!({"rocks": lot.chosen}),
                },
            );
            out.insert(
                "voted_out".into(),
                json!(r.voted_out.map(|p| before.name(p))),
            );
        }
        StepReport::Final(r) => {
            out.insert("counts".into(), counts(before, &r.counts));
            out.insert(
                "revote".into(),
                r.revote
                    .as_ref()
                    .map_or(Value::Null, |rv| counts(before, &rv.counts)),
            );
            out.insert("winner".into(), json!(before.name(r.winner)));
        }
        StepReport::Edit(_) => {
            out.insert(
                "players".into(),
                players_record(after, |l| {
                    json!({
                        "team": after.team_name(l.team),
                        "competition": l.attributes.competition,
                        "survival": l.attributes.survival,
                        "rp": l.rp,
                        "counters": l.counters,
                        "advantages": l.advantages,
                        "immune": l.immune,
                    })
                }),
            );
        }
    }
    Value::Object(out)
}

/// The end of the record: voted out, jury, game over, winner.
pub fn season_record(state: &State, steps: Vec<Value>) -> Value {
    let ordered = |v: Vec<PlayerId>| -> Vec<String> {
        v.into_iter().map(|p| state.name(p).to_string()).collect()
    };
    json!({
        "steps": steps,
        "voted_out": ordered(state.voted_out.clone()),
        "jury": ordered(state.jury()),
        "game_over": state.is_over(),
        "winner": state.winner.map(|p| state.name(p)),
    })
}

/// Plays a case (FORMAT.md): the record as JSON, or why the case is broken
/// (one line).
pub fn run_case(json: &str) -> Result<Value, String> {
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
        let e = entry(step, &state).map_err(at)?;
        let mut dice = Dice::new(&mut list);
        let (after, report) = apply(&state, &e, &mut dice).map_err(|err| at(err.to_string()))?;
        records.push(step_record(&e, &report, &state, &after));
        state = after;
    }
    Ok(season_record(&state, records))
}
