//! The Survival page's state: plain engine data inside signals, shared by
//! context. The open game is the engine's [`Game`] with its deal
//! specification; the drafts (unsent private messages, pasted threads,
//! decisions, the next deadline, post preferences) are saved in the game
//! file's `Drafts`. Nothing here applies a rule: inputs are built from the
//! drafts and handed to the engine.

use crate::shell::Shell;
use crate::shell::game::{GameKind, Screens};
use crate::shell::kinds::{Kind, SURVIVAL};
use crate::shell::ui::NavItem;
use console_core::events::{Event, ProdThreshold};
use leptos::prelude::*;
use std::collections::BTreeMap;
use survival::events::EventNote;
use survival::post::Format;
use survival::report::PhaseReport;
use survival::roster::Names;
use survival::save::{Drafts, GameFile, InputFile, phase_deadline_entry, undo_phase_deadline};
use survival::setup::Setup;
use survival::thread::Layout;
use survival::{DealSpec, Game, PhaseInput, PlayerId, Roster, State};

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
    NavItem::SETUP,
    NavItem::new("board", "Board", true),
    NavItem::new("night", "Night", true),
    NavItem::new("day", "Day", true),
    NavItem::POSTS,
    NavItem::HISTORY,
    NavItem::RULES,
    NavItem::VERIFY,
];

/// Slugs that are screens (not game ids) in a URL, with `import` (a file
/// handed over from the home page).
pub const SLUGS: &[&str] = &[
    "setup", "board", "night", "day", "posts", "history", "rules", "verify", "import",
];

/// Which posts the Posts screen shows.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Stage {
    /// The deal: the deal post and every player's card message.
    Deal,
    /// Phase `i` (0-based) of the game: its morning or result post.
    Phase(usize),
    /// The count of the day being played, from the thread pasted so far.
    Count,
    /// The moderator's events drafted for the phase to play (S10.7): their
    /// public post and the catch-up messages of new players.
    Events,
    /// The end of the game as a post of its own.
    End,
}

/// What the page keeps with the open game: its deal specification and the
/// drafts (unsent private messages, pasted threads, decisions, the next
/// deadline, post preferences), saved in the game file's `Drafts`; and
/// which posts the Posts screen shows (this page only).
#[derive(Copy, Clone)]
pub struct Kept {
    /// What the game was dealt from (players, edition, deck, Spotlight,
    /// options, seed, salt); `None` without a game.
    pub spec: RwSignal<Option<DealSpec>>,
    /// Player name -> tonight's private message as pasted.
    pub night: RwSignal<BTreeMap<String, String>>,
    /// The bulk paste box (many private messages with headers).
    pub bulk: RwSignal<String>,
    /// Today's thread as pasted so far.
    pub thread: RwSignal<String>,
    /// The page layout the moderator chose for the thread (S2.9), by its
    /// name ([`Layout::name`]); empty: the layout the engine detects. (A
    /// string signal, as the other drafts: no signal code of its own.)
    pub layout: RwSignal<String>,
    /// The next page of the thread, pasted but not yet added.
    pub page: RwSignal<String>,
    /// Today's revote thread (S6.3).
    pub revote: RwSignal<String>,
    /// Player name -> decision text (S7).
    pub decisions: RwSignal<BTreeMap<String, String>>,
    /// The next deadline, UNIX seconds.
    pub deadline: RwSignal<Option<i64>>,
    /// Each committed phase's deadline before its extensions (S10.5), as
    /// `Drafts::deadlines` writes them (a string signal, as the other
    /// drafts: no signal code of its own).
    pub deadlines: RwSignal<String>,
    /// The post format, saved with the game.
    pub format: RwSignal<Format>,
    /// Whether the deal post leaves out the deck in play.
    pub hide_deck: RwSignal<bool>,
    /// Which posts the Posts screen shows; `None` for the latest.
    pub posts_stage: RwSignal<Option<Stage>>,
    /// The moderator's events drafted for the phase to play (S10): they
    /// apply at its start and are committed with it.
    pub events: RwSignal<Vec<Event>>,
    /// The prod threshold (S10.8).
    pub prod: RwSignal<ProdThreshold>,
    /// Whether the vote count post uses the wagons layout (S10.9).
    pub wagons: RwSignal<bool>,
    /// The Day screen's last reading by the worker (`day_text`), kept
    /// while the screen is closed (not saved).
    pub day: RwSignal<Option<super::day_text::DayReply>>,
}

/// The Survival page (its kind for the shell's generic context).
pub struct Survival;

/// The page's context: the open game and what it keeps.
pub type Ctx = crate::shell::game::Ctx<Survival>;

impl Screens for Screen {
    const ALL: &'static [Screen] = &[
        Screen::Setup,
        Screen::Board,
        Screen::Night,
        Screen::Day,
        Screen::Posts,
        Screen::History,
        Screen::Rules,
        Screen::Verify,
    ];
    const NAV: &'static [NavItem] = NAV;
    const START: Screen = Screen::Board;
    const SETUP: Screen = Screen::Setup;
}

impl GameKind for Survival {
    type Game = Game;
    type File = GameFile;
    type Kept = Kept;
    type Screen = Screen;
    const KIND: &'static Kind = &SURVIVAL;
    const SLUGS: &'static [&'static str] = SLUGS;
    const MAIN_CLASS: &'static str = "survival";

    fn kept(_: Shell) -> Kept {
        Kept {
            spec: RwSignal::new(None),
            night: RwSignal::new(BTreeMap::new()),
            bulk: RwSignal::new(String::new()),
            thread: RwSignal::new(String::new()),
            layout: RwSignal::new(String::new()),
            page: RwSignal::new(String::new()),
            revote: RwSignal::new(String::new()),
            decisions: RwSignal::new(BTreeMap::new()),
            deadline: RwSignal::new(None),
            deadlines: RwSignal::new(String::new()),
            format: RwSignal::new(Format::BBCode),
            hide_deck: RwSignal::new(false),
            posts_stage: RwSignal::new(None),
            events: RwSignal::new(Vec::new()),
            prod: RwSignal::new(ProdThreshold::default()),
            wagons: RwSignal::new(false),
            day: RwSignal::new(None),
        }
    }

    fn track(k: Kept) {
        k.spec.track();
        k.night.track();
        k.bulk.track();
        k.thread.track();
        k.layout.track();
        k.page.track();
        k.revote.track();
        k.decisions.track();
        k.deadline.track();
        k.deadlines.track();
        k.format.track();
        k.hide_deck.track();
        k.events.track();
        k.prod.track();
        k.wagons.track();
    }

    fn load(ctx: Ctx, file: GameFile) {
        let d = file.drafts;
        ctx.spec.set(Some(file.setup));
        ctx.night.set(d.night);
        ctx.bulk.set(d.bulk);
        ctx.thread.set(d.thread);
        ctx.layout
            .set(d.layout.map(|l| l.name().to_string()).unwrap_or_default());
        ctx.page.set(d.page);
        ctx.revote.set(d.revote);
        ctx.decisions.set(d.decisions);
        ctx.deadline.set(d.deadline);
        ctx.deadlines.set(d.deadlines);
        ctx.format.set(d.post_format);
        ctx.hide_deck.set(d.hide_deck);
        ctx.events.set(d.events);
        ctx.prod.set(d.prod);
        ctx.wagons.set(d.wagons);
        ctx.day.set(None);
    }

    fn file(ctx: Ctx, name: &str, game: &Game) -> GameFile {
        let spec = ctx.spec.get_untracked().expect("a game open has its deal");
        let mut f = GameFile::new(name, &spec, game);
        f.drafts = Drafts {
            night: ctx.night.get_untracked(),
            bulk: ctx.bulk.get_untracked(),
            thread: ctx.thread.get_untracked(),
            layout: ctx.layout.with_untracked(|l| Layout::from_name(l)),
            page: ctx.page.get_untracked(),
            revote: ctx.revote.get_untracked(),
            decisions: ctx.decisions.get_untracked(),
            deadline: ctx.deadline.get_untracked(),
            deadlines: ctx.deadlines.get_untracked(),
            post_format: ctx.format.get_untracked(),
            hide_deck: ctx.hide_deck.get_untracked(),
            events: ctx.events.get_untracked(),
            prod: ctx.prod.get_untracked(),
            wagons: ctx.wagons.get_untracked(),
        };
        f
    }

    fn init(ctx: Ctx) {
        // Page-wide: a commit or a split asked of the worker is taken when
        // it answers, whatever screen is shown by then.
        use super::screens::{common::Committer, night::NightSplit, posts::FileJson};
        let file = FileJson::new(ctx);
        provide_context(Committer::new(ctx, file));
        provide_context(NightSplit::new(ctx, file));
    }

    fn opened(ctx: Ctx) {
        ctx.posts_stage.set(None);
    }

    fn view(screen: Screen) -> AnyView {
        use super::screens;
        match screen {
            Screen::Setup => screens::setup::Setup().into_any(),
            Screen::Board => screens::board::Board().into_any(),
            Screen::Night => screens::night::Night().into_any(),
            Screen::Day => screens::day::Day().into_any(),
            Screen::Posts => screens::posts::Posts().into_any(),
            Screen::History => screens::history::History().into_any(),
            Screen::Rules => screens::rules::Rules().into_any(),
            Screen::Verify => screens::verify::Verify().into_any(),
        }
    }
}

/// What the screens ask of the open game, and the page's own changes to
/// it: inputs built from the drafts and handed to the engine.
impl Ctx {
    /// The phase to play as it starts once the drafted events apply
    /// (tracked, S10.2): the setup naming the slots, the state, what
    /// each event did.
    pub fn opening(&self) -> Option<(Setup, State, Vec<EventNote>)> {
        self.events
            .with(|e| self.live.with(|l| l.as_ref().map(|l| l.game.start_with(e))))
    }

    /// The phase's deadline with the drafted extensions (S10.5), UNIX
    /// seconds (tracked).
    pub fn deadline_now(&self) -> Option<i64> {
        let set = self.deadline.get();
        self.events
            .with(|e| console_core::PhaseDeadline::with_events(set, e).current())
    }

    /// Starts a newly dealt game and opens it.
    pub fn deal(&self, name: String, spec: DealSpec, game: Game) {
        let file = GameFile::new(&name, &spec, &game);
        self.start(file, game);
    }

    /// Plays the current phase with `input` (the drafts read as the
    /// preview took them: `day_text::input`) and keeps it; clears that
    /// phase's drafts. Only if the phase to play is still `phase_index`
    /// (0-based count of phases played), so a second click arriving after
    /// a commit does nothing.
    pub fn commit(&self, phase_index: usize, input: PhaseInput) -> bool {
        let played = self
            .live
            .with_untracked(|l| l.as_ref().map(|l| l.game.phases().len()));
        if played != Some(phase_index) {
            return false;
        }
        let night = matches!(input, PhaseInput::Night(_));
        let events = self.events.get_untracked();
        let done = self
            .commit_phase(survival::PhasePlay { input, events })
            .is_some_and(|r| r.is_ok());
        if done {
            if night {
                self.night.set(BTreeMap::new());
                self.bulk.set(String::new());
            } else {
                self.thread.set(String::new());
                self.layout.set(String::new());
                self.page.set(String::new());
                self.revote.set(String::new());
            }
            self.decisions.set(BTreeMap::new());
            self.events.set(Vec::new());
            // The phase's deadline is kept for its extension post.
            let at = phase_deadline_entry(phase_index, self.deadline.get_untracked());
            self.deadlines.update(|v| v.push_str(&at));
            self.deadline.set(None);
            self.posts_stage.set(None);
            // The day's last reading was of the phase committed.
            self.day.set(None);
        }
        done
    }

    /// Undoes the last phase; its inputs and events become the drafts
    /// again (a day's posts as a thread with `== Name ==` headers, the
    /// slots named as the phase named them).
    pub fn undo(&self) -> Option<String> {
        if !self.writable() {
            return None;
        }
        let mut back = None;
        self.live.update(|l| {
            let Some(l) = l else { return };
            if let Some(p) = l.game.undo() {
                let roster = l.game.setup_of(&p.after).roster;
                back = Some((
                    p.report.phase.to_string(),
                    InputFile::of(&roster, &p.input),
                    p.events,
                ));
            }
        });
        let (phase, input, events) = back?;
        self.events.set(events);
        // The phase's deadline comes back with it.
        let n = self
            .live
            .with_untracked(|l| l.as_ref().map_or(0, |l| l.game.phases().len()));
        // (Its entry leaves the drafts: an undo leaves no trace.)
        let mut at = None;
        self.deadlines.update(|d| at = undo_phase_deadline(d, n));
        self.deadline.set(at);
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
                self.layout.set(String::new());
                self.revote.set(thread_text(&revote));
                self.decisions.set(decisions);
            }
        }
        self.posts_stage.set(None);
        self.day.set(None);
        Some(phase)
    }
}

/// What the engine makes of `input` in `game` with the drafted `events`:
/// the input with only the decisions of players it asks a decision of (a
/// draft left from an earlier preview, for a player no longer eliminated,
/// would only be rejected), and its report; `None` when the engine
/// refuses the input. (The page's preview and the worker's, `day_text`.)
pub fn preview_of(
    game: &Game,
    mut input: PhaseInput,
    events: &[Event],
) -> Option<(PhaseInput, PhaseReport)> {
    let report = game.preview_with(&input, events).ok()?;
    let decisions = match &mut input {
        PhaseInput::Night(n) => &mut n.decisions,
        PhaseInput::Day(d) => &mut d.decisions,
    };
    let asked = |p: &PlayerId| report.decisions.iter().any(|r| r.player == *p);
    if decisions.keys().all(asked) {
        return Some((input, report));
    }
    decisions.retain(|p, _| asked(p));
    let report = game.preview_with(&input, events).ok()?;
    Some((input, report))
}

/// Name-keyed drafts as player-keyed input: blank texts and unknown names
/// left out.
pub fn by_player(names: &Names, d: &BTreeMap<String, String>) -> BTreeMap<PlayerId, String> {
    d.iter()
        .filter(|(_, t)| !t.trim().is_empty())
        .filter_map(|(n, t)| names.exact(n).map(|r| (r.player, t.clone())))
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

/// The winners as words: "Good", "the Buddies and Good", ...
pub use survival::win::winners_text;

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
    use survival::options::{
        Discovery, EvilWinsAt, InvalidVote, SecondTie, SignatureVotes, VoteBold, VotePlace,
        VoteRule,
    };
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
        format!(
            "S2.8 reading rules: {}",
            pick(
                o.second_reading(),
                "edition 2 (nicknames, guesses, every vote form)",
                "edition 1 (the first rules)"
            )
        ),
        format!(
            "S5.3 votes must be bold: {}",
            pick(o.vote_bold == VoteBold::Required, "yes", "no")
        ),
        format!(
            "S5.3 a vote stands {}",
            pick(
                o.vote_place == VotePlace::Anywhere,
                "anywhere in its line when bold",
                "at the start of its line"
            )
        ),
        format!(
            "S5.4 a vote naming no candidate {}",
            pick(
                o.invalid_vote == InvalidVote::Withdraws,
                "withdraws the earlier vote",
                "leaves the earlier vote standing"
            )
        ),
        format!(
            "S5.6 votes for no elimination: {}",
            pick(o.no_elimination, "counted", "rejected")
        ),
        format!(
            "S5.3 a vote in a signature: {}",
            pick(
                o.signature_votes == SignatureVotes::Counted,
                "counted",
                "ignored"
            )
        ),
    ]
}
