//! The moderator's view of a phase report: every elimination with its
//! causes, what stopped one, what each informed role learns, the day's
//! outcome and counts, every rejected line with the engine's reason.
//! Secret (it shows cards, targets and buddies): never for posting.

use super::state::{list, names, winners_text};
use crate::shell::html::{Html, PAGE, attr, esc, event_from, more_html};
use console_core::text::sort_small;
use leptos::prelude::*;
use std::fmt::Write as _;
use survival::count::Tally;
use survival::report::{Cause, Elimination, Outcome, PhaseReport, Rejection, TeamChoice};
use survival::{PlayerId, Roster, Setup};

/// Why a player was eliminated, in words, with the player a chain came
/// from.
pub fn cause_text(setup: &Setup, e: &Elimination) -> String {
    let by = e.by.map_or("", |p| setup.roster.name(p));
    e.causes
        .iter()
        .map(|c| match c {
            Cause::Kill => "killed by the Evil Forces (S3.1)".to_string(),
            Cause::Bomb => "the Engineer's bomb (S3.5)".to_string(),
            Cause::Discovered => "discovered: exposed while watching (S3.4)".to_string(),
            Cause::Vote => "voted out (S6.1)".to_string(),
            Cause::Tie => "the tie: the Polar Bear goes instead (S6.2)".to_string(),
            Cause::Lot => "chosen by lot (S6.5)".to_string(),
            Cause::Buddy => format!("buddy of {by} (S7.1)"),
            Cause::Revenge => format!("revenge of the GMO {by} (S7.2)"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn team(roster: &Roster, t: &TeamChoice) -> String {
    match t {
        TeamChoice::None => "none".to_string(),
        TeamChoice::Target(p) => roster.name(*p).to_string(),
        TeamChoice::Tie(v) => format!(
            "tied between {}: nothing (S3.1)",
            names(roster, v.iter().copied()).join(" and ")
        ),
    }
}

/// Voters as the count writes them: `Ann, Bob [x2]`.
pub fn voters_text(roster: &Roster, voters: impl Iterator<Item = (PlayerId, u8)>) -> String {
    voters
        .map(|(v, w)| {
            if w > 1 {
                format!("{} [x{w}]", roster.name(v))
            } else {
                roster.name(v).to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A count as a table: candidate, votes, voters (S9.2 order; votes for
/// no elimination in their place by count, before players of an equal
/// count, S5.6).
fn count_table(h: &mut Html, roster: &Roster, tally: &Tally, caption: &str) {
    let mut rows: Vec<(PlayerId, u32)> = tally.counts().collect();
    sort_small(&mut rows, |(p, n)| (u32::MAX - n, roster.rank(*p)));
    let ne = tally.no_elimination();
    if rows.is_empty() && ne == 0 {
        h.el("p", "", &format!("{caption}: no votes."));
        return;
    }
    let ne_at = rows
        .iter()
        .position(|(_, n)| *n <= ne)
        .unwrap_or(rows.len());
    let mut rows: Vec<(String, Vec<String>)> = rows
        .into_iter()
        .map(|(p, n)| {
            let mut by: Vec<(PlayerId, u8)> = tally.voters_of(p).collect();
            sort_small(&mut by, |(v, _)| roster.rank(*v));
            (
                attr("data-candidate", roster.name(p)),
                vec![
                    roster.name(p).to_string(),
                    n.to_string(),
                    voters_text(roster, by.into_iter()),
                ],
            )
        })
        .collect();
    if ne > 0 {
        let mut by: Vec<(PlayerId, u8)> = tally
            .voters_for(survival::vote::Target::NoElimination)
            .collect();
        sort_small(&mut by, |(v, _)| roster.rank(*v));
        rows.insert(
            ne_at,
            (
                " data-candidate=\"\" data-no-elimination=\"\"".to_string(),
                vec![
                    "No elimination".to_string(),
                    ne.to_string(),
                    voters_text(roster, by.into_iter()),
                ],
            ),
        );
    }
    h.table(
        " class=\"count\"",
        caption,
        &["Candidate", "Votes", "Voters"],
        &rows,
    );
}

/// Rejected lines as a list: who, where, the line, why (S2.4, S5.4).
pub fn rejections(h: &mut Html, roster: &Roster, testid: &str, list: &[Rejection]) {
    rejections_at(h, roster, testid, list, &|p| p.to_string());
}

/// [`rejections`] with each line's place written by `place` (the Day
/// screen's: the page's post numbers, as the split table has them).
pub fn rejections_at(
    h: &mut Html,
    roster: &Roster,
    testid: &str,
    list: &[Rejection],
    place: &dyn Fn(survival::report::Place) -> String,
) {
    let _ = write!(
        h.0,
        "<ul class=\"rejections\"{}>",
        attr("data-testid", testid)
    );
    for x in list {
        let _ = write!(
            h.0,
            "<li><strong>{}</strong>, {}: <code>{}</code> rejected: {}</li>",
            esc(roster.name(x.player)),
            esc(&place(x.place)),
            esc(&x.text),
            esc(&x.reason.text(roster))
        );
    }
    h.raw("</ul>");
}

/// HTML with long lists a page at a time (`html(shown)`: at most `shown`
/// rows a list, and [`more_html`]'s line under a longer one), for a phase
/// report or a player's lines (a pasted pile of a megabyte is
/// rejected line by line, 60,000 rows): "Show more" shows a page more.
#[component]
pub fn PagedReport(
    /// Writes the HTML with at most the given number of rows a list.
    html: Callback<usize, String>,
    /// The wrapper's test id, if any.
    #[prop(optional)]
    testid: Option<&'static str>,
) -> impl IntoView {
    let shown = RwSignal::new(PAGE);
    view! {
        <div data-testid=testid inner_html=move || html.run(shown.get())
            on:click=move |ev| if event_from(&ev, "button[data-act=more]").is_some() { shown.update(|n| *n += PAGE) }></div>
    }
}

/// A phase report with reasons, as HTML, its warnings and rejected lines
/// at most `shown` each ([`PagedReport`]).
pub fn report_html(setup: &Setup, r: &PhaseReport, shown: usize) -> String {
    let roster = &setup.roster;
    let name = |p: PlayerId| roster.name(p).to_string();
    let mut h = Html::default();
    h.raw("<div class=\"report\">");
    if !r.events.is_empty() {
        // The moderator's events first: they apply at the phase's start (S10.2).
        let notes: Vec<String> = r.events.iter().map(|e| e.text(roster)).collect();
        h.el("h4", "", "The moderator's events (S10)").list(
            "ul",
            " data-testid=\"events\"",
            &notes,
        );
    }
    if r.eliminations.is_empty() {
        h.el("p", " data-testid=\"eliminated\"", "No one is eliminated.");
    } else {
        let rows: Vec<(String, Vec<String>)> = r
            .eliminations
            .iter()
            .map(|e| {
                let causes: Vec<&str> = e.causes.iter().map(|c| c.name()).collect();
                (
                    format!(
                        "{}{}",
                        attr("data-player", roster.name(e.player)),
                        attr("data-causes", &causes.join(","))
                    ),
                    vec![
                        name(e.player),
                        setup.card(e.player).name().to_string(),
                        cause_text(setup, e),
                    ],
                )
            })
            .collect();
        h.table(
            " class=\"elims\" data-testid=\"eliminated\"",
            "Eliminated",
            &["Player", "Card", "Why"],
            &rows,
        );
    }
    if let Some(w) = &r.winners {
        let ws: Vec<String> = w.iter().map(|w| w.to_string()).collect();
        let alive = names(roster, r.alive.iter());
        let _ = write!(
            h.0,
            "<p class=\"final\" data-testid=\"winners\"{}><strong>The game ends: {} won (S8).</strong> Still alive: {}.</p>",
            attr("data-winners", &ws.join(",")),
            esc(&winners_text(w)),
            esc(&list(&alive))
        );
    }
    let mut facts: Vec<String> = Vec::new();
    if let Some(n) = r.night() {
        facts.push(format!("The Evil Forces' kill: {}", team(roster, &n.kill)));
        if n.expose != TeamChoice::None {
            facts.push(format!("Their exposure: {}", team(roster, &n.expose)));
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
                list(&names(roster, w.evil.iter().copied())),
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
        let tied = |v: &[PlayerId]| names(roster, v.iter().copied()).join(" and ");
        facts.push(match &d.outcome {
            Outcome::None => "Outcome: no one is eliminated by the vote".to_string(),
            Outcome::Vote { player } => format!("Outcome: {} has the most votes", name(*player)),
            Outcome::Tie { tied: t, bear } => format!(
                "Outcome: a tie between {}: the Polar Bear {} goes instead (S6.2)",
                tied(t),
                name(*bear)
            ),
            Outcome::Revote { player } => {
                format!("Outcome: the revote eliminates {}", name(*player))
            }
            Outcome::Lot { among, player } => format!(
                "Outcome: the lot among {} chose {} (S6.5)",
                tied(among),
                name(*player)
            ),
            Outcome::NoElimination => "Outcome: the vote went to no elimination (S5.6)".to_string(),
        });
        if let Some(p) = d.ended_at_post {
            facts.push(format!(
                "A majority was reached after post {p}: later posts are ignored (S5.5)"
            ));
        }
    }
    facts.extend(r.notes.iter().map(|n| n.text(roster)));
    h.list("ul", " class=\"facts\" data-testid=\"facts\"", &facts);
    if let Some(d) = r.day() {
        count_table(&mut h, roster, &d.count, "Final count");
        if let Some(t) = &d.revote {
            count_table(&mut h, roster, t, "Revote count (S6.3)");
        }
    }
    if !r.warnings.is_empty() {
        let w: Vec<String> = r
            .warnings
            .iter()
            .take(shown)
            .map(|w| w.text(roster))
            .collect();
        h.el("h4", "", "Warnings");
        h.list("ul", " class=\"warnings\"", &w);
        h.raw(&more_html(
            "report-warnings-more",
            shown,
            r.warnings.len(),
            "warnings shown",
        ));
    }
    if !r.rejections.is_empty() {
        h.el("h4", "", "Rejected lines (S2.4)");
        let list = &r.rejections[..shown.min(r.rejections.len())];
        rejections(&mut h, roster, "rejections", list);
        h.raw(&more_html(
            "report-rejections-more",
            shown,
            r.rejections.len(),
            "rejected lines shown, in order",
        ));
    }
    h.raw("</div>");
    h.done()
}
