//! The Day screen's reading, done in the site's worker
//! (a 1 MB thread split, counted and previewed on the page would block it
//! for a quarter of a second): the page sends the open game as its save file
//! with its drafts ([`PostsRequest`], the stage `day:N` with `N` the split
//! table's rows shown, or `add`), the worker replays it, splits the thread
//! (S2.9), counts it with the engine's counter (S5, S9.2), previews the
//! day (S6, S7) and answers with the HTML the screen shows and the little
//! the page acts on ([`DayReply`], [`AddReply`], JSON). Nothing here reads
//! a vote or a name: the split, the count and the report are the engine's.

use super::posts_text::{PostsRequest, replayed, reply};
use super::screens::common::Shown;
use super::screens::day::{Live, count_html, electorate_text};
use super::screens::split::{doubtful_html, posts_html, summary};
use serde::{Deserialize, Serialize};
use survival::thread::{ThreadSplit, split_thread_as};
use survival::{DayInput, PhaseInput};

reply!(
    AddReply,
    DayReply,
    NightReply,
    SplitReply,
    InputReply,
    WaitingReply
);

/// What the worker read of the day's drafts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DayReply {
    /// The request's number.
    pub key: u32,
    /// "Read as a phpBB page: 25 posts by 11 players (the layout
    /// detected)." (empty: nothing pasted).
    pub summary: String,
    /// Posts in the split (by players or not).
    pub posts: usize,
    /// Posts by players (those counted).
    pub known: usize,
    /// The split table (a page of rows, the rest behind "Show more").
    pub split: String,
    /// The readings to check (guesses with their buttons, lines not
    /// counted, authors who are no player); empty when none.
    pub doubtful: String,
    /// Who votes and with what weight (S5.1, S5.2).
    pub electorate: String,
    /// The live count (S9.2) with the vote lines rejected.
    pub count: String,
    /// The preview as shown: its report as HTML, the decisions asked
    /// (S7) with their lines rejected; `None` when the engine refuses the
    /// drafts.
    pub shown: Option<Shown>,
    /// The tied players when a revote is needed (S6.3), by name.
    pub revote: Option<Vec<String>>,
    /// What is wrong with a page of the thread as read (S2.9: no post
    /// read, or fewer than the page states it holds), in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pages: Vec<String>,
    /// Why nothing was read (a file that does not replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The worker's answer to "Add this page to the thread".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AddReply {
    /// The request's number.
    pub key: u32,
    /// Posts before and after the page is added.
    pub before: usize,
    /// Posts after.
    pub after: usize,
    /// The thread rewritten as BBCode quotes when the page's layout is
    /// not the thread's (else the page goes at the end as it is).
    pub quoted: Option<String>,
    /// What is wrong with the page as read (S2.9): no post read from
    /// it, or fewer than it states it holds, in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<String>,
    /// Why not (a file that does not replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The thread with a page added at its end (a blank line between).
pub fn appended(thread: &str, page: &str) -> String {
    let mut t = thread.trim_end().to_string();
    if !t.is_empty() {
        t.push_str("\n\n");
    }
    t.push_str(page.trim_end());
    t.push('\n');
    t
}

/// A split thread written back as the BBCode a quote button gives, one
/// top-level `[quote="NAME"]...[/quote]` per post (S2.9's BBCode layout):
/// each post's author (the player's name, else as written) and text.
fn as_quotes(roster: &survival::Roster, s: &ThreadSplit) -> String {
    s.posts
        .iter()
        .map(|p| {
            let who = match p.author {
                Some(a) => roster.name(a).to_string(),
                None => p.author_text.clone(),
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

/// The page draft added to the thread draft: a page in another layout
/// than the thread so far (S2.9 reads one layout per paste) turns the
/// thread and the page into BBCode quotes, one per post, so every page
/// keeps its posts.
pub fn add(r: &PostsRequest) -> AddReply {
    let (mut out, g) = match replayed::<AddReply>(r) {
        Ok(x) => x,
        Err(out) => return out,
    };
    let d = &r.file.drafts;
    let names = g.names_with(&d.events);
    let (named, _, _) = g.start_with(&d.events);
    let thread = split_thread_as(&names, &d.thread, d.layout);
    out.before = thread.posts.len();
    // (The page alone is split only when there is a thread to differ
    // from: a first page of 1 MB is split once, not twice.)
    let page = (!thread.posts.is_empty()).then(|| split_thread_as(&names, &d.page, None));
    let text = match &page {
        Some(p) if !p.posts.is_empty() && p.layout != thread.layout => {
            let q = format!(
                "{}{}",
                as_quotes(&named.roster, &thread),
                as_quotes(&named.roster, p)
            );
            out.quoted = Some(q.clone());
            q
        }
        _ => appended(&d.thread, &d.page),
    };
    let layout = if out.quoted.is_some() { None } else { d.layout };
    let all = split_thread_as(&names, &text, layout);
    out.after = all.posts.len();
    // The page's problems: none read from it; else as split alone when
    // it turned the thread into quotes, or the pages of the thread that
    // start in it (none when the page before it had no footer to end it:
    // its posts then run on in that page).
    if out.after <= out.before {
        out.problems.push(
            "the page added no post: check that it is a thread page as the forum or Discord gives it, or choose its layout".to_string(),
        );
    } else {
        out.problems = match (&page, &out.quoted) {
            (Some(p), Some(_)) => p.pages.iter().filter_map(|x| x.problem()).collect(),
            _ => {
                let from = u32::try_from(appended(&d.thread, "").lines().count()).unwrap_or(0);
                all.pages
                    .iter()
                    .filter(|x| x.line >= from)
                    .filter_map(|x| x.problem())
                    .collect()
            }
        };
    }
    out
}

/// The day read from the drafts: the split (its table showing `shown`
/// rows), the count, the preview with the revote and the decisions
/// drafted (only those the engine asks for, as the commit takes them).
/// The count's rejected lines show `rejected` at a time; the preview's
/// report leaves them to the count (a 1 MB thread can hold a thousand).
pub fn day(r: &PostsRequest, shown: usize, rejected: usize) -> DayReply {
    let (mut out, g) = match replayed::<DayReply>(r) {
        Ok(x) => x,
        Err(out) => return out,
    };
    if g.is_over() || g.phase().is_night() {
        return out;
    }
    let d = &r.file.drafts;
    let names = g.names_with(&d.events);
    let (named, state, _) = g.start_with(&d.events);
    let split = split_thread_as(&names, &d.thread, d.layout);
    let posts = split.known_posts();
    let mut c = survival::day::Counter::owned(named.clone(), &state);
    for p in &posts {
        c.push(p.author, &p.text);
    }
    let live = Live::of(&c, &state);
    let roster = &g.setup().roster;
    if !d.thread.trim().is_empty() {
        out.summary = summary(&split);
    }
    out.posts = split.posts.len();
    out.known = posts.len();
    if !d.thread.trim().is_empty() {
        out.pages = split.pages.iter().filter_map(|p| p.problem()).collect();
    }
    out.split = posts_html(roster, &split, Some(&live), shown);
    let signed = g.setup().options.signature_votes == survival::options::SignatureVotes::Counted;
    out.doubtful = doubtful_html(&names, roster, &split, Some(&live), signed);
    out.electorate = electorate_text(&named.roster, &live);
    let numbers = super::screens::split::page_numbers(&split);
    out.count = count_html(&named.roster, &live, rejected, &numbers);
    let decisions = super::state::by_player(&names, &d.decisions);
    let revote = split_thread_as(&names, &d.revote, None).known_posts();
    let input = PhaseInput::Day(DayInput {
        posts,
        revote,
        decisions,
    });
    if let Some((_, rep)) = super::state::preview_of(&g, input, &d.events) {
        out.revote = rep.day().filter(|d| d.revote.is_some()).map(|d| {
            let tied = d.count.top().1;
            super::state::names(&named.roster, tied.iter())
        });
        // The vote lines rejected are listed under the count, a page at
        // a time; the report keeps the decision lines rejected (S7).
        let mut rep = rep;
        let before = rep.rejections.len();
        rep.rejections
            .retain(|x| matches!(x.place, survival::report::Place::Decision { .. }));
        let moved = before - rep.rejections.len();
        // (Its other lists are short: all of them shown.)
        let mut shown = Shown::of(&g, &named, &rep, usize::MAX);
        if moved > 0 {
            shown.html.push_str(&format!(
                "<p class=\"muted\" data-testid=\"rejections-under-count\">{moved} vote line{} rejected (S5.4): listed under the count, with the reason.</p>",
                if moved == 1 { "" } else { "s" }
            ));
        }
        out.shown = Some(shown);
    }
    out
}

/// What the worker read of the night's drafts (`night:N`): each player's
/// lines with the engine's verdicts, who has sent nothing, the preview.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NightReply {
    /// The request's number.
    pub key: u32,
    /// Each player with text: (name, the lines with their verdicts as
    /// HTML: a box's page first, `BOX_PAGE`, then a page more with each
    /// "Show more"; the rejected first when not all are shown).
    pub boxes: Vec<(String, String)>,
    /// The players with an action tonight who sent nothing (S3.8), by name.
    pub missing: Vec<String>,
    /// The preview as shown (its long lists a page at a time); `None`
    /// when the engine refuses the drafts.
    pub shown: Option<Shown>,
    /// Why nothing was read (a file that does not replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The night read from the drafts, as the Night screen shows it (read in
/// the site's worker: a pasted pile of a megabyte read on the page holds it
/// for a quarter of a second): every player's message read by the engine
/// (S2), the verdict of each line (`shown` is the "Show more" count: each
/// box and the report's lists show a box's page, `BOX_PAGE`, and a page
/// more for each page past the first), the players with an action who sent
/// nothing, the preview with the decisions drafted (S3, S4, S7).
pub fn night(r: &PostsRequest, shown: usize) -> NightReply {
    let (mut out, g) = match replayed::<NightReply>(r) {
        Ok(x) => x,
        Err(out) => return out,
    };
    if g.is_over() || !g.phase().is_night() {
        return out;
    }
    let d = &r.file.drafts;
    let names = g.names_with(&d.events);
    let (named, _, _) = g.start_with(&d.events);
    let actions = super::state::by_player(&names, &d.night);
    let decisions = super::state::by_player(&names, &d.decisions);
    let roster = &g.current_setup().roster;
    let asked = survival::NightInput {
        actions: actions.clone(),
        decisions: Default::default(),
    };
    out.missing = super::state::names(roster, g.missing_actions(&asked));
    let input = PhaseInput::Night(survival::NightInput {
        actions: actions.clone(),
        decisions,
    });
    // The night's lists (each box's lines, the preview's warnings and
    // rejected lines, which the boxes show again by player) start at a
    // box's page; each "Show more" adds a page to all of them.
    let box_shown = shown.saturating_sub(crate::shell::html::PAGE) + crate::shell::html::BOX_PAGE;
    if let Some((_, rep)) = super::state::preview_of(&g, input, &d.events) {
        out.boxes = actions
            .iter()
            .map(|(p, text)| {
                // The box's name as the page has it: the drafted
                // replacement's (S10.1).
                let name = named.roster.name(*p).to_string();
                let html =
                    super::screens::night::lines_html(&rep, roster, *p, &name, text, box_shown);
                (name, html)
            })
            .collect();
        out.shown = Some(Shown::of(&g, &named, &rep, box_shown));
    }
    out
}

/// What the worker read of the night's bulk box (`split`): the pasted
/// pile split by header lines naming players (S2.5), each part under the
/// name its player's box has (the drafted replacement's, S10.1), for the
/// page to add to the boxes (`take_bulk`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SplitReply {
    /// The request's number.
    pub key: u32,
    /// (player's name, their part) in order of first appearance.
    pub texts: Vec<(String, String)>,
    /// (1-based line, text) of non-blank lines under no player's header.
    pub orphans: Vec<(u32, String)>,
    /// (1-based line, name as written, taken for a header) of header-like
    /// lines naming no player.
    pub unknown_headers: Vec<(u32, String, bool)>,
    /// (first line, last line, author) of a Discord reply's context,
    /// taken for nobody.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replies: Vec<(u32, u32, String)>,
    /// How the paste was read when not as a pile of messages (a form's
    /// responses sheet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_as: Option<String>,
    /// Why nothing was read (a file that does not replay, no night to
    /// play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl SplitReply {
    /// The players' names (by index) and the split as the engine's, its
    /// players given by index into those names.
    pub fn into_split(self) -> (Vec<String>, console_core::text::BulkSplit<usize>) {
        let (names, texts) = self
            .texts
            .into_iter()
            .enumerate()
            .map(|(i, (name, text))| (name, (i, text)))
            .unzip();
        (
            names,
            console_core::text::BulkSplit {
                texts,
                orphans: self.orphans,
                unknown_headers: self.unknown_headers,
                replies: self.replies,
                read_as: self.read_as,
            },
        )
    }
}

/// The night's bulk box split into players in the worker (a
/// megabyte split on the page would hold it for 50 ms): its text with invisible
/// characters folded away, split by header lines as the phase to play
/// reads names (nicknames, drafted replacements; S2.3, S10.1).
pub fn split(r: &PostsRequest) -> SplitReply {
    let (mut out, g) = match replayed::<SplitReply>(r) {
        Ok(x) => x,
        Err(out) => return out,
    };
    if g.is_over() || !g.phase().is_night() {
        out.error = Some("it is not a night".into());
        return out;
    }
    let d = &r.file.drafts;
    let (named, _, _) = g.start_with(&d.events);
    let s = survival::bulk::split_bulk_with(
        &g.names_with(&d.events),
        &console_core::text::visible(&d.bulk),
    );
    out.texts = s
        .texts
        .into_iter()
        .map(|(p, t)| (named.roster.name(p).to_string(), t))
        .collect();
    out.orphans = s.orphans;
    out.unknown_headers = s.unknown_headers;
    out.replies = s.replies;
    out.read_as = s.read_as;
    out
}

/// The input the commit plays (`input`): the phase to play's input read
/// from the drafts in the worker (a 1 MB thread split on the
/// page at the commit would hold it for 170 ms).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct InputReply {
    /// The request's number.
    pub key: u32,
    /// The input as the preview took it, in its saved form (players by
    /// their names as dealt: the page reads it as it reads a save file);
    /// `None` with `error`.
    pub input: Option<survival::save::InputFile>,
    /// Why there is none (a file that does not replay, a game over,
    /// drafts the engine refuses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The phase to play's input from the drafts, as the preview took it: a
/// night's messages by player (S2.1), or a day's thread split in the
/// layout chosen (S2.9) with its revote thread; the decisions drafted,
/// only those of players the engine asks a decision of (S7).
pub fn input(r: &PostsRequest) -> InputReply {
    let (mut out, g) = match replayed::<InputReply>(r) {
        Ok(x) => x,
        Err(out) => return out,
    };
    if g.is_over() {
        out.error = Some("the game is over".into());
        return out;
    }
    let d = &r.file.drafts;
    let names = g.names_with(&d.events);
    let decisions = super::state::by_player(&names, &d.decisions);
    let raw = if g.phase().is_night() {
        PhaseInput::Night(survival::NightInput {
            actions: super::state::by_player(&names, &d.night),
            decisions,
        })
    } else {
        PhaseInput::Day(DayInput {
            posts: split_thread_as(&names, &d.thread, d.layout).known_posts(),
            revote: split_thread_as(&names, &d.revote, None).known_posts(),
            decisions,
        })
    };
    match super::state::preview_of(&g, raw, &d.events) {
        Some((i, _)) => out.input = Some(survival::save::InputFile::of(&g.setup().roster, &i)),
        None => out.error = Some("the engine refuses the drafts".into()),
    }
    out
}

/// Who has not acted yet in the phase to play (`waiting`: the Board's
/// line).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WaitingReply {
    /// The request's number.
    pub key: u32,
    /// Whether the phase to play is a night; `None` once the game is over.
    pub night: Option<bool>,
    /// By night the players with an action who sent nothing (S3.8), by
    /// day the players who may vote and have not (S5.1), by name.
    pub names: Vec<String>,
    /// Why nothing was read (a file that does not replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Who has not acted yet, read from the drafts as the Night and Day
/// screens read them (the Board split a 1 MB thread on the
/// page): tonight's messages by player, or today's thread split and
/// counted with the drafted events applied (S10).
pub fn waiting(r: &PostsRequest) -> WaitingReply {
    let (mut out, g) = match replayed::<WaitingReply>(r) {
        Ok(x) => x,
        Err(out) => return out,
    };
    if g.is_over() {
        return out;
    }
    let d = &r.file.drafts;
    let names = g.names_with(&d.events);
    let night = g.phase().is_night();
    out.night = Some(night);
    out.names = if night {
        let asked = survival::NightInput {
            actions: super::state::by_player(&names, &d.night),
            decisions: Default::default(),
        };
        // (A player the drafted events remove owes nothing, S10.3.)
        let (named, state, _) = g.start_with(&d.events);
        let owed: Vec<survival::PlayerId> = g
            .missing_actions(&asked)
            .into_iter()
            .filter(|p| state.is_alive(*p))
            .collect();
        super::state::names(&named.roster, owed)
    } else {
        // (Named as the count names them: drafted replacements in.)
        let (named, state, _) = g.start_with(&d.events);
        let mut c = survival::day::Counter::owned(named.clone(), &state);
        for p in split_thread_as(&names, &d.thread, d.layout).known_posts() {
            c.push(p.author, &p.text);
        }
        super::state::names(&named.roster, c.view(&state).not_voting)
    };
    out
}

/// The worker's answer to `day:N`, `night:N`, `split`, `input`, `waiting`
/// or `add` (JSON in and out).
pub fn answer(request: &PostsRequest) -> String {
    match request.stage.as_str() {
        "split" => return serde_json::to_string(&split(request)).unwrap_or_default(),
        "input" => return serde_json::to_string(&input(request)).unwrap_or_default(),
        "waiting" => return serde_json::to_string(&waiting(request)).unwrap_or_default(),
        _ => {}
    }
    match request.stage.split_once(':') {
        Some(("day", n)) => {
            let page = crate::shell::html::PAGE;
            let (a, b) = n.split_once(':').unwrap_or((n, ""));
            serde_json::to_string(&day(
                request,
                a.parse().unwrap_or(page),
                b.parse().unwrap_or(page),
            ))
        }
        Some(("night", n)) => serde_json::to_string(&night(
            request,
            n.parse().unwrap_or(crate::shell::html::PAGE),
        )),
        _ => serde_json::to_string(&add(request)),
    }
    .unwrap_or_default()
}
