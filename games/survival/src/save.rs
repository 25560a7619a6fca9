//! The game file: what the app saves and exports. Versioned JSON
//! (`"format": "survival-game", "version": 1`) holding the setup (seed as a
//! string, salt), every committed phase's raw inputs and its record, and
//! the unsent drafts. Written and read by serde's derives through
//! [`SaveFile`]: loading checks the envelope, deals again from the setup,
//! replays every phase (S1.6) and compares the stored records: a file
//! whose records disagree with its inputs is refused, not trusted.

use crate::day::{DayInput, Post};
use crate::game::{Game, PhaseInput};
use crate::night::NightInput;
use crate::record::PhaseRecord;
use crate::roster::{PlayerId, Roster};
use crate::setup::{DealSpec, Setup, deal};
use console_core::format::Format;
use console_core::save::{LoadError, SaveFile};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The `format` member of a game file.
pub const FORMAT: &str = "survival-game";
/// The current `version`.
pub const VERSION: u32 = 1;

/// One phase's input as stored: names instead of IDs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum InputFile {
    /// A night: player -> private message, player -> decision text.
    Night {
        /// Private messages.
        #[serde(default)]
        actions: BTreeMap<String, String>,
        /// Decision texts.
        #[serde(default)]
        decisions: BTreeMap<String, String>,
    },
    /// A day: posts as `[author, text]`, revote posts, decision texts.
    Day {
        /// The thread.
        #[serde(default)]
        posts: Vec<(String, String)>,
        /// The revote thread.
        #[serde(default)]
        revote: Vec<(String, String)>,
        /// Decision texts.
        #[serde(default)]
        decisions: BTreeMap<String, String>,
    },
}

/// One committed phase in a game file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseFile {
    /// The raw input.
    pub input: InputFile,
    /// The moderator's events given with the phase (S10), names as the
    /// moderator typed them; absent in files from before them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<console_core::events::Event>,
    /// The record the phase produced when committed ([`PhaseRecord`] as
    /// JSON). Kept as JSON and compared as JSON with the record the replay
    /// gives: a member changed, added or removed is caught, and the app
    /// that loads files carries no reader for records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<serde_json::Value>,
}

/// Unsent work the UI autosaves: per-player night texts, the bulk paste,
/// the thread and revote pastes, the next page of the thread not yet
/// added, the layout chosen for the thread, decision texts, the next
/// deadline, the moderator's post preferences (format, whether the
/// deal post names the deck, the wagons layout), the moderator's events
/// drafted for the phase to play and the prod threshold.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Drafts {
    /// Player name -> night message draft.
    pub night: BTreeMap<String, String>,
    /// The bulk paste box (private messages).
    pub bulk: String,
    /// The day thread paste.
    pub thread: String,
    /// The next page of the thread, pasted but not yet added to it
    /// (written only when not empty).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub page: String,
    /// The revote thread paste.
    pub revote: String,
    /// The page layout the moderator chose for the thread (S2.9); `None`
    /// (not written): the layout detected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<crate::thread::Layout>,
    /// Player name -> decision text draft.
    pub decisions: BTreeMap<String, String>,
    /// The next deadline, UNIX seconds.
    pub deadline: Option<i64>,
    /// Each commit's deadline as it was set, before the phase's extensions
    /// (S10.5): `INDEX:SECONDS ` (the phase's 0-based index, UNIX seconds;
    /// nothing after the colon: no deadline), one per commit in order,
    /// `"1:1795284000 3: "`; written only when there are some. A committed
    /// phase's extension post names the new deadline from the phase's last
    /// entry ([`phase_deadline`]). Text, not a list: the page only appends
    /// to it, with no reader or writer of its own.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub deadlines: String,
    /// The post format last chosen (S9.4).
    pub post_format: Format,
    /// Whether the deal post leaves out the deck in play (how many Evil
    /// Forces, which Special Forces; never who holds what).
    pub hide_deck: bool,
    /// The moderator's events drafted for the phase to play (S10), not
    /// yet committed with it (written only when there are some).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<console_core::events::Event>,
    /// The prod threshold the moderator chose (S10.8; absent: the
    /// default).
    #[serde(skip_serializing_if = "is_default_threshold")]
    pub prod: console_core::events::ProdThreshold,
    /// Whether the vote count post uses the "wagons" layout (S10.9;
    /// written only when chosen).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub wagons: bool,
}

/// The deadline phase `index` (0-based) was committed with, from the
/// last entry for it in a [`Drafts::deadlines`] text (a phase undone and
/// committed again has a later one), UNIX seconds; `None` when it had
/// none.
pub fn phase_deadline(text: &str, index: usize) -> Option<i64> {
    text.split_whitespace()
        .filter_map(|e| e.split_once(':'))
        .rfind(|(i, _)| i.parse() == Ok(index))
        .and_then(|(_, t)| t.parse().ok())
}

/// Undoes phase `index`'s commit in a [`Drafts::deadlines`] text: its
/// entry, the last (phases are undone last first), is taken out, so a
/// commit and its undo leave the text as it was; returns the deadline it
/// held ([`phase_deadline`]).
pub fn undo_phase_deadline(text: &mut String, index: usize) -> Option<i64> {
    let at = phase_deadline(text, index);
    let body = text.trim_end();
    let start = body.rfind(' ').map_or(0, |i| i + 1);
    if body[start..]
        .split_once(':')
        .is_some_and(|(i, _)| i.parse() == Ok(index))
    {
        text.truncate(start);
    }
    at
}

/// The [`Drafts::deadlines`] entry for a commit of phase `index` with
/// the deadline `at`: `"3:1795456800 "`, `"3: "` without one.
pub fn phase_deadline_entry(index: usize, at: Option<i64>) -> String {
    format!(
        "{index}:{} ",
        at.map(|at| at.to_string()).unwrap_or_default()
    )
}

fn is_default_threshold(t: &console_core::events::ProdThreshold) -> bool {
    *t == console_core::events::ProdThreshold::default()
}

/// A saved or exported game (version 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] when written.
    pub version: u32,
    /// The game's name, chosen by the moderator.
    #[serde(default)]
    pub name: String,
    /// The setup: players, edition, deck choice, Spotlight, options, seed
    /// and salt.
    pub setup: DealSpec,
    /// Every committed phase, oldest first.
    #[serde(default)]
    pub phases: Vec<PhaseFile>,
    /// Unsent work.
    #[serde(default)]
    pub drafts: Drafts,
    /// The deal commitment the deal post published (S1.6), as the file
    /// was written: on load, the setup must still give it. Absent in
    /// older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
}

impl InputFile {
    /// The stored form of an input.
    pub fn of(roster: &Roster, input: &PhaseInput) -> InputFile {
        let named = |m: &BTreeMap<PlayerId, String>| -> BTreeMap<String, String> {
            m.iter()
                .map(|(p, t)| (roster.name(*p).to_string(), t.clone()))
                .collect()
        };
        let posts = |v: &[Post]| -> Vec<(String, String)> {
            v.iter()
                .map(|p| (roster.name(p.author).to_string(), p.text.clone()))
                .collect()
        };
        match input {
            PhaseInput::Night(n) => InputFile::Night {
                actions: named(&n.actions),
                decisions: named(&n.decisions),
            },
            PhaseInput::Day(d) => InputFile::Day {
                posts: posts(&d.posts),
                revote: posts(&d.revote),
                decisions: named(&d.decisions),
            },
        }
    }

    /// The input with names resolved (full names, S1.1), or the first
    /// unknown name.
    ///
    /// # Errors
    ///
    /// The first name (an author, an actor or a decider) that is not a player's
    /// full name in `roster`.
    pub fn resolve<'s>(&'s self, roster: &Roster) -> Result<PhaseInput, String> {
        // Each distinct name is looked up once: a day's thread names the
        // same dozen authors thousands of times (a 1 MB page: 13,000 posts).
        let mut known = BTreeMap::<&'s str, PlayerId>::new();
        let mut find = |n: &'s str| -> Result<PlayerId, String> {
            if let Some(p) = known.get(n) {
                return Ok(*p);
            }
            let p = roster.find(n).ok_or_else(|| n.to_string())?;
            known.insert(n, p);
            Ok(p)
        };
        Ok(match self {
            InputFile::Night { actions, decisions } => PhaseInput::Night(NightInput {
                actions: resolve_map(actions, &mut find)?,
                decisions: resolve_map(decisions, &mut find)?,
            }),
            InputFile::Day {
                posts,
                revote,
                decisions,
            } => PhaseInput::Day(DayInput {
                posts: resolve_posts(posts, &mut find)?,
                revote: resolve_posts(revote, &mut find)?,
                decisions: resolve_map(decisions, &mut find)?,
            }),
        })
    }
}

/// `m` keyed by player (`InputFile::resolve`).
fn resolve_map<'a>(
    m: &'a BTreeMap<String, String>,
    find: &mut impl FnMut(&'a str) -> Result<PlayerId, String>,
) -> Result<BTreeMap<PlayerId, String>, String> {
    m.iter().map(|(n, t)| Ok((find(n)?, t.clone()))).collect()
}

/// `v`'s posts by player (`InputFile::resolve`).
fn resolve_posts<'a>(
    v: &'a [(String, String)],
    find: &mut impl FnMut(&'a str) -> Result<PlayerId, String>,
) -> Result<Vec<Post>, String> {
    v.iter()
        .map(|(a, t)| Ok(Post::new(find(a)?, t.clone())))
        .collect()
}

/// A phase's record as JSON (FORMAT.md).
fn record_json(setup: &Setup, report: &crate::report::PhaseReport) -> serde_json::Value {
    // Written as text and read back, not by `to_value`: the same value,
    // with the JSON writer and reader the save file links anyway rather
    // than a second serializer for every record type (about 1.5 KB brotli
    // of the page's first load).
    let text = serde_json::to_string(&PhaseRecord::of(setup, report)).expect("a record serialises");
    serde_json::from_str(&text).expect("a record reads back")
}

impl GameFile {
    /// The file for a game dealt from `setup`, with empty drafts.
    pub fn new(name: &str, setup: &DealSpec, game: &Game) -> GameFile {
        let roster = &game.setup().roster;
        GameFile {
            format: FORMAT.to_string(),
            version: VERSION,
            name: name.to_string(),
            // Nicknames and refused guesses grow during the game (S2.3):
            // the game's own are saved.
            setup: DealSpec {
                nicknames: game.setup().nicknames.clone(),
                no_guess: game.setup().no_guess.clone(),
                ..setup.clone()
            },
            phases: game
                .phases()
                .iter()
                .map(|p| PhaseFile {
                    input: InputFile::of(roster, &p.input),
                    events: p.events.clone(),
                    record: Some(record_json(&game.setup_of(&p.after), &p.report)),
                })
                .collect(),
            drafts: Drafts::default(),
            commitment: Some(crate::commitment::commitment(game.setup())),
        }
    }
}

impl SaveFile for GameFile {
    type Game = Game;
    const FORMAT: &'static str = FORMAT;
    const VERSION: u32 = VERSION;

    fn name(&self) -> &str {
        &self.name
    }

    /// Deals the setup and replays every phase, checking stored records
    /// (S1.6).
    ///
    /// # Errors
    /// [`LoadError::Replay`] at `"the setup"` (it cannot be dealt, or gives
    /// another deal commitment than the file recorded:
    /// [`LoadError::check_commitment`]) or at
    /// `"phase N"` (a phase after the end of the game, input from someone
    /// who is not a player, input of the wrong kind, a stored record the
    /// inputs do not give).
    fn replay(&self) -> Result<Game, LoadError> {
        let dealt = deal(&self.setup)
            .map_err(|e| LoadError::replay("the setup", format!("it cannot be dealt: {e}")))?;
        let mut game = Game::from_deal(dealt);
        // The seed, salt and players must still give the commitment the
        // deal post published: changed in the file, the cards would be
        // dealt again otherwise, with no word (S1.6).
        LoadError::check_commitment(
            self.commitment.as_deref(),
            &crate::commitment::commitment(game.setup()),
        )?;
        for (i, phase) in self.phases.iter().enumerate() {
            let at = || format!("phase {}", i + 1);
            if game.is_over() {
                return Err(LoadError::replay(
                    at(),
                    "it comes after the end of the game",
                ));
            }
            let input = phase.input.resolve(&game.setup().roster).map_err(|name| {
                LoadError::replay(at(), format!("input from {name:?}, who is not a player"))
            })?;
            let played = game
                .commit_with(input, phase.events.clone())
                .map_err(|_| {
                    LoadError::replay(at(), "its input is of the wrong kind (night or day)")
                })?
                .clone();
            if let Some(stored) = &phase.record
                && *stored != record_json(&game.setup_of(&played.after), &played.report)
            {
                return Err(LoadError::replay(
                    at(),
                    "its recorded results do not follow from its inputs: the file was changed or is damaged",
                ));
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names are resolved as full names (S1.1), each post to its author
    /// however often an author posts; the first unknown name is the error,
    /// in the order the phase lists them (posts, revote, decisions).
    #[test]
    fn an_input_file_resolves_full_names_and_names_the_first_unknown() {
        let roster = Roster::new(&["Ann", "Bob", "Cid", "Dee", "Harbor Lights"]).unwrap();
        let id = |n: &str| roster.find(n).unwrap();
        let post = |a: &str, t: &str| (a.to_string(), t.to_string());
        let day = InputFile::Day {
            posts: vec![
                post("Ann", "vote Bob"),
                post("harbor lights", "vote Ann"),
                post("Ann", "unvote"),
                post("Harbor Lights", "hi"),
            ],
            revote: vec![post("Bob", "vote Ann")],
            decisions: BTreeMap::from([("Cid".to_string(), "keep".to_string())]),
        };
        let PhaseInput::Day(d) = day.resolve(&roster).unwrap() else {
            panic!("a day");
        };
        let authors: Vec<PlayerId> = d.posts.iter().map(|p| p.author).collect();
        assert_eq!(
            authors,
            [
                id("Ann"),
                id("Harbor Lights"),
                id("Ann"),
                id("Harbor Lights")
            ]
        );
        assert_eq!(d.posts[2].text, "unvote");
        assert_eq!(d.revote[0].author, id("Bob"));
        assert_eq!(d.decisions[&id("Cid")], "keep");
        // A prefix is not a full name; the first unknown name is named.
        let bad = InputFile::Day {
            posts: vec![post("Ann", "x"), post("Harbor", "y"), post("Zed", "z")],
            revote: Vec::new(),
            decisions: BTreeMap::new(),
        };
        assert_eq!(bad.resolve(&roster), Err("Harbor".to_string()));
        let night = InputFile::Night {
            actions: BTreeMap::from([("Dee".to_string(), "kill Ann".to_string())]),
            decisions: BTreeMap::from([("Eve".to_string(), "x".to_string())]),
        };
        assert_eq!(night.resolve(&roster), Err("Eve".to_string()));
    }

    /// A committed phase's deadline is read by its index; a phase undone
    /// and committed again (with another deadline, or none) is read from
    /// its last commit.
    #[test]
    fn an_undone_commit_leaves_no_deadline_entry() {
        let mut t = phase_deadline_entry(0, None);
        t.push_str(&phase_deadline_entry(1, Some(1_795_284_000)));
        let before = t.clone();
        t.push_str(&phase_deadline_entry(2, Some(1_795_456_800)));
        assert_eq!(undo_phase_deadline(&mut t, 2), Some(1_795_456_800));
        assert_eq!(t, before);
        assert_eq!(undo_phase_deadline(&mut t, 1), Some(1_795_284_000));
        assert_eq!(undo_phase_deadline(&mut t, 0), None);
        assert_eq!(t, "");
        // An entry for another phase is left alone.
        let mut t = phase_deadline_entry(4, None);
        assert_eq!(undo_phase_deadline(&mut t, 3), None);
        assert_eq!(t, "4: ");
    }

    #[test]
    fn phase_deadlines_are_read_from_the_phases_last_commit() {
        let mut t = phase_deadline_entry(1, Some(1_795_284_000));
        t.push_str(&phase_deadline_entry(3, Some(1_795_456_800)));
        assert_eq!(t, "1:1795284000 3:1795456800 ");
        assert_eq!(phase_deadline(&t, 1), Some(1_795_284_000));
        assert_eq!(phase_deadline(&t, 3), Some(1_795_456_800));
        assert_eq!(phase_deadline(&t, 2), None);
        t.push_str(&phase_deadline_entry(3, None));
        assert_eq!(phase_deadline(&t, 3), None);
        t.push_str(&phase_deadline_entry(3, Some(7)));
        assert_eq!(phase_deadline(&t, 3), Some(7));
        assert_eq!(phase_deadline(&t, 1), Some(1_795_284_000));
        let d: Drafts = serde_json::from_str(r#"{"deadlines": "0:60 "}"#).unwrap();
        assert_eq!(phase_deadline(&d.deadlines, 0), Some(60));
        assert!(
            !serde_json::to_string(&Drafts::default())
                .unwrap()
                .contains("deadlines")
        );
    }
}
