//! The Posts screen's texts, written in the rules worker (`Doc::Game` of
//! `shell::markdown`): the page sends the open game as its save file with
//! the stage, the format and the deadline ([`PostsRequest`], JSON), the
//! worker replays the file and answers with every public message and
//! private message ([`PostsReply`], JSON). So the engine's post writers
//! (deal, morning, result, end, private messages, the moderator's events
//! and the catch-up messages, S9, S10.7) are not in the page's first load.

use crate::shell::html::{Html, PAGE, attr};
use serde::{Deserialize, Serialize};
use survival::NightInput;
use survival::count::VoteCount;
use survival::events::{
    EventNote, VoteChange, catch_up_at, catch_up_with, events_post, history, vote_count_post_timed,
    wagons_post,
};
use survival::events::{day_activity, night_activity, prod_list_with};
use survival::post::{
    Format, PublicEnd, deal_messages, deal_post, end_post, night_messages, phase_post,
    private_text, vote_count_post,
};
use survival::report::PhaseReport;
use survival::save::GameFile;
use survival::thread::split_thread_as;
use survival::{DayInput, PhaseInput, PlayerId};

/// What the Posts screen asks the worker.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PostsRequest {
    /// The page's number for the request, repeated in the reply.
    pub key: u32,
    /// The open game with its drafts (the thread, the events drafted).
    pub file: GameFile,
    /// `deal`, a phase's 0-based index, `count`, `events` or `end`; or
    /// not posts: `activity` (the activity table and the prod list with
    /// its messages, S10.8), `history` (the day's vote history, S10.9),
    /// `day:N` (the Day screen's reading, `day_text::DayReply`, its split
    /// table showing N rows), `add` (the page draft added to the thread,
    /// `day_text::AddReply`), `night:N` (the Night screen's reading,
    /// `day_text::NightReply`), `split` (the night's bulk box split into
    /// players, `day_text::SplitReply`), `input` (the phase's input the
    /// commit plays, `day_text::InputReply`), `waiting` (who has not acted
    /// yet, `day_text::WaitingReply`).
    pub stage: String,
    /// The post format.
    pub format: Format,
    /// The deadline the posts announce or count down to (UNIX seconds).
    pub deadline: Option<i64>,
    /// The time now (UNIX seconds), for the time left (S10.5).
    pub now: i64,
}

/// The worker's answer: the public post's messages, the private messages
/// by player (an empty reply when the stage has none).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PostsReply {
    /// The request's number.
    pub key: u32,
    /// The public post, message by message.
    pub public: Vec<String>,
    /// (player, message).
    pub private: Vec<(String, String)>,
    /// The stage's HTML (`activity`, `history`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub html: String,
    /// Why there are no posts (a file that does not replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The vote count post as the moderator chose it (S9.2, or the wagons
/// layout of S10.9 when `changes` is given), with the deadline and the
/// time left at `now` (UNIX seconds) when a deadline is set (S10.5).
pub fn count_post(
    count: &VoteCount,
    changes: Option<&[VoteChange]>,
    names: &[String],
    format: Format,
    deadline: Option<i64>,
    now: i64,
) -> Vec<String> {
    match (changes, deadline) {
        (Some(c), d) => wagons_post(c, count, names, format, d, Some(now)),
        (None, Some(d)) => vote_count_post_timed(count, names, format, d, Some(now)),
        (None, None) => vote_count_post(count, names, format),
    }
}

/// The slots a phase's events gave to a new player (S10.1), who get the
/// catch-up message (S10.7).
fn replaced(r: &PhaseReport) -> impl Iterator<Item = PlayerId> + '_ {
    r.events.iter().filter_map(|e| match e {
        EventNote::Replaced { slot, .. } => Some(*slot),
        _ => None,
    })
}

/// The worker's answer to the Survival page: `verify ` and a
/// [`VerifyRequest`] (JSON) for the Verify screen's HTML, else a
/// [`PostsRequest`] (JSON) for a [`PostsReply`] (JSON).
pub fn answer(request: &str) -> String {
    match request.strip_prefix("verify ") {
        Some(r) => serde_json::from_str::<VerifyRequest>(r).map_or_else(
            |e| {
                Html::default()
                    .el("p", " class=\"error\"", &e.to_string())
                    .done()
            },
            |r| verify_html(&r),
        ),
        None => posts_json(request),
    }
}

/// What the Verify screen asks (S1.6): the players (one per line, in
/// the game's order), the deck (card names, separated by commas), the
/// seed, the salt (64 hex digits) and the published commitment, as typed
/// (a JSON array of five strings).
pub type VerifyRequest = [String; 5];

/// The Verify screen's result (S1.6) as HTML: whether the inputs give the
/// published commitment, with the deal they give; or what is wrong with
/// them (the seed, the salt, the players or the deck, named).
pub fn verify_html([players, deck, seed, salt, published]: &VerifyRequest) -> String {
    use survival::commitment::{Salt, VerifyError, verify};
    let mut h = Html::default();
    let result = (|| {
        let seed: u64 = seed
            .trim()
            .parse()
            .map_err(|_| "the seed is a whole number from 0 to 18446744073709551615".to_string())?;
        let salt: Salt = salt.parse()?;
        match verify(players, deck, seed, &salt, published) {
            Ok(cards) => Ok((true, published.trim().to_ascii_lowercase(), cards)),
            Err(VerifyError::Mismatch { computed }) => Ok((false, computed, Vec::new())),
            Err(e) => Err(e.to_string()),
        }
    })();
    match result {
        Ok((true, c, cards)) => {
            h.raw("<p class=\"ok\" data-testid=\"match\"><strong>It matches:</strong> this deal is the one committed to at the start.</p><p>")
                .el("code", " data-testid=\"commitment\"", &c)
                .raw("</p>");
            let rows: Vec<(String, Vec<String>)> = cards
                .into_iter()
                .map(|(n, c)| (String::new(), vec![n, c.name().to_string()]))
                .collect();
            h.table("", "The deal", &["Player", "Card"], &rows);
        }
        Ok((false, c, _)) => {
            h.raw("<p class=\"error\" data-testid=\"match\"><strong>It does NOT match</strong> the published commitment. These inputs hash to:</p><p>")
                .el("code", " data-testid=\"commitment\"", &c)
                .raw("</p>");
        }
        Err(e) => {
            h.el("p", " class=\"error\" data-testid=\"verify-problem\"", &e);
        }
    }
    h.done()
}

/// The worker's answer to a request (JSON text in and out).
pub fn posts_json(request: &str) -> String {
    let reply = match serde_json::from_str::<PostsRequest>(request) {
        // The Day screen's reading (`day:N`, `add`): its own reply.
        Ok(r)
            if r.stage == "add"
                || r.stage == "split"
                || r.stage == "input"
                || r.stage == "waiting"
                || r.stage.starts_with("day:")
                || r.stage.starts_with("night:") =>
        {
            return super::day_text::answer(&r);
        }
        Ok(r) => posts(&r),
        Err(e) => PostsReply {
            error: Some(e.to_string()),
            ..PostsReply::default()
        },
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

/// A reply of the worker's: its request's number, and why nothing was
/// read.
pub trait Reply: Default {
    /// The reply to request number `key`, nothing read yet.
    fn keyed(key: u32) -> Self;
    /// Why nothing was read (`None`: it was).
    fn error(&mut self) -> &mut Option<String>;
}

/// [`Reply`] for reply types with a `key` and an `error` field.
macro_rules! reply {
    ($($t:ty),*) => {$(
        impl $crate::games::survival::posts_text::Reply for $t {
            fn keyed(key: u32) -> Self {
                Self { key, ..Self::default() }
            }
            fn error(&mut self) -> &mut Option<String> {
                &mut self.error
            }
        }
    )*};
}
pub(crate) use reply;

reply!(PostsReply);

/// The request's game replayed from its file, with the reply to fill in;
/// or the reply saying why the file does not replay.
///
/// # Errors
///
/// The reply with its `error`, when the file does not replay.
pub fn replayed<T: Reply>(r: &PostsRequest) -> Result<(T, survival::Game), T> {
    use console_core::save::SaveFile;
    let mut out = T::keyed(r.key);
    match r.file.replay() {
        Ok(g) => Ok((out, g)),
        Err(e) => {
            *out.error() = Some(e.to_string());
            Err(out)
        }
    }
}

/// The posts of a request's stage.
pub fn posts(r: &PostsRequest) -> PostsReply {
    let (mut out, g) = match replayed::<PostsReply>(r) {
        Ok(x) => x,
        Err(out) => return out,
    };
    let (format, deadline) = (r.format, r.deadline);
    let d = &r.file.drafts;
    let setup = g.setup();
    let private =
        |s: &survival::Setup, m: &[survival::post::PrivateMessage]| -> Vec<(String, String)> {
            m.iter()
                .map(|m| (s.roster.name(m.to).to_string(), private_text(s, m, format)))
                .collect()
        };
    // `history:N`: the vote history's last N changes (pages of `PAGE`).
    let (stage, shown) = match r.stage.split_once(':') {
        Some((s, n)) => (s, n.parse().unwrap_or(PAGE)),
        None => (r.stage.as_str(), PAGE),
    };
    // A post of a committed phase announces the deadline set when the
    // next phase was committed (S10.10), not whatever is set now; the
    // latest post announces the one being set.
    let announced = |next: usize| {
        if next < g.phases().len() {
            survival::save::phase_deadline(&d.deadlines, next)
        } else {
            deadline
        }
    };
    match stage {
        "deal" => {
            out.public = deal_post(
                setup,
                g.start().spotlight(),
                !d.hide_deck,
                format,
                announced(0),
            );
            out.private = private(setup, &deal_messages(setup));
        }
        "count" => {
            // The count as the Day screen keeps it: the day as it starts
            // with the drafted events (S10.2), in the layout chosen.
            let names = g.names_with(&d.events);
            let split = split_thread_as(&names, &d.thread, d.layout);
            let posts = split.known_posts();
            let (named, state, _) = g.start_with(&d.events);
            let mut c = survival::day::Counter::owned(named.clone(), &state);
            for p in &posts {
                c.push(p.author, &p.text);
            }
            let count = c.view(&state);
            let changes = d.wagons.then(|| {
                let input = PhaseInput::Day(DayInput {
                    posts,
                    ..DayInput::default()
                });
                g.preview_with(&input, &d.events)
                    .ok()
                    .and_then(|rep| rep.day().map(history))
                    .unwrap_or_default()
            });
            out.public = count_post(
                &count,
                changes.as_deref(),
                named.roster.names(),
                format,
                deadline,
                r.now,
            );
        }
        "events" => {
            // The drafted events as the phase would start with them (S10.7).
            let (named, _, _) = g.start_with(&d.events);
            if let Ok(rep) = g.preview_with(&PhaseInput::empty(g.phase()), &d.events) {
                out.public = events_post(&named, &rep, deadline, format);
                out.private = replaced(&rep)
                    .map(|slot| {
                        (
                            named.roster.name(slot).to_string(),
                            catch_up_with(&g, &d.events, slot, format),
                        )
                    })
                    .collect();
            }
        }
        "activity" => activity(&g, d, deadline, r.now, format, &mut out),
        "history" => {
            let (named, _, _) = g.start_with(&d.events);
            let split = split_thread_as(&g.names_with(&d.events), &d.thread, d.layout);
            let numbers = super::screens::split::page_numbers(&split);
            let input = PhaseInput::Day(DayInput {
                posts: split.known_posts(),
                ..DayInput::default()
            });
            if let Some(h) = g
                .preview_with(&input, &d.events)
                .ok()
                .and_then(|rep| rep.day().map(history))
            {
                out.html = history_html(&named.roster, &h, shown, &numbers);
            }
        }
        "end" => {
            if let Some(end) = PublicEnd::new(&g.current_setup(), g.state()) {
                out.public = end_post(&end, format);
            }
        }
        n => {
            let Some(p) = n
                .parse::<usize>()
                .ok()
                .and_then(|i| g.phases().get(i).map(|p| (i, p)))
            else {
                return out;
            };
            let (i, p) = p;
            let named = g.setup_of(&p.after);
            // The events' post first: they applied at the phase's start;
            // an extension names the phase's deadline with its extensions.
            let extended = console_core::PhaseDeadline::with_events(
                survival::save::phase_deadline(&d.deadlines, i),
                &p.events,
            )
            .current();
            out.public = events_post(&named, &p.report, extended, format);
            out.public
                .extend(phase_post(&g, i, format, announced(i + 1)));
            // The catch-up messages as sent with the phase (S10.7, S10.10).
            out.private = replaced(&p.report)
                .map(|slot| {
                    (
                        named.roster.name(slot).to_string(),
                        catch_up_at(&g, i, slot, format),
                    )
                })
                .collect();
            out.private
                .extend(private(&named, &night_messages(&named, &p.report)));
        }
    }
    out
}

/// The day's vote history (S10.9) as an HTML table: post (the page's
/// number of each post counted, `numbers`, as the split table has it),
/// voter, from, to.
fn history_html(
    roster: &survival::Roster,
    changes: &[VoteChange],
    shown: usize,
    numbers: &[u32],
) -> String {
    use survival::vote::Target;
    let who = |t: Option<Target>| match t {
        Some(Target::Player(p)) => roster.name(p).to_string(),
        Some(Target::NoElimination) => "No elimination".to_string(),
        None => "no vote".to_string(),
    };
    // A long day (a 1 MB thread holds thousands of changes)
    // shows its latest `shown` changes, in order, and a line to show more.
    let total = changes.len();
    let rows: Vec<(String, Vec<String>)> = changes[total.saturating_sub(shown)..]
        .iter()
        .map(|c| {
            (
                String::new(),
                vec![
                    if c.revote {
                        format!("revote {}", c.post)
                    } else {
                        numbers
                            .get((c.post as usize).wrapping_sub(1))
                            .copied()
                            .unwrap_or(c.post)
                            .to_string()
                    },
                    roster.name(c.voter).to_string(),
                    who(c.from),
                    who(c.to),
                ],
            )
        })
        .collect();
    let mut h = Html::default();
    h.table(
        " class=\"vote-history\" data-testid=\"vote-history\"",
        "Vote history (S10.9)",
        &["Post", "Voter", "From", "To"],
        &rows,
    );
    h.raw(&crate::shell::html::more_html(
        "history-more",
        shown,
        total,
        "vote changes shown: the latest",
    ));
    h.done()
}

/// The phase's activity (S10.8) at `now` (UNIX seconds) into `out`: the HTML (the activity table,
/// the threshold's inputs, the time left, the prod list with a Copy
/// button per message, `data-copy` its place in `out.public`) and the
/// messages to copy (one per player prodded, then the one public post).
fn activity(
    g: &survival::Game,
    d: &survival::save::Drafts,
    deadline: Option<i64>,
    now: i64,
    format: Format,
    out: &mut PostsReply,
) {
    use console_core::events::{ProdWhy, prod_message};
    if g.is_over() {
        return;
    }
    let names = g.names_with(&d.events);
    let (named, _, _) = g.start_with(&d.events);
    let roster = &named.roster;
    let act = if g.phase().is_night() {
        let actions = super::state::by_player(&names, &d.night);
        night_activity(
            g,
            &NightInput {
                actions,
                decisions: Default::default(),
            },
        )
    } else {
        day_activity(g, &split_thread_as(&names, &d.thread, d.layout))
    };
    let left = deadline.map(|x| (x - now).max(0));
    // (A player the drafted events remove gets no prod, S10.3.)
    let prods = prod_list_with(g, &d.events, &act, d.prod, left);
    let name = |slot: usize| roster.name(PlayerId::from_index(slot));
    let rows: Vec<(String, Vec<String>)> = act
        .iter()
        .map(|a| {
            (
                attr("data-player", name(a.slot)),
                vec![
                    name(a.slot).to_string(),
                    a.posts.to_string(),
                    a.words.to_string(),
                    a.last_post.clone().unwrap_or_default(),
                    match a.acted {
                        Some(true) => "in",
                        Some(false) => "not in",
                        None => "",
                    }
                    .to_string(),
                ],
            )
        })
        .collect();
    let mut h = Html::default();
    h.el("h3", "", "Activity and prods (S10.8)")
        .raw("<div class=\"scroll\">")
        .table(
            " class=\"activity\" data-testid=\"activity\"",
            "Activity this phase (S10.8)",
            &["Player", "Posts", "Words", "Last post", "Actions"],
            &rows,
        )
        .raw(&format!(
            "</div><div class=\"row\"><label>Prod at <input type=\"number\" min=\"0\" data-act=\"posts\" data-testid=\"prod-posts\" value=\"{}\"> posts or fewer</label><label>, or no action with <input type=\"number\" min=\"0\" data-act=\"hours\" data-testid=\"prod-hours\" value=\"{}\"> hours or fewer left</label></div>",
            d.prod.max_posts, d.prod.hours_before
        ));
    if let (Some(x), Some(l)) = (deadline, left) {
        h.el(
            "p",
            " data-testid=\"time-left\"",
            &format!(
                "Deadline {}: {} left",
                survival::post::utc(x),
                console_core::events::duration_text(l)
            ),
        );
    }
    let prodded: Vec<&str> = prods.iter().map(|p| name(p.slot)).collect();
    let mut why_all: Vec<ProdWhy> = Vec::new();
    h.el(
        "p",
        " data-testid=\"prod-count\"",
        &format!(
            "To prod ({}): {}",
            prodded.len(),
            if prodded.is_empty() {
                "no one".to_string()
            } else {
                prodded.join(", ")
            }
        ),
    )
    .raw("<ul data-testid=\"prods\">");
    for (i, p) in prods.iter().enumerate() {
        let n = name(p.slot);
        let why: Vec<&str> = p
            .why
            .iter()
            .map(|w| match w {
                ProdWhy::Posts => "too few posts",
                ProdWhy::NoActions => "no action near the deadline",
            })
            .collect();
        for w in &p.why {
            if !why_all.contains(w) {
                why_all.push(*w);
            }
        }
        out.public
            .push(prod_message(&[n], &p.why, deadline, format));
        h.raw(&format!("<li{}>", attr("data-player", n)))
            .text(&format!("{n}: {} ", why.join(", ")))
            .el(
                "button",
                &format!(" data-act=\"copy\"{}", attr("data-copy", &i.to_string())),
                "Copy the prod message",
            )
            .raw("</li>");
    }
    h.raw("</ul>");
    if !prodded.is_empty() {
        let post = prod_message(&prodded, &why_all, deadline, format);
        h.el("pre", " data-testid=\"prod-post\"", &post).el(
            "button",
            &format!(
                " data-act=\"copy\"{}",
                attr("data-copy", &prods.len().to_string())
            ),
            "Copy one public prod post",
        );
        out.public.push(post);
    }
    out.html = h.done();
}
