//! The vote (D7): voters, immune players and candidates as the engine gives
//! them; the advantages held (D7.2: Hidden Immunity before or after the
//! votes, on any voter; Extra Vote before them); a ballot per voter naming a
//! candidate (two with an Extra Vote played); and, when the engine's dry run
//! finds a tie, what reading the votes will do: post the first count and
//! ask for the revote, a step of its own (D7.5; revote ballots pasted now
//! are kept for it).

use super::super::super::state::Ctx;
use super::super::widgets::{check, list, select};
use super::{name_select, play_button_checked, refusals};
use dice_org::Advantage;
use dice_org::Phase;
use dice_org::changes::vote_warnings;
use dice_org::step::StepReport;
use dice_org::vote::{Ballot, Play, VoteInput, When};
use dice_org::{ByName, Entry, Season};
use leptos::prelude::*;

fn draft(ctx: Ctx) -> VoteInput {
    ctx.drafts.with(|d| d.vote.clone().unwrap_or_default())
}

fn update(ctx: Ctx, f: impl FnOnce(&mut VoteInput)) {
    ctx.drafts.update(|d| f(d.vote.get_or_insert_default()));
}

/// The play of `holder`'s `card` in the draft, if any.
fn play_of(v: &VoteInput, holder: &str, card: &Advantage) -> Option<Play> {
    v.advantages
        .iter()
        .find(|p| p.player == holder && &p.card == card)
        .cloned()
}

fn set_play(ctx: Ctx, holder: &str, card: &Advantage, play: Option<Play>) {
    update(ctx, |v| {
        v.advantages
            .retain(|p| !(p.player == holder && &p.card == card));
        v.advantages.extend(play);
    });
}

/// Vote `k` (0 or 1) of a voter's ballot in `map`.
pub(super) fn vote_of(b: Option<&Ballot>, k: usize) -> Option<String> {
    b.and_then(|b| b.names().get(k).map(|n| n.to_string()))
}

pub(super) fn set_vote(ballots: &mut ByName<Ballot>, voter: &str, k: usize, v: Option<String>) {
    let mut slots = [
        vote_of(ballots.get(voter), 0),
        vote_of(ballots.get(voter), 1),
    ];
    slots[k] = v;
    let names: Vec<String> = slots.into_iter().flatten().collect();
    match names.len() {
        0 => {
            ballots.remove(voter);
        }
        1 => {
            ballots.insert(voter.to_string(), Ballot::One(names[0].clone()));
        }
        _ => {
            ballots.insert(voter.to_string(), Ballot::Many(names));
        }
    }
}

/// The vote as it is read: the draft asking for the revote as a step of
/// its own (D7.5); its revote ballots wait in the draft for that step.
fn as_read(v: VoteInput) -> VoteInput {
    VoteInput {
        revote: Default::default(),
        ask_revote: true,
        ..v
    }
}

/// The tie the engine finds with this draft (D7.5): the tied, if any.
fn tie(s: &Season, v: &VoteInput) -> Option<Vec<String>> {
    let Ok(StepReport::Vote(r)) = s.dry_run(&Entry::Vote(as_read(v.clone()))) else {
        return None;
    };
    let st = s.state();
    r.revote_due
        .then(|| r.tied.iter().map(|&p| st.name(p).to_string()).collect())
}

#[component]
pub fn Vote(
    voters: Vec<String>,
    candidates: Vec<String>,
    immune: Vec<String>,
    cards: Vec<(String, Advantage)>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let entry = Signal::derive(move || Entry::Vote(as_read(draft(ctx))));
    let extra = move |voter: &str| {
        draft(ctx)
            .advantages
            .iter()
            .any(|p| p.player == voter && p.card == Advantage::ExtraVote)
    };
    let re = move || {
        let v = draft(ctx);
        ctx.with_game(|s| tie(s, &v)).flatten()
    };
    let voters2 = voters.clone();
    // A ballot a paste gave that is gone or changed, a voter's line a
    // paste rejected (D12.11): said before the votes are read.
    let voters3 = voters.clone();
    let warnings = Signal::derive(move || {
        let v = draft(ctx);
        ctx.drafts.with(|d| {
            let taken: Vec<_> = d
                .pastes
                .iter()
                .filter(|t| t.phase == Some(Phase::Vote))
                .cloned()
                .collect();
            vote_warnings(&voters3, &taken, &v.votes, false)
        })
    });
    view! {
        <section class="phase" aria-label="Vote">
            <h3>"The vote (D7)"</h3>
            <dl class="summary">
                <dt>"Voters"</dt><dd data-testid="voters">{list(&voters)}</dd>
                <dt>"Immune"</dt><dd data-testid="immune-voters">{list(&immune)}</dd>
                <dt>"Candidates"</dt><dd data-testid="candidates">{list(&candidates)}</dd>
            </dl>
            <h4>"Advantages (D7.2)"</h4>
            {if cards.is_empty() { view! { <p class="muted">"Nobody holds an advantage that can be played here."</p> }.into_any() } else { view! {
                <ul class="cards">
                {cards.into_iter().map(|(holder, card)| {
                    let label = format!("{holder}'s {card}");
                    match card.clone() {
                        Advantage::HiddenImmunity => {
                            let (h1, h2, h3, c1, c2, c3) = (holder.clone(), holder.clone(), holder.clone(), card.clone(), card.clone(), card.clone());
                            let when = Signal::derive(move || match play_of(&draft(ctx), &h1, &c1).map(|p| p.when.unwrap_or_default()) {
                                Some(When::Before) => "before".to_string(),
                                Some(When::After) => "after".to_string(),
                                None => String::new(),
                            });
                            let on = Signal::derive(move || play_of(&draft(ctx), &h2, &c2).and_then(|p| p.on));
                            let voters = voters.clone();
                            view! {
                                <li>{format!("{label}: ")}
                                    {select(format!("When {label} is played"), "card-when",
                                        vec![(String::new(), "not played".into()), ("before".into(), "played before the votes".into()), ("after".into(), "played after the votes".into())],
                                        when, Callback::new(move |v: String| {
                                            let old = play_of(&draft(ctx), &h3, &c3);
                                            let when = match v.as_str() { "before" => Some(When::Before), "after" => Some(When::After), _ => None };
                                            set_play(ctx, &h3, &c3, when.map(|w| Play { player: h3.clone(), card: c3.clone(), on: old.and_then(|p| p.on), when: Some(w) }));
                                        }))}
                                    " on "
                                    {name_select(format!("Whom {label} protects"), voters, "nobody yet", on, Callback::new({
                                        let (h, c) = (holder.clone(), card.clone());
                                        move |v: Option<String>| {
                                            let old = play_of(&draft(ctx), &h, &c);
                                            set_play(ctx, &h, &c, Some(Play { player: h.clone(), card: c.clone(), on: v, when: old.and_then(|p| p.when).or(Some(When::Before)) }));
                                        }
                                    }))}
                                </li>
                            }.into_any()
                        }
                        Advantage::ExtraVote => {
                            let (h1, h2, c1, c2) = (holder.clone(), holder.clone(), card.clone(), card.clone());
                            view! {
                                <li>{check(format!("{label}: played before the votes (one more vote)"), false, "extra-vote",
                                    Signal::derive(move || play_of(&draft(ctx), &h1, &c1).is_some()), Signal::stored(true),
                                    Callback::new(move |v: bool| set_play(ctx, &h2, &c2, v.then(|| Play { player: h2.clone(), card: c2.clone(), on: None, when: Some(When::Before) }))))}</li>
                            }.into_any()
                        }
                        Advantage::Other(_) => view! { <li>{format!("{label}: a producers' card, applied by hand on the Production screen (D9)")}</li> }.into_any(),
                    }
                }).collect_view()}
                </ul>
            }.into_any() }}
            <h4>"Ballots (D7.3)"</h4>
            <table class="grid-table" data-testid="ballots">
                <caption class="sr-only">"Each voter's ballot"</caption>
                <thead><tr><th scope="col">"Voter"</th><th scope="col">"Votes for"</th></tr></thead>
                <tbody>
                {voters2.into_iter().map(|v| {
                    let cands = candidates.clone();
                    let (v1, v2) = (v.clone(), v.clone());
                    view! {
                        <tr data-voter=v.clone()><th scope="row">{v.clone()}</th>
                            <td>{move || (0..if extra(&v1) { 2 } else { 1 }).map(|k| {
                                let (a, b) = (v2.clone(), v2.clone());
                                name_select(format!("{a}'s vote{}", if k == 1 { " (Extra Vote)" } else { "" }), cands.clone(), "no vote",
                                    Signal::derive(move || vote_of(draft(ctx).votes.get(&a), k)),
                                    Callback::new(move |x| update(ctx, |d| set_vote(&mut d.votes, &b, k, x))))
                            }).collect_view()}</td>
                        </tr>
                    }
                }).collect_view()}
                </tbody>
            </table>
            {move || re().map(|tied| {
                let held: Vec<String> = draft(ctx).revote.iter().map(|(v, b)| format!("{v}: {}", b.names().iter().map(|n| n.as_str()).collect::<Vec<_>>().join(", "))).collect();
                view! {
                    <section class="revote" aria-label="Tie" data-testid="tie">
                        <h4>"A tie (D7.5)"</h4>
                        <p>{format!("These ballots tie between {}. Reading the votes posts this count and asks for the revote, a step of its own: the others vote again between them, the tied do not vote.", list(&tied))}</p>
                        {(!held.is_empty()).then(|| view! { <p data-testid="revotes-held">{format!("Revotes already in, kept for the revote: {}.", held.join("; "))}</p> })}
                    </section>
                }
            })}
            {refusals(ctx, entry)}
            {play_button_checked(ctx, "Read the votes", entry, warnings)}
        </section>
    }
}
