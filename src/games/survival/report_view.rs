//! The moderator's view of a phase report: every elimination with its
//! causes, what stopped one, what each informed role learns, the day's
//! outcome, every rejected line with the engine's reason. Secret (it shows
//! cards, targets and buddies): never for posting.

use super::state::{list, names, winners_text};
use leptos::prelude::*;
use survival::count::Tally;
use survival::report::{Cause, Elimination, Outcome, PhaseReport, TeamChoice};
use survival::{PlayerId, Setup};

/// Why a player was eliminated, in words, with the player a chain came
/// from.
pub fn cause_text(setup: &Setup, e: &Elimination) -> String {
    let by = e.by.map(|p| setup.roster.name(p).to_string());
    e.causes
        .iter()
        .map(|c| match c {
            Cause::Kill => "killed by the Evil Forces (S3.1)".to_string(),
            Cause::Bomb => "the Engineer's bomb (S3.5)".to_string(),
            Cause::Discovered => "discovered: exposed while watching (S3.4)".to_string(),
            Cause::Vote => "voted out (S6.1)".to_string(),
            Cause::Tie => "the tie: the Polar Bear goes instead (S6.2)".to_string(),
            Cause::Lot => "chosen by lot (S6.5)".to_string(),
            Cause::Buddy => format!(
                "buddy of {} (S7.1)",
                by.clone().unwrap_or_else(|| "the other buddy".into())
            ),
            Cause::Revenge => format!(
                "revenge of the GMO {} (S7.2)",
                by.clone().unwrap_or_default()
            ),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn team(setup: &Setup, t: &TeamChoice) -> String {
    match t {
        TeamChoice::None => "none".to_string(),
        TeamChoice::Target(p) => setup.roster.name(*p).to_string(),
        TeamChoice::Tie(v) => format!(
            "tied between {}: nothing (S3.1)",
            names(&setup.roster, v.iter().copied()).join(" and ")
        ),
    }
}

/// A count as a table: candidate, votes (S9.2 order: count then name).
#[component]
pub fn CountTable(setup: Setup, tally: Tally, caption: String) -> impl IntoView {
    let mut rows: Vec<(PlayerId, u32)> = tally.counts().collect();
    rows.sort_by_key(|(p, n)| (std::cmp::Reverse(*n), setup.roster.rank(*p)));
    if rows.is_empty() {
        return view! { <p>{caption}": no votes."</p> }.into_any();
    }
    view! {
        <table class="count">
            <caption>{caption}</caption>
            <thead><tr><th scope="col">"Candidate"</th><th scope="col">"Votes"</th><th scope="col">"Voters"</th></tr></thead>
            <tbody>
                {rows.into_iter().map(|(p, n)| {
                    let voters: Vec<String> = tally.voters_of(p).map(|(v, w)| {
                        let name = setup.roster.name(v).to_string();
                        if w > 1 { format!("{name} [x{w}]") } else { name }
                    }).collect();
                    view! { <tr><th scope="row">{setup.roster.name(p).to_string()}</th><td>{n}</td><td>{voters.join(", ")}</td></tr> }
                }).collect_view()}
            </tbody>
        </table>
    }
    .into_any()
}

/// A phase report with reasons.
#[component]
pub fn ReportView(setup: Setup, report: PhaseReport) -> impl IntoView {
    let r = &report;
    let name = |p: PlayerId| setup.roster.name(p).to_string();
    let elim = if r.eliminations.is_empty() {
        view! { <p data-testid="eliminated">"No one is eliminated."</p> }.into_any()
    } else {
        view! {
            <table class="elims" data-testid="eliminated">
                <caption>"Eliminated"</caption>
                <thead><tr><th scope="col">"Player"</th><th scope="col">"Card"</th><th scope="col">"Why"</th></tr></thead>
                <tbody>
                    {r.eliminations.iter().map(|e| view! {
                        <tr data-player=name(e.player) data-causes={e.causes.iter().map(|c| c.name()).collect::<Vec<_>>().join(",")}>
                            <th scope="row">{name(e.player)}</th>
                            <td>{setup.card(e.player).name()}</td>
                            <td>{cause_text(&setup, e)}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        }
        .into_any()
    };
    let winners = r.winners.as_ref().map(|w| {
        let alive = names(&setup.roster, r.alive.iter());
        view! {
            <p class="final" data-testid="winners" data-winners={w.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(",")}>
                <strong>{format!("The game ends: {} won (S8).", winners_text(w))}</strong>
                {format!(" Still alive: {}.", list(&alive))}
            </p>
        }
    });
    let mut facts: Vec<String> = Vec::new();
    if let Some(n) = r.night() {
        facts.push(format!("The Evil Forces' kill: {}", team(&setup, &n.kill)));
        if n.expose != TeamChoice::None {
            facts.push(format!("Their exposure: {}", team(&setup, &n.expose)));
        }
        if let Some(p) = n.protect {
            facts.push(format!("The Forest Ranger protects {}", name(p)));
        }
        if let Some(p) = n.shield {
            facts.push(format!("The Engineer shields {}", name(p)));
        }
        if let Some(p) = n.bomb {
            facts.push(format!("The Engineer bombs {}", name(p)));
        }
        if let Some(c) = n.check {
            facts.push(format!(
                "The Scientist {} learns: {} is {}",
                name(c.scientist),
                name(c.target),
                if c.evil { "Evil" } else { "Good" }
            ));
        }
        if let Some(w) = &n.watch {
            facts.push(format!(
                "The Green Activist {} learns: the living Evil Forces are {}; their kill target is {}",
                name(w.activist),
                list(&names(&setup.roster, w.evil.iter().copied())),
                w.target.map_or("no one".to_string(), name)
            ));
        }
        if let Some([a, b]) = n.buddies {
            facts.push(format!(
                "Mother Nature makes {} and {} buddies: each learns the other's name",
                name(a),
                name(b)
            ));
        }
        if let Some(s) = n.summon {
            facts.push(match n.nairobi {
                Some(p) => format!("The PPA summons {} to Nairobi for the day", name(p)),
                None => format!(
                    "The PPA summoned {}, who was eliminated: no one is in Nairobi",
                    name(s)
                ),
            });
        }
    }
    if let Some(d) = r.day() {
        facts.push(match &d.outcome {
            Outcome::None => "Outcome: no one is eliminated by the vote".to_string(),
            Outcome::Vote { player } => format!("Outcome: {} has the most votes", name(*player)),
            Outcome::Tie { tied, bear } => format!(
                "Outcome: a tie between {}: the Polar Bear {} goes instead (S6.2)",
                names(&setup.roster, tied.iter().copied()).join(" and "),
                name(*bear)
            ),
            Outcome::Revote { player } => {
                format!("Outcome: the revote eliminates {}", name(*player))
            }
            Outcome::Lot { among, player } => format!(
                "Outcome: the lot among {} chose {} (S6.5)",
                names(&setup.roster, among.iter().copied()).join(", "),
                name(*player)
            ),
        });
        if let Some(p) = d.ended_at_post {
            facts.push(format!(
                "A majority was reached after post {p}: later posts are ignored (S5.5)"
            ));
        }
    }
    facts.extend(r.notes.iter().map(|n| n.text(&setup.roster)));
    let day = r.day().map(|d| {
        let revote = d.revote.clone().map(|t| view! { <CountTable setup=setup.clone() tally=t caption="Revote count (S6.3)".to_string()/> });
        view! {
            <CountTable setup=setup.clone() tally=d.count.clone() caption="Final count".to_string()/>
            {revote}
        }
    });
    let warnings: Vec<String> = r.warnings.iter().map(|w| w.text(&setup.roster)).collect();
    let rejected = (!r.rejections.is_empty()).then(|| {
        view! {
            <h4>"Rejected lines (S2.4)"</h4>
            <ul class="rejections" data-testid="rejections">
                {r.rejections.iter().map(|x| view! {
                    <li><strong>{name(x.player)}</strong>{format!(", {}: ", x.place)}<code>{x.text.clone()}</code>{format!(" rejected: {}", x.reason.text(&setup.roster))}</li>
                }).collect_view()}
            </ul>
        }
    });
    view! {
        <div class="report">
            {elim}
            {winners}
            <ul class="facts" data-testid="facts">{facts.into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}</ul>
            {day}
            {(!warnings.is_empty()).then(|| view! {
                <h4>"Warnings"</h4>
                <ul class="warnings">{warnings.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
            })}
            {rejected}
        </div>
    }
}
