//! The app's state: plain engine data inside signals, shared by context.
//! Persistence lives in `storage`; this module only changes state.

use crate::shell::Shell;
use crate::shell::game::{GameKind, Screens};
use crate::shell::kinds::{Kind, MINI_SURVIVOR};
use crate::shell::ui::NavItem;
use console_core::Session;
use console_core::text::appended;
use leptos::prelude::*;
use mini_survivor::post::Format;
use mini_survivor::save::{GameFile, deadline_of, next_deadline, set_deadline};
use mini_survivor::{Game, Order, PlayerId, Submission, Submissions, SurvivorId, check_submission};
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
    NavItem::SETUP,
    NavItem::new("board", "Board", true),
    NavItem::new("orders", "Orders", true),
    NavItem::new("adjudicate", "Adjudicate", true),
    NavItem::POSTS,
    NavItem::HISTORY,
    NavItem::RULES,
    NavItem::VERIFY,
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

/// What the page keeps with the open game: the drafts (each player's
/// submission, the bulk box), each round's deadline, the post format and
/// the queued submissions of a demo or imported case, all saved in the
/// game file; and the board's selection and which posts the Posts screen
/// shows (this page only).
#[derive(Copy, Clone)]
pub struct Kept {
    /// Player name -> draft submission for the next round.
    pub drafts: RwSignal<BTreeMap<String, String>>,
    /// The bulk paste box.
    pub bulk: RwSignal<String>,
    /// What the bulk box's splits took this round, by roster index (the
    /// same pile split again takes nothing twice).
    pub bulk_seen: RwSignal<BTreeMap<String, String>>,
    /// Each round's deadline, UNIX seconds, by round number (R9.6).
    pub deadlines: RwSignal<Vec<(u16, i64)>>,
    /// Queued submissions for coming rounds (the demo, an imported case),
    /// by index of the round played in this game.
    pub script: RwSignal<Vec<BTreeMap<String, String>>>,
    /// Queued events (R10) for coming rounds (an imported case's), by the
    /// same index; each round's are given once, when it comes up.
    pub script_events: RwSignal<Vec<Vec<mini_survivor::RoundEvent>>>,
    /// Whether the board shows who controls each survivor.
    pub show_controllers: RwSignal<bool>,
    /// The post format, saved with the game.
    pub format: RwSignal<Format>,
    /// The survivor selected on the board.
    pub selected: RwSignal<Option<SurvivorId>>,
    /// Which posts the Posts screen shows: after this many rounds of the
    /// game (0: the start); `None` for the latest.
    pub posts_stage: RwSignal<Option<usize>>,
}

/// The Mini-Survivor page (its kind for the shell's generic context).
pub struct MiniSurvivor;

/// The page's context: the open game and what it keeps.
pub type Ctx = crate::shell::game::Ctx<MiniSurvivor>;

impl Screens for Screen {
    const ALL: &'static [Screen] = &[
        Screen::Setup,
        Screen::Board,
        Screen::Orders,
        Screen::Adjudicate,
        Screen::Posts,
        Screen::History,
        Screen::Rules,
        Screen::Verify,
    ];
    const NAV: &'static [NavItem] = NAV;
    const START: Screen = Screen::Board;
    const SETUP: Screen = Screen::Setup;
}

impl GameKind for MiniSurvivor {
    type Game = Game;
    type File = GameFile;
    type Kept = Kept;
    type Screen = Screen;
    const KIND: &'static Kind = &MINI_SURVIVOR;
    const SLUGS: &'static [&'static str] = SLUGS;

    fn kept(_: Shell) -> Kept {
        Kept {
            drafts: RwSignal::new(BTreeMap::new()),
            bulk: RwSignal::new(String::new()),
            bulk_seen: RwSignal::new(BTreeMap::new()),
            deadlines: RwSignal::new(Vec::new()),
            script: RwSignal::new(Vec::new()),
            script_events: RwSignal::new(Vec::new()),
            show_controllers: RwSignal::new(false),
            format: RwSignal::new(Format::BBCode),
            selected: RwSignal::new(None),
            posts_stage: RwSignal::new(None),
        }
    }

    fn track(k: Kept) {
        k.drafts.track();
        k.bulk.track();
        k.bulk_seen.track();
        k.deadlines.track();
        k.script.track();
        k.script_events.track();
        k.format.track();
    }

    fn load(ctx: Ctx, file: GameFile) {
        ctx.drafts.set(file.drafts);
        ctx.bulk.set(file.bulk_draft);
        ctx.bulk_seen.set(file.bulk_seen);
        ctx.format.set(file.post_format);
        ctx.deadlines.set(file.deadlines);
        ctx.script.set(file.script);
        ctx.script_events.set(file.script_events);
    }

    fn file(ctx: Ctx, name: &str, game: &Game) -> GameFile {
        let mut f = GameFile::of(name, game);
        f.drafts = ctx.drafts.get_untracked();
        f.bulk_draft = ctx.bulk.get_untracked();
        f.bulk_seen = ctx.bulk_seen.get_untracked();
        f.deadlines = ctx.deadlines.get_untracked();
        f.post_format = ctx.format.get_untracked();
        f.script = ctx.script.get_untracked();
        f.script_events = ctx.script_events.get_untracked();
        f
    }

    fn init(ctx: Ctx) {
        // Page-wide: a split asked of the worker is taken when it
        // answers, whatever screen is shown by then.
        provide_context(super::screens::orders::OrdersSplit::new(ctx));
    }

    fn opened(ctx: Ctx) {
        ctx.selected.set(None);
        ctx.posts_stage.set(None);
        ctx.fill_from_script();
    }

    fn view(screen: Screen) -> AnyView {
        use super::screens;
        match screen {
            Screen::Setup => screens::setup::Setup().into_any(),
            Screen::Board => screens::board::Board().into_any(),
            Screen::Orders => screens::orders::Orders().into_any(),
            Screen::Adjudicate => screens::adjudicate::Adjudicate().into_any(),
            Screen::Posts => screens::posts::Posts().into_any(),
            Screen::History => screens::history::History().into_any(),
            Screen::Rules => screens::rules::Rules().into_any(),
            Screen::Verify => screens::verify::Verify().into_any(),
        }
    }

    const ARRIVALS: &'static [&'static str] = &["demo"];
    fn arrive_at(ctx: Ctx, _place: &str) {
        let (file, game) = super::demo::demo();
        ctx.start(file, game);
        ctx.go(Screen::Board);
        ctx.say("Demo game opened: the players' orders for round 1 are in the Orders screen");
    }

    /// A file without a `format` member is read as a rules-case file.
    fn import_other(ctx: Ctx, text: &str) -> bool {
        super::app::import_case(ctx, text);
        true
    }
}

/// What the screens ask of the open game, and the page's own changes to
/// it: submissions built from the drafts and handed to the engine.
impl Ctx {
    /// The round to play next (or, once over, the one after the last
    /// played), tracked.
    pub fn next_round(&self) -> Option<u16> {
        self.with_game(|g| g.position().round())
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
                    // Invisible characters copied from a forum fold away.
                    let text = drafts
                        .get(setup.players.name(p))
                        .map(|t| console_core::text::visible(t).into_owned())
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

    /// The round's submissions from the drafts (tracked): (player, text)
    /// for each draft naming a player.
    pub fn submissions(&self) -> Submissions {
        let drafts = self.drafts.get();
        self.with_game(|g| {
            let players = &g.setup().players;
            drafts
                .into_iter()
                .filter_map(|(n, t)| {
                    let t = console_core::text::visible(&t).into_owned();
                    players.find(&n).map(|p| (p, t))
                })
                .collect()
        })
        .unwrap_or_default()
    }

    /// The players the engine says still owe orders (survivors left and a
    /// blank draft), by name (untracked).
    pub fn missing_players(&self) -> Vec<String> {
        let subs = untrack(|| self.submissions());
        self.with_game_untracked(|g| {
            g.owed(&subs)
                .into_iter()
                .map(|p| g.setup().players.name(p).to_string())
                .collect()
        })
        .unwrap_or_default()
    }

    /// Plays the next round with the drafts; clears them.
    pub fn commit_round(&self) -> bool {
        let subs = untrack(|| self.submissions());
        let done = self.commit_phase(subs).is_some_and(|r| r.is_ok());
        if done {
            self.drafts.set(BTreeMap::new());
            self.bulk.set(String::new());
            self.bulk_seen.set(BTreeMap::new());
            self.selected.set(None);
            self.fill_from_script();
        }
        done
    }

    /// After a round is played (R9.6): when the next round has no deadline
    /// and the played round had one, the next round's is the played
    /// round's (with its extensions, R10.9) plus the played round's length
    /// (the engine's [`next_deadline`]). Returns what was set, in words.
    pub fn default_deadline(&self) -> Option<String> {
        let (played, next, (at, length, measured)) = untrack(|| {
            self.with_game_untracked(|g| {
                let played = g.rounds().last()?.report.round;
                let next = g.position().round();
                let set = |r: u16| self.deadlines.with(|d| deadline_of(d, r));
                if g.is_over() || set(next).is_some() {
                    return None;
                }
                let end = |r: u16| super::screens::players::extended_deadline(*self, g, r);
                let before = played.checked_sub(1).and_then(end);
                Some((
                    played,
                    next,
                    next_deadline(before, set(played), end(played))?,
                ))
            })
        })
        .flatten()?;
        self.deadlines.update(|d| set_deadline(d, next, Some(at)));
        Some(format!(
            "Round {next}'s deadline: {} (round {played}'s plus {}{}, R9.6; change it on the Posts screen)",
            mini_survivor::post::utc(at),
            console_core::events::duration_text(length),
            if measured {
                format!(", the length of round {played}")
            } else {
                String::new()
            }
        ))
    }

    /// Undoes the round under way's last event (R10) if it has one (a
    /// replacement's draft goes back to the old name); else the last
    /// round with its events, whose submissions become the drafts again.
    /// Returns what was undone, in words.
    pub fn undo(&self) -> Option<String> {
        let event = self
            .update_game(|g| {
                let n = g.pending_notes().last().cloned()?;
                g.undo_event().map(|_| n)
            })
            .flatten();
        if let Some(n) = event {
            if let mini_survivor::EventNote::Replace { player, old, .. } = &n {
                self.drafts.update(|d| {
                    if let Some(t) = d.remove(player) {
                        d.insert(old.clone(), t);
                    }
                });
            }
            return Some(format!("Event undone: {}", n.text()));
        }
        let subs = self.undo_phase()?;
        let d = self
            .with_game_untracked(|g| {
                let players = &g.setup().players;
                subs.into_iter()
                    .map(|(p, t)| (players.name(p).to_string(), t))
                    .collect::<BTreeMap<_, _>>()
            })
            .unwrap_or_default();
        self.drafts.set(d);
        self.bulk_seen.set(BTreeMap::new());
        Some("Last round undone; its orders are back in the drafts".to_string())
    }

    /// With a script (the demo, an imported case), pre-fills empty drafts
    /// for the coming round and gives its queued events (once).
    pub fn fill_from_script(&self) {
        let round = self
            .with_game_untracked(|g| (!g.is_over()).then(|| g.rounds().len()))
            .flatten();
        if let Some(i) = round
            && self.writable()
            && self
                .script_events
                .with_untracked(|s| s.get(i).is_some_and(|e| !e.is_empty()))
        {
            let mut events = Vec::new();
            self.script_events
                .update(|s| events = std::mem::take(&mut s[i]));
            self.update_game(|g| {
                for e in events {
                    g.add_event(e);
                }
            });
        }
        let next = round.and_then(|i| self.script.with_untracked(|s| s.get(i).cloned()));
        if let Some(mut script) = next
            && self
                .drafts
                .with_untracked(|d| d.values().all(|t| t.trim().is_empty()))
        {
            // Orders under a name replaced this round go to the new name,
            // as when the replacement is made on the page.
            self.with_game_untracked(|g| {
                for n in g.pending_notes() {
                    if let mini_survivor::EventNote::Replace { player, old, .. } = n
                        && let Some(t) = script.remove(old)
                    {
                        script.insert(player.clone(), t);
                    }
                }
            });
            self.drafts.set(script);
        }
    }
}
