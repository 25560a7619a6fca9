//! The Survival page: its context, startup (the URL's game, a file handed
//! over from the home page), and the screens. Storage, autosave, tabs and
//! the page furniture are the shell's.

use super::screens;
use super::state::{Ctx, NAV, SLUGS, Screen, phase_text};
use crate::shell::Shell;
use crate::shell::kinds::SURVIVAL;
use crate::shell::page::{self, Page};
use crate::shell::ui::{Banner, GameTitle, Header, Messages, SaveError, UpdateBanner};
use console_core::{LoadError, SaveFile};
use leptos::prelude::*;
use survival::Game;
use survival::save::GameFile;

impl Page for Ctx {
    type Loaded = (GameFile, Game);
    type Error = LoadError;
    fn parse(text: &str) -> Result<Self::Loaded, LoadError> {
        GameFile::parse(text)
    }
    fn name(loaded: &Self::Loaded) -> String {
        loaded.0.name.clone()
    }
    fn open_loaded(self, id: String, (file, game): Self::Loaded) {
        Ctx::open(&self, id, file, game);
    }
    fn close(self) {
        self.live.set(None);
    }
    fn go_start(self) {
        self.go(Screen::Board);
    }
    fn go_setup(self) {
        self.go(Screen::Setup);
    }
}

/// The Survival page.
#[component]
pub fn App() -> impl IntoView {
    let shell = Shell::new(&SURVIVAL, SLUGS);
    let ctx = Ctx::new(shell);
    provide_context(ctx);
    page::start(ctx);
    let status = Signal::derive(move || {
        ctx.live
            .with(|l| l.as_ref().map(|l| (l.name.clone(), phase_text(&l.game))))
    });
    // A screen is built when the screen changes, not on every change of
    // the game (its own state, an input being typed, stays).
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
        <main id="main" tabindex="-1" class="survival">
            // A read-only tab (the game is open elsewhere) cannot change anything here.
            <fieldset class="screen" disabled=move || shell.read_only.get()>
            {move || match screen.get() {
                Screen::Setup => screens::setup::Setup().into_any(),
                Screen::Board => screens::board::Board().into_any(),
                Screen::Night => screens::night::Night().into_any(),
                Screen::Day => screens::day::Day().into_any(),
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
