//! The bulk paste box every game page shares: one pasted pile of private
//! messages with a header line per player, split into the players' drafts
//! by the page's engine and the shared splitter
//! ([`console_core::text::split_bulk`], [`console_core::text::take_bulk`],
//! or a few players a frame: [`take_in_frames`]), with an account of what
//! was taken and every line that was not.

use super::paste::{HeldBox, is_held};
use console_core::text::{BulkAccount, BulkSplit, Taken, bulk_problems, take_part};
use leptos::prelude::*;
use std::collections::BTreeMap;

/// The account's line for one player: `Ann: new (3 lines)`.
pub(crate) fn taken_line(player: &str, how: Taken, lines: usize) -> String {
    let how = match how {
        Taken::New => "new",
        Taken::Unchanged => "already there, unchanged",
        Taken::Added => "added after the earlier text",
        Taken::Before => "already taken from this paste, unchanged",
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

/// The most text of the players' boxes a split puts on the page in one
/// frame (bytes of the boxes taken into, whole; a held box counts
/// nothing, and a box lays out at most its limit, no more than this, so
/// one box alone is within it):
/// Chromium lays out every line of a box in the frame its text changes,
/// and a split filling twelve boxes of 3.8 KB at once made a frame of 43
/// to 52 ms, traced, most of it layout (no task over 50 ms).
/// The same frame also shows what the page makes of the change (a slice
/// of Mini-Survivor's checks, with a budget of its own).
const FRAME_TEXT: usize = 8 * 1024;

/// A split taken a frame at a time ([`take_in_frames`]) and stopped
/// before its end: the account of the players' parts taken (in paste
/// order, with the split's problems) and how many were not.
pub(crate) struct Stopped {
    /// The parts taken (they stay in the drafts), and the split's problems.
    pub taken: BulkAccount,
    /// The number of players' parts not taken.
    pub left: usize,
}

impl Stopped {
    /// The warning for a split stopped because the `what` it was asked
    /// for ("round") changed: none of it taken, or which parts were.
    pub(crate) fn warning(&self, what: &str) -> String {
        if self.taken.taken.is_empty() {
            return format!("The {what} changed before the paste was split: split it again");
        }
        let names: Vec<&str> = self
            .taken
            .taken
            .iter()
            .map(|(n, _, _)| n.as_str())
            .collect();
        format!(
            "The {what} changed while the paste was taken into the boxes: {} of {} players' parts were taken ({}), the rest were not: split it again",
            names.len(),
            names.len() + self.left,
            names.join(", ")
        )
    }
}

/// A split being taken into the drafts a frame at a time
/// ([`take_in_frames`]).
struct Taking<P> {
    drafts: RwSignal<BTreeMap<String, String>>,
    seen: RwSignal<BTreeMap<String, String>>,
    slot: Box<dyn Fn(P) -> String>,
    /// (player, text) still to take, in paste order.
    left: std::iter::Peekable<std::vec::IntoIter<(P, String)>>,
    account: BulkAccount,
    name: Box<dyn Fn(P) -> String>,
    limit: usize,
    still: Box<dyn Fn() -> bool>,
    done: Box<dyn FnOnce(Result<BulkAccount, Stopped>)>,
}

impl<P: Copy + 'static> Taking<P> {
    /// Takes the next frame's texts, then asks for the frame after.
    fn step(mut self) {
        if !(self.still)() {
            let Taking {
                left,
                account,
                done,
                ..
            } = self;
            done(Err(Stopped {
                taken: account,
                left: left.count(),
            }));
            return;
        }
        let Taking {
            drafts,
            seen,
            slot,
            left,
            account,
            name,
            limit,
            ..
        } = &mut self;
        let mut laid = 0;
        drafts.update(|d| {
            while let Some((p, text)) = left.peek() {
                // (Named now: a player replaced meanwhile has their draft
                // under the new name, R10.1.)
                let n = name(*p);
                // What the box will hold (its text and this, or this).
                let next = d.get(&n).map_or(0, String::len) + text.len();
                let next = if is_held(next, *limit) { 0 } else { next };
                if laid > 0 && laid + next > FRAME_TEXT {
                    break;
                }
                let Some((p, text)) = left.next() else {
                    break;
                };
                let k = slot(p);
                seen.update(|s| account.taken.push(take_part(d, s, k, n, &text)));
                laid += next;
            }
        });
        if self.left.peek().is_none() {
            let Taking { account, done, .. } = self;
            done(Ok(account));
        } else {
            request_animation_frame(move || self.step());
        }
    }
}

/// Takes a split bulk paste into `drafts` ([`take_part`]: what the box's
/// last split took for a player, recorded in `seen` by the player's `slot`,
/// is not taken again) a few players at a time, a part each animation frame
/// from the next one, so no frame lays out more than [`FRAME_TEXT`] bytes
/// of the boxes' text (a megabyte laid out at once would hold the page);
/// `name` names a player as the drafts are keyed (asked as each part is
/// taken), `limit` is the boxes' [`HeldBox`] limit (at most
/// [`FRAME_TEXT`]). Before each part `still()` is asked: when it says no
/// (another game or round meanwhile, a newer split), the rest is not taken
/// and `done(Err(Stopped))` says what was (it stays in the drafts);
/// otherwise, once every text is taken, `done(Ok(account))` with the
/// problems of the split ([`bulk_problems`]). A key pressed in a box
/// meanwhile is kept: a text is added to the draft as it is when its part
/// is taken.
#[allow(clippy::too_many_arguments)]
pub(crate) fn take_in_frames<P: Copy + 'static>(
    drafts: RwSignal<BTreeMap<String, String>>,
    seen: RwSignal<BTreeMap<String, String>>,
    slot: impl Fn(P) -> String + 'static,
    split: BulkSplit<P>,
    name: impl Fn(P) -> String + 'static,
    limit: usize,
    still: impl Fn() -> bool + 'static,
    done: impl FnOnce(Result<BulkAccount, Stopped>) + 'static,
) {
    debug_assert!(limit <= FRAME_TEXT, "a box alone must fit a frame");
    let problems = bulk_problems(&split);
    let taking = Taking {
        drafts,
        seen,
        slot: Box::new(slot),
        left: split.texts.into_iter().peekable(),
        account: BulkAccount {
            taken: Vec::new(),
            problems,
            read_as: split.read_as.clone(),
        },
        name: Box::new(name),
        limit,
        still: Box::new(still),
        done: Box::new(done),
    };
    // (In a frame's callback, each part's text is laid out in that frame
    // alone: taken in a task, it would be laid out with the next part.)
    request_animation_frame(move || taking.step());
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
    // A file picked is put in the box, to be split as a paste is; text the
    // box held is replaced, and the moderator is told so.
    let pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(f) = input.files().and_then(|l| l.get(0)) {
            let name = f.name();
            super::ui::read_file(shell, f, move |t| {
                let had = text.with_untracked(|b| !b.trim().is_empty());
                text.set(t);
                shell.say(format!(
                    "{name} is in the box{}: split it into players",
                    if had {
                        ", in place of its earlier text"
                    } else {
                        ""
                    }
                ));
            });
            input.set_value("");
        }
    };
    view! {
        <details class="bulk" class:long=move || text.with(|b| b.len() > super::html::HELD) open=move || open || text.with(|b| !b.is_empty())>
            <summary>{summary}</summary>
            <p class="muted">"Paste the messages as the platform copies them (a forum's private messages with their " <code>"From:"</code> ", Discord DMs with their author lines, a form's responses sheet copied from Sheets or its .csv), or start each player's part with a header line: " <code>{move || format!("{}:", example.get())}</code> " or " <code>{move || format!("== {} ==", example.get())}</code> {format!(". Text for a player who already has some is added after it (a later line replaces an earlier one of its kind, {rule}).")}</p>
            <HeldBox value=text set=move |v| text.set(v) rows=10 label=format!("All {noun}, with a header line per player") testid="bulk"/>
            <label class="file">"Or a form's responses file (.csv) " <input type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" on:change=pick data-testid="bulk-file"/></label>
            <button on:click=run data-testid="split">"Split into players"</button>
            {move || account.get().map(|a| view! {
                <ul class="split-result" data-testid="split-result">
                    {a.read_as.map(|r| view! { <li class="note" data-testid="read-as">{r}</li> })}
                    {a.taken.into_iter().map(|(p, how, n)| view! { <li data-player=p.clone()>{taken_line(&p, how, n)}</li> }).collect_view()}
                    {a.problems.into_iter().map(|p| view! { <li class="warn">{p}</li> }).collect_view()}
                </ul>
            })}
        </details>
    }
}
