//! The Mini-Survivor page: its context, startup (the URL's game, the demo,
//! a file handed over from the home page), and the screens. Storage,
//! autosave, tabs and the page furniture are the shell's.

use super::screens;
use super::state::{Ctx, NAV, SLUGS, Screen, phase_text};
use crate::shell::kinds::MINI_SURVIVOR;
use crate::shell::ui::{
    Banner, GameTitle, Header, Messages, SaveError, UpdateBanner, on_file_drop, read_file,
};
use crate::shell::{Notice, Shell, autosave, io, storage, tabs};
use leptos::prelude::*;
use mini_survivor::case::Case;
use mini_survivor::save::GameFile;

/// Imports a file's text as a new saved game, or says why not with the
/// current game untouched: a game file (exported from this page), or a
/// rules-case file (`cases/FORMAT.md`), which starts a game from its
/// position (a game already under way) with its rounds queued as drafts.
pub fn import(ctx: Ctx, text: &str) {
    if crate::shell::forward_foreign(ctx.shell, text) {
        return;
    }
    // A file without a `format` member is read as a case file.
    if console_core::save::format_of(text).is_none() {
        import_case(ctx, text);
        return;
    }
    match GameFile::parse(text) {
        Ok((file, game)) => {
            let name = file.name.clone();
            let id = io::new_id();
            ctx.open(id.clone(), file, game);
            // The moderator holds this file: it counts as an export.
            storage::mark_exported(&MINI_SURVIVOR, &id, io::now_ms());
            ctx.shell.saved_games.update(|n| *n += 1);
            ctx.go(Screen::Board);
            ctx.say(format!("Imported {name}"));
        }
        Err(e) => ctx.error(format!("Import failed, nothing was changed: {e}")),
    }
}

/// Starts a game from a rules-case file's position; its rounds become the
/// drafts of the coming rounds.
pub fn import_case(ctx: Ctx, text: &str) -> bool {
    let game = Case::from_json(text).and_then(|c| {
        let (file, game) = c.into_game(&c.game_name(), io::random_seed())?;
        Ok((file, game, c.rounds.len()))
    });
    match game {
        Ok((file, game, rounds)) => {
            let (name, round) = (file.name.clone(), game.position().round());
            ctx.open(io::new_id(), file, game);
            ctx.go(Screen::Board);
            ctx.say(format!(
                "Started {name} from the case's position at round {round}{}",
                if rounds > 0 {
                    format!(
                        "; its {rounds} rounds of orders come in as drafts, one round at a time"
                    )
                } else {
                    String::new()
                }
            ));
            true
        }
        Err(e) => {
            ctx.error(format!("Import failed, nothing was changed: {e}"));
            false
        }
    }
}

/// Opens a saved game by id; a damaged save is kept aside and offered for
/// download.
fn open_saved(ctx: Ctx, id: String) {
    match storage::load(&MINI_SURVIVOR, &id, GameFile::parse) {
        storage::Loaded::Ok((file, game)) => ctx.open(id, file, game),
        storage::Loaded::Missing => {
            ctx.shell.route.update(|r| r.game = None);
            ctx.error("That game is not in this browser's storage.");
        }
        storage::Loaded::Corrupt(why, raw) => {
            ctx.shell.route.update(|r| r.game = None);
            ctx.shell.notice.set(Some(Notice {
                text: format!("This save could not be read ({why}). It was kept aside; download it below, then start afresh or import a backup."),
                error: true,
                download: Some((format!("damaged-save-{id}.json"), raw)),
            }));
        }
    }
}

/// What a URL asks for at startup (else the game open last) or later
/// (the demo, an import handed over).
fn arrive(ctx: Ctx, startup: bool) {
    let route = ctx.shell.route.get_untracked();
    match (route.screen.as_str(), route.game) {
        ("demo", _) => {
            let (file, game) = super::demo::demo();
            ctx.open(io::new_id(), file, game);
            ctx.go(Screen::Board);
            ctx.say("Demo game opened: the players' orders for round 1 are in the Orders screen");
        }
        ("import", _) => {
            ctx.go(Screen::Setup);
            if let Some(text) = storage::handoff::take() {
                import(ctx, &text);
            }
        }
        _ if !startup => {}
        (_, Some(id)) => open_saved(ctx, id),
        ("", None) => {
            if let Some(id) = storage::last(&MINI_SURVIVOR) {
                open_saved(ctx, id);
                ctx.go(Screen::Board);
            }
        }
        _ => {}
    }
}

/// The Mini-Survivor page.
#[component]
pub fn App() -> impl IntoView {
    let shell = Shell::new(&MINI_SURVIVOR, SLUGS);
    let ctx = Ctx::new(shell);
    provide_context(ctx);
    // Load before anything can be saved.
    arrive(ctx, true);
    Effect::new(move |first: Option<()>| {
        let special = shell
            .route
            .with(|r| r.screen == "demo" || r.screen == "import");
        if first.is_some() && special {
            arrive(ctx, false);
        }
    });
    crate::shell::route::follow_game(
        shell,
        Signal::derive(move || ctx.live.with(|l| l.as_ref().map(|l| l.id.clone()))),
        move |id| match id {
            Some(id) => open_saved(ctx, id),
            None => ctx.live.set(None),
        },
    );
    on_file_drop(shell, move |f| {
        read_file(shell, f, move |t| import(ctx, &t))
    });
    // Only now, with the load finished, may anything be written.
    autosave::start(ctx);
    tabs::start(ctx);
    storage::ask_persistent();
    let status = Signal::derive(move || {
        ctx.live
            .with(|l| l.as_ref().map(|l| (l.name.clone(), phase_text(&l.game))))
    });
    // A screen is built when the screen changes, not on every change of the
    // game (its own state, an input being typed, stays).
    let screen = Memo::new(move |_| ctx.screen());
    // A new screen starts at its top.
    Effect::new(move |prev: Option<Screen>| {
        let now = screen.get();
        if prev.is_some_and(|p| p != now)
            && let Some(w) = web_sys::window()
        {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
        now
    });
    let has_game = Signal::derive(move || ctx.live.with(|l| l.is_some()));
    view! {
        <a class="skip" href="#main">"Skip to content"</a>
        <UpdateBanner root="../"/>
        <Header shell items=NAV has_game>
            <GameTitle p=ctx status/>
        </Header>
        <SaveError p=ctx/>
        <Banner shell/>
        <main id="main" tabindex="-1">
            // A read-only tab (the game is open elsewhere) cannot change anything here.
            <fieldset class="screen" disabled=move || shell.read_only.get()>
            {move || match screen.get() {
                Screen::Setup => screens::setup::Setup().into_any(),
                Screen::Board => screens::board::Board().into_any(),
                Screen::Orders => screens::orders::Orders().into_any(),
                Screen::Adjudicate => screens::adjudicate::Adjudicate().into_any(),
                Screen::Posts => screens::posts::Posts().into_any(),
                Screen::History => screens::history::History().into_any(),
                Screen::Rules => screens::rules::Rules().into_any(),
                Screen::Verify => screens::verify::Verify().into_any(),
            }}
            </fieldset>
        </main>
        <Messages shell/>
    }
}
