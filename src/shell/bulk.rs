//! The bulk paste box every game page shares: one pasted pile of private
//! messages with a header line per player, split into the players' drafts
//! by the page's engine and the shared splitter
//! ([`console_core::text::split_bulk`], [`console_core::text::take_bulk`]),
//! with an account of what was taken and every line that was not.

use super::paste::HeldBox;
use console_core::text::{BulkAccount, Taken};
use leptos::prelude::*;

/// The account's line for one player: `Ann: new (3 lines)`.
pub(crate) fn taken_line(player: &str, how: Taken, lines: usize) -> String {
    let how = match how {
        Taken::New => "new",
        Taken::Unchanged => "already there, unchanged",
        Taken::Added => "added after the earlier text",
    };
    let s = if lines == 1 { "" } else { "s" };
    format!("{player}: {how} ({lines} line{s})")
}

/// Says what a split took, as every bulk box says it: `12 submissions
/// split from the bulk box, 2 added to earlier text; 3 problems, see
/// below the box` (`noun` names what was pasted; the problems part only
/// when some lines were not taken, and then as a warning).
pub(crate) fn announce(shell: super::Shell, noun: &str, a: &BulkAccount) {
    let added = a.taken.iter().filter(|t| t.1 == Taken::Added).count();
    let msg = format!(
        "{} {noun} split from the bulk box{}{}",
        a.taken.len(),
        if added > 0 {
            format!(", {added} added to earlier text")
        } else {
            String::new()
        },
        if a.problems.is_empty() {
            String::new()
        } else {
            format!("; {} problems, see below the box", a.problems.len())
        }
    );
    if a.problems.is_empty() {
        shell.say(msg);
    } else {
        shell.warn(msg);
    }
}

/// The box, its Split button and the last split's account. `split` takes
/// the pasted text as it is (the game's reading folds invisible characters
/// away) into the page's drafts and returns the account (`None` without an
/// open game, or when a worker splits it and the page sets `account` on
/// its answer); `noun` names what is pasted ("submissions",
/// "messages"); `example` is a player's name for the header hint; `rule`
/// cites the rule that a later line replaces an earlier one.
#[component]
pub fn BulkBox(
    shell: super::Shell,
    /// The box's text (a draft saved with the game).
    text: RwSignal<String>,
    split: Callback<String, Option<BulkAccount>>,
    summary: &'static str,
    noun: &'static str,
    rule: &'static str,
    #[prop(into)] example: Signal<String>,
    /// Open even while empty (where pasting is the usual way in).
    #[prop(optional)]
    open: bool,
    /// The account shown under the box, when the page sets it itself (a
    /// split read in a worker returns `None` and sets it on the answer);
    /// by default the box's own.
    #[prop(optional)]
    account: Option<RwSignal<Option<BulkAccount>>>,
) -> impl IntoView {
    let account = account.unwrap_or_else(|| RwSignal::new(None::<BulkAccount>));
    let run = move |_| {
        // (Each game's reading folds invisible characters away: most in
        // a worker, not here on the page.)
        let Some(a) = split.run(text.get_untracked()) else {
            return;
        };
        announce(shell, noun, &a);
        account.set(Some(a));
    };
    view! {
        <details class="bulk" class:long=move || text.with(|b| b.len() > super::html::HELD) open=move || open || text.with(|b| !b.is_empty())>
            <summary>{summary}</summary>
            <p class="muted">"Start each player's part with a header line: " <code>{move || format!("{}:", example.get())}</code> " or " <code>{move || format!("== {} ==", example.get())}</code> {format!(". Text for a player who already has some is added after it (a later line replaces an earlier one of its kind, {rule}).")}</p>
            <HeldBox value=text set=move |v| text.set(v) rows=10 label=format!("All {noun}, with a header line per player") testid="bulk"/>
            <button on:click=run data-testid="split">"Split into players"</button>
            {move || account.get().map(|a| view! {
                <ul class="split-result" data-testid="split-result">
                    {a.taken.into_iter().map(|(p, how, n)| view! { <li data-player=p.clone()>{taken_line(&p, how, n)}</li> }).collect_view()}
                    {a.problems.into_iter().map(|p| view! { <li class="warn">{p}</li> }).collect_view()}
                </ul>
            })}
        </details>
    }
}
