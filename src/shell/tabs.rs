//! One writer per game: the same game open in two tabs is detected over a
//! BroadcastChannel. The tab that opened it first keeps writing; a later one
//! becomes read-only with a notice and follows the writer's saves (storage
//! events). The writer says it is alive every 2 s; when it closes, or goes
//! quiet for 6 s (a crash), a reader takes over. No update is lost.

use crate::shell::{Notice, Persist, io, storage};
use gloo_events::EventListener;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

#[derive(Serialize, Deserialize)]
struct Msg {
    /// "claim", "taken", "alive" or "release".
    kind: String,
    game: String,
    tab: String,
    /// When this tab opened the game (ms), to settle two claims at once.
    at: f64,
    /// With "release": the game's save file as the closing writer last
    /// saved it, which the tab taking over opens (its own copy of storage
    /// may not have that save yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    file: Option<String>,
}

/// Starts coordinating with other tabs of this site that run the same kind
/// of game (game ids are unique across kinds, the channel is per kind).
pub fn start<P: Persist>(p: P) {
    let ctx = p.shell();
    let Ok(channel) = web_sys::BroadcastChannel::new(ctx.kind.key) else {
        return;
    };
    let tab = format!("{:016x}", io::random_seed());
    let opened_at = StoredValue::new(io::now_ms());
    let game = move || p.open_id(false);
    let send = {
        let channel = channel.clone();
        let tab = tab.clone();
        move |kind: &str, game: String, file: Option<String>| {
            let msg = Msg {
                kind: kind.into(),
                game,
                tab: tab.clone(),
                at: opened_at.get_value(),
                file,
            };
            if let Ok(text) = serde_json::to_string(&msg) {
                let _ = channel.post_message(&text.into());
            }
        }
    };
    // Claim each game this tab opens.
    let claim = send.clone();
    Effect::new(move |prev: Option<Option<String>>| {
        let id = p.open_id(true);
        if prev.as_ref() != Some(&id) {
            opened_at.set_value(io::now_ms());
            ctx.read_only.set(false);
            if let Some(id) = id.clone() {
                claim("claim", id, None);
            }
        }
        id
    });
    let reply = send.clone();
    let my_tab = tab.clone();
    // When the writer was last heard from.
    let writer_seen = StoredValue::new(io::now_ms());
    let claim_again = send.clone();
    let take_over = move |file: Option<String>| {
        match file {
            Some(json) => {
                p.shell().followed.set_value(None);
                p.follow(&json);
            }
            None => follow(p),
        }
        ctx.read_only.set(false);
        opened_at.set_value(io::now_ms());
        if let Some(id) = game() {
            claim_again("claim", id, None);
        }
        ctx.notice.set(Some(Notice {
            text: "The other tab closed: you can edit here now.".into(),
            error: false,
            download: None,
            replace: None,
        }));
    };
    // Heartbeat: a writer says it is alive every 2 s; a reader that has not
    // heard from the writer for 6 s (closed or crashed) takes over.
    let beat = send.clone();
    let take_over_on_silence = take_over.clone();
    gloo_timers::callback::Interval::new(2000, move || {
        match (ctx.read_only.get_untracked(), game()) {
            (false, Some(id)) => beat("alive", id, None),
            (true, Some(_)) if io::now_ms() - writer_seen.get_value() > 6000.0 => {
                take_over_on_silence(None)
            }
            _ => {}
        }
    })
    .forget();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let Some(msg) = ev
                .data()
                .as_string()
                .and_then(|t| serde_json::from_str::<Msg>(&t).ok())
            else {
                return;
            };
            if msg.tab == my_tab || Some(&msg.game) != game().as_ref() {
                return;
            }
            match (msg.kind.as_str(), ctx.read_only.get_untracked()) {
                // Two writers: the earlier opening keeps writing.
                ("claim" | "alive", false) => {
                    if (opened_at.get_value(), my_tab.as_str()) < (msg.at, msg.tab.as_str()) {
                        reply("taken", msg.game, None);
                    } else {
                        writer_seen.set_value(io::now_ms());
                        become_reader(p);
                    }
                }
                ("taken", _) => {
                    writer_seen.set_value(io::now_ms());
                    become_reader(p);
                }
                ("alive", true) => writer_seen.set_value(io::now_ms()),
                ("release", true) => take_over(msg.file),
                _ => {}
            }
        });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let Some(window) = web_sys::window() else {
        return;
    };
    // Follow the writer's saves.
    EventListener::new(&window, "storage", move |ev| {
        let ev: &web_sys::StorageEvent = ev.unchecked_ref();
        if ctx.read_only.get_untracked()
            && game().is_some_and(|id| ev.key() == Some(storage::game_key(ctx.kind, &id)))
        {
            follow(p);
        }
    })
    .forget();
    // Hand over on close, with the game as this tab last saved it (the
    // autosave's listener, added first, has just saved it).
    EventListener::new(&window, "pagehide", move |_| {
        if !ctx.read_only.get_untracked()
            && let Some(id) = game()
        {
            send("release", id, p.file().map(|(json, _)| json));
        }
    })
    .forget();
}

fn become_reader<P: Persist>(p: P) {
    let ctx = p.shell();
    if ctx.read_only.get_untracked() {
        return;
    }
    ctx.read_only.set(true);
    ctx.notice.set(Some(Notice {
        text: "This game is open in another tab. This tab is read-only and follows it; edit there."
            .into(),
        error: false,
        download: None,
        replace: None,
    }));
    follow(p);
}

/// Reloads the open game from storage (what the writer saved).
fn follow<P: Persist>(p: P) {
    let Some(id) = p.open_id(false) else {
        return;
    };
    if let Some(json) = storage::raw_game(p.shell().kind, &id) {
        p.shell().followed.set_value(None);
        p.follow(&json);
    }
}
