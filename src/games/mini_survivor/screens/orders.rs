//! Orders: each player's submission pasted and checked live by the engine
//! (every line accepted, replaced or rejected with its reason), a bulk box
//! for a pile of DMs with a header per player, and a missing-orders list.

use super::super::state::Ctx;
use leptos::prelude::*;
use mini_survivor::bulk::split_bulk;
use mini_survivor::{Order, Verdict, defaults};

#[component]
pub fn Orders() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let checked = Memo::new(move |_| ctx.checked());
    let split = move |_| {
        let text = ctx.bulk.get_untracked();
        let Some(roster) = ctx
            .live
            .with_untracked(|l| l.as_ref().map(|l| l.game.setup().players.clone()))
        else {
            return;
        };
        let s = split_bulk(&roster, &text);
        let n = s.submissions.len();
        ctx.drafts.update(|d| {
            for (p, t) in &s.submissions {
                d.insert(roster.name(*p).to_string(), t.clone());
            }
        });
        let mut msg = format!("{n} submissions taken from the bulk box");
        if !s.unknown_headers.is_empty() {
            msg.push_str(&format!(
                "; unknown players: {}",
                s.unknown_headers
                    .iter()
                    .map(|(l, n)| format!("{n} (line {l})"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !s.orphans.is_empty() {
            msg.push_str(&format!(
                "; {} lines belong to no player (lines {})",
                s.orphans.len(),
                s.orphans
                    .iter()
                    .map(|(l, _)| l.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        ctx.say(msg.clone());
        ctx.shell.notice.set(Some(crate::shell::Notice {
            text: msg,
            error: !s.unknown_headers.is_empty() || !s.orphans.is_empty(),
            download: None,
        }));
    };
    view! {
        <section class="orders">
            <h2>"Orders for round " {move || ctx.live.with(|l| l.as_ref().map_or(0, |l| l.game.rounds().len() + 1))}</h2>
            <details class="bulk" open=move || ctx.bulk.with(|b| !b.is_empty())>
                <summary>"Paste all submissions at once"</summary>
                <p class="muted">"Start each player's part with a header line: " <code>"Kraken:"</code> " or " <code>"== Kraken =="</code> "."</p>
                <textarea rows="10" aria-label="All submissions" data-testid="bulk" prop:value=ctx.bulk on:input=move |ev| ctx.bulk.set(event_target_value(&ev))></textarea>
                <button on:click=split data-testid="split">"Split into players"</button>
            </details>
            <Missing checked=checked/>
            <div class="players">
                {move || {
                    let setup = ctx.live.with(|l| l.as_ref().map(|l| l.game.setup().clone()));
                    let Some(setup) = setup else { return ().into_any() };
                    setup.players.names().iter().cloned().enumerate().map(|(i, name)| {
                        let key = name.clone();
                        let key2 = name.clone();
                        let setup = setup.clone();
                        view! {
                            <article class="player" data-player=name.clone()>
                                <h3><label for=format!("sub-{i}")>{name.clone()}</label></h3>
                                <textarea id=format!("sub-{i}") rows="6" spellcheck="false"
                                    prop:value=move || ctx.drafts.with(|d| d.get(&key).cloned().unwrap_or_default())
                                    on:input=move |ev| ctx.drafts.update(|d| { d.insert(key2.clone(), event_target_value(&ev)); })></textarea>
                                <ol class="verdicts" aria-label=format!("{name}: checked lines")>
                                    {move || checked.with(|c| {
                                        let Some((_, text, sub)) = c.get(i) else { return Vec::new() };
                                        sub.lines.iter().map(|l| {
                                            let (class, note) = match &l.verdict {
                                                Verdict::Accepted(_) => ("ok", "accepted".to_string()),
                                                Verdict::Replaced { by_line, .. } => ("warn", format!("replaced by line {by_line} (R3.5)")),
                                                Verdict::Rejected(r) => ("bad", r.to_string()),
                                                Verdict::AfterEnd => ("muted", "after end: ignored".to_string()),
                                            };
                                            view! { <li class=class value=l.number.to_string()><code>{l.text(text).to_string()}</code> " " <span>{note}</span></li> }
                                        }).collect::<Vec<_>>()
                                    })}
                                </ol>
                                <p class="canonical muted">"In force: "
                                    {move || checked.with(|c| c.get(i).map(|(_, _, s)| {
                                        let lines: Vec<String> = s.orders().map(|o| o.to_line(&setup)).collect();
                                        if lines.is_empty() { "nothing (defaults apply)".to_string() } else { lines.join(" · ") }
                                    }))}
                                </p>
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
fn Missing(
    checked: Memo<Vec<(mini_survivor::PlayerId, String, mini_survivor::Submission)>>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let setup = l.game.setup();
            let pos = l.game.position();
            checked.with(|c| {
                let silent: Vec<String> = c.iter().filter(|(p, t, _)| t.trim().is_empty() && pos.survivors_of(*p).any(|s| s.place.is_alive())).map(|(p, _, _)| setup.players.name(*p).to_string()).collect();
                let orders: Vec<Order> = c.iter().flat_map(|(_, _, s)| s.orders().collect::<Vec<_>>()).collect();
                // R3.6, R6.7: what the engine's defaults will do.
                let d = defaults(pos, &orders);
                let list = |v: &[mini_survivor::SurvivorId]| v.iter().map(|id| id.to_string()).collect::<Vec<_>>();
                let (self_votes, stuck) = (list(&d.self_votes), list(&d.outcasts_without_move));
                Some(view! {
                    <section class="missing" aria-label="Missing orders">
                        <h3>"Missing"</h3>
                        <ul>
                            <li>"No submission yet: " <span data-testid="no-submission">{if silent.is_empty() { "nobody".to_string() } else { silent.join(", ") }}</span></li>
                            <li>"Will vote for themselves (no vote, R3.6): " {if self_votes.is_empty() { "none".to_string() } else { self_votes.join(", ") }}</li>
                            <li>"Outcasts with no move yet (R6.7): " {if stuck.is_empty() { "none".to_string() } else { stuck.join(", ") }}</li>
                        </ul>
                    </section>
                })
            })
        })
    }
}
