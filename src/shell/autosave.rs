//! Autosave: every change (drafts included) is saved 400 ms after the last
//! one, and at once when the tab is hidden or closed, or in the next task
//! when a round or phase is committed or undone (not in the commit's own,
//! long enough already; no later change puts it off). A snapshot is kept at each new round or phase.
//! Nothing is written before the startup load has finished (this starts
//! after it). While a save fails (the "NOT saved" banner), it is retried
//! every [`RETRY_MS`], and leaving the page asks first.
//!
//! A read-only tab writes nothing: a change that reaches its game anyway (a
//! handler that does not ask [`crate::shell::Shell::writable`]) is undone
//! at once, from the writer's last save, and said.

use crate::shell::{Persist, io, storage};
use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;

/// How often a failed save is tried again while nothing changes, in ms.
pub const RETRY_MS: u32 = 3000;

/// Saves the open game now; sets or clears the save error.
fn save_now<P: Persist>(p: P, snapshot_progress: &Cell<Option<usize>>) {
    let shell = p.shell();
    if shell.read_only.get_untracked() {
        return;
    }
    let (Some(id), Some((json, summary))) = (p.open_id(false), p.file()) else {
        return;
    };
    let result = storage::save(shell.kind, &id, &json, &summary, io::now_ms()).and_then(|()| {
        if snapshot_progress.get() != Some(summary.progress) && summary.progress > 0 {
            storage::snapshot(shell.kind, &id, &json, summary.progress)?;
            snapshot_progress.set(Some(summary.progress));
        }
        Ok(())
    });
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

/// Starts autosaving. Call after the startup load.
pub fn start<P: Persist>(p: P) {
    // The scheduled save, if a change is waiting for one.
    let pending: Rc<RefCell<Option<Timeout>>> = Rc::default();
    let snapshot_progress: Rc<Cell<Option<usize>>> = Rc::default();
    let flush = {
        let (pending, snaps) = (pending.clone(), snapshot_progress.clone());
        move || {
            let waiting = pending.borrow_mut().take();
            if let Some(t) = waiting {
                t.cancel();
                save_now(p, &snaps);
            }
        }
    };
    let schedule = pending.clone();
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
        let (snaps, slot) = (snapshot_progress.clone(), schedule.clone());
        // A round committed or undone, or another game opened, is saved at
        // once: in the next task, not in the commit's own (a 1 MB day
        // committed and saved in one task held the page for 100 ms).
        let progress = p.progress();
        let id = p.open_id(false);
        let moved = progress != last_progress.replace(progress);
        let other = *last_id.borrow() != id;
        last_id.replace(id);
        if moved || other {
            if let Some(t) = schedule.borrow_mut().take() {
                t.cancel();
            }
            if other {
                snaps.set(progress);
            }
            let done = urgent.clone();
            done.set(true);
            *schedule.borrow_mut() = Some(Timeout::new(0, move || {
                slot.borrow_mut().take();
                done.set(false);
                save_now(p, &snaps);
            }));
            return;
        }
        if urgent.get() && schedule.borrow().is_some() {
            return;
        }
        // Replacing the timeout drops (cancels) the previous one.
        *schedule.borrow_mut() = Some(Timeout::new(400, move || {
            slot.borrow_mut().take();
            save_now(p, &snaps);
        }));
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
