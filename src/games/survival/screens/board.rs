//! The moderator's board (the "grimoire"): every player with their card,
//! alive or a Memory (since when), and badges (buddies, Spotlight, Nairobi,
//! last protection, the Engineer's cards left, the PPA's earlier summons,
//! the Polar Bear's sole or barred voter); the phase to play and who has
//! not sent their action (or, by day, not voted) yet. Secret: every card.

use super::super::day_text::WaitingReply;
use super::super::state::{Ctx, Screen, list, names, winners_text};
use super::posts::{FileJson, Latest};
use crate::shell::html::{Html, attr};
use leptos::prelude::*;
use survival::board::{Badge, board_with};
use survival::{Card, Side};

#[component]
pub fn Board() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // Who has not acted yet this phase (the engine's lists, by name), read
    // in the site's worker (`day_text::waiting`): a day's thread of a
    // megabyte is split and counted off the page.
    let file = FileJson::new(ctx);
    let read = RwSignal::new(None::<WaitingReply>);
    let reader =
        Latest::new(move || file.request(0, "waiting", ctx.format.get_untracked(), None, 0));
    Effect::new(move |_| {
        ctx.live.track();
        ctx.night.track();
        ctx.thread.track();
        ctx.layout.track();
        ctx.events.track();
        reader.ask_soon();
    });
    reader.read_into(
        ctx,
        "Who has not acted",
        |r: &WaitingReply| r.error.as_ref(),
        read,
    );
    let waiting = move || {
        read.with(|r| {
            r.as_ref()
                .and_then(|r| r.night.map(|n| (n, r.names.clone())))
        })
    };
    view! {
        <section class="board">
            {move || ctx.live.with(|l| {
                let l = l.as_ref()?;
                let phase = l.game.phase();
                Some(view! {
                    <div class="board-head">
                        <h2>{match l.game.state().winners() {
                            Some(w) => format!("Game over: {} won", winners_text(w)),
                            None => format!("Board: {phase} to play"),
                        }}</h2>
                        {(!l.game.is_over()).then(|| {
                            let (label, to) = if phase.is_night() { (format!("Enter {phase}'s private messages"), Screen::Night) } else { (format!("Enter {phase}'s thread"), Screen::Day) };
                            view! { <button class="primary" on:click=move |_| ctx.go(to) data-testid="to-phase">{label}</button> }
                        })}
                    </div>
                })
            })}
            {move || waiting().map(|(night, who)| view! {
                <p class="waiting" data-testid="waiting">
                    <strong>{if night { "No action sent yet: " } else { "Not voting yet: " }}</strong>
                    <span data-testid="not-sent">{list(&who)}</span>
                </p>
            })}
            <Grimoire/>
        </section>
    }
}

fn badge_text(b: &Badge, roster: &survival::Roster) -> String {
    match b {
        Badge::Spotlight => "Spotlight: votes x2".into(),
        Badge::Nairobi => "in Nairobi: neither votes nor can be voted".into(),
        Badge::Buddy { with } => format!("buddy of {}", roster.name(*with)),
        Badge::Summoned => "summoned before: not again (S3.6)".into(),
        Badge::ProtectedLastNight => "protected last night: not again tonight (S3.2)".into(),
        Badge::SoleVoter => "the Polar Bear's sole voter".into(),
        Badge::Barred => "barred from voting by the Polar Bear".into(),
        Badge::BombUsed | Badge::ShieldUsed => String::new(),
    }
}

/// The table of players, as HTML, with the moderator's `events` drafted
/// for the phase to play applied (S10.2): a removal shows at once.
fn grimoire(g: &survival::Game, events: &[console_core::events::Event]) -> String {
    let (setup, state, _) = g.start_with(events);
    let roster = &setup.roster;
    let state = &state;
    let over = g.is_over();
    let now_phase = g.phase();
    let rows: Vec<(String, Vec<String>)> = board_with(g, events)
        .into_iter()
        .map(|r| {
            let mut badges: Vec<String> = r
                .badges
                .iter()
                .map(|b| badge_text(b, roster))
                .filter(|t| !t.is_empty())
                .collect();
            if r.card == Card::Engineer {
                let used = state.engineer_used();
                let left = |u: bool| if u { "used" } else { "left" };
                badges.push(format!(
                    "bomb {}, shield {} (S3.5)",
                    left(used.bomb),
                    left(used.shield)
                ));
            }
            if r.card == Card::Ppa && !state.summoned().is_empty() {
                badges.push(format!(
                    "has summoned: {}",
                    names(roster, state.summoned().iter()).join(", ")
                ));
            }
            let now = if over || !r.alive {
                String::new()
            } else {
                let legal = g.legal(r.player);
                match legal.vote {
                    Some(Ok(w)) if w > 1 => format!("votes (x{w})"),
                    Some(Ok(_)) => "votes".into(),
                    Some(Err(why)) => format!("cannot vote: {why}"),
                    None if legal.verbs.is_empty() => "no night action".into(),
                    None => format!(
                        "may send: {}",
                        legal
                            .verbs
                            .iter()
                            .map(|v| v.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                }
            };
            let status = match (r.alive, r.eliminated_in) {
                (true, _) => "alive".to_string(),
                (false, Some(p)) if p == now_phase && !over => {
                    format!("removed at the start of {p} (drafted: final at its commit)")
                }
                (false, Some(p)) => format!("Memory since {p}"),
                (false, None) => "Memory".to_string(),
            };
            let side = match r.side {
                Side::Evil => "Evil",
                Side::Special => "Special Force",
                Side::Element => "Element",
            };
            let class = match (r.side == Side::Evil, r.alive) {
                (true, true) => "evil",
                (true, false) => "evil memory",
                (false, true) => "good",
                (false, false) => "good memory",
            };
            (
                format!(" class=\"{class}\"{}", attr("data-player", &r.name)),
                vec![
                    r.name,
                    r.card.name().to_string(),
                    side.to_string(),
                    status,
                    badges.join("; "),
                    now,
                ],
            )
        })
        .collect();
    Html::default()
        .table(
            " class=\"grimoire\" data-testid=\"grimoire\"",
            "Every player (secret: for the moderator only)",
            &["Player", "Card", "Side", "Status", "Badges", "This phase"],
            &rows,
        )
        .done()
}

/// The table of players.
#[component]
fn Grimoire() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <div class="scroll" inner_html=move || ctx.events.with(|e| ctx.live.with(|l| l.as_ref().map(|l| grimoire(&l.game, e)).unwrap_or_default()))></div>
    }
}
