//! Rules: the engine's `RULES.md` (S1-S9) with its S-numbers, and the
//! options of the open game.

use super::super::state::Ctx;
use leptos::prelude::*;
use survival::RULES;
use survival::options::{Discovery, EvilWinsAt, SecondTie, VoteRule};

/// A section of the rules: its heading, and its numbered rules (number,
/// text) or paragraphs (empty number).
struct Section {
    heading: String,
    items: Vec<(String, String)>,
}

fn sections(text: &str) -> Vec<Section> {
    let mut out = vec![Section {
        heading: String::new(),
        items: Vec::new(),
    }];
    for line in text.lines() {
        let t = line.trim();
        let sec = out.last_mut().expect("one section");
        if t.is_empty() || t.starts_with("# ") {
            if sec
                .items
                .last()
                .is_some_and(|(n, p)| n.is_empty() && !p.is_empty())
                || sec.items.is_empty()
            {
                sec.items.push((String::new(), String::new()));
            }
        } else if let Some(h) = t.strip_prefix("## ") {
            out.push(Section {
                heading: h.to_string(),
                items: Vec::new(),
            });
        } else if let Some(item) = t.strip_prefix("- ") {
            let (num, rest) = match item.split_once(' ') {
                Some((n, r))
                    if n.starts_with('S') && n[1..].starts_with(|c: char| c.is_ascii_digit()) =>
                {
                    (n.to_string(), r.to_string())
                }
                _ => (String::from("•"), item.to_string()),
            };
            sec.items.push((num, rest));
        } else if let Some((_, p)) = sec.items.last_mut() {
            if !p.is_empty() {
                p.push(' ');
            }
            p.push_str(t);
        }
    }
    for s in &mut out {
        s.items.retain(|(n, p)| !(n.is_empty() && p.is_empty()));
    }
    out
}

/// `code` spans as code, `**` marks dropped.
fn inline(text: &str) -> impl IntoView + use<> {
    text.replace("**", "")
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                view! { <code>{part.to_string()}</code> }.into_any()
            } else {
                part.to_string().into_any()
            }
        })
        .collect_view()
}

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let options = move || {
        ctx.live.with(|l| {
            l.as_ref().map(|l| {
                let o = l.game.setup().options;
                view! {
                    <aside class="options" aria-label="Options of this game">
                        <h3>"Options of this game"</h3>
                        <ul>
                            <li>{format!("S5.5 the day decides by {}", if o.vote_rule == VoteRule::Majority { "majority" } else { "plurality" })}</li>
                            <li>{format!("S6.4 a second tie: {}", if o.second_tie == SecondTie::None { "no elimination" } else { "lot" })}</li>
                            <li>{format!("S8.1 Evil wins at {}", if o.evil_wins_at == EvilWinsAt::Majority { "majority" } else { "parity" })}</li>
                            <li>{format!("S3.4 discovery: {}", if o.green_activist_discovery == Discovery::Never { "never" } else { "an exposed, watching Green Activist is eliminated" })}</li>
                            <li>{format!("S9.1 cards revealed: {}", if o.reveal_cards { "yes" } else { "no" })}</li>
                        </ul>
                    </aside>
                }
            })
        })
    };
    view! {
        <section class="rules">
            <h2>"Rules (S1-S9)"</h2>
            {options}
            {sections(RULES).into_iter().map(|s| view! {
                {(!s.heading.is_empty()).then(|| view! { <h3>{s.heading.clone()}</h3> })}
                {s.items.into_iter().map(|(n, p)| if n.is_empty() {
                    view! { <p>{inline(&p)}</p> }.into_any()
                } else {
                    let id = n.starts_with('S').then(|| n.replace('.', "-"));
                    view! { <p class="rule" id=id><strong>{n}</strong>" "{inline(&p)}</p> }.into_any()
                }).collect_view()}
            }).collect_view()}
        </section>
    }
}
