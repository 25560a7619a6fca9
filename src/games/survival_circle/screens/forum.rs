//! By forum: paste a player's post as the forum or Discord shows it (the
//! move found in its text by the engine, `R3 please`, `R 1`, `B6.`,
//! `B５`, `Red plays 3`, with how it was read shown, the text not read
//! listed with why, and anything doubtful asked, never guessed, C8.6,
//! C8.7), moves in C8.1 notation, or the thread's whole record (compared
//! with the game move by move; where they part it can restart the game
//! from there, C8.2); see what the next move does (the "Next:" line); and
//! copy the position as a post (a text drawing in a code block for
//! Discord, BBCode, plain text) with the move list. The paste box and its
//! kind are the game's draft (saved, exported and imported with it,
//! emptied when what it holds is played; a read-only tab refuses it).

use super::super::protocol::Pasted;
use super::super::reader::LONG;
use super::super::reader::Read;
use super::super::reading::{Verdicts, check, check_post};
use super::super::state::{Ctx, move_text};
use super::play::Said;
use super::referee::Referee;
use crate::shell::html::{HELD, PAGE};
use crate::shell::paste::HeldBox;
use crate::shell::ui::{CopyButton, show_more};
use leptos::prelude::*;
use survival_circle::post::{Format, position_post};
use survival_circle::save::PasteKind as Kind;
use survival_circle::{Preview, Value};

#[component]
pub fn Forum() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The box and its kind are the game's draft: saved with it, kept
    // across screens and reloads, emptied when played.
    let text = ctx.forum;
    let kind = ctx.paste_kind;
    // A long record's verdicts are shown a page at a time.
    let shown = RwSignal::new(PAGE);
    // A text (record or post) of more than LONG bytes is read off the
    // page, in the circle's worker; a shorter one here, at once.
    let long = Memo::new(move |_| text.with(|t| t.len() > LONG));
    let checked = Memo::new(move |_| {
        let k = kind.get();
        if k == Kind::Post || long.get() {
            return None;
        }
        let n = shown.get();
        text.with(|t| {
            if t.trim().is_empty() {
                return None;
            }
            ctx.live
                .with(|l| Some(check(&l.as_ref()?.game, t, k == Kind::Whole).verdicts(n)))
        })
    });
    // The worker is asked again whenever the text, its kind, the page of
    // verdicts or the game changes; only the last answer is shown.
    Effect::new(move |_| {
        if !long.get() {
            return;
        }
        let pasted = match kind.get() {
            Kind::Post => Pasted::Post,
            Kind::Next => Pasted::Next,
            Kind::Whole => Pasted::Whole,
        };
        let n = shown.get();
        let t = text.get();
        ctx.live.with(|l| {
            if let Some(l) = l {
                ctx.reading.ask(&l.game, t, pasted, n);
            }
        });
    });
    // A record is about to be pasted: the worker's code loads meanwhile.
    Effect::new(move |_| {
        if kind.get() != Kind::Post {
            ctx.reading.warm();
        }
    });
    // The verdicts shown: `None` while a long record is read.
    let current = move || -> Option<Result<Verdicts, String>> {
        if long.get() {
            match ctx.reading.current()? {
                Ok(Read::Record(v)) => Some(Ok(v)),
                Ok(Read::Post(_)) => None,
                Err(e) => Some(Err(e)),
            }
        } else {
            checked.get().map(Ok)
        }
    };
    let post = Memo::new(move |_| {
        if kind.get() != Kind::Post || long.get() {
            return None;
        }
        text.with(|t| {
            if t.trim().is_empty() {
                return None;
            }
            ctx.with_game(|g| check_post(g, t))
        })
    });
    // The post's reading shown: a long one's from the worker.
    let post_now = move || {
        if long.get() {
            match ctx.reading.current()? {
                Ok(Read::Post(p)) => Some(p),
                _ => None,
            }
        } else {
            post.get()
        }
    };
    // A post's move: played by the engine; the text is cleared.
    let play_value = move |v: Value| {
        let before = ctx.with_game_untracked(|g| g.moves().len());
        ctx.play(v);
        if ctx.with_game_untracked(|g| g.moves().len()) != before {
            ctx.clear_forum();
        }
    };
    let play = move |_| {
        if text.with_untracked(|t| t.trim().is_empty()) {
            return;
        }
        let k = kind.get_untracked();
        if k == Kind::Post {
            match untrack(post_now).and_then(|p| p.value) {
                Some(v) => play_value(v),
                None if long.get_untracked() && untrack(|| ctx.reading.current()).is_none() => {
                    ctx.warn("Nothing was played yet: the post is still being read.");
                }
                None => ctx.warn("Nothing was played: the post is doubtful (see why above)."),
            }
            return;
        }
        // The record's accepted values are replayed (the long text is not
        // read again on the page).
        let v = match untrack(current) {
            Some(Ok(v)) => v,
            Some(Err(e)) => {
                ctx.warn(format!(
                    "Nothing was played: the record could not be read ({e})."
                ));
                return;
            }
            None => {
                ctx.warn("Nothing was played yet: the record is still being read.");
                return;
            }
        };
        if let Some(why) = v.refusal {
            ctx.warn(format!("Nothing was played: {why} (see the list)."));
            return;
        }
        if v.added == 0 {
            ctx.say("Nothing new: the record matches this game.");
            return;
        }
        let Some(c) = ctx.with_game_untracked(|g| check(g, &v.record, k == Kind::Whole)) else {
            return;
        };
        if c.added != v.added || c.refusal().is_some() {
            ctx.warn("Nothing was played: the game changed while the record was read (see the list again).");
            return;
        }
        let last = c.after.last_move();
        let said = last.map(|r| move_text(&c.after, &r)).unwrap_or_default();
        let n = c.added;
        if !ctx.replace_game(c.after) {
            return;
        }
        ctx.clear_forum();
        ctx.say(format!(
            "{n} move{} played. {said}",
            if n == 1 { "" } else { "s" }
        ));
    };
    // The record's line from where it parts with the game.
    let restart = move |_| {
        let Some(Ok(v)) = untrack(current) else {
            return;
        };
        let Some(done) = ctx.with_game_untracked(|g| {
            let mut after = g.clone();
            after.restart_from_record(&v.record).map(|r| (after, r))
        }) else {
            return;
        };
        match done {
            Ok((after, r)) => {
                let dropped: Vec<String> = r.dropped.iter().map(Value::to_string).collect();
                let said = after
                    .last_move()
                    .map(|m| move_text(&after, &m))
                    .unwrap_or_default();
                if !ctx.replace_game(after) {
                    return;
                }
                ctx.clear_forum();
                ctx.say(format!(
                    "Restarted from turn {}: the game's moves from there ({}) were replaced by the record's {} move{}. {said}",
                    r.parting.turn,
                    dropped.join(" "),
                    r.played,
                    if r.played == 1 { "" } else { "s" }
                ));
            }
            Err(e) => ctx.warn(format!("Not restarted: {e}.")),
        }
    };
    let next_line = move || {
        ctx.with_game(|g| {
            if g.is_over() {
                return None;
            }
            let p = Preview::of(g.state())?;
            Some(format!(
                "Next: {}. Values: {}.",
                p.landing_text(),
                p.sends_line()
            ))
        })
        .flatten()
    };
    let posts = move || {
        let f = ctx.format.get();
        ctx.with_game(|g| position_post(g, f)).unwrap_or_default()
    };
    // A page of verdicts, what will be played, and the restart button.
    let verdicts_view = move |v: Verdicts| {
        let Verdicts {
            lines,
            total,
            refusal,
            added,
            parts,
            ..
        } = v;
        view! {
            <ol class="verdicts" data-testid="verdicts" aria-label="Each move checked">
                // (The player's move in its own isolated element.)
                {lines.into_iter().map(|v| {
                    let (open, close) = if v.rejected { ("“", "”") } else { ("", "") };
                    view! { <li class=if v.ok { "ok" } else { "bad" }>{format!("{}. {open}", v.number)}<code>{v.text}</code>{close}{v.says}</li> }
                }).collect_view()}
            </ol>
            {show_more(shown, total, "moves", "the rejected first")}
            {match refusal {
                Some(why) => view! { <p class="error" data-testid="refusal">{format!("Nothing will be played: {why}. Correct the text (C8.2).")}</p> }.into_any(),
                None => view! { <p class="muted">{format!("{added} new move{} to play.", if added == 1 { "" } else { "s" })}</p> }.into_any(),
            }}
            {parts.then(|| view! {
                <p><button data-testid="restart" on:click=restart>"Restart from where they part"</button>
                " (keeps the moves both have, replaces the game's later moves with the record's)"</p>
            })}
        }
    };
    let radio = move |k: Kind, label: &'static str, id: &'static str| {
        view! {
            <label><input type="radio" name="paste-kind" data-testid=id prop:checked=move || kind.get() == k on:change=move |_| ctx.set_paste_kind(k)/>" " {label}</label>
        }
    };
    view! {
        <section class="forum">
            <h2>"By forum"</h2>
            <p class="next-line" data-testid="next-line">{next_line}</p>
            <div class="paste">
                <h3>"Paste moves"</h3>
                <fieldset>
                    <legend>"What you paste"</legend>
                    {radio(Kind::Post, "A player's post, as the forum or Discord shows it (e.g. “R3 please”)", "paste-post")}
                    {radio(Kind::Next, "The next move or moves in notation (e.g. R5 B2)", "paste-next")}
                    {radio(Kind::Whole, "The thread's whole record from the start", "paste-whole")}
                </fieldset>
                // A box holding over HELD bytes is read in full but not laid
                // out until "Show it" (the shell's stylesheet).
                <div class="paste-box" class:long=move || text.with(|t| t.len() > HELD)>
                    <label class="block" for="forum-paste">{move || if kind.get() == Kind::Post {
                            "The post: its move is found in the text (quotes and signatures are not read)"
                        } else {
                            "Moves in C8.1 notation: values 1 to 8, optionally after B or R, separated by spaces or commas"
                        }}
                    </label>
                    <HeldBox value=text set=move |v| ctx.set_forum(v) id="forum-paste" testid="paste-text" rows=3/>
                </div>
                {move || post_now().map(|p| {
                    let ok = p.value.is_some();
                    view! {
                        <div class="post-reading" data-testid="post-reading">
                            {p.by.clone().map(|b| view! { <p class="muted" data-testid="post-author">{b}</p> })}
                            <p class=if ok { "ok" } else { "error" } data-testid="post-read">{if ok { format!("Read: {}.", p.read) } else { p.read.clone() }}</p>
                            {p.does.map(|d| view! { <p class="muted" data-testid="post-does">{d}</p> })}
                            {(!p.choices.is_empty()).then(|| view! {
                                <p>"Which move is meant? One click plays it:"</p>
                                <ul class="choices">
                                    {p.choices.iter().map(|(v, how)| {
                                        let v = *v;
                                        view! { <li><button data-testid="post-choice" data-value=v.get() on:click=move |_| play_value(v)>{format!("Play {v}")}</button>" "{how.clone()}</li> }
                                    }).collect_view()}
                                </ul>
                            })}
                            {(!p.unused.is_empty()).then(|| view! {
                                <ul class="unused" data-testid="post-unused" aria-label="Not read">
                                    {p.unused.iter().take(shown.get()).map(|u| view! { <li>{u.clone()}</li> }).collect_view()}
                                </ul>
                                {show_more(shown, p.unused.len(), "lines not read", "in the post's order")}
                            })}
                        </div>
                    }
                })}
                {move || match current() {
                    Some(Ok(v)) => verdicts_view(v).into_any(),
                    Some(Err(e)) => view! { <p class="error" data-testid="refusal">{format!("The text could not be read: {e}. Nothing will be played.")}</p> }.into_any(),
                    None if long.get() && ctx.reading.current().is_none() => view! { <p class="muted" data-testid="reading">{format!("Reading the {} ({} KB) off the page…", if kind.get() == Kind::Post { "post" } else { "record" }, text.with(|t| t.len().div_ceil(1024)))}</p> }.into_any(),
                    None => ().into_any(),
                }}
                <button class="primary" on:click=play data-testid="paste-play"
                    disabled=move || text.with(|t| t.trim().is_empty()) || (kind.get() == Kind::Post && post_now().is_none_or(|p| p.value.is_none()))>
                    {move || match (kind.get(), post_now().and_then(|p| p.value)) {
                        (Kind::Post, Some(v)) => format!("Play {v}"),
                        (Kind::Post, None) => "Play the post's move".to_string(),
                        _ => "Play these moves".to_string(),
                    }}
                </button>
                <Said/>
            </div>
            <Referee open=true/>
            <div class="posts">
                <h3>"Post the position"</h3>
                <label>"Format "
                    <select data-testid="post-format" on:change=move |ev| ctx.format.set(match event_target_value(&ev).as_str() { "bbcode" => Format::BBCode, "plain" => Format::Plain, _ => Format::Markdown })>
                        <option value="markdown" selected=move || ctx.format.get() == Format::Markdown>"Discord (drawing in a code block)"</option>
                        <option value="bbcode" selected=move || ctx.format.get() == Format::BBCode>"BBCode (forum)"</option>
                        <option value="plain" selected=move || ctx.format.get() == Format::Plain>"Plain text"</option>
                    </select>
                </label>
                {move || {
                    let all = posts();
                    // Each position is a message of its own: after an undo
                    // another position with as many moves is another post.
                    let (n_moves, players) = ctx.with_game(|g| (g.moves().len(), vec![g.players.blue.clone(), g.players.red.clone()])).unwrap_or_default();
                    let stage = console_core::outbox::stage_key(&format!("position-{n_moves}"), &all);
                    view! { <crate::shell::outbox::DeliverButton shell=ctx.shell name=ctx.name_untracked() stage label=format!("the position after {n_moves} moves") public=all.clone() private=Vec::new() players format=ctx.format.get()/> }
                }}
                {move || {
                    let all = posts();
                    let n = all.len();
                    all.into_iter().enumerate().map(|(i, p)| {
                        let label = if n > 1 { format!("Message {} of {n}", i + 1) } else { "The post".to_string() };
                        let copy = if n > 1 { "Copy this message" } else { "Copy the post" };
                        view! {
                            <div class="post">
                                <pre data-testid="post" tabindex="0" aria-label=label>{p.clone()}</pre>
                                <CopyButton shell=ctx.shell text=Signal::stored(p) label=copy/>
                            </div>
                        }
                    }).collect_view()
                }}
            </div>
        </section>
    }
}
