//! The Dice ORG page: its context, startup (the URL's season, a file
//! handed over from the home page), and the screens. Storage, autosave,
//! tabs and the page furniture are the shell's.

use super::screens;
use super::state::{Ctx, NAV, SLUGS, Screen, phase_text};
use crate::shell::Shell;
use crate::shell::kinds::DICE_ORG;
use crate::shell::page::{self, Page};
use crate::shell::ui::{Banner, GameTitle, Header, Messages, SaveError, UpdateBanner};
use console_core::{LoadError, SaveFile};
use dice_org::Season;
use dice_org::save::SeasonFile;
use leptos::prelude::*;

impl Page for Ctx {
    type Loaded = (SeasonFile, Season);
    type Error = LoadError;
    fn parse(text: &str) -> Result<Self::Loaded, LoadError> {
        SeasonFile::parse(text)
    }
    fn name(loaded: &Self::Loaded) -> String {
        loaded.0.name.clone()
    }
    fn open_loaded(self, id: String, (file, season): Self::Loaded) {
        Ctx::open(&self, id, file, season);
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

/// The Dice ORG page.
#[component]
pub fn App() -> impl IntoView {
    let shell = Shell::new(&DICE_ORG, SLUGS);
    let ctx = Ctx::new(shell);
    provide_context(ctx);
    page::start(ctx);
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
