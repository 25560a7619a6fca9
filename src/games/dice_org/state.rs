//! The Dice ORG page's state: the engine's season inside signals, shared by
//! context, with the producers' drafts (the wizard's half-entered choices,
//! saved in the season file). Every rule is the engine's: this module only
//! plays entries, undoes them, and says where the season stands.

use crate::shell::Shell;
use crate::shell::game::{GameKind, Screens};
use crate::shell::kinds::{DICE_ORG, Kind};
use crate::shell::ui::NavItem;
use dice_org::changes::{ChoiceChange, PasteTaken};
use dice_org::post::Format;
use dice_org::save::{Drafts, SeasonFile};
use dice_org::{Entry, Phase, RollKind, RollOptions, Season};
use leptos::prelude::*;

/// The screens of the Dice ORG page.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Screen {
    Setup,
    Board,
    Round,
    Odds,
    Production,
    Posts,
    History,
    Dice,
    Rules,
    Verify,
}

/// The navigation: every screen with its URL slug and label, in
/// [`Screen`] order.
pub const NAV: &[NavItem] = &[
    NavItem::SETUP,
    NavItem::new("board", "Board", true),
    NavItem::new("round", "Round", true),
    NavItem::new("odds", "Odds", true),
    NavItem::new("production", "Production", true),
    NavItem::POSTS,
    NavItem::HISTORY,
    NavItem::new("dice", "Dice log", true),
    NavItem::RULES,
    NavItem::VERIFY,
];

/// Slugs that are screens (not game ids) in a URL, with `import` (a file
/// handed over by the home page).
pub const SLUGS: &[&str] = &[
    "setup",
    "board",
    "round",
    "odds",
    "production",
    "posts",
    "history",
    "dice",
    "rules",
    "verify",
    "import",
];

/// The roll the Odds screen shows.
#[derive(Clone, Debug, PartialEq)]
pub struct OddsPick {
    /// A living player's name (empty: the first).
    pub player: String,
    /// Competition or survival.
    pub kind: RollKind,
    /// The options chosen.
    pub options: RollOptions,
}

/// What the page keeps with the open season (saved: the drafts and the
/// post format, D10.4; this page only: hiding secrets, the Odds screen's
/// pick, what the paste in the box would change).
#[derive(Copy, Clone)]
pub struct Kept {
    /// Unplayed inputs of the wizard and the production edit (saved).
    pub drafts: RwSignal<Drafts>,
    /// Hide every secret (screen sharing).
    pub hide: RwSignal<bool>,
    /// The posts' format.
    pub format: RwSignal<Format>,
    /// The Odds screen's roll.
    pub odds: RwSignal<OddsPick>,
    /// Steps and edits undone, the last undone last: Redo plays it again.
    /// Playing anything else empties it (this page only).
    pub redo: RwSignal<Vec<Entry>>,
    /// The players' DMs pasted for the phase being played (saved with the
    /// drafts as `bulk`).
    pub bulk: RwSignal<String>,
    /// What the paste in the box would change if it were split into the
    /// players' choices now (D12.11): the round wizard's Play buttons say
    /// so before a phase is played without it.
    pub unsplit: RwSignal<Vec<ChoiceChange>>,
}

/// The Dice ORG page (its kind for the shell's generic context).
pub struct DiceOrg;

/// The page's context: the open season and what it keeps.
pub type Ctx = crate::shell::game::Ctx<DiceOrg>;

impl Screens for Screen {
    const ALL: &'static [Screen] = &[
        Screen::Setup,
        Screen::Board,
        Screen::Round,
        Screen::Odds,
        Screen::Production,
        Screen::Posts,
        Screen::History,
        Screen::Dice,
        Screen::Rules,
        Screen::Verify,
    ];
    const NAV: &'static [NavItem] = NAV;
    const START: Screen = Screen::Board;
    const SETUP: Screen = Screen::Setup;
}

impl GameKind for DiceOrg {
    type Game = Season;
    type File = SeasonFile;
    type Kept = Kept;
    type Screen = Screen;
    const KIND: &'static Kind = &DICE_ORG;
    const SLUGS: &'static [&'static str] = SLUGS;
    const MAIN_CLASS: &'static str = "dice-org";

    fn kept(_: Shell) -> Kept {
        Kept {
            drafts: RwSignal::new(Drafts::default()),
            hide: RwSignal::new(false),
            format: RwSignal::new(Format::BBCode),
            odds: RwSignal::new(OddsPick {
                player: String::new(),
                kind: RollKind::Competition,
                options: RollOptions::default(),
            }),
            redo: RwSignal::new(Vec::new()),
            bulk: RwSignal::new(String::new()),
            unsplit: RwSignal::new(Vec::new()),
        }
    }

    fn track(k: Kept) {
        k.drafts.track();
        k.bulk.track();
        k.format.track();
    }

    fn load(ctx: Ctx, file: SeasonFile) {
        ctx.redo.set(Vec::new());
        ctx.bulk.set(file.drafts.bulk.clone());
        // The producers' post format is the season's (saved with it).
        ctx.format.set(file.drafts.format);
        ctx.drafts.set(file.drafts);
    }

    fn file(ctx: Ctx, name: &str, season: &Season) -> SeasonFile {
        let mut drafts = ctx.drafts.get_untracked();
        drafts.bulk = ctx.bulk.get_untracked();
        drafts.format = ctx.format.get_untracked();
        SeasonFile::of(name, season, drafts)
    }

    fn view(screen: Screen) -> AnyView {
        use super::screens;
        match screen {
            Screen::Setup => screens::setup::Setup().into_any(),
            Screen::Board => screens::board::Board().into_any(),
            Screen::Round => screens::round::Round().into_any(),
            Screen::Odds => screens::odds::Odds().into_any(),
            Screen::Production => screens::production::Production().into_any(),
            Screen::Posts => screens::posts::Posts().into_any(),
            Screen::History => screens::history::History().into_any(),
            Screen::Dice => screens::dice::DiceLog().into_any(),
            Screen::Rules => screens::rules::Rules().into_any(),
            Screen::Verify => screens::verify::Verify().into_any(),
        }
    }
}

/// The page's own changes to the season: steps played and undone, with
/// their drafts.
impl Ctx {
    /// Plays an entry; on success clears its draft and says what happened
    /// (the first line of the engine's explanation). Anything undone can no
    /// longer be redone.
    ///
    /// # Errors
    /// The engine's reason the entry is refused (nothing changes then).
    pub fn play(&self, entry: Entry) -> Result<(), String> {
        self.commit_entry(entry)?;
        self.redo.set(Vec::new());
        Ok(())
    }

    /// Commits an entry through the engine contract and clears what it
    /// used of the drafts (the redo list is the caller's).
    fn commit_entry(&self, entry: Entry) -> Result<(), String> {
        let phase = entry.phase();
        match self.commit_phase(entry) {
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.to_string()),
            None => return Err(crate::shell::READ_ONLY.to_string()),
        }
        let revote_due = self
            .with_game_untracked(|s| s.state().revote_due.is_some())
            .unwrap_or(false);
        self.drafts.update(|d| match phase {
            Some(Phase::Competition) => d.competition = None,
            Some(Phase::Camp) => d.camp = None,
            // The first count tied (D7.5): the revote ballots already held
            // (pasted with the votes) go to the revote's draft, with what
            // the pastes changed of them.
            Some(Phase::Vote) if revote_due => {
                let held = d.vote.take().map(|v| v.revote).unwrap_or_default();
                if !held.is_empty() {
                    d.revote = Some(dice_org::vote::RevoteInput { revote: held });
                }
                d.pastes = revote_pastes(&d.pastes);
            }
            // A new round starts with no conversation preferences.
            Some(Phase::Vote | Phase::Revote) => {
                d.vote = None;
                d.revote = None;
                d.conversation = None;
            }
            Some(Phase::Final) => d.final_vote = None,
            // Preferences carry over to the next slot (D6.4).
            Some(Phase::Conversation) | Some(Phase::Over) => {}
            // A production edit: the Production screen clears its draft
            // when it applies it; a redone edit leaves it alone.
            None => {}
        });
        if phase.is_some() {
            // The DMs pasted were for the phase just played.
            self.bulk.set(String::new());
            if !revote_due {
                self.drafts.update(|d| d.pastes.clear());
            }
        }
        let said = self.with_game_untracked(|s| {
            let i = s.played().len() - 1;
            s.explain(i).into_iter().next().unwrap_or_default()
        });
        self.say(format!("Played: {}", said.unwrap_or_default()));
        Ok(())
    }

    /// Undoes the last step or edit; it can be redone ([`Ctx::redo`]). A
    /// round step's input becomes the wizard's draft again, shown in its
    /// controls. A production edit never goes back into the Production
    /// draft: an edit being written there would otherwise silently apply
    /// the undone changes again (D9.2).
    pub fn undo(&self) {
        let Some(entry) = self.undo_phase() else {
            return;
        };
        let kind = entry.kind();
        self.drafts.update(|d| match entry.clone() {
            Entry::Competition(i) => d.competition = Some(i),
            Entry::Camp(i) => d.camp = Some(i),
            Entry::Conversation(i) => d.conversation = Some(i),
            Entry::Vote(i) => d.vote = Some(i),
            Entry::Revote(i) => d.revote = Some(i),
            Entry::Final(i) => d.final_vote = Some(i),
            Entry::Edit(_) => {}
        });
        self.redo.update(|r| r.push(entry));
        self.say(format!(
            "Undone: {kind} (Redo on the History screen plays it again)"
        ));
    }

    /// The draft of `phase` as its entry (empty choices when none).
    pub fn draft_entry(&self, phase: Phase) -> Option<Entry> {
        self.drafts.with_untracked(|d| {
            Some(match phase {
                Phase::Competition => Entry::Competition(d.competition.clone().unwrap_or_default()),
                Phase::Camp => Entry::Camp(d.camp.clone().unwrap_or_default()),
                Phase::Conversation => {
                    Entry::Conversation(d.conversation.clone().unwrap_or_default())
                }
                Phase::Vote => Entry::Vote(d.vote.clone().unwrap_or_default()),
                Phase::Revote => Entry::Revote(d.revote.clone().unwrap_or_default()),
                Phase::Final => Entry::Final(d.final_vote.clone().unwrap_or_default()),
                Phase::Over => return None,
            })
        })
    }

    /// Makes `entry` its phase's draft (what the wizard's controls show).
    pub fn set_draft(&self, entry: Entry) {
        self.drafts.update(|d| match entry {
            Entry::Competition(i) => d.competition = Some(i),
            Entry::Camp(i) => d.camp = Some(i),
            Entry::Conversation(i) => d.conversation = Some(i),
            Entry::Vote(i) => d.vote = Some(i),
            Entry::Revote(i) => d.revote = Some(i),
            Entry::Final(i) => d.final_vote = Some(i),
            Entry::Edit(e) => d.edit = Some(e),
        });
    }

    /// Plays the last undone step or edit again.
    ///
    /// # Errors
    /// The engine's reason it is refused now (it stays undone).
    pub fn redo(&self) -> Result<(), String> {
        let Some(entry) = self.redo.with_untracked(|r| r.last().cloned()) else {
            return Ok(());
        };
        self.commit_entry(entry)?;
        self.redo.update(|r| {
            r.pop();
        });
        Ok(())
    }
}

/// The vote's pastes as the revote's (D7.5, D12.11): of each, the revotes
/// it changed and who sent them (the rest was the vote's).
fn revote_pastes(pastes: &[PasteTaken]) -> Vec<PasteTaken> {
    pastes
        .iter()
        .filter(|t| t.phase == Some(Phase::Vote))
        .map(|t| {
            let changes: Vec<_> = t
                .changes
                .iter()
                .filter(|c| c.choice == "revote")
                .cloned()
                .collect();
            PasteTaken {
                phase: Some(Phase::Revote),
                senders: t
                    .senders
                    .iter()
                    .filter(|(p, _)| changes.iter().any(|c| &c.player == p))
                    .cloned()
                    .collect(),
                changes,
                rejected: Vec::new(),
                digest: t.digest.clone(),
            }
        })
        .filter(|t| !t.changes.is_empty())
        .collect()
}

/// A phase's name as the wizard says it.
pub fn phase_name(p: Phase) -> &'static str {
    p.name()
}
