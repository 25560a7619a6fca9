//! What the Mini-Survivor page leaves to the site's worker (letter `R`):
//! splitting the bulk box's paste into players (a pasted
//! megabyte is read there, the page stays responsive). The page sends a
//! [`BulkRequest`] as text and reads the [`SplitData`] that [`answer`]
//! writes; the reading is the engine's ([`mini_survivor::bulk`]).

use mini_survivor::bulk::{BulkRequest, SplitData};

/// Starts an answer that is an error message, not a split.
const ERROR: &str = "error: ";

/// The worker's answer to a request ([`BulkRequest::to_text`]): the
/// split ([`SplitData::to_text`]), or `error: ` and why not.
pub fn answer(request: &str) -> String {
    let split = BulkRequest::from_text(request)
        .map_err(|e| format!("the request could not be read: {e}"))
        .and_then(|r| r.split().map_err(|e| e.to_string()));
    match split {
        Ok(s) => s.to_text(),
        Err(e) => format!("{ERROR}{e}"),
    }
}

/// The split in the worker's answer.
///
/// # Errors
///
/// The worker's error message, or why its answer could not be read.
pub fn read_answer(answer: &str) -> Result<SplitData, String> {
    match answer.strip_prefix(ERROR) {
        Some(e) => Err(e.to_string()),
        None => SplitData::from_text(answer)
            .map_err(|e| format!("the worker's answer could not be read: {e}")),
    }
}
