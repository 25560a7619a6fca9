//! The game page's context and frame, written once for every game over the
//! engine contract ([`console_core::Session`]): the open game (id, name,
//! the engine's session), what the page keeps with it (drafts, post
//! format, ...), the screens, saving, following another tab, importing,
//! and the page's frame (header, banners, the screen, messages). A game
//! page fills in [`GameKind`]; its screens read `Ctx<ItsKind>` from the
//! context and ask the engine for every rule.

use super::kinds::Kind;
use super::page::Page;
use super::storage::Summary;
use super::ui::{Banner, GameTitle, Header, Messages, NavItem, SaveError, UpdateBanner};
use super::{Persist, Shell};
use console_core::{LoadError, SaveFile, Session};
use leptos::prelude::*;

/// A page's screens: an enum whose variants are in [`Screens::ALL`]'s order,
/// with their navigation items in the same order.
pub trait Screens: Copy + Eq + Send + Sync + 'static {
    /// Every screen, in navigation order.
    const ALL: &'static [Self];
    /// The navigation: each screen's URL slug and label, in `ALL`'s order.
    const NAV: &'static [NavItem];
    /// The screen a game opens on (board, play).
    const START: Self;
    /// The setup screen (shown without a game).
    const SETUP: Self;

    /// The screen's navigation item.
    fn item(self) -> &'static NavItem {
        let i = Self::ALL
            .iter()
            .position(|s| *s == self)
            .expect("every screen is in ALL");
        &Self::NAV[i]
    }

    /// The URL slug.
    fn slug(self) -> &'static str {
        self.item().slug
    }

    /// The screen of a slug.
    fn from_slug(slug: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|s| s.slug() == slug)
    }
}

/// What a game page supplies to the shared context: its engine's session
/// and save file, what it keeps beside the game (signals), and its
/// screens.
pub trait GameKind: Sized + 'static {
    /// The engine's game.
    type Game: Session + Clone + PartialEq + Send + Sync + 'static;
    /// The game's save file.
    type File: SaveFile<Game = Self::Game>;
    /// What the page keeps with the open game beyond the engine's session
    /// (drafts, post format, attachments), as signals; saved in the file.
    type Kept: Copy + Send + Sync + 'static;
    /// The page's screens.
    type Screen: Screens;
    /// Which game this is (storage keys, titles).
    const KIND: &'static Kind;
    /// Slugs of a URL that are places (screens, `import`, ...), not game ids.
    const SLUGS: &'static [&'static str];
    /// The class of the page's `<main>` (its own styles), if any.
    const MAIN_CLASS: &'static str = "";

    /// New, empty kept signals.
    fn kept(shell: Shell) -> Self::Kept;
    /// Called once the page's context exists (before anything is loaded):
    /// hook up what needs the context (a worker's answers, effects).
    fn init(_ctx: Ctx<Self>) {}
    /// Subscribes the calling effect to every kept signal that is saved.
    fn track(kept: Self::Kept);
    /// Sets the kept signals from a file just read (a game opened, or a
    /// newer copy of it from the writing tab).
    fn load(ctx: Ctx<Self>, file: Self::File);
    /// The open game's file, kept signals included (read untracked).
    fn file(ctx: Ctx<Self>, name: &str, game: &Self::Game) -> Self::File;
    /// Called when a game has just been opened (not when following the
    /// writing tab) and when the page closes its game: resets what
    /// belonged to the game open before (selections, a running search)
    /// and prepares the new one.
    fn opened(_ctx: Ctx<Self>) {}
    /// The screen's view.
    fn view(screen: Self::Screen) -> AnyView;

    /// URL places that open something on arrival (Mini-Survivor's demo).
    const ARRIVALS: &'static [&'static str] = &[];
    /// Opens what an [`GameKind::ARRIVALS`] place asks for.
    fn arrive_at(_ctx: Ctx<Self>, _place: &str) {}
    /// Takes a file that is no save file (no `format` member); true when
    /// it did and said how it went.
    fn import_other(_ctx: Ctx<Self>, _text: &str) -> bool {
        false
    }
}

/// One phase's input of a game kind, as its engine takes it.
pub type Input<K> = <<K as GameKind>::Game as Session>::Input;

/// What committing one phase of a game kind gives: the engine's report,
/// or its reason the input cannot be played.
pub type Committed<K> =
    Result<<<K as GameKind>::Game as Session>::Report, <<K as GameKind>::Game as Session>::Error>;

/// The open game.
#[derive(Clone, Debug, PartialEq)]
pub struct Live<G> {
    /// Storage id.
    pub id: String,
    /// The moderator's name for the game.
    pub name: String,
    /// The engine's game: setup, start and every phase committed.
    pub game: G,
}

/// Everything a page's screens share: the shell, the open game and what
/// the page keeps with it. It dereferences to the page's kept signals
/// (`ctx.drafts`, `ctx.format`, ...).
pub struct Ctx<K: GameKind> {
    /// The page's shell: route, messages, banners, read-only, save state.
    pub shell: Shell,
    /// The open game.
    pub live: RwSignal<Option<Live<K::Game>>>,
    /// What the page keeps with it.
    pub kept: K::Kept,
}

impl<K: GameKind> Clone for Ctx<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: GameKind> Copy for Ctx<K> {}

impl<K: GameKind> std::ops::Deref for Ctx<K> {
    type Target = K::Kept;
    fn deref(&self) -> &K::Kept {
        &self.kept
    }
}

impl<K: GameKind> Ctx<K> {
    /// The context of a page of this kind, at the URL's place.
    pub fn new() -> Ctx<K> {
        let shell = Shell::new(K::KIND, K::SLUGS);
        Ctx {
            shell,
            live: RwSignal::new(None),
            kept: K::kept(shell),
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
    pub fn go(&self, screen: K::Screen) {
        self.shell.go(screen.slug());
    }

    /// The screen shown: the URL's, else the start screen with a game open
    /// and setup without; a screen that needs a game shows setup without
    /// one (tracked).
    pub fn screen(&self) -> K::Screen {
        let has_game = self.live.with(|l| l.is_some());
        match self.shell.route.with(|r| K::Screen::from_slug(&r.screen)) {
            Some(s) if !s.item().needs_game || has_game => s,
            _ if has_game => K::Screen::START,
            _ => K::Screen::SETUP,
        }
    }

    /// Whether a game is open (tracked).
    pub fn has_game(&self) -> bool {
        self.live.with(|l| l.is_some())
    }

    /// Reads the open game (tracked); `None` without one.
    pub fn with_game<T>(&self, f: impl FnOnce(&K::Game) -> T) -> Option<T> {
        self.live.with(|l| l.as_ref().map(|l| f(&l.game)))
    }

    /// Reads the open game (untracked).
    pub fn with_game_untracked<T>(&self, f: impl FnOnce(&K::Game) -> T) -> Option<T> {
        self.live.with_untracked(|l| l.as_ref().map(|l| f(&l.game)))
    }

    /// The open game's name (untracked); empty with no game open.
    pub fn name_untracked(&self) -> String {
        self.live
            .with_untracked(|l| l.as_ref().map(|l| l.name.clone()))
            .unwrap_or_default()
    }

    /// Whether this tab may change the game: false in a read-only tab (the
    /// game is open in another tab), which then says so.
    pub fn writable(&self) -> bool {
        self.shell.writable()
    }

    /// Changes the open game (if any) and returns what `f` returns; `None`
    /// without a game or in a read-only tab (which says so and changes
    /// nothing).
    pub fn update_game<T>(&self, f: impl FnOnce(&mut K::Game) -> T) -> Option<T> {
        if !self.writable() {
            return None;
        }
        let mut out = None;
        self.live.update(|l| {
            if let Some(l) = l {
                out = Some(f(&mut l.game));
            }
        });
        out
    }

    /// Plays the next phase with `input` through the engine contract
    /// ([`Session::commit`]) and keeps it: every page's phases, steps and
    /// moves are committed here. `None` without a game or in a read-only
    /// tab (nothing changes then).
    ///
    /// # Errors
    /// `Some(Err(_))`: the engine's reason the input cannot be played; the
    /// game is unchanged.
    pub fn commit_phase(&self, input: Input<K>) -> Option<Committed<K>> {
        self.update_game(|g| g.commit(input))
    }

    /// Takes back the last phase committed through the engine contract
    /// ([`Session::undo`]) and returns its input, for the page to make its
    /// drafts again; `None` at the start, without a game or in a read-only
    /// tab.
    pub fn undo_phase(&self) -> Option<Input<K>> {
        self.update_game(Session::undo).flatten()
    }

    /// Opens a game (new, imported or saved): the file's kept state
    /// becomes the page's. Notices about the game open before no longer
    /// apply.
    pub fn open(&self, id: String, file: K::File, game: K::Game) {
        if self
            .shell
            .notice
            .with_untracked(|n| n.as_ref().is_some_and(|n| !n.stays()))
        {
            self.shell.notice.set(None);
        }
        self.shell.route.update(|r| r.game = Some(id.clone()));
        self.reload(id, file, game);
        K::opened(*self);
    }

    /// Opens a new game under a new id.
    pub fn start(&self, file: K::File, game: K::Game) {
        self.open(super::io::new_id(), file, game);
    }

    /// Replaces the open game with a newer saved copy of it (a read-only
    /// tab following the writer), or sets a game just opened. A name
    /// longer than [`super::storage::NAME_SHOWN`] characters (an imported file
    /// may hold any) is kept as its first ones, so no save, list or post
    /// carries more.
    pub fn reload(&self, id: String, file: K::File, game: K::Game) {
        let name = super::storage::shown_name(file.name()).into_owned();
        K::load(*self, file);
        self.live.set(Some(Live { id, name, game }));
    }

    /// The open game as its file, kept state included (untracked).
    pub fn game_file(&self) -> Option<K::File> {
        self.live
            .with_untracked(|l| l.as_ref().map(|l| K::file(*self, &l.name, &l.game)))
    }

    /// Where the open game stands, from the engine (tracked).
    pub fn status(&self) -> Option<(String, String)> {
        self.live
            .with(|l| l.as_ref().map(|l| (l.name.clone(), l.game.status())))
    }
}

impl<K: GameKind> Default for Ctx<K> {
    fn default() -> Self {
        Ctx::new()
    }
}

impl<K: GameKind> Persist for Ctx<K> {
    fn shell(self) -> Shell {
        self.shell
    }

    fn open_id(self, tracked: bool) -> Option<String> {
        let f = |l: &Option<Live<K::Game>>| l.as_ref().map(|l| l.id.clone());
        if tracked {
            self.live.with(f)
        } else {
            self.live.with_untracked(f)
        }
    }

    fn track(self) {
        self.live.track();
        K::track(self.kept);
    }

    fn progress(self) -> Option<usize> {
        self.with_game_untracked(Session::progress)
    }

    fn file(self) -> Option<(String, Summary)> {
        let file = self.game_file()?;
        let summary = self.live.with_untracked(|l| {
            l.as_ref().map(|l| Summary {
                name: l.name.clone(),
                progress: l.game.progress(),
                phase: l.game.status(),
                over: l.game.is_over(),
            })
        })?;
        Some((file.to_json(), summary))
    }

    fn follow(self, json: &str) {
        if let (Ok((file, game)), Some(id)) = (K::File::parse(json), self.open_id(false)) {
            self.reload(id, file, game);
        }
    }
}

impl<K: GameKind> Page for Ctx<K> {
    type Loaded = (K::File, K::Game);
    type Error = LoadError;
    fn parse(text: &str) -> Result<Self::Loaded, LoadError> {
        K::File::parse(text)
    }
    fn name(loaded: &Self::Loaded) -> String {
        loaded.0.name().to_string()
    }
    fn same_game((_, a): &Self::Loaded, (_, b): &Self::Loaded) -> bool {
        let (mut longer, shorter) = if a.progress() >= b.progress() {
            (a.clone(), b)
        } else {
            (b.clone(), a)
        };
        // The longer copy taken back until it is the shorter one, or
        // shorter than it. An undo may take back no phase but withdraw an
        // event (the circle's forfeit or replacement, C9.1, C9.4) that the
        // shorter copy does not have; events are few, so the tries are
        // bounded (an undo at the start changes nothing).
        for _ in 0..longer.progress() + 64 {
            if longer.progress() < shorter.progress() {
                return false;
            }
            if longer.progress() == shorter.progress() && longer.same_play(shorter) {
                return true;
            }
            longer.undo();
        }
        false
    }
    fn progress_of((_, game): &Self::Loaded) -> (usize, String) {
        (game.progress(), game.status())
    }
    fn open_loaded(self, id: String, (file, game): Self::Loaded) {
        self.open(id, file, game);
    }
    fn close(self) {
        self.live.set(None);
        K::opened(self);
    }
    fn go_start(self) {
        self.go(K::Screen::START);
    }
    fn go_setup(self) {
        self.go(K::Screen::SETUP);
    }
    const ARRIVALS: &'static [&'static str] = K::ARRIVALS;
    fn arrive_at(self, place: &str) {
        K::arrive_at(self, place);
    }
    fn import_other(self, text: &str) -> bool {
        K::import_other(self, text)
    }
}

/// A game page: its context provided to the screens, the shared startup
/// (the URL's game, imports, autosave, tabs), and the frame around the
/// screen shown (skip link, update offer, header with the screens and the
/// open game, banners, the screen in a fieldset that a read-only tab
/// disables, messages).
pub fn page<K: GameKind>() -> impl IntoView {
    let ctx = Ctx::<K>::new();
    provide_context(ctx);
    K::init(ctx);
    super::page::start(ctx);
    let shell = ctx.shell;
    let status = Signal::derive(move || ctx.status());
    // A screen is built when the screen changes, not on every change of
    // the game (its own state, an input being typed, stays).
    let screen = Memo::new(move |_| ctx.screen());
    // A new screen starts at its top.
    Effect::new(move |prev: Option<K::Screen>| {
        let now = screen.get();
        if prev.is_some_and(|p| p != now)
            && let Some(w) = web_sys::window()
        {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
        now
    });
    let has_game = Signal::derive(move || ctx.has_game());
    view! {
        <a class="skip" href="#main">"Skip to content"</a>
        <UpdateBanner root="../"/>
        <Header shell items=K::Screen::NAV has_game>
            <GameTitle p=ctx status/>
        </Header>
        <SaveError p=ctx/>
        <Banner shell/>
        // A read-only tab (the game is open elsewhere) cannot change anything
        // here: the screen takes no input at all (pointer, keys, drops,
        // pastes), and what reaches the game anyway is undone (autosave).
        <main id="main" tabindex="-1" class=K::MAIN_CLASS inert=move || shell.read_only.get()>
            <fieldset class="screen" disabled=move || shell.read_only.get()>
            {move || K::view(screen.get())}
            </fieldset>
        </main>
        <Messages shell/>
    }
}
