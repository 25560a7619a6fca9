//! Autosave: every change (drafts included) is saved 400 ms after the last
//! one, and at once when the tab is hidden or closed or a round or phase is
//! committed or undone. A snapshot is kept at each new round or phase.
//! Nothing is written by a read-only tab, nor before the startup load has
//! finished (this starts after it).

use crate::shell::{Persist, io, storage};
use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

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
    let last_progress: Rc<Cell<Option<usize>>> = Rc::new(Cell::new(p.progress()));
    let last_id: Rc<RefCell<Option<String>>> = Rc::new(RefCell::new(p.open_id(false)));
    Effect::new(move |first: Option<()>| {
        p.track();
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
        // A round committed or undone, or another game opened, is saved at once.
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
            save_now(p, &snaps);
            return;
        }
        // Replacing the timeout drops (cancels) the previous one.
        *schedule.borrow_mut() = Some(Timeout::new(400, move || {
            slot.borrow_mut().take();
            save_now(p, &snaps);
        }));
    });
    if let Some(window) = web_sys::window() {
        let f = flush.clone();
        EventListener::new(&window, "pagehide", move |_| f()).forget();
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
