//! A game page's startup and file handling, written once for every page:
//! what the URL asks for (a saved game by id, a file handed over from the
//! home page, else the game open last), imports (a file of another kind
//! goes to its own page; a bad file leaves the open game untouched), saved
//! games opened by id (a damaged save kept aside and offered for
//! download), files dropped on the page, then autosave and the one-writer
//! rule across tabs. A page supplies its game through [`Page`].

use super::ui::{on_file_drop, read_file};
use super::{Notice, Persist, autosave, forward_foreign, io, storage, tabs};
use leptos::prelude::*;

/// What the shell needs from a game page beyond [`Persist`].
pub trait Page: Persist {
    /// A save file once read (and replayed).
    type Loaded;
    /// Why a save file cannot be read.
    type Error: std::fmt::Display;
    /// Reads a save file's text.
    ///
    /// # Errors
    /// Why the file cannot be loaded, for the moderator.
    fn parse(text: &str) -> Result<Self::Loaded, Self::Error>;
    /// The game's name in the file, for the "Imported ..." message.
    fn name(loaded: &Self::Loaded) -> String;
    /// Opens a read file as the page's game under `id`.
    fn open_loaded(self, id: String, loaded: Self::Loaded);
    /// Closes the open game (the URL names none).
    fn close(self);
    /// Whether two read files hold the same game, one played further than
    /// (or as far as) the other: the same setup, and the shorter one's
    /// phases are the longer one's first phases.
    fn same_game(a: &Self::Loaded, b: &Self::Loaded) -> bool;
    /// Phases committed in a read file, and where it stands in words.
    fn progress_of(loaded: &Self::Loaded) -> (usize, String);
    /// Goes to the screen a game opens on (board, play).
    fn go_start(self);
    /// Goes to the setup screen.
    fn go_setup(self);
    /// Screens of the URL that open something on arrival (Mini-Survivor's
    /// `demo`), handled by [`Page::arrive_at`].
    const ARRIVALS: &'static [&'static str] = &[];
    /// Opens what an [`Page::ARRIVALS`] screen of the URL asks for.
    fn arrive_at(self, _screen: &str) {}
    /// Takes a file that is not a save file of any kind (no `format`
    /// member), such as Mini-Survivor's rules-case files; true when it did
    /// (and said how it went).
    fn import_other(self, _text: &str) -> bool {
        false
    }
}

/// Imports a save file's text as a new saved game, or says why not with
/// the open game untouched. A file of another kind goes to its own page.
pub fn import<P: Page>(p: P, text: &str) {
    let shell = p.shell();
    // A file that is no JSON (cut off, or some other file) is named as such.
    let format = match console_core::save::read_format(text) {
        Ok(format) => format,
        Err(e) => {
            shell.error(format!("Import failed, nothing was changed: {e}."));
            return;
        }
    };
    if forward_foreign(shell, text) {
        return;
    }
    if format.is_none() && p.import_other(text) {
        return;
    }
    match P::parse(text) {
        Ok(loaded) => {
            let full = P::name(&loaded);
            let cut = match storage::shown_name(&full) {
                std::borrow::Cow::Borrowed(_) => String::new(),
                std::borrow::Cow::Owned(_) => format!(
                    " (its name, {} characters long, is kept as its first {})",
                    full.chars().count(),
                    storage::NAME_SHOWN
                ),
            };
            let name = format!("{}{cut}", storage::shown_name(&full));
            let twin = saved_twin(p, &loaded).map(|mut n| {
                n.text.push_str(&cut);
                n
            });
            let id = io::new_id();
            p.open_loaded(id.clone(), loaded);
            // The moderator holds this file: it counts as an export.
            storage::mark_exported(shell.kind, &id, io::now_ms());
            shell.saved_games.update(|n| *n += 1);
            shell.notice.set(None);
            p.go_start();
            match twin {
                Some(notice) => {
                    shell.announce.set(notice.text.clone());
                    shell.notice.set(Some(notice));
                }
                None => shell.say(format!("Imported {name}")),
            }
        }
        Err(e) => shell.error(format!("Import failed, nothing was changed: {e}")),
    }
}

/// A game of this browser that an imported file is another copy of (the
/// same game, one played further), as the question to show: replace it
/// with the file, or keep both; which is further along is said.
fn saved_twin<P: Page>(p: P, file: &P::Loaded) -> Option<Notice> {
    let kind = p.shell().kind;
    let (there, here) = storage::index(kind).into_iter().find_map(|e| {
        let raw = storage::raw_game(kind, &e.id)?;
        let saved = P::parse(&raw).ok()?;
        P::same_game(&saved, file).then_some((e, saved))
    })?;
    let (was, was_at) = P::progress_of(&here);
    let (now, now_at) = P::progress_of(file);
    let further = match was.cmp(&now) {
        std::cmp::Ordering::Greater => {
            format!("the copy already here is further along ({was_at}) than the file ({now_at})")
        }
        std::cmp::Ordering::Less => {
            format!("the file is further along ({now_at}) than the copy already here ({was_at})")
        }
        std::cmp::Ordering::Equal => format!("both stand at the same point ({now_at})"),
    };
    Some(Notice {
        text: format!(
            "Imported {}: this game was already in this browser, and {further}. Replace the copy that was here with the file, or keep both?",
            there.name
        ),
        error: false,
        download: None,
        replace: Some((there.id, "Replace it with the file".into())),
    })
}

/// Opens a saved game by id; a damaged save is kept aside and offered for
/// download.
pub fn open_saved<P: Page>(p: P, id: String) {
    let shell = p.shell();
    match storage::load(shell.kind, &id, P::parse) {
        storage::Loaded::Ok(loaded) => p.open_loaded(id, loaded),
        storage::Loaded::Missing => {
            shell.route.update(|r| r.game = None);
            shell.error(format!(
                "That {} is not in this browser's storage.",
                shell.kind.noun
            ));
        }
        storage::Loaded::Corrupt(why, raw) => {
            shell.route.update(|r| r.game = None);
            shell.notice.set(Some(Notice {
                text: format!("This save could not be read ({why}). It was kept aside; download it below, then start afresh or import a backup."),
                error: true,
                download: Some((format!("damaged-save-{id}.json"), raw)),
                replace: None,
            }));
        }
    }
}

/// What a URL asks for at startup (else the game open last) or later (an
/// import handed over from the home page).
fn arrive<P: Page>(p: P, startup: bool) {
    let shell = p.shell();
    let route = shell.route.get_untracked();
    match (route.screen.as_str(), route.game) {
        (s, _) if P::ARRIVALS.contains(&s) => p.arrive_at(s),
        ("import", _) => {
            // The page is drawn first; the file is read from the session
            // storage in the next task (with the set-up screen opened, so
            // an import's error banner comes after the change of screen
            // that would clear it), imported in the one after it, and
            // removed from the session storage once imported: a file of
            // megabytes is pieces of work of tens of milliseconds each,
            // none of them a long task with another.
            gloo_timers::callback::Timeout::new(0, move || {
                p.go_setup();
                if let Some(text) = storage::handoff::read() {
                    gloo_timers::callback::Timeout::new(0, move || {
                        import(p, &text);
                        gloo_timers::callback::Timeout::new(0, storage::handoff::clear).forget();
                    })
                    .forget();
                }
            })
            .forget();
        }
        _ if !startup => {}
        (_, Some(id)) => open_saved(p, id),
        ("", None) => {
            if let Some(id) = storage::last(shell.kind) {
                open_saved(p, id);
                p.go_start();
            }
        }
        _ => {}
    }
}

/// Starts a game page: loads what the URL asks for before anything can be
/// saved (a file handed over from the home page is imported in the tasks
/// after, as a file dropped on the page is), follows the URL's game (Back,
/// Forward, links), takes dropped files, and only then starts autosave and
/// the one-writer rule.
pub fn start<P: Page>(p: P) {
    let shell = p.shell();
    arrive(p, true);
    Effect::new(move |first: Option<()>| {
        let special = shell
            .route
            .with(|r| r.screen == "import" || P::ARRIVALS.contains(&r.screen.as_str()));
        if first.is_some() && special {
            arrive(p, false);
        }
    });
    super::route::follow_game(
        shell,
        Signal::derive(move || p.open_id(true)),
        move |id| match id {
            Some(id) => open_saved(p, id),
            None => p.close(),
        },
    );
    on_file_drop(shell, move |f| read_file(shell, f, move |t| import(p, &t)));
    // Only now, with the load finished, may anything be written.
    autosave::start(p);
    tabs::start(p);
    storage::ask_persistent();
}
