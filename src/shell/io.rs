//! Browser I/O that is not storage: clipboard, file download, file reading.
//! Thin wrappers over web-sys and gloo-file.

use wasm_bindgen::JsCast;

/// Copies text to the clipboard (asynchronously; errors are returned as text).
pub async fn copy(text: String) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let promise = window.navigator().clipboard().write_text(&text);
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|e| format!("{e:?}"))
}

/// How long a download's object URL is kept (ms): the browser fetches the
/// blob after the click's task, so a URL revoked at once could lose it.
const KEEP_URL_MS: u32 = 60_000;

/// The time between two files of [`download_each`] (ms): Chromium drops
/// downloads started in one burst (9 of a dozen arrived).
const EACH_MS: u32 = 250;

/// Offers `text` as a file download named `name`.
///
/// # Errors
///
/// No document to click a link in.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let blob = gloo_file::Blob::new_with_options(text, Some(mime));
    let url = gloo_file::ObjectUrl::from(blob);
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| format!("{e:?}"))?
        .unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    gloo_timers::callback::Timeout::new(KEEP_URL_MS, move || drop(url)).forget();
    Ok(())
}

/// Offers each of `files` (name, text) as a download, one every
/// [`EACH_MS`], in order; `done` is told the first error, or `Ok(n)` once
/// all `n` were offered.
pub fn download_each(
    files: Vec<(String, String)>,
    mime: &'static str,
    done: impl FnOnce(Result<usize, String>) + 'static,
) {
    fn next(
        mut files: std::collections::VecDeque<(String, String)>,
        n: usize,
        mime: &'static str,
        done: Box<dyn FnOnce(Result<usize, String>)>,
    ) {
        let Some((name, text)) = files.pop_front() else {
            return done(Ok(n));
        };
        if let Err(e) = download(&name, mime, &text) {
            return done(Err(e));
        }
        gloo_timers::callback::Timeout::new(EACH_MS, move || next(files, n, mime, done)).forget();
    }
    let n = files.len();
    next(files.into(), n, mime, Box::new(done));
}

/// Reads a picked or dropped file as text.
pub async fn read_text(file: web_sys::File) -> Result<String, String> {
    gloo_file::futures::read_as_text(&gloo_file::File::from(file))
        .await
        .map_err(|e| e.to_string())
}

/// A random 64-bit seed from the browser's generator (when the moderator gives none).
pub fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the browser has a random generator");
    u64::from_le_bytes(b)
}

/// A random 256-bit salt for a deal commitment.
pub fn random_salt() -> console_core::Salt {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("the browser has a random generator");
    console_core::Salt(b)
}

/// A new id for a saved game (16 hex digits).
pub fn new_id() -> String {
    format!("{:016x}", random_seed())
}

/// A file name made of a game's name: `Spring game` -> `Spring-game.survival.json`.
pub fn file_name(name: &str, kind: &str) -> String {
    // (Cut: a file name of a thousand characters is refused by systems.)
    let base: String = name
        .chars()
        .take(60)
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    format!("{base}.{kind}.json")
}

/// Milliseconds since the epoch (for "last change" labels only; never in the engine).
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}
