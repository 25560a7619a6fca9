//! The players box of every game's set-up: a sign-up list pasted as the
//! forum or channel shows it, read by [`console_core::signup::read_list`];
//! the lines that are not names are shown under the box with the reason,
//! and a remark taken for no name is made a name in one click.

use super::paste::ListBox;
use console_core::signup::{NotName, SignupList, mark_line, read_list};
use leptos::prelude::*;

/// The most set-aside lines listed under the box; the rest are counted.
const SHOWN: usize = 20;

/// The list in `text`, read once per change for the box and the game's
/// set-up alike.
pub fn list_of(text: impl Fn() -> String + Send + Sync + 'static) -> Memo<SignupList> {
    Memo::new(move |_| read_list(&text()))
}

/// A players box ([`ListBox`]) with, under it, each line of `list` (the
/// box's text read, [`list_of`]) that is not a name and why (test id
/// `signup-skipped`); an unmarked line of a marked list has a button that
/// takes it as a name.
#[component]
pub fn SignupBox(
    label: &'static str,
    testid: &'static str,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] set: Callback<String>,
    list: Memo<SignupList>,
    #[prop(default = 10)] rows: u32,
) -> impl IntoView {
    let skipped = Memo::new(move |_| list.with(|l| l.skipped.clone()));
    view! {
        <ListBox label testid value set rows/>
        {move || skipped.with(|s| (!s.is_empty()).then(|| {
            let more = s.len().saturating_sub(SHOWN);
            view! {
                <div class="wide muted" role="note" data-testid="signup-skipped">
                    <p>{format!("Not taken as names ({}):", s.len())}</p>
                    <ul>
                        {s.iter().take(SHOWN).map(|(n, line, why)| {
                            let n = *n;
                            let take = (*why == NotName::Unmarked).then(|| view! {
                                " " <button type="button" class="link" data-testid="take-as-name"
                                    on:click=move |_| set.run(value.with_untracked(|t| mark_line(t, n)))>"It is a name"</button>
                            });
                            view! { <li>{format!("line {n} “{line}”: {}", why.reason())}{take}</li> }
                        }).collect_view()}
                    </ul>
                    {(more > 0).then(|| view! { <p>{format!("and {more} more")}</p> })}
                </div>
            }
        }))}
    }
}
