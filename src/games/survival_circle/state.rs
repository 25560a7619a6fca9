//! The page's state: the engine's game inside signals, shared by context,
//! and every change the screens make to it (a move, undo, redo, a pasted
//! record, the AI's answers). The rules are the engine's: this module only
//! asks it what is legal and plays what it accepts.

use super::protocol::Task;
use super::reader::Reader;
use super::thinker::{Answer, Thinker};
use crate::shell::game::{GameKind, Screens};
use crate::shell::kinds::{Kind, SURVIVAL_CIRCLE};
use crate::shell::ui::NavItem;
use crate::shell::{Shell, storage};
use leptos::prelude::*;
use survival_circle::ai::{MoveEval, SearchResult};
use survival_circle::post::{Format, landing_text};
use survival_circle::save::{Drafts, GameFile, PasteKind};
use survival_circle::{Event, Forfeit, Game, Mode, MoveReport, Player, State, Value};

/// The screens of the Survival circle page.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Screen {
    Setup,
    Play,
    Forum,
    History,
    Rules,
}

/// The navigation: every screen with its URL slug and label.
pub const NAV: &[NavItem] = &[
    NavItem::SETUP,
    NavItem::new("play", "Play", true),
    NavItem::new("forum", "Forum", true),
    NavItem::HISTORY,
    NavItem::RULES,
];

/// Slugs that are screens (not game ids) in a URL, with `import` (a file
/// handed over by the home page).
pub const SLUGS: &[&str] = &["setup", "play", "forum", "history", "rules", "import"];

/// The AI's last move, as the Play screen reports it: the engine's
/// result (shown only while it describes the game, after an undo it does
/// not) and the milliseconds spent, if known.
#[derive(Clone, Debug, PartialEq)]
pub struct AiMove {
    /// The search's result for the move played.
    pub result: SearchResult,
    /// Milliseconds spent (the worker's count; `None` for "Move now").
    pub ms: Option<f64>,
}

/// The AI's time per move: the choices, in milliseconds.
pub const THINK_CHOICES: [u32; 6] = [100, 300, 1000, 2000, 5000, 10000];
/// Where the chosen time per move is kept (a preference of this browser).
const THINK_KEY: &str = "survival-circle.think_ms";
/// The hint's time budget, in milliseconds.
pub const HINT_MS: f64 = 1000.0;

/// What the page keeps beside the open game: saved with it, the Forum
/// screen's draft (its paste box and what kind of paste it holds); this
/// page only, the AI's worker and its state, the preview and hint, the
/// post format, the long records' reader.
#[derive(Copy, Clone)]
pub struct Kept {
    /// The value whose button is hovered, focused or tapped once: the
    /// board and the preview line show what it would do (C3-C6).
    pub preview: RwSignal<Option<Value>>,
    /// The value tapped once on a touch screen: a second tap plays it.
    pub armed: RwSignal<Option<Value>>,
    /// The last hint: the position it is for and every legal value's score.
    pub hint: RwSignal<Option<(State, Vec<MoveEval>)>>,
    /// The AI's worker and the question in progress.
    pub thinker: Thinker,
    /// The player stopped the AI: it does not move until told to.
    pub paused: RwSignal<bool>,
    /// The AI's time per move, in milliseconds.
    pub think_ms: RwSignal<u32>,
    /// The AI's last move, for the Play screen.
    pub ai_move: RwSignal<Option<AiMove>>,
    /// The post format of the Forum screen.
    pub format: RwSignal<Format>,
    /// Long records pasted on the Forum screen, read in a Web Worker.
    pub reading: Reader,
    /// The Forum screen's paste box, not played yet (saved as the file's
    /// `drafts.forum`; emptied when what it holds is played).
    pub forum: RwSignal<String>,
    /// What the paste box holds (saved as `drafts.kind`).
    pub paste_kind: RwSignal<PasteKind>,
}

/// The Survival circle page (its kind for the shell's generic context).
pub struct Circle;

/// The page's context: the open game and what it keeps.
pub type Ctx = crate::shell::game::Ctx<Circle>;

impl Screens for Screen {
    const ALL: &'static [Screen] = &[
        Screen::Setup,
        Screen::Play,
        Screen::Forum,
        Screen::History,
        Screen::Rules,
    ];
    const NAV: &'static [NavItem] = NAV;
    const START: Screen = Screen::Play;
    const SETUP: Screen = Screen::Setup;
}

impl GameKind for Circle {
    type Game = Game;
    type File = GameFile;
    type Kept = Kept;
    type Screen = Screen;
    const KIND: &'static Kind = &SURVIVAL_CIRCLE;
    const SLUGS: &'static [&'static str] = SLUGS;

    fn kept(_: Shell) -> Kept {
        let think: u32 = storage::preference(THINK_KEY).unwrap_or(1000);
        Kept {
            preview: RwSignal::new(None),
            armed: RwSignal::new(None),
            hint: RwSignal::new(None),
            thinker: Thinker::new(),
            paused: RwSignal::new(false),
            think_ms: RwSignal::new(if THINK_CHOICES.contains(&think) {
                think
            } else {
                1000
            }),
            ai_move: RwSignal::new(None),
            format: RwSignal::new(Format::Markdown),
            reading: Reader::new(),
            forum: RwSignal::new(String::new()),
            paste_kind: RwSignal::new(PasteKind::Post),
        }
    }

    /// Answers from the AI's worker come back to the context; the AI moves
    /// when it is its turn.
    /// A message leaves with the screen it was said on (the screens show
    /// messages in their flow, `screens::play::Said`).
    fn init(ctx: Ctx) {
        ctx.thinker.on_answer(move |a| ctx.answered(a));
        Effect::new(move |_| ctx.ai_turn());
        let shell = ctx.shell;
        Effect::new(move |_| {
            let screen = shell.route.with(|r| r.screen.clone());
            if shell
                .toast
                .with_untracked(|t| t.as_ref().is_some_and(|t| t.screen != screen))
            {
                shell.toast.set(None);
            }
        });
    }

    /// The draft is saved: a change to it is autosaved (and undone in a
    /// read-only tab).
    fn track(k: Kept) {
        k.forum.track();
        k.paste_kind.track();
    }

    /// The file's draft becomes the Forum screen's (set only when it
    /// differs: a long record is not read again when the writing tab
    /// saves).
    fn load(ctx: Ctx, file: GameFile) {
        ctx.preview.set(None);
        ctx.armed.set(None);
        ctx.hint.set(None);
        let Drafts { forum, kind } = file.drafts;
        if ctx.forum.with_untracked(|t| *t != forum) {
            ctx.forum.set(forum);
        }
        if ctx.paste_kind.get_untracked() != kind {
            ctx.paste_kind.set(kind);
        }
    }

    fn file(ctx: Ctx, _: &str, game: &Game) -> GameFile {
        GameFile::with_drafts(
            game,
            Drafts {
                forum: ctx.forum.get_untracked(),
                kind: ctx.paste_kind.get_untracked(),
            },
        )
    }

    /// Whatever the AI was doing for the game open before stops.
    fn opened(ctx: Ctx) {
        ctx.thinker.stop();
        ctx.paused.set(false);
        ctx.ai_move.set(None);
    }

    fn view(screen: Screen) -> AnyView {
        use super::screens;
        match screen {
            Screen::Setup => screens::setup::Setup().into_any(),
            Screen::Play => screens::play::Play().into_any(),
            Screen::Forum => screens::forum::Forum().into_any(),
            Screen::History => screens::history::History().into_any(),
            Screen::Rules => screens::rules::Rules().into_any(),
        }
    }
}

/// The page's changes to the open game: moves, undo, redo, a pasted
/// record, the AI's answers.
impl Ctx {
    /// Whether a person may play a value now: a game is open and not over,
    /// the AI is not the one to move, and this tab may write.
    pub fn human_to_move(&self) -> bool {
        !self.shell.read_only.get()
            && self
                .with_game(|g| !g.is_over() && g.ai_to_move().is_none())
                .unwrap_or(false)
    }

    /// Plays `value` for the player to move (a person: click, tap, key or
    /// pasted move); a refused move is said with the engine's reason (C8.2)
    /// and changes nothing.
    pub fn play(&self, value: Value) {
        if self.shell.read_only.get_untracked() {
            return;
        }
        if self
            .with_game_untracked(|g| g.ai_to_move().is_some())
            .unwrap_or(true)
        {
            self.warn("It is the AI's turn");
            return;
        }
        self.thinker.stop();
        self.paused.set(false);
        self.apply(value);
    }

    /// Sets the Forum screen's paste box (typed or pasted); refused in a
    /// read-only tab, which says so and shows the saved draft again.
    pub fn set_forum(&self, text: String) {
        if self.forum.with_untracked(|t| *t == text) {
            return;
        }
        if !self.writable() {
            self.forum.notify();
            return;
        }
        self.forum.set(text);
    }

    /// Sets what the paste box holds; refused in a read-only tab, which
    /// says so and shows the saved choice again.
    pub fn set_paste_kind(&self, kind: PasteKind) {
        if self.paste_kind.get_untracked() == kind {
            return;
        }
        if !self.writable() {
            self.paste_kind.notify();
            return;
        }
        self.paste_kind.set(kind);
    }

    /// Empties the paste box: what it held was played (its kind stays).
    pub fn clear_forum(&self) {
        if self.forum.with_untracked(|t| !t.is_empty()) {
            self.forum.set(String::new());
        }
    }

    /// Plays `value` in the open game and says what it did.
    fn apply(&self, value: Value) -> bool {
        let result = self.commit_phase(value).map(|r| {
            r.map(|r| {
                self.with_game_untracked(|g| move_text(g, &r))
                    .unwrap_or_default()
            })
        });
        self.preview.set(None);
        self.armed.set(None);
        self.hint.set(None);
        match result {
            Some(Ok(text)) => {
                self.say(text);
                true
            }
            Some(Err(e)) => {
                self.warn(format!("Not played: {e}"));
                false
            }
            None => false,
        }
    }

    /// Takes back the last move; against the AI, back to the person's turn
    /// (the AI's reply and the person's move). A moderator's event made
    /// after the last move (a forfeit, a replacement, C9) is withdrawn
    /// first, alone.
    pub fn undo(&self) {
        if !self.writable() {
            return;
        }
        self.thinker.stop();
        let mut event = None;
        self.live.update(|l| {
            if let Some(l) = l {
                event = l.game.undo_event();
            }
        });
        if let Some(e) = event {
            self.after_turn_change();
            self.say(match e {
                Event::Forfeit(f) => format!("Undone: {}'s forfeit; the game goes on", f.by),
                Event::Replacement(r) => {
                    format!("Undone: {} replacing {} as {}", r.new, r.old, r.side)
                }
            });
            return;
        }
        let mut undone = Vec::new();
        self.live.update(|l| {
            let Some(l) = l else { return };
            while let Some(v) = l.game.undo() {
                undone.push(v);
                if l.game.ai_to_move().is_none() {
                    break;
                }
            }
        });
        self.after_turn_change();
        if !undone.is_empty() {
            let list: Vec<String> = undone.iter().map(Value::to_string).collect();
            self.say(format!("Undone: {}", list.join(", ")));
        }
    }

    /// Plays the last undone move again; against the AI, on to the
    /// person's turn.
    pub fn redo(&self) {
        if !self.writable() {
            return;
        }
        self.thinker.stop();
        let mut redone = Vec::new();
        self.live.update(|l| {
            let Some(l) = l else { return };
            while let Some(r) = l.game.redo() {
                redone.push(r.value);
                if l.game.ai_to_move().is_none() || !l.game.can_redo() {
                    break;
                }
            }
        });
        self.after_turn_change();
        if !redone.is_empty() {
            let list: Vec<String> = redone.iter().map(Value::to_string).collect();
            self.say(format!("Redone: {}", list.join(", ")));
        }
    }

    /// Takes back every move after the first `n` (they can be redone).
    pub fn back_to(&self, n: usize) {
        if !self.writable() {
            return;
        }
        self.thinker.stop();
        self.live.update(|l| {
            if let Some(l) = l {
                while l.game.moves().len() > n && l.game.can_undo() {
                    l.game.undo();
                }
            }
        });
        self.after_turn_change();
        // Back at the AI's turn, it waits to be asked (Resume).
        self.paused
            .set(self.with_game_untracked(|g| g.ai_to_move().is_some()) == Some(true));
        self.say(format!("Back to the position after {n} moves"));
    }

    fn after_turn_change(&self) {
        self.paused.set(false);
        self.preview.set(None);
        self.armed.set(None);
        self.hint.set(None);
    }

    /// A replacement (C9.4): `name` takes over `side`; said, or refused
    /// with the engine's reason. Returns whether it was made.
    pub fn replace_player(&self, side: Player, name: &str) -> bool {
        if self.shell.read_only.get_untracked() {
            return false;
        }
        let mut done = None;
        self.live.update(|l| {
            if let Some(l) = l {
                done = Some(l.game.replace(side, name));
            }
        });
        match done {
            Some(Ok(old)) => {
                self.say(format!(
                    "{} replaces {old} as {side}: the position and the hand stay",
                    name.trim()
                ));
                true
            }
            Some(Err(e)) => {
                self.warn(format!("Not replaced: {e}."));
                false
            }
            None => false,
        }
    }

    /// A forfeit (C9.1): the game ends at once with the engine's result
    /// (C9.2); refused when the game is over.
    pub fn forfeit(&self, f: Forfeit) -> bool {
        if self.shell.read_only.get_untracked() {
            return false;
        }
        self.thinker.stop();
        let mut done = None;
        self.live.update(|l| {
            if let Some(l) = l {
                done = Some(l.game.forfeit_game(f).map(|()| result_text(&l.game)));
            }
        });
        self.after_turn_change();
        match done {
            Some(Ok(result)) => {
                self.say(format!("Game over: {}.", result.unwrap_or_default()));
                true
            }
            Some(Err(e)) => {
                self.warn(format!("No forfeit: {e}."));
                false
            }
            None => false,
        }
    }

    /// Replaces the open game with `game` (a pasted record's result, checked
    /// by the engine on a copy first). Returns whether it did: a read-only
    /// tab refuses (and says so).
    pub fn replace_game(&self, game: Game) -> bool {
        if !self.writable() {
            return false;
        }
        self.thinker.stop();
        self.live.update(|l| {
            if let Some(l) = l {
                l.game = game;
            }
        });
        self.after_turn_change();
        true
    }

    /// Asks the AI for its move when it is to move (called by an effect:
    /// the game changed, the AI was resumed, the question ended). The
    /// question is sent from a task of its own, after the page has drawn
    /// the move that made it the AI's turn.
    pub fn ai_turn(&self) {
        if self.shell.read_only.get() || self.paused.get() || self.thinker.busy() {
            return;
        }
        if self.with_game(|g| g.ai_to_move().is_some()) != Some(true) {
            return;
        }
        let ctx = *self;
        gloo_timers::callback::Timeout::new(0, move || {
            if ctx.shell.read_only.get_untracked()
                || ctx.paused.get_untracked()
                || ctx.thinker.thinking.with_untracked(|t| t.is_some())
            {
                return;
            }
            let ask = ctx
                .with_game_untracked(|g| g.ai_to_move().map(|level| (*g.state(), level, g.seed)));
            if let Some(Some((state, level, seed))) = ask {
                let ms = f64::from(ctx.think_ms.get_untracked());
                ctx.thinker.ask(state, Task::Move { level, seed }, ms);
            }
        })
        .forget();
    }

    /// Asks the AI for the hint on the position now.
    pub fn ask_hint(&self) {
        if let Some(Some(state)) = self.with_game_untracked(|g| (!g.is_over()).then(|| *g.state()))
        {
            self.hint.set(None);
            self.thinker.ask(state, Task::Hint, HINT_MS);
        }
    }

    /// Stops the AI; it waits until resumed.
    pub fn stop_ai(&self) {
        self.thinker.stop();
        self.paused.set(true);
        self.say("The AI stopped. It moves again when you press Resume.");
    }

    /// Stops the AI and plays the best value it found so far.
    /// Its figures are those of the depth it completed last
    /// (`SearchResult::from_progress`).
    pub fn move_now(&self) {
        let Some(best) = self.thinker.best_so_far() else {
            return;
        };
        let stopped = self.thinker.thinking.with_untracked(|t| {
            t.as_ref().and_then(|t| {
                t.progress
                    .as_ref()
                    .map(|p| SearchResult::from_progress(&t.state, p))
            })
        });
        self.thinker.stop();
        if self.apply(best) {
            self.ai_move
                .set(stopped.map(|result| AiMove { result, ms: None }));
        }
    }

    /// Sets the AI's time per move (kept in this browser).
    pub fn set_think_ms(&self, ms: u32) {
        self.think_ms.set(ms);
        storage::set_preference(THINK_KEY, &ms);
    }

    /// An answer from the AI's worker.
    pub fn answered(&self, answer: Answer) {
        match answer {
            Answer::Move { state, result, ms } => {
                let now = self.with_game_untracked(|g| (*g.state(), g.ai_to_move().is_some()));
                let Some(best) = result.best else { return };
                if now != Some((state, true)) {
                    return;
                }
                if self.apply(best) {
                    self.ai_move.set(Some(AiMove {
                        result,
                        ms: Some(ms),
                    }));
                }
            }
            Answer::Hint { state, evals } => {
                if self.with_game_untracked(|g| *g.state()) == Some(state) {
                    self.hint.set(Some((state, evals)));
                }
            }
            Answer::Failed(why) => {
                self.paused.set(true);
                self.error(format!("The AI could not run: {why}"));
            }
        }
    }
}

/// A player as the page names them: `Blue (Ann)`, or `Blue`.
pub fn who(game: &Game, p: Player) -> String {
    game.who(p)
}

/// The result of a finished game in words (the engine's).
pub fn result_text(game: &Game) -> Option<String> {
    game.result_text()
}

/// What a move just played did, and what comes next: `Blue played 5 on
/// cell 0, on an empty cell: it stays. Red lands next on cell 5.`
pub fn move_text(game: &Game, r: &MoveReport) -> String {
    let s = game.state();
    let next = match result_text(game) {
        Some(result) => format!("Game over: {result}."),
        None => format!(
            "{} lands next on cell {}.",
            who(game, s.to_move()),
            s.next_cell()
        ),
    };
    format!(
        "{} played {} on cell {}, on {}. {next}",
        who(game, r.player),
        r.value,
        r.cell,
        landing_text(r)
    )
}

/// The mode in words.
pub fn mode_text(game: &Game) -> String {
    match game.mode {
        Mode::HotSeat => "two players on this device".to_string(),
        Mode::VsAi { ai, level } => format!("against the AI ({}), which plays {ai}", level.label()),
        Mode::Forum => "by forum or Discord: moves pasted, positions posted".to_string(),
    }
}
