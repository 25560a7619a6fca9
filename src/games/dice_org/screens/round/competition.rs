//! The competition (D4): each participant's choices from their DMs, as the
//! engine offers them (D4.1: deduct 3 for 1 RP; one RP boost they can pay
//! for, D2.3), then the roll.

use super::super::super::state::{Ctx, OddsPick, Screen};
use super::super::widgets::check;
use super::{boost_select, play_button, refusals};
use dice_org::competition::{CompetitionChoice, Mode};
use dice_org::season::Offer;
use dice_org::{Entry, RollKind, RollOptions};
use leptos::prelude::*;

fn choice(ctx: Ctx, name: &str) -> CompetitionChoice {
    ctx.drafts.with(|d| {
        d.competition
            .as_ref()
            .and_then(|c| c.choices.get(name).copied())
            .unwrap_or_default()
    })
}

fn set_choice(ctx: Ctx, name: &str, c: CompetitionChoice) {
    ctx.drafts.update(|d| {
        let choices = &mut d.competition.get_or_insert_default().choices;
        if c == CompetitionChoice::default() {
            choices.remove(name);
        } else {
            choices.insert(name.to_string(), c);
        }
    });
}

#[component]
pub fn Competition(mode: Mode, participants: Vec<Offer>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let entry = Signal::derive(move || {
        Entry::Competition(
            ctx.drafts
                .with(|d| d.competition.clone().unwrap_or_default()),
        )
    });
    view! {
        <section class="phase" aria-label="Competition">
            <h3>{match mode { Mode::Team => "Competition: teams (D4.2)", Mode::Individual => "Competition: individual (D4.3)" }}</h3>
            <p class="muted">"Enter each player's choices from their DMs, made before rolling (D4.1). Only the boosts a player can pay for are offered; the RP of a deduction is paid at once (D2.3)."</p>
            <table class="grid-table">
                <caption class="sr-only">"Competition choices"</caption>
                <thead><tr>
                    <th scope="col">"Player"</th><th scope="col">"Team"</th><th scope="col">"RP"</th>
                    <th scope="col">"Deduct 3 for 1 RP"</th><th scope="col">"Boost"</th><th scope="col">"Odds"</th>
                </tr></thead>
                <tbody>
                {participants.into_iter().map(|o| {
                    let n = o.name.clone();
                    let (n1, n2, n3, n4) = (n.clone(), n.clone(), n.clone(), n.clone());
                    let o2 = o.clone();
                    let offered = Signal::derive(move || o2.boosts_for(choice(ctx, &n1).deduct).to_vec());
                    let o3 = o.clone();
                    view! {
                        <tr data-player=n.clone()>
                            <th scope="row">{n.clone()}</th>
                            <td>{o.team.clone()}</td>
                            <td>{o.rp}</td>
                            <td>{check(format!("{n}: deduct 3 for 1 RP"), true, "deduct",
                                Signal::derive(move || choice(ctx, &n2).deduct), Signal::stored(true),
                                Callback::new(move |v| {
                                    let mut c = choice(ctx, &n3);
                                    c.deduct = v;
                                    // A boost the player can no longer pay for is dropped.
                                    if c.boost.is_some_and(|b| !o3.boosts_for(c.deduct).contains(&b)) {
                                        c.boost = None;
                                    }
                                    set_choice(ctx, &n3, c);
                                }))}</td>
                            <td>{move || {
                                let (a, b) = (n4.clone(), n4.clone());
                                boost_select(format!("{a}: boost"), offered.get(),
                                    Signal::derive(move || choice(ctx, &a).boost),
                                    Callback::new(move |v| { let mut c = choice(ctx, &b); c.boost = v; set_choice(ctx, &b, c); }))
                            }}</td>
                            <td><button type="button" aria-label=format!("Odds of {n}'s roll") on:click={
                                let n = n.clone();
                                move |_| {
                                    let c = choice(ctx, &n);
                                    ctx.odds.set(OddsPick { player: n.clone(), kind: RollKind::Competition, options: RollOptions { minus3: c.deduct, boost: c.boost, minus5: false } });
                                    ctx.go(Screen::Odds);
                                }
                            }>"Odds"</button></td>
                        </tr>
                    }
                }).collect_view()}
                </tbody>
            </table>
            {refusals(ctx, entry)}
            {play_button(ctx, "Roll the competition", entry)}
        </section>
    }
}
