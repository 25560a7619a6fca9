//! A copy of every saved game in IndexedDB, written to disk before the
//! console counts it as kept. localStorage stays the store every page reads
//! (synchronously) and the reader of last resort, but a browser puts it on
//! disk lazily: a browser killed (a crash, a phone's out-of-memory kill)
//! seconds after a commit came back without it. IndexedDB's transactions
//! complete only once written (`durability: "strict"`), so:
//!
//! - each save of a game's file to localStorage is followed by the same file,
//!   with its summary and the save's time, put in IndexedDB ([`keep`]);
//! - before a page mounts, [`restore`] puts back into localStorage every
//!   game whose IndexedDB copy is newer than what localStorage holds (its
//!   index's time of last change), so the page reads the last kept save;
//! - a deleted or quarantined game is forgotten in both ([`forget`]).
//!
//! The database: `moderator-console`, version 1, two object stores keyed by
//! the game's localStorage key (`<kind>.game.<id>`): `stamps` (a small JSON
//! [`Stamp`]: when and what) and `files` (the save file's text). Where
//! IndexedDB is missing or refuses (a private window, an old browser), the
//! console keeps to localStorage alone, as before.

use crate::shell::Shell;
use crate::shell::kinds::{KINDS, Kind};
use crate::shell::storage::{self, Summary};
use js_sys::{Array, Object, Promise, Reflect};
use leptos::prelude::{GetValue, UpdateValue};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbObjectStore, IdbRequest, IdbTransaction};

const DB: &str = "moderator-console";
const STAMPS: &str = "stamps";
const FILES: &str = "files";
/// How long [`restore`] waits for IndexedDB before the page starts without
/// it, in ms (a browser whose IndexedDB never answers must not leave a
/// blank page).
const RESTORE_WAIT_MS: i32 = 3000;

/// What is kept beside a game's file: the time of the save (ms since the
/// epoch, the index's `updated`) and the index's summary.
#[derive(Serialize, Deserialize)]
struct Stamp {
    updated: f64,
    summary: Summary,
}

#[wasm_bindgen]
extern "C" {
    /// `IDBDatabase.transaction(names, mode, options)`: web-sys binds the
    /// options (`durability`) only under its unstable APIs.
    #[wasm_bindgen(js_name = IDBDatabase)]
    type Database;
    #[wasm_bindgen(method, catch, js_name = transaction)]
    fn transaction_with_options(
        this: &Database,
        names: &Array,
        mode: &str,
        options: &Object,
    ) -> Result<IdbTransaction, JsValue>;
}

thread_local! {
    /// The database once opened (or `None` until then, and where it cannot be).
    static OPEN: RefCell<Option<IdbDatabase>> = const { RefCell::new(None) };
}

/// A promise settled by a request's `success` (with its result) or
/// `error`.
fn requested(req: &IdbRequest) -> Promise {
    let req = req.clone();
    Promise::new(&mut |resolve, reject| {
        let r = req.clone();
        let ok = Closure::once_into_js(move || {
            let _ = resolve.call1(&JsValue::NULL, &r.result().unwrap_or(JsValue::UNDEFINED));
        });
        let bad = Closure::once_into_js(move || {
            let _ = reject.call1(&JsValue::NULL, &"IndexedDB refused a request".into());
        });
        req.set_onsuccess(Some(ok.unchecked_ref()));
        req.set_onerror(Some(bad.unchecked_ref()));
    })
}

/// A promise settled when a transaction is complete (on disk, for a
/// strict one) or failed.
fn completed(tx: &IdbTransaction) -> Promise {
    let tx = tx.clone();
    Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move || {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let bad = Closure::once_into_js(move || {
            let _ = reject.call1(&JsValue::NULL, &"IndexedDB did not keep the save".into());
        });
        tx.set_oncomplete(Some(ok.unchecked_ref()));
        tx.set_onerror(Some(bad.unchecked_ref()));
        tx.set_onabort(Some(bad.unchecked_ref()));
    })
}

/// The database, opened (and created) at the first call.
async fn database() -> Result<IdbDatabase, JsValue> {
    if let Some(db) = OPEN.with(|o| o.borrow().clone()) {
        return Ok(db);
    }
    let factory = web_sys::window()
        .ok_or("no window")?
        .indexed_db()?
        .ok_or("no IndexedDB")?;
    let req = factory.open_with_u32(DB, 1)?;
    let r = req.clone();
    let upgrade = Closure::once_into_js(move || {
        if let Ok(db) = r.result().and_then(|d| d.dyn_into::<IdbDatabase>()) {
            let names = db.object_store_names();
            for name in [STAMPS, FILES] {
                if !names.contains(name) {
                    let _ = db.create_object_store(name);
                }
            }
        }
    });
    req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    let db: IdbDatabase = JsFuture::from(requested(&req)).await?.dyn_into()?;
    OPEN.with(|o| *o.borrow_mut() = Some(db.clone()));
    Ok(db)
}

/// A read-write transaction over both stores, strict when the browser
/// takes the option (every current one does; others get their default).
fn writing(db: &IdbDatabase) -> Result<IdbTransaction, JsValue> {
    let names = Array::of2(&STAMPS.into(), &FILES.into());
    let options = Object::new();
    Reflect::set(&options, &"durability".into(), &"strict".into())?;
    db.unchecked_ref::<Database>()
        .transaction_with_options(&names, "readwrite", &options)
        .or_else(|_| {
            db.transaction_with_str_sequence_and_mode(
                &names,
                web_sys::IdbTransactionMode::Readwrite,
            )
        })
}

fn store(tx: &IdbTransaction, name: &str) -> Result<IdbObjectStore, JsValue> {
    tx.object_store(name)
}

/// Keeps a game's save file in IndexedDB; resolves once it is on disk.
///
/// `updated` is the save's time as the index has it (ms since the epoch).
///
/// # Errors
/// Why IndexedDB did not keep it (missing, refused, full), as text; the
/// localStorage copy is then the only one.
pub async fn keep(
    kind: &Kind,
    id: &str,
    json: &str,
    summary: &Summary,
    updated: f64,
) -> Result<(), String> {
    let key: JsValue = storage::game_key(kind, id).into();
    let stamp = serde_json::to_string(&Stamp {
        updated,
        summary: summary.clone(),
    })
    .map_err(|e| e.to_string())?;
    let put = async {
        let db = database().await?;
        let tx = writing(&db)?;
        store(&tx, STAMPS)?.put_with_key(&stamp.into(), &key)?;
        store(&tx, FILES)?.put_with_key(&json.into(), &key)?;
        JsFuture::from(completed(&tx)).await.map(|_| ())
    };
    put.await.map_err(|e| {
        e.as_string()
            .unwrap_or_else(|| "IndexedDB refused the save".into())
    })
}

/// Forgets a game's copy (deleted, or set aside as damaged), without
/// waiting.
pub fn forget(kind: &Kind, id: &str) {
    let key: JsValue = storage::game_key(kind, id).into();
    leptos::task::spawn_local(async move {
        let delete = async {
            let db = database().await?;
            let tx = writing(&db)?;
            store(&tx, STAMPS)?.delete(&key)?;
            store(&tx, FILES)?.delete(&key)?;
            JsFuture::from(completed(&tx)).await.map(|_| ())
        };
        let _ = delete.await;
    });
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
    let timeout = Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ =
                w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, RESTORE_WAIT_MS);
        }
    });
    let work = wasm_bindgen_futures::future_to_promise(async {
        restore_all().await.map(|n| JsValue::from(n as u32))
    });
    match JsFuture::from(Promise::race(&Array::of2(&work, &timeout))).await {
        Ok(n) => n.as_f64().map_or(0, |n| n as usize),
        Err(_) => 0,
    }
}

async fn restore_all() -> Result<usize, JsValue> {
    let db = database().await?;
    let tx = db.transaction_with_str_sequence(&Array::of2(&STAMPS.into(), &FILES.into()))?;
    let stamps = store(&tx, STAMPS)?;
    let keys: Array = JsFuture::from(requested(&stamps.get_all_keys()?))
        .await?
        .dyn_into()?;
    let values: Array = JsFuture::from(requested(&stamps.get_all()?))
        .await?
        .dyn_into()?;
    let mut due = Vec::new();
    for (key, value) in keys.iter().zip(values.iter()) {
        let (Some(key), Some(value)) = (key.as_string(), value.as_string()) else {
            continue;
        };
        let (Some((kind, id)), Ok(stamp)) = (game_of(&key), serde_json::from_str::<Stamp>(&value))
        else {
            continue;
        };
        let stored = storage::updated(kind, &id);
        if stored.is_none_or(|t| t < stamp.updated) || !storage::has_game(kind, &id) {
            due.push((key, kind, id, stamp));
        }
    }
    let files = store(&tx, FILES)?;
    let mut put_back = 0;
    for (key, kind, id, stamp) in due {
        let file = JsFuture::from(requested(&files.get(&key.into())?)).await?;
        let Some(json) = file.as_string() else {
            continue;
        };
        if storage::restore(kind, &id, &json, &stamp.summary, stamp.updated).is_ok() {
            put_back += 1;
        }
    }
    Ok(put_back)
}
