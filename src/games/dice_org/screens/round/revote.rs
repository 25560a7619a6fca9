//! The revote of a tied vote, a step of its own (D7.5): the first count
//! is posted; the vote's voters who are not tied vote again between the
//! tied (one name each, no advantage, D7.2). "Read the revotes" checks
//! first (a pasted revote gone from its ballot, a revoter's rejected line,
//! a revoter with no revote); a tie again, or no revote at all, goes to
//! the deadlock (a survival roll-off or rocks). The producers may also
//! settle the tie without a revote, after confirming.

use super::super::super::state::Ctx;
use super::super::widgets::list;
use super::vote::{set_vote, vote_of};
use super::{name_select, play_button_checked, refusals};
use dice_org::changes::vote_warnings;
use dice_org::vote::RevoteInput;
use dice_org::{Deadlock, Entry, Phase};
use leptos::prelude::*;

fn draft(ctx: Ctx) -> RevoteInput {
    ctx.drafts.with(|d| d.revote.clone().unwrap_or_default())
}

#[component]
pub fn Revote(voters: Vec<String>, tied: Vec<String>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let entry = Signal::derive(move || Entry::Revote(draft(ctx)));
    let settle_by = ctx
        .with_game(|s| match s.state().options.deadlock {
            Deadlock::Rocks => "rocks",
            Deadlock::SurvivalRoll => "a survival roll-off",
        })
        .unwrap_or_default();
    // A pasted revote gone from its ballot, a revoter's rejected line, a
    // revoter with no revote: said before the revotes are read.
    let voters2 = voters.clone();
    let warnings = Signal::derive(move || {
        let v = draft(ctx);
        let mut w = ctx.drafts.with(|d| {
            let taken: Vec<_> = d
                .pastes
                .iter()
                .filter(|t| t.phase == Some(Phase::Revote))
                .cloned()
                .collect();
            vote_warnings(&voters2, &taken, &v.revote, true)
        });
        let none: Vec<String> = voters2
            .iter()
            .filter(|n| !v.revote.contains_key(n))
            .cloned()
            .collect();
        if !none.is_empty() {
            w.push(format!(
                "No revote from {}: a voter who does not revote casts nothing (D7.3), and a revote with no vote goes to {settle_by} (D7.5)",
                list(&none)
            ));
        }
        w
    });
    let asking = RwSignal::new(false);
    let settle = move |_| {
        asking.set(false);
        if let Err(e) = ctx.play(Entry::Revote(RevoteInput::default())) {
            ctx.error(e);
        }
    };
    let tied2 = tied.clone();
    view! {
        <section class="phase" aria-label="Revote">
            <h3>"The revote (D7.5)"</h3>
            <p>{format!("The first count tied between {} and is posted. The other voters vote again between them; the tied do not vote, and no advantage may be played (D7.2). A tie again, or no revote at all, is settled by {settle_by}.", list(&tied))}</p>
            <dl class="summary">
                <dt>"Revoters"</dt><dd data-testid="revoters">{list(&voters)}</dd>
                <dt>"Tied"</dt><dd data-testid="tied">{list(&tied)}</dd>
            </dl>
            <table class="grid-table" data-testid="revote-ballots">
                <caption class="sr-only">"Revote ballots"</caption>
                <thead><tr><th scope="col">"Voter"</th><th scope="col">"Revotes for"</th></tr></thead>
                <tbody>
                {voters.into_iter().map(|v| {
                    let (a, b) = (v.clone(), v.clone());
                    view! { <tr data-revoter=v.clone()><th scope="row">{v.clone()}</th><td>{name_select(format!("{v}'s revote"), tied.clone(), "no revote",
                        Signal::derive(move || vote_of(draft(ctx).revote.get(&a), 0)),
                        Callback::new(move |x| ctx.drafts.update(|d| set_vote(&mut d.revote.get_or_insert_default().revote, &b, 0, x))))}</td></tr> }
                }).collect_view()}
                </tbody>
            </table>
            {refusals(ctx, entry)}
            {play_button_checked(ctx, "Read the revotes", entry, warnings)}
            <p><button data-testid="settle" on:click=move |_| asking.set(true)>{format!("Settle the tie without a revote ({settle_by})")}</button></p>
            {move || asking.get().then(|| view! {
                <div class="confirm" role="alert" data-testid="settle-confirm">
                    <p>{format!("Settle the tie between {} by {settle_by}, with no revote (D7.5)? Any revote entered is not read.", list(&tied2))}</p>
                    <p class="actions">
                        <button class="danger" data-testid="settle-yes" on:click=settle>"Yes, settle it"</button>
                        <button data-testid="settle-no" on:click=move |_| asking.set(false)>"Cancel"</button>
                    </p>
                </div>
            })}
        </section>
    }
}
