//! The moderator's view of a round report: every outcome with its reason.
//! Secret (it shows who attacked and voted for whom): never for posting.
//!
//! Read-only views are written as HTML text (every name and line from a
//! player or the moderator escaped by [`esc`]) and set as one element's
//! content: far less browser code than a tree of typed elements.

use crate::shell::html::esc;
use leptos::prelude::*;
use mini_survivor::report::{MoveOutcome, OutcastCause, RoundReport, TallyVerdict};
use mini_survivor::submission::IdolCost;
use mini_survivor::{FinalResult, Position, Setup, SurvivorId};
use std::fmt::Write as _;

/// A select's options as HTML: (value, label) pairs, `selected` marked.
/// Values and labels are escaped.
pub fn options_html<'a>(
    options: impl IntoIterator<Item = (String, &'a str)>,
    selected: &str,
) -> String {
    let mut h = String::new();
    for (v, label) in options {
        let mark = if v == selected { " selected" } else { "" };
        h.push_str(&format!(
            "<option value=\"{}\"{mark}>{}</option>",
            esc(&v),
            esc(label)
        ));
    }
    h
}

fn ids(v: &[SurvivorId]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A section with a heading and a list of (already escaped) items.
fn section(h: &mut String, title: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = write!(h, "<section><h4>{title}</h4><ul>");
    for i in items {
        let _ = write!(h, "<li>{i}</li>");
    }
    h.push_str("</ul></section>");
}

/// A round report with reasons, as HTML. `after` is the position at the
/// end of the round.
pub fn report_html(setup: &Setup, report: &RoundReport, after: &Position) -> String {
    let name = |p: mini_survivor::PlayerId| esc(setup.players.name(p));
    let fallen = |v: &[SurvivorId]| {
        v.iter()
            .map(|&id| {
                let owner = after.survivor(id).map(|s| name(s.controller));
                format!("{id} ({})", owner.unwrap_or_default())
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let removed: Vec<String> = report
        .removed_tribes()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let outcasts: Vec<SurvivorId> = after.outcasts().collect();
    let mut h = String::from("<dl class=\"summary\" aria-label=\"Summary\">");
    for (label, id, value) in [
        ("Assassinated", "assassinated", ids(&report.assassinated)),
        ("Voted out", "voted-out", ids(&report.voted_out)),
        (
            "Tribes removed",
            "removed",
            if removed.is_empty() {
                "none".to_string()
            } else {
                removed.join(", ")
            },
        ),
        ("Outcasts now", "outcasts", ids(&outcasts)),
        ("Alive", "alive", after.alive().to_string()),
    ] {
        let _ = write!(h, "<dt>{label}</dt><dd data-testid=\"{id}\">{value}</dd>");
    }
    h.push_str("</dl>");
    let rejected: Vec<String> = report
        .rejections
        .iter()
        .map(|r| {
            format!(
                "<strong>{}</strong> line {}: <code>{}</code> — {}",
                name(r.player),
                r.line,
                esc(&r.text),
                esc(&r.reason.to_string())
            )
        })
        .collect();
    if !rejected.is_empty() {
        h.push_str("<div class=\"rejections\">");
        section(&mut h, "Rejected lines (R3.4)", &rejected);
        h.push_str("</div>");
    }
    let replaced: Vec<String> = report
        .replacements
        .iter()
        .map(|r| {
            format!(
                "{}: line {} ({} of {}) replaced by line {}",
                name(r.player),
                r.line,
                r.action.noun(),
                r.survivor,
                r.by_line
            )
        })
        .collect();
    section(&mut h, "Replaced lines (R3.5)", &replaced);
    let mut attacks: Vec<String> = report
        .attacks
        .iter()
        .map(|a| {
            let why = if a.correct {
                format!("correct guess: {} is eliminated", a.target)
            } else {
                format!(
                    "wrong guess ({} is not {}'s): the attacker {} is eliminated",
                    a.target,
                    name(a.guess),
                    a.attacker
                )
            };
            format!(
                "{} attacked {} guessing {} — {why}",
                a.attacker,
                a.target,
                name(a.guess)
            )
        })
        .collect();
    if attacks.is_empty() {
        attacks.push("none".to_string());
    }
    if !report.assassinated.is_empty() {
        attacks.push(format!("Eliminated: {}", fallen(&report.assassinated)));
    }
    section(&mut h, "Assassinations (R4)", &attacks);
    let idols: Vec<String> = report
        .idols
        .iter()
        .map(|i| {
            format!(
                "{} played an idol on {}{}",
                name(i.player),
                i.survivor,
                match i.cost {
                    IdolCost::Held => String::new(),
                    IdolCost::Bought(n) => format!(", bought for {n} garnets"),
                }
            )
        })
        .collect();
    section(&mut h, "Idols (R5.3, R5.4)", &idols);
    h.push_str("<section><h4>Votes (R5)</h4>");
    if report.voting_skipped {
        h.push_str(
            "<p>Voting was skipped: every tribe fell apart after the assassinations (R7.3).</p>",
        );
    }
    let pairs = |v: &[(SurvivorId, SurvivorId)]| {
        v.iter()
            .map(|(a, b)| format!("{a}→{b}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for t in &report.tallies {
        let mut counts = t.counts.clone();
        console_core::text::sort_small(&mut counts, |c| (std::cmp::Reverse(c.1), c.0));
        let verdict = match t.verdict {
            TallyVerdict::Most => "most votes",
            TallyVerdict::Tie => "tied for the most votes: all tied fall",
            TallyVerdict::AllZero => {
                "every vote was discarded: all counts are 0 and every member falls"
            }
        };
        let _ = write!(
            h,
            "<div class=\"tally\" data-tribe-tally=\"{}\"><strong>Tribe {} {}: </strong>{}<div class=\"muted\">Ballots: {}</div>",
            t.tribe,
            t.tribe,
            esc(setup.tribe_name(t.tribe)),
            counts
                .iter()
                .map(|(s, n)| format!("{s} ({n})"))
                .collect::<Vec<_>>()
                .join("  "),
            pairs(&t.ballots)
        );
        if !t.converted.is_empty() {
            let _ = write!(
                h,
                "<div class=\"muted\">Idol turned into self-votes: {}</div>",
                pairs(&t.converted)
            );
        }
        if !t.discarded.is_empty() {
            let _ = write!(
                h,
                "<div class=\"muted\">Discarded (assassinated voter or target, R5.2): {}</div>",
                pairs(&t.discarded)
            );
        }
        let _ = write!(
            h,
            "<div>Out: {} — {verdict}</div></div>",
            fallen(&t.eliminated)
        );
    }
    h.push_str("</section>");
    let mut removals: Vec<String> = report
        .removals
        .iter()
        .map(|r| {
            if r.collapse {
                format!(
                    "{} removed at random after {}: every tribe would have gone (R7.3)",
                    r.tribe, r.segment
                )
            } else {
                format!(
                    "{} removed after {}: {} left (R7.1)",
                    r.tribe, r.segment, r.left
                )
            }
        })
        .collect();
    if let Some(c) = report.collapse.filter(|c| c.removed.is_none()) {
        removals.push(format!(
            "After {}: the last tribe stays, its members become outcasts (R7.3)",
            c.segment
        ));
    }
    section(&mut h, "Tribes removed (R7)", &removals);
    let new_outcasts: Vec<String> = report
        .new_outcasts
        .iter()
        .map(|(s, c)| {
            let why = match c {
                OutcastCause::TribeRemoved(t, seg) => {
                    format!("tribe {t} was removed after {seg} (R7.1)")
                }
                OutcastCause::Collapse(seg) => format!("every tribe fell apart after {seg} (R7.3)"),
                OutcastCause::MovedIntoRemoved(t) => {
                    format!("moved into tribe {t}, removed this round (R6.5)")
                }
                OutcastCause::SmallTribe(t) => {
                    format!("tribe {t} held 2 or fewer after the moves (R6.6)")
                }
                OutcastCause::Stayed => "had no move and stays outcast (R6.7 option)".to_string(),
            };
            format!("{s}: {why}")
        })
        .collect();
    section(&mut h, "New outcasts", &new_outcasts);
    let moves: Vec<String> = report
        .moves
        .iter()
        .map(|(s, m)| {
            let what = match m {
                MoveOutcome::Moved(t) => format!("moved to {t}"),
                MoveOutcome::IntoRemoved(t) => {
                    format!("moved to {t}, removed this round: outcast (R6.5)")
                }
                MoveOutcome::VoidOutcast(t) => {
                    format!("move to {t} void: it became an outcast this round (R6.3)")
                }
                MoveOutcome::VoidEliminated(t) => format!("move to {t} void: eliminated"),
                MoveOutcome::Placed(t) => {
                    format!("outcast with no move, placed at random in {t} (R6.7)")
                }
                MoveOutcome::Stayed => {
                    "outcast with no move, stays outcast (R6.7 option)".to_string()
                }
            };
            format!("{s}: {what}")
        })
        .collect();
    section(&mut h, "Movement (R6)", &moves);
    let out: Vec<String> = report
        .players_out
        .iter()
        .map(|(p, seg)| format!("{} ({seg})", name(*p)))
        .collect();
    section(&mut h, "Players fully eliminated", &out);
    h
}

/// A round report with reasons. `after` is the position at the end of the round.
#[component]
pub fn ReportView(setup: Setup, report: RoundReport, after: Position) -> impl IntoView {
    view! { <div class="report" inner_html=report_html(&setup, &report, &after)></div> }
}

/// The end of the game (R8), as HTML: Tokens of Life, garnets awarded, the EC.
pub fn final_html(setup: &Setup, result: &FinalResult) -> String {
    let list = |v: &[u32]| {
        let items: Vec<String> = setup
            .players
            .named_counts(v)
            .map(|(p, n)| format!("{} {n}", esc(p)))
            .collect();
        if items.is_empty() {
            "none".to_string()
        } else {
            items.join(", ")
        }
    };
    let names = |v: &[mini_survivor::PlayerId]| {
        v.iter()
            .map(|p| esc(setup.players.name(*p)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let ec = match &result.elimination_candidate {
        None => "none: no player was fully eliminated".to_string(),
        Some(ec) if ec.deciders.is_empty() => {
            format!("{} (fully eliminated {})", names(&ec.players), ec.moment)
        }
        Some(ec) => format!(
            "tie between {} (all fully eliminated {}); decided by {}",
            names(&ec.players),
            ec.moment,
            names(&ec.deciders)
        ),
    };
    format!(
        "<h3>The game is over (R8)</h3><dl><dt>Tokens of Life</dt><dd data-testid=\"tokens\">{}</dd><dt>Garnets awarded</dt><dd data-testid=\"garnets\">{}</dd><dt>Elimination Candidate</dt><dd data-testid=\"ec\">{ec}</dd><dt>Seed</dt><dd>{}</dd></dl>",
        list(&result.tokens_of_life),
        result
            .garnets_awarded
            .as_deref()
            .map(list)
            .unwrap_or_else(|| "none".to_string()),
        setup.seed
    )
}

/// The end of the game (R8): Tokens of Life, garnets awarded, the EC.
#[component]
pub fn FinalView(setup: Setup, result: FinalResult) -> impl IntoView {
    view! { <section class="final" aria-label="Final result" inner_html=final_html(&setup, &result)></section> }
}
