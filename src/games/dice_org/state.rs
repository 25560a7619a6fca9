//! The Dice ORG page's state: the engine's season inside signals, shared by
//! context, with the producers' drafts (the wizard's half-entered choices,
//! saved in the season file). Every rule is the engine's: this module only
//! plays entries, undoes them, and says where the season stands.

use crate::shell::storage::Summary;
use crate::shell::ui::NavItem;
use crate::shell::{Persist, Shell};
use console_core::SaveFile;
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

const fn item(slug: &'static str, label: &'static str, needs_game: bool) -> NavItem {
    NavItem {
        slug,
        label,
        needs_game,
    }
}

/// The navigation: every screen with its URL slug and label, in
/// [`Screen`] order.
pub const NAV: &[NavItem] = &[
    item("setup", "Setup", false),
    item("board", "Board", true),
    item("round", "Round", true),
    item("odds", "Odds", true),
    item("production", "Production", true),
    item("posts", "Posts", true),
    item("history", "History", true),
    item("dice", "Dice log", true),
    item("rules", "Rules", false),
    item("verify", "Verify", false),
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

impl Screen {
    const ALL: [Screen; 10] = [
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

    /// The URL slug.
    pub fn slug(self) -> &'static str {
        NAV[self as usize].slug
    }

    fn from_slug(slug: &str) -> Option<Screen> {
        Screen::ALL.into_iter().find(|s| s.slug() == slug)
    }
}

/// The open season.
#[derive(Clone, Debug, PartialEq)]
pub struct Live {
    /// Storage id.
    pub id: String,
    /// The producers' name for the season.
    pub name: String,
    /// Setup and every step and edit played.
    pub season: Season,
}

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

/// Everything the screens share.
#[derive(Copy, Clone)]
pub struct Ctx {
    /// The page's shell: route, messages, banners, read-only, save state.
    pub shell: Shell,
    /// The open season.
    pub live: RwSignal<Option<Live>>,
    /// Unplayed inputs of the wizard and the production edit (saved).
    pub drafts: RwSignal<Drafts>,
    /// Hide every secret (screen sharing).
    pub hide: RwSignal<bool>,
    /// The posts' format.
    pub format: RwSignal<Format>,
    /// The Odds screen's roll.
    pub odds: RwSignal<OddsPick>,
}

impl Ctx {
    pub fn new(shell: Shell) -> Ctx {
        Ctx {
            shell,
            live: RwSignal::new(None),
            drafts: RwSignal::new(Drafts::default()),
            hide: RwSignal::new(false),
            format: RwSignal::new(Format::BBCode),
            odds: RwSignal::new(OddsPick {
                player: String::new(),
                kind: RollKind::Competition,
                options: RollOptions::default(),
            }),
        }
    }

    /// Says something visibly for a moment and to screen readers.
    pub fn say(&self, text: impl Into<String>) {
        self.shell.say(text);
    }

    /// An error banner.
    pub fn error(&self, text: impl Into<String>) {
        self.shell.error(text);
    }

    /// Goes to a screen.
    pub fn go(&self, screen: Screen) {
        self.shell.go(screen.slug());
    }

    /// The screen shown: the URL's, else the board with a season open and
    /// setup without; a screen that needs a season shows setup without one.
    pub fn screen(&self) -> Screen {
        let has_game = self.live.with(|l| l.is_some());
        match self.shell.route.with(|r| Screen::from_slug(&r.screen)) {
            Some(s) if !NAV[s as usize].needs_game || has_game => s,
            _ if has_game => Screen::Board,
            _ => Screen::Setup,
        }
    }

    /// Reads the open season (tracked).
    pub fn with<T>(&self, f: impl FnOnce(&Season) -> T) -> Option<T> {
        self.live.with(|l| l.as_ref().map(|l| f(&l.season)))
    }

    /// Reads the open season (untracked).
    pub fn with_untracked<T>(&self, f: impl FnOnce(&Season) -> T) -> Option<T> {
        self.live
            .with_untracked(|l| l.as_ref().map(|l| f(&l.season)))
    }

    /// Opens a season (from a file): its drafts become the current drafts.
    pub fn open(&self, id: String, file: SeasonFile, season: Season) {
        self.shell.route.update(|r| r.game = Some(id.clone()));
        self.drafts.set(file.drafts);
        self.live.set(Some(Live {
            id,
            name: file.name,
            season,
        }));
    }

    /// Plays an entry; on success clears its draft and says what happened
    /// (the first line of the engine's explanation). Errors: the engine's.
    pub fn play(&self, entry: Entry) -> Result<(), String> {
        let phase = entry.phase();
        let mut out = Err(String::new());
        self.live.update(|l| {
            if let Some(l) = l {
                out = l.season.play(entry).map(|_| ()).map_err(|e| e.to_string());
            }
        });
        out.clone()?;
        self.drafts.update(|d| match phase {
            Some(Phase::Competition) => d.competition = None,
            Some(Phase::Camp) => d.camp = None,
            // A new round starts with no conversation preferences.
            Some(Phase::Vote) => {
                d.vote = None;
                d.conversation = None;
            }
            Some(Phase::Final) => d.final_vote = None,
            // Preferences carry over to the next slot (D6.4).
            Some(Phase::Conversation) | Some(Phase::Over) => {}
            None => d.edit = None,
        });
        let said = self.with_untracked(|s| {
            let i = s.played().len() - 1;
            s.explain(i).into_iter().next().unwrap_or_default()
        });
        self.say(format!("Played: {}", said.unwrap_or_default()));
        Ok(())
    }

    /// Undoes the last step or edit; its input becomes the draft again.
    pub fn undo(&self) {
        let mut back = None;
        self.live.update(|l| {
            if let Some(l) = l {
                back = l.season.undo();
            }
        });
        let Some(p) = back else { return };
        let kind = p.entry.kind();
        self.drafts.update(|d| match p.entry {
            Entry::Competition(i) => d.competition = Some(i),
            Entry::Camp(i) => d.camp = Some(i),
            Entry::Conversation(i) => d.conversation = Some(i),
            Entry::Vote(i) => d.vote = Some(i),
            Entry::Final(i) => d.final_vote = Some(i),
            Entry::Edit(e) => d.edit = Some(e),
        });
        self.say(format!("Undone: {kind}"));
    }

    /// The open season as a file, drafts included.
    pub fn season_file(&self) -> Option<SeasonFile> {
        self.live.with_untracked(|l| {
            l.as_ref()
                .map(|l| SeasonFile::of(&l.name, &l.season, self.drafts.get_untracked()))
        })
    }
}

impl Persist for Ctx {
    fn shell(self) -> Shell {
        self.shell
    }

    fn open_id(self, tracked: bool) -> Option<String> {
        let f = |l: &Option<Live>| l.as_ref().map(|l| l.id.clone());
        if tracked {
            self.live.with(f)
        } else {
            self.live.with_untracked(f)
        }
    }

    fn track(self) {
        self.drafts.track();
        self.live.track();
    }

    fn progress(self) -> Option<usize> {
        self.with_untracked(|s| s.played().len())
    }

    fn file(self) -> Option<(String, Summary)> {
        let file = self.season_file()?;
        let (over, progress, phase) =
            self.with_untracked(|s| (s.state().is_over(), s.played().len(), phase_text(s)))?;
        let summary = Summary {
            name: file.name.clone(),
            progress,
            phase,
            over,
        };
        Some((file.to_json(), summary))
    }

    fn follow(self, json: &str) {
        if let (Ok((file, season)), Some(id)) = (SeasonFile::parse(json), self.open_id(false)) {
            self.drafts.set(file.drafts);
            self.live.set(Some(Live {
                id,
                name: file.name,
                season,
            }));
        }
    }
}

/// A phase's name as the wizard says it.
pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Competition => "competition",
        Phase::Camp => "camp",
        Phase::Conversation => "conversation",
        Phase::Vote => "vote",
        Phase::Final => "final",
        Phase::Over => "over",
    }
}

/// Where a season stands, as the header and the home page say it.
pub fn phase_text(s: &Season) -> String {
    let st = s.state();
    match (st.winner, s.next_phase()) {
        (Some(w), _) => format!("over: {} wins", st.name(w)),
        (None, Phase::Final) => "the final next".to_string(),
        (None, p) => format!("round {}: {} next", st.round(), phase_name(p)),
    }
}
