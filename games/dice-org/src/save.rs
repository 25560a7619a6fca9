//! The season file: what the app saves and exports. Versioned JSON
//! (`{"format": "dice-org-game", "version": 1, ...}`) holding the setup
//! (with the seed), every step and edit as entered, and unsent drafts, so
//! the season replays exactly (D1.4). Each entry also stores where the dice
//! stood after it and a digest of its record (FORMAT.md); loading replays
//! the season and compares, so a damaged or edited file is refused with the
//! reason instead of being trusted. Written and read by serde's derives
//! through [`SaveFile`].

use crate::camp::CampInput;
use crate::case::StepRecord;
use crate::changes::PasteTaken;
use crate::competition::CompetitionInput;
use crate::conversation::ConversationInput;
use crate::edit::Edit;
use crate::final_vote::FinalInput;
use crate::post::Format;
use crate::season::{ReplayError, Season};
use crate::setup::SetupInput;
use crate::step::Entry;
use crate::vote::{RevoteInput, VoteInput};
use console_core::commitment::sha256_hex;
use console_core::events::ProdThreshold;
use console_core::rng::RngState;
use console_core::save::{LoadError, SaveFile};
use serde::{Deserialize, Serialize};

/// The `format` member of a season file.
pub const FORMAT: &str = "dice-org-game";
/// The current `version`. Version 2: a seeded season's camp dice come
/// from each player's own stream (D11.1); a version-1 file is read with
/// its setup's option `camp_dice` set to `one_stream`, the order it was
/// played in, so it replays as saved.
pub const VERSION: u32 = 2;

/// What an entry produced, to check a replay against.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryCheck {
    /// Where the dice stood after the entry.
    pub dice_after: RngState,
    /// SHA-256 of the entry's record in the case format (FORMAT.md), which
    /// later versions keep, so old files keep loading.
    pub record: String,
}

/// One step or edit in a season file.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryFile {
    /// The input as entered.
    pub entry: Entry,
    /// What it produced when it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<EntryCheck>,
}

/// Unsent work: an input per phase that the producers have started but not
/// played. Not checked against the season (drafts may be half done).
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Drafts {
    /// Competition choices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub competition: Option<CompetitionInput>,
    /// Camp choices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub camp: Option<CampInput>,
    /// Conversation preferences.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversation: Option<ConversationInput>,
    /// Ballots and cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vote: Option<VoteInput>,
    /// The revote's ballots, when it is a step of its own (D7.5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revote: Option<RevoteInput>,
    /// Jurors' votes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_vote: Option<FinalInput>,
    /// A production edit being written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edit: Option<Edit>,
    /// The players' DMs pasted for the phase being played (D12), under
    /// per-player headers; emptied when the phase is played.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub bulk: String,
    /// Names as written that the producers set to mean a player (D12.3):
    /// (as written, the player's name).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<(String, String)>,
    /// The producers' prod threshold (D9.7): a player the phase asks is
    /// prodded with at most `max_posts` messages in the paste (default 0:
    /// no DM). Left out of the file while it is the default.
    #[serde(skip_serializing_if = "is_default_prod")]
    pub prod: ProdThreshold,
    /// The pastes of DMs taken into the phase's choices, oldest first
    /// (D12.11): what each changed per player, the lines it rejected, who
    /// sent a message; emptied when the phase is played. The page shows
    /// them, checks the vote against them, and counts them for the prod
    /// list (D9.7).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pastes: Vec<PasteTaken>,
    /// The format the producers write posts in (D10.4); left out while it
    /// is the default, BBCode.
    #[serde(skip_serializing_if = "is_default_format")]
    pub format: Format,
}

/// Whether `f` is the default format (not written in the file).
fn is_default_format(f: &Format) -> bool {
    *f == Format::default()
}

/// Whether `t` is the default threshold (not written in the file).
fn is_default_prod(t: &ProdThreshold) -> bool {
    *t == ProdThreshold::default()
}

/// A saved or exported season (version 1).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeasonFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] when written.
    pub version: u32,
    /// The season's name, chosen by the producers.
    #[serde(default)]
    pub name: String,
    /// Players, teams, options, seed and salt.
    pub setup: SetupInput,
    /// Every step and edit, oldest first.
    #[serde(default)]
    pub entries: Vec<EntryFile>,
    /// Unsent drafts.
    #[serde(default)]
    pub drafts: Drafts,
    /// The commitment published at the start (D1.4), as the file was
    /// written: on load, the setup must still give it. Absent in older
    /// files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
}

/// SHA-256 of entry `i`'s record (FORMAT.md) in compact JSON.
pub fn record_digest(season: &Season, i: usize) -> String {
    let p = &season.played()[i];
    sha256_hex(&StepRecord::new(&p.report, season.before(i), &p.after).canonical_json())
}

impl SeasonFile {
    /// The file of a season, with these drafts.
    pub fn of(name: &str, season: &Season, drafts: Drafts) -> SeasonFile {
        SeasonFile {
            format: FORMAT.to_string(),
            version: VERSION,
            name: name.to_string(),
            setup: season.setup().clone(),
            entries: season
                .played()
                .iter()
                .enumerate()
                .map(|(i, p)| EntryFile {
                    entry: p.entry.clone(),
                    check: Some(EntryCheck {
                        dice_after: p.dice_after,
                        record: record_digest(season, i),
                    }),
                })
                .collect(),
            drafts,
            commitment: Some(season.commitment()),
        }
    }
}

impl SaveFile for SeasonFile {
    type Game = Season;
    const FORMAT: &'static str = FORMAT;
    const VERSION: u32 = VERSION;

    fn name(&self) -> &str {
        &self.name
    }

    /// Version 1: every camp die came from the one dice stream (D11.1):
    /// the setup's options say so.
    fn upgrade(version: u32, mut json: serde_json::Value) -> Result<serde_json::Value, LoadError> {
        if version < 2
            && let Some(setup) = json.get_mut("setup").and_then(|s| s.as_object_mut())
        {
            let options = setup
                .entry("options")
                .or_insert_with(|| serde_json::json!({}));
            if let Some(o) = options.as_object_mut() {
                o.insert("camp_dice".into(), serde_json::json!("one_stream"));
            }
            json["version"] = serde_json::json!(VERSION);
        }
        Ok(json)
    }

    /// Rebuilds the season from setup and entries, checking each entry's
    /// stored results (D1.4).
    ///
    /// # Errors
    /// [`LoadError::Replay`] at `"the setup"` (refused, or giving another
    /// commitment than the file recorded: [`LoadError::check_commitment`])
    /// or at `"step N"`
    /// (the entry is refused, or replaying it does not give the dice or
    /// the record the file stored).
    fn replay(&self) -> Result<Season, LoadError> {
        let entries: Vec<Entry> = self.entries.iter().map(|e| e.entry.clone()).collect();
        let season = Season::replay(self.setup.clone(), &entries).map_err(|e| match e {
            ReplayError::Setup(e) => LoadError::replay("the setup", e),
            ReplayError::Entry { index, error } => {
                LoadError::replay(format!("step {}", index + 1), error)
            }
        })?;
        // The seed, salt, players and teams must still give the commitment
        // published at the start: changed in the file, the attributes,
        // teams and every roll would be drawn again with no word (D1.4).
        LoadError::check_commitment(self.commitment.as_deref(), &season.commitment())?;
        for (i, (e, p)) in self.entries.iter().zip(season.played()).enumerate() {
            if let Some(c) = &e.check
                && (c.dice_after != p.dice_after || c.record != record_digest(&season, i))
            {
                return Err(LoadError::replay(
                    format!("step {}", i + 1),
                    "its stored results do not follow from its input: the file was changed or is damaged",
                ));
            }
        }
        Ok(season)
    }
}
