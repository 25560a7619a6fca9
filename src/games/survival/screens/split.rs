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

use super::super::day_text::DayReply;
use super::super::state::Ctx;
use super::common::capital;
use super::day::Live;
use crate::shell::html::{Html, PAGE, attr, esc};
use console_core::names::How;
use console_core::text::sort_small;
use leptos::prelude::*;
use std::fmt::Write as _;
use survival::report::Place;
use survival::roster::Names;
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
pub fn page_numbers(s: &ThreadSplit) -> Vec<u32> {
    s.posts
        .iter()
        .filter(|p| p.author.is_some())
        .map(|p| p.number)
        .collect()
}

/// "post #26, line 2" for a counted post's line, by the page's number.
pub fn where_text(numbers: &[u32], place: Place) -> Option<String> {
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
pub fn summary(s: &ThreadSplit) -> String {
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
/// the readings (HTML), at most `shown` rows. A thread of more than
/// [`PAGE`] posts (a 1 MB page is some 17,000 posts) is shown
/// the posts with something not counted (an author who is no player, a
/// vote line ignored or rejected) first, then the rest, each in thread
/// order; a shorter one in thread order.
pub fn posts_html(roster: &Roster, s: &ThreadSplit, live: Option<&Live>, shown: usize) -> String {
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
    // Whether post `i` has something not counted.
    let flagged =
        |i: usize| counted[i].is_none_or(|k| reads[k as usize - 1].iter().any(|r| r.1 > 0));
    let total = s.posts.len();
    let order: Vec<usize> = if total > PAGE {
        let (first, rest): (Vec<usize>, Vec<usize>) = (0..total).partition(|&i| flagged(i));
        first.into_iter().chain(rest).take(shown).collect()
    } else {
        (0..total).collect()
    };
    for i in order {
        let p = &s.posts[i];
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
                    &if p.bot {
                        format!(
                            "not counted: \u{201c}{}\u{201d} is no player but a bot (its APP or BOT badge): a bot's text is never a player's vote (S2.9)",
                            p.author_text
                        )
                    } else {
                        format!(
                            "not counted: \u{201c}{}\u{201d} is no player of this game",
                            p.author_text
                        )
                    },
                );
            }
            Some(k) => {
                let mut items = std::mem::take(&mut reads[k as usize - 1]);
                if items.is_empty() {
                    h.el("td", " class=\"muted\"", "no vote");
                } else {
                    sort_small(&mut items, |(line, order, _)| (*line, *order));
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
    // Its button answered by the box's delegated click.
    h.raw(&crate::shell::html::more_html(
        "posts-more",
        shown,
        total,
        "posts shown: those with a line or author not counted first",
    ));
    h.done()
}

/// The layout picker's options: the layout detected, then each layout,
/// the one chosen selected.
fn layout_options(chosen: Option<Layout>) -> String {
    let mut h = Html::default();
    h.el(
        "option",
        if chosen.is_none() {
            " value=\"\" selected"
        } else {
            " value=\"\""
        },
        "the layout detected",
    );
    for l in Layout::ALL {
        let sel = if chosen == Some(l) { " selected" } else { "" };
        h.el(
            "option",
            &format!("{}{sel}", attr("value", l.name())),
            &capital(l.label()),
        );
    }
    h.done()
}

/// The split: what was read, the layout picker, each post as read (the
/// worker's reading, `day`; `shown`: the table's rows asked for).
#[component]
pub fn SplitView(day: RwSignal<Option<DayReply>>, shown: RwSignal<usize>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let pasted = move || ctx.thread.with(|t| !t.trim().is_empty());
    let text = move || {
        if !pasted() {
            return "Nothing pasted yet.".to_string();
        }
        day.with(|d| d.as_ref().map(|d| d.summary.clone()).unwrap_or_default())
    };
    let known = move || {
        let n = day.with(|d| d.as_ref().map_or(0, |d| d.known));
        format!("{n} posts read.")
    };
    let table = move || day.with(|d| d.as_ref().map(|d| d.split.clone()));
    let choose = move |ev: leptos::ev::Event| {
        ctx.layout.set(event_target_value(&ev));
        let l = Layout::from_name(&event_target_value(&ev));
        ctx.say(format!(
            "Reading the thread as {}",
            l.map_or("the layout detected", Layout::label)
        ));
    };
    // A page read short (S2.9) stays in view while the thread holds it.
    let pages = move || {
        let wrong = day.with(|d| d.as_ref().map(|d| d.pages.clone()).unwrap_or_default());
        (pasted() && !wrong.is_empty()).then(|| {
            let items = wrong
                .into_iter()
                .map(|t| view! { <li>{capital(&t)}"."</li> })
                .collect_view();
            view! {
                <div class="warn" role="alert" data-testid="page-problems">
                    <p><strong>"A page of the thread was not read in full (S2.9):"</strong></p>
                    <ul>{items}</ul>
                </div>
            }
        })
    };
    view! {
        <div class="split" data-testid="split">
            <p data-testid="split-summary">{text}</p>
            {pages}
            <label>"Read the thread as "
                <select data-testid="layout" on:change=choose inner_html=move || ctx.layout.with(|l| layout_options(Layout::from_name(l)))></select>
            </label>
            <p data-testid="post-count">{known}</p>
            <details class="split-posts" hidden=move || !pasted()>
                <summary>"Each post as read: number, author, time, the votes counted and the lines not counted"</summary>
                <div class="scroll" tabindex="0" role="region" aria-label="The posts as read" inner_html=table
                    on:click=move |ev| if crate::shell::html::event_from(&ev, "button[data-act=more]").is_some() { shown.update(|n| *n += PAGE) }></div>
            </details>
        </div>
    }
}

/// A name read by a guess, with every place it was read.
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

/// A button the section's one click handler answers: `act` (`nickname`
/// or `reject`), the text written, the player (for a nickname).
fn button(
    h: &mut Html,
    testid: &str,
    act: &str,
    written: &str,
    player: Option<PlayerId>,
    label: &str,
) {
    let _ = write!(
        h.0,
        " <button type=\"button\"{}{}{}{}>{}</button>",
        attr("data-testid", testid),
        attr("data-act", act),
        attr("data-text", written),
        player.map_or(String::new(), |p| attr(
            "data-player",
            &p.index().to_string()
        )),
        esc(label)
    );
}

/// The lines that look like votes and do not count (S5.3, S5.4) listed
/// among the readings to check, the first of a day's: every one is
/// marked in its post's row of the split table, which puts those posts
/// first, so the list is their summary. A hundred of them were a fifth
/// of the style and layout of the frame that shows a day's reading (5 to
/// 10 ms in Chromium; no task over 50 ms).
const IGNORED_SHOWN: usize = 20;

/// Everything to check, as HTML (empty when nothing is doubtful): `names`
/// as the phase to play reads them, `roster` the game's;
/// `signatures_count`: the house rule counts a signature's votes (S5.3).
pub fn doubtful_html(
    names: &Names,
    roster: &Roster,
    s: &ThreadSplit,
    live: Option<&Live>,
    signatures_count: bool,
) -> String {
    {
        let mut h = Html::default();
        let found = guesses(s, live);
        if !found.is_empty() {
            h.el("h4", "", "Names read by a guess").el(
                "p",
                " class=\"muted\"",
                "Make nickname: the name is always read so from now on. Reject: it is never read as a guess again, and a vote naming it is rejected.",
            );
            h.raw("<ul class=\"guesses\" data-testid=\"guesses\">");
            for g in &found {
                let name = roster.name(g.read_as);
                let _ = write!(
                    h.0,
                    "<li data-testid=\"guess\"{}{}{}><span>{}</span>",
                    attr("data-written", &g.written),
                    attr("data-read-as", name),
                    attr("data-how", g.how.name()),
                    esc(&format!(
                        "\u{201c}{}\u{201d} read as {name}, {}: {}",
                        g.written,
                        g.how,
                        places_text(&g.places)
                    ))
                );
                button(
                    &mut h,
                    "make-nickname",
                    "nickname",
                    &g.written,
                    Some(g.read_as),
                    "Make nickname",
                );
                button(&mut h, "reject-guess", "reject", &g.written, None, "Reject");
                h.raw("</li>");
            }
            h.raw("</ul>");
        }
        // Authors who are no player, with the nearest players.
        let mut strangers: Vec<(&str, Vec<u32>, bool)> = Vec::new();
        for p in s.posts.iter().filter(|p| p.author.is_none()) {
            match strangers
                .iter_mut()
                .find(|x| x.0 == p.author_text && x.2 == p.bot)
            {
                Some(x) => x.1.push(p.number),
                None => strangers.push((&p.author_text, vec![p.number], p.bot)),
            }
        }
        if !strangers.is_empty() {
            h.el("h4", "", "Authors who are no player");
            h.raw("<ul class=\"strangers\" data-testid=\"unknown-authors\">");
            for (w, posts, bot) in &strangers {
                let posts: Vec<String> = posts.iter().map(|n| format!("#{n}")).collect();
                let what = if *bot {
                    "is no player but a bot (its APP or BOT badge): a bot's text is never a player's vote (S2.9), not counted."
                } else {
                    "is no player of this game: not counted."
                };
                let _ = write!(
                    h.0,
                    "<li data-testid=\"stranger\"{}{}><span>{}</span>",
                    attr("data-written", w),
                    if *bot { " data-bot=\"\"" } else { "" },
                    esc(&format!(
                        "\u{201c}{w}\u{201d} (post{} {}) {what}",
                        if posts.len() == 1 { "" } else { "s" },
                        posts.join(", ")
                    ))
                );
                if !w.trim().is_empty() && !bot {
                    for p in names.nearest(w) {
                        button(
                            &mut h,
                            "stranger-nickname",
                            "nickname",
                            w,
                            Some(p),
                            &format!("Make it a nickname of {}", roster.name(p)),
                        );
                    }
                }
                h.raw("</li>");
            }
            h.raw("</ul>");
        }
        if let Some(live) = live {
            if !live.ignored.is_empty() {
                let numbers = page_numbers(s);
                h.el("h4", "", "Lines that look like votes and do not count");
                h.raw("<ul class=\"ignored\" data-testid=\"ignored-lines\">");
                // A long day's (a 1 MB thread can hold a
                // thousand) first `IGNORED_SHOWN`; every one is in its
                // post's row of the split table, those posts first.
                for x in live.ignored.iter().take(IGNORED_SHOWN) {
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
                let n = live.ignored.len();
                if n > IGNORED_SHOWN {
                    h.el(
                        "p",
                        " class=\"muted\" data-testid=\"ignored-more\"",
                        &format!("{IGNORED_SHOWN} of {n} lines shown: every one is marked in its post in the table of the posts as read (the posts with a line not counted first)."),
                    );
                }
            }
            let n = live.rejections.len();
            if n > 0 {
                h.el(
                    "p",
                    " data-testid=\"rejected-note\"",
                    &format!(
                        "{n} vote line{} rejected: see them, with the reason, under the count.",
                        if n == 1 { "" } else { "s" }
                    ),
                );
            }
        }
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let mut parts = Vec::new();
        if s.chrome > 0 {
            parts.push(format!(
                "{} line{} of page chrome left out (profile blocks, buttons, signatures, page numbers)",
                s.chrome,
                plural(s.chrome)
            ));
        }
        if s.quotes > 0 {
            parts.push(format!(
                "{} quote{} kept inside the quoting post{}: a quoted vote never counts (S5.3)",
                s.quotes,
                plural(s.quotes),
                plural(s.quotes)
            ));
        }
        if s.signatures > 0 {
            parts.push(format!(
                "{} signature{} marked (the lines ending each of an author's posts): a vote in a signature {} (S5.3)",
                s.signatures,
                plural(s.signatures),
                if signatures_count {
                    "counts, by the house rule"
                } else {
                    "does not count"
                }
            ));
        }
        if !parts.is_empty() {
            h.el(
                "p",
                " class=\"muted\" data-testid=\"split-notes\"",
                &format!("{}.", capital(&parts.join("; "))),
            );
        }
        if !s.orphans.is_empty() {
            let lines: Vec<String> = s
                .orphans
                .iter()
                .take(6)
                .map(|(l, t)| format!("line {l} \u{201c}{}\u{201d}", t.trim()))
                .collect();
            h.el(
                "p",
                " class=\"warn\" data-testid=\"orphans\"",
                &format!(
                    "Lines before the first post (not counted): {}{}.",
                    lines.join(", "),
                    if s.orphans.len() > 6 {
                        format!(" and {} more", s.orphans.len() - 6)
                    } else {
                        String::new()
                    }
                ),
            );
        }
        if h.0.is_empty() {
            return String::new();
        }
        format!("<h3>Readings to check (S2.3, S5.4)</h3>{}", h.done())
    }
}

/// Answers a click on one of the section's buttons: keeps the text as a
/// nickname (S2.7, [`Game::add_nickname`]) or refuses the guess
/// ([`Game::refuse_guess`]), then says what it did.
///
/// [`Game::add_nickname`]: survival::Game::add_nickname
/// [`Game::refuse_guess`]: survival::Game::refuse_guess
fn answer(ctx: Ctx, ev: leptos::ev::MouseEvent) {
    let Some(b) = crate::shell::html::event_from(&ev, "button[data-act]") else {
        return;
    };
    let (Some(act), Some(text)) = (b.get_attribute("data-act"), b.get_attribute("data-text"))
    else {
        return;
    };
    let player = b
        .get_attribute("data-player")
        .and_then(|p| p.parse::<usize>().ok())
        .map(PlayerId::from_index);
    match (act.as_str(), player) {
        ("nickname", Some(p)) => {
            let name = name_of(ctx, p);
            match ctx.update_game(|g| g.add_nickname(p, &text)) {
                Some(Ok(())) => ctx.say(format!(
                    "\u{201c}{text}\u{201d} is now a nickname of {name} (S2.7)"
                )),
                Some(Err(e)) => ctx.warn(format!("\u{201c}{text}\u{201d} cannot be kept: {e}")),
                None => {}
            }
        }
        ("reject", _) => {
            ctx.update_game(|g| g.refuse_guess(&text));
            ctx.say(format!(
                "\u{201c}{text}\u{201d} is no longer read as a guess: a vote naming it is rejected (S2.7)"
            ));
        }
        _ => {}
    }
}

fn name_of(ctx: Ctx, p: PlayerId) -> String {
    ctx.with_game_untracked(|g| g.setup().roster.name(p).to_string())
        .unwrap_or_default()
}

/// What to check before trusting the count: guesses, vote lines not
/// counted, authors who are no player, what the page held besides posts
/// (written by the worker, `day`; its buttons answered here).
#[component]
pub fn Doubtful(day: RwSignal<Option<DayReply>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let html = Memo::new(move |_| {
        day.with(|d| d.as_ref().map(|d| d.doubtful.clone()).unwrap_or_default())
    });
    view! {
        <section class="doubtful" aria-label="Readings to check" data-testid="doubtful"
            hidden=move || html.with(String::is_empty)
            on:click=move |ev| answer(ctx, ev)
            inner_html=move || html.get()></section>
    }
}
