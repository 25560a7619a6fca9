//! Autosave: every change (drafts included) is saved 400 ms after the last
//! one, and at once when the tab is hidden or closed, or from the next task
//! on when a round or phase is committed or undone (not in the commit's own,
//! long enough already; no later change puts it off). A save is written in
//! up to three tasks of its own (the file as JSON, the file stored, its
//! snapshot), so a megabyte's save never holds the page in one. A snapshot
//! is kept at each new round or phase.
//! Nothing is written before the startup load has finished (this starts
//! after it). While a save fails (the "NOT saved" banner), it is retried
//! every [`RETRY_MS`], and leaving the page asks first.
//!
//! A read-only tab writes nothing: a change that reaches its game anyway (a
//! handler that does not ask [`crate::shell::Shell::writable`]) is undone
//! at once, from the writer's last save, and said.

use crate::shell::{Persist, durable, io, storage};
use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;

/// How often a failed save is tried again while nothing changes, in ms.
pub const RETRY_MS: u32 = 3000;

/// A save under way: the open game's id and file text, with its summary,
/// taken when the save started.
struct Prepared {
    id: String,
    json: String,
    summary: crate::shell::storage::Summary,
    /// The changes it holds ([`crate::shell::Shell::changes`] when taken).
    changes: u64,
}

/// The open game as a save ([`Prepared`]); `None` in a read-only tab or
/// without a game.
fn prepare<P: Persist>(p: P) -> Option<Prepared> {
    if p.shell().read_only.get_untracked() {
        return None;
    }
    let (Some(id), Some((json, summary))) = (p.open_id(false), p.file()) else {
        return None;
    };
    let changes = p.shell().changes.get_value();
    Some(Prepared {
        id,
        json,
        summary,
        changes,
    })
}

/// Writes the game of `save` (its file, the index, the last game opened),
/// then its copy in IndexedDB, which marks the changes it holds as on disk
/// when written ([`durable`]).
fn write_game<P: Persist>(p: P, save: &Prepared) -> Result<(), String> {
    let shell = p.shell();
    let now = io::now_ms();
    storage::save(shell.kind, &save.id, &save.json, &save.summary, now)?;
    let (id, json, summary, changes) = (
        save.id.clone(),
        save.json.clone(),
        save.summary.clone(),
        save.changes,
    );
    leptos::task::spawn_local(async move {
        // Not kept there (no IndexedDB): localStorage is all there is.
        let _ = durable::keep(shell.kind, &id, &json, &summary, now).await;
        durable::kept(shell, changes);
    });
    Ok(())
}

/// Whether `save` calls for a snapshot: its progress is new and not 0.
fn snapshot_due(save: &Prepared, snapshot_progress: &Cell<Option<usize>>) -> bool {
    snapshot_progress.get() != Some(save.summary.progress) && save.summary.progress > 0
}

/// Keeps a snapshot of `save` (at a new progress, [`snapshot_due`]).
fn write_snapshot<P: Persist>(
    p: P,
    save: &Prepared,
    snapshot_progress: &Cell<Option<usize>>,
) -> Result<(), String> {
    storage::snapshot(p.shell().kind, &save.id, &save.json, save.summary.progress)?;
    // (Unless another game was opened since the save was taken.)
    if p.open_id(false).as_deref() == Some(save.id.as_str()) {
        snapshot_progress.set(Some(save.summary.progress));
    }
    Ok(())
}

/// Sets or clears the save error after a save's `result`.
fn settle<P: Persist>(p: P, result: Result<(), String>) {
    let shell = p.shell();
    match result {
        Ok(()) => {
            if shell.save_error.get_untracked().is_some() {
                shell.save_error.set(None);
                shell.say("Saved again");
            }
            shell.saved_games.update(|n| *n += 1);
        }
        // A retry that fails the same way says nothing new.
        Err(e) if shell.save_error.with_untracked(|s| s.as_ref() == Some(&e)) => {}
        Err(e) => {
            shell.announce.set(format!("NOT saved: {e}"));
            shell.save_error.set(Some(e));
        }
    }
}

/// Saves the open game now, in this task; sets or clears the save error.
fn save_now<P: Persist>(p: P, snapshot_progress: &Cell<Option<usize>>) {
    let Some(save) = prepare(p) else {
        return;
    };
    let result = write_game(p, &save).and_then(|()| {
        if snapshot_due(&save, snapshot_progress) {
            write_snapshot(p, &save, snapshot_progress)?;
        }
        Ok(())
    });
    settle(p, result);
}

/// A timeout of the autosave's, if any (cancelled when dropped).
type Slot = Rc<RefCell<Option<Timeout>>>;

/// The autosave's timeouts: the save `waiting` for its time (replaced,
/// so put off, by a later change) and the steps of the save being
/// `written` (never put off: it writes the game as it was when it
/// started). A flush (the tab hidden or closed) cancels both and saves
/// at once.
#[derive(Clone, Default)]
struct Slots {
    waiting: Slot,
    written: Slot,
}

impl Slots {
    /// Cancels the save waiting and the one being written; whether there
    /// was either (then the game has changes not saved yet).
    fn cancel(&self) -> bool {
        let waiting = self.waiting.borrow_mut().take();
        let written = self.written.borrow_mut().take();
        waiting.is_some() || written.is_some()
    }
}

/// Saves the open game `delay` ms from now in tasks of their own (a
/// megabyte's save in one task holds the page 40 to 80 ms): the file
/// written as JSON (`taken` runs then: the save holds every change made
/// before it); then stored with the index; then, at a new progress, its
/// snapshot. Replaces the save waiting in `slots`; a save still being
/// written when this one's time comes is let finish first (its snapshot
/// may be the only one of its round). A tab that became read-only
/// meanwhile writes nothing more.
fn save_soon<P: Persist>(
    p: P,
    snaps: Rc<Cell<Option<usize>>>,
    slots: Slots,
    delay: u32,
    taken: Rc<dyn Fn()>,
) {
    let s = slots.clone();
    let first = Timeout::new(delay, move || {
        s.waiting.borrow_mut().take();
        if s.written.borrow().is_some() {
            // (Its steps are all due now: this one follows them.)
            save_soon(p, snaps, s, 0, taken);
            return;
        }
        let save = prepare(p);
        taken();
        let Some(save) = save else {
            return;
        };
        let written = s.written.clone();
        let second = Timeout::new(0, move || {
            if p.shell().read_only.get_untracked() {
                written.borrow_mut().take();
                return;
            }
            let stored = write_game(p, &save);
            if stored.is_err() || !snapshot_due(&save, &snaps) {
                written.borrow_mut().take();
                settle(p, stored);
                return;
            }
            let w = written.clone();
            let third = Timeout::new(0, move || {
                w.borrow_mut().take();
                if p.shell().read_only.get_untracked() {
                    return;
                }
                settle(p, write_snapshot(p, &save, &snaps));
            });
            // (Replacing the running step's timeout: it has fired.)
            written.borrow_mut().replace(third);
        });
        s.written.borrow_mut().replace(second);
    });
    // Replacing the save waiting cancels it.
    slots.waiting.borrow_mut().replace(first);
}

/// The progress of the open game's snapshot at its current point, when
/// storage keeps one (then its first save writes no snapshot of a round
/// already kept, with the drafts since in it); `None` for a game at its
/// start or whose snapshot is not kept (an imported game: its first save
/// keeps one).
fn kept_snapshot<P: Persist>(p: P) -> Option<usize> {
    p.open_id(false)
        .zip(p.progress())
        .filter(|(id, n)| *n > 0 && storage::has_snapshot(p.shell().kind, id, *n))
        .map(|(_, n)| n)
}

/// Starts autosaving. Call after the startup load.
pub fn start<P: Persist>(p: P) {
    durable::show(p.shell());
    // The save waiting for its time, and the one being written.
    let slots = Slots::default();
    // The progress of the last snapshot kept: the open game's own, if
    // storage has it (the first save after a reload writes no snapshot of
    // a round already kept, with the drafts since in it).
    let snapshot_progress: Rc<Cell<Option<usize>>> = Rc::new(Cell::new(kept_snapshot(p)));
    let flush = {
        let (slots, snaps) = (slots.clone(), snapshot_progress.clone());
        move || {
            if slots.cancel() {
                save_now(p, &snaps);
            }
        }
    };
    // Whether the save waiting is a commit's (put off by no change: it
    // writes the game as it is then, later changes included).
    let urgent: Rc<Cell<bool>> = Rc::default();
    let retry = snapshot_progress.clone();
    let last_progress: Rc<Cell<Option<usize>>> = Rc::new(Cell::new(p.progress()));
    let last_id: Rc<RefCell<Option<String>>> = Rc::new(RefCell::new(p.open_id(false)));
    Effect::new(move |first: Option<()>| {
        p.track();
        if p.shell().read_only.get_untracked() {
            undo_in_reader(p);
            return;
        }
        if first.is_none() {
            // A game just loaded is what storage holds; a new one (the demo, an
            // import, a restored snapshot) is saved now.
            let stored = p
                .open_id(false)
                .and_then(|id| storage::raw_game(p.shell().kind, &id));
            if p.file()
                .is_some_and(|(json, _)| stored.as_deref() != Some(json.as_str()))
            {
                save_now(p, &snapshot_progress);
            }
            return;
        }
        durable::changed(p.shell());
        let (snaps, slots) = (snapshot_progress.clone(), slots.clone());
        // A round committed or undone, or another game opened, is saved at
        // once: in the next task, not in the commit's own (a 1 MB day
        // committed and saved in one task would hold the page for 100 ms).
        let progress = p.progress();
        let id = p.open_id(false);
        let moved = progress != last_progress.replace(progress);
        let other = *last_id.borrow() != id;
        last_id.replace(id);
        if moved || other {
            if other {
                // Another game opened (by its link, or imported): its
                // snapshot at this point, if storage keeps one.
                snaps.set(kept_snapshot(p));
            }
            let flag = urgent.clone();
            flag.set(true);
            save_soon(p, snaps, slots, 0, Rc::new(move || flag.set(false)));
            return;
        }
        // A commit's save still waiting will hold this change too.
        if urgent.get() && slots.waiting.borrow().is_some() {
            return;
        }
        // (No commit's save waits: one a flush made is done.)
        urgent.set(false);
        save_soon(p, snaps, slots, 400, Rc::new(|| ()));
    });
    // A failed save is tried again while nothing changes (space may have
    // been freed in another tab or by deleting games).
    gloo_timers::callback::Interval::new(RETRY_MS, move || {
        let shell = p.shell();
        if shell.save_error.get_untracked().is_some() && !shell.read_only.get_untracked() {
            save_now(p, &retry);
        }
    })
    .forget();
    if let Some(window) = web_sys::window() {
        let f = flush.clone();
        EventListener::new(&window, "pagehide", move |_| f()).forget();
        // Leaving with a change not saved asks first (the browser's own
        // question): a save waiting for its timer is made now, and a save
        // that fails keeps the question.
        let f = flush.clone();
        EventListener::new_with_options(
            &window,
            "beforeunload",
            gloo_events::EventListenerOptions::enable_prevent_default(),
            move |ev| {
                f();
                let shell = p.shell();
                if shell.save_error.get_untracked().is_some() && !shell.read_only.get_untracked() {
                    ev.prevent_default();
                    if let Some(ev) = ev.dyn_ref::<web_sys::BeforeUnloadEvent>() {
                        ev.set_return_value("Your latest changes are NOT saved.");
                    }
                }
            },
        )
        .forget();
        if let Some(doc) = window.document() {
            let d = doc.clone();
            EventListener::new(&doc, "visibilitychange", move |_| {
                if d.visibility_state() == web_sys::VisibilityState::Hidden {
                    flush();
                }
            })
            .forget();
        }
    }
}

/// In a read-only tab, the game as the writer last saved it; a change made
/// here since (anything that reached the game without asking
/// [`crate::shell::Shell::writable`]) is undone from storage and said.
/// The first run after following the writer (or opening another game)
/// only notes what the game is.
fn undo_in_reader<P: Persist>(p: P) {
    let shell = p.shell();
    let now = p.open_id(false).zip(p.file().map(|(json, _)| json));
    let seen = shell.followed.get_value();
    match (&seen, &now) {
        (Some((seen_id, seen_json)), Some((id, json))) if seen_id == id => {
            if seen_json != json {
                if let Some(raw) = storage::raw_game(shell.kind, id) {
                    shell.followed.set_value(None);
                    p.follow(&raw);
                }
                shell.warn(crate::shell::READ_ONLY);
            }
        }
        _ => shell.followed.set_value(now),
    }
}
