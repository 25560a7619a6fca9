//! The rules: `games/dice-org/RULES.md` (D1-D11) rendered from its
//! headings, paragraphs and bullets (inline marks dropped), and the options of the open season.

use super::super::state::Ctx;
use leptos::prelude::*;

const RULES: &str = include_str!("../../../../games/dice-org/RULES.md");

/// One block of the rules text.
enum Block {
    Title(String),
    Heading(String),
    Para(String),
    Items(Vec<String>),
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            out.push(Block::Para(String::new()));
        } else if let Some(h) = t.strip_prefix("## ") {
            out.push(Block::Heading(h.to_string()));
        } else if let Some(h) = t.strip_prefix("# ") {
            out.push(Block::Title(h.to_string()));
        } else if let Some(item) = t.strip_prefix("- ") {
            match out.last_mut() {
                Some(Block::Items(v)) => v.push(item.to_string()),
                _ => out.push(Block::Items(vec![item.to_string()])),
            }
        } else {
            // A continuation of the last item or paragraph.
            match out.last_mut() {
                Some(Block::Items(v)) if line.starts_with(' ') => {
                    if let Some(last) = v.last_mut() {
                        last.push(' ');
                        last.push_str(t);
                    }
                }
                Some(Block::Para(p)) => {
                    if !p.is_empty() {
                        p.push(' ');
                    }
                    p.push_str(t);
                }
                _ => out.push(Block::Para(t.to_string())),
            }
        }
    }
    out
}

/// The text without Markdown's inline marks (`**bold**`, `` `code` ``).
fn plain(text: &str) -> String {
    text.replace("**", "").replace('`', "")
}

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <section class="rules">
            {move || ctx.with(|s| {
                let o = s.state().options;
                view! {
                    <aside class="options" aria-label="Options of this season">
                        <h2>"Options of this season"</h2>
                        <ul>
                            <li>{format!("Team score (D4.2): {:?}", o.team_score)}</li>
                            <li>{format!("Reward (D4.5): {} RP", o.reward_rp)}</li>
                            <li>{format!("Food per player (D5.1): {}", o.food_per_player)}</li>
                            <li>{format!("Conversation slots (D6.3): {}", o.conversation_slots)}</li>
                            <li>{format!("Deadlock (D7.5): {:?}", o.deadlock)}</li>
                            <li>{format!("Jury size (D8.1): {}", o.jury_size.get())}</li>
                        </ul>
                    </aside>
                }
            })}
            {blocks(RULES).into_iter().map(|b| match b {
                Block::Title(t) => view! { <h2>{t}</h2> }.into_any(),
                Block::Heading(t) => { let id = t.split_whitespace().next().unwrap_or("").to_string(); view! { <h3 id=id>{t}</h3> }.into_any() }
                Block::Para(p) if p.is_empty() => ().into_any(),
                Block::Para(p) => view! { <p>{plain(&p)}</p> }.into_any(),
                Block::Items(v) => view! { <ul>{v.into_iter().map(|i| view! { <li>{plain(&i)}</li> }).collect_view()}</ul> }.into_any(),
            }).collect_view()}
        </section>
    }
}
