//! Adjudicate: preview the round from the current drafts, then commit it.
//!
//! A commit never happens by accident: the button commits only the round
//! it shows (a second click of a double click, arriving after the commit,
//! does nothing), a round where some player with survivors sent nothing is
//! confirmed first naming them, and after a commit the screen shows that
//! round's result and the way to its posts where the button was; the next
//! round's commit button is further down, after that result.

use super::super::report_view::{FinalView, ReportView};
use super::super::state::{Ctx, Screen};
use crate::shell::ui::confirm;
use leptos::prelude::*;
use mini_survivor::{PlayerId, final_result, play_round};

/// The question asked before committing `round` with players missing.
fn missing_question(round: u16, missing: &[String], everyone: bool) -> String {
    let who = if everyone {
        "Nobody has sent orders".to_string()
    } else {
        format!("No orders from {}", missing.join(", "))
    };
    format!(
        "{who} for round {round}. Their survivors vote for themselves (R3.6) and their outcasts are placed by R6.7. Commit round {round} anyway?"
    )
}

#[component]
pub fn Adjudicate() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The round committed from this screen just now, if any.
    let just = RwSignal::new(None::<u16>);
    let preview = Memo::new(move |_| {
        let drafts = ctx.drafts.get();
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            if l.game.is_over() {
                return None;
            }
            let setup = l.game.setup();
            let subs: Vec<(PlayerId, &str)> = drafts
                .iter()
                .filter_map(|(n, t)| setup.players.find(n).map(|p| (p, t.as_str())))
                .collect();
            let (after, report) = play_round(setup, l.game.position(), &subs);
            Some((setup.clone(), report, after))
        })
    });
    let commit = move |round: u16| {
        // Only the round this button was shown for.
        let next = ctx.live.with_untracked(|l| {
            l.as_ref()
                .filter(|l| !l.game.is_over())
                .map(|l| l.game.position().round())
        });
        if next != Some(round) {
            return;
        }
        let missing = ctx.missing_players();
        let players = ctx.live.with_untracked(|l| {
            l.as_ref().map_or(0, |l| {
                let s = l.game.setup();
                let alive = l.game.position().alive_per_player(s.players.len());
                alive.iter().filter(|n| **n > 0).count()
            })
        });
        if !missing.is_empty()
            && !confirm(&missing_question(round, &missing, missing.len() == players))
        {
            ctx.say(format!("Round {round} not committed"));
            return;
        }
        if ctx.commit_round() {
            just.set(Some(round));
            let summary = ctx.live.with_untracked(|l| {
                l.as_ref().and_then(|l| l.game.rounds().last()).map(|r| {
                    let out = r.report.eliminated();
                    format!(
                        "Round {round} adjudicated: {} eliminated{}",
                        out.len(),
                        if r.report.game_over {
                            ". The game is over."
                        } else {
                            ""
                        }
                    )
                })
            });
            let mut summary = summary.unwrap_or_default();
            if let Some(d) = ctx.default_deadline() {
                summary.push_str(&format!(". {d}"));
            }
            ctx.say(summary);
        }
    };
    let to_posts = move |_| {
        ctx.posts_stage.set(None);
        ctx.go(Screen::Posts);
    };
    view! {
        <section class="adjudicate">
            // Just committed: that round's result, where the button was.
            {move || {
                let r = just.get()?;
                ctx.live.with(|l| {
                    let l = l.as_ref()?;
                    let played = l.game.rounds().last().filter(|p| p.report.round == r)?;
                    let setup = l.game.setup().clone();
                    let out = played.report.eliminated().len();
                    Some(view! {
                        <section class="committed" data-testid="committed" aria-label=format!("Round {r} committed")>
                            <h2>{format!("Round {r} committed")}</h2>
                            <p>{format!("{out} eliminated, {} alive. Next: post the results and the private messages.", played.after.alive())}</p>
                            <div class="row">
                                <button class="primary" on:click=to_posts data-testid="to-posts">{format!("Write round {r}'s posts")}</button>
                                {(!l.game.is_over()).then(|| view! {
                                    <button on:click=move |_| ctx.go(Screen::Orders)>{format!("Orders for round {}", r + 1)}</button>
                                })}
                            </div>
                            <div data-testid="last-result"><ReportView setup=setup report=played.report.clone() after=played.after.clone()/></div>
                        </section>
                    })
                })
            }}
            {move || ctx.live.with(|l| {
                let l = l.as_ref()?;
                let setup = l.game.setup().clone();
                final_result(&setup, l.game.position()).map(|r| view! { <FinalView setup=setup result=r/> })
            })}
            {move || preview.get().map(|(setup, report, after)| {
                let round = report.round;
                let missing = {
                    ctx.drafts.track();
                    ctx.missing_players()
                };
                view! {
                    <section class="preview" aria-label=format!("Round {round} preview")>
                        <h2>{format!("Round {round}: preview")}</h2>
                        <p class="muted">"Nothing is final until you commit. Change orders on the Orders or Board screen and this preview follows."</p>
                        {(!missing.is_empty()).then(|| view! {
                            <p class="warn" data-testid="missing-warning">{format!("No orders yet from: {}. Their survivors vote for themselves (R3.6).", missing.join(", "))}</p>
                        })}
                        <button class="primary" on:click=move |_| commit(round) data-testid="commit">{format!("Commit round {round}")}</button>
                        <ReportView setup=setup report=report after=after/>
                    </section>
                }
            })}
            {move || {
                if just.get().is_some() {
                    return None;
                }
                ctx.live.with(|l| {
                    let l = l.as_ref()?;
                    let r = l.game.rounds().last()?;
                    let setup = l.game.setup().clone();
                    Some(view! {
                        <details class="last" open=l.game.is_over()>
                            <summary>{format!("Last committed: round {}", r.report.round)}</summary>
                            <div data-testid="last-result"><ReportView setup=setup report=r.report.clone() after=r.after.clone()/></div>
                            <button on:click=to_posts>"Write the posts"</button>
                        </details>
                    })
                })
            }}
        </section>
    }
}
