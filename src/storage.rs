//! localStorage: the one place the app reads and writes it. Every game is
//! saved under its own key as a version-1 game file; an index lists them.
//! Writes are read back and compared. A save that cannot be read is moved to
//! a quarantine key before anything can overwrite it, and offered for
//! download. Each game keeps a few rotating snapshots (one per committed
//! round) to fall back on.

use gloo_storage::{LocalStorage, Storage};
use mini_survivor::save::GameFile;
use serde::{Deserialize, Serialize};

const INDEX: &str = "mini-survivor.index";
const LAST: &str = "mini-survivor.last";
const GAME: &str = "mini-survivor.game.";
const SNAPSHOT: &str = "mini-survivor.snapshot.";
const QUARANTINE: &str = "mini-survivor.quarantine.";
/// Snapshots kept per game.
pub const SNAPSHOTS: usize = 3;

/// The storage key of a game.
pub fn game_key(id: &str) -> String {
    format!("{GAME}{id}")
}

/// One saved game in the index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub name: String,
    /// Rounds played.
    pub rounds: usize,
    pub over: bool,
    /// Last change, ms since the epoch.
    pub updated: f64,
    /// Last export, ms since the epoch.
    #[serde(default)]
    pub exported: Option<f64>,
}

fn raw() -> web_sys::Storage {
    LocalStorage::raw()
}

/// Writes and reads back; errors name what failed.
fn write(key: &str, value: &str) -> Result<(), String> {
    raw().set_item(key, value).map_err(|e| {
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
    match raw().get_item(key) {
        Ok(Some(back)) if back == value => Ok(()),
        _ => Err("the saved copy reads back differently".to_string()),
    }
}

/// The saved games, most recently changed first. An unreadable index is
/// quarantined and rebuilt from the games themselves.
pub fn index() -> Vec<Entry> {
    let text = raw().get_item(INDEX).ok().flatten();
    let mut v: Vec<Entry> = match text.as_deref().map(serde_json::from_str::<Vec<Entry>>) {
        None => Vec::new(),
        Some(Ok(v)) => v,
        Some(Err(_)) => {
            let _ = raw().set_item(&format!("{QUARANTINE}index"), text.as_deref().unwrap_or(""));
            let rebuilt = rebuild_index();
            let _ = LocalStorage::set(INDEX, &rebuilt);
            rebuilt
        }
    };
    // Newest first; IDs are unique, so an unstable sort is deterministic.
    v.sort_unstable_by(|a, b| {
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

fn rebuild_index() -> Vec<Entry> {
    keys()
        .into_iter()
        .filter_map(|k| {
            let id = k.strip_prefix(GAME)?.to_string();
            let file: GameFile = serde_json::from_str(&raw().get_item(&k).ok()??).ok()?;
            Some(Entry {
                id,
                name: file.name.clone(),
                rounds: file.rounds.len(),
                over: false,
                updated: 0.0,
                exported: None,
            })
        })
        .collect()
}

fn update_index(id: &str, f: impl FnOnce(&mut Entry)) -> Result<(), String> {
    let mut idx = index();
    let pos = match idx.iter().position(|e| e.id == id) {
        Some(p) => p,
        None => {
            idx.push(Entry {
                id: id.to_string(),
                name: String::new(),
                rounds: 0,
                over: false,
                updated: 0.0,
                exported: None,
            });
            idx.len() - 1
        }
    };
    f(&mut idx[pos]);
    write(
        INDEX,
        &serde_json::to_string(&idx).map_err(|e| e.to_string())?,
    )
}

/// Saves a game and updates the index. Errors (storage full, refused, a
/// write that reads back differently) as text; what was saved before stays.
pub fn save(id: &str, file: &GameFile, over: bool, now: f64) -> Result<(), String> {
    let json = file.to_json();
    write(&game_key(id), &json)?;
    update_index(id, |e| {
        e.name = file.name.clone();
        e.rounds = file.rounds.len();
        e.over = over;
        e.updated = now;
    })?;
    write(LAST, id)
}

/// Records an export of a game (for the "export now and then" reminder).
pub fn mark_exported(id: &str, now: f64) {
    let _ = update_index(id, |e| e.exported = Some(now));
}

/// Keeps a snapshot of a game at its current round (rotating, [`SNAPSHOTS`] kept).
pub fn snapshot(id: &str, file: &GameFile) -> Result<(), String> {
    let json = file.to_json();
    write(
        &format!("{SNAPSHOT}{id}.{}", file.rounds.len() % SNAPSHOTS),
        &json,
    )
}

/// A game's snapshots: (rounds played, file), oldest first.
pub fn snapshots(id: &str) -> Vec<(usize, GameFile)> {
    let mut v: Vec<(usize, GameFile)> = (0..SNAPSHOTS)
        .filter_map(|k| {
            let text = raw().get_item(&format!("{SNAPSHOT}{id}.{k}")).ok()??;
            let file: GameFile = serde_json::from_str(&text).ok()?;
            Some((file.rounds.len(), file))
        })
        .collect();
    v.sort_unstable_by_key(|(n, _)| *n); // unique: the slot is rounds % SNAPSHOTS
    v
}

/// What loading a saved game gave.
pub enum Loaded {
    Ok(Box<GameFile>, Box<mini_survivor::Game>),
    /// Missing from storage.
    Missing,
    /// Unreadable: the message, and the raw text now kept under a quarantine key.
    Corrupt(String, String),
}

/// Loads a saved game; a corrupt one is moved to quarantine first.
pub fn load(id: &str) -> Loaded {
    let key = game_key(id);
    let Ok(Some(text)) = raw().get_item(&key) else {
        return Loaded::Missing;
    };
    match GameFile::parse(&text) {
        Ok((file, game)) => Loaded::Ok(Box::new(file), Box::new(game)),
        Err(e) => {
            let _ = raw().set_item(&format!("{QUARANTINE}{id}"), &text);
            let _ = raw().remove_item(&key);
            let _ = update_index(id, |e| e.name = format!("{} (damaged, kept aside)", e.name));
            Loaded::Corrupt(e.to_string(), text)
        }
    }
}

/// The id of the game open last, if any.
pub fn last() -> Option<String> {
    raw().get_item(LAST).ok().flatten()
}

/// Deletes a saved game and its snapshots.
pub fn delete(id: &str) {
    let s = raw();
    let _ = s.remove_item(&game_key(id));
    for k in 0..SNAPSHOTS {
        let _ = s.remove_item(&format!("{SNAPSHOT}{id}.{k}"));
    }
    let idx: Vec<Entry> = index().into_iter().filter(|e| e.id != id).collect();
    let _ = LocalStorage::set(INDEX, &idx);
    if last().as_deref() == Some(id) {
        let _ = s.remove_item(LAST);
    }
}

/// Bytes this site keeps in localStorage (UTF-16: two bytes a code unit).
pub fn used_bytes() -> usize {
    let s = raw();
    keys()
        .iter()
        .map(|k| {
            (k.encode_utf16().count()
                + s.get_item(k)
                    .ok()
                    .flatten()
                    .map_or(0, |v| v.encode_utf16().count()))
                * 2
        })
        .sum()
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
