//! The Day screen's split view and doubtful list (S2.3, S2.9, S5.3, S5.4):
//! what the engine read from a pasted thread, shown before it is counted.
//!
//! - [`SplitView`]: which layout was read and how much ("read as a phpBB
//!   page: 25 posts by 11 players"), a picker to read the thread as
//!   another layout, and each post's number, author, time and what was
//!   read from it (each counted vote or withdrawal, each vote line
//!   ignored or rejected, with the engine's reason).
//! - [`Doubtful`]: every name read by a guess, grouped by what was
//!   written, with "make nickname" ([`Game::add_nickname`]) and "reject"
//!   ([`Game::refuse_guess`]) in one click each; every line that looks
//!   like a vote and does not count, with its reason; authors who are no
//!   player (with the nearest players, to keep the name as a nickname);
//!   the page chrome, quotes and orphan lines left out.
//!
//! Nothing here reads a vote or a name: the split is the engine's
//! ([`ThreadSplit`]), the readings are the engine's counter's ([`Live`]).
//!
//! [`Game::add_nickname`]: survival::Game::add_nickname
//! [`Game::refuse_guess`]: survival::Game::refuse_guess

use super::super::state::Ctx;
use super::common::capital;
use super::day::Live;
use crate::shell::html::{Html, attr, esc};
use console_core::names::How;
use leptos::prelude::*;
use std::fmt::Write as _;
use survival::report::Place;
use survival::thread::{Layout, ThreadSplit};
use survival::vote::Target;
use survival::{PlayerId, Roster};

/// For each post of the split, its 1-based place among the posts counted
/// (those by a player), `None` for a post by no player.
fn counted_numbers(s: &ThreadSplit) -> Vec<Option<u32>> {
    let mut k = 0;
    s.posts
        .iter()
        .map(|p| {
            p.author.map(|_| {
                k += 1;
                k
            })
        })
        .collect()
}

/// For each post counted (1-based place `k` at index `k - 1`), the page's
/// post number.
fn page_numbers(s: &ThreadSplit) -> Vec<u32> {
    s.posts
        .iter()
        .filter(|p| p.author.is_some())
        .map(|p| p.number)
        .collect()
}

/// "post #26, line 2" for a counted post's line, by the page's number.
fn where_text(numbers: &[u32], place: Place) -> Option<String> {
    match place {
        Place::Post { post, line } => {
            let n = numbers.get(post.checked_sub(1)? as usize)?;
            Some(format!("post #{n}, line {line}"))
        }
        _ => None,
    }
}

/// The split, as the moderator reads it: the summary with whether the
/// layout was chosen.
fn summary(s: &ThreadSplit) -> String {
    format!(
        "{}{}.",
        capital(&s.summary()),
        if s.forced {
            " (the layout you chose)"
        } else {
            " (the layout detected)"
        }
    )
}

/// What was read from each post, as table rows: number, author, time,
/// the readings (HTML).
fn posts_html(roster: &Roster, s: &ThreadSplit, live: Option<&Live>) -> String {
    let counted = counted_numbers(s);
    let known = counted.iter().flatten().count();
    // Per counted post: (line, order, HTML item).
    let mut reads: Vec<Vec<(u32, u8, String)>> = vec![Vec::new(); known];
    let texts: Vec<&str> = s
        .posts
        .iter()
        .filter(|p| p.author.is_some())
        .map(|p| p.text.as_str())
        .collect();
    let at = |place: Place| match place {
        Place::Post { post, line } if post >= 1 && (post as usize) <= known => {
            Some((post as usize - 1, line))
        }
        _ => None,
    };
    if let Some(live) = live {
        for v in &live.votes {
            let Some((k, line)) = at(v.place) else {
                continue;
            };
            let text = survival::line::lines(texts[k])
                .nth(line as usize - 1)
                .unwrap_or("")
                .trim();
            let what = match v.target {
                Some(Target::Player(p)) => {
                    let how = v
                        .how
                        .filter(|h| *h != How::Full)
                        .map(|h| format!(" (\u{201c}{}\u{201d} read by {h})", v.written))
                        .unwrap_or_default();
                    format!("a vote for {}{how}", roster.name(p))
                }
                Some(Target::NoElimination) => "a vote for no elimination (S5.6)".to_string(),
                None => "the vote withdrawn".to_string(),
            };
            reads[k].push((
                line,
                0,
                format!(
                    "<li class=\"counted\">line {line}: <code>{}</code> counted: {}</li>",
                    esc(text),
                    esc(&what)
                ),
            ));
        }
        for x in &live.ignored {
            let Some((k, line)) = at(x.place) else {
                continue;
            };
            reads[k].push((
                line,
                1,
                format!(
                    "<li class=\"ignored\"{}>line {line}: <code>{}</code> not counted: {}</li>",
                    attr("data-why", x.why.name()),
                    esc(&x.text),
                    esc(&x.why.to_string())
                ),
            ));
        }
        for x in &live.rejections {
            let Some((k, line)) = at(x.place) else {
                continue;
            };
            reads[k].push((
                line,
                2,
                format!(
                    "<li class=\"rejected\">line {line}: <code>{}</code> rejected: {}</li>",
                    esc(&x.text),
                    esc(&x.reason.text(roster))
                ),
            ));
        }
    }
    let mut h = Html::default();
    h.raw("<table class=\"split-posts\" data-testid=\"split-posts\"><caption>Each post as read, before it is counted</caption><thead><tr>");
    for c in ["#", "Author", "Time", "What was read"] {
        h.el("th", " scope=\"col\"", c);
    }
    h.raw("</tr></thead><tbody>");
    for (i, p) in s.posts.iter().enumerate() {
        let author = match p.author {
            Some(a) => match p.author_how {
                Some(how) => format!(
                    "{} (\u{201c}{}\u{201d}, {how})",
                    roster.name(a),
                    p.author_text
                ),
                None => roster.name(a).to_string(),
            },
            None => p.author_text.clone(),
        };
        let _ = write!(
            h.0,
            "<tr{}{}{}>",
            attr("data-number", &p.number.to_string()),
            attr("data-author", p.author.map_or("", |a| roster.name(a)),),
            if p.author.is_none() {
                " class=\"unknown\""
            } else {
                ""
            }
        );
        h.el("th", " scope=\"row\"", &p.number.to_string());
        h.el("td", "", &author);
        h.el("td", "", p.time.as_deref().unwrap_or(""));
        match counted[i] {
            None => {
                h.el(
                    "td",
                    " class=\"warn\"",
                    &format!(
                        "not counted: \u{201c}{}\u{201d} is no player of this game",
                        p.author_text
                    ),
                );
            }
            Some(k) => {
                let mut items = std::mem::take(&mut reads[k as usize - 1]);
                if items.is_empty() {
                    h.el("td", " class=\"muted\"", "no vote");
                } else {
                    items.sort_by_key(|(line, order, _)| (*line, *order));
                    h.raw("<td><ul class=\"reads\">");
                    for (_, _, item) in items {
                        h.raw(&item);
                    }
                    h.raw("</ul></td>");
                }
            }
        }
        h.raw("</tr>");
    }
    h.raw("</tbody></table>");
    h.done()
}

/// The split: what was read, the layout picker, each post as read.
#[component]
pub fn SplitView(split: Memo<Option<ThreadSplit>>, count: Memo<Option<Live>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let pasted = move || ctx.thread.with(|t| !t.trim().is_empty());
    let text = move || {
        if !pasted() {
            return "Nothing pasted yet.".to_string();
        }
        split.with(|s| s.as_ref().map(summary).unwrap_or_default())
    };
    let known = move || {
        split.with(|s| {
            s.as_ref()
                .map_or(0, |s| s.posts.iter().filter(|p| p.author.is_some()).count())
        })
    };
    let table = move || {
        split.with(|s| {
            let s = s.as_ref()?;
            count.with(|c| {
                ctx.live.with(|l| {
                    l.as_ref()
                        .map(|l| posts_html(&l.game.setup().roster, s, c.as_ref()))
                })
            })
        })
    };
    let choose = move |ev: leptos::ev::Event| {
        let v = event_target_value(&ev);
        ctx.layout.set(Layout::from_name(&v));
        let said = split.with_untracked(|s| s.as_ref().map(summary));
        if let Some(s) = said {
            ctx.say(s);
        }
    };
    view! {
        <div class="split" data-testid="split">
            <p data-testid="split-summary">{text}</p>
            <label>"Read the thread as "
                <select data-testid="layout" on:change=choose>
                    <option value="" selected=move || ctx.layout.get().is_none()>"the layout detected"</option>
                    {Layout::ALL.into_iter().map(|l| view! {
                        <option value=l.name() selected=move || ctx.layout.get() == Some(l)>{capital(l.label())}</option>
                    }).collect_view()}
                </select>
            </label>
            <p data-testid="post-count">{move || format!("{} posts read.", known())}</p>
            <details class="split-posts" hidden=move || !pasted()>
                <summary>"Each post as read: number, author, time, the votes counted and the lines not counted"</summary>
                <div class="scroll" tabindex="0" role="region" aria-label="The posts as read" inner_html=table></div>
            </details>
        </div>
    }
}

/// A name read by a guess, with every place it was read.
#[derive(Clone, Debug, PartialEq)]
struct Guess {
    written: String,
    read_as: PlayerId,
    how: How,
    places: Vec<String>,
}

/// The guesses of the split's authors and the count's votes, one per
/// written text (ignoring case) and player, in reading order.
fn guesses(s: &ThreadSplit, live: Option<&Live>) -> Vec<Guess> {
    let numbers = page_numbers(s);
    let mut out: Vec<Guess> = Vec::new();
    let mut add = |written: &str, read_as: PlayerId, how: How, place: String| {
        let key = written.trim().to_lowercase();
        match out
            .iter_mut()
            .find(|g| g.read_as == read_as && g.written.to_lowercase() == key)
        {
            Some(g) => g.places.push(place),
            None => out.push(Guess {
                written: written.trim().to_string(),
                read_as,
                how,
                places: vec![place],
            }),
        }
    };
    for p in &s.posts {
        if let (Some(a), Some(how)) = (p.author, p.author_how)
            && how.is_guess()
        {
            add(
                &p.author_text,
                a,
                how,
                format!("author of post #{}", p.number),
            );
        }
    }
    for g in live.map_or(&[][..], |l| &l.guesses[..]) {
        if g.how.is_guess()
            && let Some(w) = where_text(&numbers, g.place)
        {
            add(&g.written, g.read_as, g.how, w);
        }
    }
    out
}

/// The places as words, the first few.
fn places_text(places: &[String]) -> String {
    const SHOWN: usize = 4;
    let mut t = places
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if places.len() > SHOWN {
        let _ = write!(t, " and {} more", places.len() - SHOWN);
    }
    t
}

/// One guess with its two answers.
fn guess_row(ctx: Ctx, g: Guess) -> impl IntoView {
    let name = ctx
        .with_game_untracked(|game| game.setup().roster.name(g.read_as).to_string())
        .unwrap_or_default();
    let text = format!(
        "\u{201c}{}\u{201d} read as {name}, {}: {}",
        g.written,
        g.how,
        places_text(&g.places)
    );
    let (w1, w2, n1, n2) = (g.written.clone(), g.written.clone(), name.clone(), name);
    let p = g.read_as;
    let keep = move |_| match ctx.update_game(|game| game.add_nickname(p, &w1)) {
        Some(Ok(())) => ctx.say(format!(
            "\u{201c}{w1}\u{201d} is now a nickname of {n1} (S2.7)"
        )),
        Some(Err(e)) => ctx.warn(format!("\u{201c}{w1}\u{201d} cannot be kept: {e}")),
        None => {}
    };
    let refuse = move |_| {
        ctx.update_game(|game| game.refuse_guess(&w2));
        ctx.say(format!(
            "\u{201c}{w2}\u{201d} is no longer read as {n2}: a vote naming it is rejected (S2.7)"
        ));
    };
    view! {
        <li data-testid="guess" data-written=g.written.clone() data-read-as=name_attr(ctx, p) data-how=g.how.name()>
            <span>{text}</span>" "
            <button data-testid="make-nickname" on:click=keep>"Make nickname"</button>" "
            <button data-testid="reject-guess" on:click=refuse>"Reject"</button>
        </li>
    }
}

fn name_attr(ctx: Ctx, p: PlayerId) -> String {
    ctx.with_game_untracked(|g| g.setup().roster.name(p).to_string())
        .unwrap_or_default()
}

/// An author who is no player: the posts, and the nearest players, each a
/// one-click nickname.
#[derive(Clone, Debug, PartialEq)]
struct Stranger {
    written: String,
    posts: Vec<u32>,
    nearest: Vec<PlayerId>,
}

fn strangers(ctx: Ctx, s: &ThreadSplit) -> Vec<Stranger> {
    let names = ctx.names();
    let mut out: Vec<Stranger> = Vec::new();
    for p in s.posts.iter().filter(|p| p.author.is_none()) {
        match out.iter_mut().find(|x| x.written == p.author_text) {
            Some(x) => x.posts.push(p.number),
            None => out.push(Stranger {
                written: p.author_text.clone(),
                posts: vec![p.number],
                nearest: names
                    .as_ref()
                    .filter(|_| !p.author_text.trim().is_empty())
                    .map(|n| n.nearest(&p.author_text))
                    .unwrap_or_default(),
            }),
        }
    }
    out
}

fn stranger_row(ctx: Ctx, x: Stranger) -> impl IntoView {
    let roster = ctx
        .with_game_untracked(|g| g.setup().roster.clone())
        .expect("a game is open");
    let posts: Vec<String> = x.posts.iter().map(|n| format!("#{n}")).collect();
    let text = format!(
        "\u{201c}{}\u{201d} (post{} {}) is no player of this game: not counted.",
        x.written,
        if posts.len() == 1 { "" } else { "s" },
        posts.join(", ")
    );
    let buttons = x
        .nearest
        .iter()
        .map(|p| {
            let p = *p;
            let name = roster.name(p).to_string();
            let w = x.written.clone();
            let label = format!("Make it a nickname of {name}");
            let keep = move |_| match ctx.update_game(|game| game.add_nickname(p, &w)) {
                Some(Ok(())) => ctx.say(format!(
                    "\u{201c}{w}\u{201d} is now a nickname of {name} (S2.7)"
                )),
                Some(Err(e)) => ctx.warn(format!("\u{201c}{w}\u{201d} cannot be kept: {e}")),
                None => {}
            };
            view! { " " <button data-testid="stranger-nickname" on:click=keep>{label}</button> }
        })
        .collect_view();
    view! { <li data-testid="stranger" data-written=x.written.clone()><span>{text}</span>{buttons}</li> }
}

/// What to check before trusting the count: guesses, vote lines not
/// counted, authors who are no player, what the page held besides posts.
#[component]
pub fn Doubtful(split: Memo<Option<ThreadSplit>>, count: Memo<Option<Live>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let found = Memo::new(move |_| {
        split
            .with(|s| {
                let s = s.as_ref()?;
                Some(count.with(|c| guesses(s, c.as_ref())))
            })
            .unwrap_or_default()
    });
    let strangers = Memo::new(move |_| {
        split
            .with(|s| s.as_ref().map(|s| strangers(ctx, s)))
            .unwrap_or_default()
    });
    let ignored = move || {
        split.with(|s| {
            let s = s.as_ref()?;
            let numbers = page_numbers(s);
            count.with(|c| {
                let live = c.as_ref()?;
                if live.ignored.is_empty() {
                    return None;
                }
                ctx.live.with(|l| {
                    let roster = &l.as_ref()?.game.setup().roster;
                    let mut h = Html::default();
                    h.raw("<ul class=\"ignored\" data-testid=\"ignored-lines\">");
                    for x in &live.ignored {
                        let _ = write!(
                            h.0,
                            "<li{}><strong>{}</strong>, {}: <code>{}</code> not counted: {}</li>",
                            attr("data-why", x.why.name()),
                            esc(roster.name(x.player)),
                            esc(&where_text(&numbers, x.place).unwrap_or_default()),
                            esc(&x.text),
                            esc(&x.why.to_string())
                        );
                    }
                    h.raw("</ul>");
                    Some(h.done())
                })
            })
        })
    };
    let rejected = move || count.with(|c| c.as_ref().map_or(0, |l| l.rejections.len()));
    let notes = move || {
        split.with(|s| {
            let s = s.as_ref()?;
            let mut parts = Vec::new();
            if s.chrome > 0 {
                parts.push(format!(
                    "{} line{} of page chrome left out (profile blocks, buttons, signatures, page numbers)",
                    s.chrome,
                    if s.chrome == 1 { "" } else { "s" }
                ));
            }
            if s.quotes > 0 {
                parts.push(format!(
                    "{} quote{} kept inside the quoting post{}: a quoted vote never counts (S5.3)",
                    s.quotes,
                    if s.quotes == 1 { "" } else { "s" },
                    if s.quotes == 1 { "" } else { "s" }
                ));
            }
            (!parts.is_empty()).then(|| format!("{}.", capital(&parts.join("; "))))
        })
    };
    let orphans = move || {
        split.with(|s| {
            let s = s.as_ref()?;
            (!s.orphans.is_empty()).then(|| {
                let lines: Vec<String> = s
                    .orphans
                    .iter()
                    .take(6)
                    .map(|(l, t)| format!("line {l} \u{201c}{}\u{201d}", t.trim()))
                    .collect();
                format!(
                    "Lines before the first post (not counted): {}{}.",
                    lines.join(", "),
                    if s.orphans.len() > 6 {
                        format!(" and {} more", s.orphans.len() - 6)
                    } else {
                        String::new()
                    }
                )
            })
        })
    };
    let any = move || {
        found.with(|f| !f.is_empty())
            || strangers.with(|x| !x.is_empty())
            || count.with(|c| c.as_ref().is_some_and(|l| !l.ignored.is_empty()))
            || rejected() > 0
            || split.with(|s| {
                s.as_ref()
                    .is_some_and(|s| !s.orphans.is_empty() || s.chrome > 0 || s.quotes > 0)
            })
    };
    view! {
        <section class="doubtful" aria-label="Readings to check" data-testid="doubtful" hidden=move || !any()>
            <h3>"Readings to check (S2.3, S5.4)"</h3>
            {move || found.with(|f| (!f.is_empty()).then(|| view! {
                <h4>"Names read by a guess"</h4>
                <p class="muted">"Make nickname: the name is always read so from now on. Reject: it is never read as a guess again, and a vote naming it is rejected."</p>
                <ul class="guesses" data-testid="guesses">
                    {f.iter().cloned().map(|g| guess_row(ctx, g)).collect_view()}
                </ul>
            }))}
            {move || strangers.with(|x| (!x.is_empty()).then(|| view! {
                <h4>"Authors who are no player"</h4>
                <ul class="strangers" data-testid="unknown-authors">
                    {x.iter().cloned().map(|x| stranger_row(ctx, x)).collect_view()}
                </ul>
            }))}
            {move || ignored().map(|html| view! {
                <h4>"Lines that look like votes and do not count"</h4>
                <div inner_html=html></div>
            })}
            {move || (rejected() > 0).then(|| view! {
                <p data-testid="rejected-note">{format!("{} vote line{} rejected: see them, with the reason, under the count.", rejected(), if rejected() == 1 { "" } else { "s" })}</p>
            })}
            <p class="muted" data-testid="split-notes">{notes}</p>
            <p class="warn" data-testid="orphans">{orphans}</p>
        </section>
    }
}
