//! Posts (S9): the deal post with its commitment and every player's card
//! message; each night's morning post and its private results (the
//! Scientist's, the watching Green Activist's, the buddies' notice); each
//! day's result post; the vote count of the day being played; the end.
//! BBCode, Discord Markdown (split into messages of at most 2,000 code
//! points) or plain text, the choice kept with the game; a Copy button for
//! each message. Everything comes from the engine's public post types,
//! written in the rules worker (`posts_text`): the post writers are not in
//! the page's first load.

use super::super::posts_text::PostsReply;
use super::super::state::{Ctx, Stage, Survival};
use crate::shell::game::GameKind;
use crate::shell::ui::CopyButton;
use leptos::prelude::*;
use survival::post::{DISCORD_LIMIT, Format, utc};

/// What the rules worker wrote for a request, or why nothing.
pub type Reply = Option<Result<PostsReply, String>>;

/// A request to the site's worker asked latest-only: while one is on its
/// way, asking again only marks it wanted, and the request is built (the
/// save file serialised) when the answer comes; so keystrokes in a box
/// never queue a request each, and a stale answer is never computed.
#[derive(Clone, Copy)]
pub struct Latest {
    /// The latest answer (kept while the next is computed).
    pub reply: crate::shell::rules::Rendered,
    /// Whether a request is on its way or wanted.
    pub reading: RwSignal<bool>,
    out: crate::shell::rules::Rendered,
    busy: StoredValue<bool>,
    pending: StoredValue<bool>,
    build: StoredValue<Box<dyn Fn() -> Option<String> + Send + Sync>>,
}

impl Latest {
    /// A link asking with the request `build` makes (read untracked;
    /// `None`: nothing to ask).
    pub fn new(build: impl Fn() -> Option<String> + Send + Sync + 'static) -> Latest {
        let l = Latest {
            reply: RwSignal::new(None),
            reading: RwSignal::new(false),
            out: RwSignal::new(None),
            busy: StoredValue::new(false),
            pending: StoredValue::new(false),
            build: StoredValue::new(Box::new(build)),
        };
        Effect::new(move |_| {
            let Some(r) = l.out.get() else { return };
            if l.pending.get_value() {
                l.pending.set_value(false);
                l.send();
            } else {
                l.busy.set_value(false);
                l.reading.set(false);
            }
            l.reply.set(Some(r));
        });
        l
    }

    fn send(self) {
        match untrack(|| self.build.with_value(|b| b())) {
            Some(text) => {
                self.busy.set_value(true);
                self.reading.set(true);
                crate::shell::rules::ask_worker('S', text, self.out);
            }
            None => {
                self.busy.set_value(false);
                self.reading.set(false);
            }
        }
    }

    /// Reads every answer as a `T` into `out`; an answer that says why
    /// nothing was read (`error`) or an ask that failed is said as "WHAT
    /// could not be read: why" (`what`: "The thread").
    pub fn read_into<T>(
        self,
        ctx: Ctx,
        what: &'static str,
        error: fn(&T) -> Option<&String>,
        out: RwSignal<Option<T>>,
    ) where
        T: serde::de::DeserializeOwned + Send + Sync + 'static,
    {
        Effect::new(move |_| match self.reply.get() {
            Some(Ok(text)) => {
                if let Ok(r) = serde_json::from_str::<T>(&text) {
                    match error(&r) {
                        Some(e) => ctx.warn(format!("{what} could not be read: {e}")),
                        None => out.set(Some(r)),
                    }
                }
            }
            Some(Err(e)) => ctx.warn(format!("{what} could not be read: {e}")),
            None => {}
        });
    }

    /// [`Latest::ask`] in a task of its own, after what changed is laid
    /// out (a pasted pile split into a dozen boxes, then its megabyte
    /// serialised for the worker: two tasks, not one); marked as being
    /// read at once.
    pub fn ask_soon(self) {
        self.reading.set(true);
        set_timeout(
            move || {
                // (Not once the screen that asked is gone.)
                if self.busy.try_get_value().is_some() {
                    self.ask();
                }
            },
            std::time::Duration::ZERO,
        );
    }

    /// Asks now, or once the request on its way is answered.
    pub fn ask(self) {
        if self.busy.get_value() {
            self.pending.set_value(true);
            self.reading.set(true);
        } else {
            self.send();
        }
    }
}

/// The open game's save file as JSON, its drafts included: serialised
/// once per change and shared by every request of a screen (the Day
/// screen asks four things of the worker at each change of the thread:
/// one serialisation of a 1 MB thread, not four). `None` without a game.
#[derive(Clone, Copy)]
pub struct FileJson(Memo<Option<std::sync::Arc<str>>>);

impl FileJson {
    /// The open game's file as JSON, kept up to date with every draft.
    pub fn new(ctx: Ctx) -> FileJson {
        FileJson(Memo::new(move |_| {
            // Every draft the file holds.
            <Survival as GameKind>::track(ctx.kept);
            let file = ctx.live.with(|l| {
                l.as_ref()
                    .map(|l| <Survival as GameKind>::file(ctx, &l.name, &l.game))
            })?;
            serde_json::to_string(&file).ok().map(Into::into)
        }))
    }

    /// The file as JSON now (read untracked); `None` without a game (or
    /// once the screen that made it is gone).
    pub fn now(self) -> Option<std::sync::Arc<str>> {
        self.0.try_with_untracked(|f| f.clone()).flatten()
    }

    /// The screen's shared file (provided by the screen), else one of its own.
    pub fn of(ctx: Ctx) -> FileJson {
        use_context::<FileJson>().unwrap_or_else(|| FileJson::new(ctx))
    }

    /// A request (`posts_text::PostsRequest`) as JSON with this file
    /// (read untracked).
    pub fn request(
        self,
        key: u32,
        stage: &str,
        format: Format,
        deadline: Option<i64>,
        now: i64,
    ) -> Option<String> {
        #[derive(serde::Serialize)]
        struct Head<'a> {
            key: u32,
            stage: &'a str,
            format: Format,
            deadline: Option<i64>,
            now: i64,
        }
        let head = serde_json::to_string(&Head {
            key,
            stage,
            format,
            deadline,
            now,
        })
        .ok()?;
        let file = self.now()?;
        Some(format!("{{\"file\":{file},{}", &head[1..]))
    }
}

/// Asks the rules worker (`posts_text`) for the texts of `what`'s stage
/// (`None`: nothing to ask) with its deadline: the request is the open
/// game as its save file (its drafts included) with the stage, the format,
/// the deadline and the time now; asked again (latest-only, [`Latest`])
/// whenever one of them changes. The reply shows only when it answers the
/// latest request (`None` while one is on its way).
pub fn ask(
    ctx: Ctx,
    what: impl Fn() -> Option<(String, Option<i64>)> + Send + Sync + 'static,
) -> Memo<Reply> {
    let asked = StoredValue::new(0u32);
    let wanted = StoredValue::new(None::<(String, Option<i64>)>);
    let file = FileJson::of(ctx);
    let link = Latest::new(move || {
        let (stage, deadline) = wanted.get_value()?;
        file.request(
            asked.get_value(),
            &stage,
            ctx.format.get_untracked(),
            deadline,
            super::events::now(),
        )
    });
    Effect::new(move |_| {
        let Some(w) = what() else {
            return;
        };
        // Every draft the texts read (tracked through the file).
        ctx.format.track();
        ctx.live.track();
        ctx.night.track();
        ctx.thread.track();
        ctx.layout.track();
        ctx.events.track();
        ctx.wagons.track();
        ctx.hide_deck.track();
        ctx.prod.track();
        wanted.set_value(Some(w));
        asked.set_value(asked.get_value() + 1);
        link.reply.set(None);
        // (In a task of its own: a pasted megabyte's serialisation is not
        // added to the task of the change that asked.)
        link.ask_soon();
    });
    Memo::new(move |_| match link.reply.get()? {
        Ok(text) => {
            let r: PostsReply = serde_json::from_str(&text).ok()?;
            (r.key == asked.get_value()).then(|| match r.error.clone() {
                Some(e) => Err(e),
                None => Ok(r),
            })
        }
        Err(e) => Some(Err(e)),
    })
}

/// `YYYY-MM-DDTHH:MM` (a datetime-local input's value, read as UTC).
fn input_value(t: i64) -> String {
    utc(t)[..16].replacen(' ', "T", 1)
}

/// A stage's label and value for the select.
fn stage_key(s: Stage) -> String {
    match s {
        Stage::Deal => "deal".into(),
        Stage::Phase(i) => i.to_string(),
        Stage::Count => "count".into(),
        Stage::Events => "events".into(),
        Stage::End => "end".into(),
    }
}

fn stage_of(v: &str) -> Option<Stage> {
    match v {
        "deal" => Some(Stage::Deal),
        "count" => Some(Stage::Count),
        "events" => Some(Stage::Events),
        "end" => Some(Stage::End),
        n => n.parse().ok().map(Stage::Phase),
    }
}

/// One message with its Copy button.
#[component]
fn Message(
    shell: crate::shell::Shell,
    text: String,
    label: String,
    format: Format,
) -> impl IntoView {
    let n = text.chars().count();
    let size = (format == Format::Markdown).then(|| format!("{n} of {DISCORD_LIMIT} characters"));
    let copy = text.clone();
    view! {
        <div class="post">
            <pre tabindex="0" aria-label=label.clone() data-testid="message">{text}</pre>
            <div class="row">
                <CopyButton shell text=Signal::derive(move || copy.clone()) label="Copy"/>
                <span class="muted">{label}{size.map(|s| format!(" ({s})"))}</span>
            </div>
        </div>
    }
}

#[component]
pub fn Posts() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The stages on offer, and the one shown.
    let stages = Memo::new(move |_| {
        ctx.live.with(|l| {
            let Some(l) = l else { return Vec::new() };
            let g = &l.game;
            let mut v = vec![(Stage::Deal, "The deal: cards dealt".to_string())];
            for (i, p) in g.phases().iter().enumerate() {
                let ph = p.report.phase;
                v.push((
                    Stage::Phase(i),
                    if ph.is_night() {
                        format!("After {ph}: morning post and night results")
                    } else {
                        format!("After {ph}: the day's result")
                    },
                ));
            }
            if !g.is_over() && !g.phase().is_night() {
                v.push((Stage::Count, format!("{}: vote count now", g.phase())));
            }
            if !g.is_over() && ctx.events.with(|e| !e.is_empty()) {
                v.push((
                    Stage::Events,
                    format!("{}: the moderator's events now", g.phase()),
                ));
            }
            if g.is_over() {
                v.push((Stage::End, "The end of the game".to_string()));
            }
            v
        })
    });
    let latest = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map_or(Stage::Deal, |l| match l.game.phases().len() {
                    0 => Stage::Deal,
                    n => Stage::Phase(n - 1),
                })
        })
    };
    let shown = move || {
        let want = ctx.posts_stage.get();
        let offered = stages.get();
        want.filter(|w| offered.iter().any(|(s, _)| s == w))
            .unwrap_or_else(latest)
    };
    // The posts of the latest stage announce the next deadline.
    let announces = move || {
        shown() == latest()
            && ctx
                .live
                .with(|l| l.as_ref().is_some_and(|l| !l.game.is_over()))
    };
    let set_deadline = move |value: String| {
        let t = (!value.is_empty()).then(|| js_sys::Date::parse(&format!("{value}:00Z")));
        match t {
            Some(t) if t.is_nan() => ctx.warn("That is not a date and time"),
            Some(t) => {
                ctx.deadline.set(Some((t / 1000.0) as i64));
                ctx.say("Deadline set");
            }
            None => {
                ctx.deadline.set(None);
                ctx.say("Deadline cleared");
            }
        }
    };
    let reply = ask(ctx, move || {
        let stage = shown();
        let deadline = match stage {
            Stage::Count | Stage::Events => ctx.deadline_now(),
            _ if announces() => ctx.deadline.get(),
            _ => None,
        };
        Some((stage_key(stage), deadline))
    });
    let posts = Memo::new(move |_| {
        reply.with(|r| r.as_ref().map(|r| r.clone().map(|r| (r.public, r.private))))
    });
    view! {
        <section class="posts">
            <h2>"Posts"</h2>
            <div class="row">
                <label>"Posts of "
                    <select data-testid="posts-stage" on:change=move |ev| ctx.posts_stage.set(stage_of(&event_target_value(&ev)))>
                        {move || {
                            let now = shown();
                            stages.get().into_iter().map(|(s, label)| view! {
                                <option value=stage_key(s) selected=s == now>{label}</option>
                            }).collect_view()
                        }}
                    </select>
                </label>
                <label>"Format "
                    <select data-testid="format" on:change=move |ev| ctx.format.set(match event_target_value(&ev).as_str() { "markdown" => Format::Markdown, "plain" => Format::Plain, _ => Format::BBCode })>
                        <option value="bbcode" selected=move || ctx.format.get() == Format::BBCode>"BBCode (forum)"</option>
                        <option value="markdown" selected=move || ctx.format.get() == Format::Markdown>"Markdown (Discord)"</option>
                        <option value="plain" selected=move || ctx.format.get() == Format::Plain>"Plain text"</option>
                    </select>
                </label>
                // The deal post is published once night 1 is committed: what it
                // names stays as it was (S10.10).
                {move || (shown() == Stage::Deal && latest() == Stage::Deal).then(|| view! {
                    <label class="toggle"><input type="checkbox" data-testid="show-deck" prop:checked=move || !ctx.hide_deck.get() on:change=move |ev| ctx.hide_deck.set(!event_target_checked(&ev))/>" Name the deck in play (never who holds what)"</label>
                })}
                {move || announces().then(|| view! {
                    <label>"Next deadline (UTC) "
                        <input type="datetime-local" data-testid="deadline"
                            prop:value=move || ctx.deadline.get().map(input_value).unwrap_or_default()
                            on:change=move |ev| set_deadline(event_target_value(&ev))/>
                    </label>
                    <button on:click=move |_| set_deadline(String::new()) disabled=move || ctx.deadline.get().is_none()>"Clear deadline"</button>
                })}
            </div>
            {move || match posts.get() {
                None => Some("Writing the posts…".to_string()),
                Some(Err(e)) => Some(format!("The posts could not be written: {e}")),
                Some(Ok(_)) => None,
            }.map(|t| view! { <p class="muted" data-testid="posts-status">{t}</p> })}
            {move || posts.get().and_then(Result::ok).map(|(public, private)| {
                let format = ctx.format.get();
                let n = public.len();
                let stage = shown();
                // A count or an events post changes as the day goes: each
                // text of it is a message of its own.
                let key = match stage {
                    Stage::Count | Stage::Events => console_core::outbox::stage_key(&stage_key(stage), &public),
                    _ => stage_key(stage),
                };
                let game_name = move || ctx.name_untracked();
                let players = ctx.live.with_untracked(|l| l.as_ref().map(|l| {
                    let mut p = l.game.current_setup().roster.names().to_vec();
                    p.extend(l.game.setup().roster.names().iter().cloned());
                    p
                })).unwrap_or_default();
                view! {
                    <crate::shell::outbox::DeliverButton shell=ctx.shell name=game_name() stage=key label=stages.get().into_iter().find(|(s, _)| *s == stage).map(|(_, l)| l).unwrap_or_default() public=public.clone() private=private.clone() players format/>
                    <h3>"Public post"</h3>
                    <div data-testid="public-post">
                        {public.into_iter().enumerate().map(|(i, text)| {
                            let label = if n > 1 { format!("Public post, message {} of {n}", i + 1) } else { "Public post".to_string() };
                            view! { <Message shell=ctx.shell text label format/> }
                        }).collect_view()}
                    </div>
                    {(!private.is_empty()).then(|| view! {
                        <h3>"Private messages (S9.3)"</h3>
                        <crate::shell::ui::AllPrivate shell=ctx.shell messages=private.clone() file="survival-private".to_string()/>
                        <div class="private">
                            {private.into_iter().map(|(name, text)| view! {
                                <div data-player=name.clone() data-testid="private">
                                    <h4>{name.clone()}</h4>
                                    <Message shell=ctx.shell text label=format!("Private message for {name}") format/>
                                </div>
                            }).collect_view()}
                        </div>
                    })}
                }
            })}
        </section>
    }
}
