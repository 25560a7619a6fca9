//! Conversations (D6): a grid of each player's wishes (open, closed, or a
//! rank), the engine's plan of the slots left as a table, and scheduling one
//! slot at a time so players may update their wishes between slots (D6.4),
//! or every slot left at once.

use super::super::super::state::Ctx;
use super::super::widgets::table;
use super::refusals;
use dice_org::ByName;
use dice_org::Entry;
use dice_org::conversation::{ConversationInput, Prefs};
use leptos::prelude::*;

fn prefs(ctx: Ctx) -> ByName<Prefs> {
    ctx.drafts.with(|d| {
        d.conversation
            .as_ref()
            .map(|c| c.prefs.clone())
            .unwrap_or_default()
    })
}

/// A cell: blank (open, not ranked), `x` (closed) or the rank (1 = most wanted).
fn cell(p: Option<&Prefs>, other: &str) -> String {
    let Some(p) = p else { return String::new() };
    if p.closed.iter().any(|c| c == other) {
        return "x".to_string();
    }
    p.ranks
        .iter()
        .position(|r| r == other)
        .map_or(String::new(), |i| (i + 1).to_string())
}

/// Sets a cell from what was typed; false for text that is none of the three.
fn set_cell(ctx: Ctx, who: &str, other: &str, text: &str) -> bool {
    let t = text.trim().to_lowercase();
    let rank = t.parse::<usize>().ok().filter(|&k| k >= 1);
    if !(t.is_empty() || t == "x" || rank.is_some()) {
        return false;
    }
    ctx.drafts.update(|d| {
        let conv = d
            .conversation
            .get_or_insert_with(ConversationInput::default);
        let p = conv.prefs.entry_or_default(who);
        p.closed.retain(|c| c != other);
        p.ranks.retain(|r| r != other);
        if t == "x" {
            p.closed.push(other.to_string());
        } else if let Some(k) = rank {
            let at = (k - 1).min(p.ranks.len());
            p.ranks.insert(at, other.to_string());
        }
        if p.closed.is_empty() && p.ranks.is_empty() {
            conv.prefs.remove(who);
        }
    });
    true
}

#[component]
pub fn Conversation(
    players: Vec<String>,
    held: Vec<[String; 2]>,
    slots_left: u32,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let used = ctx
        .with_game_untracked(|s| s.state().slots_used)
        .unwrap_or_default();
    let entry_for = move |slots: Option<u32>| {
        Signal::derive(move || {
            let p = prefs(ctx);
            Entry::Conversation(
                ctx.with_game(|s| s.conversation_input(p, slots))
                    .unwrap_or_default(),
            )
        })
    };
    let all = entry_for(None);
    let one = entry_for(Some(1));
    let plan = move || {
        let p = prefs(ctx);
        ctx.with_game(|s| {
            s.plan_conversations(p).map(|slots| {
                slots
                    .iter()
                    .map(|slot| {
                        slot.iter()
                            .map(|pair| {
                                (
                                    s.state().name(pair.a).to_string(),
                                    s.state().name(pair.b).to_string(),
                                )
                            })
                            .collect::<Vec<_>>()
                    })
                    .collect::<Vec<_>>()
            })
        })
    };
    let cols = players.clone();
    let rows = players.clone();
    let play = move |entry: Signal<Entry>| {
        move |_| {
            if let Err(e) = ctx.play(entry.get_untracked()) {
                ctx.error(e);
            }
        }
    };
    view! {
        <section class="phase" aria-label="Conversation">
            <h3>{format!("Conversations (D6): {slots_left} slot{} left this round", if slots_left == 1 { "" } else { "s" })}</h3>
            {(!held.is_empty()).then(|| view! {
                <p data-testid="held">"Already talked this round: " {held.iter().map(|[a, b]| format!("{a} & {b}")).collect::<Vec<_>>().join(", ")}</p>
            })}
            <p class="muted">"Each row is one player's wishes (D6.1): type a rank (1 = most wanted; the order is what counts), x for not open to that player, or leave blank (open, not ranked). A pair talks when both are open to each other and at least one ranked the other (D6.2)."</p>
            <div class="scroll">
            <table class="grid-table conv-grid" data-testid="conv-grid">
                <caption class="sr-only">"Conversation wishes: rows choose, columns are chosen"</caption>
                <thead><tr><th scope="col">"Player \\ wants"</th>
                    {cols.iter().map(|c| view! { <th scope="col">{c.clone()}</th> }).collect_view()}
                </tr></thead>
                <tbody>
                {rows.into_iter().map(|r| {
                    let cols = cols.clone();
                    view! {
                        <tr><th scope="row">{r.clone()}</th>
                        {cols.into_iter().map(|c| {
                            if c == r {
                                return view! { <td class="self">"—"</td> }.into_any();
                            }
                            let (r1, c1, r2, c2) = (r.clone(), c.clone(), r.clone(), c.clone());
                            view! {
                                <td><input class="cell" size="2" aria-label=format!("{r} about {c}") data-cell=format!("{r}|{c}")
                                    prop:value=move || cell(prefs(ctx).get(&r1), &c1)
                                    on:change=move |ev| {
                                        if !set_cell(ctx, &r2, &c2, &event_target_value(&ev)) {
                                            ctx.shell.warn("Type a rank (1, 2, ...), x, or nothing");
                                            ctx.drafts.update(|_| {});
                                        }
                                    }/></td>
                            }.into_any()
                        }).collect_view()}
                        </tr>
                    }
                }).collect_view()}
                </tbody>
            </table>
            </div>
            <h4>"The plan for the slots left (D6.3)"</h4>
            {move || match plan() {
                Some(Ok(slots)) if slots.iter().any(|s| !s.is_empty()) => {
                    let n = slots.len();
                    let heads: Vec<String> = std::iter::once("Player".to_string()).chain((0..n).map(|k| format!("Slot {}", used as usize + k + 1))).collect();
                    let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
                    let rows = players.iter().map(|p| (p.clone(), slots.iter().map(|slot| {
                        slot.iter().find_map(|(a, b)| if a == p { Some(b.clone()) } else if b == p { Some(a.clone()) } else { None }).unwrap_or_else(|| "—".to_string())
                    }).collect())).collect();
                    table("Each player's conversation in each slot".to_string(), true, "schedule", &heads, rows)
                }
                Some(Err(e)) => view! { <p class="error">{e.to_string()}</p> }.into_any(),
                _ => view! { <p class="muted" data-testid="schedule">"No pair can talk with these wishes."</p> }.into_any(),
            }}
            {refusals(ctx, all)}
            <p class="actions">
                {(slots_left > 1).then(|| view! {
                    <button data-testid="play-slot" on:click=play(one)>{format!("Schedule slot {} only (update wishes after it, D6.4)", used + 1)}</button>
                })}
                <button class="primary" data-testid="play" on:click=play(all)>{if slots_left > 1 { format!("Schedule the {slots_left} slots left") } else { format!("Schedule slot {}", used + 1) }}</button>
            </p>
        </section>
    }
}
