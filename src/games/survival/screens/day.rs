//! Day: the thread pasted as it grows, page by page, as the forum or
//! Discord gives it (the engine's splitter detects the layout, S2.9, or
//! reads the one the moderator picks); the split shown post by post with
//! what was read from each, and every doubtful reading with its one-click
//! answers (`split`); a live vote count in the S9.2 layout by the
//! engine's counter, with the Spotlight's
//! double vote, Nairobi, the Polar Bear's sole or barred voter and, in
//! majority mode, the votes needed and L-1 marks; every rejected vote line
//! with its reason; the outcome as it stands (a revote among the tied and
//! the lot when needed), the decisions the eliminations call for, and the
//! commit (as on the Night screen, never by accident).
//!
//! The reading (split, count, preview, revote) is done in the site's
//! worker (`day_text`; on the page a 1 MB thread would block it):
//! asked latest-only as the drafts change, the previous reading kept in
//! view (marked as being read) while the next is computed.

use super::super::day_text::{AddReply, DayReply, appended};
use super::super::report_view::{rejections_at, voters_text};
use super::super::state::{Ctx, list};
use super::common::{Committed, Elsewhere, Outcome, capital};
use super::events::{Activity, CountCopy, Events, VoteHistory};
use super::posts::{FileJson, Latest, ask};
use super::split::{Doubtful, SplitView};
use crate::shell::html::{Html, attr};
use crate::shell::paste::{HeldBox, is_held};
use leptos::prelude::*;
use survival::count::VoteCount;
use survival::day::Counter;
use survival::report::{CountedVote, IgnoredLine, NameGuess, NoVote, Rejection};

/// The live count, as the engine's counter has it after the last post.
#[derive(Clone, Debug, PartialEq)]
pub struct Live {
    /// The count (S9.2).
    pub count: VoteCount,
    /// Rejected vote lines (S5.4).
    pub rejections: Vec<Rejection>,
    /// Under majority: the post after which the day ended (S5.5).
    pub decided: Option<u32>,
    /// Every counted vote and withdrawal, by post and line (S5.3).
    pub votes: Vec<CountedVote>,
    /// Lines that look like votes and do not count, with why (S5.4).
    pub ignored: Vec<IgnoredLine>,
    /// Names read by a guess or a nickname in counted votes (S2.3).
    pub guesses: Vec<NameGuess>,
}

impl Live {
    /// The count as the counter `c` has it, in `state`.
    pub fn of(c: &Counter<'_>, state: &survival::State) -> Live {
        Live {
            count: c.view(state),
            rejections: c.rejections().to_vec(),
            decided: c.decided(),
            votes: c.votes().to_vec(),
            ignored: c.ignored().to_vec(),
            guesses: c.guesses().to_vec(),
        }
    }
}

#[component]
pub fn Day() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let just = RwSignal::new(None::<usize>);
    let is_day = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .is_some_and(|l| !l.game.is_over() && !l.game.phase().is_night())
        })
    };
    view! {
        <section class="day">
            {move || just.get().map(|i| view! { <Committed i/> })}
            <Show when=is_day fallback=move || view! { <Elsewhere night=false just/> }>
                <DayEntry just/>
            </Show>
        </section>
    }
}

fn no_vote(why: NoVote) -> &'static str {
    match why {
        NoVote::Nairobi => "in Nairobi",
        NoVote::Barred => "barred by the Polar Bear",
        NoVote::NotSole => "not the Polar Bear's sole voter",
        NoVote::SoleCannotVote => "the sole voter cannot vote, so no one votes",
        NoVote::Memory => "a Memory",
    }
}

#[component]
fn DayEntry(just: RwSignal<Option<usize>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let phase = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| l.game.phase().to_string())
                .unwrap_or_default()
        })
    };
    let page = ctx.page;
    // The save file as JSON, serialised once per change for every
    // request of the screen (the reading, the count post, the vote
    // history, the activity).
    let file = FileJson::new(ctx);
    provide_context(file);
    // The split table's rows laid out (pages of `PAGE`).
    let shown = RwSignal::new(crate::shell::html::PAGE);
    // The count's rejected lines laid out (the same pages).
    let rejected = RwSignal::new(crate::shell::html::PAGE);
    // The day's reading, done in the site's worker (`day_text`): asked
    // again whenever a draft it reads changes, latest-only.
    let day = ctx.day;
    let reader = Latest::new(move || {
        request(
            ctx,
            file,
            format!("day:{}:{}", shown.get_untracked(), rejected.get_untracked()),
        )
    });
    Effect::new(move |_| {
        shown.track();
        rejected.track();
        ctx.thread.track();
        ctx.layout.track();
        ctx.revote.track();
        ctx.decisions.track();
        ctx.events.track();
        ctx.live.track();
        reader.ask();
    });
    reader.read_into(ctx, "The thread", |d: &DayReply| d.error.as_ref(), day);

    // "Add this page": the worker splits the page and the thread (a page
    // in another layout than the thread turns both into BBCode quotes).
    // The page as sent: what is added (text typed into the box while
    // the worker reads is kept there).
    let sent = StoredValue::new(String::new());
    // The game, its phase and the thread the page was sent with: an
    // answer about another is not applied.
    let basis = move || {
        ctx.live.with_untracked(|l| {
            l.as_ref().map(|l| {
                (
                    l.id.clone(),
                    l.game.phases().len(),
                    ctx.thread.get_untracked(),
                )
            })
        })
    };
    let sent_with = StoredValue::new(None);
    let adder = Latest::new(move || {
        sent.set_value(page.get_untracked());
        sent_with.set_value(basis());
        request(ctx, file, "add".to_string())
    });
    // Marked as being read while either is on its way.
    let reading = Signal::derive(move || reader.reading.get() || adder.reading.get());
    // What was wrong with the last page added (S2.9: no post read, fewer
    // than it states): shown until the next page is added or dismissed.
    let added_wrong = RwSignal::new(Vec::<String>::new());
    let add_page = move |_| {
        if page.with_untracked(|p| p.trim().is_empty()) {
            return;
        }
        added_wrong.set(Vec::new());
        adder.ask();
    };
    Effect::new(move |_| {
        let Some(Ok(text)) = adder.reply.get() else {
            if let Some(Err(e)) = adder.reply.get() {
                ctx.warn(format!("The page could not be added: {e}"));
            }
            return;
        };
        let Ok(a) = serde_json::from_str::<AddReply>(&text) else {
            return;
        };
        if let Some(e) = a.error {
            ctx.warn(format!("The page could not be added: {e}"));
            return;
        }
        if sent_with.with_value(|w| *w != basis()) {
            ctx.warn("The thread changed while the page was being added: nothing was added, the page is still in its box; add it again.");
            return;
        }
        let mixed = a.quoted.is_some();
        match a.quoted {
            Some(q) => {
                ctx.thread.set(q);
                ctx.layout.set(String::new());
            }
            None => sent.with_value(|p| ctx.thread.update(|t| *t = appended(t, p))),
        }
        if sent.with_value(|p| page.with_untracked(|now| now == p)) {
            page.set(String::new());
        }
        sent.set_value(String::new());
        let said = format!(
            "Page added: {} new posts, {} in all{}",
            a.after.saturating_sub(a.before),
            a.after,
            if mixed {
                " (pages in different layouts: the thread is kept as BBCode quotes, one per post)"
            } else {
                ""
            }
        );
        if a.problems.is_empty() {
            ctx.say(said);
        } else {
            ctx.warn(format!(
                "{said}: check the page (see the warning above the thread)"
            ));
            added_wrong.set(a.problems);
        }
    });
    let preview = Signal::derive(move || day.with(|d| d.as_ref()?.shown.clone()));
    let revote_needed = Memo::new(move |_| day.with(|d| d.as_ref().and_then(|d| d.revote.clone())));
    // The count post as chosen: S9.2 or wagons (S10.9), with the time
    // left (S10.5), written by the rules worker (`posts_text`).
    let count_post = ask(ctx, move || Some(("count".to_string(), ctx.deadline_now())));
    view! {
        <h2>{move || format!("{}: the thread", capital(&phase()))}</h2>
        <p class="electorate" data-testid="electorate">{move || day.with(|d| d.as_ref().map(|d| d.electorate.clone()))}</p>
        <div class="thread" class:reading=move || reading.get() aria-busy=move || reading.get().to_string()>
            // A page over `HELD` is read in full but not put into its box
            // (Chromium takes seconds to lay out 1 MB) unless "Show it"; a
            // long paste is taken from the paste event (shell::paste).
            <div class="stack" class:long=move || page.with(|p| is_held(p.len(), crate::shell::html::HELD))>
                <label for="next-page">"Paste the next page of the thread (it is added at the end)"</label>
                <HeldBox value=page set=move |v| page.set(v) id="next-page" testid="page"/>
            </div>
            <button on:click=add_page data-testid="add-page" disabled=move || adder.reading.get()>"Add this page to the thread"</button>
            {move || added_wrong.with(|w| (!w.is_empty()).then(|| {
                let items = w.iter().map(|t| view! { <li>{capital(t)}"."</li> }).collect_view();
                view! {
                    <div class="warn page-warning" role="alert" data-testid="page-warning">
                        <p><strong>"The page just added was not read in full (S2.9):"</strong></p>
                        <ul>{items}</ul>
                        <button on:click=move |_| added_wrong.set(Vec::new())>"Dismiss"</button>
                    </div>
                }
            }))}
            // (A long thread is not put into its box either: Chromium spent
            // 1.2 s laying out 1 MB in it even in a closed `details`.)
            <details class:long=move || ctx.thread.with(|t| is_held(t.len(), crate::shell::html::HELD))>
                <summary>"The whole thread so far (you can edit it or paste it all here)"</summary>
                <p class="muted">"Paste pages as the forum or Discord gives them when selected and copied (phpBB, vBulletin, XenForo, Invision, Discourse, SMF, Discord, or the BBCode of quoted posts); hand-made text takes " <code>"Name:"</code> " or " <code>"== Name =="</code> " on a line of their own (S2.9)."</p>
                <HeldBox value=ctx.thread set=move |v| ctx.thread.set(v) rows=12 label="The whole thread" testid="thread"/>
            </details>
            // (Its line is kept while hidden: the split does not move as it comes and goes.)
            <p class="muted busy-note" data-testid="reading" hidden=move || !reading.get()>"Reading the thread…"</p>
            <SplitView day shown/>
        </div>
        <Doubtful day/>
        <section class="live-count" aria-label="Live vote count" data-testid="count" class:reading=move || reading.get()
            on:click=move |ev| if crate::shell::html::event_from(&ev, "button[data-act=more]").is_some() { rejected.update(|n| *n += crate::shell::html::PAGE) }
            inner_html=move || day.with(|d| d.as_ref().map(|d| d.count.clone()).unwrap_or_default())></section>
        <div class="row"><CountCopy reply=count_post/>
            <label class="toggle"><input type="checkbox" data-testid="wagons" prop:checked=ctx.wagons on:change=move |ev| ctx.wagons.set(event_target_checked(&ev))/>" Wagons layout (S10.9)"</label>
        </div>
        <VoteHistory/>
        <Events/>
        <Activity/>
        {move || revote_needed.get().map(|tied| view! {
            <section class="revote" data-testid="revote-box">
                <h3>"Revote (S6.3)"</h3>
                <p>{format!("The vote tied between {} and no Polar Bear can go instead: hold a revote among them and paste its thread. A revote that ties again or has no vote is settled as the options say (S6.4).", tied.join(" and "))}</p>
                <HeldBox value=ctx.revote set=move |v| ctx.revote.set(v) rows=6 label="The revote thread" testid="revote"/>
            </section>
        })}
        <Outcome preview missing=Signal::derive(Vec::new) just busy=reading/>
    }
}

/// The request for the Day screen's `stage` (`day:N:M`, `add`): the open
/// game as its save file with its drafts (read untracked); `None` without
/// a game.
fn request(ctx: Ctx, file: FileJson, stage: String) -> Option<String> {
    file.request(0, &stage, ctx.format.get_untracked(), None, 0)
}

/// Who votes today and with what weight, who cannot and why (S5.1, S5.2).
pub fn electorate_text(roster: &survival::Roster, live: &Live) -> String {
    let v = &live.count;
    let cannot: Vec<String> = v
        .cannot_vote
        .iter()
        .map(|(p, why)| format!("{} ({})", roster.name(*p), no_vote(*why)))
        .collect();
    let spot = v
        .spotlight
        .map(|p| {
            format!(
                "{} vote counts twice (Spotlight, S5.2). ",
                survival::post::possessive(roster.name(p))
            )
        })
        .unwrap_or_default();
    let majority = v
        .majority
        .map(|m| format!(" Majority mode: it takes {m} votes to eliminate (S5.5)."))
        .unwrap_or_default();
    format!(
        "{} voters ({} votes). {spot}Cannot vote: {}.{majority}",
        v.voters,
        v.total,
        list(&cannot)
    )
}

/// The count in the S9.2 layout, as HTML: candidates by count then name,
/// each with its voters (the Spotlight marked [x2]) and L-1 in majority
/// mode; who is not voting; who cannot; the living players; the majority
/// line; the vote lines not counted.
///
/// A long day's rejected lines (a 1 MB thread can hold a
/// thousand) are shown `shown` at a time, with a line to show more
/// (its button answered by the section's delegated click).
/// `numbers`: the page's number of each post counted
/// (`split::page_numbers`), so a line's place reads as the split table's.
pub fn count_html(roster: &survival::Roster, live: &Live, shown: usize, numbers: &[u32]) -> String {
    let (v, rejected, decided) = (&live.count, &live.rejections, &live.decided);
    let name = |p: survival::PlayerId| roster.name(p).to_string();
    let mut h = Html::default();
    h.el(
        "h3",
        "",
        &format!("Vote count after {} posts (S9.2)", v.posts),
    );
    if let Some(p) = decided {
        h.el(
            "p",
            " class=\"final\" data-testid=\"decided\"",
            &format!(
                "A candidate holds a majority after post {}: the day is over; later posts are ignored (S5.5).",
                numbers.get((*p as usize).wrapping_sub(1)).copied().unwrap_or(*p)
            ),
        );
    }
    if v.rows.is_empty() && v.no_elimination.is_none() {
        h.el("p", " data-testid=\"no-votes\"", "No votes yet.");
    } else {
        let row = |attrs: String, who: String, r: &survival::count::CountRow| {
            (
                attrs,
                vec![
                    who,
                    r.count.to_string(),
                    voters_text(roster, r.voters.iter().copied()),
                    if r.l_minus_1 {
                        "L-1: one vote short"
                    } else {
                        ""
                    }
                    .to_string(),
                ],
            )
        };
        let mut rows: Vec<(String, Vec<String>)> = v
            .rows
            .iter()
            .map(|r| {
                row(
                    attr("data-candidate", roster.name(r.candidate)),
                    name(r.candidate),
                    r,
                )
            })
            .collect();
        // No elimination in its place by count, before players of an
        // equal count, as the count post has it (S5.6).
        if let Some(ne) = &v.no_elimination {
            let at = v
                .rows
                .iter()
                .position(|r| r.count <= ne.count)
                .unwrap_or(v.rows.len());
            rows.insert(
                at,
                row(
                    " data-candidate=\"\" data-no-elimination=\"\"".to_string(),
                    "No elimination".to_string(),
                    ne,
                ),
            );
        }
        h.table(
            " class=\"count\"",
            "",
            &["Candidate", "Votes", "Voters", "Note"],
            &rows,
        );
    }
    let nv: Vec<String> = v.not_voting.iter().map(|p| name(*p)).collect();
    h.el(
        "p",
        " data-testid=\"not-voting\"",
        &format!("Not voting ({}): {}", nv.len(), list(&nv)),
    );
    if !v.cannot_vote.is_empty() {
        let cv: Vec<String> = v
            .cannot_vote
            .iter()
            .map(|(p, why)| format!("{} ({})", name(*p), no_vote(*why)))
            .collect();
        h.el(
            "p",
            " data-testid=\"cannot-vote\"",
            &format!("Cannot vote ({}): {}", cv.len(), cv.join(", ")),
        );
    }
    h.el("p", "", &format!("Living players: {}", v.living));
    if let Some(m) = v.majority {
        h.el(
            "p",
            " data-testid=\"majority\"",
            &if v.total as usize == v.voters {
                format!("With {} voters it takes {m} to eliminate.", v.voters)
            } else {
                format!(
                    "With {} voters ({} votes: the Spotlight counts twice) it takes {m} to eliminate.",
                    v.voters, v.total
                )
            },
        );
    }
    if !rejected.is_empty() {
        h.el("h4", "", "Vote lines not counted (S5.4)");
        let total = rejected.len();
        rejections_at(
            &mut h,
            roster,
            "vote-rejections",
            &rejected[..shown.min(total)],
            &|p| match p {
                // The page's number, as the split table has it.
                survival::report::Place::Post { post, line } => format!(
                    "post {}, line {line}",
                    numbers
                        .get((post as usize).wrapping_sub(1))
                        .copied()
                        .unwrap_or(post)
                ),
                p => p.to_string(),
            },
        );
        h.raw(&crate::shell::html::more_html(
            "rejections-more",
            shown,
            total,
            "vote lines not counted shown: in thread order",
        ));
    }
    h.done()
}
