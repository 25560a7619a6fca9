//! Rules: RULES.md as the engine applies it, rule by rule with its
//! C-number, and the options of the open game (C5.3, C6.2).

use super::super::state::Ctx;
use leptos::prelude::*;
use survival_circle::{OpponentLanding, OwnLanding};

/// The rules the engine applies (`games/survival-circle/RULES.md`).
const RULES: &str = include_str!("../../../../games/survival-circle/RULES.md");

/// The rules as sections (`C1 Equipment`) of numbered rules (`C1.1`, text):
/// every `## ` heading and every `- C…` item with its continuation lines;
/// emphasis and code marks dropped.
fn sections() -> Vec<(String, Vec<(String, String)>)> {
    let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for line in RULES.lines() {
        let clean = line.replace(['*', '`'], "");
        if let Some(h) = clean.strip_prefix("## ") {
            out.push((h.to_string(), Vec::new()));
        } else if let Some(item) = clean.strip_prefix("- ") {
            if let Some((_, rules)) = out.last_mut() {
                let (num, text) = item.split_once(' ').unwrap_or((item, ""));
                rules.push((num.to_string(), text.to_string()));
            }
        } else if line.starts_with("  ")
            && let Some((_, rules)) = out.last_mut()
            && let Some((_, text)) = rules.last_mut()
        {
            text.push(' ');
            text.push_str(clean.trim());
        }
    }
    out
}

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <section class="rules">
            <h2>"Rules"</h2>
            <p class="muted">"The rules exactly as the referee applies them, by number. Rulings settle what the original post left open; two have options, chosen when a game is set up."</p>
            {sections().into_iter().map(|(heading, rules)| view! {
                <h3>{heading}</h3>
                <dl>{rules.into_iter().map(|(n, t)| view! { <dt>{n}</dt><dd>{t}</dd> }).collect_view()}</dl>
            }).collect_view()}
            {move || ctx.with_game(|g| {
                let o = g.options();
                view! {
                    <h3>"Options of this game"</h3>
                    <ul data-testid="game-options">
                        <li>{format!("Landing on one's own token (C5.3): {}", match o.own_landing { OwnLanding::Discard => "the played token is removed too (the ruling)", OwnLanding::Place => "the played token is placed on the landing cell" })}</li>
                        <li>{format!("Landing on an opposing token (C6.2): {}", match o.opponent_landing { OpponentLanding::Discard => "the played token is removed, the board does not change (the ruling)", OpponentLanding::ReplaceSingle => "a lone opposing token is replaced by the played token" })}</li>
                    </ul>
                }
            })}
        </section>
    }
}
