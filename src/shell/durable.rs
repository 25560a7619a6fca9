//! A copy of every saved game in IndexedDB, written to disk before the
//! console counts it as kept. localStorage stays the store every page reads
//! (synchronously) and the reader of last resort, but a browser puts it on
//! disk lazily: a browser killed (a crash, a phone's out-of-memory kill)
//! seconds after a commit came back without it. IndexedDB's transactions
//! complete only once written (`durability: "strict"`), so:
//!
//! - each save of a game's file to localStorage is followed by the same file,
//!   with its index entry and the save's time, put in IndexedDB ([`keep`]);
//! - before a page mounts, [`restore`] puts back into localStorage every
//!   game whose IndexedDB copy is newer than what localStorage holds (its
//!   index's time of last change), so the page reads the last kept save;
//! - a deleted or quarantined game is forgotten in both ([`forget`]).
//!
//! The database (`durable.js`, a script every page loads before its app,
//! calling the browser's API as it is):
//! `moderator-console`, version 1, two object stores keyed by the game's
//! localStorage key (`<kind>.game.<id>`): `stamps` (the game's index entry
//! as JSON, whose `updated` is the save's time) and `files` (the save file's
//! text). Where IndexedDB is missing or refuses (a private window, an old
//! browser), the console keeps to localStorage alone, as before.

use crate::shell::Shell;
use crate::shell::kinds::{KINDS, Kind};
use crate::shell::storage::{self, Entry, Summary};
use js_sys::{Array, Promise};
use leptos::prelude::{GetValue, UpdateValue};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// How long [`restore`] waits for IndexedDB before the page starts without
/// it, in ms (a browser whose IndexedDB never answers must not leave a
/// blank page).
const RESTORE_WAIT_MS: u32 = 3000;

// `durable.js`, loaded by every page before its app: an error when it is
// not there.
#[wasm_bindgen(js_namespace = consoleDurable)]
extern "C" {
    #[wasm_bindgen(catch, js_name = keep)]
    fn durable_keep(key: &str, stamp: &str, file: &str) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_name = forget)]
    fn durable_forget(key: &str) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_name = stamps)]
    fn durable_stamps(wait: u32) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_name = file)]
    fn durable_file(key: &str) -> Result<Promise, JsValue>;
}

/// Keeps a game's save file in IndexedDB; resolves once it is on disk.
///
/// `updated` is the save's time as the index has it (ms since the epoch).
///
/// # Errors
/// When IndexedDB did not keep it (missing, refused, full): the
/// localStorage copy is then the only one.
pub async fn keep(
    kind: &Kind,
    id: &str,
    json: &str,
    summary: &Summary,
    updated: f64,
) -> Result<(), ()> {
    let stamp = Entry {
        id: id.to_string(),
        name: storage::shown_name(&summary.name).into_owned(),
        rounds: summary.progress,
        over: summary.over,
        phase: summary.phase.clone(),
        updated,
        exported: None,
    };
    let stamp = serde_json::to_string(&stamp).map_err(|_| ())?;
    let keeping = durable_keep(&storage::game_key(kind, id), &stamp, json).map_err(|_| ())?;
    JsFuture::from(keeping).await.map(|_| ()).map_err(|_| ())
}

/// Forgets a game's copy (deleted, or set aside as damaged), without
/// waiting.
pub fn forget(kind: &Kind, id: &str) {
    let _ = durable_forget(&storage::game_key(kind, id));
}

/// Notes a change to the open game, not on disk yet.
pub fn changed(shell: Shell) {
    shell.changes.update_value(|n| *n += 1);
    show(shell);
}

/// Notes that a save holding the first `changes` changes is on disk.
pub fn kept(shell: Shell, changes: u64) {
    shell.on_disk.update_value(|n| *n = (*n).max(changes));
    show(shell);
}

/// Says on the page's root element whether every change is on disk:
/// `data-saved="yes"` or `"no"` (what a test waits for before it kills
/// the browser). At the start, a game read from storage is.
pub fn show(shell: Shell) {
    let all = shell.on_disk.get_value() >= shell.changes.get_value();
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-saved", if all { "yes" } else { "no" });
    }
}

/// The kind and id of a game's localStorage key.
fn game_of(key: &str) -> Option<(&'static Kind, String)> {
    KINDS.into_iter().find_map(|kind| {
        let id = key.strip_prefix(&storage::game_key(kind, ""))?;
        Some((kind, id.to_string()))
    })
}

/// Puts back into localStorage every game whose IndexedDB copy is newer
/// than localStorage's (or that localStorage lost). Call before a page
/// reads storage; it gives up quietly after [`RESTORE_WAIT_MS`] or when
/// IndexedDB is unavailable. Returns how many games it put back.
pub async fn restore() -> usize {
    let Ok(list) = durable_stamps(RESTORE_WAIT_MS) else {
        return 0;
    };
    let Ok(list) = JsFuture::from(list).await else {
        return 0;
    };
    let mut put_back = 0;
    for pair in Array::from(&list).iter() {
        let pair = Array::from(&pair);
        let (Some(key), Some(stamp)) = (pair.get(0).as_string(), pair.get(1).as_string()) else {
            continue;
        };
        let (Some((kind, id)), Ok(stamp)) = (game_of(&key), serde_json::from_str::<Entry>(&stamp))
        else {
            continue;
        };
        let newer = storage::updated(kind, &id).is_none_or(|t| t < stamp.updated);
        if !newer && storage::has_game(kind, &id) {
            continue;
        }
        let Ok(reading) = durable_file(&key) else {
            continue;
        };
        let Some(json) = JsFuture::from(reading)
            .await
            .ok()
            .and_then(|f| f.as_string())
        else {
            continue;
        };
        if storage::restore(kind, &id, &json, &stamp).is_ok() {
            put_back += 1;
        }
    }
    put_back
}
