//! The Mini-Survivor page: its context, startup (the URL's game, the demo,
//! a file handed over from the home page), and the screens. Storage,
//! autosave, tabs and the page furniture are the shell's.

use super::screens;
use super::state::{Ctx, NAV, SLUGS, Screen, phase_text};
use crate::shell::kinds::MINI_SURVIVOR;
use crate::shell::page::{self, Page};
use crate::shell::ui::{Banner, GameTitle, Header, Messages, SaveError, UpdateBanner};
use crate::shell::{Shell, io};
use console_core::{LoadError, SaveFile};
use leptos::prelude::*;
use mini_survivor::Game;
use mini_survivor::case::Case;
use mini_survivor::save::GameFile;

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
    const ARRIVALS: &'static [&'static str] = &["demo"];
    fn arrive_at(self, _screen: &str) {
        let (file, game) = super::demo::demo();
        Ctx::open(&self, io::new_id(), file, game);
        self.go(Screen::Board);
        self.say("Demo game opened: the players' orders for round 1 are in the Orders screen");
    }
    /// A file without a `format` member is read as a rules-case file.
    fn import_other(self, text: &str) -> bool {
        import_case(self, text);
        true
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

/// The Mini-Survivor page.
#[component]
pub fn App() -> impl IntoView {
    let shell = Shell::new(&MINI_SURVIVOR, SLUGS);
    let ctx = Ctx::new(shell);
    provide_context(ctx);
    page::start(ctx);
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
