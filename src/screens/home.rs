//! Home: saved games, new game, import (file picker or a dropped file), demo.

use crate::state::{Ctx, Screen};
use crate::{demo, io, storage};
use leptos::prelude::*;
use leptos::task::spawn_local;
use mini_survivor::save::GameFile;

/// Imports a game file's text: a new saved game, or an error naming the
/// problem with the current game untouched.
fn import(ctx: Ctx, text: String) {
    match GameFile::parse(&text) {
        Ok((file, game)) => {
            let id = format!("{:016x}", io::random_seed());
            let name = file.name.clone();
            ctx.open(id, file, game);
            ctx.notice.set(None);
            ctx.say(format!("Imported {name}"));
            ctx.screen.set(Screen::Board);
        }
        Err(e) => ctx.error(format!("Import failed, nothing was changed: {e}")),
    }
}

/// Imports a picked or dropped game file.
pub(crate) fn import_file(ctx: Ctx, file: web_sys::File) {
    spawn_local(async move {
        match io::read_text(file).await {
            Ok(text) => import(ctx, text),
            Err(e) => ctx.error(format!("Import failed: cannot read the file: {e}")),
        }
    });
}

#[component]
pub fn Home() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let games = move || {
        ctx.saved_games.track();
        storage::index()
    };
    let open = move |id: String| match storage::load(&id) {
        storage::Loaded::Ok(file, game) => {
            ctx.open(id, *file, *game);
            ctx.screen.set(Screen::Board);
        }
        storage::Loaded::Missing => ctx.error("That game is no longer in this browser's storage."),
        storage::Loaded::Corrupt(why, raw) => ctx.notice.set(Some(crate::state::Notice {
            text: format!(
                "This save could not be read ({why}). It was kept aside; download it to keep it."
            ),
            error: true,
            download: Some((format!("damaged-save-{id}.json"), raw)),
        })),
    };
    let on_pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            import_file(ctx, file);
        }
        input.set_value("");
    };
    let start_demo = move |_| {
        let (file, game) = demo::demo();
        ctx.open(format!("{:016x}", io::random_seed()), file, game);
        ctx.say("Demo game opened: the players' orders for round 1 are in the Orders screen");
        ctx.screen.set(Screen::Board);
    };
    view! {
        <section class="home">
            <h2>"Games"</h2>
            <div class="actions">
                <button class="primary" on:click=move |_| ctx.screen.set(Screen::Setup)>"New game"</button>
                <button on:click=start_demo data-testid="demo">"Open the demo game"</button>
                <label class="file">
                    "Import a game file"
                    <input type="file" accept=".json,application/json" on:change=on_pick data-testid="import"/>
                </label>
            </div>
            <p class="muted">"You can also drop a game file anywhere on this page. Games are kept in this browser; export them to keep a copy."
                " Storage used: " {move || { ctx.saved_games.track(); format!("{} KB", storage::used_bytes() / 1024) }} "."</p>
            {move || {
                let list = games();
                if list.is_empty() {
                    view! { <p>"No saved games yet."</p> }.into_any()
                } else {
                    view! {
                        <table class="games">
                            <caption class="sr-only">"Saved games"</caption>
                            <thead><tr><th scope="col">"Name"</th><th scope="col">"Rounds"</th><th scope="col">"Last change"</th><th scope="col"><span class="sr-only">"Actions"</span></th></tr></thead>
                            <tbody>
                                {list
                                    .into_iter()
                                    .map(|e| {
                                        let id = e.id.clone();
                                        let id2 = e.id.clone();
                                        let when = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(e.updated)).to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED);
                                        view! {
                                            <tr>
                                                <td>{e.name.clone()}</td>
                                                <td>{e.rounds} {if e.over { " (over)" } else { "" }}
                                                    <Snapshots id=e.id.clone() name=e.name.clone()/>
                                                </td>
                                                <td>{String::from(when)}</td>
                                                <td>
                                                    <button on:click=move |_| open(id.clone())>"Open"</button>
                                                    <button class="danger" on:click=move |_| {
                                                        let ok = web_sys::window()
                                                            .and_then(|w| w.confirm_with_message("Delete this game from this browser?").ok())
                                                            .unwrap_or(false);
                                                        if ok {
                                                            storage::delete(&id2);
                                                            if ctx.live.with_untracked(|l| l.as_ref().is_some_and(|l| l.id == id2)) {
                                                                ctx.live.set(None);
                                                            }
                                                            ctx.saved_games.update(|n| *n += 1);
                                                        }
                                                    }>"Delete"</button>
                                                </td>
                                            </tr>
                                        }
                                    })
                                    .collect_view()}
                            </tbody>
                        </table>
                    }
                    .into_any()
                }
            }}
        </section>
    }
}

/// A game's rotating snapshots, each restorable as a new game (nothing is overwritten).
#[component]
fn Snapshots(id: String, name: String) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let snaps = storage::snapshots(&id);
    (!snaps.is_empty()).then(|| {
        view! {
            <details class="snapshots">
                <summary>"Snapshots"</summary>
                {snaps.into_iter().map(|(rounds, file)| {
                    let name = name.clone();
                    view! {
                        <button on:click=move |_| {
                            let mut file = file.clone();
                            file.name = format!("{name} (restored at round {rounds})");
                            match file.replay() {
                                Ok(game) => {
                                    ctx.open(format!("{:016x}", io::random_seed()), file, game);
                                    ctx.say(format!("Restored the snapshot after round {rounds} as a new game"));
                                    ctx.screen.set(Screen::Board);
                                }
                                Err(e) => ctx.error(format!("That snapshot cannot be used: {e}")),
                            }
                        }>{format!("After round {rounds}")}</button>
                    }
                }).collect_view()}
            </details>
        }
    })
}
