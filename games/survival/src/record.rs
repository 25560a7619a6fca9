//! The game record of `cases/FORMAT.md`: per phase, names instead of IDs,
//! lists sorted by name in byte order, members exactly as FORMAT.md shows
//! them. The case command prints it; save files store it per phase so a
//! loaded file can be checked against its inputs.

use crate::events::EventNote;
use crate::game::Game;
use crate::report::{PhaseReport, Place};
use crate::roster::{PlayerId, PlayerSet, Roster};
use crate::setup::Setup;
use crate::state::PolarDecision;
use crate::win::Winner;
use console_core::text::sort_small;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn is_false(b: &bool) -> bool {
    !*b
}

/// A rejected line: player and 1-based line; by day the 1-based post (and
/// `revote` for revote posts); decision lines marked `decision`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RejectedRecord {
    /// The sender or author.
    pub player: String,
    /// The post, by day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post: Option<u32>,
    /// The line.
    pub line: u32,
    /// A revote post.
    #[serde(default, skip_serializing_if = "is_false")]
    pub revote: bool,
    /// A decision line.
    #[serde(default, skip_serializing_if = "is_false")]
    pub decision: bool,
}

/// A line that looks like a vote but was not read as one (S5.3): author,
/// post, line and why (`quoted`, `struck`, `not_bold`,
/// `not_at_line_start`, `after_majority`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IgnoredRecord {
    /// The author.
    pub player: String,
    /// The post.
    pub post: u32,
    /// The line.
    pub line: u32,
    /// A revote post.
    #[serde(default, skip_serializing_if = "is_false")]
    pub revote: bool,
    /// Why.
    pub why: String,
}

/// A name read by a guess or a nickname (S2.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuessRecord {
    /// Who wrote it.
    pub player: String,
    /// The post, by day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post: Option<u32>,
    /// The line.
    pub line: u32,
    /// The name as written.
    pub written: String,
    /// The player it was read as.
    pub read_as: String,
    /// How: `nickname`, `prefix`, `part`, `initials`, `near_miss`.
    pub how: String,
}

/// The Scientist's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRecord {
    /// The checked player.
    pub target: String,
    /// `"Good"` or `"Evil"`.
    pub result: String,
}

/// The Green Activist's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WatchRecord {
    /// The living Evil Forces, sorted.
    pub evil: Vec<String>,
    /// Their kill target, or `null`.
    pub target: Option<String>,
}

/// A Polar Bear decision: `{"sole": NAME}` or `{"bar": NAME}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PolarRecord {
    /// Only this player votes.
    Sole(String),
    /// This player may not vote.
    Bar(String),
}

/// A night's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NightRecord {
    /// `"night N"`.
    pub phase: String,
    /// Rejected lines.
    pub rejected: Vec<RejectedRecord>,
    /// Player -> sorted causes.
    pub eliminated: BTreeMap<String, Vec<String>>,
    /// The Scientist's result.
    pub check: Option<CheckRecord>,
    /// The Green Activist's result.
    pub watch: Option<WatchRecord>,
    /// Buddies formed this night.
    pub buddies: Option<Vec<String>>,
    /// The player summoned for the coming day.
    pub nairobi: Option<String>,
    /// The Spotlight holder after the phase.
    pub spotlight: Option<String>,
    /// A Polar Bear decision made this phase.
    pub polar_bear: Option<PolarRecord>,
    /// Living players after the phase.
    pub alive: Vec<String>,
    /// Winners (`[]` while the game goes on).
    pub winners: Vec<String>,
    /// Names read by a guess or a nickname (second reading rules only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guesses: Option<Vec<GuessRecord>>,
    /// The moderator's events of the phase (S10), when it had any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventRecord>>,
}

/// A moderator's event as a record shows it (FORMAT.md `events`, S10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventRecord {
    /// `replace`, `remove`, `extend`, `refused` or `input_not_read`.
    pub event: String,
    /// `replace`: the new name; `remove`: the player removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// `replace`: the slot's former name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub old: Option<String>,
    /// `remove`: `inactivity`, `rule_break` or `quit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `remove`: the card, when `reveal_removed` shows it (S10.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// `extend`: seconds added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<i64>,
    /// `refused`: the 1-based event and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// `refused`: why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl EventRecord {
    fn of(setup: &Setup, n: &EventNote) -> EventRecord {
        let blank = |event: &str| EventRecord {
            event: event.to_string(),
            player: None,
            old: None,
            reason: None,
            card: None,
            by: None,
            index: None,
            why: None,
        };
        match n {
            EventNote::Replaced { old, new, .. } => EventRecord {
                player: Some(new.clone()),
                old: Some(old.clone()),
                ..blank("replace")
            },
            EventNote::Removed { player, reason, .. } => EventRecord {
                player: Some(setup.roster.name(*player).to_string()),
                reason: serde_json::to_value(reason)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from)),
                card: setup
                    .options
                    .reveal_removed
                    .then(|| setup.card(*player).to_string()),
                ..blank("remove")
            },
            EventNote::Extended { by, .. } => EventRecord {
                by: Some(*by),
                ..blank("extend")
            },
            EventNote::Refused { index, why } => EventRecord {
                index: Some(index + 1),
                why: Some(why.clone()),
                ..blank("refused")
            },
            EventNote::InputNotRead => blank("input_not_read"),
        }
    }
}

/// A page's split as a case record shows it (FORMAT.md `split`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitRecord {
    /// The layout's name (`phpbb`, `discord`, ...).
    pub layout: String,
    /// Posts read.
    pub posts: usize,
    /// Distinct players among the authors.
    pub players: usize,
    /// Authors who are no player, in page order.
    pub unknown: Vec<String>,
    /// Lines before the first post.
    pub orphans: usize,
    /// Quoted blocks set aside.
    pub quotes: usize,
    /// Signatures marked (S2.9).
    #[serde(default)]
    pub signatures: usize,
    /// The posts read from each page of the paste, in order (a footer
    /// ends a page, S2.9).
    #[serde(default)]
    pub pages: Vec<usize>,
}

/// A day's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DayRecord {
    /// `"day N"`.
    pub phase: String,
    /// Rejected lines.
    pub rejected: Vec<RejectedRecord>,
    /// The final count (candidates above 0).
    pub count: BTreeMap<String, u32>,
    /// The revote count, `{}` for a revote with no vote, `null` if none.
    pub revote: Option<BTreeMap<String, u32>>,
    /// `vote`, `tie`, `revote`, `lot` or `none`.
    pub outcome: String,
    /// Player -> sorted causes.
    pub eliminated: BTreeMap<String, Vec<String>>,
    /// The Spotlight holder after the phase.
    pub spotlight: Option<String>,
    /// A Polar Bear decision made this phase.
    pub polar_bear: Option<PolarRecord>,
    /// Living players after the phase.
    pub alive: Vec<String>,
    /// Winners (`[]` while the game goes on).
    pub winners: Vec<String>,
    /// Lines that look like votes but were not read as votes (second
    /// reading rules only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignored: Option<Vec<IgnoredRecord>>,
    /// Names read by a guess or a nickname (second reading rules only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guesses: Option<Vec<GuessRecord>>,
    /// How a pasted page was split into posts (FORMAT.md `split`), in case
    /// records of a day given as a page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<SplitRecord>,
    /// The moderator's events of the phase (S10), when it had any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventRecord>>,
}

/// The key of no elimination in a record's counts (S5.6): not a name S1.1
/// allows, so it never meets a player's.
pub const NO_ELIMINATION_KEY: &str = "(no elimination)";

/// One phase's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PhaseRecord {
    /// A night.
    Night(NightRecord),
    /// A day.
    Day(DayRecord),
}

/// The whole record (FORMAT.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Every phase played.
    pub phases: Vec<PhaseRecord>,
    /// Whether the game ended (S8).
    pub game_over: bool,
    /// The winners, `[]` while the game goes on.
    pub winners: Vec<String>,
}

fn names(roster: &Roster, set: PlayerSet) -> Vec<String> {
    roster.sorted_names(set)
}

fn winners(w: Option<&[Winner]>) -> Vec<String> {
    w.unwrap_or_default()
        .iter()
        .map(|w| w.to_string())
        .collect()
}

fn polar(roster: &Roster, d: Option<PolarDecision>) -> Option<PolarRecord> {
    d.map(|d| match d {
        PolarDecision::Sole(p) => PolarRecord::Sole(roster.name(p).to_string()),
        PolarDecision::Bar(p) => PolarRecord::Bar(roster.name(p).to_string()),
    })
}

fn counts(roster: &Roster, tally: &crate::count::Tally) -> BTreeMap<String, u32> {
    let mut m: BTreeMap<String, u32> = tally
        .counts()
        .map(|(p, n)| (roster.name(p).to_string(), n))
        .collect();
    if tally.no_elimination() > 0 {
        m.insert(NO_ELIMINATION_KEY.to_string(), tally.no_elimination());
    }
    m
}

fn post_line(place: Place) -> (Option<u32>, u32, bool) {
    match place {
        Place::Night { line } | Place::Decision { line } => (None, line, false),
        Place::Post { post, line } => (Some(post), line, false),
        Place::Revote { post, line } => (Some(post), line, true),
    }
}

impl PhaseRecord {
    /// The record of one phase of a game under `setup`: under the second
    /// reading rules (S2.8) with the ignored lines and the guesses.
    ///
    /// # Panics
    ///
    /// Never: a day record is only made from a day's report.
    pub fn of(setup: &Setup, report: &PhaseReport) -> PhaseRecord {
        let mut r = PhaseRecord::new(&setup.roster, report);
        if !report.events.is_empty() {
            let ev = Some(
                report
                    .events
                    .iter()
                    .map(|n| EventRecord::of(setup, n))
                    .collect(),
            );
            match &mut r {
                PhaseRecord::Night(n) => n.events = ev,
                PhaseRecord::Day(d) => d.events = ev,
            }
        }
        if !setup.options.second_reading() {
            return r;
        }
        let roster = &setup.roster;
        let name = |p: PlayerId| roster.name(p).to_string();
        let mut guesses: Vec<(usize, (u8, u32, u32), GuessRecord)> = report
            .guesses
            .iter()
            .map(|g| {
                let (post, line, _) = post_line(g.place);
                (
                    roster.rank(g.player),
                    g.place.sort_key(),
                    GuessRecord {
                        player: name(g.player),
                        post,
                        line,
                        written: g.written.clone(),
                        read_as: name(g.read_as),
                        how: g.how.name().to_string(),
                    },
                )
            })
            .collect();
        guesses.sort_by_key(|(r, k, _)| (*r, *k));
        let guesses = Some(guesses.into_iter().map(|(_, _, g)| g).collect());
        match &mut r {
            PhaseRecord::Night(n) => n.guesses = guesses,
            PhaseRecord::Day(d) => {
                let day = report.day().expect("a day");
                let mut ignored: Vec<(usize, (u8, u32, u32), IgnoredRecord)> = day
                    .ignored
                    .iter()
                    .map(|i| {
                        let (post, line, revote) = post_line(i.place);
                        (
                            roster.rank(i.player),
                            i.place.sort_key(),
                            IgnoredRecord {
                                player: name(i.player),
                                post: post.unwrap_or(0),
                                line,
                                revote,
                                why: i.why.name().to_string(),
                            },
                        )
                    })
                    .collect();
                ignored.sort_by_key(|(r, k, _)| (*r, *k));
                d.ignored = Some(ignored.into_iter().map(|(_, _, i)| i).collect());
                d.guesses = guesses;
            }
        }
        r
    }

    /// The record of one phase, without the second reading rules' members
    /// (see [`PhaseRecord::of`]).
    ///
    /// # Panics
    ///
    /// Never: a report that is not a night's is a day's.
    pub fn new(roster: &Roster, report: &PhaseReport) -> PhaseRecord {
        let name = |p: PlayerId| roster.name(p).to_string();
        let rejected = report
            .rejections
            .iter()
            .map(|r| {
                let (post, line, revote, decision) = match r.place {
                    Place::Night { line } => (None, line, false, false),
                    Place::Post { post, line } => (Some(post), line, false, false),
                    Place::Revote { post, line } => (Some(post), line, true, false),
                    Place::Decision { line } => (None, line, false, true),
                };
                RejectedRecord {
                    player: name(r.player),
                    post,
                    line,
                    revote,
                    decision,
                }
            })
            .collect();
        let eliminated = report
            .eliminations
            .iter()
            .map(|e| {
                let mut causes: Vec<String> =
                    e.causes.iter().map(|c| c.name().to_string()).collect();
                sort_small(&mut causes, |c| c.clone());
                (name(e.player), causes)
            })
            .collect();
        let spotlight = report.spotlight.map(name);
        let polar_bear = polar(roster, report.polar_bear);
        let alive = names(roster, report.alive);
        let win = winners(report.winners.as_deref());
        if let Some(n) = report.night() {
            PhaseRecord::Night(NightRecord {
                phase: report.phase.to_string(),
                rejected,
                eliminated,
                check: n.check.map(|c| CheckRecord {
                    target: name(c.target),
                    result: if c.evil { "Evil" } else { "Good" }.to_string(),
                }),
                watch: n.watch.as_ref().map(|w| WatchRecord {
                    evil: names(roster, w.evil.iter().copied().collect()),
                    target: w.target.map(name),
                }),
                buddies: n
                    .buddies
                    .map(|[a, b]| names(roster, [a, b].into_iter().collect())),
                nairobi: n.nairobi.map(name),
                spotlight,
                polar_bear,
                alive,
                winners: win,
                guesses: None,
                events: None,
            })
        } else {
            let d = report.day().expect("a day");
            PhaseRecord::Day(DayRecord {
                phase: report.phase.to_string(),
                rejected,
                count: counts(roster, &d.count),
                revote: d.revote.as_ref().map(|t| counts(roster, t)),
                outcome: d.outcome.name().to_string(),
                eliminated,
                spotlight,
                polar_bear,
                alive,
                winners: win,
                ignored: None,
                guesses: None,
                split: None,
                events: None,
            })
        }
    }
}

impl Record {
    /// The record of a game.
    pub fn of(game: &Game) -> Record {
        Record {
            // Each phase names the slots as they are after its events
            // (S10.1).
            phases: game
                .phases()
                .iter()
                .map(|p| PhaseRecord::of(&game.setup_of(&p.after), &p.report))
                .collect(),
            game_over: game.is_over(),
            winners: winners(game.state().winners()),
        }
    }
}
