//! The Survival page: the shell's game page over [`Survival`] (startup,
//! storage, autosave, tabs, the frame); the screens are in `screens`.

use super::state::Survival;
use leptos::prelude::*;

/// The Survival page.
#[component]
pub fn App() -> impl IntoView {
    crate::shell::game::page::<Survival>()
}
