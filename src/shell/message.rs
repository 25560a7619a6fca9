//! A message to or from a Web Worker that carries a long text (a paste of a
//! megabyte): a JSON head line (what is asked, the text's field
//! left out of it), a line end, then the text as it is. The text is so
//! neither escaped into JSON on the page nor unescaped in the worker: one
//! copy each way. A JSON line written by `serde_json` holds no raw line
//! end, so the first one ends the head.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// `head` as one JSON line, then `text`.
pub fn with_text<T: Serialize>(head: &T, text: &str) -> String {
    let head = serde_json::to_string(head).unwrap_or_default();
    let mut m = String::with_capacity(head.len() + 1 + text.len());
    m.push_str(&head);
    m.push('\n');
    m.push_str(text);
    m
}

/// A message written by [`with_text`]: its head read as `T`, and its text.
///
/// # Errors
/// When the message has no line end, or its first line is not `T`'s
/// JSON: the reason.
pub fn split<T: DeserializeOwned>(message: &str) -> Result<(T, &str), String> {
    let (head, text) = message
        .split_once('\n')
        .ok_or("the message has no head line")?;
    let head = serde_json::from_str(head).map_err(|e| e.to_string())?;
    Ok((head, text))
}

#[cfg(test)]
mod tests {
    use super::{split, with_text};

    #[test]
    fn the_text_comes_back_as_it_was_and_a_bad_head_is_named() {
        let text = "Ann:\n\"B1\" \\ R2\n\n{}";
        let m = with_text(&(1, "a\nb"), text);
        assert_eq!(m.lines().next(), Some("[1,\"a\\nb\"]"));
        assert_eq!(
            split::<(u32, String)>(&m),
            Ok(((1, "a\nb".to_string()), text))
        );
        assert!(split::<(u32, String)>("no line end").is_err());
        assert!(split::<(u32, String)>("{}\ntext").is_err());
    }
}
