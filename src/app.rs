//! The shell: context, startup load, autosave, navigation, banners and the
//! live region. Screens are in `screens`.

use crate::screens;
use crate::state::{Ctx, Notice, Screen};
use crate::{autosave, io, pwa, storage, tabs};
use leptos::prelude::*;

/// The console.
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::new();
    provide_context(ctx);
    // Load the last open game before anything can be saved.
    if let Some(id) = storage::last() {
        match storage::load(&id) {
            storage::Loaded::Ok(file, game) => {
                ctx.open(id, *file, *game);
                ctx.screen.set(Screen::Board);
            }
            storage::Loaded::Missing => {}
            storage::Loaded::Corrupt(why, raw) => ctx.notice.set(Some(Notice {
                text: format!("Your last game could not be read ({why}). It was kept aside; download it below, then start afresh or import a backup."),
                error: true,
                download: Some((format!("damaged-save-{id}.json"), raw)),
            })),
        }
    }
    // A game file dropped anywhere on the page is imported.
    if let Some(window) = web_sys::window() {
        gloo_events::EventListener::new_with_options(
            &window,
            "dragover",
            gloo_events::EventListenerOptions::enable_prevent_default(),
            |ev| ev.prevent_default(),
        )
        .forget();
        gloo_events::EventListener::new_with_options(
            &window,
            "drop",
            gloo_events::EventListenerOptions::enable_prevent_default(),
            move |ev| {
                ev.prevent_default();
                let ev: &web_sys::DragEvent = wasm_bindgen::JsCast::unchecked_ref(ev);
                if ctx.read_only.get_untracked() {
                    return;
                }
                if let Some(file) = ev
                    .data_transfer()
                    .and_then(|d| d.files())
                    .and_then(|f| f.get(0))
                {
                    screens::home::import_file(ctx, file);
                }
            },
        )
        .forget();
    }
    // Only now, with the load finished, may anything be written.
    autosave::start(ctx);
    tabs::start(ctx);
    storage::ask_persistent();
    let update_ready = RwSignal::new(false);
    pwa::register(update_ready);
    view! {
        <a class="skip" href="#main">"Skip to content"</a>
        {move || update_ready.get().then(|| view! {
            <div class="banner update" role="status" data-testid="update">
                <span>"A new version is available. Your game is saved."</span>
                <button class="primary" on:click=|_| pwa::apply_update()>"Reload"</button>
            </div>
        })}
        <header class="top">
            <h1 class="brand">"Mini-Survivor " <span>"moderator's console"</span></h1>
            <Nav/>
            <GameTitle/>
        </header>
        <SaveError/>
        <Banner/>
        <main id="main" tabindex="-1">
            // A read-only tab (the game is open elsewhere) cannot change anything here.
            <fieldset class="screen" disabled=move || ctx.read_only.get()>
            {move || match ctx.screen.get() {
                s if s.needs_game() && ctx.live.with(|l| l.is_none()) => screens::home::Home().into_any(),
                Screen::Home => screens::home::Home().into_any(),
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
        <div class="sr-only" role="status" aria-live="polite" data-testid="live">{move || ctx.announce.get()}</div>
    }
}

#[component]
fn Nav() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <nav aria-label="Screens">
            <ul>
                {Screen::NAV
                    .into_iter()
                    .map(|(s, label)| {
                        let disabled = move || s.needs_game() && ctx.live.with(|l| l.is_none());
                        view! {
                            <li>
                                <button
                                    class="nav"
                                    data-screen=label
                                    aria-current=move || (ctx.screen.get() == s).then_some("page")
                                    disabled=disabled
                                    on:click=move |_| ctx.screen.set(s)
                                >
                                    {label}
                                </button>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </nav>
    }
}

#[component]
fn GameTitle() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let on_export = move |_| export(ctx);
    view! {
        {move || {
            ctx.live.with(|l| {
                l.as_ref().map(|l| {
                    let round = l.game.rounds().len();
                    let status = if l.game.is_over() {
                        format!("game over after round {round}")
                    } else {
                        format!("round {} next", round + 1)
                    };
                    view! {
                        <div class="game-title">
                            <strong>{l.name.clone()}</strong>
                            <span class="muted">{status}</span>
                            <button on:click=on_export data-testid="export">"Export"</button>
                        </div>
                    }
                })
            })
        }}
    }
}

#[component]
fn Banner() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        ctx.notice.get().map(|n| {
            let download = n.download.clone().map(|(name, raw)| {
                view! {
                    <button on:click=move |_| {
                        let _ = io::download(&name, "application/json", &raw);
                    }>"Download it"</button>
                }
            });
            view! {
                <div class=if n.error { "banner error" } else { "banner" } role="alert">
                    <span>{n.text.clone()}</span>
                    {download}
                    <button on:click=move |_| ctx.notice.set(None) aria-label="Dismiss">"×"</button>
                </div>
            }
        })
    }
}

/// Exports the open game as a file download.
pub fn export(ctx: Ctx) {
    if let Some(file) = ctx.file() {
        let name = format!(
            "{}.mini-survivor.json",
            file.name.replace(|c: char| !c.is_alphanumeric(), "-")
        );
        match io::download(&name, "application/json", &file.to_json()) {
            Ok(()) => {
                if let Some(id) = ctx
                    .live
                    .with_untracked(|l| l.as_ref().map(|l| l.id.clone()))
                {
                    storage::mark_exported(&id, io::now_ms());
                    ctx.saved_games.update(|n| *n += 1);
                }
                ctx.say("Game exported");
            }
            Err(e) => ctx.error(format!("Export failed: {e}")),
        }
    }
}

/// Stays up while saving fails: nothing new is kept in this browser, so export.
#[component]
fn SaveError() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        ctx.save_error.get().map(|e| {
            let used = storage::used_bytes();
            view! {
                <div class="banner error" role="alert" data-testid="save-error">
                    <span><strong>"NOT saved"</strong>{format!(": {e}. Export the game now to keep your latest changes. (This site uses {} KB of browser storage.)", used / 1024)}</span>
                    <button class="primary" on:click=move |_| export(ctx)>"Export now"</button>
                </div>
            }
        })
    }
}
