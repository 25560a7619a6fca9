//! The home page at `/`: the saved games of every kind with their kind and
//! where they stand, "New game" for each kind, import of any game's file
//! (handed to that game's page, which checks it), snapshots, and saves that
//! could not be read, offered for download. It links to the game pages and
//! holds no game's code.

use crate::shell::kinds::{KINDS, Kind, by_format};
use crate::shell::ui::{Banner, Messages, UpdateBanner, confirm, on_file_drop, read_file};
use crate::shell::{Shell, io, storage};
use console_core::save::read_format;
use leptos::prelude::*;

const HOME: Kind = Kind {
    key: "console",
    title: "Moderator's console",
    format: "",
    blurb: "",
    demo: false,
    unit: "",
    noun: "game",
};

/// Hands a file's text to its game's page, which checks and imports it.
fn import(shell: Shell, text: String) {
    let format = match read_format(&text) {
        Ok(format) => format,
        Err(e) => {
            shell.error(format!("Import failed, nothing was changed: {e}."));
            return;
        }
    };
    let Some(kind) = format.as_deref().and_then(by_format) else {
        shell.error(
            "Import failed, nothing was changed: this is not a game file of this console (its \"format\" member names none of the games).",
        );
        return;
    };
    // Handed over in a task of its own: a file of megabytes read and
    // stored in one task would hold the page twice as long.
    gloo_timers::callback::Timeout::new(0, move || match storage::handoff::put(&text) {
        Ok(()) => go_to(&format!("{}/#/import", kind.key)),
        Err(e) => shell.error(format!("Import failed, nothing was changed: {e}")),
    })
    .forget();
}

fn go_to(url: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_href(url);
    }
}

/// The home page.
#[component]
pub fn Home() -> impl IntoView {
    let shell = Shell::new(&HOME, &[]);
    on_file_drop(shell, move |f| {
        read_file(shell, f, move |t| import(shell, t))
    });
    storage::ask_persistent();
    let on_pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read_file(shell, file, move |t| import(shell, t));
        }
        input.set_value("");
    };
    view! {
        <a class="skip" href="#main">"Skip to content"</a>
        <UpdateBanner root="./"/>
        <header class="top">
            <h1 class="brand">"Moderator's console " <span>"for survival games by forum and Discord"</span></h1>
        </header>
        <Banner shell/>
        <main id="main" tabindex="-1">
            <section class="home">
                <h2>"New game"</h2>
                <ul class="kinds">
                    {KINDS.into_iter().map(|k| view! {
                        <li class="kind" data-kind=k.key>
                            <h3>{k.title}</h3>
                            <p class="muted">{k.blurb}</p>
                            <p class="row">
                                <a class="button primary" href=format!("{}/#/setup", k.key) data-testid=format!("new-{}", k.key)>"New game"</a>
                                {k.demo.then(|| view! { <a class="button" href=format!("{}/#/demo", k.key) data-testid=format!("demo-{}", k.key)>"Demo game"</a> })}
                                <a class="button" href=format!("{}/#/rules", k.key)>"Rules"</a>
                            </p>
                        </li>
                    }).collect_view()}
                </ul>
                <h2>"Saved games"</h2>
                <div class="actions">
                    <label class="file">
                        "Import a game file"
                        <input type="file" accept=".json,application/json" on:change=on_pick data-testid="import"/>
                    </label>
                </div>
                <p class="muted">"You can also drop a game file anywhere on this page. Games are kept in this browser. " <crate::shell::ui::StorageTruth/>
                    " Saved games use " {move || { shell.saved_games.track(); format!("{} KB", storage::used_bytes() / 1024) }} " of its storage."</p>
                <Games shell/>
                <Quarantine shell/>
            </section>
        </main>
        <Messages shell/>
    }
}

#[component]
fn Games(shell: Shell) -> impl IntoView {
    move || {
        shell.saved_games.track();
        let list: Vec<(&'static Kind, storage::Entry)> = KINDS
            .into_iter()
            .flat_map(|k| storage::index(k).into_iter().map(move |e| (k, e)))
            .collect();
        if list.is_empty() {
            return view! { <p data-testid="no-games">"No saved games yet."</p> }.into_any();
        }
        let mut list = list;
        console_core::text::sort_small_by(&mut list, |a, b| b.1.updated.total_cmp(&a.1.updated));
        view! {
            <table class="games" data-testid="games">
                <caption class="sr-only">"Saved games"</caption>
                <thead><tr><th scope="col">"Name"</th><th scope="col">"Game"</th><th scope="col">"Where it stands"</th><th scope="col">"Last change"</th><th scope="col">"Last export"</th><th scope="col"><span class="sr-only">"Actions"</span></th></tr></thead>
                <tbody>
                    {list.into_iter().map(|(k, e)| game_row(shell, k, e)).collect_view()}
                </tbody>
            </table>
        }
        .into_any()
    }
}

fn game_row(shell: Shell, kind: &'static Kind, e: storage::Entry) -> impl IntoView {
    let when = crate::shell::ui::local_time(e.updated);
    let id = e.id.clone();
    let phase = if e.phase.is_empty() {
        if e.over {
            "over".to_string()
        } else {
            format!("{} played", e.rounds)
        }
    } else {
        e.phase.clone()
    };
    let export = {
        let (id, name) = (id.clone(), e.name.clone());
        move |_| match storage::raw_game(kind, &id) {
            Some(json) => {
                match io::download(&io::file_name(&name, kind.key), "application/json", &json) {
                    Ok(()) => {
                        storage::mark_exported(kind, &id, io::now_ms());
                        shell.say("Game exported");
                    }
                    Err(e) => shell.error(format!("Export failed: {e}")),
                }
            }
            None => shell.error("That game is no longer in this browser's storage."),
        }
    };
    let delete = {
        let id = id.clone();
        move |_| {
            if confirm("Delete this game from this browser?") {
                storage::delete(kind, &id);
                shell.saved_games.update(|n| *n += 1);
                shell.say("Game deleted");
            }
        }
    };
    view! {
        <tr data-kind=kind.key>
            <td><a href=format!("{}/#/{}", kind.key, id)>{e.name.clone()}</a></td>
            <td>{kind.title}</td>
            <td>{phase}<Snapshots shell kind id=id.clone() name=e.name.clone()/></td>
            <td>{when}</td>
            <td data-testid="game-export">{crate::shell::ui::last_export(e.exported)}</td>
            <td class="row">
                <a class="button" href=format!("{}/#/{}", kind.key, id)>"Open"</a>
                <button on:click=export>"Export"</button>
                <button class="danger" on:click=delete>"Delete"</button>
            </td>
        </tr>
    }
}

/// A game's rotating snapshots, each restorable as a new game (nothing is
/// overwritten; the game's page checks it when it opens).
#[component]
fn Snapshots(shell: Shell, kind: &'static Kind, id: String, name: String) -> impl IntoView {
    let snaps = storage::snapshots(kind, &id);
    (!snaps.is_empty()).then(|| {
        view! {
            <details class="snapshots">
                <summary>"Snapshots"</summary>
                {snaps.into_iter().map(|(progress, file)| {
                    let name = format!("{name} (restored at {} {progress})", kind.unit);
                    view! {
                        <button on:click=move |_| {
                            let renamed = serde_json::from_str::<serde_json::Value>(&file)
                                .ok()
                                .map(|mut v| {
                                    v["name"] = serde_json::Value::String(name.clone());
                                    v.to_string()
                                })
                                .unwrap_or_else(|| file.clone());
                            match storage::add_raw(kind, &renamed, &name, io::now_ms()) {
                                Ok(new) => go_to(&format!("{}/#/{new}", kind.key)),
                                Err(e) => shell.error(format!("The snapshot could not be restored: {e}")),
                            }
                        }>{format!("After {} {progress}", kind.unit)}</button>
                    }
                }).collect_view()}
            </details>
        }
    })
}

/// Saves that could not be read, kept aside: download, then forget.
#[component]
fn Quarantine(shell: Shell) -> impl IntoView {
    move || {
        shell.saved_games.track();
        let list = storage::quarantined();
        (!list.is_empty()).then(|| view! {
            <h2>"Saves that could not be read"</h2>
            <p class="muted">"These were kept aside instead of being overwritten. Download them to keep them or to ask for help."</p>
            <ul class="quarantine" data-testid="quarantine">
                {list.into_iter().map(|(kind, key, text)| {
                    let file = format!("damaged-{}.json", key.replace('.', "-"));
                    let k2 = key.clone();
                    view! {
                        <li>
                            <span>{format!("{}: {key}", kind.title)}</span>
                            <button on:click=move |_| { let _ = io::download(&file, "application/json", &text); }>"Download"</button>
                            <button class="danger" on:click=move |_| {
                                if confirm("Remove this damaged save from this browser? Download it first if you want to keep it.") {
                                    storage::forget_quarantined(&k2);
                                    shell.saved_games.update(|n| *n += 1);
                                }
                            }>"Remove"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        })
    }
}
