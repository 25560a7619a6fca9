//! The Dice ORG page: its context, startup (the URL's season, a file
//! handed over from the home page), and the screens. Storage, autosave,
//! tabs and the page furniture are the shell's.

use super::screens;
use super::state::{Ctx, NAV, SLUGS, Screen, phase_text};
use crate::shell::kinds::DICE_ORG;
use crate::shell::ui::{
    Banner, GameTitle, Header, Messages, SaveError, UpdateBanner, on_file_drop, read_file,
};
use crate::shell::{Notice, Shell, autosave, io, storage, tabs};
use dice_org::save::SeasonFile;
use leptos::prelude::*;

/// Imports a season file's text as a new saved season, or says why not
/// with the open season untouched.
pub fn import(ctx: Ctx, text: &str) {
    if crate::shell::forward_foreign(ctx.shell, text) {
        return;
    }
    match SeasonFile::parse(text) {
        Ok((file, season)) => {
            let name = file.name.clone();
            ctx.open(io::new_id(), file, season);
            ctx.shell.notice.set(None);
            ctx.go(Screen::Board);
            ctx.say(format!("Imported {name}"));
        }
        Err(e) => ctx.error(format!("Import failed, nothing was changed: {e}")),
    }
}

/// Opens a saved season by id; a damaged save is kept aside and offered
/// for download.
fn open_saved(ctx: Ctx, id: String) {
    match storage::load(&DICE_ORG, &id, SeasonFile::parse) {
        storage::Loaded::Ok((file, season)) => ctx.open(id, file, season),
        storage::Loaded::Missing => {
            ctx.shell.route.update(|r| r.game = None);
            ctx.error("That season is not in this browser's storage.");
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

/// What a URL asks for at startup (else the season open last) or later
/// (an import handed over).
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
            if let Some(id) = storage::last(&DICE_ORG) {
                open_saved(ctx, id);
                ctx.go(Screen::Board);
            }
        }
        _ => {}
    }
}

/// The Dice ORG page.
#[component]
pub fn App() -> impl IntoView {
    let shell = Shell::new(&DICE_ORG, SLUGS);
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
            .with(|l| l.as_ref().map(|l| (l.name.clone(), phase_text(&l.season))))
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
        <main id="main" tabindex="-1" class="dice-org">
            // A read-only tab (the season is open elsewhere) cannot change anything here.
            <fieldset class="screen" disabled=move || shell.read_only.get()>
            {move || match ctx.screen() {
                Screen::Setup => screens::setup::Setup().into_any(),
                Screen::Board => screens::board::Board().into_any(),
                Screen::Round => screens::round::Round().into_any(),
                Screen::Odds => screens::odds::Odds().into_any(),
                Screen::Production => screens::production::Production().into_any(),
                Screen::Posts => screens::posts::Posts().into_any(),
                Screen::History => screens::history::History().into_any(),
                Screen::Dice => screens::dice::DiceLog().into_any(),
                Screen::Rules => screens::rules::Rules().into_any(),
                Screen::Verify => screens::verify::Verify().into_any(),
            }}
            </fieldset>
        </main>
        <Messages shell/>
    }
}
