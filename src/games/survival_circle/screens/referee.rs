//! The referee's events (C9), on the Forum and Play screens: a
//! replacement (a new player takes over a side, C9.4) and a forfeit (the
//! moderator removes a player, or the player leaves, with the reason and
//! a note; the other side wins, or the game is scored as it stands,
//! C9.1-C9.3), each undone by Undo, listed in History, with the public
//! post in the format chosen (Discord, BBCode, plain text).

use super::super::state::Ctx;
use crate::shell::ui::CopyButton;
use console_core::events::RemovalReason;
use leptos::prelude::*;
use survival_circle::post::Format;
use survival_circle::{Forfeit, Player};

/// The side chosen in a select (`blue` / `red`).
fn side_of(value: &str) -> Player {
    if value == "red" {
        Player::Red
    } else {
        Player::Blue
    }
}

/// The public post of the latest event: the forfeit's (C9.3), else the
/// latest replacement's (C9.4).
fn event_post(ctx: Ctx, format: Format) -> Option<String> {
    ctx.with_game(|g| {
        if let Some(f) = g.forfeit() {
            return Some(f.post(g.state(), |p| g.who(p), format));
        }
        g.replacements().last().map(|r| r.post(format))
    })
    .flatten()
}

/// `open`: shown unfolded (the Forum screen, where a referee works);
/// folded on Play.
#[component]
pub fn Referee(open: bool) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let side = RwSignal::new(Player::Blue);
    let name = RwSignal::new(String::new());
    let reason = RwSignal::new(RemovalReason::Inactivity);
    let note = RwSignal::new(String::new());
    let scored = RwSignal::new(false);
    let over = move || ctx.with_game(|g| g.is_over()).unwrap_or(true);
    let replace = move |_| {
        if ctx.replace_player(side.get_untracked(), &name.get_untracked()) {
            name.set(String::new());
        }
    };
    let forfeit = move |_| {
        let f = Forfeit {
            by: side.get_untracked(),
            reason: reason.get_untracked(),
            note: note.get_untracked().trim().to_string(),
            scored: scored.get_untracked(),
        };
        if ctx.forfeit(f) {
            note.set(String::new());
        }
    };
    let post = move || event_post(ctx, ctx.format.get());
    let side_label = move |p: Player| {
        ctx.with_game(|g| g.who(p))
            .unwrap_or_else(|| p.name().to_string())
    };
    view! {
        <details class="referee" data-testid="referee" open=open>
            <summary>"Referee: replace a player, or a forfeit (C9)"</summary>
            <label>"Side "
                <select data-testid="event-side" on:change=move |ev| side.set(side_of(&event_target_value(&ev)))>
                    <option value="blue" selected=move || side.get() == Player::Blue>{move || side_label(Player::Blue)}</option>
                    <option value="red" selected=move || side.get() == Player::Red>{move || side_label(Player::Red)}</option>
                </select>
            </label>
            <fieldset>
                <legend>"Replacement: a new player takes over the side (position and hand stay)"</legend>
                <label>"Incoming player "
                    <input data-testid="replace-name" prop:value=name on:input=move |ev| name.set(event_target_value(&ev))/>
                </label>
                " "
                <button data-testid="replace" on:click=replace disabled=move || name.with(|n| n.trim().is_empty())>"Replace"</button>
            </fieldset>
            <fieldset>
                <legend>"Forfeit: the side leaves or is removed; the game ends"</legend>
                <label>"Reason "
                    <select data-testid="forfeit-reason" on:change=move |ev| reason.set(match event_target_value(&ev).as_str() {
                        "rule_break" => RemovalReason::RuleBreak,
                        "quit" => RemovalReason::Quit,
                        _ => RemovalReason::Inactivity,
                    })>
                        <option value="inactivity">"Inactivity"</option>
                        <option value="rule_break">"A rule break"</option>
                        <option value="quit">"Leaving the game"</option>
                    </select>
                </label>
                <label class="block">"Note for the post "
                    <input data-testid="forfeit-note" prop:value=note on:input=move |ev| note.set(event_target_value(&ev))/>
                </label>
                <label><input type="checkbox" data-testid="forfeit-scored" prop:checked=scored on:change=move |ev| scored.set(event_target_checked(&ev))/>
                    " Score the game as it stands (C9.2; otherwise the other side wins)"</label>
                <button class="danger" data-testid="forfeit" on:click=forfeit disabled=over>"Forfeit"</button>
            </fieldset>
            <p class="muted small">"Undo withdraws the latest event first. History lists them."</p>
            {move || post().map(|p| {
                let f = ctx.format.get();
                view! {
                    <div class="post">
                        <label>"Post format "
                            <select data-testid="event-format" on:change=move |ev| ctx.format.set(match event_target_value(&ev).as_str() { "bbcode" => Format::BBCode, "plain" => Format::Plain, _ => Format::Markdown })>
                                <option value="markdown" selected=f == Format::Markdown>"Discord"</option>
                                <option value="bbcode" selected=f == Format::BBCode>"BBCode (forum)"</option>
                                <option value="plain" selected=f == Format::Plain>"Plain text"</option>
                            </select>
                        </label>
                        <pre data-testid="event-post" tabindex="0" aria-label="The event's post">{p.clone()}</pre>
                        <CopyButton shell=ctx.shell text=Signal::stored(p) label="Copy the event's post"/>
                    </div>
                }
            })}
        </details>
    }
}
