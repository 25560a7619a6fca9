//! By forum: paste the opponent's move(s) or the thread's whole record in
//! C8.1 notation (each move checked by the engine as you type; a record
//! with a rejected move plays nothing, C8.2), and copy the position as a
//! post (a text drawing in a code block for Discord, BBCode, plain text)
//! with the move list.

use super::super::state::{Ctx, move_text};
use crate::shell::ui::CopyButton;
use leptos::prelude::*;
use survival_circle::Game;
use survival_circle::notation::Played;
use survival_circle::post::{Format, landing_text, position_post};

/// What pasting `text` into `game` would do, worked out on a copy: the
/// game after it, each move's verdict, how many moves are new, and the
/// first turn where a whole record disagrees with the game.
struct Check {
    after: Game,
    moves: Vec<Played>,
    added: usize,
    conflict: Option<usize>,
    /// Moves of a whole record already in the game.
    known: usize,
}

fn check(game: &Game, text: &str, whole: bool) -> Check {
    let mut after = game.clone();
    if whole {
        let known = game.moves().len();
        let p = after.paste(text);
        Check {
            after,
            moves: p.moves,
            added: p.added,
            conflict: p.conflict,
            known,
        }
    } else {
        let moves = after.play_text(text);
        let added = moves.iter().filter(|m| m.result.is_ok()).count();
        Check {
            after,
            moves,
            added,
            conflict: None,
            known: 0,
        }
    }
}

impl Check {
    fn rejected(&self) -> usize {
        self.moves.iter().filter(|m| m.result.is_err()).count()
    }

    /// Why nothing can be played, if so.
    fn refusal(&self) -> Option<String> {
        if let Some(turn) = self.conflict {
            return Some(format!(
                "the record differs from this game's moves at turn {turn}"
            ));
        }
        match self.rejected() {
            0 => None,
            1 => Some("1 move is rejected".to_string()),
            n => Some(format!("{n} moves are rejected")),
        }
    }
}

#[component]
pub fn Forum() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = RwSignal::new(String::new());
    let whole = RwSignal::new(false);
    let checked = Memo::new(move |_| {
        let t = text.get();
        if t.trim().is_empty() {
            return None;
        }
        let w = whole.get();
        ctx.live.with(|l| {
            let g = &l.as_ref()?.game;
            let c = check(g, &t, w);
            let lines: Vec<(bool, String)> = c
                .moves
                .iter()
                .map(|m| match &m.result {
                    Ok(r) => (
                        true,
                        format!(
                            "{}. {}: {}{} on cell {}, on {}{}",
                            m.index,
                            m.text,
                            r.player.letter(),
                            r.value,
                            r.cell,
                            landing_text(r),
                            if m.index <= c.known {
                                " (already played)"
                            } else {
                                ""
                            }
                        ),
                    ),
                    Err(e) => (false, format!("{}. “{}” rejected: {e}", m.index, m.text)),
                })
                .collect();
            Some((lines, c.refusal(), c.added))
        })
    });
    let play = move |_| {
        let t = text.get_untracked();
        if t.trim().is_empty() {
            return;
        }
        let Some(c) = ctx.with_game_untracked(|g| check(g, &t, whole.get_untracked())) else {
            return;
        };
        if let Some(why) = c.refusal() {
            ctx.warn(format!("Nothing was played: {why} (see the list)."));
            return;
        }
        if c.added == 0 {
            ctx.say("Nothing new: the record matches this game.");
            return;
        }
        let last = c.after.last_move();
        let said = last.map(|r| move_text(&c.after, &r)).unwrap_or_default();
        let n = c.added;
        ctx.replace_game(c.after);
        text.set(String::new());
        ctx.say(format!(
            "{n} move{} played. {said}",
            if n == 1 { "" } else { "s" }
        ));
    };
    let posts = move || {
        let f = ctx.format.get();
        ctx.with_game(|g| position_post(g, f)).unwrap_or_default()
    };
    let radio = move |w: bool, label: &'static str, id: &'static str| {
        view! {
            <label><input type="radio" name="paste-kind" data-testid=id prop:checked=move || whole.get() == w on:change=move |_| whole.set(w)/>" " {label}</label>
        }
    };
    view! {
        <section class="forum">
            <h2>"By forum"</h2>
            <div class="paste">
                <h3>"Paste moves"</h3>
                <fieldset>
                    <legend>"What you paste"</legend>
                    {radio(false, "The next move or moves (e.g. the opponent's post: R5)", "paste-next")}
                    {radio(true, "The thread's whole record from the start", "paste-whole")}
                </fieldset>
                <label class="block">"Moves in C8.1 notation: values 1 to 8, optionally after B or R, separated by spaces or commas"
                    <textarea rows="3" spellcheck="false" data-testid="paste-text" prop:value=text on:input=move |ev| text.set(event_target_value(&ev))></textarea>
                </label>
                {move || checked.get().map(|(lines, refusal, added)| view! {
                    <ol class="verdicts" data-testid="verdicts" aria-label="Each move checked">
                        {lines.into_iter().map(|(ok, t)| view! { <li class=if ok { "ok" } else { "bad" }>{t}</li> }).collect_view()}
                    </ol>
                    {match refusal {
                        Some(why) => view! { <p class="error" data-testid="refusal">{format!("Nothing will be played: {why}. Correct the text (C8.2).")}</p> }.into_any(),
                        None => view! { <p class="muted">{format!("{added} new move{} to play.", if added == 1 { "" } else { "s" })}</p> }.into_any(),
                    }}
                })}
                <button class="primary" on:click=play data-testid="paste-play" disabled=move || text.with(|t| t.trim().is_empty())>"Play these moves"</button>
            </div>
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
