//! The app's state: plain engine data inside signals, shared by context.
//! Persistence lives in `storage`; this module only changes state.

use leptos::prelude::*;
use mini_survivor::post::Format;
use mini_survivor::save::GameFile;
use mini_survivor::{Game, Order, PlayerId, Submission, SurvivorId, check_submission};
use std::collections::BTreeMap;

/// The screens of the console.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Screen {
    Home,
    Setup,
    Board,
    Orders,
    Adjudicate,
    Posts,
    History,
    Rules,
    Verify,
}

impl Screen {
    /// Screens in the navigation, with their labels.
    pub const NAV: [(Screen, &'static str); 9] = [
        (Screen::Home, "Games"),
        (Screen::Setup, "Setup"),
        (Screen::Board, "Board"),
        (Screen::Orders, "Orders"),
        (Screen::Adjudicate, "Adjudicate"),
        (Screen::Posts, "Posts"),
        (Screen::History, "History"),
        (Screen::Rules, "Rules"),
        (Screen::Verify, "Verify"),
    ];

    /// Whether the screen needs an open game.
    pub fn needs_game(self) -> bool {
        !matches!(
            self,
            Screen::Home | Screen::Setup | Screen::Rules | Screen::Verify
        )
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
    /// Queued submissions for coming rounds (the demo), by round index.
    pub script: Vec<BTreeMap<String, String>>,
    /// Deadline of the next round, UNIX seconds (R9.6).
    pub deadline: Option<i64>,
}

/// A banner: an error or a notice, with an optional raw save to offer for download.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    pub download: Option<(String, String)>,
}

/// Everything the screens share.
#[derive(Copy, Clone)]
pub struct Ctx {
    pub screen: RwSignal<Screen>,
    pub live: RwSignal<Option<Live>>,
    /// Player name -> draft submission for the next round.
    pub drafts: RwSignal<BTreeMap<String, String>>,
    /// The bulk paste box.
    pub bulk: RwSignal<String>,
    /// Text for the screen-reader live region.
    pub announce: RwSignal<String>,
    pub notice: RwSignal<Option<Notice>>,
    pub show_controllers: RwSignal<bool>,
    pub format: RwSignal<Format>,
    pub selected: RwSignal<Option<SurvivorId>>,
    /// Bumped when the list of saved games changes.
    pub saved_games: RwSignal<u32>,
    /// This tab only follows another tab that has the game open (see `tabs`).
    pub read_only: RwSignal<bool>,
    /// The last save failed, and why: a banner stays up until a save works.
    pub save_error: RwSignal<Option<String>>,
}

impl Ctx {
    pub fn new() -> Ctx {
        Ctx {
            screen: RwSignal::new(Screen::Home),
            live: RwSignal::new(None),
            drafts: RwSignal::new(BTreeMap::new()),
            bulk: RwSignal::new(String::new()),
            announce: RwSignal::new(String::new()),
            notice: RwSignal::new(None),
            show_controllers: RwSignal::new(false),
            format: RwSignal::new(Format::BBCode),
            selected: RwSignal::new(None),
            saved_games: RwSignal::new(0),
            read_only: RwSignal::new(false),
            save_error: RwSignal::new(None),
        }
    }

    pub fn say(&self, text: impl Into<String>) {
        self.announce.set(text.into());
    }

    pub fn error(&self, text: impl Into<String>) {
        let text = text.into();
        self.announce.set(text.clone());
        self.notice.set(Some(Notice {
            text,
            error: true,
            download: None,
        }));
    }

    /// Opens a game (from a file): its drafts become the current drafts.
    pub fn open(&self, id: String, file: GameFile, game: Game) {
        self.selected.set(None);
        self.reload(id, file, game);
        self.fill_from_script();
    }

    /// Replaces the open game's state with a newer saved copy of the same
    /// game (a read-only tab following the writer).
    pub fn reload(&self, id: String, file: GameFile, game: Game) {
        self.drafts.set(file.drafts.clone());
        self.bulk.set(file.bulk_draft.clone());
        self.live.set(Some(Live {
            id,
            name: file.name,
            game,
            script: file.script,
            deadline: file.deadline,
        }));
    }

    /// The current game as a file, drafts included.
    pub fn file(&self) -> Option<GameFile> {
        self.live.with(|l| {
            l.as_ref().map(|l| {
                let mut f = GameFile::of(&l.name, &l.game);
                f.drafts = self.drafts.get_untracked();
                f.bulk_draft = self.bulk.get_untracked();
                f.deadline = l.deadline;
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

    /// Appends an order line to a player's draft (a later line replaces an
    /// earlier one of the same kind, R3.5).
    pub fn append_line(&self, player: &str, line: &str) {
        self.drafts.update(|d| {
            let text = d.entry(player.to_string()).or_default();
            // An `end` line would hide what follows: insert before it.
            let lines: Vec<&str> = text.lines().collect();
            match lines
                .iter()
                .position(|l| l.trim().eq_ignore_ascii_case("end"))
            {
                Some(i) => {
                    let mut out: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
                    out.insert(i, line.to_string());
                    *text = out.join("\n");
                }
                None => {
                    if !text.is_empty() && !text.ends_with('\n') {
                        text.push('\n');
                    }
                    text.push_str(line);
                }
            }
        });
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
                back = Some(
                    r.submissions
                        .iter()
                        .map(|(p, t)| (setup.players.name(*p).to_string(), t.clone()))
                        .collect(),
                );
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

impl Default for Ctx {
    fn default() -> Self {
        Ctx::new()
    }
}
