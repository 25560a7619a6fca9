//! The app's state: plain engine data inside signals, shared by context.
//! Persistence lives in `storage`; this module only changes state.

use crate::shell::storage::Summary;
use crate::shell::ui::NavItem;
use crate::shell::{Persist, Shell};
use console_core::text::appended;
use leptos::prelude::*;
use mini_survivor::post::Format;
use mini_survivor::save::GameFile;
use mini_survivor::{Game, Order, PlayerId, Position, Submission, SurvivorId, check_submission};
use std::collections::BTreeMap;

/// The screens of the Mini-Survivor page.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Screen {
    Setup,
    Board,
    Orders,
    Adjudicate,
    Posts,
    History,
    Rules,
    Verify,
}

/// The navigation: every screen with its URL slug and label.
pub const NAV: &[NavItem] = &[
    NavItem {
        slug: "setup",
        label: "Setup",
        needs_game: false,
    },
    NavItem {
        slug: "board",
        label: "Board",
        needs_game: true,
    },
    NavItem {
        slug: "orders",
        label: "Orders",
        needs_game: true,
    },
    NavItem {
        slug: "adjudicate",
        label: "Adjudicate",
        needs_game: true,
    },
    NavItem {
        slug: "posts",
        label: "Posts",
        needs_game: true,
    },
    NavItem {
        slug: "history",
        label: "History",
        needs_game: true,
    },
    NavItem {
        slug: "rules",
        label: "Rules",
        needs_game: false,
    },
    NavItem {
        slug: "verify",
        label: "Verify",
        needs_game: false,
    },
];

/// Slugs that are screens (not game ids) in a URL, with the page's special
/// places: `demo` opens the demo game, `import` takes a file from the home page.
pub const SLUGS: &[&str] = &[
    "setup",
    "board",
    "orders",
    "adjudicate",
    "posts",
    "history",
    "rules",
    "verify",
    "demo",
    "import",
];

impl Screen {
    const ALL: [Screen; 8] = [
        Screen::Setup,
        Screen::Board,
        Screen::Orders,
        Screen::Adjudicate,
        Screen::Posts,
        Screen::History,
        Screen::Rules,
        Screen::Verify,
    ];

    /// The URL slug.
    pub fn slug(self) -> &'static str {
        NAV[self as usize].slug
    }

    /// The screen of a slug.
    pub fn from_slug(slug: &str) -> Option<Screen> {
        Screen::ALL.into_iter().find(|s| s.slug() == slug)
    }

    /// Whether the screen needs an open game.
    pub fn needs_game(self) -> bool {
        NAV[self as usize].needs_game
    }
}

/// The open game: the engine's game plus what the moderator attached to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Live {
    /// Storage id.
    pub id: String,
    /// The moderator's name for the game.
    pub name: String,
    /// Setup, start and every round played.
    pub game: Game,
    /// Queued submissions for coming rounds (the demo, an imported case),
    /// by index of the round played in this game.
    pub script: Vec<BTreeMap<String, String>>,
    /// Each round's deadline, UNIX seconds, by round number (R9.6).
    pub deadlines: Vec<(u16, i64)>,
}

impl Live {
    /// The round to play next (or, once over, the one after the last played).
    pub fn next_round(&self) -> u16 {
        self.game.position().round()
    }

    /// The position after `stage` rounds of this game (0: its start).
    pub fn position_at(&self, stage: usize) -> &Position {
        match stage {
            0 => self.game.start(),
            n => &self.game.rounds()[n - 1].after,
        }
    }
}

/// Everything the screens share.
#[derive(Copy, Clone)]
pub struct Ctx {
    /// The page's shell: route, messages, banners, read-only, save state.
    pub shell: Shell,
    pub live: RwSignal<Option<Live>>,
    /// Player name -> draft submission for the next round.
    pub drafts: RwSignal<BTreeMap<String, String>>,
    /// The bulk paste box.
    pub bulk: RwSignal<String>,
    pub show_controllers: RwSignal<bool>,
    /// The post format, saved with the game.
    pub format: RwSignal<Format>,
    pub selected: RwSignal<Option<SurvivorId>>,
    /// Which posts the Posts screen shows: after this many rounds of the
    /// game (0: the start); `None` for the latest.
    pub posts_stage: RwSignal<Option<usize>>,
}

impl Ctx {
    pub fn new(shell: Shell) -> Ctx {
        Ctx {
            shell,
            live: RwSignal::new(None),
            drafts: RwSignal::new(BTreeMap::new()),
            bulk: RwSignal::new(String::new()),
            show_controllers: RwSignal::new(false),
            format: RwSignal::new(Format::BBCode),
            selected: RwSignal::new(None),
            posts_stage: RwSignal::new(None),
        }
    }

    /// Shows an error visibly for a few seconds and to screen readers.
    pub fn warn(&self, text: impl Into<String>) {
        self.shell.warn(text);
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

    /// The screen shown: the URL's, else the board with a game open and
    /// setup without; a screen that needs a game shows setup without one.
    pub fn screen(&self) -> Screen {
        let has_game = self.live.with(|l| l.is_some());
        match self.shell.route.with(|r| Screen::from_slug(&r.screen)) {
            Some(s) if !s.needs_game() || has_game => s,
            _ if has_game => Screen::Board,
            _ => Screen::Setup,
        }
    }

    /// Opens a game (from a file): its drafts become the current drafts.
    /// Notices about the game open before no longer apply.
    pub fn open(&self, id: String, file: GameFile, game: Game) {
        self.selected.set(None);
        self.posts_stage.set(None);
        if self
            .shell
            .notice
            .with_untracked(|n| n.as_ref().is_some_and(|n| n.download.is_none()))
        {
            self.shell.notice.set(None);
        }
        self.shell.route.update(|r| r.game = Some(id.clone()));
        self.reload(id, file, game);
        self.fill_from_script();
    }

    /// Starts a new game (dealt, or from a position) and opens it.
    pub fn start(&self, name: String, game: Game) {
        let file = GameFile::of(&name, &game);
        self.open(crate::shell::io::new_id(), file, game);
    }

    /// Replaces the open game's state with a newer saved copy of the same
    /// game (a read-only tab following the writer).
    pub fn reload(&self, id: String, file: GameFile, game: Game) {
        self.drafts.set(file.drafts.clone());
        self.bulk.set(file.bulk_draft.clone());
        self.format.set(file.post_format);
        self.live.set(Some(Live {
            id,
            name: file.name,
            game,
            script: file.script,
            deadlines: file.deadlines,
        }));
    }

    /// The current game as a file, drafts included.
    pub fn game_file(&self) -> Option<GameFile> {
        self.live.with_untracked(|l| {
            l.as_ref().map(|l| {
                let mut f = GameFile::of(&l.name, &l.game);
                f.drafts = self.drafts.get_untracked();
                f.bulk_draft = self.bulk.get_untracked();
                f.deadlines = l.deadlines.clone();
                f.post_format = self.format.get_untracked();
                f.script = l.script.clone();
                f
            })
        })
    }

    /// Each player's checked draft for the next round (engine verdicts), roster order.
    pub fn checked(&self) -> Vec<(PlayerId, String, Submission)> {
        let drafts = self.drafts.get();
        self.live.with(|l| {
            let Some(l) = l else { return Vec::new() };
            let setup = l.game.setup();
            setup
                .players
                .ids()
                .map(|p| {
                    let text = drafts
                        .get(setup.players.name(p))
                        .cloned()
                        .unwrap_or_default();
                    let sub = check_submission(setup, l.game.position(), p, &text);
                    (p, text, sub)
                })
                .collect()
        })
    }

    /// Orders in force for the next round, from all drafts.
    pub fn orders_in_force(&self) -> Vec<Order> {
        self.checked()
            .iter()
            .flat_map(|(_, _, s)| s.orders().collect::<Vec<_>>())
            .collect()
    }

    /// Adds lines to a player's draft, after what it holds (a later line
    /// replaces an earlier one of the same kind, R3.5) but before an `end`
    /// line, which would hide them (R3.3).
    pub fn append_lines(&self, player: &str, lines: &str) {
        self.drafts.update(|d| {
            let text = d.entry(player.to_string()).or_default();
            *text = appended(text, lines);
        });
    }

    /// The players who still have survivors and whose draft is blank.
    pub fn missing_players(&self) -> Vec<String> {
        let drafts = self.drafts.get_untracked();
        self.live.with_untracked(|l| {
            let Some(l) = l else { return Vec::new() };
            let setup = l.game.setup();
            let alive = l.game.position().alive_per_player(setup.players.len());
            setup
                .players
                .ids()
                .filter(|p| alive[p.index()] > 0)
                .map(|p| setup.players.name(p).to_string())
                .filter(|n| drafts.get(n).is_none_or(|t| t.trim().is_empty()))
                .collect()
        })
    }

    /// Plays the next round with the drafts; clears them.
    pub fn commit_round(&self) -> bool {
        let drafts = self.drafts.get_untracked();
        let mut done = false;
        self.live.update(|l| {
            let Some(l) = l else { return };
            let setup = l.game.setup().clone();
            let subs: Vec<(PlayerId, &str)> = drafts
                .iter()
                .filter(|(_, t)| !t.trim().is_empty())
                .filter_map(|(n, t)| setup.players.find(n).map(|p| (p, t.as_str())))
                .collect();
            done = l.game.play(&subs).is_some();
        });
        if done {
            self.drafts.set(BTreeMap::new());
            self.bulk.set(String::new());
            self.selected.set(None);
            self.fill_from_script();
        }
        done
    }

    /// Undoes the last round; its submissions become the drafts again.
    pub fn undo(&self) {
        let mut back = None;
        self.live.update(|l| {
            let Some(l) = l else { return };
            if let Some(r) = l.game.undo() {
                let setup = l.game.setup();
                back =
                    Some(mini_survivor::map_of(r.submissions.iter().map(|(p, t)| {
                        (setup.players.name(*p).to_string(), t.clone())
                    })));
            }
        });
        if let Some(d) = back {
            self.drafts.set(d);
        }
    }

    /// With a script (the demo), pre-fills empty drafts for the coming round.
    fn fill_from_script(&self) {
        let next = self.live.with_untracked(|l| {
            l.as_ref().and_then(|l| {
                if l.game.is_over() {
                    return None;
                }
                l.script.get(l.game.rounds().len()).cloned()
            })
        });
        if let Some(script) = next
            && self
                .drafts
                .with_untracked(|d| d.values().all(|t| t.trim().is_empty()))
        {
            self.drafts.set(script);
        }
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
        self.bulk.track();
        self.live.track();
        self.format.track();
    }

    fn progress(self) -> Option<usize> {
        self.live
            .with_untracked(|l| l.as_ref().map(|l| l.game.rounds().len()))
    }

    fn file(self) -> Option<(String, Summary)> {
        let file = self.game_file()?;
        let (over, rounds, phase) = self.live.with_untracked(|l| {
            l.as_ref().map_or((false, 0, String::new()), |l| {
                (l.game.is_over(), l.game.rounds().len(), phase_text(&l.game))
            })
        });
        let summary = Summary {
            name: file.name.clone(),
            progress: rounds,
            phase,
            over,
        };
        Some((file.to_json(), summary))
    }

    fn follow(self, json: &str) {
        if let (Ok((file, game)), Some(id)) = (GameFile::parse(json), self.open_id(false)) {
            self.reload(id, file, game);
        }
    }
}

/// Where a game stands, as the header and the home page say it.
pub fn phase_text(game: &Game) -> String {
    let next = game.position().round();
    if game.is_over() {
        format!("game over after round {}", next - 1)
    } else {
        format!("round {next} next")
    }
}
