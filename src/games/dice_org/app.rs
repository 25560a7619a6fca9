//! The Dice ORG page: the shell's game page over [`DiceOrg`] (startup,
//! storage, autosave, tabs, the frame); the screens are in `screens`.

use super::state::DiceOrg;
use leptos::prelude::*;

/// The Dice ORG page.
#[component]
pub fn App() -> impl IntoView {
    crate::shell::game::page::<DiceOrg>()
}
