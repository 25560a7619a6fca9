//! The Survival circle page: its context, startup (the URL's game, a file
//! handed over from the home page), the AI's turn, and the screens.
//! Storage, autosave, tabs and the page furniture are the shell's.

use super::screens;
use super::state::{Ctx, NAV, SLUGS, Screen, phase_text};
use crate::shell::Shell;
use crate::shell::kinds::SURVIVAL_CIRCLE;
use crate::shell::page::{self, Page};
use crate::shell::ui::{Banner, GameTitle, Header, Messages, SaveError, UpdateBanner};
use console_core::{LoadError, SaveFile};
use leptos::prelude::*;
use survival_circle::game::Game;
use survival_circle::save::GameFile;

impl Page for Ctx {
    type Loaded = Game;
    type Error = LoadError;
    fn parse(text: &str) -> Result<Game, LoadError> {
        GameFile::parse(text).map(|(_, game)| game)
    }
    fn name(game: &Game) -> String {
        game.name.clone()
    }
    fn open_loaded(self, id: String, game: Game) {
        Ctx::open(&self, id, game);
    }
    fn close(self) {
        self.thinker.stop();
        self.live.set(None);
    }
    fn go_start(self) {
        self.go(Screen::Play);
    }
    fn go_setup(self) {
        self.go(Screen::Setup);
    }
}

/// The Survival circle page.
#[component]
pub fn App() -> impl IntoView {
    let shell = Shell::new(&SURVIVAL_CIRCLE, SLUGS);
    let ctx = Ctx::new(shell);
    provide_context(ctx);
    page::start(ctx);
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
