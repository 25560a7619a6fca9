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

/// Offers `text` as a file download named `name`.
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
    Ok(())
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
    let base: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    format!("{base}.{kind}.json")
}

/// Milliseconds since the epoch (for "last change" labels only; never in the engine).
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}
