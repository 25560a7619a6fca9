//! Orders: each player's submission pasted and checked live by the engine
//! (every line accepted, replaced or rejected with its reason), beside the
//! player's survivors; a bulk box for a pile of DMs with a header per
//! player, whose text is added to what a player already sent (players amend
//! their posts, R3.5); and a missing-orders list.

use super::super::report_view::esc;
use super::super::state::{Ctx, appended};
use leptos::prelude::*;
use mini_survivor::bulk::split_bulk;
use mini_survivor::{Order, Place, Verdict, defaults};

/// What the bulk split did for one player.
#[derive(Clone)]
struct Taken {
    player: String,
    what: &'static str,
    lines: usize,
}

#[component]
pub fn Orders() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let checked = Memo::new(move |_| ctx.checked());
    // The last split's outcome, shown under the button that made it.
    let taken = RwSignal::new(None::<(Vec<Taken>, Vec<String>)>);
    let split = move |_| {
        let text = ctx.bulk.get_untracked();
        let Some(roster) = ctx
            .live
            .with_untracked(|l| l.as_ref().map(|l| l.game.setup().players.clone()))
        else {
            return;
        };
        let s = split_bulk(&roster, &text);
        let mut done = Vec::new();
        ctx.drafts.update(|d| {
            for (p, t) in &s.submissions {
                let name = roster.name(*p).to_string();
                let lines = t.lines().filter(|l| !l.trim().is_empty()).count();
                let old = d.get(&name).cloned().unwrap_or_default();
                let what = if old.trim().is_empty() {
                    d.insert(name.clone(), t.clone());
                    "new"
                } else if old.contains(t.trim()) {
                    "already there, unchanged"
                } else {
                    d.insert(name.clone(), appended(&old, t));
                    "added after the earlier text"
                };
                done.push(Taken {
                    player: name,
                    what,
                    lines,
                });
            }
        });
        let mut problems: Vec<String> = s
            .unknown_headers
            .iter()
            .map(|(l, n)| format!("line {l}: {n:?} is not a player of this game"))
            .collect();
        if !s.orphans.is_empty() {
            // Before the first header, or under a header naming nobody.
            problems.push(format!(
                "{} {}: under no player's header, taken for nobody",
                if s.orphans.len() == 1 {
                    "line"
                } else {
                    "lines"
                },
                s.orphans
                    .iter()
                    .map(|(l, _)| l.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let added = done.iter().filter(|t| t.what.starts_with("added")).count();
        let msg = format!(
            "{} submissions split from the bulk box{}{}",
            done.len(),
            if added > 0 {
                format!(", {added} added to earlier text")
            } else {
                String::new()
            },
            if problems.is_empty() {
                String::new()
            } else {
                format!("; {} problems, see below the box", problems.len())
            }
        );
        if problems.is_empty() {
            ctx.say(msg);
        } else {
            ctx.warn(msg);
        }
        taken.set(Some((done, problems)));
    };
    let first_player = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| l.game.setup().players.names()[0].clone())
                .unwrap_or_default()
        })
    };
    view! {
        <section class="orders">
            <h2>"Orders for round " {move || ctx.live.with(|l| l.as_ref().map_or(0, |l| l.next_round()))}</h2>
            <details class="bulk" open=move || ctx.bulk.with(|b| !b.is_empty())>
                <summary>"Paste all submissions at once"</summary>
                <p class="muted">"Start each player's part with a header line: " <code>{move || format!("{}:", first_player())}</code> " or " <code>{move || format!("== {} ==", first_player())}</code> ". Text for a player who already has some is added after it (a later order replaces an earlier one, R3.5)."</p>
                <textarea rows="10" aria-label="All submissions" data-testid="bulk" prop:value=ctx.bulk on:input=move |ev| ctx.bulk.set(event_target_value(&ev))></textarea>
                <button on:click=split data-testid="split">"Split into players"</button>
                {move || taken.get().map(|(done, problems)| view! {
                    <ul class="split-result" data-testid="split-result">
                        {done.into_iter().map(|t| view! {
                            <li data-player=t.player.clone()>{format!("{}: {} ({} lines)", t.player, t.what, t.lines)}</li>
                        }).collect_view()}
                        {problems.into_iter().map(|p| view! { <li class="warn">{p}</li> }).collect_view()}
                    </ul>
                })}
            </details>
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
                        let key2 = name.clone();
                        let setup = setup.clone();
                        let verdicts_label = format!("{name}: checked lines");
                        // A fully eliminated player can give no order: the box is folded away,
                        // unless text was put there.
                        let open = !out || ctx.drafts.with_untracked(|d| d.get(&name).is_some_and(|t| !t.trim().is_empty()));
                        view! {
                            <article class="player" class:out=out data-player=name.clone()>
                                <h3><label for=format!("sub-{i}")>{name.clone()}</label></h3>
                                <p class="mine" data-testid="survivors">{survivors}</p>
                                <details class="box" open=open>
                                <summary>"Orders"</summary>
                                <textarea id=format!("sub-{i}") rows="6" spellcheck="false"
                                    prop:value={let k = key.clone(); move || ctx.drafts.with(|d| d.get(&k).cloned().unwrap_or_default())}
                                    on:input={let k = key2.clone(); move |ev| ctx.drafts.update(|d| { d.insert(k.clone(), event_target_value(&ev)); })}></textarea>
                                <ol class="verdicts" aria-label=verdicts_label.clone() inner_html=move || checked.with(|c| {
                                    let Some((_, text, sub)) = c.get(i) else { return String::new() };
                                    let mut h = String::new();
                                    for l in &sub.lines {
                                        let (class, note) = match &l.verdict {
                                            Verdict::Accepted(_) => ("ok", "accepted".to_string()),
                                            Verdict::Replaced { by_line, .. } => ("warn", format!("replaced by line {by_line} (R3.5)")),
                                            Verdict::Rejected(r) => ("bad", esc(&r.to_string())),
                                            Verdict::AfterEnd => ("muted", "after end: ignored".to_string()),
                                        };
                                        h.push_str(&format!("<li class=\"{class}\" value=\"{}\"><code>{}</code> <span>{note}</span></li>", l.number, esc(l.text(text))));
                                    }
                                    h
                                })></ol>
                                <p class="canonical muted">"In force: "
                                    {let setup = setup.clone(); move || checked.with(|c| c.get(i).map(|(_, _, s)| {
                                        let lines: Vec<String> = s.orders().map(|o| o.to_line(&setup)).collect();
                                        if lines.is_empty() { "nothing (defaults apply)".to_string() } else { lines.join(" · ") }
                                    }))}
                                </p>
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
fn Missing(
    checked: Memo<Vec<(mini_survivor::PlayerId, String, mini_survivor::Submission)>>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let html = move || {
        ctx.live.with(|l| {
            let Some(l) = l.as_ref() else { return String::new() };
            let setup = l.game.setup();
            let pos = l.game.position();
            checked.with(|c| {
                let silent: Vec<String> = c.iter().filter(|(p, t, _)| t.trim().is_empty() && pos.survivors_of(*p).any(|s| s.place.is_alive())).map(|(p, _, _)| esc(setup.players.name(*p))).collect();
                let orders: Vec<Order> = c.iter().flat_map(|(_, _, s)| s.orders().collect::<Vec<_>>()).collect();
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
