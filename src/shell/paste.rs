//! A paste box that holds a long text off the page.
//!
//! Chromium takes 100 to 250 ms to put a megabyte into a `<textarea>`, and
//! as long again to lay it out, in one task: no reader can make that
//! shorter. So a paste that would make a box longer than [`HELD`] bytes is
//! taken from the clipboard event itself ([`HeldBox`]): the text goes to
//! the box's draft in the next task (copying a megabyte into the page's
//! memory is work of its own; read, counted and saved as any text), the browser
//! never puts it into the box, and the box is hidden behind "Show it"
//! until the moderator asks to see it (then the browser lays it out, as
//! asked). A paste of many lines ([`MANY_LINES`]) is put in by the page
//! in any box ([`paste_into`], [`ListBox`]): the browser's own paste of 2,000
//! lines holds the page seconds. A short paste and typing are the
//! browser's, as in any box.

use super::html::HELD;
use leptos::prelude::*;

/// `current` with the characters `start..end` (UTF-16 offsets, as a
/// textarea's selection gives them; clamped to the text) replaced by
/// `pasted`: what the browser's own paste would make of the box.
pub fn splice_utf16(current: &str, start: u32, end: u32, pasted: &str) -> String {
    let byte_at = |offset: u32| {
        let mut units = 0u32;
        for (i, c) in current.char_indices() {
            if units >= offset {
                return i;
            }
            units += c.len_utf16() as u32;
        }
        current.len()
    };
    let (a, b) = (byte_at(start.min(end)), byte_at(end.max(start)));
    let mut out = String::with_capacity(current.len() - (b - a) + pasted.len());
    out.push_str(&current[..a]);
    out.push_str(pasted);
    out.push_str(&current[b..]);
    out
}

/// Lines from which a paste is put into its box by the page rather than by
/// the browser's editing, whose cost grows with the square of the lines
/// pasted into a textarea (Chromium: 500 lines 0.4 s, 2,000 lines 5 s,
/// 20,000 lines minutes, in one task), where setting the box's value is
/// linear (2,000 lines 30 ms).
pub const MANY_LINES: usize = 100;

/// Whether `text` has [`MANY_LINES`] lines or more.
fn has_many_lines(text: &str) -> bool {
    text.bytes()
        .filter(|&b| b == b'\n')
        .take(MANY_LINES)
        .count()
        >= MANY_LINES
}

/// Puts `pasted` into the textarea `area` (whose text is `current`) as the
/// browser's paste would, replacing the selection, the caret after it;
/// returns the box's new text.
fn put(area: &web_sys::HtmlTextAreaElement, current: &str, pasted: &str) -> String {
    let end = current.encode_utf16().count() as u32;
    let start = area.selection_start().ok().flatten().unwrap_or(end);
    let stop = area.selection_end().ok().flatten().unwrap_or(end);
    let text = splice_utf16(current, start, stop, pasted);
    area.set_value(&text);
    let caret = start.min(stop) + pasted.encode_utf16().count() as u32;
    let _ = area.set_selection_range(caret, caret);
    text
}

/// For a textarea's `paste` event: a paste of [`MANY_LINES`] lines or more
/// (a sign-up list of thousands of names) is put in by the page, and the
/// box's new text returned, to be taken as an `input` event's; a shorter
/// paste is left to the browser (`None`).
fn take_many_lines(ev: &web_sys::ClipboardEvent) -> Option<String> {
    let text = ev
        .clipboard_data()
        .and_then(|d| clipboard_text(&d))
        .map(Pasted::into_string)?;
    if !has_many_lines(&text) {
        return None;
    }
    ev.prevent_default();
    let area: web_sys::HtmlTextAreaElement = event_target(ev);
    Some(put(&area, &area.value(), &text))
}

/// The `paste` handler of a textarea whose text is `text`: a paste of many
/// lines goes into it by [`take_many_lines`]. (One handler type for every
/// such box.)
pub fn paste_into(text: RwSignal<String>) -> impl Fn(web_sys::ClipboardEvent) + Copy + 'static {
    move |ev| {
        if let Some(t) = take_many_lines(&ev) {
            text.set(t);
        }
    }
}

/// The one rule for "held": a box whose limit is `limit` bytes ([`HELD`]
/// unless the box says less) and whose text is `len` bytes long holds it
/// off the page (read in full, laid out only on "Show it").
pub fn is_held(len: usize, limit: usize) -> bool {
    len > limit
}

/// A paste's text as the clipboard event gives it: still a JavaScript
/// string (UTF-16), or already copied when it is short.
enum Pasted {
    /// Not copied yet.
    Js(js_sys::JsString),
    /// Copied (a text whose length in bytes had to be known).
    Copied(String),
}

impl Pasted {
    /// Whether a box of `current` bytes holds the text once it is pasted
    /// in ([`is_held`]): a text of `n` UTF-16 units is `n` to `3n` bytes
    /// long, so only a text between those bounds is copied to be sure.
    fn is_held_with(&mut self, current: usize, limit: usize) -> bool {
        let bytes = match self {
            Pasted::Js(js) => {
                let units = js.length() as usize;
                if is_held(current + units, limit) {
                    return true;
                }
                if !is_held(current + 3 * units, limit) {
                    return false;
                }
                let text = String::from(&*js);
                let bytes = text.len();
                *self = Pasted::Copied(text);
                bytes
            }
            Pasted::Copied(text) => text.len(),
        };
        is_held(current + bytes, limit)
    }

    /// The text.
    fn into_string(self) -> String {
        match self {
            Pasted::Js(js) => String::from(js),
            Pasted::Copied(t) => t,
        }
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A clipboard event's `DataTransfer`, read with its text left a
    /// JavaScript string.
    type Transfer;
    /// `DataTransfer.getData`.
    #[wasm_bindgen(method, catch, js_name = getData)]
    fn get_data(this: &Transfer, format: &str) -> Result<js_sys::JsString, wasm_bindgen::JsValue>;
}

/// The clipboard's plain text, not yet copied into the page's memory.
fn clipboard_text(data: &web_sys::DataTransfer) -> Option<Pasted> {
    use wasm_bindgen::JsCast;
    data.unchecked_ref::<Transfer>()
        .get_data("text/plain")
        .ok()
        .map(Pasted::Js)
}

/// The held box's notice (test id `long-paste`) and its textarea, whose
/// text is `value`; every change (typing, a paste) goes to `set`. While
/// `value` is over [`HELD`] bytes and "Show it" is not ticked, the
/// textarea is empty (and hidden by the shell's stylesheet: the parent
/// element has class `long`, set by the caller), and a paste that would
/// pass [`HELD`] is caught before the browser puts it in ([`splice_utf16`]);
/// an `input` event in the held, empty box changes nothing.
/// `limit` replaces [`HELD`] for a box that holds less (a player's box
/// among a dozen). `id`, `testid`, `label` (the aria-label) and `rows`
/// are the textarea's.
#[component]
pub fn HeldBox(
    #[prop(into)] value: Signal<String>,
    #[prop(into)] set: Callback<String>,
    #[prop(optional, into)] id: Option<String>,
    #[prop(optional)] testid: &'static str,
    #[prop(optional, into)] label: Option<String>,
    #[prop(default = 6)] rows: u32,
    #[prop(default = HELD)] limit: usize,
) -> impl IntoView {
    let show = RwSignal::new(false);
    let held = move || value.with(|t| is_held(t.len(), limit)) && !show.get();
    view! {
        <label class="held" data-testid="long-paste">
            <input type="checkbox" prop:checked=show on:change=move |ev| show.set(event_target_checked(&ev))/>
            " The box holds a long paste: it is read in full, but not shown, which would hold the page for seconds. Show it"
        </label>
        <textarea id=id rows=rows spellcheck="false" aria-label=label data-testid=testid
            prop:value=move || if held() { String::new() } else { value.get() }
            on:input=move |ev| {
                // A held box is empty and hidden: an input event there (a
                // script's, or a key pressed as it was hidden) is not the
                // moderator's text and must not replace the one held.
                if !value.with_untracked(|t| is_held(t.len(), limit)) || show.get_untracked() {
                    set.run(event_target_value(&ev));
                }
            }
            on:paste=move |ev| {
                if show.get_untracked() {
                    return;
                }
                let Some(mut pasted) = ev.clipboard_data().and_then(|d| clipboard_text(&d)) else {
                    return;
                };
                let area: web_sys::HtmlTextAreaElement = event_target(&ev);
                let current = area.value();
                if !pasted.is_held_with(current.len(), limit) {
                    // Not held; many lines are still put in by the page.
                    let text = pasted.into_string();
                    if has_many_lines(&text) {
                        ev.prevent_default();
                        set.run(put(&area, &current, &text));
                    }
                    return;
                }
                ev.prevent_default();
                let end = current.encode_utf16().count() as u32;
                let start = area.selection_start().ok().flatten().unwrap_or(end);
                let stop = area.selection_end().ok().flatten().unwrap_or(end);
                // The megabyte copied into the page's memory, and all it
                // changes, in a task of its own, the next one
                // (with the browser's own work on the clipboard, the paste
                // event's task would reach 50-70 ms at 1 MB). A click or key
                // comes in a later task, so it sees the paste.
                gloo_timers::callback::Timeout::new(0, move || {
                    let pasted = pasted.into_string();
                    set.try_run(splice_utf16(&current, start, stop, &pasted));
                })
                .forget();
            }
        ></textarea>
    }
}

/// A wide form field for a list pasted whole (a sign-up list): its label,
/// then a [`HeldBox`] (id and test id `testid`) whose text is `value`,
/// every change going to `set`. A list of more than [`HELD`] bytes (a
/// pasted thread, thousands of names) is read but not laid out; a paste
/// of many lines is put in by the page ([`MANY_LINES`]).
#[component]
pub fn ListBox(
    label: &'static str,
    testid: &'static str,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] set: Callback<String>,
    #[prop(default = 10)] rows: u32,
) -> impl IntoView {
    view! {
        <div class="wide field" class:long=move || value.with(|t| is_held(t.len(), HELD))>
            <label for=testid>{label}</label>
            <HeldBox value set id=testid testid rows/>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::{MANY_LINES, has_many_lines, splice_utf16};

    #[test]
    fn many_lines_are_counted_by_line_breaks() {
        assert!(!has_many_lines(&"a\n".repeat(MANY_LINES - 1)));
        assert!(has_many_lines(&"a\n".repeat(MANY_LINES)));
        assert!(!has_many_lines(&"x".repeat(100_000)));
    }

    #[test]
    fn a_paste_replaces_the_selection_counted_in_utf16() {
        assert_eq!(splice_utf16("", 0, 0, "Ann:\n1 v 2"), "Ann:\n1 v 2");
        assert_eq!(splice_utf16("ab", 2, 2, "X"), "abX");
        assert_eq!(splice_utf16("ab", 0, 1, "X"), "Xb");
        // "é" is one UTF-16 unit (two bytes), "😀" two units (four bytes).
        assert_eq!(splice_utf16("é😀z", 3, 3, "X"), "é😀Xz");
        assert_eq!(splice_utf16("é😀z", 1, 3, ""), "éz");
        // Offsets past the end, or reversed, are clamped and ordered.
        assert_eq!(splice_utf16("ab", 9, 9, "X"), "abX");
        assert_eq!(splice_utf16("abc", 2, 1, "X"), "aXc");
    }
}
