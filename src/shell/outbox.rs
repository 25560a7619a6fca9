//! The outbox: a stage's public post and private messages delivered to
//! Discord in one action, through the webhooks the moderator gave once per
//! game (the public channel's and each player's private channel's). A
//! game's Posts screen hands the stage over ([`DeliverButton`]: the
//! messages in Discord's format, kept as the game's parcel) and opens the
//! delivery page (`/deliver/?kind=KIND&game=ID`, [`Deliver`]), which alone
//! carries the sending code: no game page pays for it in its first load.
//! What is delivered, in what order, and what Discord's answers mean is
//! `console_core::outbox`; here are the list box, the requests and the
//! delivery records kept before each request and after its answer, so a
//! reload never sends a message twice.

use crate::shell::kinds::{KINDS, Kind};
use crate::shell::ui::Messages;
use crate::shell::{Shell, storage};
use console_core::Format;
use console_core::outbox::{
    Answer, Outgoing, Parcel, Record, State, Webhooks, answer, body, digest, pause, read_webhooks,
    state,
};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Discord's answer to one request: HTTP status (0 when none came), body,
/// and the rate-limit headers the browser lets the page read.
struct Reply {
    status: u16,
    text: String,
    remaining: Option<u32>,
    reset_after: Option<f64>,
}

/// Posts a request body (JSON, [`body`]) to `url` (an execute-webhook
/// URL).
async fn post(url: &str, request: &str) -> Reply {
    let failed = Reply {
        status: 0,
        text: String::new(),
        remaining: None,
        reset_after: None,
    };
    let Some(window) = web_sys::window() else {
        return failed;
    };
    let init = web_sys::RequestInit::new();
    init.set_method("POST");
    init.set_body(&request.into());
    let headers = web_sys::Headers::new().ok();
    if let Some(h) = &headers {
        let _ = h.set("Content-Type", "application/json");
        init.set_headers(h);
    }
    let Ok(response) = JsFuture::from(window.fetch_with_str_and_init(url, &init)).await else {
        return failed;
    };
    let response: web_sys::Response = response.unchecked_into();
    let header = |name: &str| response.headers().get(name).ok().flatten();
    let text = match response.text() {
        Ok(p) => JsFuture::from(p)
            .await
            .ok()
            .and_then(|t| t.as_string())
            .unwrap_or_default(),
        Err(_) => String::new(),
    };
    Reply {
        status: response.status(),
        remaining: header("x-ratelimit-remaining").and_then(|v| v.parse().ok()),
        reset_after: header("x-ratelimit-reset-after").and_then(|v| v.parse().ok()),
        text,
    }
}

async fn sleep(seconds: f64) {
    gloo_timers::future::TimeoutFuture::new((seconds * 1000.0).ceil() as u32).await;
}

/// The words for a message's state.
fn words(s: &State) -> (&'static str, String) {
    match s {
        State::Ready => ("ready", "to send".to_string()),
        State::NoWebhook => (
            "no-webhook",
            "no webhook for this channel in the list".to_string(),
        ),
        State::Sent(id) => ("sent", format!("sent (Discord message {id})")),
        State::SentOther(id) => (
            "sent-other",
            format!("sent earlier with another text (Discord message {id}); not sent again"),
        ),
        State::Unsure => (
            "unsure",
            "perhaps sent: the page stopped while it was on its way. Look in the channel"
                .to_string(),
        ),
        State::Failed(reason) => ("failed", format!("not sent: {reason}")),
        State::Copied => ("copied", "copied to send by hand".to_string()),
    }
}

/// How many of a stage's messages are in each state.
#[derive(Default)]
struct Tally {
    /// Posted, or copied for a forum.
    sent: usize,
    /// Ready, or refused and to try again.
    to_send: usize,
    /// On its way when a page was left: asked about.
    unsure: usize,
    /// No webhook for its recipient.
    without: usize,
}

impl Tally {
    fn of(states: &[State]) -> Tally {
        let mut t = Tally::default();
        for s in states {
            match s {
                State::Sent(_) | State::SentOther(_) | State::Copied => t.sent += 1,
                State::Ready | State::Failed(_) => t.to_send += 1,
                State::Unsure => t.unsure += 1,
                State::NoWebhook => t.without += 1,
            }
        }
        t
    }
}

/// The delivery of one stage: its messages (keyed by stage in the
/// delivery records: the same stage's messages are never sent twice), the
/// webhook list (read against the parcel's names), and Send.
#[component]
fn Outbox(shell: Shell, kind: &'static Kind, parcel: Parcel, send_now: bool) -> impl IntoView {
    let game = parcel.game.clone();
    let format = parcel.format;
    let messages = StoredValue::new(parcel.messages());
    let list = RwSignal::new(storage::webhooks(kind, &game));
    let players = StoredValue::new(parcel.names());
    let hooks: Memo<Webhooks> =
        Memo::new(move |_| list.with(|t| players.with_value(|p| read_webhooks(t, p))));
    let records = RwSignal::new(storage::delivered(kind, &game));
    let sending = RwSignal::new(false);
    let draft = RwSignal::new(list.get_untracked());
    let game = StoredValue::new(game);
    // Writes one message's record (none: forgets it) into the records as
    // stored now, so another tab's records are never overwritten; false
    // (and said) when the browser refused the write.
    let set_record = move |key: &str, record: Option<Record>| -> bool {
        let mut r = game.with_value(|g| storage::delivered(kind, g));
        match record {
            Some(x) => r.insert(key.to_string(), x),
            None => r.remove(key),
        };
        let kept = game.with_value(|g| storage::set_delivered(kind, g, &r));
        records.set(r);
        match kept {
            Ok(()) => true,
            Err(e) => {
                shell.warn(format!(
                    "The delivery records could not be kept, nothing more is sent: {e}"
                ));
                false
            }
        }
    };
    // The message whose request is on its way from this page: to send
    // still, not "perhaps sent" (that is a request a page left behind).
    let in_flight = RwSignal::new(None::<String>);
    let states: Memo<Vec<State>> = Memo::new(move |_| {
        let flying = in_flight.get();
        records.with(|r| {
            hooks.with(|h| {
                messages.with_value(|m| {
                    m.iter()
                        .map(|o| match state(o, r, h) {
                            State::Unsure if flying.as_deref() == Some(o.key.as_str()) => {
                                State::Ready
                            }
                            s => s,
                        })
                        .collect::<Vec<_>>()
                })
            })
        })
    });
    let to_send = move || states.with(|s| Tally::of(s).to_send);
    let send = move || {
        if !shell.writable() || sending.get_untracked() {
            return;
        }
        sending.set(true);
        leptos::task::spawn_local(async move {
            // One tab sends a game's messages at a time; the lock is held
            // to the end of this send.
            let name = game.with_value(|g| format!("{}.deliver.{g}", kind.key));
            let Some(_sending_here) = super::lock::try_take(&name).await else {
                records.set(game.with_value(|g| storage::delivered(kind, g)));
                sending.set(false);
                shell.warn("Another tab is sending this game's messages: nothing was sent from this one (its records show here as they are kept)");
                return;
            };
            let (mut sent, mut failed) = (0, 0);
            // A recipient whose part failed gets no later part this time:
            // a post's parts arrive in order or not at all.
            let mut held: Vec<console_core::outbox::To> = Vec::new();
            let all: Vec<Outgoing> = messages.get_value();
            // Whether `m` is still to send, by the records as stored now
            // (another tab's Send or a mark by the moderator may have
            // settled it).
            let still = move |m: &Outgoing| {
                records.set(game.with_value(|g| storage::delivered(kind, g)));
                let now = records.with_untracked(|r| hooks.with_untracked(|h| state(m, r, h)));
                matches!(now, State::Ready | State::Failed(_)) && !shell.read_only.get_untracked()
            };
            'messages: for m in all {
                if held.contains(&m.to) || !still(&m) {
                    continue;
                }
                let Some(url) = hooks.with_untracked(|h| h.of(&m.to).map(|w| w.execute_url()))
                else {
                    continue;
                };
                let on_its_way = Record::Sending {
                    digest: digest(&m.content),
                };
                if !set_record(&m.key, Some(on_its_way.clone())) {
                    break;
                }
                in_flight.set(Some(m.key.clone()));
                let request = hooks.with_untracked(|h| body(&m, h));
                let (record, stop, wait) = loop {
                    let reply = post(&url, &request).await;
                    let wait = pause(reply.remaining, reply.reset_after);
                    // No answer while online: the connection broke or the
                    // page is going away, and Discord may have posted it.
                    // Its record stays "on its way", asked about, never
                    // sent again unasked.
                    if reply.status == 0
                        && web_sys::window().is_some_and(|w| w.navigator().on_line())
                    {
                        break (None, true, None);
                    }
                    match answer(reply.status, &reply.text) {
                        // Not posted: while it waits, a reload sends it
                        // again rather than asking about it.
                        Answer::Wait(s) => {
                            if !set_record(&m.key, None) {
                                break 'messages;
                            }
                            sleep(s).await;
                            if !still(&m) || !set_record(&m.key, Some(on_its_way.clone())) {
                                in_flight.set(None);
                                continue 'messages;
                            }
                        }
                        Answer::Sent(id) => {
                            sent += 1;
                            let digest = digest(&m.content);
                            break (Some(Record::Sent { id, digest }), false, wait);
                        }
                        Answer::Unsure(reason) => {
                            shell.warn(format!(
                                "{}: {reason}; it may have been posted: look in the channel",
                                m.to
                            ));
                            break (None, true, None);
                        }
                        Answer::Failed { reason, stop } => {
                            failed += 1;
                            held.push(m.to.clone());
                            break (Some(Record::Failed { reason }), stop, wait);
                        }
                    }
                };
                let kept = record.is_none_or(|r| set_record(&m.key, Some(r)));
                in_flight.set(None);
                if stop || !kept {
                    break;
                }
                if let Some(s) = wait {
                    sleep(s).await;
                }
            }
            in_flight.set(None);
            sending.set(false);
            let Tally {
                to_send: left,
                unsure,
                without: unaddressed,
                ..
            } = states.with_untracked(|s| Tally::of(s));
            if unsure > 0 {
                shell.warn(format!("{sent} messages delivered; one was on its way when the connection broke: look in its channel, then say whether it is there"));
            } else if failed + left > 0 {
                shell.warn(format!(
                    "{sent} messages delivered; {left} not sent (each says why)"
                ));
            } else if unaddressed > 0 {
                shell.say(format!(
                    "{sent} messages delivered; {unaddressed} have no webhook in the list"
                ));
            } else {
                shell.say(format!("{sent} messages delivered to Discord"));
            }
        });
    };
    let mark = move |key: String, record: Option<Record>| {
        if shell.writable() {
            set_record(&key, record);
        }
    };
    let keep_list = move || {
        if !shell.writable() {
            return;
        }
        let text = draft.get_untracked();
        match game.with_value(|g| storage::set_webhooks(kind, g, &text)) {
            Ok(()) => {
                list.set(text);
                let n = hooks.with_untracked(|h| h.hooks.len());
                shell.say(format!("{n} webhooks kept in this browser only"));
            }
            Err(e) => shell.warn(format!("The webhooks could not be kept: {e}")),
        }
    };
    let forget = move || {
        if !shell.writable() {
            return;
        }
        let _ = game.with_value(|g| storage::set_webhooks(kind, g, ""));
        list.set(String::new());
        draft.set(String::new());
        shell.say("Webhooks forgotten");
    };
    let has_hooks = list.with_untracked(|l| !l.trim().is_empty());
    let markdown = format == Format::Markdown;
    // Opened by "Deliver to Discord" with a webhook kept for every
    // recipient and nothing of the stage sent, on its way or refused yet:
    // that click was the Send. Anything else (a webhook missing, a message
    // asked about after a reload) waits for the moderator.
    let untouched =
        states.with_untracked(|s| !s.is_empty() && s.iter().all(|x| *x == State::Ready));
    if send_now
        && markdown
        && untouched
        && game.with_value(|g| storage::delivered_readable(kind, g))
    {
        send();
    }
    // The queue: the first message neither sent nor copied (nor perhaps
    // on its way), for a platform without webhooks.
    let next = move || {
        let s = states.get();
        messages.with_value(|m| {
            m.iter()
                .zip(s)
                .enumerate()
                .find(|(_, (_, st))| {
                    matches!(st, State::Ready | State::Failed(_) | State::NoWebhook)
                })
                .map(|(i, (o, _))| (i, o.clone()))
        })
    };
    let copy_next = move || {
        if !shell.writable() || sending.get_untracked() {
            return;
        }
        let Some((_, o)) = next() else { return };
        leptos::task::spawn_local(async move {
            match crate::shell::io::copy(o.content.clone()).await {
                Ok(()) => {
                    let copied = Record::Copied {
                        digest: digest(&o.content),
                    };
                    if !set_record(&o.key, Some(copied)) {
                        return;
                    }
                    let then = next().map_or("everything is delivered".to_string(), |(_, n)| {
                        format!("next: {}", n.to)
                    });
                    shell.say(format!("Copied for {}: paste it and send it; {then}", o.to));
                }
                Err(e) => shell.warn(format!("Copy failed: {e}")),
            }
        });
    };
    let total = messages.with_value(Vec::len);
    view! {
        <section class="outbox" data-testid="outbox">
            {(!markdown).then(|| view! {
                <p class="muted">"Discord's webhooks send the Discord format: this stage was handed over in another, for a forum; deliver it one message at a time below."</p>
            })}
            <p class=if markdown { "actions" } else { "actions off" }>
                <button data-testid="outbox-send"
                    disabled=move || sending.get() || to_send() == 0
                    on:click=move |_| send()>
                    {move || match (sending.get(), to_send()) {
                        (true, _) => "Sending…".to_string(),
                        (_, 0) => "Nothing to send".to_string(),
                        (_, n) => format!("Send {n} messages to Discord"),
                    }}
                </button>
                <span class="muted" data-testid="outbox-summary">{move || states.with(|s| {
                    let t = Tally::of(s);
                    format!(
                        "{} messages: {} sent, {} to send, {} without a webhook",
                        s.len(),
                        t.sent,
                        t.to_send,
                        t.without,
                    )
                })}</span>
            </p>
            <ol class="outbox-list" data-testid="outbox-list">
                {move || {
                    let s = states.get();
                    messages.with_value(|m| m.iter().zip(s).map(|(o, st)| {
                        let (class, said) = if sending.get() && in_flight.get().as_deref() == Some(o.key.as_str()) {
                            ("sending", "being sent…".to_string())
                        } else {
                            words(&st)
                        };
                        let key = o.key.clone();
                        let key2 = o.key.clone();
                        let digest_now = digest(&o.content);
                        view! {
                            <li data-key=o.key.clone() data-state=class>
                                <b>{o.to.to_string()}</b>" — "{said}
                                {matches!(st, State::Unsure).then(|| view! {
                                    " "<button on:click=move |_| mark(key.clone(), Some(Record::Sent { id: "?".to_string(), digest: digest_now.clone() }))>"It is in the channel"</button>
                                    " "<button on:click=move |_| mark(key2.clone(), None)>"Send it again"</button>
                                })}
                                {matches!(st, State::Copied).then(|| {
                                    let key = o.key.clone();
                                    view! { " "<button on:click=move |_| mark(key.clone(), None)>"Not sent after all"</button> }
                                })}
                            </li>
                        }
                    }).collect_view())
                }}
            </ol>
            <section class="queue" data-testid="queue">
                <h2>"One at a time"</h2>
                {move || match next() {
                    Some((i, o)) => view! {
                        <p data-testid="queue-next">{format!("Next: {} (message {} of {total})", o.to, i + 1)}</p>
                        <p class="actions"><button class="primary" data-testid="copy-next" disabled=move || sending.get() on:click=move |_| copy_next()>{format!("Copy it for {} and mark it sent", o.to)}</button></p>
                        <pre class="message" tabindex="0">{o.content}</pre>
                    }.into_any(),
                    None => view! { <p data-testid="queue-next">"Everything is delivered."</p> }.into_any(),
                }}
            </section>
            <details class=if markdown { "webhooks" } else { "webhooks off" } open=!has_hooks>
                <summary>"Webhooks (kept in this browser only, never in an export)"</summary>
                <p class="muted">"One line per channel: "<code>"Public: URL"</code>" for the game's channel, "<code>"Name: URL"</code>" for each player's private channel (Channel settings, Integrations, Webhooks, Copy Webhook URL; for a private thread add "<code>"?thread_id=ID"</code>"). After a player's URL, their Discord user ID (Copy User ID) makes their private messages ping them: "<code>"Name: URL 123456789012345678"</code>"."</p>
                <textarea data-testid="webhooks" rows="6" spellcheck="false" autocomplete="off"
                    prop:value=move || draft.get()
                    on:input=move |ev| draft.set(event_target_value(&ev))></textarea>
                <p class="actions">
                    <button data-testid="webhooks-keep" on:click=move |_| keep_list()>"Keep webhooks"</button>
                    <button data-testid="webhooks-forget" on:click=move |_| forget() disabled=move || list.with(|l| l.is_empty())>"Forget webhooks"</button>
                </p>
                <ul data-testid="webhooks-read">
                    {move || hooks.with(|h| {
                        let used = h.hooks.iter().map(|(to, w)| {
                            let ping = h.user(to).map(|id| format!(", pings user …{}", &id[id.len().saturating_sub(4)..])).unwrap_or_default();
                            view! { <li>{format!("{to}: {}{ping}", w.shown())}</li> }
                        }).collect_view();
                        let unused = h.unused.iter().map(|(n, why)| view! { <li class="warn">{format!("Line {n} not used: {why}")}</li> }).collect_view();
                        (used, unused)
                    })}
                </ul>
            </details>
        </section>
    }
}

/// The delivery page: the game and stage named in its address
/// (`?kind=KIND&game=ID`), the stage its Posts screen handed over, and
/// the way back.
#[component]
pub fn Deliver() -> impl IntoView {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let arg = |name: &str| {
        query
            .trim_start_matches('?')
            .split('&')
            .find_map(|p| p.strip_prefix(name)?.strip_prefix('='))
            .and_then(|v| js_sys::decode_uri_component(v).ok())
            .map(String::from)
            .unwrap_or_default()
    };
    let (kind_key, game) = (arg("kind"), arg("game"));
    // The click's Send is that click's only: the address loses it, so a
    // reload or a return through the history sends nothing unasked.
    let send_now = arg("send") == "1";
    if send_now && let Some(w) = web_sys::window() {
        let plain = format!(
            "?kind={}&game={}",
            kind_key,
            js_sys::encode_uri_component(&game)
        );
        if let Ok(h) = w.history() {
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&plain));
        }
    }
    let kind = KINDS.into_iter().find(|k| k.key == kind_key);
    let shell = Shell::new(kind.unwrap_or(KINDS[0]), &[]);
    let parcel = kind.and_then(|k| storage::parcel(k, &game));
    let back = format!("../{kind_key}/#/{game}/posts");
    view! {
        <main id="main" class="deliver">
            <p><a href=back data-testid="back">"← Back to the game's posts"</a></p>
            {match (kind, parcel) {
                (Some(kind), Some(p)) => view! {
                    <h1>{format!("Deliver: {}", p.name)}</h1>
                    <p class="muted" data-testid="stage">{format!("{}: {}", kind.title, p.label)}</p>
                    <Outbox shell kind parcel=p send_now/>
                }.into_any(),
                _ => view! {
                    <h1>"Deliver"</h1>
                    <p data-testid="nothing">"Nothing to deliver here: open a game's Posts screen and press \"Deliver\"."</p>
                }.into_any(),
            }}
        </main>
        <Messages shell/>
    }
}

/// "Deliver to Discord" on a game's Posts screen: hands the stage's
/// messages over (the open game's parcel: `name` the game's, `stage` and
/// `label` the stage's, the texts, the game's `players`) and opens the
/// delivery page: webhooks for Discord's format, a one-at-a-time queue
/// for any. Nothing without a saved game.
#[component]
pub fn DeliverButton(
    shell: Shell,
    name: String,
    stage: String,
    label: String,
    public: Vec<String>,
    private: Vec<(String, String)>,
    players: Vec<String>,
    format: Format,
) -> impl IntoView {
    let game = shell.route.with_untracked(|r| r.game.clone())?;
    let parcel = Parcel {
        kind: shell.kind.key.to_string(),
        game,
        name,
        stage,
        label,
        public,
        private,
        players,
        format,
    };
    let go = move |_| {
        let kind = shell.kind;
        if let Err(e) = storage::set_parcel(kind, &parcel.game, &parcel) {
            shell.warn(format!(
                "The posts could not be handed to the delivery page: {e}"
            ));
            return;
        }
        // In Discord's format the click is the Send too, when every
        // recipient has a webhook (the page checks).
        let url = format!(
            "../deliver/?kind={}&game={}{}",
            kind.key,
            js_sys::encode_uri_component(&parcel.game),
            if parcel.format == Format::Markdown {
                "&send=1"
            } else {
                ""
            }
        );
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_href(&url);
        }
    };
    Some(view! {
        <p class="actions deliver">
            <button data-testid="deliver" on:click=go
                title=if format == Format::Markdown { "Opens the delivery page, which sends every message of this stage at once when each recipient has a webhook" } else { "Opens the delivery page: each message copied in turn" }>
                {if format == Format::Markdown { "Deliver to Discord" } else { "Deliver one at a time…" }}
            </button>
        </p>
    })
}
