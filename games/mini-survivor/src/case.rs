//! The rules-case format of `cases/FORMAT.md`: a starting position, the
//! players' raw submissions per round, and the game record the engine
//! produces for it.

use crate::end::final_result;
use crate::events::{EventNote, RoundEvent};
use crate::game::Game;
use crate::options::Options;
use crate::player::{PlayerId, Roster};
use crate::position::{Holdings, Place, Position, Setup, Survivor};
use crate::report::RoundReport;
use crate::save::GameFile;
use crate::survivor::SurvivorId;
use crate::tribe::{Grid, GridSize};
use console_core::events::{Event, RemovalReason};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A case file as written (FORMAT.md). Unknown members are ignored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Case {
    /// Case name, e.g. `VOTE-003`.
    #[serde(default)]
    pub id: String,
    /// The rule it pins, e.g. `R5.5`.
    #[serde(default)]
    pub rule: String,
    /// One line of intent.
    #[serde(default)]
    pub title: String,
    /// Rule options.
    #[serde(default)]
    pub options: Options,
    /// Grid size, default 3 x 4.
    #[serde(default = "default_grid")]
    pub grid: GridSize,
    /// Player names.
    pub players: Vec<String>,
    /// Tribe letter -> survivor ID -> controlling player.
    pub tribes: BTreeMap<String, BTreeMap<String, String>>,
    /// Tribes removed before round 1.
    #[serde(default)]
    pub removed: Vec<String>,
    /// Survivor ID -> player: outcasts at the start of round 1.
    #[serde(default)]
    pub outcasts: BTreeMap<String, String>,
    /// Idols held per player (default 1).
    #[serde(default)]
    pub idols: BTreeMap<String, u32>,
    /// Garnets per player (default 0).
    #[serde(default)]
    pub garnets: BTreeMap<String, u32>,
    /// Idols bought before, per player (default 0).
    #[serde(default)]
    pub purchases: BTreeMap<String, u32>,
    /// Seed of the game's generator (0 when the file gives none).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Per round: player name -> submission text.
    pub rounds: Vec<BTreeMap<String, String>>,
    /// Per round (same index as `rounds`): the moderator's events given
    /// with it (R10), in order. Missing rounds have none.
    #[serde(default)]
    pub events: Vec<Vec<RoundEvent>>,
    /// The expected record (a subset), not used by the engine.
    #[serde(default)]
    pub expect: serde_json::Value,
}

fn default_grid() -> GridSize {
    GridSize { rows: 3, cols: 4 }
}

/// A case that breaks the format; `Display` is a one-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError(pub String);

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CaseError {}

fn err<T>(msg: impl Into<String>) -> Result<T, CaseError> {
    Err(CaseError(msg.into()))
}

/// A case ready to play: setup, round-1 position and the rounds' submissions.
#[derive(Clone, Debug)]
pub struct PreparedCase {
    /// Players, grid, options, seed.
    pub setup: Setup,
    /// The position at the start of round 1.
    pub start: Position,
    /// Per round, (player, text) in roster order.
    pub rounds: Vec<Vec<(PlayerId, String)>>,
    /// Per round, the moderator's events (R10).
    pub events: Vec<Vec<RoundEvent>>,
}

impl Case {
    /// Parses a case from JSON text.
    ///
    /// # Errors
    ///
    /// A [`CaseError`] "not a valid case: ..." with serde's message (line and
    /// column) if the text is not JSON of the case format.
    pub fn from_json(text: &str) -> Result<Case, CaseError> {
        serde_json::from_str(text).map_err(|e| CaseError(format!("not a valid case: {e}")))
    }

    /// Checks the case against the format and builds its setup and position.
    ///
    /// # Errors
    ///
    /// A one-line [`CaseError`] for an invalid grid or roster, an unknown tribe
    /// or player, a survivor listed twice, an invalid survivor ID (not 1 to
    /// 9999), a survivor in a removed tribe, and the like: each names the
    /// member it comes from.
    pub fn prepare(&self) -> Result<PreparedCase, CaseError> {
        let grid = Grid::try_from(self.grid).map_err(|e| CaseError(e.to_string()))?;
        let players = Roster::new(&self.players).map_err(|e| CaseError(format!("players: {e}")))?;
        let setup = Setup::new(players, grid, self.options, self.seed.unwrap_or(0));
        let player = |name: &str, what: &str| -> Result<PlayerId, CaseError> {
            setup
                .players
                .find(name)
                .ok_or_else(|| CaseError(format!("{what}: unknown player {name:?}")))
        };
        let tribe = |letter: &str, what: &str| {
            let mut chars = letter.trim().chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => grid.tribe(c),
                _ => None,
            }
            .ok_or_else(|| {
                CaseError(format!(
                    "{what}: unknown tribe {letter:?} (the grid is {} x {}: A-{})",
                    grid.rows(),
                    grid.cols(),
                    grid.tribes().last().map_or('A', |t| t.letter())
                ))
            })
        };
        let survivor_id = |s: &str| -> Result<SurvivorId, CaseError> {
            s.trim()
                .parse::<u32>()
                .ok()
                .and_then(SurvivorId::new)
                .ok_or_else(|| CaseError(format!("{s:?} is not a survivor ID (1 to 9999)")))
        };
        let mut start = Position::empty(setup.players.len());
        for letter in &self.removed {
            start.remove_tribe(tribe(letter, "removed")?);
        }
        let mut add = |id: &str, owner: &str, place: Place, what: &str| -> Result<(), CaseError> {
            let id = survivor_id(id)?;
            let controller = player(owner, &format!("{what}, survivor {id}"))?;
            start
                .insert(Survivor {
                    id,
                    controller,
                    place,
                })
                .map_err(|e| CaseError(e.to_string()))
        };
        for (letter, members) in &self.tribes {
            let t = tribe(letter, "tribes")?;
            for (id, owner) in members {
                add(id, owner, Place::Tribe(t), &format!("tribe {t}"))?;
            }
        }
        for (id, owner) in &self.outcasts {
            add(id, owner, Place::Outcast, "outcasts")?;
        }
        for p in setup.players.ids() {
            let name = setup.players.name(p);
            let get = |m: &BTreeMap<String, u32>, d: u32| m.get(name).copied().unwrap_or(d);
            start.set_holdings(
                p,
                Holdings {
                    idols: get(&self.idols, 1),
                    garnets: get(&self.garnets, 0),
                    purchases: get(&self.purchases, 0),
                },
            );
        }
        for (what, map) in [
            ("idols", &self.idols),
            ("garnets", &self.garnets),
            ("purchases", &self.purchases),
        ] {
            if let Some(name) = map.keys().find(|n| setup.players.find(n).is_none()) {
                return err(format!("{what}: unknown player {name:?}"));
            }
        }
        let start = start.start(&setup).map_err(|e| CaseError(e.to_string()))?;
        let mut rounds = Vec::with_capacity(self.rounds.len());
        // Names as the events rename the slots (R10.1): a round's texts
        // may come from a current or a former name.
        let mut replaced = Vec::new();
        for (i, round) in self.rounds.iter().enumerate() {
            for e in self.events.get(i).into_iter().flatten() {
                if let Event::Replace(r) = &e.event {
                    // A refused replacement renames nothing (R10.6).
                    let _ = crate::events::replace(&setup, &mut replaced, r);
                }
            }
            let roster = crate::events::roster_after(&setup, &replaced);
            let mut subs = Vec::with_capacity(round.len());
            for (name, text) in round {
                let p = roster.find(name).ok_or_else(|| {
                    CaseError(format!("round {}: unknown player {name:?}", i + 1))
                })?;
                if subs.iter().any(|(q, _)| *q == p) {
                    return err(format!(
                        "round {}: two submissions for player {name:?}",
                        i + 1
                    ));
                }
                subs.push((p, text.clone()));
            }
            console_core::text::sort_small(&mut subs, |(p, _)| *p); // one per player
            rounds.push(subs);
        }
        if self.events.len() > self.rounds.len().max(1) {
            return err(format!(
                "events: {} rounds of events for {} rounds",
                self.events.len(),
                self.rounds.len()
            ));
        }
        Ok(PreparedCase {
            setup,
            start,
            rounds,
            events: self.events.clone(),
        })
    }
}

impl PreparedCase {
    /// Plays every round (rounds after the game's end are ignored) and
    /// returns the game.
    pub fn play(&self) -> Game {
        let mut game = Game::new(self.setup.clone(), self.start.clone());
        for (i, subs) in self.rounds.iter().enumerate() {
            for e in self.events.get(i).into_iter().flatten() {
                game.add_event(e.clone());
            }
            let borrowed = crate::adjudicate::borrow_submissions(subs);
            if game.play(&borrowed).is_none() {
                break;
            }
        }
        game
    }
}

impl Case {
    /// A new game starting from this case's position (a game already under
    /// way: `Origin::Position`), named `name`. The case's rounds are queued
    /// as the game's script: each becomes the drafts of the coming round,
    /// for the moderator to check and commit, and the round's events
    /// (R10) are queued with it (`script_events`). `seed` is used when the
    /// case gives none (a case's default seed, 0, would be known to
    /// everyone).
    ///
    /// # Errors
    ///
    /// As [`Case::prepare`].
    pub fn into_game(&self, name: &str, seed: u64) -> Result<(GameFile, Game), CaseError> {
        let prepared = self.prepare()?;
        let mut setup = crate::entry::position_setup(prepared.setup);
        setup.seed = self.seed.unwrap_or(seed);
        let game = Game::new(setup, prepared.start);
        let mut file = GameFile::of(name, &game);
        file.script = self.rounds.clone();
        file.script_events = self.events.clone();
        Ok((file, game))
    }

    /// A name for the game made from this case: `"VOTE-003: A tie ..."`,
    /// or `"Imported position"` when the case has neither id nor title.
    pub fn game_name(&self) -> String {
        match (self.id.trim(), self.title.trim()) {
            ("", "") => "Imported position".to_string(),
            (id, "") => id.to_string(),
            ("", title) => title.to_string(),
            (id, title) => format!("{id}: {title}"),
        }
    }
}

/// Whether a JSON text looks like a rules-case file rather than a game
/// file: an object with `players`, `tribes` and `rounds` and no `format`
/// member.
pub fn looks_like_case(json: &str) -> bool {
    #[derive(Deserialize)]
    struct Shape {
        format: Option<serde_json::Value>,
        players: Option<serde_json::Value>,
        tribes: Option<serde_json::Value>,
        rounds: Option<serde_json::Value>,
    }
    serde_json::from_str::<Shape>(json).is_ok_and(|s| {
        s.format.is_none() && s.players.is_some() && s.tribes.is_some() && s.rounds.is_some()
    })
}

/// A rejected line in the record: player name and 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RejectedLine {
    /// Player name.
    pub player: String,
    /// 1-based line number.
    pub line: u32,
}

/// One round of the record (FORMAT.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// Round number.
    pub round: u16,
    /// Rejected lines, by player name (byte order) then line.
    pub rejected: Vec<RejectedLine>,
    /// Eliminated in the Assassination segment.
    pub assassinated: Vec<SurvivorId>,
    /// Survivors an idol was played on.
    pub idols_played: Vec<SurvivorId>,
    /// Tribe letter -> survivor ID -> votes, for tribes that voted.
    pub votes: BTreeMap<String, BTreeMap<String, u32>>,
    /// Eliminated in the Voting segment.
    pub voted_out: Vec<SurvivorId>,
    /// Tribes removed this round.
    pub removed: Vec<String>,
    /// Outcasts at the end of the round.
    pub outcasts: Vec<SurvivorId>,
    /// Every existing tribe at the end of the round and its members.
    pub tribes: BTreeMap<String, Vec<SurvivorId>>,
    /// Living survivors at the end of the round.
    pub alive: usize,
    /// Survivors that left by a removal by the moderator (R10.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modkilled: Vec<SurvivorId>,
    /// What each of the moderator's events of the round did (R10).
    /// Written, never read back: a save file's events are its rounds'
    /// `events` (the input), and a stored record is compared without them
    /// (this keeps the page's file reader small).
    #[serde(default, skip_deserializing, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventRecord>,
    /// Whether a removal at the round's start ended the game, so the
    /// round was not played (R10.5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_played: bool,
}

impl RoundRecord {
    /// The record of one round from its report and the position after it.
    pub fn new(setup: &Setup, report: &RoundReport, after: &Position) -> RoundRecord {
        let mut idols: Vec<SurvivorId> = report.idols.iter().map(|i| i.survivor).collect();
        console_core::text::sort_small(&mut idols, |s| *s);
        RoundRecord {
            round: report.round,
            rejected: report
                .rejections
                .iter()
                .map(|r| RejectedLine {
                    player: setup.players.name(r.player).to_string(),
                    line: r.line,
                })
                .collect(),
            assassinated: report.assassinated.clone(),
            idols_played: idols,
            votes: console_core::text::map_of(report.tallies.iter().map(|t| {
                (
                    t.tribe.to_string(),
                    console_core::text::map_of(t.counts.iter().map(|(s, n)| (s.to_string(), *n))),
                )
            })),
            voted_out: report.voted_out.clone(),
            removed: report
                .removed_tribes()
                .iter()
                .map(|t| t.to_string())
                .collect(),
            outcasts: after.outcasts().collect(),
            tribes: console_core::text::map_of(
                after
                    .existing_tribes(setup.grid)
                    .map(|t| (t.to_string(), after.members(t).collect())),
            ),
            alive: after.alive(),
            modkilled: {
                let mut v: Vec<SurvivorId> = report.modkilled.iter().map(|m| m.0).collect();
                v.sort();
                v
            },
            events: report.events.iter().map(EventRecord::from).collect(),
            not_played: false,
        }
    }
}

/// What one event did, in the record (FORMAT.md): `event` (`replace`,
/// `remove`, `extend`, `refused`) and the members that kind has. A plain
/// struct (not a tagged enum): no buffering serializer code in the
/// browser build. Written only (see [`RoundRecord::events`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EventRecord {
    /// `replace`, `remove`, `extend` or `refused`.
    pub event: String,
    /// Replace: the new name; remove: the name when removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Replace: the old name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<String>,
    /// Remove: why (`inactivity`, `rule_break`, `quit`); extend: the
    /// moderator's reason (when given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Remove: the moderator's words (when given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Remove: at the start of which segment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<crate::position::Segment>,
    /// Remove: the living survivors when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub survivors: Option<Vec<SurvivorId>>,
    /// Remove: `true` when it ended the game (R10.5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_over: Option<bool>,
    /// Extend: seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<i64>,
    /// Refused: the event's 0-based place among the round's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
}

impl From<&EventNote> for EventRecord {
    /// The record of a note: the kind's members, an empty text left out.
    fn from(n: &EventNote) -> EventRecord {
        let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
        match n.clone() {
            EventNote::Replace { player, old, .. } => EventRecord {
                event: "replace".into(),
                player: Some(player),
                old: Some(old),
                ..EventRecord::default()
            },
            EventNote::Remove(r) => EventRecord {
                event: "remove".into(),
                player: Some(r.player),
                reason: Some(
                    match r.reason {
                        RemovalReason::Inactivity => "inactivity",
                        RemovalReason::RuleBreak => "rule_break",
                        RemovalReason::Quit => "quit",
                    }
                    .to_string(),
                ),
                note: text(&r.note),
                at: Some(r.at),
                survivors: Some(r.survivors),
                game_over: r.game_over.then_some(true),
                ..EventRecord::default()
            },
            EventNote::Extend { by, reason } => EventRecord {
                event: "extend".into(),
                by: Some(by),
                reason: text(&reason),
                ..EventRecord::default()
            },
            EventNote::Refused { index, .. } => EventRecord {
                event: "refused".into(),
                index: Some(index),
                ..EventRecord::default()
            },
        }
    }
}

/// The EC in the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CandidateRecord {
    /// The EC or the tied candidates (names).
    pub players: Vec<String>,
    /// Who decides a tie (names); empty without a tie.
    pub deciders: Vec<String>,
}

/// The game record printed by `adjudicate` (FORMAT.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Every round played.
    pub rounds: Vec<RoundRecord>,
    /// Whether R8.1 ended the game.
    pub game_over: bool,
    /// Only when the game is over: players with at least one Token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_of_life: Option<BTreeMap<String, u32>>,
    /// Once the R8.3 award has been fixed: players with at least one garnet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub garnets_awarded: Option<BTreeMap<String, u32>>,
    /// Only when the game is over: the EC, or `null` when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elimination_candidate: Option<Option<CandidateRecord>>,
}

impl Record {
    /// The record of a game.
    pub fn of(game: &Game) -> Record {
        let setup = game.setup();
        let names = |v: &[u32]| -> BTreeMap<String, u32> {
            setup
                .players
                .named_counts(v)
                .map(|(p, n)| (p.to_string(), n))
                .collect()
        };
        let position = game.position();
        let result = final_result(setup, position);
        let name_list = |ps: &[PlayerId]| {
            ps.iter()
                .map(|p| setup.players.name(*p).to_string())
                .collect()
        };
        let mut rounds: Vec<RoundRecord> = game
            .rounds()
            .iter()
            .map(|r| RoundRecord::new(&game.round_setup(r), &r.report, &r.after))
            .collect();
        if !game.pending_events().is_empty() {
            // R10.5: the round under way's events ended the game, or are
            // given for a round not played yet.
            let report = RoundReport {
                round: position.round(),
                events: game.pending_notes().to_vec(),
                modkilled: game
                    .pending_removed()
                    .iter()
                    .map(|s| (*s, crate::position::Segment::Assassination))
                    .collect(),
                game_over: position.is_game_over(),
                ..RoundReport::default()
            };
            let mut r = RoundRecord::new(setup, &report, position);
            r.not_played = true;
            rounds.push(r);
        }
        Record {
            rounds,
            game_over: position.is_game_over(),
            tokens_of_life: result.as_ref().map(|r| names(&r.tokens_of_life)),
            garnets_awarded: position.garnet_award().map(|a| names(&a.amounts)),
            elimination_candidate: result.map(|r| {
                r.elimination_candidate.map(|ec| CandidateRecord {
                    players: name_list(&ec.players),
                    deciders: name_list(&ec.deciders),
                })
            }),
        }
    }
}

/// Reads, checks and plays a case: its record, or the one-line reason it is broken.
///
/// # Errors
///
/// The [`CaseError`] of [`Case::from_json`] (not a case) or of
/// [`Case::prepare`] (a case that breaks the format).
pub fn run_case(json: &str) -> Result<Record, CaseError> {
    let case = Case::from_json(json)?;
    let prepared = case.prepare()?;
    Ok(Record::of(&prepared.play()))
}
