//! What the night and day screens share: the decisions an elimination
//! calls for, asked by name (S7); the commit with its confirmation; the
//! panel that shows a phase just committed, where its commit button was.

use super::super::report_view::report_html;
use super::super::state::{Ctx, Screen, Stage};
use crate::shell::ui::confirm;
use leptos::prelude::*;
use survival::PhaseInput;
use survival::report::{DecisionKind, DecisionRequest, PhaseReport, Place};

/// What a decision asks for, and the line that gives it.
fn ask(kind: DecisionKind) -> (&'static str, &'static str) {
    match kind {
        DecisionKind::Revenge => (
            "The GMO takes revenge (S7.2): that player is eliminated at once",
            "revenge NAME",
        ),
        DecisionKind::PolarBear => (
            "The Polar Bear decides for the next day (S7.3): only one player votes, or one player may not",
            "sole NAME  or  bar NAME",
        ),
        DecisionKind::Spotlight => (
            "The Spotlight holder hands the Spotlight on (S7.4), else it lapses",
            "spotlight NAME",
        ),
    }
}

/// The decisions the current input calls for, each asked of the player by
/// name, with the engine's verdict on the lines given.
#[component]
pub fn Decisions(
    /// The preview: the input as it would be committed and its report.
    preview: Memo<Option<(PhaseInput, PhaseReport)>>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let requests = Memo::new(move |_| {
        preview.with(|p| {
            p.as_ref()
                .map(|(_, r)| r.decisions.clone())
                .unwrap_or_default()
        })
    });
    let key = |r: &DecisionRequest| (r.player, r.kind as u8);
    view! {
        <Show when=move || requests.with(|r| !r.is_empty())>
            <section class="decisions" aria-label="Decisions called for" data-testid="decisions">
                <h3>"Decisions called for (S7)"</h3>
                <p class="muted">"Ask each eliminated player for their decision and enter it before committing. A decision can cause more eliminations, and those can call for more decisions."</p>
                <For each=move || requests.get() key=key children=move |r: DecisionRequest| {
                        let (name, card) = ctx.live.with_untracked(|l| l.as_ref().map(|l| {
                            let s = l.game.setup();
                            (s.roster.name(r.player).to_string(), s.card(r.player).name())
                        })).unwrap_or_default();
                        let (what, line) = ask(r.kind);
                        let id = format!("decision-{}-{}", r.player.index(), r.kind as u8);
                        let (k1, k2) = (name.clone(), name.clone());
                        let p = r.player;
                        let given = move || requests.with(|v| v.iter().any(|x| x.player == p && x.kind == r.kind && x.given));
                        let problems = move || preview.with(|pv| pv.as_ref().map(|(_, rep)| rep.rejections.iter()
                            .filter(|x| x.player == p && matches!(x.place, Place::Decision { .. }))
                            .map(|x| ctx.live.with_untracked(|l| l.as_ref().map(|l| format!("{}: {} rejected: {}", x.place, x.text, x.reason.text(&l.game.setup().roster))).unwrap_or_default()))
                            .collect::<Vec<_>>()).unwrap_or_default());
                        view! {
                            <div class="decision" data-player=name.clone()>
                                <label for=id.clone()><strong>{format!("{name} ({card})")}</strong>{format!(": {what}. Line: ")}<code>{line}</code></label>
                                <textarea id=id rows="2" spellcheck="false" data-testid="decision"
                                    prop:value=move || ctx.decisions.with(|d| d.get(&k1).cloned().unwrap_or_default())
                                    on:input=move |ev| ctx.decisions.update(|d| { d.insert(k2.clone(), event_target_value(&ev)); })></textarea>
                                <p class=move || if given() { "ok" } else { "warn" } data-testid="decision-state">{move || if given() { "Decision given." } else { "No decision yet: without one, nothing happens." }}</p>
                                <ul class="rejections">{move || problems().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ul>
                            </div>
                        }
                    }/>
            </section>
        </Show>
    }
}

/// The question asked before committing with actions or decisions
/// missing; `None` when nothing is missing.
pub fn missing_question(phase: &str, missing: &[String], decisions: &[String]) -> Option<String> {
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("No action from {}", missing.join(", ")));
    }
    if !decisions.is_empty() {
        parts.push(format!("no decision from {}", decisions.join(", ")));
    }
    (!parts.is_empty()).then(|| {
        let mut q = parts.join("; ");
        q[..1].make_ascii_uppercase();
        format!("{q}. Commit {phase} anyway?")
    })
}

/// Commits the phase shown (index `i` of the game's phases), after asking
/// when something is missing; says what happened.
pub fn commit(
    ctx: Ctx,
    i: usize,
    phase: &str,
    missing: Vec<String>,
    decisions: Vec<String>,
) -> bool {
    if let Some(q) = missing_question(phase, &missing, &decisions)
        && !confirm(&q)
    {
        ctx.say(format!("{phase} not committed"));
        return false;
    }
    if !ctx.commit(i) {
        return false;
    }
    let text = ctx.live.with_untracked(|l| {
        let g = &l.as_ref()?.game;
        g.phases().get(i).map(|p| {
            let setup_names: Vec<String> = p
                .report
                .eliminations
                .iter()
                .map(|e| g.setup().roster.name(e.player).to_string())
                .collect();
            format!(
                "{} committed: {}{}",
                capital(phase),
                if setup_names.is_empty() {
                    "no one eliminated".to_string()
                } else {
                    format!("eliminated {}", setup_names.join(", "))
                },
                if p.report.winners.is_some() {
                    ". The game is over."
                } else {
                    ""
                }
            )
        })
    });
    ctx.say(text.unwrap_or_default());
    true
}

/// "Night 1" from "night 1".
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// A phase just committed: its result where the commit button was, and the
/// way to its posts and to the next phase (on its own screen).
#[component]
pub fn Committed(i: usize) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let p = l.game.phases().get(i)?;
            let phase = p.report.phase;
            let next = (!l.game.is_over()).then(|| {
                let to = if phase.is_night() { Screen::Day } else { Screen::Night };
                let label = format!("Go to {}", phase.next());
                view! { <button on:click=move |_| ctx.go(to) data-testid="to-next">{label}</button> }
            });
            Some(view! {
                <section class="committed" data-testid="committed" aria-label=format!("{} committed", capital(&phase.to_string()))>
                    <h2>{format!("{} committed", capital(&phase.to_string()))}</h2>
                    <div class="row">
                        <button class="primary" data-testid="to-posts" on:click=move |_| {
                            ctx.posts_stage.set(Some(Stage::Phase(i)));
                            ctx.go(Screen::Posts);
                        }>{format!("Write {phase}'s posts")}</button>
                        {next}
                    </div>
                    <div data-testid="last-result" inner_html=report_html(l.game.setup(), &p.report)></div>
                </section>
            })
        })
    }
}
