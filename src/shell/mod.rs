//! What every page of the console shares, written once: the kinds of game,
//! storage, autosave, the one-writer rule across tabs, offline support,
//! browser I/O, URLs per screen, and the page furniture (banners, messages,
//! the live region). A game page supplies its state through [`Persist`].

pub mod autosave;
pub mod bulk;
pub mod durable;
pub mod game;
pub mod home;
pub mod html;
pub mod io;
pub mod kinds;
pub mod lock;
pub mod markdown;
pub mod message;
pub mod outbox;
pub mod page;
pub mod paste;
pub mod pwa;
pub mod route;
pub mod rules;
pub mod signup;
pub mod storage;
pub mod tabs;
pub mod ui;
pub mod worker;

use kinds::Kind;
use leptos::prelude::*;
use route::Route;
use storage::Summary;

/// A banner: an error or a notice, with an optional raw save to offer for download.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    pub download: Option<(String, String)>,
    /// A saved game the banner offers to delete (its id), with the
    /// button's label: an import that is another copy of a game already
    /// in the browser offers to replace it.
    pub replace: Option<(String, String)>,
}

impl Notice {
    /// Whether it stays when the screen changes (it offers something).
    pub fn stays(&self) -> bool {
        self.download.is_some() || self.replace.is_some()
    }
}

/// A short visible message (and the same in the live region).
#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub text: String,
    pub error: bool,
    /// Increases with every message, so a timer clears only its own.
    pub serial: u32,
    /// The screen it was said on (the route's slug; see [`Shell::shown`]).
    pub screen: String,
}

/// What a read-only tab says when something tries to change its game.
pub const READ_ONLY: &str = "Nothing was changed: this tab is read-only because the game is open in another tab. Edit it there (or close that tab).";

/// The page's shared signals.
#[derive(Copy, Clone)]
pub struct Shell {
    /// The game this page runs.
    pub kind: &'static Kind,
    /// The URL's place: open game and screen.
    pub route: RwSignal<Route>,
    /// Text for the screen-reader live region.
    pub announce: RwSignal<String>,
    /// The visible short message.
    pub toast: RwSignal<Option<Toast>>,
    /// A banner that stays until dismissed or the screen changes.
    pub notice: RwSignal<Option<Notice>>,
    /// This tab only follows another tab that has the game open (see `tabs`).
    pub read_only: RwSignal<bool>,
    /// The last save failed, and why: a banner stays up until a save works.
    pub save_error: RwSignal<Option<String>>,
    /// Bumped when the list of saved games changes.
    pub saved_games: RwSignal<u32>,
    /// In a read-only tab, the open game (id, save file) as last read from
    /// the writer's save; `None` until the next change notes it (see
    /// `autosave`).
    pub followed: StoredValue<Option<(String, String)>>,
    /// Changes made to the open game since the page started (counted by
    /// the autosave).
    pub changes: StoredValue<u64>,
    /// The changes whose save is on disk ([`durable`]).
    pub on_disk: StoredValue<u64>,
}

impl Shell {
    /// A shell for a page of `kind`, at the URL's route.
    pub fn new(kind: &'static Kind, screens: &'static [&'static str]) -> Shell {
        let shell = Shell {
            kind,
            route: RwSignal::new(route::current(screens)),
            announce: RwSignal::new(String::new()),
            toast: RwSignal::new(None),
            notice: RwSignal::new(None),
            read_only: RwSignal::new(false),
            save_error: RwSignal::new(None),
            saved_games: RwSignal::new(0),
            followed: StoredValue::new(None),
            changes: StoredValue::new(0),
            on_disk: StoredValue::new(0),
        };
        route::sync(shell.route, screens);
        // A notice belongs to the screen it was raised on (a damaged save
        // offered for download stays until dismissed).
        Effect::new(move |prev: Option<String>| {
            let screen = shell.route.with(|r| r.screen.clone());
            if prev.is_some_and(|p| p != screen)
                && shell
                    .notice
                    .with_untracked(|n| n.as_ref().is_some_and(|n| !n.stays()))
            {
                shell.notice.set(None);
            }
            screen
        });
        shell
    }

    /// Says `text` visibly for a few seconds and to screen readers.
    pub fn say(&self, text: impl Into<String>) {
        self.message(text.into(), false);
    }

    /// Shows an error visibly for a few seconds and to screen readers.
    pub fn warn(&self, text: impl Into<String>) {
        self.message(text.into(), true);
    }

    fn message(&self, text: String, error: bool) {
        let serial = self
            .toast
            .with_untracked(|t| t.as_ref().map_or(0, |t| t.serial))
            + 1;
        self.announce.set(text.clone());
        self.toast.set(Some(Toast {
            text,
            error,
            serial,
            screen: self.route.with_untracked(|r| r.screen.clone()),
        }));
        let toast = self.toast;
        gloo_timers::callback::Timeout::new(if error { 8000 } else { 4000 }, move || {
            if toast.with_untracked(|t| t.as_ref().is_some_and(|t| t.serial == serial)) {
                toast.set(None);
            }
        })
        .forget();
    }

    /// The message up now if it was said on the screen open now (tracked):
    /// for a page that shows messages in its flow, where a message leaves
    /// with its screen.
    pub fn shown(&self) -> Option<Toast> {
        let screen = self.route.with(|r| r.screen.clone());
        self.toast.get().filter(|t| t.screen == screen)
    }

    /// An error banner that stays until dismissed or the screen changes.
    pub fn error(&self, text: impl Into<String>) {
        let text = text.into();
        self.announce.set(text.clone());
        self.notice.set(Some(Notice {
            text,
            error: true,
            download: None,
            replace: None,
        }));
    }

    /// Whether this tab may change its game: false in a read-only tab (the
    /// game is open in another tab), which then says so.
    pub fn writable(&self) -> bool {
        if self.read_only.get_untracked() {
            self.warn(READ_ONLY);
            false
        } else {
            true
        }
    }

    /// Goes to a screen of the open game.
    pub fn go(&self, screen: &str) {
        self.route.update(|r| r.screen = screen.to_string());
    }

    /// The current screen's slug.
    pub fn screen(&self) -> String {
        self.route.with(|r| r.screen.clone())
    }
}

/// What the shell needs from a game page to save, snapshot, export and
/// share its open game between tabs.
pub trait Persist: Copy + Send + Sync + 'static {
    /// The page's shell.
    fn shell(self) -> Shell;
    /// The open game's id (tracked when `tracked`).
    fn open_id(self, tracked: bool) -> Option<String>;
    /// Subscribes the calling effect to everything that is saved.
    fn track(self);
    /// Rounds, phases or turns committed in the open game (untracked).
    fn progress(self) -> Option<usize>;
    /// The open game as its save file's text, with its summary (untracked).
    fn file(self) -> Option<(String, Summary)>;
    /// Replaces the open game with a newer saved copy of it (a read-only tab
    /// following the writer). The text is the game's save file.
    fn follow(self, json: &str);
}

/// Mounts a page (every page's `main`), once the saves kept in IndexedDB
/// are back in localStorage where they are newer ([`durable::restore`]),
/// and removes the start-up notice the build puts in every page (shown
/// when the app does not start).
pub fn mount<F, N>(app: F)
where
    F: FnOnce() -> N + 'static,
    N: IntoView + 'static,
{
    console_error_panic_hook::set_once();
    // (Leptos's executor starts with the mount: this future is the browser's.)
    wasm_bindgen_futures::spawn_local(async move {
        durable::restore().await;
        leptos::mount::mount_to_body(app);
        if let Some(boot) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("boot"))
        {
            boot.remove();
        }
    });
}

/// A file of another kind of game, given to this page (dropped on it), is
/// handed to that game's page; true when it was (the caller does nothing
/// more). Files of this page's kind, or of no known kind, stay here.
pub fn forward_foreign(shell: Shell, text: &str) -> bool {
    let Some(kind) = console_core::save::format_of(text)
        .as_deref()
        .and_then(kinds::by_format)
    else {
        return false;
    };
    if kind == shell.kind {
        return false;
    }
    if let Err(e) = storage::handoff::put(text) {
        shell.error(format!("Import failed, nothing was changed: {e}"));
        return true;
    }
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_href(&format!("../{}/#/import", kind.key));
    }
    true
}

/// Exports the open game as a file download.
pub fn export<P: Persist>(p: P) {
    let shell = p.shell();
    let (Some((json, summary)), Some(id)) = (p.file(), p.open_id(false)) else {
        return;
    };
    match io::download(
        &io::file_name(&summary.name, shell.kind.key),
        "application/json",
        &json,
    ) {
        Ok(()) => {
            storage::mark_exported(shell.kind, &id, io::now_ms());
            shell.saved_games.update(|n| *n += 1);
            shell.say("Game exported");
        }
        Err(e) => shell.error(format!("Export failed: {e}")),
    }
}
