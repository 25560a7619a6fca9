//! The players' DMs pasted in bulk for the phase being played (D12): the
//! shared bulk box ([`BulkBox`]) under per-player headers, read by the
//! engine line by line ([`dice_org::intake`]) in the site's worker
//! ([`Task::Read`]), so a paste of a megabyte never holds the page; the
//! choices the text gives are added to the phase's draft (D12.11:
//! each player keeps what the paste does not give; the controls below
//! show the result), what each paste changed is listed per player until
//! the phase is played, and every line is listed with what became of it:
//! accepted (with how each name was read), replaced by a later line,
//! rejected or skipped with the reason, a hundred rows at a time, the
//! lines not used first. A name read from a part of it, a chat author who
//! may be the player, a header naming nobody: each can be overruled in
//! one click by an alias (D12.3), which reads the paste again.

use super::super::super::state::Ctx;
use crate::games::dice_org::worker::{Reading, SeasonText, Task};
use crate::shell::bulk::BulkBox;
use crate::shell::html::{PAGE, event_from};
use crate::shell::rules::ask_worker;
use crate::shell::ui::show_more;
use console_core::text::{BulkAccount, Taken};
use dice_org::changes::PasteTaken;
use leptos::prelude::*;
use std::time::Duration;

/// Sets `written` to mean `player` (D12.3) (or back to the rules' reading
/// when `player` is empty); the paste is read again and taken (`split`).
fn set_alias(ctx: Ctx, split: RwSignal<bool>, written: String, player: String) {
    ctx.drafts.update(|d| {
        d.aliases.retain(|(w, _)| *w != written);
        if !player.is_empty() {
            d.aliases.push((written.clone(), player.clone()));
        }
    });
    split.set(true);
    ctx.say(if player.is_empty() {
        format!("{written:?} is read by the rules again (D12.3)")
    } else {
        format!("{written:?} now means {player} (D12.3); the DMs were read again")
    });
}

/// Takes a reading (made on the draft as it is now) into the phase's
/// draft: the paste's choices added to it (D12.11); keeps what it changed
/// with the drafts, and says what was split and changed.
fn take(ctx: Ctx, r: &Reading, account: RwSignal<Option<BulkAccount>>) {
    if let Some(read) = r.entry.clone() {
        ctx.set_draft(read);
    }
    if !r.paste.senders.is_empty() {
        ctx.drafts.update(|d| d.pastes.push(r.paste.clone()));
    }
    // The box's paste is taken: nothing in it waits for a split.
    ctx.unsplit.set(Vec::new());
    let changed = |p: &str| r.paste.changes.iter().any(|c| c.player == p);
    let had = |p: &str| {
        r.paste
            .changes
            .iter()
            .filter(|c| c.player == p)
            .any(|c| c.before.is_some())
    };
    let players = {
        let mut v: Vec<&str> = r.paste.changes.iter().map(|c| c.player.as_str()).collect();
        v.dedup();
        v.len()
    };
    let msg = format!(
        "{} DMs split from the bulk box: {} choice{} of {players} player{} changed{}",
        r.taken.len(),
        r.paste.changes.len(),
        if r.paste.changes.len() == 1 { "" } else { "s" },
        if players == 1 { "" } else { "s" },
        if r.problem_total == 0 {
            String::new()
        } else {
            format!("; {} problems, see below the box", r.problem_total)
        }
    );
    if r.problem_total == 0 {
        ctx.shell.say(msg);
    } else {
        ctx.shell.warn(msg);
    }
    account.set(Some(BulkAccount {
        taken: r
            .taken
            .iter()
            .map(|(p, n)| {
                let how = if !changed(p) {
                    Taken::Unchanged
                } else if had(p) {
                    Taken::Added
                } else {
                    Taken::New
                };
                (p.clone(), how, *n)
            })
            .collect(),
        problems: r.problems.clone(),
        read_as: r.read_as.clone(),
    }));
}

/// What each paste taken this phase changed, per player (D12.11), oldest
/// first; nothing before the first.
fn pastes_taken(ctx: Ctx) -> Option<AnyView> {
    let phase = ctx.with_game(|s| s.next_phase())?;
    let log: Vec<PasteTaken> = ctx.drafts.with(|d| {
        d.pastes
            .iter()
            .filter(|t| t.phase == Some(phase))
            .cloned()
            .collect()
    });
    if log.is_empty() {
        return None;
    }
    let n = log.len();
    Some(view! {
        <details class="pastes" data-testid="pastes" open>
            <summary>{format!("What the {n} paste{} taken for this phase changed (D12.11)", if n == 1 { "" } else { "s" })}</summary>
            <ol>{log.into_iter().map(|t| {
                let mut who: Vec<String> = Vec::new();
                for (p, _) in &t.senders {
                    if !who.contains(p) {
                        who.push(p.clone());
                    }
                }
                view! { <li><ul>{who.into_iter().map(|p| {
                    let theirs: Vec<String> = t.changes.iter().filter(|c| c.player == p).map(ToString::to_string).collect();
                    let said = if theirs.is_empty() { format!("{p}: no change") } else { format!("{p}: {}", theirs.join("; ")) };
                    view! { <li data-player=p>{said}</li> }
                }).collect_view()}</ul></li> }
            }).collect_view()}</ol>
        </details>
    }
    .into_any())
}

/// The bulk paste box of a round phase and the reading of every line.
#[component]
pub fn Paste() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The worker's last answer, the number of the last request, whether
    // a split waits for the reading of the text now, the rows shown.
    let answer = RwSignal::new(None::<Result<String, String>>);
    let asked = RwSignal::new(0u32);
    let split_due = RwSignal::new(false);
    let shown = RwSignal::new(PAGE);
    let account = RwSignal::new(None::<BulkAccount>);
    let reading = Memo::new(move |_| match answer.get() {
        Some(Ok(json)) => serde_json::from_str::<Reading>(&json).map_err(|e| e.to_string()),
        Some(Err(e)) => Err(e),
        None => Err(String::new()),
    });
    let aliases = Memo::new(move |_| ctx.drafts.with(|d| d.aliases.clone()));
    // The phase's choices held now (a paste is read onto them, D12.11) and
    // the pastes taken this phase (D9.7).
    let held = Memo::new(move |_| {
        let phase = ctx.with_game(|s| s.next_phase())?;
        ctx.drafts.track();
        ctx.draft_entry(phase)
    });
    let taken = Memo::new(move |_| ctx.drafts.with(|d| d.pastes.clone()));
    // The producers' prod threshold (D9.7), saved with the drafts.
    let prod = Memo::new(move |_| ctx.drafts.with(|d| d.prod));
    // The paste or the aliases changed: the worker reads the
    // paste again (D12), and writes who the phase asks and whose DMs are
    // not in, with the prod messages to copy (D9.7; no clock: missing
    // choices are prodded at once).
    Effect::new(move |_| {
        ctx.bulk.track();
        ctx.format.track();
        shown.track();
        aliases.track();
        prod.track();
        held.track();
        taken.track();
        ctx.with_game(|_| ());
        let id = asked.get_untracked() + 1;
        asked.set(id);
        // Written and posted in a task of its own, not in the paste's (the
        // box's value and the save are long enough); a later change
        // supersedes it.
        set_timeout(
            move || {
                if asked.try_get_untracked() != Some(id) {
                    return;
                }
                let task = ctx.with_game_untracked(|s| Task::Read {
                    season: SeasonText {
                        setup: s.setup().clone(),
                        entries: s.entries(),
                    },
                    text: ctx.bulk.get_untracked(),
                    aliases: aliases.get_untracked(),
                    format: ctx.format.get_untracked(),
                    prod: prod.get_untracked(),
                    shown: shown.get_untracked(),
                    id,
                    held: held.get_untracked(),
                    taken: taken.get_untracked(),
                });
                if let Some(Ok(t)) = task.map(|t| serde_json::to_string(&t)) {
                    ask_worker('D', t, answer);
                }
            },
            Duration::ZERO,
        );
    });
    // A split takes the reading of the text as it is now, as soon as the
    // worker has it, in a task after the one showing it (the draft's save
    // is a task's worth for a long paste).
    Effect::new(move |_| {
        let ready = split_due.get()
            && reading.with(|r| r.as_ref().is_ok_and(|r| r.id == asked.get_untracked()));
        if ready {
            set_timeout(
                move || {
                    if split_due.try_get_untracked() != Some(true) {
                        return;
                    }
                    reading.with_untracked(|r| {
                        if let Ok(r) = r
                            && r.id == asked.get_untracked()
                        {
                            take(ctx, r, account);
                            split_due.set(false);
                        }
                    });
                },
                Duration::ZERO,
            );
        }
    });
    // What the box's paste would change, for the Play buttons (a fresh
    // reading only; a split empties it). A text already taken this phase
    // waits for no split: what it would change again was changed since by
    // hand, which the phase's own checks say (D12.11).
    Effect::new(move |_| {
        let fresh = reading.with(|r| match r {
            Ok(r) if r.id == asked.get() && !split_due.get() => {
                let taken = ctx
                    .drafts
                    .with(|d| d.pastes.iter().any(|t| t.digest == r.paste.digest));
                Some(if taken {
                    Vec::new()
                } else {
                    r.paste.changes.clone()
                })
            }
            _ => None,
        });
        if let Some(c) = fresh {
            ctx.unsplit.set(c);
        }
    });
    let split = Callback::new(move |_: String| {
        split_due.set(true);
        None
    });
    let first = move || {
        ctx.with_game(|s| {
            s.state()
                .alive()
                .next()
                .map(|(p, _)| s.state().name(p).to_string())
        })
        .flatten()
        .unwrap_or_default()
    };
    // The answer's buttons: copy (`data-copy`), an alias from a chat
    // author or removed (D12.3).
    let click = move |ev: leptos::ev::MouseEvent| {
        if let Some(t) = event_from(&ev, "[data-copy]").and_then(|e| e.get_attribute("data-copy")) {
            let shell = ctx.shell;
            leptos::task::spawn_local(async move {
                match crate::shell::io::copy(t).await {
                    Ok(()) => shell.say("Copied"),
                    Err(e) => shell.warn(format!("Copy failed: {e}")),
                }
            });
        } else if let Some(b) = event_from(&ev, "[data-testid=alias-author]") {
            let (w, p) = (
                b.get_attribute("data-written"),
                b.get_attribute("data-player"),
            );
            set_alias(ctx, split_due, w.unwrap_or_default(), p.unwrap_or_default());
        } else if let Some(w) =
            event_from(&ev, "[data-remove]").and_then(|b| b.get_attribute("data-remove"))
        {
            set_alias(ctx, split_due, w, String::new());
        }
    };
    // A name read as a player chosen in a select (D12.3).
    let change = move |ev: leptos::ev::Event| {
        if let Some(s) = event_from(&ev, "select[data-written]") {
            let w = s.get_attribute("data-written").unwrap_or_default();
            set_alias(ctx, split_due, w, event_target_value(&ev));
        }
    };
    // The threshold typed: a whole number of DMs (anything else, or a
    // change in a read-only tab, leaves it as it was, and the box shows the
    // threshold in force again).
    let set_prod = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let typed = input.value();
        match typed.trim().parse::<u32>() {
            // A read-only tab changes nothing (and says so).
            Ok(_) if !ctx.writable() => {
                input.set_value(&prod.get_untracked().max_posts.to_string());
            }
            Ok(n) => {
                ctx.drafts.update(|d| d.prod.max_posts = n);
                ctx.say(format!(
                    "Players with {n} DM{} or fewer are prodded (D9.7)",
                    if n == 1 { "" } else { "s" }
                ));
            }
            Err(_) => {
                ctx.shell.warn(format!(
                    "Prod threshold {typed:?} is not a whole number of DMs; it stays {}",
                    prod.get_untracked().max_posts
                ));
                input.set_value(&prod.get_untracked().max_posts.to_string());
            }
        }
    };
    view! {
        <section class="paste" aria-label="Players' DMs">
            <BulkBox shell=ctx.shell text=ctx.bulk split account summary="Paste the players' DMs (every choice as text, D12)" noun="DMs" rule="D12.5" example=Signal::derive(first) open=true/>
            {move || pastes_taken(ctx)}
            <div on:click=click on:change=change>
                {move || reading.with(|r| match r {
                    Ok(r) if r.html.is_empty() => view! { <div inner_html=r.prods.clone()></div> }.into_any(),
                    Ok(r) => { let r_id = r.id; view! {
                        // A reading of an earlier text or earlier aliases,
                        // or one a split has yet to take, is kept in view
                        // but not as the reading.
                        <div data-testid=move || if r_id == asked.get() && !split_due.get() { "reading" } else { "reading-earlier" } inner_html=r.html.clone()></div>
                        {show_more(shown, r.rows, "lines", "lines not read and rejected first")}
                        <div inner_html=r.prods.clone()></div>
                    }.into_any() }
                    Err(e) if !e.is_empty() => view! { <p class="error" role="alert">{e.clone()}</p> }.into_any(),
                    Err(_) => ().into_any(),
                })}
            </div>
            <p class="row">
                <label>"Prod players with at most "
                    <input type="number" min="0" class="small" data-testid="prod-posts" prop:value=move || prod.get().max_posts.to_string() on:change=set_prod/>
                    " DMs in the paste (D9.7; 0: no DM)"
                </label>
            </p>
        </section>
    }
}
