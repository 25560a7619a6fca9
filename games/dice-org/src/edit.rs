//! Production edits (D9): the producers may change anything at any time.
//! Every edit is an event in the season's log with the producer's note,
//! and can be undone (see [`crate::season::Season::undo`]). An edit applies
//! all its changes or none.

use crate::advantage::Advantage;
use crate::options::OptionsPatch;
use crate::report::StepError;
use crate::state::{Attributes, Living, Player, PlayerId, State, Team, TeamId};
use console_core::events::{Extension, PhaseDeadline, RemovalReason};
use console_core::format::Deadline;
use console_core::names::{check_name, key};
use serde::{Deserialize, Serialize};

/// The most teams (D1.1).
pub const MAX_TEAMS: usize = 4;
/// The most living players (D1.1).
pub const MAX_PLAYERS: usize = 40;

/// Changes to one player, field by field (`None` keeps the value). For a
/// name not in the season, adds a player: `team`, `competition` and
/// `survival` are then required.
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlayerChange {
    /// The player's name.
    pub name: String,
    /// Move to this team.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// Set Competition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub competition: Option<u8>,
    /// Set Survival.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub survival: Option<u8>,
    /// Set RP.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rp: Option<u32>,
    /// Set depletion counters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<u32>,
    /// Set the advantages held.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advantages: Option<Vec<Advantage>>,
    /// Grant (true) or remove (false) immunity.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub immune: Option<bool>,
}

/// One change (D9.1).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Change {
    /// Set a player's attributes, RP, counters, advantages, immunity or
    /// team; or add a player.
    Player(PlayerChange),
    /// Set a team's pool.
    Pool {
        /// The team.
        team: String,
        /// The new pool.
        pool: u32,
    },
    /// Set the advantages waiting at a team's camp (first found first).
    CampAdvantages {
        /// The team.
        team: String,
        /// The cards.
        cards: Vec<Advantage>,
    },
    /// Create a team (at most four, D1.1), with pool 0.
    AddTeam {
        /// Its name.
        name: String,
    },
    /// Rename a team.
    RenameTeam {
        /// The current name.
        from: String,
        /// The new name.
        to: String,
    },
    /// Merge all teams into one of this name: pools are added, waiting
    /// advantages joined in team order.
    Merge {
        /// The merged team's name.
        name: String,
    },
    /// A player leaves (D9.1, D9.5): a quit, or a removal by the producers
    /// (a modkill) with its reason; they join the jury pool like a
    /// voted-out player. Written `{"quit": {"player": NAME}}`, with
    /// `"reason": "inactivity" | "rule_break" | "quit"` for a removal.
    Quit {
        /// The player, by a name of the slot.
        player: String,
        /// Why (D9.5): `None` (or `quit`) when the player asked to leave;
        /// `inactivity` or `rule_break` for a removal by the producers.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<RemovalReason>,
    },
    /// Sets the deadline of the phase to play (D9.6), UNIX seconds (UTC);
    /// any extension of the deadline before is dropped.
    Deadline {
        /// The deadline.
        at: Deadline,
    },
    /// Extends the deadline of the phase to play (D9.6) by `by` seconds,
    /// with the producers' reason for the post.
    Extend(Extension),
    /// A replacement (D9.4): `new` takes over the living player `old`'s
    /// slot with everything in it; `old` still names the slot.
    Replace {
        /// The player replaced, by a name of the slot.
        old: String,
        /// The incoming player's name.
        new: String,
    },
    /// Change options.
    Options(OptionsPatch),
}

/// A production edit: the changes and the producer's note (D9.2).
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Edit {
    /// Why (shown in the log).
    pub note: String,
    /// The changes, applied in order.
    pub changes: Vec<Change>,
}

/// What an edit did, for the log.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct EditReport {
    /// The producer's note.
    pub note: String,
    /// One line per change, before and after (producers only: may name
    /// attributes and advantages).
    pub lines: Vec<String>,
}

fn team_id(s: &State, name: &str) -> Result<TeamId, StepError> {
    s.find_team(name)
        .ok_or_else(|| StepError::UnknownTeam(name.to_string()))
}

fn check_team_name(s: &State, name: &str, except: Option<TeamId>) -> Result<(), StepError> {
    check_name(name).map_err(|e| StepError::Invalid(format!("team name: {e}")))?;
    if let Some(i) = s
        .teams
        .iter()
        .enumerate()
        .position(|(i, t)| Some(TeamId(i as u8)) != except && key(&t.name) == key(name))
    {
        return Err(StepError::Invalid(format!(
            "there is already a team {:?}",
            s.teams[i].name
        )));
    }
    Ok(())
}

fn player_change(
    s: &mut State,
    c: &PlayerChange,
    lines: &mut Vec<String>,
) -> Result<(), StepError> {
    let Some(p) = s.find(&c.name) else {
        // A new player (D9.1 "add one").
        check_name(&c.name).map_err(|e| StepError::Invalid(format!("player name: {e}")))?;
        if s.players.iter().any(|q| key(&q.name) == key(&c.name)) {
            return Err(StepError::Invalid(format!(
                "{:?} is the name of another player ignoring case and spaces",
                c.name
            )));
        }
        if s.alive_count() >= MAX_PLAYERS {
            return Err(StepError::Invalid(format!(
                "a season has at most {MAX_PLAYERS} players (D1.1)"
            )));
        }
        let (Some(team), Some(competition), Some(survival)) = (&c.team, c.competition, c.survival)
        else {
            return Err(StepError::Invalid(format!(
                "adding {:?} needs a team, competition and survival",
                c.name
            )));
        };
        let team = team_id(s, team)?;
        if s.players.len() >= usize::from(u16::MAX) {
            return Err(StepError::Invalid("the roster is full".into()));
        }
        s.players.push(Player {
            name: c.name.clone(),
            living: Some(Living {
                team,
                attributes: Attributes {
                    competition,
                    survival,
                },
                rp: c.rp.unwrap_or(0),
                counters: c.counters.unwrap_or(0),
                advantages: c.advantages.clone().unwrap_or_default(),
                immune: c.immune.unwrap_or(false),
            }),
        });
        lines.push(format!(
            "{} joins {} with [{competition}, {survival}]",
            c.name,
            s.team_name(team)
        ));
        return Ok(());
    };
    let team = c.team.as_deref().map(|t| team_id(s, t)).transpose()?;
    let team_names: Vec<String> = s.teams.iter().map(|t| t.name.clone()).collect();
    let name = s.name(p).to_string();
    let Some(l) = s.living_mut(p) else {
        return Err(StepError::Invalid(format!("{name} is out of the game")));
    };
    if let Some(t) = team {
        lines.push(format!(
            "{name}: team {} -> {}",
            team_names[l.team.index()],
            team_names[t.index()]
        ));
        l.team = t;
    }
    if let Some(v) = c.competition {
        lines.push(format!(
            "{name}: Competition {} -> {v}",
            l.attributes.competition
        ));
        l.attributes.competition = v;
    }
    if let Some(v) = c.survival {
        lines.push(format!("{name}: Survival {} -> {v}", l.attributes.survival));
        l.attributes.survival = v;
    }
    if let Some(v) = c.rp {
        lines.push(format!("{name}: RP {} -> {v}", l.rp));
        l.rp = v;
    }
    if let Some(v) = c.counters {
        lines.push(format!("{name}: counters {} -> {v}", l.counters));
        l.counters = v;
    }
    if let Some(v) = &c.advantages {
        let show = |v: &[Advantage]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
            }
        };
        lines.push(format!(
            "{name}: advantages {} -> {}",
            show(&l.advantages),
            show(v)
        ));
        l.advantages = v.clone();
    }
    if let Some(v) = c.immune {
        lines.push(format!("{name}: immune {} -> {v}", l.immune));
        l.immune = v;
    }
    Ok(())
}

fn change(s: &mut State, c: &Change, lines: &mut Vec<String>) -> Result<(), StepError> {
    match c {
        Change::Player(pc) => player_change(s, pc, lines)?,
        Change::Pool { team, pool } => {
            let t = team_id(s, team)?;
            lines.push(format!(
                "{team}: pool {} -> {pool}",
                s.teams[t.index()].pool
            ));
            s.teams[t.index()].pool = *pool;
        }
        Change::CampAdvantages { team, cards } => {
            let t = team_id(s, team)?;
            lines.push(format!(
                "{team}: waiting at camp: {}",
                if cards.is_empty() {
                    "nothing".to_string()
                } else {
                    cards
                        .iter()
                        .map(|a| a.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ));
            s.teams[t.index()].camp = cards.clone();
        }
        Change::AddTeam { name } => {
            check_team_name(s, name, None)?;
            if s.teams.len() >= MAX_TEAMS {
                return Err(StepError::Invalid(format!(
                    "a season has at most {MAX_TEAMS} teams (D1.1)"
                )));
            }
            s.teams.push(Team {
                name: name.clone(),
                pool: 0,
                camp: Vec::new(),
            });
            lines.push(format!("new team {name}"));
        }
        Change::RenameTeam { from, to } => {
            let t = team_id(s, from)?;
            check_team_name(s, to, Some(t))?;
            s.teams[t.index()].name = to.clone();
            lines.push(format!("team {from} is now {to}"));
        }
        Change::Merge { name } => {
            check_name(name).map_err(|e| StepError::Invalid(format!("team name: {e}")))?;
            let merged = Team {
                name: name.clone(),
                pool: s.teams.iter().fold(0u32, |a, t| a.saturating_add(t.pool)),
                camp: s
                    .teams
                    .iter()
                    .flat_map(|t| t.camp.iter().cloned())
                    .collect(),
            };
            lines.push(format!(
                "teams {} merge into {name} (pool {})",
                s.teams
                    .iter()
                    .map(|t| t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                merged.pool
            ));
            s.teams = vec![merged];
            for pl in &mut s.players {
                if let Some(l) = pl.living.as_mut() {
                    l.team = TeamId(0);
                }
            }
            s.to_vote = None;
        }
        Change::Quit { player, reason } => {
            let p = s
                .find(player)
                .ok_or_else(|| StepError::UnknownPlayer(player.clone()))?;
            if s.living(p).is_none() {
                return Err(StepError::Invalid(format!(
                    "{player} is already out of the game"
                )));
            }
            s.remove(p);
            lines.push(match removal(*reason) {
                Some(r) => format!(
                    "{player} is removed by the producers for {} and joins the jury pool",
                    r.words()
                ),
                None => format!("{player} quits and joins the jury pool"),
            });
        }
        Change::Deadline { at } => {
            s.deadline = PhaseDeadline {
                set: Some(*at),
                extensions: Vec::new(),
            };
            lines.push(format!("deadline {}", console_core::format::utc(*at)));
        }
        Change::Extend(x) => {
            if s.deadline.set.is_none() {
                return Err(StepError::Invalid(
                    "no deadline is set: set one before extending it".into(),
                ));
            }
            s.deadline
                .extend(x.clone())
                .map_err(|e| StepError::Invalid(e.to_string()))?;
            lines.push(format!(
                "deadline extended by {} to {}",
                console_core::events::duration_text(x.by),
                s.deadline
                    .current()
                    .map(console_core::format::utc)
                    .unwrap_or_default()
            ));
        }
        Change::Replace { old, new } => {
            let p = s
                .find(old)
                .ok_or_else(|| StepError::UnknownPlayer(old.clone()))?;
            if s.living(p).is_none() {
                return Err(StepError::Invalid(format!(
                    "{old} is out of the game: only a living player is replaced"
                )));
            }
            let new = new.trim();
            check_name(new).map_err(|e| StepError::Invalid(format!("new name: {e}")))?;
            let taken = s.players.iter().any(|q| key(&q.name) == key(new))
                || s.former.iter().any(|(n, _)| key(n) == key(new));
            if taken {
                return Err(StepError::Invalid(format!(
                    "{new} is already a name in this season"
                )));
            }
            let was = std::mem::replace(&mut s.players[p.index()].name, new.to_string());
            lines.push(format!("{new} replaces {was} (the slot keeps everything)"));
            s.former.push((was, p));
        }
        Change::Options(patch) => {
            let before = s.options;
            s.options = patch.apply(s.options);
            lines.push(format!("options: {before} -> {}", s.options));
        }
    }
    Ok(())
}

/// The reason of a removal by the producers (D9.5): `None` for a quit
/// (the player asked to leave), else inactivity or a rule break.
pub fn removal(reason: Option<RemovalReason>) -> Option<RemovalReason> {
    reason.filter(|r| *r != RemovalReason::Quit)
}

/// Applies an edit (D9): every change in order, or none.
///
/// # Errors
///
/// [`StepError::UnknownPlayer`] or [`StepError::UnknownTeam`] for a name that
/// is not one, and [`StepError::Invalid`] for a bad or taken name, a team or
/// player limit (D1.1), a new player without team or attributes, or a change to
/// a player who is out; nothing is applied then.
pub fn edit(state: &State, e: &Edit) -> Result<(State, EditReport), StepError> {
    let mut s = state.clone();
    let mut lines = Vec::new();
    for c in &e.changes {
        change(&mut s, c, &mut lines)?;
    }
    Ok((
        s,
        EditReport {
            note: e.note.clone(),
            lines,
        },
    ))
}

/// The player IDs a change names, if any (for the UI's log filter).
pub fn named_player(state: &State, c: &Change) -> Option<PlayerId> {
    match c {
        Change::Player(pc) => state.find(&pc.name),
        Change::Quit { player, .. } => state.find(player),
        Change::Replace { old, new } => state.find(new).or_else(|| state.find(old)),
        _ => None,
    }
}
