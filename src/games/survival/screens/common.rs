//! What the night and day screens share: the decisions an elimination
//! calls for, asked by name (S7); the commit with its confirmation; the
//! panel that shows a phase just committed, where its commit button was.

use super::super::day_text::InputReply;
use super::super::report_view::{PagedReport, rejections, report_html};
use super::super::state::{Ctx, Screen, Stage};
use super::posts::FileJson;
use crate::shell::html::{Html, PAGE, event_from};
use crate::shell::ui::confirm;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use survival::report::{DecisionKind, DecisionRequest, PhaseReport, Place};
use survival::{Card, PlayerId};

/// What a decision asks for, and the line that gives it.
fn ask(kind: DecisionKind) -> (&'static str, &'static str) {
    match kind {
        DecisionKind::Revenge => (
            "The GMO takes revenge (S7.2): that player is eliminated at once",
            "revenge NAME",
        ),
        DecisionKind::PolarBear => (
            "The Polar Bear decides for the next day (S7.3): only one player votes, or one player may not",
            "sole NAME  or  bar NAME",
        ),
        DecisionKind::Spotlight => (
            "The Spotlight holder hands the Spotlight on (S7.4), else it lapses",
            "spotlight NAME",
        ),
    }
}

/// The decisions the current input calls for, each asked of the player by
/// name, with the engine's verdict on the lines given. A box per player who
/// may be asked (the GMO, the Polar Bear, the Spotlight holder, and anyone
/// else the engine asks), shown while the engine asks: typing a decision
/// that calls for another (a revenge on the Polar Bear) does not rebuild
/// the box being typed in.
#[component]
pub fn Decisions(
    /// The preview as shown.
    preview: Signal<Option<Shown>>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let requests = Memo::new(move |_| {
        preview.with(|p| p.as_ref().map(|p| p.decisions.clone()).unwrap_or_default())
    });
    let rows = Memo::new(move |_| {
        let asked: Vec<PlayerId> = requests.with(|r| r.iter().map(|r| r.player).collect());
        ctx.live.with(|l| {
            let Some(l) = l else { return Vec::new() };
            let s = l.game.setup();
            let spot = l.game.state().spotlight();
            s.roster
                .ids()
                .filter(|p| {
                    matches!(s.card(*p), Card::Gmo | Card::PolarBear)
                        || spot == Some(*p)
                        || asked.contains(p)
                })
                .collect::<Vec<_>>()
        })
    });
    let any = move || requests.with(|r| !r.is_empty());
    view! {
        <section class="decisions" aria-label="Decisions called for" data-testid="decisions" hidden=move || !any()>
            <h3>"Decisions called for (S7)"</h3>
            <p class="muted">"Ask each eliminated player for their decision and enter it before committing. A decision can cause more eliminations, and those can call for more decisions."</p>
            {move || rows.get().into_iter().map(|p| decision_row(ctx, preview, requests, p)).collect_view()}
        </section>
    }
}

/// One player's decision box.
fn decision_row(
    ctx: Ctx,
    preview: Signal<Option<Shown>>,
    requests: Memo<Vec<DecisionRequest>>,
    p: PlayerId,
) -> impl IntoView {
    let (name, card) = ctx
        .live
        .with_untracked(|l| {
            l.as_ref().map(|l| {
                let s = l.game.setup();
                (s.roster.name(p).to_string(), s.card(p).name())
            })
        })
        .unwrap_or_default();
    let mine = move || {
        requests.with(|v| {
            v.iter()
                .filter(|r| r.player == p)
                .copied()
                .collect::<Vec<_>>()
        })
    };
    let id = format!("decision-{}", p.index());
    let (k0, k1, k2) = (name.clone(), name.clone(), name.clone());
    let label = move || {
        let asks: Vec<String> = mine()
            .iter()
            .map(|r| {
                let (what, line) = ask(r.kind);
                format!("{what}. Line: {line}")
            })
            .collect();
        format!("{name} ({card}): {}", asks.join("; "))
    };
    let state = move || {
        let v = mine();
        if v.iter().all(|r| r.given) {
            "Decision given."
        } else {
            "No decision yet: without one, nothing happens."
        }
    };
    let problems = move || {
        preview.with(|pv| {
            pv.as_ref()
                .and_then(|s| s.problems.iter().find(|x| x.0 == p.index()))
                .map(|x| x.1.clone())
                .unwrap_or_default()
        })
    };
    view! {
        <div class="decision" data-player=k0 hidden=move || mine().is_empty()>
            <label for=id.clone()>{label}</label>
            <textarea id=id rows="2" spellcheck="false" data-testid="decision"
                prop:value=move || ctx.decisions.with(|d| d.get(&k1).cloned().unwrap_or_default())
                on:input=move |ev| ctx.decisions.update(|d| { d.insert(k2.clone(), event_target_value(&ev)); })></textarea>
            <p data-testid="decision-state">{state}</p>
            <div inner_html=problems></div>
        </div>
    }
}

/// What the preview of a phase shows and asks, written from its report:
/// on the page for a night, in the site's worker for a day (`day_text`),
/// so the day's report (every vote of a long thread) never reaches the
/// page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Shown {
    /// The report as HTML.
    pub html: String,
    /// The decisions the eliminations call for (S7).
    pub decisions: Vec<DecisionRequest>,
    /// (player index, the decision lines rejected, as HTML).
    pub problems: Vec<(usize, String)>,
    /// The players asked a decision who gave none, by name.
    pub missing: Vec<String>,
}

impl Shown {
    /// The preview of `r`, the report of `game`'s phase to play, which
    /// starts with the setup `opening` (its drafted events applied).
    /// `shown`: at most so many rows of its warnings and of its rejected
    /// lines (more behind "Show more", [`report_html`]).
    pub fn of(
        game: &survival::Game,
        opening: &survival::Setup,
        r: &PhaseReport,
        shown: usize,
    ) -> Shown {
        let roster = &game.setup().roster;
        let mut problems = Vec::new();
        for d in &r.decisions {
            if problems
                .iter()
                .any(|x: &(usize, String)| x.0 == d.player.index())
            {
                continue;
            }
            let list: Vec<_> = r
                .rejections
                .iter()
                .filter(|x| x.player == d.player && matches!(x.place, Place::Decision { .. }))
                .cloned()
                .collect();
            let mut h = Html::default();
            rejections(&mut h, roster, "decision-rejections", &list);
            problems.push((d.player.index(), h.done()));
        }
        Shown {
            html: report_html(opening, r, shown),
            decisions: r.decisions.clone(),
            problems,
            missing: r
                .missing_decisions()
                .map(|d| game.current_setup().roster.name(d.player).to_string())
                .collect(),
        }
    }
}

/// The question asked before committing with actions or decisions
/// missing; `None` when nothing is missing.
pub fn missing_question(phase: &str, missing: &[String], decisions: &[String]) -> Option<String> {
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("No action from {}", missing.join(", ")));
    }
    if !decisions.is_empty() {
        parts.push(format!("no decision from {}", decisions.join(", ")));
    }
    (!parts.is_empty()).then(|| {
        let mut q = parts.join("; ");
        q[..1].make_ascii_uppercase();
        format!("{q}. Commit {phase} anyway?")
    })
}

/// Whether to commit `phase`: asked when players sent nothing (`missing`)
/// or decisions are not given (`decisions`); says so when not.
fn confirmed(ctx: Ctx, phase: &str, missing: &[String], decisions: &[String]) -> bool {
    if let Some(q) = missing_question(phase, missing, decisions)
        && !confirm(&q)
    {
        ctx.say(format!("{phase} not committed"));
        return false;
    }
    true
}

/// Commits the phase shown (index `i` of the game's phases) with `input`;
/// says what happened.
fn commit(ctx: Ctx, i: usize, phase: &str, input: survival::PhaseInput) -> bool {
    if !ctx.commit(i, input) {
        return false;
    }
    let text = ctx.live.with_untracked(|l| {
        let g = &l.as_ref()?.game;
        g.phases().get(i).map(|p| {
            let setup_names: Vec<String> = p
                .report
                .eliminations
                .iter()
                .map(|e| g.setup().roster.name(e.player).to_string())
                .collect();
            format!(
                "{} committed: {}{}",
                capital(phase),
                if setup_names.is_empty() {
                    "no one eliminated".to_string()
                } else {
                    format!("eliminated {}", setup_names.join(", "))
                },
                if p.report.winners.is_some() {
                    ". The game is over."
                } else {
                    ""
                }
            )
        })
    });
    ctx.say(text.unwrap_or_default());
    true
}

/// The commit: after asking when something is missing, the drafts are
/// read in the site's worker (`day_text::input`; a 1 MB thread
/// split on the page at the commit would hold it for 170 ms) and the phase is
/// played on its answer, if neither the game nor a draft changed
/// meanwhile (else nothing is committed, and the moderator is told).
/// `run(i, missing, decisions, just)` commits phase `i` and sets `just`
/// (the screen's) to it; `busy` while asked. Page-wide (provided by the
/// page, `Survival::init`): a commit asked is played when the worker
/// answers, whatever screen is shown by then.
#[derive(Clone, Copy)]
pub struct Committer {
    run: Callback<Commit>,
    busy: RwSignal<bool>,
}

/// A commit asked: (phase index, players who sent nothing, decisions not
/// given, the screen's signal for the phase just committed).
type Commit = (usize, Vec<String>, Vec<String>, RwSignal<Option<usize>>);

/// A commit waiting for the worker: (phase index, its name, the file
/// sent, the screen's signal for the phase just committed).
type Sent = (
    usize,
    String,
    Option<std::sync::Arc<str>>,
    RwSignal<Option<usize>>,
);

impl Committer {
    /// The page's committer, reading the drafts through `file` (the
    /// page's own save-file JSON).
    pub fn new(ctx: Ctx, file: FileJson) -> Committer {
        let busy = RwSignal::new(false);
        let answer = RwSignal::new(None::<Result<String, String>>);
        let sent = StoredValue::new(None::<Sent>);
        Effect::new(move |_| {
            answer.track();
            let Some(reply) = answer.try_update_untracked(Option::take).flatten() else {
                return;
            };
            let Some((i, phase, was, just)) = sent.try_update_value(Option::take).flatten() else {
                busy.set(false);
                return;
            };
            // (Read as a save file's phase is: players by their names as dealt.)
            let resolve = |f: survival::save::InputFile| {
                ctx.live.with_untracked(|l| match l {
                    Some(l) => f
                        .resolve(&l.game.setup().roster)
                        .map_err(|n| format!("{n:?} is not a player")),
                    None => Err("no game is open".to_string()),
                })
            };
            let read = reply
                .and_then(|t| serde_json::from_str::<InputReply>(&t).map_err(|e| e.to_string()))
                .and_then(|r| r.input.ok_or(r.error.unwrap_or_default()))
                .and_then(resolve);
            let input = match read {
                Ok(input) => input,
                Err(e) => {
                    busy.set(false);
                    ctx.warn(format!("{} could not be committed: {e}", capital(&phase)));
                    return;
                }
            };
            // Played in a task of its own: a 1 MB day's input read, then
            // counted (two tasks, not one).
            gloo_timers::callback::Timeout::new(0, move || {
                busy.set(false);
                if file.now() != was {
                    ctx.warn(format!(
                        "The drafts changed while {phase} was read for the commit: nothing committed, commit again"
                    ));
                } else if commit(ctx, i, &phase, input) {
                    // (Unless the screen that asked is gone.)
                    just.try_set(Some(i));
                }
            })
            .forget();
        });
        let run = Callback::new(move |(i, missing, decisions, just): Commit| {
            let phase = ctx.live.with_untracked(|l| {
                l.as_ref()
                    .map(|l| l.game.phase().to_string())
                    .unwrap_or_default()
            });
            if !confirmed(ctx, &phase, &missing, &decisions) {
                return;
            }
            let Some(request) = file.request(0, "input", ctx.format.get_untracked(), None, 0)
            else {
                return;
            };
            sent.set_value(Some((i, phase, file.now(), just)));
            busy.set(true);
            crate::shell::rules::ask_worker('S', request, answer);
        });
        Committer { run, busy }
    }
}

/// "Night 1" from "night 1".
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// A phase just committed: its result where the commit button was, and the
/// way to its posts and to the next phase (on its own screen).
#[component]
pub fn Committed(i: usize) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let p = l.game.phases().get(i)?;
            let phase = p.report.phase;
            let next = (!l.game.is_over()).then(|| {
                let to = if phase.is_night() { Screen::Day } else { Screen::Night };
                let label = format!("Go to {}", phase.next());
                view! { <button on:click=move |_| ctx.go(to) data-testid="to-next">{label}</button> }
            });
            Some(view! {
                <section class="committed" data-testid="committed" aria-label=format!("{} committed", capital(&phase.to_string()))>
                    <h2>{format!("{} committed", capital(&phase.to_string()))}</h2>
                    <div class="row">
                        <button class="primary" data-testid="to-posts" on:click=move |_| {
                            ctx.posts_stage.set(Some(Stage::Phase(i)));
                            ctx.go(Screen::Posts);
                        }>{format!("Write {phase}'s posts")}</button>
                        {next}
                    </div>
                    <PagedReport testid="last-result" html=Callback::new({
                        let (setup, report) = (l.game.setup_of(&p.after), p.report.clone());
                        move |shown| report_html(&setup, &report, shown)
                    })/>
                </section>
            })
        })
    }
}

/// The Night or Day screen when the phase to play is of the other kind (or
/// the game is over): where to go, and that kind's last result.
#[component]
pub fn Elsewhere(night: bool, just: RwSignal<Option<usize>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        if just.get().is_some() {
            return None;
        }
        ctx.live.with(|l| {
            let g = &l.as_ref()?.game;
            let phase = g.phase();
            let (text, to) = match (g.is_over(), night) {
                (true, _) => ("The game is over: see the Board and the Posts.".to_string(), None),
                (false, true) => (format!("It is {phase} now: the thread goes in on the Day screen."), Some(Screen::Day)),
                (false, false) => (format!("It is {phase} now: the private messages go in on the Night screen."), Some(Screen::Night)),
            };
            let last = g.phases().iter().rposition(|p| p.report.phase.is_night() == night);
            let what = if night { "The last night's result" } else { "The last day's result" };
            Some(view! {
                <p data-testid="elsewhere">{text}</p>
                {to.map(|to| view! { <button class="primary" on:click=move |_| ctx.go(to)>{format!("Go to {phase}")}</button> })}
                {last.map(|i| view! { <details class="last"><summary>{what}</summary><Committed i/></details> })}
            })
        })
    }
}

/// The preview of the phase being entered, the decisions it calls for, and
/// its commit button (which commits only the phase it was shown for).
#[component]
pub fn Outcome(
    /// The preview as shown.
    preview: Signal<Option<Shown>>,
    /// Players who sent nothing (named in the confirmation), at commit time.
    missing: Signal<Vec<String>>,
    /// Set to the index of the phase this commit played.
    just: RwSignal<Option<usize>>,
    /// The "Show more" count of the report's long lists, where the page
    /// writes it (a night: a box's page first, then a page more for each
    /// click): its "Show more" asks for a page more.
    #[prop(optional)]
    more: Option<RwSignal<usize>>,
    /// Whether `preview` is being read again (in the site's worker): the
    /// commit waits for it, so it never confirms on a stale preview.
    #[prop(optional, into)]
    busy: Option<Signal<bool>>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let phase = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| l.game.phase().to_string())
                .unwrap_or_default()
        })
    };
    let committer = expect_context::<Committer>();
    let committing = committer.busy;
    let do_commit = move |i: usize| {
        let decisions: Vec<String> =
            preview.with_untracked(|p| p.as_ref().map(|p| p.missing.clone()).unwrap_or_default());
        committer
            .run
            .run((i, missing.get_untracked(), decisions, just));
    };
    let report = move || preview.with(|p| p.as_ref().map(|p| p.html.clone()).unwrap_or_default());
    view! {
        <section class="preview" aria-label="Preview" data-testid="preview">
            <h2>{move || format!("{}: what happens", capital(&phase()))}</h2>
            <p class="muted">"Nothing is final until you commit. This preview follows what you enter above."</p>
            // Its long lists' "Show more" asks for a longer preview.
            <div inner_html=report on:click=move |ev| if let Some(m) = more && event_from(&ev, "button[data-act=more]").is_some() { m.update(|n| *n += PAGE) }></div>
            <Decisions preview/>
            {move || ctx.live.with(|l| {
                let l = l.as_ref()?;
                let i = l.game.phases().len();
                let label = format!("Commit {}", l.game.phase());
                Some(view! { <button class="primary" on:click=move |_| do_commit(i) data-testid="commit" disabled=move || committing.get() || busy.is_some_and(|b| b.get())>{label}</button> })
            })}
        </section>
    }
}
