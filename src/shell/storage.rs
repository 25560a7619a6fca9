//! localStorage: the one place the console reads and writes it, for every
//! kind of game. Keys are prefixed by the kind (`survival.game.<id>`,
//! `survival.index`, ...; Mini-Survivor's keys are those of its first
//! release, so nothing moves). Every game is saved under its own key as its
//! save file; an index per kind lists them with a summary the home page
//! shows. Writes are read back and compared. A save that cannot be read is
//! moved to a quarantine key before anything can overwrite it, and offered
//! for download. Each game keeps a few rotating snapshots (one per
//! committed round or phase) to fall back on.

use crate::shell::kinds::{KINDS, Kind};
use console_core::text::sort_small_by;
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

/// Snapshots kept per game.
pub const SNAPSHOTS: usize = 3;

fn index_key(kind: &Kind) -> String {
    format!("{}.index", kind.key)
}
fn last_key(kind: &Kind) -> String {
    format!("{}.last", kind.key)
}
fn snapshot_key(kind: &Kind, id: &str, slot: usize) -> String {
    format!("{}.snapshot.{id}.{slot}", kind.key)
}
fn quarantine_key(kind: &Kind, what: &str) -> String {
    format!("{}.quarantine.{what}", kind.key)
}

/// The storage key of a game.
pub fn game_key(kind: &Kind, id: &str) -> String {
    format!("{}.game.{id}", kind.key)
}

/// The most characters of a game's name the index keeps and the pages
/// show; a longer name (a file may carry any) is cut, with an ellipsis, so
/// the index stays small and every page that lists it stays quick.
pub const NAME_SHOWN: usize = 200;

/// A game's name as the index keeps it and the pages show it: at most
/// [`NAME_SHOWN`] characters, the rest replaced by an ellipsis.
pub fn shown_name(name: &str) -> std::borrow::Cow<'_, str> {
    match name.char_indices().nth(NAME_SHOWN) {
        None => std::borrow::Cow::Borrowed(name),
        Some((cut, _)) => std::borrow::Cow::Owned(format!("{}…", &name[..cut])),
    }
}

/// What the index shows of a game, given by its page when it saves.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The moderator's name for the game.
    pub name: String,
    /// Rounds, phases or turns committed (snapshots are taken when it changes).
    pub progress: usize,
    /// Where the game stands, e.g. "night 2 next", "round 4 next", "over".
    pub phase: String,
    /// The game has ended.
    pub over: bool,
}

/// One saved game in a kind's index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub name: String,
    /// Rounds (phases, turns) played.
    pub rounds: usize,
    pub over: bool,
    /// Where the game stands (empty in indexes written before it existed).
    #[serde(default)]
    pub phase: String,
    /// Last change, ms since the epoch.
    pub updated: f64,
    /// Last export, ms since the epoch.
    #[serde(default)]
    pub exported: Option<f64>,
}

fn raw() -> web_sys::Storage {
    LocalStorage::raw()
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// localStorage's methods with the value as a JS string, so a long
    /// value is copied out of the page's memory once and read back without
    /// a copy (a megabyte box's autosave).
    #[wasm_bindgen(js_name = Storage)]
    type JsStorage;
    #[wasm_bindgen(method, catch, js_name = setItem)]
    fn set_js(
        this: &JsStorage,
        key: &str,
        value: &wasm_bindgen::JsValue,
    ) -> Result<(), wasm_bindgen::JsValue>;
    #[wasm_bindgen(method, js_name = getItem)]
    fn get_js(this: &JsStorage, key: &str) -> wasm_bindgen::JsValue;
}

/// Writes and reads back (compared as JS strings); errors name what
/// failed.
fn write(key: &str, value: &str) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let storage = raw();
    let storage: &JsStorage = storage.unchecked_ref();
    let value = wasm_bindgen::JsValue::from_str(value);
    storage.set_js(key, &value).map_err(|e| {
        let name = js_sys::Reflect::get(&e, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        if name.contains("Quota") {
            "the browser's storage is full".to_string()
        } else {
            format!("the browser refused to save ({name})")
        }
    })?;
    if storage.get_js(key) == value {
        Ok(())
    } else {
        Err("the saved copy reads back differently".to_string())
    }
}

/// A kind's saved games, most recently changed first. An unreadable index
/// is quarantined and rebuilt from the games themselves.
pub fn index(kind: &Kind) -> Vec<Entry> {
    let key = index_key(kind);
    let text = raw().get_item(&key).ok().flatten();
    let mut v: Vec<Entry> = match text.as_deref().map(serde_json::from_str::<Vec<Entry>>) {
        None => Vec::new(),
        Some(Ok(v)) => v,
        Some(Err(_)) => {
            let _ = raw().set_item(
                &quarantine_key(kind, "index"),
                text.as_deref().unwrap_or(""),
            );
            let rebuilt = rebuild_index(kind);
            let _ = LocalStorage::set(&key, &rebuilt);
            rebuilt
        }
    };
    // An index written before names were cut is cut, and kept so.
    let mut cut = false;
    for e in &mut v {
        if let std::borrow::Cow::Owned(short) = shown_name(&e.name) {
            e.name = short;
            cut = true;
        }
    }
    if cut {
        let _ = LocalStorage::set(&key, &v);
    }
    // Newest first; IDs are unique, so the order is deterministic.
    sort_small_by(&mut v, |a, b| {
        b.updated
            .total_cmp(&a.updated)
            .then_with(|| a.id.cmp(&b.id))
    });
    v
}

fn keys() -> Vec<String> {
    let s = raw();
    (0..s.length().unwrap_or(0))
        .filter_map(|i| s.key(i).ok().flatten())
        .collect()
}

/// Entries for every game of a kind found in storage (names read from the
/// files' `name` member; the rest is filled in at their next save).
fn rebuild_index(kind: &Kind) -> Vec<Entry> {
    let prefix = game_key(kind, "");
    keys()
        .into_iter()
        .filter_map(|k| {
            let id = k.strip_prefix(&prefix)?.to_string();
            let file: serde_json::Value = serde_json::from_str(&raw().get_item(&k).ok()??).ok()?;
            Some(Entry {
                id,
                name: shown_name(file.get("name")?.as_str()?).into_owned(),
                rounds: 0,
                over: false,
                phase: String::new(),
                updated: 0.0,
                exported: None,
            })
        })
        .collect()
}

fn update_index(kind: &Kind, id: &str, f: impl FnOnce(&mut Entry)) -> Result<(), String> {
    let mut idx = index(kind);
    let pos = match idx.iter().position(|e| e.id == id) {
        Some(p) => p,
        None => {
            idx.push(Entry {
                id: id.to_string(),
                name: String::new(),
                rounds: 0,
                over: false,
                phase: String::new(),
                updated: 0.0,
                exported: None,
            });
            idx.len() - 1
        }
    };
    f(&mut idx[pos]);
    write(
        &index_key(kind),
        &serde_json::to_string(&idx).map_err(|e| e.to_string())?,
    )
}

/// Saves a game's file text and updates the index. Errors (storage full,
/// refused, a write that reads back differently) as text; what was saved
/// before stays.
pub fn save(kind: &Kind, id: &str, json: &str, summary: &Summary, now: f64) -> Result<(), String> {
    write(&game_key(kind, id), json)?;
    update_index(kind, id, |e| {
        e.name = shown_name(&summary.name).into_owned();
        e.rounds = summary.progress;
        e.phase = summary.phase.clone();
        e.over = summary.over;
        e.updated = now;
    })?;
    write(&last_key(kind), id)
}

/// Puts back a game kept elsewhere ([`crate::shell::durable`]): its file,
/// and its index entry as it was when saved (`stamp`; the time of the last
/// export stays as the index has it).
///
/// # Errors
/// As [`save`].
pub fn restore(kind: &Kind, id: &str, json: &str, stamp: &Entry) -> Result<(), String> {
    write(&game_key(kind, id), json)?;
    update_index(kind, id, |e| {
        e.name = shown_name(&stamp.name).into_owned();
        e.rounds = stamp.rounds;
        e.phase = stamp.phase.clone();
        e.over = stamp.over;
        e.updated = stamp.updated;
    })
}

/// When a game was last saved, as the index says (ms since the epoch).
pub fn updated(kind: &Kind, id: &str) -> Option<f64> {
    index(kind)
        .into_iter()
        .find(|e| e.id == id)
        .map(|e| e.updated)
}

/// Whether localStorage holds a game's file (read without copying it).
pub fn has_game(kind: &Kind, id: &str) -> bool {
    use wasm_bindgen::JsCast;
    let storage = raw();
    let storage: &JsStorage = storage.unchecked_ref();
    !storage.get_js(&game_key(kind, id)).is_null()
}

/// Records an export of a game (for the "export now and then" reminder).
pub fn mark_exported(kind: &Kind, id: &str, now: f64) {
    let _ = update_index(kind, id, |e| e.exported = Some(now));
}

/// When a game was last exported, if ever.
pub fn exported(kind: &Kind, id: &str) -> Option<f64> {
    index(kind)
        .into_iter()
        .find(|e| e.id == id)
        .and_then(|e| e.exported)
}

/// A snapshot as stored: the game's file text and how far it was.
#[derive(Serialize, Deserialize)]
struct Snapshot {
    progress: usize,
    file: String,
}

/// Keeps a snapshot of a game at `progress` (rotating, [`SNAPSHOTS`] kept).
pub fn snapshot(kind: &Kind, id: &str, json: &str, progress: usize) -> Result<(), String> {
    let snap = Snapshot {
        progress,
        file: json.to_string(),
    };
    write(
        &snapshot_key(kind, id, progress % SNAPSHOTS),
        &serde_json::to_string(&snap).map_err(|e| e.to_string())?,
    )
}

/// Whether a snapshot of the game `id` at `progress` is kept (read
/// without copying it out of the browser: a snapshot's text starts with
/// its progress, [`Snapshot`]'s first member).
pub fn has_snapshot(kind: &Kind, id: &str, progress: usize) -> bool {
    use wasm_bindgen::JsCast;
    let storage = raw();
    let storage: &JsStorage = storage.unchecked_ref();
    storage
        .get_js(&snapshot_key(kind, id, progress % SNAPSHOTS))
        .dyn_ref::<js_sys::JsString>()
        .is_some_and(|t| t.starts_with(&format!("{{\"progress\":{progress},"), 0))
}

/// A game's snapshots: (progress, file text), oldest first. (Snapshots
/// written before they carried their progress are game files whose
/// `rounds` are counted.)
pub fn snapshots(kind: &Kind, id: &str) -> Vec<(usize, String)> {
    let mut v: Vec<(usize, String)> = (0..SNAPSHOTS)
        .filter_map(|k| {
            let text = raw().get_item(&snapshot_key(kind, id, k)).ok()??;
            if let Ok(s) = serde_json::from_str::<Snapshot>(&text) {
                return Some((s.progress, s.file));
            }
            let old: serde_json::Value = serde_json::from_str(&text).ok()?;
            Some((old.get("rounds")?.as_array()?.len(), text))
        })
        .collect();
    sort_small_by(&mut v, |a, b| a.0.cmp(&b.0)); // unique: the slot is progress % SNAPSHOTS
    v
}

/// What loading a saved game gave.
pub enum Loaded<T> {
    /// Read and checked by the game's own loader.
    Ok(T),
    /// Missing from storage.
    Missing,
    /// Unreadable: the message, and the raw text now kept under a quarantine key.
    Corrupt(String, String),
}

/// Loads a saved game with the game's own loader (which checks and replays
/// it); a save it refuses is moved to quarantine first.
pub fn load<T, E: std::fmt::Display>(
    kind: &Kind,
    id: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Loaded<T> {
    let key = game_key(kind, id);
    let Ok(Some(text)) = raw().get_item(&key) else {
        return Loaded::Missing;
    };
    match parse(&text) {
        Ok(v) => Loaded::Ok(v),
        Err(e) => {
            let _ = raw().set_item(&quarantine_key(kind, id), &text);
            let _ = raw().remove_item(&key);
            crate::shell::durable::forget(kind, id);
            let _ = update_index(kind, id, |e| {
                e.name = format!("{} (damaged, kept aside)", e.name)
            });
            Loaded::Corrupt(e.to_string(), text)
        }
    }
}

/// The text of a saved game as stored, unchecked (for a copy or a restore
/// that the game's page will check when it opens it).
pub fn raw_game(kind: &Kind, id: &str) -> Option<String> {
    raw().get_item(&game_key(kind, id)).ok().flatten()
}

/// Stores a file's text as a new game of a kind (the game's page checks it
/// when it opens it). Returns the new id.
pub fn add_raw(kind: &Kind, json: &str, name: &str, now: f64) -> Result<String, String> {
    let id = crate::shell::io::new_id();
    let summary = Summary {
        name: name.to_string(),
        ..Summary::default()
    };
    save(kind, &id, json, &summary, now)?;
    Ok(id)
}

/// A preference of this browser (not of a game), under its own key.
pub fn preference<T: serde::de::DeserializeOwned>(key: &str) -> Option<T> {
    LocalStorage::get(key).ok()
}

/// Keeps a preference of this browser; a failure only loses the
/// preference.
pub fn set_preference<T: Serialize>(key: &str, value: &T) {
    let _ = LocalStorage::set(key, value);
}

/// The id of the game of this kind open last, if any.
pub fn last(kind: &Kind) -> Option<String> {
    raw().get_item(&last_key(kind)).ok().flatten()
}

fn webhooks_key(kind: &Kind, id: &str) -> String {
    format!("{}.webhooks.{id}", kind.key)
}
fn delivered_key(kind: &Kind, id: &str) -> String {
    format!("{}.delivered.{id}", kind.key)
}
fn parcel_key(kind: &Kind, id: &str) -> String {
    format!("{}.parcel.{id}", kind.key)
}

/// The stage a game's Posts screen last handed to the delivery page.
pub fn parcel(kind: &Kind, id: &str) -> Option<console_core::outbox::Parcel> {
    LocalStorage::get(parcel_key(kind, id)).ok()
}

/// Hands a stage's messages to the delivery page.
///
/// # Errors
/// The browser refused the write (storage full or blocked).
pub fn set_parcel(
    kind: &Kind,
    id: &str,
    parcel: &console_core::outbox::Parcel,
) -> Result<(), String> {
    LocalStorage::set(parcel_key(kind, id), parcel).map_err(|e| e.to_string())
}

/// A game's webhook list as the moderator gave it (`Name: URL` lines):
/// secrets, kept under a key of their own, never in the game's save, its
/// export or its IndexedDB copy. Empty when none was given.
pub fn webhooks(kind: &Kind, id: &str) -> String {
    raw()
        .get_item(&webhooks_key(kind, id))
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keeps a game's webhook list (an empty one forgets it).
///
/// # Errors
/// The browser refused the write (storage full or blocked).
pub fn set_webhooks(kind: &Kind, id: &str, text: &str) -> Result<(), String> {
    let key = webhooks_key(kind, id);
    if text.trim().is_empty() {
        raw().remove_item(&key).map_err(|e| format!("{e:?}"))
    } else {
        raw().set_item(&key, text).map_err(|e| format!("{e:?}"))
    }
}

/// The delivery record of every message of a game sent through webhooks
/// (by message key; see `console_core::outbox`).
pub fn delivered(kind: &Kind, id: &str) -> console_core::outbox::Records {
    LocalStorage::get(delivered_key(kind, id)).unwrap_or_default()
}

/// Whether a game's delivery records are absent or readable: false when
/// something is stored under their key that is no records (then
/// [`delivered`] gives none, and nothing may be sent unasked).
pub fn delivered_readable(kind: &Kind, id: &str) -> bool {
    match LocalStorage::raw().get_item(&delivered_key(kind, id)) {
        Ok(None) => true,
        Ok(Some(text)) => serde_json::from_str::<console_core::outbox::Records>(&text).is_ok(),
        Err(_) => false,
    }
}

/// Keeps a game's delivery records, before a request goes and after its
/// answer, so a reload never sends a message Discord accepted again.
///
/// # Errors
/// The browser refused the write (storage full or blocked).
pub fn set_delivered(
    kind: &Kind,
    id: &str,
    records: &console_core::outbox::Records,
) -> Result<(), String> {
    LocalStorage::set(delivered_key(kind, id), records).map_err(|e| e.to_string())
}

/// Deletes a saved game, its snapshots, webhooks and delivery records.
pub fn delete(kind: &Kind, id: &str) {
    let s = raw();
    let _ = s.remove_item(&game_key(kind, id));
    let _ = s.remove_item(&webhooks_key(kind, id));
    let _ = s.remove_item(&delivered_key(kind, id));
    let _ = s.remove_item(&parcel_key(kind, id));
    crate::shell::durable::forget(kind, id);
    for k in 0..SNAPSHOTS {
        let _ = s.remove_item(&snapshot_key(kind, id, k));
    }
    let idx: Vec<Entry> = index(kind).into_iter().filter(|e| e.id != id).collect();
    let _ = LocalStorage::set(index_key(kind), &idx);
    if last(kind).as_deref() == Some(id) {
        let _ = s.remove_item(&last_key(kind));
    }
}

/// Saves kept aside because they could not be read, of every kind:
/// (kind, key, text).
pub fn quarantined() -> Vec<(&'static Kind, String, String)> {
    let mut v: Vec<_> = keys()
        .into_iter()
        .filter_map(|k| {
            let kind = KINDS
                .into_iter()
                .find(|kind| k.starts_with(&quarantine_key(kind, "")))?;
            let text = raw().get_item(&k).ok()??;
            Some((kind, k, text))
        })
        .collect();
    sort_small_by(&mut v, |a, b| a.1.cmp(&b.1));
    v
}

/// Removes one quarantined save (after the moderator downloaded it).
pub fn forget_quarantined(key: &str) {
    let _ = raw().remove_item(key);
}

/// Bytes this site keeps in localStorage (UTF-16: two bytes a code unit).
pub fn used_bytes() -> usize {
    use wasm_bindgen::JsCast;
    let s = raw();
    let js: &JsStorage = s.unchecked_ref();
    // Each value's length read as the browser holds it (UTF-16 units),
    // never copied into the page's memory: a game of megabytes is counted
    // at once.
    keys()
        .iter()
        .map(|k| {
            let value = js
                .get_js(k)
                .dyn_ref::<js_sys::JsString>()
                .map_or(0, |v| v.length() as usize);
            (k.encode_utf16().count() + value) * 2
        })
        .sum()
}

/// What this browser says it will do with the games saved here.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Keeping {
    /// No storage manager (`navigator.storage`): the browser does not say.
    Unknown,
    /// Storage marked persistent: kept until the user clears it.
    Persisted,
    /// Best-effort storage: the browser may clear it; `safari` when it is
    /// Safari's engine outside a Home Screen app, which also clears a
    /// site's script-written storage after 7 days of use without a visit.
    MayClear { safari: bool },
}

impl Keeping {
    /// The browser's behaviour in words, for the home page and the game's
    /// header.
    pub fn words(self) -> &'static str {
        match self {
            Keeping::Unknown => {
                "This browser does not say whether it keeps the games saved here (it has no storage manager): export each game to keep a copy."
            }
            Keeping::Persisted => {
                "This browser keeps the games saved here until you clear its site data."
            }
            Keeping::MayClear { safari: false } => {
                "This browser may clear the games saved here when it runs short of space: export each game to keep a copy."
            }
            Keeping::MayClear { safari: true } => {
                "Safari clears a site's saved data after 7 days of use without a visit to it (unless the site is added to the Home Screen), and when space runs short: export each game to keep a copy."
            }
        }
    }
}

/// Whether the page runs in Safari's engine (WebKit without Chrome's
/// marks) outside a Home Screen app.
fn safari_in_browser() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let ua = w.navigator().user_agent().unwrap_or_default();
    let webkit = ua.contains("AppleWebKit")
        && !["Chrome", "Chromium", "CriOS", "Edg", "Android"]
            .iter()
            .any(|m| ua.contains(m));
    let standalone = w
        .match_media("(display-mode: standalone)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    webkit && !standalone
}

/// Asks the browser what it will do with this site's storage.
pub async fn keeping() -> Keeping {
    let Some(w) = web_sys::window() else {
        return Keeping::Unknown;
    };
    let nav = w.navigator();
    if !js_sys::Reflect::has(&nav, &"storage".into()).unwrap_or(false) {
        return Keeping::Unknown;
    }
    let Ok(p) = nav.storage().persisted() else {
        return Keeping::Unknown;
    };
    match wasm_bindgen_futures::JsFuture::from(p).await {
        Ok(v) if v.as_bool() == Some(true) => Keeping::Persisted,
        Ok(_) => Keeping::MayClear {
            safari: safari_in_browser(),
        },
        Err(_) => Keeping::Unknown,
    }
}

/// Asks the browser to keep this site's storage (it may say no).
pub fn ask_persistent() {
    if let Some(w) = web_sys::window() {
        let storage = w.navigator().storage();
        if let Ok(p) = storage.persist() {
            leptos::task::spawn_local(async move {
                let _ = wasm_bindgen_futures::JsFuture::from(p).await;
            });
        }
    }
}

/// Session storage: a file handed from the home page to a game page
/// ("import this"), read once.
pub mod handoff {
    const KEY: &str = "console.import";

    /// Leaves `json` for the next page load of this tab.
    pub fn put(json: &str) -> Result<(), String> {
        let s = web_sys::window()
            .and_then(|w| w.session_storage().ok().flatten())
            .ok_or("this browser has no session storage")?;
        s.set_item(KEY, json)
            .map_err(|_| "the file is too large to hand over".to_string())
    }

    /// What the home page left, if anything; it stays until [`clear`].
    pub fn read() -> Option<String> {
        let s = web_sys::window()?.session_storage().ok()??;
        s.get_item(KEY).ok()?
    }

    /// Removes what the home page left (once it is imported).
    pub fn clear() {
        if let Some(s) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
            let _ = s.remove_item(KEY);
        }
    }
}
