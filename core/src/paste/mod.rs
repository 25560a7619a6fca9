//! What forums and chats add to text a moderator pastes, for every game's
//! readers: formatting (BBCode tags, Markdown emphasis and spoilers, list
//! bullets, curly apostrophes), quotes (`[quote]...[/quote]` blocks, `> `
//! lines) that hold someone else's words, and the author lines of copied
//! Discord messages (`Ann — Today at 18:04`, `[18:05] Ann: vote Bob`, or
//! split over lines as the client copies a header: `Survival Bot` / `APP`
//! / ` — 12/01/2026 8:15 PM`).

mod discord;
mod markup;
mod quote;

pub use discord::*;
pub use markup::*;
pub use quote::*;
