//! The Survival page's state: plain engine data inside signals, shared by
//! context. The open game is the engine's [`Game`] with its deal
//! specification; the drafts (unsent private messages, pasted threads,
//! decisions, the next deadline, post preferences) are saved in the game
//! file's `Drafts`. Nothing here applies a rule: inputs are built from the
//! drafts and handed to the engine.

use crate::shell::storage::Summary;
use crate::shell::ui::NavItem;
use crate::shell::{Persist, Shell};
use leptos::prelude::*;
use std::collections::BTreeMap;
use survival::post::Format;
use survival::report::PhaseReport;
use survival::save::{Drafts, GameFile, InputFile};
use survival::thread::split_thread;
use survival::{DayInput, DealSpec, Game, NightInput, PhaseInput, PlayerId, Post, Roster, Winner};

/// The screens of the Survival page.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Screen {
    Setup,
    Board,
    Night,
    Day,
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
        slug: "night",
        label: "Night",
        needs_game: true,
    },
    NavItem {
        slug: "day",
        label: "Day",
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

/// Slugs that are screens (not game ids) in a URL, with `import` (a file
/// handed over from the home page).
pub const SLUGS: &[&str] = &[
    "setup", "board", "night", "day", "posts", "history", "rules", "verify", "import",
];

impl Screen {
    const ALL: [Screen; 8] = [
        Screen::Setup,
        Screen::Board,
        Screen::Night,
        Screen::Day,
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
}

/// The open game.
#[derive(Clone, Debug, PartialEq)]
pub struct Live {
    /// Storage id.
    pub id: String,
    /// The moderator's name for the game.
    pub name: String,
    /// What the game was dealt from (players, edition, deck, Spotlight,
    /// options, seed, salt).
    pub spec: DealSpec,
    /// The engine's game: setup, start and every phase played.
    pub game: Game,
}

/// Which posts the Posts screen shows.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Stage {
    /// The deal: the deal post and every player's card message.
    Deal,
    /// Phase `i` (0-based) of the game: its morning or result post.
    Phase(usize),
    /// The count of the day being played, from the thread pasted so far.
    Count,
    /// The end of the game as a post of its own.
    End,
}

/// Everything the screens share.
#[derive(Copy, Clone)]
pub struct Ctx {
    /// The page's shell: route, messages, banners, read-only, save state.
    pub shell: Shell,
    pub live: RwSignal<Option<Live>>,
    /// Player name -> tonight's private message as pasted.
    pub night: RwSignal<BTreeMap<String, String>>,
    /// The bulk paste box (many private messages with headers).
    pub bulk: RwSignal<String>,
    /// Today's thread as pasted so far.
    pub thread: RwSignal<String>,
    /// The next page of the thread, pasted but not yet added.
    pub page: RwSignal<String>,
    /// Today's revote thread (S6.3).
    pub revote: RwSignal<String>,
    /// Player name -> decision text (S7).
    pub decisions: RwSignal<BTreeMap<String, String>>,
    /// The next deadline, UNIX seconds.
    pub deadline: RwSignal<Option<i64>>,
    /// The post format, saved with the game.
    pub format: RwSignal<Format>,
    /// Whether the deal post leaves out the deck in play.
    pub hide_deck: RwSignal<bool>,
    /// Which posts the Posts screen shows; `None` for the latest.
    pub posts_stage: RwSignal<Option<Stage>>,
}

impl Ctx {
    pub fn new(shell: Shell) -> Ctx {
        Ctx {
            shell,
            live: RwSignal::new(None),
            night: RwSignal::new(BTreeMap::new()),
            bulk: RwSignal::new(String::new()),
            thread: RwSignal::new(String::new()),
            page: RwSignal::new(String::new()),
            revote: RwSignal::new(String::new()),
            decisions: RwSignal::new(BTreeMap::new()),
            deadline: RwSignal::new(None),
            format: RwSignal::new(Format::BBCode),
            hide_deck: RwSignal::new(false),
            posts_stage: RwSignal::new(None),
        }
    }

    /// Says something visibly for a moment and to screen readers.
    pub fn say(&self, text: impl Into<String>) {
        self.shell.say(text);
    }

    /// Shows an error visibly for a few seconds and to screen readers.
    pub fn warn(&self, text: impl Into<String>) {
        self.shell.warn(text);
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
            Some(s) if !NAV[s as usize].needs_game || has_game => s,
            _ if has_game => Screen::Board,
            _ => Screen::Setup,
        }
    }

    /// The open game's roster (tracked).
    pub fn roster(&self) -> Option<Roster> {
        self.live
            .with(|l| l.as_ref().map(|l| l.game.setup().roster.clone()))
    }

    /// Opens a game: its drafts become the current drafts. Notices about
    /// the game open before no longer apply.
    pub fn open(&self, id: String, file: GameFile, game: Game) {
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
    }

    /// Starts a newly dealt game and opens it.
    pub fn start(&self, name: String, spec: DealSpec, game: Game) {
        let file = GameFile::new(&name, &spec, &game);
        self.open(crate::shell::io::new_id(), file, game);
    }

    /// Replaces the open game's state with a newer saved copy of the same
    /// game (a read-only tab following the writer), or sets a game opened.
    pub fn reload(&self, id: String, file: GameFile, game: Game) {
        let d = file.drafts;
        self.night.set(d.night);
        self.bulk.set(d.bulk);
        self.thread.set(d.thread);
        self.page.set(d.page);
        self.revote.set(d.revote);
        self.decisions.set(d.decisions);
        self.deadline.set(d.deadline);
        self.format.set(d.post_format);
        self.hide_deck.set(d.hide_deck);
        self.live.set(Some(Live {
            id,
            name: file.name,
            spec: file.setup,
            game,
        }));
    }

    /// The open game as a file, drafts included (untracked).
    pub fn game_file(&self) -> Option<GameFile> {
        self.live.with_untracked(|l| {
            l.as_ref().map(|l| {
                let mut f = GameFile::new(&l.name, &l.spec, &l.game);
                f.drafts = Drafts {
                    night: self.night.get_untracked(),
                    bulk: self.bulk.get_untracked(),
                    thread: self.thread.get_untracked(),
                    page: self.page.get_untracked(),
                    revote: self.revote.get_untracked(),
                    decisions: self.decisions.get_untracked(),
                    deadline: self.deadline.get_untracked(),
                    post_format: self.format.get_untracked(),
                    hide_deck: self.hide_deck.get_untracked(),
                };
                f
            })
        })
    }

    /// Tonight's private messages from the drafts, by player (tracked).
    /// Blank drafts and names that are not players are left out.
    pub fn night_actions(&self) -> BTreeMap<PlayerId, String> {
        let Some(roster) = self.roster() else {
            return BTreeMap::new();
        };
        self.night.with(|d| by_player(&roster, d))
    }

    /// The decision drafts, by player (tracked).
    fn decision_texts(&self) -> BTreeMap<PlayerId, String> {
        let Some(roster) = self.roster() else {
            return BTreeMap::new();
        };
        self.decisions.with(|d| by_player(&roster, d))
    }

    /// The current phase's input from the drafts (tracked), every decision
    /// draft included; a day's thread split by the engine unless `posts`
    /// (the thread already split) is given. `None` without an open game or
    /// once it is over.
    pub fn raw_input(&self, posts: Option<Vec<Post>>) -> Option<PhaseInput> {
        let night = self.live.with(|l| {
            l.as_ref()
                .filter(|l| !l.game.is_over())
                .map(|l| l.game.phase().is_night())
        })?;
        let roster = self.roster()?;
        let decisions = self.decision_texts();
        Some(if night {
            PhaseInput::Night(NightInput {
                actions: self.night_actions(),
                decisions,
            })
        } else {
            let posts = posts
                .unwrap_or_else(|| self.thread.with(|t| split_thread(&roster, t).known_posts()));
            let revote = self.revote.with(|t| split_thread(&roster, t).known_posts());
            PhaseInput::Day(DayInput {
                posts,
                revote,
                decisions,
            })
        })
    }

    /// What the engine makes of `input` (tracked): the input with only the
    /// decisions of players it asks a decision of (a draft left from an
    /// earlier preview, for a player no longer eliminated, would only be
    /// rejected), and its report.
    pub fn preview(&self, mut input: PhaseInput) -> Option<(PhaseInput, PhaseReport)> {
        self.live.with(|l| {
            let game = &l.as_ref()?.game;
            let report = game.preview(&input).ok()?;
            let decisions = match &mut input {
                PhaseInput::Night(n) => &mut n.decisions,
                PhaseInput::Day(d) => &mut d.decisions,
            };
            let asked = |p: &PlayerId| report.decisions.iter().any(|r| r.player == *p);
            if decisions.keys().all(asked) {
                return Some((input, report));
            }
            decisions.retain(|p, _| asked(p));
            let report = game.preview(&input).ok()?;
            Some((input, report))
        })
    }

    /// The current phase's input from the drafts, as it would be committed
    /// (tracked).
    pub fn phase_input(&self) -> Option<PhaseInput> {
        self.preview(self.raw_input(None)?).map(|(i, _)| i)
    }

    /// Plays the current phase with the drafts and keeps it; clears that
    /// phase's drafts. Only if the phase to play is still `phase_index`
    /// (0-based count of phases played), so a second click arriving after
    /// a commit does nothing.
    pub fn commit(&self, phase_index: usize) -> bool {
        let played = self
            .live
            .with_untracked(|l| l.as_ref().map(|l| l.game.phases().len()));
        if played != Some(phase_index) {
            return false;
        }
        let Some(input) = self.phase_input() else {
            return false;
        };
        let night = matches!(input, PhaseInput::Night(_));
        let mut done = false;
        self.live.update(|l| {
            if let Some(l) = l {
                done = l.game.commit(input).is_ok();
            }
        });
        if done {
            if night {
                self.night.set(BTreeMap::new());
                self.bulk.set(String::new());
            } else {
                self.thread.set(String::new());
                self.page.set(String::new());
                self.revote.set(String::new());
            }
            self.decisions.set(BTreeMap::new());
            self.deadline.set(None);
            self.posts_stage.set(None);
        }
        done
    }

    /// Undoes the last phase; its inputs become the drafts again (a day's
    /// posts as a thread with `== Name ==` headers).
    pub fn undo(&self) -> Option<String> {
        let mut back = None;
        self.live.update(|l| {
            let Some(l) = l else { return };
            let roster = l.game.setup().roster.clone();
            if let Some(p) = l.game.undo() {
                back = Some((p.report.phase.to_string(), InputFile::of(&roster, &p.input)));
            }
        });
        let (phase, input) = back?;
        match input {
            InputFile::Night { actions, decisions } => {
                self.night.set(actions);
                self.decisions.set(decisions);
            }
            InputFile::Day {
                posts,
                revote,
                decisions,
            } => {
                self.thread.set(thread_text(&posts));
                self.revote.set(thread_text(&revote));
                self.decisions.set(decisions);
            }
        }
        self.posts_stage.set(None);
        Some(phase)
    }
}

/// Name-keyed drafts as player-keyed input: blank texts and unknown names
/// left out.
fn by_player(roster: &Roster, d: &BTreeMap<String, String>) -> BTreeMap<PlayerId, String> {
    d.iter()
        .filter(|(_, t)| !t.trim().is_empty())
        .filter_map(|(n, t)| roster.find(n).map(|p| (p, t.clone())))
        .collect()
}

/// Posts written back as a thread the splitter reads again: `== Name ==`
/// header lines.
pub fn thread_text(posts: &[(String, String)]) -> String {
    posts
        .iter()
        .map(|(a, t)| format!("== {a} ==\n{t}\n"))
        .collect::<Vec<_>>()
        .join("\n")
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
        self.live.track();
        self.night.track();
        self.bulk.track();
        self.thread.track();
        self.page.track();
        self.revote.track();
        self.decisions.track();
        self.deadline.track();
        self.format.track();
        self.hide_deck.track();
    }

    fn progress(self) -> Option<usize> {
        self.live
            .with_untracked(|l| l.as_ref().map(|l| l.game.phases().len()))
    }

    fn file(self) -> Option<(String, Summary)> {
        let file = self.game_file()?;
        let (over, progress, phase) = self.live.with_untracked(|l| {
            l.as_ref().map_or((false, 0, String::new()), |l| {
                (l.game.is_over(), l.game.phases().len(), phase_text(&l.game))
            })
        });
        let summary = Summary {
            name: file.name.clone(),
            progress,
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

/// The winners as words: "Good", "the Buddies and Good", ...
pub fn winners_text(w: &[Winner]) -> String {
    w.iter()
        .map(|w| match w {
            Winner::Buddies => "the Buddies",
            Winner::Good => "Good",
            Winner::Evil => "the Evil Forces",
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Where a game stands, as the header and the home page say it.
pub fn phase_text(game: &Game) -> String {
    match game.state().winners() {
        Some(w) => format!("over: {} won", winners_text(w)),
        None => format!("{} next", game.phase()),
    }
}

/// "Ann, Bob" or "none".
pub fn list(v: &[String]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.join(", ")
    }
}

/// Player names in the roster's name order.
pub fn names(roster: &Roster, ids: impl IntoIterator<Item = PlayerId>) -> Vec<String> {
    roster.sorted_names(ids.into_iter().collect())
}

/// The rule options of a game in words, with their rule numbers.
pub fn option_lines(o: &survival::Options) -> Vec<String> {
    use survival::options::{Discovery, EvilWinsAt, SecondTie, VoteRule};
    let pick = |b: bool, yes: &str, no: &str| if b { yes } else { no }.to_string();
    vec![
        format!(
            "S5.5 the day decides by {}",
            pick(o.vote_rule == VoteRule::Majority, "majority", "plurality")
        ),
        format!(
            "S6.4 a revote that ties again: {}",
            pick(o.second_tie == SecondTie::None, "no elimination", "lot")
        ),
        format!(
            "S8.1 Evil wins at {}",
            pick(o.evil_wins_at == EvilWinsAt::Majority, "majority", "parity")
        ),
        format!(
            "S3.4 an exposed, watching Green Activist: {}",
            pick(
                o.green_activist_discovery == Discovery::Never,
                "never eliminated",
                "eliminated"
            )
        ),
        format!(
            "S9.1 cards revealed in posts: {}",
            pick(o.reveal_cards, "yes", "no")
        ),
    ]
}
