//! The round wizard (D3.1): it asks the engine what comes next
//! (`next_phase`, `needs`) and offers only that phase, with only the choices
//! the engine says each player can make; before committing, a dry run of the
//! engine lists any choice the rules would refuse and whether a revote is
//! held. After each step the engine's reasons (`explain`) and the public
//! post are shown.

mod camp;
mod competition;
mod conversation;
mod final_vote;
mod paste;
mod revote;
mod vote;

use super::super::state::{Ctx, Screen};
use super::widgets::{Explain, HiddenNote, name_options, select};
use dice_org::post::{Format, public_post};
use dice_org::step::StepReport;
use dice_org::{Boost, Entry, Needs};
use leptos::prelude::*;

/// A select of names with a "none" choice; `set` gets the name chosen.
pub fn name_select(
    label: String,
    names: Vec<String>,
    none: &'static str,
    value: Signal<Option<String>>,
    set: Callback<Option<String>>,
) -> AnyView {
    select(
        label,
        "name",
        name_options(none, &names),
        Signal::derive(move || value.get().unwrap_or_default()),
        Callback::new(move |v: String| set.run((!v.is_empty()).then_some(v))),
    )
}

/// A select of the RP boosts on offer (D2.3).
pub fn boost_select(
    label: String,
    offered: Vec<Boost>,
    value: Signal<Option<Boost>>,
    set: Callback<Option<Boost>>,
) -> AnyView {
    let options = std::iter::once((String::new(), "no boost".to_string()))
        .chain(offered.into_iter().map(|b| {
            (
                u8::from(b).to_string(),
                format!("+{} for {} RP", b.bonus(), b.cost()),
            )
        }))
        .collect();
    select(
        label,
        "boost",
        options,
        Signal::derive(move || {
            value
                .get()
                .map_or(String::new(), |b| u8::from(b).to_string())
        }),
        Callback::new(move |v: String| {
            set.run(match v.as_str() {
                "2" => Some(Boost::Two),
                "7" => Some(Boost::Seven),
                _ => None,
            })
        }),
    )
}

/// What the engine would refuse in `entry` if it were played now.
pub fn refusals(ctx: Ctx, entry: Signal<Entry>) -> AnyView {
    let dry = move || {
        let e = entry.get();
        ctx.with_game(|s| s.dry_run(&e))
    };
    (move || match dry() {
        Some(Ok(r)) if !r.rejected().is_empty() => view! {
            <div class="refusals" role="status" data-testid="refusals">
                <p><strong>"The rules would refuse:"</strong></p>
                <ul>{r.rejected().iter().map(|x| view! { <li>{format!("{}: {}", x.player, x.reason)}</li> }).collect_view()}</ul>
            </div>
        }
        .into_any(),
        Some(Err(e)) => view! { <p class="error" role="alert">{e.to_string()}</p> }.into_any(),
        _ => ().into_any(),
    })
    .into_any()
}

/// The play button of a phase: plays the entry, or shows why not; see
/// [`play_button_checked`] (with no check of its own).
pub fn play_button(ctx: Ctx, label: &'static str, entry: Signal<Entry>) -> AnyView {
    play_button_checked(ctx, label, entry, Signal::stored(Vec::new()))
}

/// The play button of a phase with what to check first: `warnings` (in
/// words, one line each), and the DMs in the box not split into the
/// choices (D12.11). With anything to check, a click lists it and asks to
/// play anyway or go back; nothing is played unseen.
pub fn play_button_checked(
    ctx: Ctx,
    label: &'static str,
    entry: Signal<Entry>,
    warnings: Signal<Vec<String>>,
) -> AnyView {
    let asking = RwSignal::new(Vec::<String>::new());
    let play = move || {
        asking.set(Vec::new());
        if let Err(e) = ctx.play(entry.get_untracked()) {
            ctx.error(e);
        }
    };
    let click = move |_| {
        let mut w = warnings.get_untracked();
        let unsplit = ctx.unsplit.get_untracked();
        if !unsplit.is_empty() {
            let mut who: Vec<&str> = unsplit.iter().map(|c| c.player.as_str()).collect();
            who.dedup();
            w.insert(
                0,
                format!(
                    "The DMs in the box are not split into the choices: they would change {} choice{} of {} (Split into players first) (D12.11)",
                    unsplit.len(),
                    if unsplit.len() == 1 { "" } else { "s" },
                    who.join(", ")
                ),
            );
        }
        if w.is_empty() {
            play();
        } else {
            asking.set(w);
        }
    };
    view! {
        <p><button class="primary" data-testid="play" on:click=click>{label}</button></p>
        {move || (!asking.with(Vec::is_empty)).then(|| view! {
            <div class="confirm" role="alert" data-testid="play-confirm">
                <p><strong>"Before this is played, check:"</strong></p>
                <ul>{asking.get().into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
                <p class="actions">
                    <button class="danger" data-testid="play-anyway" on:click=move |_| play()>{format!("{label} anyway")}</button>
                    <button data-testid="play-cancel" on:click=move |_| asking.set(Vec::new())>"Go back"</button>
                </p>
            </div>
        })}
    }
    .into_any()
}

/// The last step played: the engine's reasons and its public post.
#[component]
fn LastStep() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // Undo asked for, waiting for the producer's confirmation (as History's).
    let asking = RwSignal::new(false);
    move || {
        ctx.with_game(|s| {
            let i = s.played().len().checked_sub(1)?;
            let p = &s.played()[i];
            let lines = s.explain(i);
            let title = lines.first().cloned().unwrap_or_default();
            let post = public_post(s, i, Format::Plain).map(|v| v.join("\n"));
            let summary = match &p.report {
                StepReport::Competition(r) => Some(("Winner", r.winner.clone())),
                StepReport::Vote(r) if r.revote_due => Some((
                    "Tied, the revote is next",
                    r.tied
                        .iter()
                        .map(|&p| s.before(i).name(p).to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                )),
                StepReport::Vote(r) => Some((
                    "Voted out",
                    r.voted_out
                        .map_or("nobody".to_string(), |o| s.before(i).name(o).to_string()),
                )),
                StepReport::Revote(r) => Some((
                    "Voted out",
                    r.voted_out
                        .map_or("nobody".to_string(), |o| s.before(i).name(o).to_string()),
                )),
                StepReport::Final(r) => Some(("Winner", s.before(i).name(r.winner).to_string())),
                _ => None,
            };
            Some(view! {
                <section class="last-step" aria-label="Last step" data-testid="last-step" data-kind=p.entry.kind()>
                    <h3>{format!("Last step (step {}): {title}", i + 1)}</h3>
                    {summary.map(|(k, v)| view! { <p class="verdict">{k}": " <strong data-testid="last-result">{v}</strong></p> })}
                    <details open>
                        <summary>"Why (the engine's reasons)"</summary>
                        {Explain(lines)}
                    </details>
                    {post.map(|text| view! {
                        <details>
                            <summary>"Public post (plain text; every format is on the Posts screen)"</summary>
                            <pre class="post-text" tabindex="0" aria-label="Public post" data-testid="last-post">{text}</pre>
                        </details>
                    })}
                    <p class="actions">
                        <button on:click=move |_| ctx.go(Screen::Posts)>"Posts and private messages"</button>
                        <button class="danger" data-testid="undo" on:click=move |_| asking.set(true)>"Undo this step"</button>
                    </p>
                    {move || asking.get().then(|| view! {
                        <div class="confirm" role="alert" data-testid="undo-confirm">
                            <p>{format!("Undo step {}: {title}? It can be redone from History.", i + 1)}</p>
                            <p class="actions">
                                <button class="danger" data-testid="undo-yes" on:click=move |_| { asking.set(false); ctx.undo(); }>"Yes, undo it"</button>
                                <button data-testid="undo-no" on:click=move |_| asking.set(false)>"Cancel"</button>
                            </p>
                        </div>
                    })}
                </section>
            })
        })
        .flatten()
    }
}

#[component]
pub fn Round() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let needs = move || ctx.with_game(|s| s.needs());
    move || {
        if ctx.hide.get() {
            return view! { <section class="round"><h2>"Round wizard"</h2>{HiddenNote()}</section> }
                .into_any();
        }
        let title = move || {
            ctx.with_game(console_core::Session::status)
                .unwrap_or_default()
        };
        view! {
            <section class="round">
                <h2>"Round wizard: " <span data-testid="wizard-phase">{title}</span></h2>
                <LastStep/>
                {move || (!matches!(needs(), Some(Needs::Over { .. }) | None)).then(|| view! { <paste::Paste/> })}
                {move || match needs() {
                    Some(Needs::Competition { mode, participants }) => competition::Competition(competition::CompetitionProps { mode, participants }).into_any(),
                    Some(Needs::Camp { teams }) => camp::Camp(camp::CampProps { teams }).into_any(),
                    Some(Needs::Conversation { players, held, slots_left }) => conversation::Conversation(conversation::ConversationProps { players, held, slots_left }).into_any(),
                    Some(Needs::Vote { voters, candidates, immune, cards }) => vote::Vote(vote::VoteProps { voters, candidates, immune, cards }).into_any(),
                    Some(Needs::Revote { voters, tied }) => revote::Revote(revote::RevoteProps { voters, tied }).into_any(),
                    Some(Needs::Final { jury, finalists }) => final_vote::Final(final_vote::FinalProps { jury, finalists }).into_any(),
                    Some(Needs::Over { winner }) => view! {
                        <section class="phase" aria-label="Season over">
                            <h3>"The season is over"</h3>
                            <p>"Winner: " <strong data-testid="season-winner">{winner}</strong></p>
                            <p>"The final post reveals the seed and salt: anyone can check the commitment on the Verify screen."</p>
                        </section>
                    }.into_any(),
                    None => ().into_any(),
                }}
            </section>
        }
        .into_any()
    }
}
