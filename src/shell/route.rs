//! Each screen and the open game have their own URL, in the page's hash
//! (`#/<game id>/<screen>`, or `#/<screen>` with no game open), so Back,
//! Forward, reload and a bookmark do what a person expects, at any path
//! (GitHub Pages project sites included: the hash never reaches the server).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// Where the page is: the open game (its storage id) and the screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Route {
    /// The open game's id, if any.
    pub game: Option<String>,
    /// The screen's slug (`"board"`); empty for the page's default.
    pub screen: String,
}

impl Route {
    /// A route to a screen of the open game (or of no game).
    pub fn new(game: Option<String>, screen: &str) -> Route {
        Route {
            game,
            screen: screen.to_string(),
        }
    }

    /// Reads `#/<id>/<screen>` or `#/<screen>`; `screens` are the slugs a
    /// screen can have (anything else in first place is a game id).
    pub fn parse(hash: &str, screens: &[&str]) -> Route {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        let mut parts = path.split('/').filter(|p| !p.is_empty());
        match (parts.next(), parts.next()) {
            (None, _) => Route::default(),
            (Some(first), _) if screens.contains(&first) => Route::new(None, first),
            (Some(id), screen) => Route::new(Some(id.to_string()), screen.unwrap_or("")),
        }
    }

    /// The hash for this route.
    pub fn hash(&self) -> String {
        match &self.game {
            Some(id) if self.screen.is_empty() => format!("#/{id}"),
            Some(id) => format!("#/{id}/{}", self.screen),
            None if self.screen.is_empty() => String::new(),
            None => format!("#/{}", self.screen),
        }
    }
}

fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The route of the current URL.
pub fn current(screens: &[&str]) -> Route {
    Route::parse(&location_hash(), screens)
}

/// Keeps `route` and the URL in step: a change of `route` pushes a history
/// entry (a change of screen or game) or replaces it (the same place
/// reached another way); Back and Forward set `route`.
pub fn sync(route: RwSignal<Route>, screens: &'static [&'static str]) {
    Effect::new(move |_| {
        let r = route.get();
        let Some(w) = web_sys::window() else { return };
        if Route::parse(&location_hash(), screens) == r {
            return;
        }
        let url = if r.hash().is_empty() {
            w.location().pathname().unwrap_or_default() + &w.location().search().unwrap_or_default()
        } else {
            r.hash()
        };
        if let Ok(h) = w.history() {
            let _ = h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    });
    let on_pop = Closure::<dyn FnMut()>::new(move || {
        let r = current(screens);
        if route.get_untracked() != r {
            route.set(r);
        }
    });
    if let Some(w) = web_sys::window() {
        w.set_onpopstate(Some(on_pop.as_ref().unchecked_ref()));
        w.set_onhashchange(Some(on_pop.as_ref().unchecked_ref()));
    }
    on_pop.forget();
}

/// Keeps the URL's game and the open game in step: opening a game (from
/// setup, an import, a file) puts its id in the URL; going to another
/// game's URL (Back, Forward, a link) calls `switch` with it, or with
/// `None` for a URL with no game.
pub fn follow_game(
    shell: crate::shell::Shell,
    open_id: Signal<Option<String>>,
    switch: impl Fn(Option<String>) + Send + Sync + 'static,
) {
    Effect::new(move |_| {
        let id = open_id.get();
        if id.is_some() && shell.route.with_untracked(|r| r.game != id) {
            shell.route.update(|r| r.game = id);
        }
    });
    Effect::new(move |prev: Option<Option<String>>| {
        let want = shell.route.with(|r| r.game.clone());
        if prev.is_some_and(|p| p != want) && open_id.get_untracked() != want {
            switch(want.clone());
        }
        want
    });
}
