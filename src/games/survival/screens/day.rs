//! Day: the thread pasted as it grows, page by page, as the forum or
//! Discord gives it (the engine's splitter detects the layout, S2.9, or
//! reads the one the moderator picks); the split shown post by post with
//! what was read from each, and every doubtful reading with its one-click
//! answers (`split`); a live vote count in the S9.2 layout kept by the
//! engine's incremental counter (each new post is pushed to it, so a long
//! thread is not recounted on every keystroke), with the Spotlight's
//! double vote, Nairobi, the Polar Bear's sole or barred voter and, in
//! majority mode, the votes needed and L-1 marks; every rejected vote line
//! with its reason; the outcome as it stands (a revote among the tied and
//! the lot when needed), the decisions the eliminations call for, and the
//! commit (as on the Night screen, never by accident).

use super::super::report_view::{rejections, voters_text};
use super::super::state::{Ctx, list, names};
use super::common::{Committed, Elsewhere, Outcome, capital};
use super::events::{Activity, CountCopy, Events, VoteHistory};
use super::posts::ask;
use super::split::{Doubtful, SplitView};
use crate::shell::html::{Html, attr};
use crate::shell::paste::HeldBox;
use leptos::prelude::*;
use survival::count::VoteCount;
use survival::day::Counter;
use survival::report::{CountedVote, IgnoredLine, NameGuess, NoVote, Rejection};
use survival::thread::ThreadSplit;
use survival::{PhaseInput, Post};

/// What the kept count is good for: the game, and how it reads names now
/// (phases played, nicknames and refused guesses kept).
type Key = (String, (usize, usize, usize));

/// The live count kept between keystrokes: which game, phase and names it
/// is for, the posts pushed, the counter after all of them and the counter
/// before the last one (a post still being typed or pasted grows).
struct Kept {
    key: Key,
    posts: Vec<Post>,
    before_last: Counter<'static>,
    all: Counter<'static>,
}

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
    fn of(c: &Counter<'_>, state: &survival::State) -> Live {
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

/// Brings the kept counter up to `posts`, pushing only what is new when
/// the thread grew (or its last post grew), and returns the count.
fn recount(
    kept: &mut Option<Kept>,
    key: Key,
    posts: Vec<Post>,
    fresh: impl Fn() -> Counter<'static>,
    state: &survival::State,
) -> Live {
    let n = posts.len();
    let old = kept.take().filter(|k| k.key == key);
    // A counter that has read the first `read` posts, `read` < n (or 0).
    let (mut base, read) = match old {
        Some(k) if k.posts == posts => {
            let out = Live::of(&k.all, state);
            *kept = Some(k);
            return out;
        }
        Some(k) if n > k.posts.len() && posts.starts_with(&k.posts) => {
            let read = k.posts.len();
            (k.all, read)
        }
        Some(k)
            if !k.posts.is_empty()
                && n >= k.posts.len()
                && posts[..k.posts.len() - 1] == k.posts[..k.posts.len() - 1] =>
        {
            let read = k.posts.len() - 1;
            (k.before_last, read)
        }
        _ => (fresh(), 0),
    };
    for p in &posts[read..n.max(1) - 1] {
        base.push(p.author, &p.text);
    }
    let mut all = base.clone();
    if let Some(p) = posts.last() {
        all.push(p.author, &p.text);
    }
    let out = Live::of(&all, state);
    *kept = Some(Kept {
        key,
        posts,
        before_last: base,
        all,
    });
    out
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
    let split = Memo::new(move |_| ctx.thread_split());
    let kept = StoredValue::new(None::<Kept>);
    let count = Memo::new(move |_| {
        let posts = split.with(|s| s.as_ref().map(ThreadSplit::known_posts))?;
        // The day as it starts with the drafted events (S10.2).
        let (setup, state, _) = ctx.opening()?;
        let events = ctx
            .events
            .with(|e| serde_json::to_string(e).unwrap_or_default());
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let g = &l.game;
            let s = g.setup();
            let key = (
                format!("{}{events}", l.id),
                (g.phases().len(), s.nicknames.len(), s.no_guess.len()),
            );
            let fresh = || Counter::owned(setup.clone(), &state);
            kept.try_update_value(|k| recount(k, key, posts, fresh, &state))
        })
    });
    let preview = Memo::new(move |_| {
        let posts = split.with(|s| s.as_ref().map(ThreadSplit::known_posts))?;
        let input = ctx.raw_input(Some(posts))?;
        if !matches!(input, PhaseInput::Day(_)) {
            return None;
        }
        ctx.preview(input)
    });
    let add_page = move |_| {
        let p = page.get_untracked();
        if p.trim().is_empty() {
            return;
        }
        let before = split.with_untracked(|s| s.as_ref().map_or(0, |s| s.posts.len()));
        // A page in another layout than the thread so far (S2.9 reads one
        // layout per paste): the thread and the page are kept as the
        // engine split them, each post a BBCode quote (a layout of its
        // own), so every page keeps its posts.
        let thread_layout =
            split.with_untracked(|s| s.as_ref().filter(|s| !s.posts.is_empty()).map(|s| s.layout));
        // (The page alone is split only when there is a thread to differ
        // from: a first page of 1 MB is split once, not twice.)
        let page_split = thread_layout
            .is_some()
            .then(|| ctx.split(&p, None))
            .flatten();
        let mixed = match (&thread_layout, &page_split) {
            (Some(t), Some(ps)) => !ps.posts.is_empty() && ps.layout != *t,
            _ => false,
        };
        if mixed && let Some(ps) = page_split {
            let roster = ctx.roster();
            let old = split.with_untracked(|s| s.as_ref().map(|s| as_quotes(roster.as_ref(), s)));
            ctx.thread.set(format!(
                "{}{}",
                old.unwrap_or_default(),
                as_quotes(roster.as_ref(), &ps)
            ));
            ctx.layout.set(String::new());
        } else {
            ctx.thread.update(|t| {
                let end = t.trim_end().len();
                t.truncate(end);
                if !t.is_empty() {
                    t.push_str("\n\n");
                }
                t.push_str(p.trim_end());
                t.push('\n');
            });
        }
        page.set(String::new());
        let after = split.with_untracked(|s| s.as_ref().map_or(0, |s| s.posts.len()));
        ctx.say(format!(
            "Page added: {} new posts, {after} in all{}",
            after.saturating_sub(before),
            if mixed {
                " (pages in different layouts: the thread is kept as BBCode quotes, one per post)"
            } else {
                ""
            }
        ));
    };
    let revote_needed = Memo::new(move |_| {
        preview.with(|p| {
            p.as_ref().and_then(|(_, r)| {
                r.day().filter(|d| d.revote.is_some()).map(|d| {
                    let tied = d.count.top().1;
                    ctx.roster()
                        .map(|r| names(&r, tied.iter()))
                        .unwrap_or_default()
                })
            })
        })
    });
    // The count post as chosen: S9.2 or wagons (S10.9), with the time
    // left (S10.5), written by the rules worker (`posts_text`).
    let count_post = ask(ctx, move || Some(("count".to_string(), ctx.deadline_now())));
    view! {
        <h2>{move || format!("{}: the thread", capital(&phase()))}</h2>
        <Electorate count/>
        <div class="thread">
            // A page over `HELD` is read in full but not put into its box
            // (Chromium takes seconds to lay out 1 MB) unless "Show it"; a
            // long paste is taken from the paste event (shell::paste).
            <div class="stack" class:long=move || page.with(|p| p.len() > crate::shell::html::HELD)>
                <label for="next-page">"Paste the next page of the thread (it is added at the end)"</label>
                <HeldBox value=page set=move |v| page.set(v) id="next-page" testid="page"/>
            </div>
            <button on:click=add_page data-testid="add-page">"Add this page to the thread"</button>
            // (A long thread is not put into its box either: Chromium spent
            // 1.2 s laying out 1 MB in it even in a closed `details`.)
            <details class:long=move || ctx.thread.with(|t| t.len() > crate::shell::html::HELD)>
                <summary>"The whole thread so far (you can edit it or paste it all here)"</summary>
                <p class="muted">"Paste pages as the forum or Discord gives them when selected and copied (phpBB, vBulletin, XenForo, Invision, Discourse, SMF, Discord, or the BBCode of quoted posts); hand-made text takes " <code>"Name:"</code> " or " <code>"== Name =="</code> " on a line of their own (S2.9)."</p>
                <HeldBox value=ctx.thread set=move |v| ctx.thread.set(v) rows=12 label="The whole thread" testid="thread"/>
            </details>
            <SplitView split count/>
        </div>
        <Doubtful split count/>
        <LiveCount count/>
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
                <textarea rows="6" spellcheck="false" aria-label="The revote thread" data-testid="revote" prop:value=ctx.revote on:input=move |ev| ctx.revote.set(event_target_value(&ev))></textarea>
            </section>
        })}
        <Outcome preview missing=Signal::derive(Vec::new) just/>
    }
}

/// A split thread written back as the BBCode a quote button gives, one
/// top-level `[quote="NAME"]...[/quote]` per post (S2.9's BBCode layout):
/// each post's author (the player's name, else as written) and text.
fn as_quotes(roster: Option<&survival::Roster>, s: &ThreadSplit) -> String {
    s.posts
        .iter()
        .map(|p| {
            let who = match (p.author, roster) {
                (Some(a), Some(r)) => r.name(a).to_string(),
                _ => p.author_text.clone(),
            };
            format!(
                "[quote=\"{}\" post_id={}]\n{}\n[/quote]\n",
                who.replace('"', "'"),
                p.number,
                p.text
            )
        })
        .collect()
}

/// Who votes today and with what weight, who cannot and why (S5.1, S5.2).
#[component]
fn Electorate(count: Memo<Option<Live>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = move || {
        count.with(|c| {
            let v = &c.as_ref()?.count;
            ctx.roster().map(|roster| {
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
                Some(format!(
                    "{} voters ({} votes). {spot}Cannot vote: {}.{majority}",
                    v.voters,
                    v.total,
                    list(&cannot)
                ))
            })
        })
    };
    view! { <p class="electorate" data-testid="electorate">{text}</p> }
}

/// The count in the S9.2 layout, as HTML: candidates by count then name,
/// each with its voters (the Spotlight marked [x2]) and L-1 in majority
/// mode; who is not voting; who cannot; the living players; the majority
/// line; the vote lines not counted.
fn count_html(roster: &survival::Roster, live: &Live) -> String {
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
            &format!("A candidate holds a majority after post {p}: the day is over; later posts are ignored (S5.5)."),
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
        rejections(&mut h, roster, "vote-rejections", rejected);
    }
    h.done()
}

/// The live count.
#[component]
fn LiveCount(count: Memo<Option<Live>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let html = move || {
        count
            .with(|c| {
                let c = c.as_ref()?;
                ctx.roster().map(|r| count_html(&r, c))
            })
            .unwrap_or_default()
    };
    view! { <section class="live-count" aria-label="Live vote count" data-testid="count" inner_html=html></section> }
}
