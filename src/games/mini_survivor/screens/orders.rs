//! Orders: each player's submission pasted and checked live by the engine
//! (every line accepted, replaced or rejected with its reason), beside the
//! player's survivors; a bulk box for a pile of DMs with a header per
//! player, whose text is added to what a player already sent (players amend
//! their posts, R3.5); and a missing-orders list.

use super::super::state::Ctx;
use crate::shell::bulk::BulkBox;
use crate::shell::html::{HELD, PAGE, esc};
use crate::shell::ui::show_more;
use console_core::text::take_bulk;
use leptos::prelude::*;
use mini_survivor::bulk::split_bulk;
use mini_survivor::submission::LineVerdict;
use mini_survivor::{Order, Place, Verdict, defaults};
use std::fmt::Write as _;

/// A submission's checked lines as list items (`<li value=N>`), at most
/// `limit` of them: all in line order when they fit, else the rejected
/// lines first, then the replaced and ignored ones, then the accepted
/// ones (each group in line order), so a line not used and its reason
/// come before the thousands that were (issue 20).
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

/// What the bulk split did for one player.
#[component]
pub fn Orders() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let checked = Memo::new(move |_| ctx.checked());
    let split = Callback::new(move |text: String| {
        let roster = ctx
            .live
            .with_untracked(|l| l.as_ref().map(|l| l.game.setup().players.clone()))?;
        let s = split_bulk(&roster, &text);
        let mut account = None;
        ctx.drafts.update(|d| {
            account = Some(take_bulk(d, &s, |p| roster.name(p).to_string()));
        });
        account
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
            <BulkBox shell=ctx.shell text=ctx.bulk split summary="Paste all submissions at once" noun="submissions" rule="R3.5" example=Signal::derive(first_player)/>
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
                        // A long submission's lines are shown a page at a time.
                        let shown = RwSignal::new(PAGE);
                        view! {
                            <article class="player" class:out=out data-player=name.clone()>
                                <h3><label for=format!("sub-{i}")>{name.clone()}</label></h3>
                                <p class="mine" data-testid="survivors">{survivors}</p>
                                <details class="box" open=open class:long={let k = key.clone(); move || ctx.drafts.with(|d| d.get(&k).is_some_and(|t| t.len() > HELD))}>
                                <summary>"Orders"</summary>
                                <label class="held"><input type="checkbox"/>" The box holds a long text: it is read in full, but not shown, which would hold the page for seconds. Show it"</label>
                                <textarea id=format!("sub-{i}") rows="6" spellcheck="false"
                                    prop:value={let k = key.clone(); move || ctx.drafts.with(|d| d.get(&k).cloned().unwrap_or_default())}
                                    on:input={let k = key2.clone(); move |ev| ctx.drafts.update(|d| { d.insert(k.clone(), event_target_value(&ev)); })}></textarea>
                                <ol class="verdicts" aria-label=verdicts_label.clone() inner_html=move || checked.with(|c| {
                                    c.get(i).map(|(_, text, sub)| verdicts_html(text, &sub.lines, shown.get())).unwrap_or_default()
                                })></ol>
                                {move || show_more(shown, checked.with(|c| c.get(i).map_or(0, |(_, _, s)| s.lines.len())), "lines", "rejected first, then replaced, then accepted")}
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
