//! The final (D8): the jury (the last J players out, D8.1) votes for one of
//! the finalists; on a tie, the jurors who voted for a finalist not in it
//! vote again between the tied (D8.2), as the engine's dry run says; a tie
//! that remains is settled by lot when the votes are read.

use super::super::super::state::Ctx;
use super::super::widgets::list;
use super::{name_select, play_button, refusals};
use dice_org::Entry;
use dice_org::final_vote::FinalInput;
use dice_org::step::StepReport;
use leptos::prelude::*;

fn draft(ctx: Ctx) -> FinalInput {
    ctx.drafts
        .with(|d| d.final_vote.clone().unwrap_or_default())
}

fn set(ctx: Ctx, revote: bool, juror: &str, v: Option<String>) {
    ctx.drafts.update(|d| {
        let f = d.final_vote.get_or_insert_default();
        let map = if revote { &mut f.revote } else { &mut f.votes };
        match v {
            Some(v) => map.insert(juror.to_string(), v),
            None => map.remove(juror),
        };
    });
}

fn ballots(ctx: Ctx, revote: bool, jurors: Vec<String>, finalists: Vec<String>) -> AnyView {
    view! {
        <table class="grid-table" data-testid=if revote { "final-revote" } else { "final-ballots" }>
            <caption class="sr-only">{if revote { "The jurors' revote" } else { "The jurors' votes" }}</caption>
            <thead><tr><th scope="col">"Juror"</th><th scope="col">"Votes for"</th></tr></thead>
            <tbody>
            {jurors.into_iter().map(|j| {
                let (a, b) = (j.clone(), j.clone());
                view! { <tr data-juror=j.clone()><th scope="row">{j.clone()}</th><td>{name_select(
                    format!("{j}'s {}", if revote { "revote" } else { "vote" }), finalists.clone(), "no vote",
                    Signal::derive(move || { let d = draft(ctx); if revote { d.revote.get(&a).cloned() } else { d.votes.get(&a).cloned() } }),
                    Callback::new(move |v| set(ctx, revote, &b, v)))}</td></tr> }
            }).collect_view()}
            </tbody>
        </table>
    }
    .into_any()
}

#[component]
pub fn Final(jury: Vec<String>, finalists: Vec<String>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let entry = Signal::derive(move || Entry::Final(draft(ctx)));
    let re = move || {
        let e = entry.get();
        ctx.with_game(|s| match s.dry_run(&e) {
            Ok(StepReport::Final(r)) => r.revote.map(|rv| {
                let names = |v: &[dice_org::PlayerId]| -> Vec<String> {
                    v.iter().map(|&p| s.state().name(p).to_string()).collect()
                };
                (names(&rv.jurors), names(&rv.candidates))
            }),
            _ => None,
        })
        .flatten()
    };
    view! {
        <section class="phase" aria-label="Final">
            <h3>"The final (D8)"</h3>
            <dl class="summary">
                <dt>"Finalists"</dt><dd data-testid="finalists">{list(&finalists)}</dd>
                <dt>"Jury"</dt><dd data-testid="final-jury">{list(&jury)}</dd>
            </dl>
            {ballots(ctx, false, jury.clone(), finalists.clone())}
            {move || re().map(|(jurors, tied)| view! {
                <section class="revote" aria-label="Jurors' revote" data-testid="revote">
                    <h4>"The jurors vote again (D8.2)"</h4>
                    <p>{format!("The votes tie between {}: the jurors who voted for another finalist vote again between them. A tie that remains is settled by lot.", list(&tied))}</p>
                    {ballots(ctx, true, jurors, tied)}
                </section>
            })}
            {refusals(ctx, entry)}
            {play_button(ctx, "Read the jury's votes", entry)}
        </section>
    }
}
