//! Orders: each player's submission pasted and checked live by the engine
//! (every line accepted, replaced or rejected with its reason), beside the
//! player's survivors; a bulk box for a pile of DMs with a header per
//! player, whose text is added to what a player already sent (players amend
//! their posts, R3.5); and a missing-orders list.

use super::super::state::Ctx;
use super::super::worker::read_answer;
use crate::shell::bulk::{BulkBox, announce, take_in_frames};
use crate::shell::html::{BOX_HELD, esc};
use crate::shell::paste::{HeldBox, is_held};
use crate::shell::rules::ask_worker;
use crate::shell::ui::show_more;
use console_core::text::{BulkAccount, visible};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use mini_survivor::bulk::BulkRequest;
use mini_survivor::submission::LineVerdict;
use mini_survivor::{
    Order, Place, PlayerId, Position, Setup, Submission, SubmissionCheck, Verdict, defaults,
};
use std::fmt::Write as _;
use std::sync::Arc;

/// A submission's checked lines as list items (`<li value=N>`), at most
/// `limit` of them: all in line order when they fit, else the rejected
/// lines first, then the replaced and ignored ones, then the accepted
/// ones (each group in line order), so a line not used and its reason
/// come before the thousands that were.
fn verdicts_html(text: &str, lines: &[LineVerdict], limit: usize) -> String {
    let rank = |v: &Verdict| match v {
        Verdict::Rejected(_) => 0,
        Verdict::Replaced { .. } | Verdict::AfterEnd => 1,
        Verdict::Accepted(_) => 2,
    };
    let ranks: &[u8] = if lines.len() <= limit {
        &[3]
    } else {
        &[0, 1, 2]
    };
    let mut h = String::new();
    let mut left = limit;
    for &r in ranks {
        for l in lines.iter().filter(|l| r == 3 || rank(&l.verdict) == r) {
            if left == 0 {
                return h;
            }
            left -= 1;
            let (class, note) = match &l.verdict {
                Verdict::Accepted(_) => ("ok", "accepted".to_string()),
                Verdict::Replaced { by_line, .. } => {
                    ("warn", format!("replaced by line {by_line} (R3.5)"))
                }
                Verdict::Rejected(r) => ("bad", esc(&r.to_string())),
                Verdict::AfterEnd => ("muted", "after end: ignored".to_string()),
            };
            let _ = write!(
                h,
                "<li class=\"{class}\" value=\"{}\"><code>{}</code> <span>{note}</span></li>",
                l.number,
                esc(l.text(text))
            );
        }
    }
    h
}

/// One player's box as the engine checked it: the player, the text read
/// (invisible characters folded) and the checked submission.
type Checked = (PlayerId, String, Submission);

/// A slice of checking ends once it has taken this long (ms), and the
/// rest waits for the next task: a bulk split fills twelve boxes of a
/// hundred KB each, and the page must never block 50 ms.
const SLICE_MS: f64 = 8.0;

/// A slice also ends once the boxes it filled hold this much text to lay
/// out (bytes), or this many checked lines to show, and the rest waits
/// for the next frame: a bulk split's verdicts fill about five boxes a
/// frame (its text comes into the boxes a part a frame too,
/// `shell::bulk::take_in_frames`). (A frame of ten boxes of 850 bytes
/// and [`BOX_LINES`] lines each, a 10 KB split, was 30 to 50 ms of style
/// and layout in Chromium, traced, half of it the boxes' text and half
/// their lines: no task over 50 ms.)
const SLICE_LAYOUT: usize = 4 * 1024;
const SLICE_ROWS: usize = 5 * BOX_LINES;

/// The checked lines a player's box shows at first; "Show more" adds a
/// [`PAGE`](crate::shell::html::PAGE). A round's submission is a few
/// orders for each of a player's survivors (R3.1: a vote, a move, maybe
/// an attack or an idol), so a dozen shows a real one whole, and a box
/// past it holds a pasted pile, shown rejected first. Every accepted
/// order is also in the box's "In force" line. A dozen boxes of a
/// hundred lines each made every frame of a bulk split 20 to 26 ms of
/// style and layout in Chromium, and 65 ms in one loaded run
/// (no task over 50 ms).
const BOX_LINES: usize = 12;

/// A long box is checked this many bytes at a time between looks at the
/// clock, and a slice reads at most [`SLICE_TEXT`] bytes: a pasted
/// megabyte is read over several tasks, however fast the machine.
const PART: usize = 32 * 1024;
const SLICE_TEXT: usize = 256 * 1024;

/// A box to check: its roster index, its text as typed, the text read
/// (invisible characters folded; `None` until the check starts) and the
/// engine's check so far.
struct Job {
    index: usize,
    typed: String,
    text: Option<String>,
    check: Option<SubmissionCheck>,
}

/// The players' boxes as the engine checked them (roster order; `None`
/// until a box is first read), kept up to date a box at a time: a change
/// re-checks only the boxes whose text changed (all of them when the game
/// moved on), one or a few per task, and a long box a part per task
/// ([`SubmissionCheck`]), so no box holds the page in one task.
#[derive(Clone, Copy)]
struct Checks {
    ctx: Ctx,
    /// The results shown.
    checked: RwSignal<Vec<Option<Checked>>>,
    /// Each result's box text as typed (what it was checked from: a box
    /// whose draft differs is checked again).
    typed: RwSignal<Vec<Option<Arc<str>>>>,
    /// The game the results were checked against.
    basis: StoredValue<Option<(Setup, Position)>>,
    /// The boxes still to check, the next last (a box part checked keeps
    /// its progress).
    queue: StoredValue<Vec<Job>>,
    /// Counts changes: a slice of an older one stops.
    generation: StoredValue<u32>,
}

impl Checks {
    fn new(ctx: Ctx) -> Checks {
        let c = Checks {
            ctx,
            checked: RwSignal::new(Vec::new()),
            typed: RwSignal::new(Vec::new()),
            basis: StoredValue::new(None),
            queue: StoredValue::new(Vec::new()),
            generation: StoredValue::new(0),
        };
        Effect::new(move |_| {
            ctx.drafts.track();
            ctx.live.track();
            c.changed();
        });
        c
    }

    /// Queues every box whose text or game changed, and checks the first
    /// slice of them now. A box whose check had begun and whose text is
    /// the same goes on where it stopped, after the others (a box typed
    /// into while a long one is read is checked first).
    fn changed(self) {
        let mut old = Vec::new();
        self.queue.update_value(|q| old = std::mem::take(q));
        let todo = self.ctx.live.with_untracked(|l| {
            let l = l.as_ref()?;
            let (setup, pos) = (l.game.setup(), l.game.position());
            let same = self
                .basis
                .with_value(|b| b.as_ref().is_some_and(|(s, p)| s == setup && p == pos));
            if !same {
                self.basis.set_value(Some((setup.clone(), pos.clone())));
                self.typed.update_untracked(Vec::clear);
                old.clear();
            }
            let n = setup.players.len();
            if self.checked.with_untracked(Vec::len) != n {
                self.checked.set(vec![None; n]);
            }
            self.ctx.drafts.with_untracked(|d| {
                let mut todo: Vec<Job> = setup
                    .players
                    .ids()
                    .map(|p| {
                        let t = d.get(setup.players.name(p)).map_or("", String::as_str);
                        (p.index(), t)
                    })
                    .filter(|(i, t)| {
                        self.typed
                            .with_untracked(|ty| ty.get(*i).and_then(Option::as_deref) != Some(*t))
                    })
                    .map(
                        |(i, t)| match old.iter().position(|j| j.index == i && j.typed == t) {
                            Some(k) => old.swap_remove(k),
                            None => Job {
                                index: i,
                                typed: t.to_string(),
                                text: None,
                                check: None,
                            },
                        },
                    )
                    .collect();
                todo.reverse();
                todo.sort_by_key(|j| j.check.is_none());
                Some(todo)
            })
        });
        self.generation.update_value(|g| *g += 1);
        match todo {
            Some(todo) => {
                self.queue.set_value(todo);
                self.pump(self.generation.get_value());
            }
            None => self.checked.set(Vec::new()),
        }
    }

    /// Checks queued boxes for up to [`SLICE_MS`] (or [`SLICE_TEXT`] bytes
    /// read, or [`SLICE_LAYOUT`] bytes to lay out), then leaves the rest
    /// until the next task (after the next frame when it filled a box);
    /// stops when a newer change came (`generation`).
    fn pump(self, generation: u32) {
        let start = js_sys::Date::now();
        let (mut laid, mut rows, mut read) = (0, 0, 0);
        loop {
            if self.generation.try_get_value() != Some(generation) {
                return;
            }
            let mut next = None;
            self.queue.update_value(|q| next = q.pop());
            let Some(mut job) = next else { return };
            let done = self.ctx.live.with_untracked(|l| {
                let l = l.as_ref()?;
                let (setup, pos) = (l.game.setup(), l.game.position());
                let p = setup.players.ids().nth(job.index)?;
                // Invisible characters copied from a forum fold away (none in
                // ASCII text: a fast test first).
                let text = job.text.get_or_insert_with(|| {
                    if job.typed.is_ascii() {
                        job.typed.clone()
                    } else {
                        visible(&job.typed).into_owned()
                    }
                });
                let check = job
                    .check
                    .get_or_insert_with(|| SubmissionCheck::new(pos, p, text));
                let before = check.read();
                let done = check.check(setup, pos, text, PART);
                read += check.read() - before;
                Some(done.then_some(p))
            });
            let Some(done) = done else { continue };
            match (done, job.text, job.check) {
                (Some(p), Some(text), Some(check)) => {
                    let typed = job.typed;
                    let sub = check.finish();
                    if !is_held(typed.len(), BOX_HELD) {
                        laid += typed.len();
                    }
                    rows += sub.lines.len().min(BOX_LINES);
                    let i = job.index;
                    self.typed.update(|t| {
                        if t.len() <= i {
                            t.resize(i + 1, None);
                        }
                        t[i] = Some(typed.into());
                    });
                    self.checked.update(|c| {
                        if c.len() <= i {
                            c.resize(i + 1, None);
                        }
                        c[i] = Some((p, text, sub));
                    });
                }
                (_, text, check) => self
                    .queue
                    .update_value(|q| q.push(Job { text, check, ..job })),
            }
            if (js_sys::Date::now() - start > SLICE_MS
                || laid > SLICE_LAYOUT
                || rows > SLICE_ROWS
                || read >= SLICE_TEXT)
                && self.queue.with_value(|q| !q.is_empty())
            {
                let next = move || {
                    Timeout::new(0, move || self.pump(generation)).forget();
                };
                if laid + rows > 0 {
                    request_animation_frame(next);
                } else {
                    next();
                }
                return;
            }
        }
    }
}

/// The bulk box read in the site's worker: the pasted text goes there as
/// a [`BulkRequest`]; its split is taken into the drafts from a later
/// task, a few boxes a frame (`take_in_frames`), then said as the bulk
/// box says it, and the account goes to `account`
/// (shown by the bulk box). Not into another game, or another round than
/// the one it was asked for (a commit or an undo meanwhile: the parts
/// taken before it stay, and a warning names them). Page-wide
/// (provided by the page, `MiniSurvivor::init`): a split asked is taken
/// when the worker answers, whatever screen is shown by then.
#[derive(Clone, Copy)]
pub struct OrdersSplit {
    /// The bulk box's Split.
    pub split: Callback<String, Option<BulkAccount>>,
    /// The last split's account.
    pub account: RwSignal<Option<BulkAccount>>,
}

impl OrdersSplit {
    /// The page's split.
    pub fn new(ctx: Ctx) -> OrdersSplit {
        let account = RwSignal::new(None::<BulkAccount>);
        let answer = RwSignal::new(None::<Result<String, String>>);
        // The game and round the split was asked for.
        let basis = move || {
            ctx.live.with_untracked(|l| {
                l.as_ref()
                    .map(|l| (l.id.clone(), l.game.position().round()))
            })
        };
        let asked = StoredValue::new(None::<(String, u16)>);
        // Counts the splits taken into the drafts (a frame at a time): a
        // split answered while an older one is still being taken stops it.
        let taking = StoredValue::new(0u32);
        // Another game or round: the last split's account is of the old one.
        Effect::new(move |was: Option<Option<(String, u16)>>| {
            let now = ctx.live.with(|l| {
                l.as_ref()
                    .map(|l| (l.id.clone(), l.game.position().round()))
            });
            if was.is_some_and(|w| w != now) {
                account.set(None);
            }
            now
        });
        Effect::new(move |_| {
            answer.track();
            let Some(reply) = answer.try_update_untracked(Option::take).flatten() else {
                return;
            };
            match reply.and_then(|a| read_answer(&a)) {
                Err(e) => ctx.warn(format!("The paste could not be split: {e}")),
                Ok(data) => {
                    Timeout::new(0, move || {
                        let Some(players) = ctx
                            .live
                            .with_untracked(|l| l.as_ref().map(|l| l.game.setup().players.len()))
                        else {
                            return;
                        };
                        let mut s = data.into_split();
                        s.texts.retain(|(p, _)| p.index() < players);
                        // This split is taken from now on; one still being
                        // taken stops (the parts it took are this one's too:
                        // "already taken from this paste, unchanged").
                        let me = taking.get_value().wrapping_add(1);
                        taking.set_value(me);
                        // (The name as the drafts are keyed when each part is
                        // taken: a replacement meanwhile renames a box, R10.1.)
                        let name = move |p: PlayerId| {
                            ctx.live
                                .with_untracked(|l| {
                                    l.as_ref()
                                        .map(|l| l.game.setup().players.name(p).to_string())
                                })
                                .unwrap_or_default()
                        };
                        take_in_frames(
                            ctx.drafts,
                            ctx.bulk_seen,
                            |p: PlayerId| p.index().to_string(),
                            s,
                            name,
                            BOX_HELD,
                            move || taking.get_value() == me && asked.with_value(|a| *a == basis()),
                            move |taken| match taken {
                                Ok(a) => {
                                    announce(ctx.shell, "submissions", &a);
                                    account.set(Some(a));
                                }
                                // A newer split took over: its account says all.
                                Err(_) if taking.get_value() != me => {}
                                Err(stopped) => ctx.warn(stopped.warning("round")),
                            },
                        );
                    })
                    .forget();
                }
            }
        });
        let split = Callback::new(move |text: String| {
            let request = ctx.live.with_untracked(|l| {
                l.as_ref()
                    .map(|l| BulkRequest::new(&l.game.setup().players, text))
            })?;
            asked.set_value(basis());
            ctx.say("Reading the pasted submissions…");
            ask_worker('R', request.to_text(), answer);
            None
        });
        OrdersSplit { split, account }
    }
}

/// The Orders screen: the bulk box, who is missing, each player's box.
#[component]
pub fn Orders() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let checks = Checks::new(ctx);
    let checked = checks.checked;
    let OrdersSplit { split, account } = expect_context::<OrdersSplit>();
    // A past split's account is not shown again once the screen is left
    // (a split still on its way shows on its answer).
    on_cleanup(move || {
        account.try_set(None);
    });
    let first_player = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| l.game.setup().players.names()[0].clone())
                .unwrap_or_default()
        })
    };
    view! {
        <section class="orders">
            <h2>"Orders for round " {move || ctx.next_round().unwrap_or(0)}</h2>
            <BulkBox shell=ctx.shell text=ctx.bulk split account summary="Paste all submissions at once" noun="submissions" rule="R3.5" example=Signal::derive(first_player)/>
            <Missing checked=checked/>
            <div class="players">
                {move || {
                    let info = ctx.live.with(|l| l.as_ref().map(|l| {
                        let setup = l.game.setup().clone();
                        let pos = l.game.position();
                        // Each player's survivors as the moderator checks orders against them.
                        let mine: Vec<(String, bool)> = setup.players.ids().map(|p| {
                            let mut alive = Vec::new();
                            let mut fallen = 0;
                            for s in pos.survivors_of(p) {
                                match s.place {
                                    Place::Tribe(t) => alive.push(format!("{} in {t}", s.id)),
                                    Place::Outcast => alive.push(format!("{} outcast", s.id)),
                                    Place::Eliminated(_) => fallen += 1,
                                }
                            }
                            let out = alive.is_empty();
                            let mut text = if out { "No survivor left".to_string() } else { alive.join(" · ") };
                            if fallen > 0 && !out {
                                text.push_str(&format!(" ({fallen} eliminated)"));
                            }
                            (text, out)
                        }).collect();
                        (setup, mine)
                    }));
                    let Some((setup, mine)) = info else { return ().into_any() };
                    setup.players.names().iter().cloned().zip(mine).enumerate().map(|(i, (name, (survivors, out)))| {
                        let key = name.clone();
                        let setup = setup.clone();
                        let verdicts_label = format!("{name}: checked lines");
                        // A fully eliminated player can give no order: the box is folded away,
                        // unless text was put there.
                        let open = !out || ctx.drafts.with_untracked(|d| d.get(&name).is_some_and(|t| !t.trim().is_empty()));
                        // A long submission's first `BOX_LINES` lines are shown, then a page at a time.
                        let shown = RwSignal::new(BOX_LINES);
                        // Each part changes only when this player's box was checked
                        // again (another player's change leaves it as it is).
                        let mine = move |f: &dyn Fn(&Checked) -> String| checked.with(|c| c.get(i).and_then(Option::as_ref).map(f).unwrap_or_default());
                        // The box shows the draft itself, so a key pressed while a long
                        // paste is still being checked is added to that paste, never to
                        // the text checked before it. A long text goes into the box only
                        // when asked for ("Show it"), and a long paste never does
                        // (shell::paste::HeldBox).
                        let k0 = key.clone();
                        let value = Memo::new(move |_| ctx.drafts.with(|d| d.get(&k0).cloned()));
                        let boxed = Signal::derive(move || value.with(|t| t.as_deref().unwrap_or_default().to_string()));
                        let verdicts = Memo::new(move |_| mine(&|(_, text, sub)| verdicts_html(text, &sub.lines, shown.get())));
                        let lines = Memo::new(move |_| checked.with(|c| c.get(i).and_then(Option::as_ref).map_or(0, |(_, _, s)| s.lines.len())));
                        let in_force = Memo::new(move |_| mine(&|(_, _, s)| {
                            let lines: Vec<String> = s.orders().map(|o| o.to_line(&setup)).collect();
                            if lines.is_empty() { "nothing (defaults apply)".to_string() } else { lines.join(" · ") }
                        }));
                        view! {
                            <article class="player" class:out=out data-player=name.clone()>
                                <h3><label for=format!("sub-{i}")>{name.clone()}</label></h3>
                                <p class="mine" data-testid="survivors">{survivors}</p>
                                <details class="box" open=open class:long=move || value.with(|t| t.as_ref().is_some_and(|t| is_held(t.len(), BOX_HELD)))>
                                <summary>"Orders"</summary>
                                <HeldBox value=boxed set={let k = key.clone(); move |v| ctx.drafts.update(|d| { d.insert(k.clone(), v); })} id=format!("sub-{i}") limit=BOX_HELD/>
                                <ol class="verdicts" aria-label=verdicts_label.clone() inner_html=verdicts></ol>
                                {move || show_more(shown, lines.get(), "lines", "rejected first, then replaced, then accepted")}
                                <p class="canonical muted">"In force: " {in_force}</p>
                                </details>
                            </article>
                        }
                    }).collect_view().into_any()
                }}
            </div>
        </section>
    }
}

/// Who has not submitted, who will self-vote by default (R3.6), which
/// outcasts have no move yet (R6.7).
#[component]
fn Missing(checked: RwSignal<Vec<Option<Checked>>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let html = move || {
        ctx.live.with(|l| {
            let Some(l) = l.as_ref() else { return String::new() };
            let setup = l.game.setup();
            let pos = l.game.position();
            checked.with(|c| {
                let silent: Vec<String> = c.iter().flatten().filter(|(p, t, _)| t.trim().is_empty() && pos.survivors_of(*p).any(|s| s.place.is_alive())).map(|(p, _, _)| esc(setup.players.name(*p))).collect();
                let orders: Vec<Order> = c.iter().flatten().flat_map(|(_, _, s)| s.orders().collect::<Vec<_>>()).collect();
                // R3.6, R6.7: what the engine's defaults will do.
                let d = defaults(pos, &orders);
                let list = |v: &[mini_survivor::SurvivorId]| v.iter().map(|id| id.to_string()).collect::<Vec<_>>();
                let (self_votes, stuck) = (list(&d.self_votes), list(&d.outcasts_without_move));
                let or = |v: Vec<String>, none: &str| if v.is_empty() { none.to_string() } else { v.join(", ") };
                format!(
                    "<h3>Missing</h3><ul><li>No submission yet: <span data-testid=\"no-submission\">{}</span></li><li>Will vote for themselves (no vote, R3.6): {}</li><li>Outcasts with no move yet (R6.7): {}</li></ul>",
                    or(silent, "nobody"), or(self_votes, "none"), or(stuck, "none")
                )
            })
        })
    };
    view! { <section class="missing" aria-label="Missing orders" inner_html=html></section> }
}
