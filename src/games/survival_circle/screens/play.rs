//! Play: the circle, both hands as value buttons (click, tap, or the keys
//! 1-8), undo and redo, the score, the turn, the record (C8.1), the AI's
//! thinking with Stop and Move now, and the hint (the AI's evaluation of
//! every value). Hovering or focusing a value, or tapping it once on a
//! touch screen, previews the move from the engine (where the mover lands
//! and what that removes, where the value sends the opponent and what
//! would happen there); a second tap, a click or Enter plays it. On a
//! phone the status, the circle, the preview and both hands fit one
//! screen; messages are shown in the page's flow, under the hands, never
//! over a control.

use super::super::circle::Circle;
use super::super::state::{Ctx, THINK_CHOICES, mode_text, result_text, who};
use super::super::thinker::Asked;
use super::referee::Referee;
use crate::shell::ui::CopyButton;
use leptos::prelude::*;
use survival_circle::ai::{Level, SCALE};
use survival_circle::{Mode, Options, Player, Preview, State, Value};

/// A score in tokens of final difference, signed: `+1.25`, `-0.5`, `0`.
fn tokens(score: i32) -> String {
    let t = f64::from(score) / f64::from(SCALE);
    if score == 0 {
        "0".to_string()
    } else {
        format!("{t:+.2}")
    }
}

/// `1,234,567` nodes as `1.2 M`.
fn nodes(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{:.1} M", n as f64 / 1e6)
    } else if n >= 1000 {
        format!("{:.0} k", n as f64 / 1e3)
    } else {
        n.to_string()
    }
}

#[component]
pub fn Play() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The keys 1-8 play that value (not while typing in a field).
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.ctrl_key() || ev.alt_key() || ev.meta_key() || ev.repeat() {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing {
            return;
        }
        let Some(v) = ev.key().parse::<u8>().ok().and_then(Value::new) else {
            return;
        };
        if ctx.live.with_untracked(|l| l.is_some()) {
            ev.prevent_default();
            ctx.play(v);
        }
    });
    on_cleanup(move || keys.remove());
    let state = Signal::derive(move || {
        ctx.with_game(|g| *g.state())
            .unwrap_or_else(|| State::new(Options::default()))
    });
    let preview = Signal::derive(move || ctx.preview.get().or(ctx.armed.get()));
    view! {
        <section class="play">
            <h2 class="sr-only">"Play"</h2>
            <div class="play-grid">
                <div class="board-col">
                    <Circle state preview caption="The circle"/>
                    <ul class="legend" aria-label="Marks on the circle">
                        <li><span class="key k-blue" aria-hidden="true">"B"</span>" Blue token (circle)"</li>
                        <li><span class="key k-red" aria-hidden="true">"R"</span>" Red token (square)"</li>
                        <li><span class="key k-last" aria-hidden="true"></span>" previous landing cell; the arrow counts its value (C3.2)"</li>
                        <li><span class="key k-next" aria-hidden="true"></span>" this turn's token lands here"</li>
                        <li><span class="key k-target" aria-hidden="true"></span>" the value you point at sends the opponent here (C3.3)"</li>
                        <li><span class="key k-removed" aria-hidden="true">"×"</span>" removed by the landing (C5.2, C6.2)"</li>
                    </ul>
                </div>
                <div class="side">
                    <Status/>
                    <AiPanel/>
                    <Hand player=Player::Blue/>
                    <Hand player=Player::Red/>
                    // Below the hands: its text changes length as values
                    // are pointed at, which must not move a button under
                    // the pointer or finger.
                    <MovePreview state preview/>
                    <Said/>
                    <div class="row controls">
                        <button on:click=move |_| ctx.undo() disabled=move || !ctx.with_game(|g| g.can_undo()).unwrap_or(false) data-testid="undo">"Undo"</button>
                        <button on:click=move |_| ctx.redo() disabled=move || !ctx.with_game(|g| g.can_redo()).unwrap_or(false) data-testid="redo">"Redo"</button>
                        <button on:click=move |_| ctx.ask_hint() data-testid="hint-button"
                            disabled=move || !ctx.human_to_move() || ctx.thinker.busy()>"Hint"</button>
                    </div>
                    <p class="muted small help">"Keys 1 to 8 play that value. Point at or focus a value to see what it does; on a touch screen tap it once to see, again to play."</p>
                    <HintTable/>
                    <Record/>
                    <Referee open=false/>
                </div>
            </div>
        </section>
    }
}

/// What the move would do, from the engine's preview: the mover's landing
/// (the same whatever the value) and, for the value pointed at, focused
/// or tapped once, where it sends the opponent and what would happen
/// there.
#[component]
fn MovePreview(state: Signal<State>, preview: Signal<Option<Value>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        let s = state.get();
        let p = Preview::of(&s)?;
        let chosen = preview.get();
        let armed = ctx.armed.get();
        let text = chosen
            .and_then(|v| p.text(v))
            .unwrap_or_else(|| format!("{}.", p.landing_text()));
        let again = armed
            .filter(|v| Some(*v) == chosen)
            .map(|v| format!(" Tap {v} again to play it."));
        Some(view! {
            <p class="preview" data-testid="preview" data-value=chosen.map(|v| v.get())>
                {text}<strong>{again}</strong>
            </p>
        })
    }
}

/// The last message, in the page's flow (the shell's floating message is
/// hidden on this screen so it never covers a control); it leaves with
/// the screen.
#[component]
pub fn Said() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <p class="said" aria-hidden="true" data-testid="said">
            {move || ctx.shell.shown().map(|t| view! { <span class=if t.error { "error" } else { "" }>{t.text}</span> })}
        </p>
    }
}

/// The turn, who moves, the score, the mode, the result.
#[component]
fn Status() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        ctx.with_game(|g| {
            let s = g.state();
            let sc = s.score();
            let turn = if s.is_terminal() {
                "All 96 turns played".to_string()
            } else if g.forfeit().is_some() {
                format!("Ended by a forfeit at turn {}", s.turns_played() + 1)
            } else {
                format!(
                    "Turn {} of 96: {} to move, lands on cell {}",
                    s.turns_played() + 1,
                    who(g, s.to_move()),
                    s.next_cell()
                )
            };
            view! {
                <div class="status">
                    <p class="turn" data-testid="turn">{turn}</p>
                    <p class="score" data-testid="score">
                        <span class="key k-blue" aria-hidden="true">"B"</span>{format!(" {} {} ", who(g, Player::Blue), sc.blue)}
                        <span class="key k-red" aria-hidden="true">"R"</span>{format!(" {} {}", who(g, Player::Red), sc.red)}
                    </p>
                    {result_text(g).map(|r| view! { <p class="final" role="status" data-testid="result">{format!("Game over: {r}.")}</p> })}
                    <p class="muted small mode">{format!("Mode: {}.", mode_text(g))}</p>
                </div>
            }
        })
    }
}

/// The AI: thinking (with progress, Stop and Move now), stopped (Resume),
/// its last move, and its time per move.
#[component]
fn AiPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let level = move || {
        ctx.with_game(|g| match g.mode {
            Mode::VsAi { level, .. } => Some(level),
            _ => None,
        })
        .flatten()
    };
    let thinking = move || {
        ctx.thinker.thinking.get().map(|t| {
            let what = match t.asked {
                Asked::Move => "The AI is thinking",
                Asked::Hint => "Working out the hint",
            };
            let progress = t.progress.as_ref().map_or_else(
                || "starting…".to_string(),
                |p| {
                    let best = p.best.map_or("-".to_string(), |v| v.to_string());
                    format!(
                        "depth {} turns{}, best so far {best} ({} tokens), {} nodes",
                        p.depth,
                        if p.exact { " (to the end: exact)" } else { "" },
                        tokens(p.score),
                        nodes(p.nodes)
                    )
                },
            );
            let is_move = t.asked == Asked::Move;
            view! {
                <div class="thinking" data-testid="thinking">
                    <span class="spinner" aria-hidden="true"></span>
                    <p><strong role="status">{what}</strong><br/><span class="muted" data-testid="progress">{progress}</span></p>
                    <div class="row">
                        <button on:click=move |_| if is_move { ctx.stop_ai() } else { ctx.thinker.stop() } data-testid="stop">"Stop"</button>
                        {is_move.then(|| view! {
                            <button on:click=move |_| ctx.move_now() disabled=move || ctx.thinker.thinking.with(|t| t.as_ref().is_none_or(|t| t.progress.as_ref().is_none_or(|p| p.best.is_none()))) data-testid="move-now">"Move now"</button>
                        })}
                    </div>
                </div>
            }
        })
    };
    let paused = move || {
        (ctx.paused.get()
            && !ctx.thinker.busy()
            && ctx.with_game(|g| g.ai_to_move().is_some()).unwrap_or(false))
        .then(|| {
            view! {
                <p class="paused" data-testid="paused">"The AI is stopped. "
                    <button class="primary" on:click=move |_| ctx.paused.set(false) data-testid="resume">"Resume"</button>
                </p>
            }
        })
    };
    // The figures of the AI's last move, while the game still went
    // through it (not after it is undone).
    let last = move || {
        let m = ctx.ai_move.get()?;
        ctx.with_game(|g| m.result.describes(g)).filter(|d| *d)?;
        Some(view! {
            <p class="muted small" data-testid="ai-last" data-nodes=m.result.nodes data-ms=m.ms.unwrap_or(0.0)>
                {m.result.text(m.ms)}
            </p>
        })
    };
    view! {
        {thinking}
        {paused}
        {move || level().map(|level: Level| view! {
            <div class="row ai-time">
                <label>{format!("AI ({}) time per move ", level.label())}
                    <select data-testid="think-ms" on:change=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse() { ctx.set_think_ms(ms) }
                    }>
                        {THINK_CHOICES.iter().map(|&ms| view! {
                            <option value=ms selected=move || ctx.think_ms.get() == ms>{format!("{} s", f64::from(ms) / 1000.0)}</option>
                        }).collect_view()}
                    </select>
                </label>
            </div>
        })}
        {last}
    }
}

/// A player's hand: eight value buttons with the count of each; the
/// mover's held values can be played.
#[component]
fn Hand(player: Player) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let counts = move || {
        ctx.with_game(|g| g.state().hand(player).counts())
            .unwrap_or_default()
    };
    let moving = move || {
        ctx.with_game(|g| !g.is_over() && g.state().to_move() == player)
            .unwrap_or(false)
    };
    let playable = move || moving() && ctx.human_to_move();
    let heading = move || {
        ctx.with_game(|g| {
            let total: u8 = g.state().hand(player).counts().iter().sum();
            let ai = matches!(g.mode, Mode::VsAi { ai, .. } if ai == player);
            format!(
                "{}{}: {total} in hand{}",
                who(g, player),
                if ai { ", the AI" } else { "" },
                if moving() { ", to move" } else { "" }
            )
        })
        .unwrap_or_default()
    };
    let class = move || if moving() { "hand to-move" } else { "hand" };
    let letter = if player == Player::Blue {
        "k-blue"
    } else {
        "k-red"
    };
    view! {
        <div class=class data-player=player.name()>
            <h3><span class=format!("key {letter}") aria-hidden="true">{player.letter().to_string()}</span>" "{heading}</h3>
            <div class="values" role="group" aria-label=format!("{player}'s values")>
                {Value::all().map(|v| {
                    let count = move || counts()[v.index()];
                    let enabled = move || playable() && count() > 0;
                    // A touch (or pen) press: the click that follows
                    // previews the value the first time and plays it the
                    // second. A mouse click, Enter or Space plays at once.
                    let touch = StoredValue::new(false);
                    let click = move |_| {
                        let touched = touch.get_value();
                        touch.set_value(false);
                        if touched && ctx.armed.get_untracked() != Some(v) {
                            ctx.armed.set(Some(v));
                        } else {
                            ctx.play(v);
                        }
                    };
                    view! {
                        <button class="value" data-value=v.get() disabled=move || !enabled()
                            class:armed=move || moving() && ctx.armed.get() == Some(v)
                            on:pointerdown=move |ev: leptos::ev::PointerEvent| touch.set_value(ev.pointer_type() != "mouse")
                            on:click=click
                            on:mouseenter=move |_| if enabled() { ctx.preview.set(Some(v)) }
                            on:mouseleave=move |_| ctx.preview.set(None)
                            on:focus=move |_| if enabled() { ctx.preview.set(Some(v)) }
                            on:blur=move |_| ctx.preview.set(None)>
                            {move || enabled().then(|| view! { <span class="sr-only">"Play "</span> })}
                            <span class="v">{v.get()}</span>
                            <span class="sr-only">", "</span>
                            <span class="n">{move || format!("{} left", count())}</span>
                        </button>
                    }
                }).collect_view()}
            </div>
        </div>
    }
}

/// The hint: every legal value's score by the AI, best first.
#[component]
fn HintTable() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        let (state, evals) = ctx.hint.get()?;
        let mover = state.to_move();
        Some(view! {
            <table class="hint" data-testid="hint">
                <caption>{format!("The AI's evaluation for {mover} (final score difference expected, in tokens)")}</caption>
                <thead><tr><th scope="col">"Value"</th><th scope="col">"Sends the opponent to"</th><th scope="col">"Score"</th><th scope="col">"Searched"</th></tr></thead>
                <tbody>
                    {evals.into_iter().map(|e| view! {
                        <tr data-value=e.value.get()>
                            <td><button class="small-value" on:click=move |_| ctx.play(e.value) aria-label=format!("Play {}", e.value)>{e.value.get()}</button></td>
                            <td>{format!("cell {}", e.target)}</td>
                            <td>{tokens(e.score)}</td>
                            <td>{if e.exact { "to the end (exact)".to_string() } else { format!("{} turns deep", e.depth) }}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        })
    }
}

/// The record in notation (C8.1), with Copy.
#[component]
fn Record() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let record = Signal::derive(move || ctx.with_game(|g| g.record()).unwrap_or_default());
    view! {
        <div class="record">
            <h3>"Record (C8.1)"</h3>
            <p data-testid="record" class="mono">{move || { let r = record.get(); if r.is_empty() { "(no moves yet)".to_string() } else { r } }}</p>
            <CopyButton shell=ctx.shell text=record label="Copy the record"/>
        </div>
    }
}
