//! A roll's odds as a picture: for any living player and roll, the exact
//! distribution of the result after the cap and the penalties of their
//! counters (D2.1, D2.2), out of the 216 throws of 3d6, next to the same
//! roll with one more depletion counter, so anyone sees what a counter
//! costs. An SVG bar chart (the two series told apart by pattern as well as
//! colour) with every number in a table; beside it each team's exact
//! chance to win and to lose the next team competition (D4.2, D4.4) with
//! the round wizard's competition choices. The engine computes them in the
//! site's worker ([`crate::games::dice_org::worker`]), never in the page.

use super::super::state::{Ctx, OddsPick};
use super::widgets::{HiddenNote, check, select};
use crate::games::dice_org::worker::{SeasonText, Task};
use crate::shell::rules::ask_worker_as;
use dice_org::{Boost, RollKind};
use leptos::prelude::*;

#[component]
pub fn Odds() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let players = move || {
        ctx.with_game(|s| {
            s.state()
                .alive()
                .map(|(p, _)| s.state().name(p).to_string())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let pick = move || {
        let mut p = ctx.odds.get();
        let v = players();
        if !v.contains(&p.player) {
            p.player = v.first().cloned().unwrap_or_default();
        }
        p
    };
    // Computed in the site's worker (the player's roll and each team's
    // chances in the next competition): asked again whenever the pick, the
    // season or the competition draft changes; the latest answer shows.
    let answer = RwSignal::new(None::<Result<String, String>>);
    Effect::new(move |_| {
        let p = pick();
        let competition = ctx.drafts.with(|d| d.competition.clone());
        let task = ctx.with_game(|s| Task::Odds {
            season: SeasonText {
                setup: s.setup().clone(),
                entries: s.entries(),
            },
            player: p.player.clone(),
            kind: p.kind,
            options: p.options,
            competition,
        });
        if let Some(Ok(text)) = task.map(|t| serde_json::to_string(&t)) {
            ask_worker_as("The odds could not be computed", 'D', text, answer);
        }
    });
    let set = move |f: &dyn Fn(&mut OddsPick)| {
        let mut p = pick();
        f(&mut p);
        if p.kind == RollKind::Competition {
            p.options.minus5 = false;
        }
        ctx.odds.set(p);
    };
    move || {
        if ctx.hide.get() {
            return view! { <section class="odds"><h2>"Odds of a roll"</h2>{HiddenNote()}</section> }
                .into_any();
        }
        view! {
            <section class="odds">
                <h2>"Odds of a roll"</h2>
                <p class="muted">"The exact distribution of a competition or survival roll's result after the cap and the penalties (D2.1, D2.2), out of the 216 throws of three dice, now and with one more depletion counter."</p>
                <form class="form" on:submit=|ev| ev.prevent_default()>
                    <label>"Player"{move || select("Player".into(), "odds-player", players().into_iter().map(|n| (n.clone(), n)).collect(),
                        Signal::derive(move || pick().player), Callback::new(move |v: String| set(&|p| p.player = v.clone())))}</label>
                    <label>"Roll"{select("Roll".into(), "odds-kind", vec![("competition".into(), "Competition (capped by Competition)".into()), ("survival".into(), "Survival (capped by Survival)".into())],
                        Signal::derive(move || if pick().kind == RollKind::Survival { "survival" } else { "competition" }.to_string()),
                        Callback::new(move |v: String| set(&|p| p.kind = if v == "survival" { RollKind::Survival } else { RollKind::Competition })))}</label>
                    <fieldset>
                        <legend>"Chosen before rolling (blind)"</legend>
                        {check("Deduct 3".into(), false, "odds-minus3", Signal::derive(move || pick().options.minus3), Signal::stored(true), Callback::new(move |v| set(&|p| p.options.minus3 = v)))}
                        <label>"Boost"{select("Boost".into(), "odds-boost", vec![(String::new(), "none".into()), ("2".into(), "+2 (1 RP)".into()), ("7".into(), "+7 (3 RP)".into())],
                            Signal::derive(move || pick().options.boost.map_or(String::new(), |b| u8::from(b).to_string())),
                            Callback::new(move |v: String| set(&|p| p.options.boost = match v.as_str() { "2" => Some(Boost::Two), "7" => Some(Boost::Seven), _ => None })))}</label>
                    </fieldset>
                    <fieldset>
                        <legend>"Chosen after rolling (informed, survival rolls at camp)"</legend>
                        {check("Deduct 5 for 1 RP".into(), false, "odds-minus5", Signal::derive(move || pick().options.minus5),
                            Signal::derive(move || pick().kind == RollKind::Survival), Callback::new(move |v| set(&|p| p.options.minus5 = v)))}
                    </fieldset>
                </form>
                {move || match answer.get() {
                    None => view! { <p class="muted" role="status">"Computing in the background…"</p> }.into_any(),
                    Some(Ok(html)) => view! { <div inner_html=html></div> }.into_any(),
                    Some(Err(e)) => view! { <p class="error" role="alert">{e}</p> }.into_any(),
                }}
            </section>
        }
        .into_any()
    }
}
