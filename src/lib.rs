//! The moderator's console for survival games played by forum and Discord:
//! one static site, one page per game. `shell` is what every page shares
//! (storage, autosave, tabs, offline, import/export, banners, the home page);
//! `games` holds each game's page, over its rules engine. The UI never
//! applies a rule itself: it asks the engine what is legal and renders the
//! engine's results. Each binary in `src/bin/` mounts one page, so a page
//! ships only its own game's code.

pub mod games;
pub mod shell;
