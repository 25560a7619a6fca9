//! The moderator's view of a round report: every outcome with its reason.
//! Secret (it shows who attacked and voted for whom): never for posting.

use leptos::prelude::*;
use mini_survivor::report::{MoveOutcome, OutcastCause, RoundReport, TallyVerdict};
use mini_survivor::submission::IdolCost;
use mini_survivor::{FinalResult, Position, Setup, SurvivorId};

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

/// A round report with reasons. `after` is the position at the end of the round.
#[component]
pub fn ReportView(setup: Setup, report: RoundReport, after: Position) -> impl IntoView {
    let name = |p: mini_survivor::PlayerId| setup.players.name(p).to_string();
    let owner = |id: SurvivorId| {
        after
            .survivor(id)
            .map(|s| setup.players.name(s.controller).to_string())
            .unwrap_or_default()
    };
    let fallen = |v: &[SurvivorId]| {
        v.iter()
            .map(|&id| format!("{id} ({})", owner(id)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let removed: Vec<String> = report
        .removed_tribes()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let outcasts: Vec<SurvivorId> = after.outcasts().collect();
    view! {
        <div class="report">
            <dl class="summary" aria-label="Summary">
                <dt>"Assassinated"</dt><dd data-testid="assassinated">{ids(&report.assassinated)}</dd>
                <dt>"Voted out"</dt><dd data-testid="voted-out">{ids(&report.voted_out)}</dd>
                <dt>"Tribes removed"</dt><dd data-testid="removed">{if removed.is_empty() { "none".to_string() } else { removed.join(", ") }}</dd>
                <dt>"Outcasts now"</dt><dd data-testid="outcasts">{ids(&outcasts)}</dd>
                <dt>"Alive"</dt><dd data-testid="alive">{after.alive()}</dd>
            </dl>
            {(!report.rejections.is_empty()).then(|| view! {
                <section><h4>"Rejected lines (R3.4)"</h4><ul class="rejections">
                    {report.rejections.iter().map(|r| view! { <li><strong>{name(r.player)}</strong> {format!(" line {}: ", r.line)} <code>{r.text.clone()}</code> {format!(" — {}", r.reason)}</li> }).collect_view()}
                </ul></section>
            })}
            {(!report.replacements.is_empty()).then(|| view! {
                <section><h4>"Replaced lines (R3.5)"</h4><ul>
                    {report.replacements.iter().map(|r| view! { <li>{format!("{}: line {} ({} of {}) replaced by line {}", name(r.player), r.line, r.action.noun(), r.survivor, r.by_line)}</li> }).collect_view()}
                </ul></section>
            })}
            <section><h4>"Assassinations (R4)"</h4>
                {if report.attacks.is_empty() { view! { <p class="muted">"none"</p> }.into_any() } else { view! { <ul>
                    {report.attacks.iter().map(|a| {
                        let why = if a.correct { format!("correct guess: {} is eliminated", a.target) } else { format!("wrong guess ({} is not {}'s): the attacker {} is eliminated", a.target, name(a.guess), a.attacker) };
                        view! { <li>{format!("{} attacked {} guessing {} — {why}", a.attacker, a.target, name(a.guess))}</li> }
                    }).collect_view()}
                </ul> }.into_any() }}
                {(!report.assassinated.is_empty()).then(|| view! { <p>"Eliminated: " {fallen(&report.assassinated)}</p> })}
            </section>
            {(!report.idols.is_empty()).then(|| view! {
                <section><h4>"Idols (R5.3, R5.4)"</h4><ul>
                    {report.idols.iter().map(|i| view! { <li>{format!("{} played an idol on {}{}", name(i.player), i.survivor, match i.cost { IdolCost::Held => String::new(), IdolCost::Bought(n) => format!(", bought for {n} garnets") })}</li> }).collect_view()}
                </ul></section>
            })}
            <section><h4>"Votes (R5)"</h4>
                {report.voting_skipped.then(|| view! { <p>"Voting was skipped: every tribe fell apart after the assassinations (R7.3)."</p> })}
                {report.tallies.iter().map(|t| {
                    let mut counts = t.counts.clone();
                    counts.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                    let verdict = match t.verdict { TallyVerdict::Most => "most votes", TallyVerdict::Tie => "tied for the most votes: all tied fall", TallyVerdict::AllZero => "every vote was discarded: all counts are 0 and every member falls" };
                    view! {
                        <div class="tally" data-tribe-tally=t.tribe.to_string()>
                            <strong>{format!("Tribe {} {}: ", t.tribe, setup.tribe_name(t.tribe))}</strong>
                            {counts.iter().map(|(s, n)| format!("{s} ({n})")).collect::<Vec<_>>().join("  ")}
                            <div class="muted">{format!("Ballots: {}", t.ballots.iter().map(|(v, x)| format!("{v}→{x}")).collect::<Vec<_>>().join(", "))}</div>
                            {(!t.converted.is_empty()).then(|| view! { <div class="muted">{format!("Idol turned into self-votes: {}", t.converted.iter().map(|(v, x)| format!("{v}→{x}")).collect::<Vec<_>>().join(", "))}</div> })}
                            {(!t.discarded.is_empty()).then(|| view! { <div class="muted">{format!("Discarded (assassinated voter or target, R5.2): {}", t.discarded.iter().map(|(v, x)| format!("{v}→{x}")).collect::<Vec<_>>().join(", "))}</div> })}
                            <div>{format!("Out: {} — {verdict}", fallen(&t.eliminated))}</div>
                        </div>
                    }
                }).collect_view()}
            </section>
            {(!report.removals.is_empty() || report.collapse.is_some()).then(|| view! {
                <section><h4>"Tribes removed (R7)"</h4><ul>
                    {report.removals.iter().map(|r| view! { <li>{if r.collapse { format!("{} removed at random after {}: every tribe would have gone (R7.3)", r.tribe, r.segment) } else { format!("{} removed after {}: {} left (R7.1)", r.tribe, r.segment, r.left) }}</li> }).collect_view()}
                    {report.collapse.filter(|c| c.removed.is_none()).map(|c| view! { <li>{format!("After {}: the last tribe stays, its members become outcasts (R7.3)", c.segment)}</li> })}
                </ul></section>
            })}
            {(!report.new_outcasts.is_empty()).then(|| view! {
                <section><h4>"New outcasts"</h4><ul>
                    {report.new_outcasts.iter().map(|(s, c)| view! { <li>{format!("{s}: {}", match c {
                        OutcastCause::TribeRemoved(t, seg) => format!("tribe {t} was removed after {seg} (R7.1)"),
                        OutcastCause::Collapse(seg) => format!("every tribe fell apart after {seg} (R7.3)"),
                        OutcastCause::MovedIntoRemoved(t) => format!("moved into tribe {t}, removed this round (R6.5)"),
                        OutcastCause::SmallTribe(t) => format!("tribe {t} held 2 or fewer after the moves (R6.6)"),
                        OutcastCause::Stayed => "had no move and stays outcast (R6.7 option)".to_string(),
                    })}</li> }).collect_view()}
                </ul></section>
            })}
            {(!report.moves.is_empty()).then(|| view! {
                <section><h4>"Movement (R6)"</h4><ul>
                    {report.moves.iter().map(|(s, m)| view! { <li>{format!("{s}: {}", match m {
                        MoveOutcome::Moved(t) => format!("moved to {t}"),
                        MoveOutcome::IntoRemoved(t) => format!("moved to {t}, removed this round: outcast (R6.5)"),
                        MoveOutcome::VoidOutcast(t) => format!("move to {t} void: it became an outcast this round (R6.3)"),
                        MoveOutcome::VoidEliminated(t) => format!("move to {t} void: eliminated"),
                        MoveOutcome::Placed(t) => format!("outcast with no move, placed at random in {t} (R6.7)"),
                        MoveOutcome::Stayed => "outcast with no move, stays outcast (R6.7 option)".to_string(),
                    })}</li> }).collect_view()}
                </ul></section>
            })}
            {(!report.players_out.is_empty()).then(|| view! {
                <section><h4>"Players fully eliminated"</h4><p>{report.players_out.iter().map(|(p, seg)| format!("{} ({seg})", name(*p))).collect::<Vec<_>>().join(", ")}</p></section>
            })}
        </div>
    }
}

/// The end of the game (R8): Tokens of Life, garnets awarded, the EC.
#[component]
pub fn FinalView(setup: Setup, result: FinalResult) -> impl IntoView {
    let list = |v: &[u32]| {
        let items: Vec<String> = setup
            .players
            .named_counts(v)
            .map(|(p, n)| format!("{p} {n}"))
            .collect();
        if items.is_empty() {
            "none".to_string()
        } else {
            items.join(", ")
        }
    };
    let names = |v: &[mini_survivor::PlayerId]| {
        v.iter()
            .map(|p| setup.players.name(*p).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let ec = match &result.elimination_candidate {
        None => "none: no player was fully eliminated".to_string(),
        Some(ec) if ec.deciders.is_empty() => {
            format!("{} (eliminated {})", names(&ec.players), ec.moment)
        }
        Some(ec) => format!(
            "tie between {} (eliminated {}); decided by {}",
            names(&ec.players),
            ec.moment,
            names(&ec.deciders)
        ),
    };
    view! {
        <section class="final" aria-label="Final result">
            <h3>"The game is over (R8)"</h3>
            <dl>
                <dt>"Tokens of Life"</dt><dd data-testid="tokens">{list(&result.tokens_of_life)}</dd>
                <dt>"Garnets awarded"</dt><dd data-testid="garnets">{result.garnets_awarded.as_deref().map(list).unwrap_or_else(|| "none".to_string())}</dd>
                <dt>"Elimination Candidate"</dt><dd data-testid="ec">{ec}</dd>
                <dt>"Seed"</dt><dd>{setup.seed.to_string()}</dd>
            </dl>
        </section>
    }
}
