//! Night: each living player's private message in their own box (the
//! players whose card has an action, and anyone whose text was pasted), a
//! bulk box for a pile of DMs with a header per player (its text is added
//! after what a player already sent: a later line replaces an earlier one,
//! S2.5), every line marked accepted, replaced or rejected with the
//! engine's reason, who has sent nothing yet, a live preview of the night
//! (eliminations with causes, what each informed role learns), the
//! decisions the eliminations call for, and the commit.
//!
//! A commit never happens by accident: the button commits only the night
//! it shows (a second click arriving after the commit does nothing), a
//! night with players who sent nothing or decisions not given is confirmed
//! first naming them, and after a commit the night's result takes the
//! button's place; the day's commit is on the Day screen.

use super::super::day_text::{NightReply, SplitReply};
use super::super::state::{Ctx, list};
use super::common::{Committed, Elsewhere, Outcome, capital};
use super::posts::{FileJson, Latest};
use crate::shell::bulk::{BulkBox, announce};
use crate::shell::html::{BOX_HELD, PAGE, attr, esc, event_from, more_html};
use crate::shell::paste::{HeldBox, is_held};
use crate::shell::rules::ask_worker;
use console_core::text::{BulkAccount, take_bulk};
use leptos::prelude::*;
use std::fmt::Write as _;
use survival::report::PhaseReport;
use survival::verdict::{Verdict, night_verdicts};
use survival::{PlayerId, Verb};

/// Every non-blank line of `p`'s message with the engine's verdict, as
/// list items, and how many there are: all of them in the message's order
/// when there are at most `shown`, else the first `shown` with the
/// rejected lines first, then the replaced, then the rest
/// (nothing unused is behind what counts).
fn verdicts(
    report: &PhaseReport,
    roster: &survival::Roster,
    p: PlayerId,
    text: &str,
    shown: usize,
) -> (String, usize) {
    let all = night_verdicts(report, p, text);
    let total = all.len();
    let rank = |v: &Verdict| match v {
        Verdict::Rejected(_) if total > shown => 0,
        Verdict::Replaced(_) if total > shown => 1,
        _ => 2,
    };
    let mut out = String::new();
    for l in (0..3)
        .flat_map(|k| all.iter().filter(move |l| rank(&l.verdict) == k))
        .take(shown)
    {
        let class = match l.verdict {
            Verdict::Accepted(_) => "ok",
            Verdict::Rejected(_) => "bad",
            Verdict::Replaced(_) => "warn",
            Verdict::End | Verdict::AfterEnd | Verdict::NotRead => "muted",
        };
        let _ = write!(
            out,
            "<li class=\"{class}\" value=\"{}\"><code>{}</code> <span>{}</span></li>",
            l.number,
            esc(l.text),
            esc(&l.verdict.text(roster))
        );
    }
    (out, total)
}

fn verb_help(v: Verb) -> &'static str {
    match v {
        Verb::Kill => "kill NAME",
        Verb::Expose => "expose NAME",
        Verb::Protect => "protect NAME",
        Verb::Check => "check NAME",
        Verb::Watch => "watch",
        Verb::Bomb => "bomb NAME",
        Verb::Shield => "shield NAME",
        Verb::Summon => "summon NAME",
        Verb::Buddies => "buddies NAME and NAME",
        _ => "",
    }
}

/// A player's lines with the engine's verdicts as HTML (an `<ol
/// class="verdicts">` named "NAME: checked lines", `shown` lines at most,
/// rejected first when there are more, then the "Show more" line),
/// written in the site's worker (`day_text::night`).
pub fn lines_html(
    report: &PhaseReport,
    roster: &survival::Roster,
    p: PlayerId,
    name: &str,
    text: &str,
    shown: usize,
) -> String {
    let (items, total) = verdicts(report, roster, p, text, shown);
    format!(
        "<ol class=\"verdicts\"{}>{items}</ol>{}",
        attr("aria-label", &format!("{name}: checked lines")),
        more_html(
            "verdicts-more",
            shown,
            total,
            "lines shown: rejected first, then replaced, then the rest"
        )
    )
}

/// "Split into players" for the bulk box: the pile is split in the site's
/// worker (`day_text::split`; a megabyte split on the page would hold
/// it for 50 ms) and its parts are added to the players' boxes when it
/// answers (S2.5), with the account of every line in `account`; not when
/// another game is open by then, or the night asked for was committed or
/// undone meanwhile. Page-wide (provided by the page, `Survival::init`):
/// a split asked is taken when the worker answers, whatever screen is
/// shown by then.
#[derive(Clone, Copy)]
pub struct NightSplit {
    /// The bulk box's Split (its text is in the save file the worker reads).
    pub split: Callback<String, Option<BulkAccount>>,
    /// The last split's account.
    pub account: RwSignal<Option<BulkAccount>>,
}

impl NightSplit {
    /// The page's split, sending the drafts through `file` (the page's
    /// own save-file JSON).
    pub fn new(ctx: Ctx, file: FileJson) -> NightSplit {
        let account = RwSignal::new(None::<BulkAccount>);
        let answer = RwSignal::new(None::<Result<String, String>>);
        // The game and the number of phases played when the split was asked.
        let asked = StoredValue::new(None::<(String, usize)>);
        let basis = move || {
            ctx.live
                .with_untracked(|l| l.as_ref().map(|l| (l.id.clone(), l.game.phases().len())))
        };
        Effect::new(move |_| {
            answer.track();
            let Some(reply) = answer.try_update_untracked(Option::take).flatten() else {
                return;
            };
            let read = reply
                .and_then(|t| serde_json::from_str::<SplitReply>(&t).map_err(|e| e.to_string()))
                .and_then(|r| r.error.clone().map_or(Ok(r), Err));
            match read {
                Err(e) => ctx.warn(format!("The messages could not be split: {e}")),
                Ok(_) if asked.with_value(|a| *a != basis()) => {
                    ctx.warn("The night changed before the messages were split: split them again");
                }
                Ok(r) => {
                    let (names, s) = r.into_split();
                    let mut taken = None;
                    ctx.night.update(|d| {
                        taken = Some(take_bulk(d, &s, |i| names[i].clone()));
                    });
                    if let Some(a) = &taken {
                        announce(ctx.shell, "messages", a);
                    }
                    account.set(taken);
                }
            }
        });
        // Another game or phase: the last split's account is of the old one.
        Effect::new(move |was: Option<Option<(String, usize)>>| {
            let now = ctx
                .live
                .with(|l| l.as_ref().map(|l| (l.id.clone(), l.game.phases().len())));
            if was.is_some_and(|w| w != now) {
                account.set(None);
            }
            now
        });
        let split = Callback::new(move |_: String| {
            // (The bulk box's text is in the file: the worker splits it.)
            let request = file.request(0, "split", ctx.format.get_untracked(), None, 0)?;
            asked.set_value(basis());
            // (The last split's account goes: the next is this one's.)
            account.set(None);
            ctx.say("Splitting the pasted messages…");
            ask_worker('S', request, answer);
            None
        });
        NightSplit { split, account }
    }
}

#[component]
pub fn Night() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The phase committed from this screen just now, if any.
    let just = RwSignal::new(None::<usize>);
    let is_night = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .is_some_and(|l| !l.game.is_over() && l.game.phase().is_night())
        })
    };
    view! {
        <section class="night">
            {move || just.get().map(|i| view! { <Committed i/> })}
            <Show when=is_night fallback=move || view! { <Elsewhere night=true just/> }>
                <NightEntry just/>
            </Show>
        </section>
    }
}

#[component]
fn NightEntry(just: RwSignal<Option<usize>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let phase = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| l.game.phase().to_string())
                .unwrap_or_default()
        })
    };
    // The players with a box: living players with an action tonight, and
    // anyone whose message has text.
    let boxes = Memo::new(move |_| {
        let with_text: Vec<String> = ctx.night.with(|d| {
            d.iter()
                .filter(|(_, t)| !t.trim().is_empty())
                .map(|(n, _)| n.clone())
                .collect()
        });
        let Some((s, _, _)) = ctx.opening() else {
            return Vec::new();
        };
        ctx.live.with(|l| {
            let Some(l) = l else { return Vec::new() };
            let g = &l.game;
            s.roster
                .ids()
                .filter(|p| {
                    !g.legal(*p).verbs.is_empty()
                        || with_text.iter().any(|n| n == s.roster.name(*p))
                })
                .map(|p| {
                    let verbs: Vec<&str> = g.legal(p).verbs.into_iter().map(verb_help).collect();
                    (
                        p,
                        s.roster.name(p).to_string(),
                        s.card(p).name(),
                        g.state().is_alive(p),
                        verbs.join(", "),
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    // The save file as JSON, serialised once per change for every
    // request of the screen (the reading, the activity, the events).
    let file = FileJson::new(ctx);
    provide_context(file);
    let NightSplit { split, account } = expect_context::<NightSplit>();
    // A past split's account is not shown again once the screen is left
    // (a split still on its way shows on its answer).
    on_cleanup(move || {
        account.try_set(None);
    });
    // The night's reading, done in the site's worker (`day_text::night`):
    // every message read, each line's verdict, who sent nothing, the
    // preview; asked again whenever a draft it reads changes, latest-only,
    // the last reading kept in view meanwhile (a pasted pile of
    // a megabyte read on the page would hold it for a quarter of a second).
    // `more`: the lines shown of each box and of the report's lists.
    let more = RwSignal::new(PAGE);
    let read = RwSignal::new(None::<NightReply>);
    let reader = Latest::new(move || {
        file.request(
            0,
            &format!("night:{}", more.get_untracked()),
            ctx.format.get_untracked(),
            None,
            0,
        )
    });
    Effect::new(move |_| {
        more.track();
        ctx.night.track();
        ctx.decisions.track();
        ctx.events.track();
        ctx.live.track();
        reader.ask_soon();
    });
    reader.read_into(ctx, "The messages", |r: &NightReply| r.error.as_ref(), read);
    let missing = Memo::new(move |_| {
        read.with(|r| r.as_ref().map(|r| r.missing.clone()).unwrap_or_default())
    });
    let shown = Signal::derive(move || read.with(|r| r.as_ref().and_then(|r| r.shown.clone())));
    let first = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| l.game.current_setup().roster.names()[0].clone())
                .unwrap_or_default()
        })
    };
    let reading = reader.reading;
    view! {
        <h2>{move || format!("{}: private messages", capital(&phase()))}</h2>
        <BulkBox shell=ctx.shell text=ctx.bulk split account summary="Paste many private messages at once" noun="messages" rule="S2.5" example=Signal::derive(first)/>
        <p class="waiting" data-testid="waiting"><strong>"No action sent yet: "</strong><span data-testid="not-sent">{move || list(&missing.get())}</span></p>
        // (Its line is kept while hidden: the boxes do not move as it comes and goes.)
        <p class="muted busy-note" data-testid="reading" hidden=move || !reading.get()>"Reading the messages…"</p>
        <div class="players" class:reading=move || reading.get() aria-busy=move || reading.get().to_string()>
            {move || boxes.get().into_iter().map(|b| player_box(ctx, read, more, b)).collect_view()}
        </div>
        <super::events::Events/>
        <super::events::Activity/>
        <Outcome preview=shown missing=Signal::derive(move || missing.get()) just more busy=reading/>
    }
}

/// A player's box: their message and the engine's verdict on each line
/// (from the worker's reading `read`; "Show more" asks for `more` lines).
fn player_box(
    ctx: Ctx,
    read: RwSignal<Option<NightReply>>,
    more: RwSignal<usize>,
    (p, name, card, alive, verbs): (PlayerId, String, &'static str, bool, String),
) -> impl IntoView {
    let id = format!("msg-{}", p.index());
    let (k1, k2, k3) = (name.clone(), name.clone(), name.clone());
    let text = Signal::derive(move || ctx.night.with(|d| d.get(&k1).cloned().unwrap_or_default()));
    let marks = move || {
        read.with(|r| {
            r.as_ref()
                .and_then(|r| r.boxes.iter().find(|b| b.0 == k3))
                .map(|b| b.1.clone())
                .unwrap_or_default()
        })
    };
    let can = if !alive {
        "a Memory: no action (S2.6)".to_string()
    } else if verbs.is_empty() {
        "no action tonight (S3.8)".to_string()
    } else {
        format!("may send: {verbs}")
    };
    view! {
        <article class="player" data-player=name.clone()>
            <h3><label for=id.clone()>{name.clone()}</label></h3>
            <p class="muted">{format!("{card}; {can}")}</p>
            // A pasted pile is held, not laid out (shell::paste::HeldBox).
            <div class="stack" class:long=move || text.with(|t| is_held(t.len(), BOX_HELD))>
                <HeldBox value=text set=move |v| ctx.night.update(|d| { d.insert(k2.clone(), v); }) id=id rows=4 limit=BOX_HELD/>
            </div>
            <div inner_html=marks on:click=move |ev| if event_from(&ev, "button[data-act=more]").is_some() { more.update(|n| *n += PAGE) }></div>
        </article>
    }
}
