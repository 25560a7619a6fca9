//! Autosave: every change (drafts included) is saved 400 ms after the last
//! one, and at once when the tab is hidden or closed or a round is committed
//! or undone. A snapshot is kept at each new round. Nothing is written by a
//! read-only tab, nor before the startup load has finished (this starts
//! after it).

use crate::state::Ctx;
use crate::{io, storage};
use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Saves the open game now; sets or clears `ctx.save_error`.
fn save_now(ctx: Ctx, snapshot_rounds: &Cell<Option<usize>>) {
    if ctx.read_only.get_untracked() {
        return;
    }
    let Some(id) = ctx
        .live
        .with_untracked(|l| l.as_ref().map(|l| l.id.clone()))
    else {
        return;
    };
    let Some(file) = ctx.file() else { return };
    let over = ctx
        .live
        .with_untracked(|l| l.as_ref().is_some_and(|l| l.game.is_over()));
    let result = storage::save(&id, &file, over, io::now_ms()).and_then(|()| {
        if snapshot_rounds.get() != Some(file.rounds.len()) && !file.rounds.is_empty() {
            storage::snapshot(&id, &file)?;
            snapshot_rounds.set(Some(file.rounds.len()));
        }
        Ok(())
    });
    match result {
        Ok(()) => {
            if ctx.save_error.get_untracked().is_some() {
                ctx.save_error.set(None);
                ctx.say("Saved again");
            }
            ctx.saved_games.update(|n| *n += 1);
        }
        Err(e) => {
            ctx.announce.set(format!("NOT saved: {e}"));
            ctx.save_error.set(Some(e));
        }
    }
}

/// Starts autosaving. Call after the startup load.
pub fn start(ctx: Ctx) {
    // The scheduled save, if a change is waiting for one.
    let pending: Rc<RefCell<Option<Timeout>>> = Rc::default();
    let snapshot_rounds: Rc<Cell<Option<usize>>> = Rc::default();
    let flush = {
        let (pending, snaps) = (pending.clone(), snapshot_rounds.clone());
        move || {
            let waiting = pending.borrow_mut().take();
            if let Some(t) = waiting {
                t.cancel();
                save_now(ctx, &snaps);
            }
        }
    };
    let schedule = pending.clone();
    let last_rounds: Rc<Cell<Option<usize>>> = Rc::new(Cell::new(
        ctx.live
            .with_untracked(|l| l.as_ref().map(|l| l.game.rounds().len())),
    ));
    Effect::new(move |first: Option<()>| {
        ctx.drafts.track();
        ctx.bulk.track();
        ctx.live.track();
        if first.is_none() {
            return; // the state just loaded is what storage holds
        }
        let (snaps, slot) = (snapshot_rounds.clone(), schedule.clone());
        // A round committed or undone is saved (and snapshotted) at once.
        let rounds = ctx
            .live
            .with_untracked(|l| l.as_ref().map(|l| l.game.rounds().len()));
        if rounds != last_rounds.replace(rounds) {
            if let Some(t) = schedule.borrow_mut().take() {
                t.cancel();
            }
            save_now(ctx, &snaps);
            return;
        }
        // Replacing the timeout drops (cancels) the previous one.
        *schedule.borrow_mut() = Some(Timeout::new(400, move || {
            slot.borrow_mut().take();
            save_now(ctx, &snaps);
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
