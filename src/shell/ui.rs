//! The page furniture every page shares: header with the way home and the
//! screens' navigation, the update offer, banners, short visible messages
//! and the screen-reader live region, the NOT-saved banner.

use crate::shell::{Persist, Shell, export, io, pwa, storage};
use leptos::prelude::*;

/// One screen in a page's navigation.
#[derive(Copy, Clone, Debug)]
pub struct NavItem {
    /// URL slug.
    pub slug: &'static str,
    /// Label.
    pub label: &'static str,
    /// Whether it needs an open game.
    pub needs_game: bool,
}

impl NavItem {
    /// A screen with its URL slug, label, and whether it needs a game.
    pub const fn new(slug: &'static str, label: &'static str, needs_game: bool) -> NavItem {
        NavItem {
            slug,
            label,
            needs_game,
        }
    }

    /// Setup: open without a game (it starts one).
    pub const SETUP: NavItem = NavItem::new("setup", "Setup", false);
    /// The open game's public posts and private messages.
    pub const POSTS: NavItem = NavItem::new("posts", "Posts", true);
    /// Every input played, with undo.
    pub const HISTORY: NavItem = NavItem::new("history", "History", true);
    /// The players' guide and the numbered rules (no game needed).
    pub const RULES: NavItem = NavItem::new("rules", "Rules", false);
    /// Checking a deal commitment (no game needed).
    pub const VERIFY: NavItem = NavItem::new("verify", "Verify", false);
}

/// The top of a game page: the console's name (a link to all games), the
/// game's name, the screens, and what is open.
#[component]
pub fn Header(
    shell: Shell,
    items: &'static [NavItem],
    /// Whether a game is open (for screens that need one).
    #[prop(into)]
    has_game: Signal<bool>,
    children: Children,
) -> impl IntoView {
    view! {
        <header class="top">
            <p class="brand"><a href="../" data-testid="home-link">"Console"</a>" / "<span>{shell.kind.title}</span></p>
            <Nav shell items has_game/>
            {children()}
        </header>
    }
}

#[component]
fn Nav(shell: Shell, items: &'static [NavItem], has_game: Signal<bool>) -> impl IntoView {
    view! {
        <nav aria-label="Screens">
            <ul>
                {items
                    .iter()
                    .map(|item| {
                        let disabled = move || item.needs_game && !has_game.get();
                        let href = move || {
                            shell.route.with(|r| {
                                let game = if item.needs_game || r.game.is_some() { r.game.clone() } else { None };
                                crate::shell::route::Route::new(game, item.slug).hash()
                            })
                        };
                        view! {
                            <li>
                                <a
                                    class="nav"
                                    href=href
                                    data-screen=item.label
                                    aria-current=move || (shell.route.with(|r| r.screen == item.slug)).then_some("page")
                                    aria-disabled=move || disabled().then_some("true")
                                    on:click=move |ev| {
                                        ev.prevent_default();
                                        if !disabled() {
                                            shell.go(item.slug);
                                        }
                                    }
                                >
                                    {item.label}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </nav>
    }
}

/// What this browser says it will do with the games saved here
/// ([`storage::Keeping`]), in words (test id `storage-truth`); nothing
/// until the browser has answered.
#[component]
pub fn StorageTruth() -> impl IntoView {
    let keeping = RwSignal::new(None::<storage::Keeping>);
    leptos::task::spawn_local(async move { keeping.set(Some(storage::keeping().await)) });
    move || {
        keeping
            .get()
            .map(|k| view! { <span data-testid="storage-truth">{k.words()}</span> })
    }
}

/// A time (ms since the epoch) in the browser's time zone as
/// `2026-11-28 19:02`: read from the date's fields, so no locale's formats
/// are loaded (the first locale-formatted date of a page costs tens of
/// milliseconds).
pub fn local_time(ms: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// When a game was last exported, in words: `last exported 2026-11-28
/// 19:02` ([`local_time`]), or `never exported`.
pub fn last_export(exported: Option<f64>) -> String {
    match exported {
        Some(t) => format!("last exported {}", local_time(t)),
        None => "never exported".to_string(),
    }
}

/// The open game's name, where it stands, Export and when it was last
/// exported (the browser may clear what it keeps: [`StorageTruth`] says
/// so on hovering).
#[component]
pub fn GameTitle<P: Persist>(
    p: P,
    #[prop(into)] status: Signal<Option<(String, String)>>,
) -> impl IntoView {
    let shell = p.shell();
    let exported = move || {
        shell.saved_games.track();
        p.open_id(true)
            .and_then(|id| storage::exported(shell.kind, &id))
    };
    view! {
        {move || status.get().map(|(name, phase)| view! {
            <div class="game-title">
                <strong>{crate::shell::storage::shown_name(&name).into_owned()}</strong>
                <span class="muted" data-testid="phase">{phase}</span>
                <button on:click=move |_| export(p) data-testid="export">"Export"</button>
                <span class="muted" data-testid="last-export">{move || last_export(exported())}</span>
            </div>
        })}
    }
}

/// Offer of a new deployment, when one is waiting.
#[component]
pub fn UpdateBanner(
    /// Where `sw.js` is relative to this page: `"./"` or `"../"`.
    root: &'static str,
) -> impl IntoView {
    let update_ready = RwSignal::new(false);
    pwa::register(update_ready, root);
    move || {
        update_ready.get().then(|| {
            view! {
                <div class="banner update" role="status" data-testid="update">
                    <span>"A new version is available. Your games are saved."</span>
                    <button class="primary" on:click=|_| pwa::apply_update()>"Reload"</button>
                </div>
            }
        })
    }
}

/// The notice banner (errors, damaged saves to download).
#[component]
pub fn Banner(shell: Shell) -> impl IntoView {
    move || {
        shell.notice.get().map(|n| {
            let download = n.download.clone().map(|(name, raw)| {
                view! {
                    <button on:click=move |_| {
                        let _ = io::download(&name, "application/json", &raw);
                    }>"Download it"</button>
                }
            });
            let replace = n.replace.clone().map(|(id, label)| {
                view! {
                    <button class="primary" data-testid="replace" on:click=move |_| {
                        storage::delete(shell.kind, &id);
                        shell.saved_games.update(|n| *n += 1);
                        shell.notice.set(None);
                        shell.say("Replaced: the copy that was here is deleted");
                    }>{label}</button>
                    <button data-testid="keep-both" on:click=move |_| shell.notice.set(None)>"Keep both"</button>
                }
            });
            view! {
                <div class=if n.error { "banner error" } else { "banner" } role="alert" data-testid="notice">
                    <span>{n.text.clone()}</span>
                    {download}
                    {replace}
                    <button on:click=move |_| shell.notice.set(None) aria-label="Dismiss">"×"</button>
                </div>
            }
        })
    }
}

/// The short visible message and the live region that reads it out.
#[component]
pub fn Messages(shell: Shell) -> impl IntoView {
    view! {
        {move || shell.toast.get().map(|t| view! {
            <div class=if t.error { "toast error" } else { "toast" } aria-hidden="true" data-testid="toast">{t.text}</div>
        })}
        <div class="sr-only" role="status" aria-live="polite" data-testid="live">{move || shell.announce.get()}</div>
    }
}

/// Stays up while saving fails: nothing new is kept in this browser, so export.
#[component]
pub fn SaveError<P: Persist>(p: P) -> impl IntoView {
    let shell = p.shell();
    move || {
        shell.save_error.get().map(|e| {
            let used = storage::used_bytes();
            view! {
                <div class="banner error" role="alert" data-testid="save-error">
                    <span><strong>"NOT saved"</strong>{format!(": {e}. Export the game now to keep your latest changes. (This site uses {} KB of browser storage.)", used / 1024)}</span>
                    <button class="primary" on:click=move |_| export(p)>"Export now"</button>
                </div>
            }
        })
    }
}

/// Asks before something that cannot be taken back; true when confirmed.
pub fn confirm(text: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.confirm_with_message(text).ok())
        .unwrap_or(false)
}

/// A game file dropped anywhere on the page is handed to `import`.
pub fn on_file_drop(shell: Shell, import: impl Fn(web_sys::File) + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    gloo_events::EventListener::new_with_options(
        &window,
        "dragover",
        gloo_events::EventListenerOptions::enable_prevent_default(),
        |ev| ev.prevent_default(),
    )
    .forget();
    gloo_events::EventListener::new_with_options(
        &window,
        "drop",
        gloo_events::EventListenerOptions::enable_prevent_default(),
        move |ev| {
            ev.prevent_default();
            let ev: &web_sys::DragEvent = wasm_bindgen::JsCast::unchecked_ref(ev);
            if !shell.writable() {
                return;
            }
            if let Some(file) = ev
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|f| f.get(0))
            {
                import(file);
            }
        },
    )
    .forget();
}

/// Reads a picked or dropped file and hands its text to `then`; a file
/// that cannot be read is reported.
pub fn read_file(shell: Shell, file: web_sys::File, then: impl FnOnce(String) + 'static) {
    leptos::task::spawn_local(async move {
        match io::read_text(file).await {
            Ok(text) => then(text),
            Err(e) => shell.error(format!("Import failed: cannot read the file: {e}")),
        }
    });
}

/// Reads the file picked in an `<input type="file">` (its change event
/// `ev`) and hands its text to `then`, as [`read_file`] does; nothing
/// when no file is picked. The set-up screens open game files with it.
pub fn read_picked(shell: Shell, ev: &leptos::ev::Event, then: impl FnOnce(String) + 'static) {
    let file = ev
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
        .and_then(|i| i.files())
        .and_then(|f| f.get(0));
    if let Some(f) = file {
        read_file(shell, f, then);
    }
}

/// "100 of 350 lines shown: rejected first. Show 100 more": the line
/// under a paged list of `total` rows of which `shown` are on the page
/// (pages of [`PAGE`] rows), nothing when all are shown. `rows`
/// names what is listed ("lines", "moves", "posts") and `order` says what
/// comes first, so the moderator knows every unused line is before the
/// rest.
///
/// [`PAGE`]: super::html::PAGE
pub fn show_more(
    shown: RwSignal<usize>,
    total: usize,
    rows: &'static str,
    order: &'static str,
) -> impl IntoView + use<> {
    let n = shown.get().min(total);
    (n < total).then(|| {
        let next = super::html::PAGE.min(total - n);
        view! {
            <p class="more muted" data-testid="verdicts-more">{format!("{n} of {total} {rows} shown: {order}. ")}
                <button type="button" on:click=move |_| shown.update(|s| *s += super::html::PAGE)>{format!("Show {next} more")}</button>
            </p>
        }
    })
}

/// A "Copy" button for a text; says whether it worked.
#[component]
pub fn CopyButton(
    shell: Shell,
    #[prop(into)] text: Signal<String>,
    #[prop(optional)] label: &'static str,
) -> impl IntoView {
    let label = if label.is_empty() { "Copy" } else { label };
    view! {
        <button on:click=move |_| {
            let t = text.get_untracked();
            leptos::task::spawn_local(async move {
                match io::copy(t).await {
                    Ok(()) => shell.say("Copied"),
                    Err(e) => shell.warn(format!("Copy failed: {e}")),
                }
            });
        }>{label}</button>
    }
}

/// Every player's private message in one text: each under a `== Name ==`
/// header line (the form the bulk boxes read), a blank line between.
pub fn all_private(messages: &[(String, String)]) -> String {
    messages
        .iter()
        .map(|(name, text)| format!("== {name} ==\n{}\n", text.trim_end()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// "Copy all private messages" and "Download them": one text with every
/// player's message under a header ([`all_private`]), for a moderator who
/// sends a dozen a round. `file` names the download (without `.txt`).
#[component]
pub fn AllPrivate(shell: Shell, messages: Vec<(String, String)>, file: String) -> impl IntoView {
    let n = messages.len();
    let text = all_private(&messages);
    let copied = text.clone();
    view! {
        <p class="actions all-private" data-testid="all-private">
            <CopyButton shell text=Signal::stored(copied) label="Copy all private messages"/>
            <button data-testid="download-private" on:click=move |_| {
                match io::download(&format!("{file}.txt"), "text/plain", &text) {
                    Ok(()) => shell.say(format!("{n} private messages downloaded")),
                    Err(e) => shell.warn(format!("Download failed: {e}")),
                }
            }>"Download them"</button>
            <span class="muted">{format!("{n} messages, each under its player's header")}</span>
        </p>
    }
}
