//! The Posts screen's texts, written in the rules worker (`Doc::Posts` of
//! `shell::markdown`): the page sends the open game as its save file with
//! the stage, the format and the deadline ([`PostsRequest`], JSON), the
//! worker replays the file and answers with every public message and
//! private message ([`PostsReply`], JSON). So the engine's post writers
//! (deal, morning, result, end, private messages, the moderator's events
//! and the catch-up messages, S9, S10.7) are not in the page's first load.

use serde::{Deserialize, Serialize};
use survival::count::VoteCount;
use survival::events::{
    EventNote, VoteChange, catch_up, catch_up_with, events_post, history, vote_count_post_timed,
    wagons_post,
};
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
    /// `deal`, a phase's 0-based index, `count`, `events` or `end`.
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
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PostsReply {
    /// The request's number.
    pub key: u32,
    /// The public post, message by message.
    pub public: Vec<String>,
    /// (player, message).
    pub private: Vec<(String, String)>,
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

/// The worker's answer to a request (JSON text in and out).
pub fn posts_json(request: &str) -> String {
    let reply = match serde_json::from_str::<PostsRequest>(request) {
        Ok(r) => posts(&r),
        Err(e) => PostsReply {
            error: Some(e.to_string()),
            ..PostsReply::default()
        },
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

/// The posts of a request's stage.
pub fn posts(r: &PostsRequest) -> PostsReply {
    use console_core::save::SaveFile;
    let mut out = PostsReply {
        key: r.key,
        ..PostsReply::default()
    };
    let g = match r.file.replay() {
        Ok(g) => g,
        Err(e) => {
            out.error = Some(e.to_string());
            return out;
        }
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
    match r.stage.as_str() {
        "deal" => {
            out.public = deal_post(setup, g.start().spotlight(), !d.hide_deck, format, deadline);
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
            // The events' post first: they applied at the phase's start.
            out.public = events_post(&named, &p.report, None, format);
            out.public.extend(phase_post(&g, i, format, deadline));
            out.private = replaced(&p.report)
                .map(|slot| {
                    (
                        named.roster.name(slot).to_string(),
                        catch_up(&g, slot, format),
                    )
                })
                .collect();
            out.private
                .extend(private(&named, &night_messages(&named, &p.report)));
        }
    }
    out
}
