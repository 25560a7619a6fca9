//! The players' DMs pasted in bulk for the phase being played (D12): the
//! shared bulk box ([`BulkBox`]) under per-player headers, read by the
//! engine line by line ([`dice_org::intake`]); the choices the text gives
//! fill the phase's draft (the controls below show them), and every line
//! is listed with what became of it: accepted (with how each name was
//! read), replaced by a later line, rejected or skipped with the reason.
//! A name read from a part of it, a chat author who may be the player, a
//! header naming nobody: each can be overruled in one click by an alias
//! (D12.3), which reads the paste again.

use super::super::super::state::Ctx;
use crate::games::dice_org::worker::{SeasonText, Task};
use crate::shell::bulk::BulkBox;
use crate::shell::rules::ask_worker;
use console_core::text::{BulkAccount, Taken};
use dice_org::intake::{Intake, LineReading, Skip, Verdict};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Reads the pasted text for the phase now, with the producers' aliases.
fn read(ctx: Ctx, text: &str) -> Option<Intake> {
    let aliases = ctx.drafts.with_untracked(|d| d.aliases.clone());
    ctx.with_game_untracked(|s| s.read_dms(text, &aliases))
}

/// Reads the paste and merges what it gives into the phase's draft:
/// players whose DMs are pasted get what their text says; the others keep
/// the draft's choices. Returns the account for the bulk box.
fn take(ctx: Ctx, text: &str) -> Option<BulkAccount> {
    let intake = read(ctx, text)?;
    let draft = ctx.draft_entry(intake.phase)?;
    if let Some(e) = intake.merged(&draft) {
        ctx.set_draft(e);
    }
    let mut account = BulkAccount::default();
    for m in &intake.messages {
        account
            .taken
            .push((m.player.clone(), Taken::New, m.lines.len()));
    }
    for (player, l) in intake.problems() {
        account.problems.push(format!(
            "{player}, line {}: {:?} rejected: {}",
            l.number,
            l.text,
            l.verdict.reason().unwrap_or_default()
        ));
    }
    for u in &intake.unread {
        account.problems.push(format!(
            "line {}: {:?} not read: {}",
            u.line, u.text, u.reason
        ));
    }
    Some(account)
}

/// Sets `written` to mean `player` (D12.3) and reads the paste again.
fn set_alias(ctx: Ctx, written: String, player: String) {
    ctx.drafts.update(|d| {
        d.aliases.retain(|(w, _)| *w != written);
        if !player.is_empty() {
            d.aliases.push((written.clone(), player.clone()));
        }
    });
    let text = ctx.bulk.get_untracked();
    take(ctx, &text);
    ctx.say(if player.is_empty() {
        format!("{written:?} is read by the rules again (D12.3)")
    } else {
        format!("{written:?} now means {player} (D12.3); the DMs were read again")
    });
}

/// A select that makes `written` an alias of a player.
fn alias_pick(ctx: Ctx, written: String, current: Option<String>, players: Vec<String>) -> AnyView {
    let label = format!("Read {written:?} as");
    let w = written.clone();
    view! {
        <select aria-label=label data-testid="alias" data-written=written.clone()
            on:change=move |ev| set_alias(ctx, w.clone(), event_target_value(&ev))>
            <option value="" selected=current.is_none()>{format!("{written:?}: read as…")}</option>
            {players.into_iter().map(|p| {
                let sel = current.as_deref() == Some(p.as_str());
                view! { <option value=p.clone() selected=sel>{p.clone()}</option> }
            }).collect_view()}
        </select>
    }
    .into_any()
}

/// One line of a player's message and its verdict.
fn line_row(ctx: Ctx, player: &str, l: LineReading, players: &[String]) -> AnyView {
    let word = l.verdict.word();
    let mut why = l.verdict.reason().unwrap_or_default();
    for n in &l.names {
        if !n.exact {
            why.push_str(&format!(
                " {:?} read as {} (a guess, D12.3).",
                n.written, n.player
            ));
        }
    }
    for note in &l.notes {
        why.push_str(&format!(" {note}"));
    }
    // Overrules in one click: a guessed name, a chat author who may be the
    // player.
    let mut picks: Vec<AnyView> = l
        .names
        .iter()
        .filter(|n| !n.exact)
        .map(|n| {
            alias_pick(
                ctx,
                n.written.clone(),
                Some(n.player.clone()),
                players.to_vec(),
            )
        })
        .collect();
    if let Verdict::Skipped(Skip::OtherAuthor(author, false)) = &l.verdict {
        let (a, p) = (author.clone(), player.to_string());
        picks.push(view! {
            <button type="button" data-testid="alias-author" on:click=move |_| set_alias(ctx, a.clone(), p.clone())>
                {format!("{author} is {player}")}</button>
        }.into_any());
    }
    view! {
        <tr class=format!("verdict-{word}") data-verdict=word>
            <td>{l.number}</td>
            <td><code>{l.text}</code></td>
            <td>{word}</td>
            <td>{why}{picks}</td>
        </tr>
    }
    .into_any()
}

/// The bulk paste box of a round phase and the reading of every line.
#[component]
pub fn Paste() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let split = Callback::new(move |text: String| take(ctx, &text));
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
    let reading = move || {
        let text = ctx.bulk.get();
        ctx.drafts.track();
        if text.trim().is_empty() {
            return None;
        }
        read(ctx, &text)
    };
    let players = move || {
        ctx.with_game_untracked(|s| {
            let st = s.state();
            st.alive()
                .map(|(p, _)| st.name(p).to_string())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    // D9.7: who the phase asks and whose DMs are not in, with the prod
    // messages to copy (no clock: missing choices are prodded at once),
    // written in the site's worker whenever the paste or the season changes.
    let prods = RwSignal::new(None::<Result<String, String>>);
    Effect::new(move |_| {
        let text = ctx.bulk.get();
        let format = ctx.format.get();
        let aliases = ctx.drafts.with(|d| d.aliases.clone());
        let task = ctx.with_game(|s| Task::Prods {
            season: SeasonText {
                setup: s.setup().clone(),
                entries: s.entries(),
            },
            text,
            aliases,
            format,
        });
        if let Some(Ok(t)) = task.map(|t| serde_json::to_string(&t)) {
            ask_worker('D', t, prods);
        }
    });
    // Its copy buttons carry their text (`data-copy`).
    let copy = move |ev: leptos::ev::MouseEvent| {
        let text = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-copy"));
        if let Some(t) = text {
            let shell = ctx.shell;
            leptos::task::spawn_local(async move {
                match crate::shell::io::copy(t).await {
                    Ok(()) => shell.say("Copied"),
                    Err(e) => shell.warn(format!("Copy failed: {e}")),
                }
            });
        }
    };
    view! {
        <section class="paste" aria-label="Players' DMs">
            <BulkBox shell=ctx.shell text=ctx.bulk split summary="Paste the players' DMs (every choice as text, D12)" noun="DMs" rule="D12.5" example=Signal::derive(first) open=true/>
            {move || reading().map(|r| {
                let players = players();
                let aliases = ctx.drafts.with_untracked(|d| d.aliases.clone());
                view! {
                    <details class="reading" data-testid="reading" open>
                        <summary>{format!("How each line was read ({} rejected)", r.problems().count())}</summary>
                        {r.messages.into_iter().map(|m| {
                            let player = m.player.clone();
                            let p2 = players.clone();
                            view! {
                                <table class="grid-table" data-player=player.clone()>
                                    <caption>{player.clone()}</caption>
                                    <thead><tr><th scope="col">"Line"</th><th scope="col">"Text"</th><th scope="col">"Verdict"</th><th scope="col">"Why"</th></tr></thead>
                                    <tbody>{m.lines.into_iter().map(|l| line_row(ctx, &player, l, &p2)).collect_view()}</tbody>
                                </table>
                            }
                        }).collect_view()}
                        {(!r.unread.is_empty()).then(|| view! {
                            <ul class="unread" data-testid="unread">
                                {r.unread.into_iter().map(|u| {
                                    let pick = alias_pick(ctx, u.text.clone(), None, players.clone());
                                    view! { <li class="warn">{format!("Line {}: {:?}: {}", u.line, u.text, u.reason)} " " {pick}</li> }
                                }).collect_view()}
                            </ul>
                        })}
                        {(!aliases.is_empty()).then(|| view! {
                            <p class="muted" data-testid="aliases">"Aliases: "
                                {aliases.into_iter().map(|(w, p)| {
                                    let w2 = w.clone();
                                    view! { <span>{format!("{w:?} = {p} ")}<button type="button" on:click=move |_| set_alias(ctx, w2.clone(), String::new())>"remove"</button>" "</span> }
                                }).collect_view()}
                            </p>
                        })}
                    </details>
                }
            })}
            {move || match prods.get() {
                Some(Ok(html)) => view! { <div on:click=copy inner_html=html></div> }.into_any(),
                Some(Err(e)) => view! { <p class="error" role="alert">{e}</p> }.into_any(),
                None => ().into_any(),
            }}
        </section>
    }
}
