//! The Survival circle page: the shell's game page over [`Circle`]
//! (startup, storage, autosave, tabs, the frame); the AI's turn is hooked
//! up in [`Circle`]'s `init`; the screens are in `screens`.

use super::state::Circle;
use leptos::prelude::*;

/// The Survival circle page.
#[component]
pub fn App() -> impl IntoView {
    crate::shell::game::page::<Circle>()
}
