//! The Survival circle page: its context, startup (the URL's game, a file
//! handed over from the home page), the AI's turn, and the screens.
//! Storage, autosave, tabs and the page furniture are the shell's.

use super::screens;
use super::state::{Ctx, NAV, SLUGS, Screen, phase_text};
use crate::shell::kinds::SURVIVAL_CIRCLE;
use crate::shell::ui::{
    Banner, GameTitle, Header, Messages, SaveError, UpdateBanner, on_file_drop, read_file,
};
use crate::shell::{Notice, Shell, autosave, io, storage, tabs};
use leptos::prelude::*;
use survival_circle::save;

/// Imports a game file's text as a new saved game, or says why not with
/// the open game untouched (a file of another game goes to its page).
pub fn import(ctx: Ctx, text: &str) {
    if crate::shell::forward_foreign(ctx.shell, text) {
        return;
    }
    match save::load(text) {
        Ok(game) => {
            let name = game.name.clone();
            let id = io::new_id();
            ctx.open(id.clone(), game);
            // The player holds this file: it counts as an export.
            storage::mark_exported(&SURVIVAL_CIRCLE, &id, io::now_ms());
            ctx.shell.saved_games.update(|n| *n += 1);
            ctx.go(Screen::Play);
            ctx.say(format!("Imported {name}"));
        }
        Err(e) => ctx.error(format!("Import failed, nothing was changed: {e}")),
    }
}

/// Opens a saved game by id; a damaged save is kept aside and offered for
/// download.
fn open_saved(ctx: Ctx, id: String) {
    match storage::load(&SURVIVAL_CIRCLE, &id, save::load) {
        storage::Loaded::Ok(game) => ctx.open(id, game),
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

/// What a URL asks for at startup (else the game open last) or later (an
/// import handed over).
fn arrive(ctx: Ctx, startup: bool) {
    let route = ctx.shell.route.get_untracked();
    match (route.screen.as_str(), route.game) {
        ("import", _) => {
            ctx.go(Screen::Setup);
            if let Some(text) = storage::handoff::take() {
                import(ctx, &text);
            }
        }
        _ if !startup => {}
        (_, Some(id)) => open_saved(ctx, id),
        ("", None) => {
            if let Some(id) = storage::last(&SURVIVAL_CIRCLE) {
                open_saved(ctx, id);
                ctx.go(Screen::Play);
            }
        }
        _ => {}
    }
}

/// The Survival circle page.
#[component]
pub fn App() -> impl IntoView {
    let shell = Shell::new(&SURVIVAL_CIRCLE, SLUGS);
    let ctx = Ctx::new(shell);
    provide_context(ctx);
    // Load before anything can be saved.
    arrive(ctx, true);
    Effect::new(move |first: Option<()>| {
        let special = shell.route.with(|r| r.screen == "import");
        if first.is_some() && special {
            arrive(ctx, false);
        }
    });
    crate::shell::route::follow_game(
        shell,
        Signal::derive(move || ctx.live.with(|l| l.as_ref().map(|l| l.id.clone()))),
        move |id| match id {
            Some(id) => open_saved(ctx, id),
            None => {
                ctx.thinker.stop();
                ctx.live.set(None);
            }
        },
    );
    on_file_drop(shell, move |f| {
        read_file(shell, f, move |t| import(ctx, &t))
    });
    // Only now, with the load finished, may anything be written.
    autosave::start(ctx);
    tabs::start(ctx);
    storage::ask_persistent();
    // The AI moves when it is its turn (in its Web Worker).
    Effect::new(move |_| ctx.ai_turn());
    let status = Signal::derive(move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| (l.game.name.clone(), phase_text(&l.game)))
        })
    });
    // A screen is built when the screen changes, not on every move.
    let screen = Memo::new(move |_| ctx.screen());
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
                Screen::Play => screens::play::Play().into_any(),
                Screen::Forum => screens::forum::Forum().into_any(),
                Screen::History => screens::history::History().into_any(),
                Screen::Rules => screens::rules::Rules().into_any(),
            }}
            </fieldset>
        </main>
        <Messages shell/>
    }
}
