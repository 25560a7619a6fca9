//! Camp (D5), per team in team order: whether the food is eaten (D5.1),
//! each member's gathering options (D5.2: before rolling, deduct 3 for a
//! bonus roll and one RP boost; after rolling, deduct 5 for 1 RP and/or
//! spend 1 RP for a bonus roll), and the advantages waiting (D5.4). The
//! players choose the after-rolling options once they know their roll: the
//! producers can show each roll from a dry run of the engine first (each
//! player's camp dice are their own stream's, D11.1, so a roll shown does
//! not move with anyone's choices).

use super::super::super::state::{Ctx, OddsPick, Screen};
use super::super::widgets::check;
use super::{boost_select, play_button, refusals};
use dice_org::ByName;
use dice_org::camp::{ADVANTAGE_ROLL, CampChoice};
use dice_org::options::CampDice;
use dice_org::roll::{BLIND_DEDUCTION, INFORMED_DEDUCTION};
use dice_org::season::CampOffer;
use dice_org::step::StepReport;
use dice_org::{Entry, RollKind, RollOptions};
use leptos::prelude::*;

fn choice(ctx: Ctx, name: &str) -> CampChoice {
    ctx.drafts.with(|d| {
        d.camp
            .as_ref()
            .and_then(|c| c.choices.get(name).copied())
            .unwrap_or_default()
    })
}

fn set_choice(ctx: Ctx, name: &str, c: CampChoice) {
    ctx.drafts.update(|d| {
        let choices = &mut d.camp.get_or_insert_default().choices;
        if c == CampChoice::default() {
            choices.remove(name);
        } else {
            choices.insert(name.to_string(), c);
        }
    });
}

/// A checkbox for one of a member's camp options.
fn option_box(
    ctx: Ctx,
    name: String,
    what: String,
    get: fn(&CampChoice) -> bool,
    set: fn(&mut CampChoice, bool),
    enabled: Signal<bool>,
) -> AnyView {
    let n = name.clone();
    check(
        format!("{name}: {what}"),
        true,
        "camp-option",
        Signal::derive(move || get(&choice(ctx, &n))),
        enabled,
        Callback::new(move |v| {
            let mut c = choice(ctx, &name);
            set(&mut c, v);
            set_choice(ctx, &name, c);
        }),
    )
}

#[component]
pub fn Camp(teams: Vec<CampOffer>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let entry = Signal::derive(move || {
        Entry::Camp(ctx.drafts.with(|d| d.camp.clone().unwrap_or_default()))
    });
    let show_rolls = RwSignal::new(false);
    // Each member's gathering roll from a dry run (for their after-rolling choices).
    let rolls = Memo::new(move |_| {
        if !show_rolls.get() {
            return ByName::new();
        }
        let e = entry.get();
        let mut out = ByName::new();
        if let Some(Ok(StepReport::Camp(r))) = ctx.with_game(|s| s.dry_run(&e)) {
            for t in r.teams {
                for g in t.gathering {
                    out.insert(g.name, g.roll.explain());
                }
            }
        }
        out
    });
    let several = teams.len() > 1;
    view! {
        <section class="phase" aria-label="Camp">
            <h3>"Camp (D5)"</h3>
            <p class="muted">{format!("Before rolling: deduct {BLIND_DEDUCTION} for a bonus roll, and one boost. After rolling (the player sees their roll first): deduct {INFORMED_DEDUCTION} for 1 RP, and/or spend 1 RP for a bonus roll. A bonus roll of {ADVANTAGE_ROLL} finds the first advantage waiting at the camp (D5.4).")}</p>
            {check("Show each gathering roll (a dry run of the engine, to tell each player their roll before they choose the after-rolling options)".to_string(), false, "show-rolls",
                show_rolls.into(), Signal::stored(true), Callback::new(move |v| show_rolls.set(v)))}
            {move || {
                let one = ctx.with_game(|s| s.state().options.camp_dice == CampDice::OneStream).unwrap_or(false);
                if one {
                    several.then(|| view! { <p class="muted">"This season draws every camp die from one stream, team by team (D11.1, a season saved before file version 2): a later team's rolls shown here change if an earlier team's bonus rolls change."</p> }.into_any())
                } else {
                    Some(view! { <p class="muted">"Each player's camp dice come from a stream of their own (D11.1): a roll shown here stays the same whatever anyone chooses; only the player's own deduction and boost change its result."</p> }.into_any())
                }
            }}
            {teams.into_iter().map(|t| view! {
                <section class="camp-team" aria-label=format!("Camp of {}", t.team)>
                    <h4>{t.team.clone()}</h4>
                    <p>{format!("Pool {}, {} needed: {}. Advantages waiting: {}.", t.pool, t.need,
                        if t.consumes { "the food is eaten and every member loses a depletion counter (D5.1)" } else { "too little: nothing is eaten, no counter is removed (D5.1)" },
                        t.waiting)}</p>
                    <table class="grid-table">
                        <caption class="sr-only">{format!("Gathering choices of {}", t.team)}</caption>
                        <thead><tr>
                            <th scope="col">"Player"</th><th scope="col">"RP"</th>
                            <th scope="col">{format!("Deduct {BLIND_DEDUCTION} for a bonus roll")}</th><th scope="col">"Boost"</th>
                            <th scope="col">{format!("After: deduct {INFORMED_DEDUCTION} for 1 RP")}</th><th scope="col">"After: 1 RP for a bonus roll"</th>
                            <th scope="col">"Roll"</th><th scope="col">"Odds"</th>
                        </tr></thead>
                        <tbody>
                        {t.members.into_iter().map(|o| {
                            let n = o.name.clone();
                            let (n1, n2, n3, n4) = (n.clone(), n.clone(), n.clone(), n.clone());
                            let o2 = o.clone();
                            let can_buy = Signal::derive(move || { let c = choice(ctx, &n1); o2.can_buy_bonus(c.boost, c.deduct_for_rp) });
                            // A bonus roll the player can no longer pay for is dropped.
                            Effect::new(move |_| {
                                if !can_buy.get() && choice(ctx, &n2).rp_for_bonus {
                                    let mut c = choice(ctx, &n2);
                                    c.rp_for_bonus = false;
                                    set_choice(ctx, &n2, c);
                                }
                            });
                            let boosts = o.boosts.clone();
                            let (b1, b2) = (n.clone(), n.clone());
                            view! {
                                <tr data-player=n.clone()>
                                    <th scope="row">{n.clone()}</th>
                                    <td>{o.rp}</td>
                                    <td>{option_box(ctx, n.clone(), format!("deduct {BLIND_DEDUCTION} for a bonus roll"), |c| c.deduct_for_bonus, |c, v| c.deduct_for_bonus = v, Signal::stored(true))}</td>
                                    <td>{boost_select(format!("{n}: boost"), boosts, Signal::derive(move || choice(ctx, &b1).boost),
                                        Callback::new(move |v| { let mut c = choice(ctx, &b2); c.boost = v; set_choice(ctx, &b2, c); }))}</td>
                                    <td>{option_box(ctx, n.clone(), format!("after rolling, deduct {INFORMED_DEDUCTION} for 1 RP"), |c| c.deduct_for_rp, |c, v| c.deduct_for_rp = v, Signal::stored(true))}</td>
                                    <td>{option_box(ctx, n.clone(), "after rolling, spend 1 RP for a bonus roll".to_string(), |c| c.rp_for_bonus, |c, v| c.rp_for_bonus = v, can_buy)}</td>
                                    <td class="roll-cell">{move || rolls.with(|r| r.get(&n3).cloned())}</td>
                                    <td><button type="button" aria-label=format!("Odds of {n}'s gathering roll") on:click=move |_| {
                                        let c = choice(ctx, &n4);
                                        ctx.odds.set(OddsPick { player: n4.clone(), kind: RollKind::Survival, options: RollOptions { minus3: c.deduct_for_bonus, boost: c.boost, minus5: c.deduct_for_rp } });
                                        ctx.go(Screen::Odds);
                                    }>"Odds"</button></td>
                                </tr>
                            }
                        }).collect_view()}
                        </tbody>
                    </table>
                </section>
            }).collect_view()}
            {refusals(ctx, entry)}
            {play_button(ctx, "Play the camp", entry)}
        </section>
    }
}
