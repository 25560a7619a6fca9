//! Board: the tribe grid as the design centre, in the grid's shape on every
//! screen (a phone gets compact tiles; removed tribes shrink). Chips show
//! each survivor's pending orders; drag a chip onto a tribe to move it
//! (pointer events: mouse and touch; a finger drags after a short hold or
//! a clear move across, and otherwise scrolls the page), or select it
//! (click, tap, Enter) to give
//! any order from a panel, which takes the keyboard focus and closes with
//! Escape. Legal destinations and targets come from the engine.

use super::super::report_view::options_html;
use super::super::state::{Ctx, Screen};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use mini_survivor::{Order, Place, SurvivorId, TribeId, move_destinations, tribe_mates};
use wasm_bindgen::JsCast;

/// A survivor's pending orders, from the drafts.
#[derive(Clone, Default, PartialEq)]
struct Pending {
    vote: Option<SurvivorId>,
    attack: Option<(SurvivorId, String)>,
    idol: bool,
    to: Option<TribeId>,
}

/// A drag in progress: survivor, pointer position, whether it has moved;
/// for a finger, whether it rested on the chip long enough to pick the
/// survivor up ([`HOLD_MS`]).
#[derive(Copy, Clone, PartialEq)]
struct Drag {
    id: SurvivorId,
    x: f64,
    y: f64,
    start: (f64, f64),
    moved: bool,
    touch: bool,
    held: bool,
}

/// A finger that rests this long (ms) on a chip, moving at most [`STILL`]
/// pixels, picks the survivor up: then it drags in any direction, the
/// page does not scroll.
const HOLD_MS: u32 = 300;

/// How far (pixels, across plus down) a finger may move and still be
/// resting on the chip.
const STILL: f64 = 4.0;

/// Before a hold, a finger's drag starts only with a clear move across
/// (this many pixels, at least twice as far across as down); any other
/// move is a scroll, and the page scrolls (the chips let the browser pan
/// vertically: `touch-action: pan-y`).
const ACROSS: f64 = 8.0;

impl Drag {
    /// Updates the position; says whether the drag goes on (`false`: a
    /// finger that moved down or up before a hold, the page scrolls).
    fn to(&mut self, x: f64, y: f64) -> bool {
        self.x = x;
        self.y = y;
        if self.moved {
            return true;
        }
        let (dx, dy) = ((x - self.start.0).abs(), (y - self.start.1).abs());
        if !self.touch || self.held {
            self.moved = dx + dy > 6.0;
        } else if dx > ACROSS && dx > 2.0 * dy {
            self.moved = true;
        } else if dx + dy > STILL {
            // Mostly across so far: it may yet be a drag; else a scroll.
            return dx > dy && dx + dy <= 2.0 * ACROSS;
        }
        true
    }
}

/// Every survivor's pending orders, indexed by survivor ID.
fn pending(ctx: Ctx) -> Vec<Pending> {
    let names = ctx
        .live
        .with(|l| l.as_ref().map(|l| l.game.setup().players.clone()));
    let mut out: Vec<Pending> = Vec::new();
    let Some(names) = names else { return out };
    for o in ctx.orders_in_force() {
        let i = usize::from(o.survivor().get());
        if out.len() <= i {
            out.resize(i + 1, Pending::default());
        }
        let p = &mut out[i];
        match o {
            Order::Vote { target, .. } => p.vote = Some(target),
            Order::Assassinate { target, guess, .. } => {
                p.attack = Some((target, names.name(guess).to_string()))
            }
            Order::Idol { .. } => p.idol = true,
            Order::Move { to, .. } => p.to = Some(to),
        }
    }
    out
}

/// Gives an order from the board: appends its canonical line to the
/// controller's draft, unless the same order is already in force.
fn give(ctx: Ctx, id: SurvivorId, line: String) {
    let (player, lines) = ctx.live.with_untracked(|l| {
        l.as_ref()
            .and_then(|l| {
                let setup = l.game.setup();
                let s = l.game.position().survivor(id)?;
                Some((
                    setup.players.name(s.controller).to_string(),
                    untrack(|| ctx.orders_in_force())
                        .into_iter()
                        .map(|o| o.to_line(setup))
                        .collect::<Vec<_>>(),
                ))
            })
            .unzip()
    });
    let Some(player) = player else { return };
    if lines.is_some_and(|v| v.contains(&line)) {
        ctx.say(format!("Already ordered: {line}"));
        return;
    }
    ctx.append_lines(&player, &line);
    ctx.say(format!("Order added: {line}"));
}

/// Puts the keyboard focus on the first element matching `selector`, once
/// the page has drawn it.
fn focus_later(selector: String) {
    request_animation_frame(move || {
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(&selector).ok().flatten())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    });
}

/// Closes the order panel and gives the focus back to the survivor's chip.
fn close_panel(ctx: Ctx) {
    if let Some(id) = ctx.selected.get_untracked() {
        ctx.selected.set(None);
        focus_later(format!("[data-survivor=\"{id}\"]"));
    }
}

/// The tribe letter under a point, from the `data-tribe` of the element there.
fn tribe_at(x: f64, y: f64) -> Option<TribeId> {
    let doc = web_sys::window()?.document()?;
    let el = doc.element_from_point(x as f32, y as f32)?;
    let card = el.closest("[data-tribe]").ok()??;
    card.get_attribute("data-tribe")?
        .chars()
        .next()
        .and_then(TribeId::from_letter)
}

#[component]
pub fn Board() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let pend = Memo::new(move |_| pending(ctx));
    let drag = RwSignal::new(None::<Drag>);
    // A finger's hold timer (HOLD_MS): dropped, it never fires.
    let hold = StoredValue::new_local(None::<Timeout>);
    let stop = move || {
        drag.set(None);
        hold.set_value(None);
    };
    let legal = Memo::new(move |_| {
        let id = drag.get().filter(|d| d.moved).map(|d| d.id)?;
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| move_destinations(l.game.setup(), l.game.position(), id))
        })
    });
    let cols = move || {
        ctx.live
            .with(|l| l.as_ref().map_or(4, |l| l.game.setup().grid.cols()))
    };
    let tribes = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| {
                    let s = l.game.setup();
                    s.grid
                        .tribes()
                        .map(|t| {
                            (
                                t,
                                s.tribe_name(t).to_string(),
                                l.game.position().is_removed(t),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let members = move |t: TribeId| {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| l.game.position().members(t).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    let outcasts = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| l.game.position().outcasts().collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };

    let end_drag = move |ev: web_sys::PointerEvent| {
        let Some(d) = drag.get_untracked() else {
            return;
        };
        stop();
        if !d.moved {
            ctx.selected.set(Some(d.id));
            return;
        }
        let allowed = ctx.live.with_untracked(|l| {
            l.as_ref()
                .map(|l| move_destinations(l.game.setup(), l.game.position(), d.id))
        });
        match (
            tribe_at(ev.client_x() as f64, ev.client_y() as f64),
            allowed,
        ) {
            (Some(t), Some(ok)) if ok.contains(t) => give(ctx, d.id, format!("{} m {t}", d.id)),
            (Some(t), _) => ctx.warn(format!(
                "Survivor {} cannot move to tribe {t}: not a legal destination",
                d.id
            )),
            _ => ctx.say("Move cancelled"),
        }
    };
    let chip = move |id: SurvivorId| {
        let p = move || pend.with(|m| m.get(usize::from(id.get())).cloned().unwrap_or_default());
        let controller = move || {
            ctx.live.with(|l| {
                l.as_ref().and_then(|l| {
                    l.game
                        .position()
                        .survivor(id)
                        .map(|s| l.game.setup().players.name(s.controller).to_string())
                })
            })
        };
        let label = move || {
            let p = p();
            let mut s = format!(": survivor {id}");
            if let Some(v) = p.vote {
                s.push_str(&format!(", votes {v}"));
            }
            if let Some((t, g)) = &p.attack {
                s.push_str(&format!(", attacks {t} guessing {g}"));
            }
            if p.idol {
                s.push_str(", idol");
            }
            if let Some(t) = p.to {
                s.push_str(&format!(", moves to {t}"));
            }
            if ctx.show_controllers.get()
                && let Some(c) = controller()
            {
                s.push_str(&format!(", controlled by {c}"));
            }
            s
        };
        view! {
            <button
                class="chip"
                class:selected=move || ctx.selected.get() == Some(id)
                class:dragging=move || drag.get().is_some_and(|d| d.id == id && (d.moved || d.held))
                data-survivor=id.to_string()
                on:pointerdown=move |ev: web_sys::PointerEvent| {
                    if ev.button() != 0 { return; }
                    // (A finger is held by the chip it touched until it lifts.)
                    let touch = ev.pointer_type() == "touch";
                    if !touch && let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                        let _ = el.set_pointer_capture(ev.pointer_id());
                    }
                    let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
                    drag.set(Some(Drag { id, x, y, start: (x, y), moved: false, touch, held: false }));
                    hold.set_value(touch.then(|| Timeout::new(HOLD_MS, move || {
                        drag.update(|d| if let Some(d) = d.as_mut().filter(|d| d.id == id && !d.moved) {
                            d.held = (d.x - d.start.0).abs() + (d.y - d.start.1).abs() <= STILL;
                        });
                    })));
                }
                on:pointermove=move |ev: web_sys::PointerEvent| {
                    let mut goes_on = true;
                    drag.update(|d| if let Some(d) = d.as_mut().filter(|d| d.id == id) {
                        goes_on = d.to(ev.client_x() as f64, ev.client_y() as f64);
                    });
                    if !goes_on {
                        stop();
                    }
                }
                on:pointerup=end_drag
                on:pointercancel=move |_| stop()
                on:keydown=move |ev: web_sys::KeyboardEvent| {
                    if ev.key() == "Enter" || ev.key() == " " {
                        ev.prevent_default();
                        ctx.selected.set(Some(id));
                        // Straight to the orders: the panel's first control.
                        focus_later("aside.panel button".to_string());
                    } else if ev.key() == "Escape" {
                        close_panel(ctx);
                    }
                }
            >
                <span class="id">{id.to_string()}</span>
                <span class="badges" inner_html=move || {
                    let p = p();
                    let mut h = String::new();
                    if let Some(v) = p.vote { h.push_str(&format!("<span class=\"b vote\" title=\"vote\">v{v}</span>")); }
                    if let Some((t, _)) = p.attack { h.push_str(&format!("<span class=\"b attack\" title=\"assassination\">a{t}</span>")); }
                    if p.idol { h.push_str("<span class=\"b idol\" title=\"idol\">idol</span>"); }
                    if let Some(t) = p.to { h.push_str(&format!("<span class=\"b move\" title=\"move\">→{t}</span>")); }
                    h
                }></span>
                {move || ctx.show_controllers.get().then(|| controller().map(|c| view! { <span class="owner">{c}</span> }))}
                // The accessible name starts with the visible text, then says it in words.
                <span class="sr-only">{label}</span>
            </button>
        }
    };
    // Once a finger drags a survivor the page must not scroll: a
    // listener that may cancel the touch's moves (not passive).
    let mut touchmove = leptos::ev::Custom::<web_sys::Event>::new("touchmove");
    touchmove.options_mut().set_passive(false);
    let view = view! {
        <section class="board">
            <div class="board-head">
                <h2>"Board"</h2>
                <label class="toggle"><input type="checkbox" prop:checked=ctx.show_controllers on:change=move |ev| ctx.show_controllers.set(event_target_checked(&ev)) data-testid="show-controllers"/>" Show controllers"</label>
                <p class="muted">"Drag a survivor onto a tribe to move it, or select it (click, or Enter) to give an order."</p>
            </div>
            <ExportReminder/>
            <div class="grid" role="list" aria-label="Tribes" style:grid-template-columns=move || format!("repeat({}, minmax(0, 1fr))", cols())>
                {move || tribes().into_iter().map(|(t, name, removed)| {
                    let is_legal = move || legal.get().is_some_and(|s| s.contains(t));
                    let dragging = move || legal.get().is_some();
                    let list = members(t);
                    let count = list.len();
                    view! {
                        <section role="listitem" class="tribe" class:removed=removed class:legal=is_legal class:illegal=move || dragging() && !is_legal()
                            data-tribe=t.to_string() aria-label=format!("Tribe {t} {name}{}, {count} survivors", if removed { ", removed" } else { "" })>
                            <h3><span class="letter">{t.to_string()}</span> <span class="name">{name.clone()}</span> <span class="count">{if removed { "removed".to_string() } else { count.to_string() }}</span></h3>
                            {(!removed).then(|| view! { <div class="chips">{list.into_iter().map(chip).collect_view()}</div> })}
                        </section>
                    }
                }).collect_view()}
            </div>
            <section class="outcasts" aria-label="Outcasts">
                <h3>"Outcasts " <span class="muted">"(must move this round, R6.2)"</span></h3>
                <div class="chips">{move || { let o = outcasts(); if o.is_empty() { view! { <span class="muted">"none"</span> }.into_any() } else { o.into_iter().map(chip).collect_view().into_any() } }}</div>
            </section>
            {move || drag.get().filter(|d| d.moved).map(|d| view! {
                <div class="ghost" aria-hidden="true" style:left=format!("{}px", d.x.round() as i32) style:top=format!("{}px", d.y.round() as i32)>{d.id.to_string()}</div>
            })}
            <OrderPanel/>
        </section>
    };
    view.into_inner().on(touchmove, move |ev: web_sys::Event| {
        if drag.get_untracked().is_some_and(|d| d.moved || d.held) {
            ev.prevent_default();
        }
    })
}

/// The order panel for the selected survivor: every order it may be given
/// this round, from the engine's lists of legal targets and destinations.
#[component]
fn OrderPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let guess = RwSignal::new(String::new());
    let target = RwSignal::new(String::new());
    move || {
        let id = ctx.selected.get()?;
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let setup = l.game.setup();
            let pos = l.game.position();
            let s = pos.survivor(id)?;
            let place = match s.place {
                Place::Tribe(t) => format!("in tribe {t} {}", setup.tribe_name(t)),
                Place::Outcast => "an outcast: it can only move".to_string(),
                Place::Eliminated(_) => return None,
            };
            let mates: Vec<SurvivorId> = tribe_mates(pos, id);
            let dests: Vec<TribeId> = move_destinations(setup, pos, id).iter().collect();
            let players: Vec<String> = setup.players.names().to_vec();
            let in_tribe = s.place.tribe().is_some();
            let others: Vec<SurvivorId> = mates.iter().copied().filter(|m| *m != id).collect();
            let ids: Vec<String> = others.iter().map(|m| m.to_string()).collect();
            let choose = || std::iter::once((String::new(), "choose"));
            let targets = options_html(choose().chain(ids.iter().map(|m| (m.clone(), m.as_str()))), "");
            let guesses = options_html(choose().chain(players.iter().map(|p| (p.clone(), p.as_str()))), "");
            Some(view! {
                <aside class="panel" aria-label=format!("Orders for survivor {id}")
                    on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Escape" { ev.prevent_default(); close_panel(ctx); }>
                    <h3>{format!("Survivor {id}, {place}")}</h3>
                    <p class="now" data-testid="current-orders">"Now: " {move || current(ctx, id)}</p>
                    {in_tribe.then(|| view! {
                        <div class="row">
                            <span class="k">"Vote (R5)"</span>
                            {mates.iter().map(|&m| view! {
                                <button on:click=move |_| give(ctx, id, format!("{id} v {m}"))>{if m == id { format!("{m} (self)") } else { m.to_string() }}</button>
                            }).collect_view()}
                        </div>
                        <div class="row">
                            <span class="k">"Assassinate (R4)"</span>
                            <label>"Target " <select on:change=move |ev| target.set(event_target_value(&ev)) inner_html=targets></select></label>
                            <label>"Guess " <select on:change=move |ev| guess.set(event_target_value(&ev)) inner_html=guesses></select></label>
                            <button on:click=move |_| {
                                let (t, g) = (target.get_untracked(), guess.get_untracked());
                                if t.is_empty() || g.is_empty() { ctx.warn("Choose a target and a guess"); } else { give(ctx, id, format!("{id} a {t} {g}")); }
                            }>"Set"</button>
                        </div>
                        <div class="row"><span class="k">"Idol (R5.3)"</span><button on:click=move |_| give(ctx, id, format!("{id} i"))>"Play an idol"</button></div>
                    })}
                    <div class="row">
                        <span class="k">"Move (R6)"</span>
                        {if dests.is_empty() { view! { <span class="muted">"nowhere"</span> }.into_any() } else {
                            dests.into_iter().map(|t| view! {
                                <button data-move=t.to_string() on:click=move |_| give(ctx, id, format!("{id} m {t}"))>{format!("→ {t}")}</button>
                            }).collect_view().into_any()
                        }}
                    </div>
                    <div class="row">
                        <button on:click=move |_| ctx.go(Screen::Orders)>"See the orders text"</button>
                        <button on:click=move |_| close_panel(ctx) aria-keyshortcuts="Escape">"Close"</button>
                    </div>
                </aside>
            })
        })
    }
}

/// A survivor's orders in force, in words, with what the defaults do
/// without them (R3.6, R6.7).
fn current(ctx: Ctx, id: SurvivorId) -> String {
    let orders = ctx.orders_in_force();
    ctx.live.with_untracked(|l| {
        let Some(l) = l else { return String::new() };
        let setup = l.game.setup();
        let mine: Vec<String> = orders
            .iter()
            .filter(|o| o.survivor() == id)
            .map(|o| o.to_line(setup))
            .collect();
        let place = l.game.position().survivor(id).map(|s| s.place);
        let mut out = if mine.is_empty() {
            "no orders".to_string()
        } else {
            mine.join(" · ")
        };
        let has = |kind: &str| mine.iter().any(|m| m.split(' ').nth(1) == Some(kind));
        match place {
            Some(Place::Tribe(_)) if !has("v") => out.push_str(" (votes for itself, R3.6)"),
            Some(Place::Outcast) if !has("m") => out.push_str(" (no move yet: R6.7 applies)"),
            _ => {}
        }
        out
    })
}

/// Browsers (Safari especially) may wipe site storage: remind the moderator
/// to export when the game has rounds and no export for 3 days.
#[component]
fn ExportReminder() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        ctx.shell.saved_games.track();
        let (id, rounds) = ctx
            .live
            .with(|l| l.as_ref().map(|l| (l.id.clone(), l.game.rounds().len())))?;
        let exported = crate::shell::storage::exported(ctx.shell.kind, &id);
        let stale = exported.is_none_or(|t| crate::shell::io::now_ms() - t > 3.0 * 86_400_000.0);
        (rounds > 0 && stale).then(|| view! {
            <p class="reminder" role="note">
                {if exported.is_none() { "This game has never been exported. " } else { "No export for 3 days. " }}
                "Browsers may clear a site's storage: keep a copy. "
                <button on:click=move |_| crate::shell::export(ctx)>"Export now"</button>
            </p>
        })
    }
}
