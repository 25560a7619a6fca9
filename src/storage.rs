//! localStorage: the one place the app reads and writes it. Every game is
//! saved under its own key as a version-1 game file; an index lists them. A
//! save that cannot be read is moved to a quarantine key before anything can
//! overwrite it, and offered for download.

use gloo_storage::{LocalStorage, Storage};
use mini_survivor::save::GameFile;
use serde::{Deserialize, Serialize};

const INDEX: &str = "mini-survivor.index";
const LAST: &str = "mini-survivor.last";
const GAME: &str = "mini-survivor.game.";
const QUARANTINE: &str = "mini-survivor.quarantine.";

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
}

/// The saved games, most recently changed first.
pub fn index() -> Vec<Entry> {
    let mut v: Vec<Entry> = LocalStorage::get(INDEX).unwrap_or_default();
    v.sort_by(|a, b| b.updated.total_cmp(&a.updated));
    v
}

/// Saves a game and updates the index. Errors (quota, storage disabled) as text.
pub fn save(id: &str, file: &GameFile, now: f64) -> Result<(), String> {
    let json = serde_json::to_string(file).map_err(|e| e.to_string())?;
    let raw = LocalStorage::raw();
    raw.set_item(&format!("{GAME}{id}"), &json)
        .map_err(|e| format!("{e:?}"))?;
    let mut idx = index();
    let entry = Entry {
        id: id.to_string(),
        name: file.name.clone(),
        rounds: file.rounds.len(),
        over: file
            .rounds
            .last()
            .is_some_and(|r| r.record.as_ref().is_some_and(|rec| rec.alive <= 5)),
        updated: now,
    };
    match idx.iter_mut().find(|e| e.id == id) {
        Some(e) => *e = entry,
        None => idx.push(entry),
    }
    LocalStorage::set(INDEX, &idx).map_err(|e| e.to_string())?;
    raw.set_item(LAST, id).map_err(|e| format!("{e:?}"))
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
    let raw = LocalStorage::raw();
    let key = format!("{GAME}{id}");
    let Ok(Some(text)) = raw.get_item(&key) else {
        return Loaded::Missing;
    };
    match GameFile::parse(&text) {
        Ok((file, game)) => Loaded::Ok(Box::new(file), Box::new(game)),
        Err(e) => {
            let _ = raw.set_item(&format!("{QUARANTINE}{id}"), &text);
            let _ = raw.remove_item(&key);
            Loaded::Corrupt(e.to_string(), text)
        }
    }
}

/// The id of the game open last, if any.
pub fn last() -> Option<String> {
    LocalStorage::raw().get_item(LAST).ok().flatten()
}

/// Deletes a saved game.
pub fn delete(id: &str) {
    let raw = LocalStorage::raw();
    let _ = raw.remove_item(&format!("{GAME}{id}"));
    let idx: Vec<Entry> = index().into_iter().filter(|e| e.id != id).collect();
    let _ = LocalStorage::set(INDEX, &idx);
    if last().as_deref() == Some(id) {
        let _ = raw.remove_item(LAST);
    }
}
