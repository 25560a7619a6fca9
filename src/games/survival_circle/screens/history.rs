//! History: every move with what its landing did, and the circle at any
//! move (replayed by the engine); take back to any move (the moves after
//! it can be redone); the referee's events (replacements, a forfeit, C9).

use super::super::circle::Circle;
use super::super::state::{Ctx, who};
use super::play::Said;
use leptos::prelude::*;
use survival_circle::post::landing_text;
use survival_circle::{Options, State};

#[component]
pub fn History() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The position shown: after this many moves (None: the latest).
    let shown = RwSignal::new(None::<usize>);
    let count = move || ctx.with_game(|g| g.moves().len()).unwrap_or(0);
    let at = Memo::new(move |_| {
        let n = shown.get().map_or(count(), |n| n.min(count()));
        (n, ctx.with_game(|g| g.state_at(n)))
    });
    let state =
        Signal::derive(move || at.get().1.unwrap_or_else(|| State::new(Options::default())));
    let caption = move || {
        let n = at.get().0;
        if n == 0 {
            "The circle at the start".to_string()
        } else {
            format!("The circle after move {n}")
        }
    };
    let rows = move || {
        ctx.with_game(|g| {
            g.history()
                .into_iter()
                .map(|r| {
                    let n = usize::from(r.turn) - usize::from(g.start().turns_played());
                    let text = format!(
                        "{} played {} on cell {}, on {}",
                        who(g, r.player),
                        r.value,
                        r.cell,
                        landing_text(&r)
                    );
                    view! {
                        <li>
                            <button aria-pressed=move || (at.get().0 == n).to_string() on:click=move |_| shown.set(Some(n)) data-testid="show-move">
                                {format!("{}. {}{}", r.turn, r.player.letter(), r.value)}
                            </button>
                            " " {text}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    // The moderator's events (C9): replacements in order, then a forfeit.
    let events = move || {
        ctx.with_game(|g| {
            let mut list: Vec<String> = g
                .replacements()
                .iter()
                .map(|r| {
                    format!(
                        "After move {}: {} replaces {} as {}",
                        r.after, r.new, r.old, r.side
                    )
                })
                .collect();
            if let Some(f) = g.forfeit() {
                let note = if f.note.is_empty() {
                    String::new()
                } else {
                    format!(" “{}”", f.note)
                };
                list.push(format!(
                    "After move {}: {} forfeits ({}){note}; {}",
                    g.moves().len(),
                    who(g, f.by),
                    f.reason.words(),
                    g.result_text().unwrap_or_default()
                ));
            }
            list
        })
        .unwrap_or_default()
    };
    let at_latest = move || at.get().0 >= count();
    let back = move |_| {
        let n = at.get_untracked().0;
        if n < count()
            && crate::shell::ui::confirm(&format!(
                "Take back every move after move {n}? They can be redone until a new move is played."
            ))
        {
            ctx.back_to(n);
            shown.set(None);
        }
    };
    view! {
        <section class="history">
            <h2>"History"</h2>
            <Said/>
            <div class="play-grid">
                <div class="board-col">
                    <h3 data-testid="history-caption">{caption}</h3>
                    {move || view! { <Circle state preview=Signal::derive(|| None) caption=caption()/> }}
                    <div class="row">
                        <button on:click=move |_| shown.set(Some(0)) data-testid="show-start">"Start"</button>
                        <button on:click=move |_| shown.set(Some(at.get_untracked().0.saturating_sub(1))) data-testid="show-prev">"Previous"</button>
                        <button on:click=move |_| shown.set(Some(at.get_untracked().0 + 1)) data-testid="show-next">"Next"</button>
                        <button on:click=move |_| shown.set(None) data-testid="show-latest">"Latest"</button>
                        <button class="danger" on:click=back disabled=at_latest data-testid="back-to">"Take back to here"</button>
                    </div>
                </div>
                <div class="side">
                    <h3>"Moves"</h3>
                    {move || (count() == 0).then(|| view! { <p class="muted">"No move played yet."</p> })}
                    <ul class="moves" data-testid="moves">{rows}</ul>
                    {move || {
                        let list = events();
                        (!list.is_empty()).then(|| view! {
                            <h3>"Referee's events"</h3>
                            <ul data-testid="events">{list.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}</ul>
                        })
                    }}
                </div>
            </div>
        </section>
    }
}
